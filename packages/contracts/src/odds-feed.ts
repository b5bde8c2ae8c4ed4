import { z } from 'zod';

/**
 * The odds feed's contract (docs/odds-feed.md): what a sports data provider pushes to us over its WebSocket and
 * answers over HTTP. Modelled on Sportradar's Unified Odds Feed (UOF) message set, in JSON and with UOF's
 * snake_case names. Every pushed message carries the producer that made it, a sequence number that grows by one per
 * message across the whole feed (so a consumer sees a gap), and the feed's clock in Unix milliseconds.
 * Odds are decimal odds in thousandths (1.950 → 1950), like every price in the sportsbook.
 */

export const feedProducers = ['prematch', 'live'] as const;
export const feedProducer = z.enum(feedProducers);
export type FeedProducer = z.infer<typeof feedProducer>;

export const feedSports = [
  'football',
  'basketball',
  'tennis',
  'ice_hockey',
  'volleyball',
  'badminton',
  'table_tennis',
  'baseball',
  'mobile_legends',
  'dota2',
  'counter_strike',
  'league_of_legends',
  'valorant',
] as const;
export const feedSport = z.enum(feedSports);
export type FeedSport = z.infer<typeof feedSport>;
export const esportsSports: readonly FeedSport[] = [
  'mobile_legends',
  'dota2',
  'counter_strike',
  'league_of_legends',
  'valorant',
];

const urn = z.string().regex(/^[a-z]+:[a-z_]+:[A-Za-z0-9_-]+$/);
const timestamp = z.number().int().nonnegative();
/** Decimal odds in thousandths, 1.001 to 1000.000. */
export const feedOdds = z.number().int().min(1_001).max(1_000_000);

export const fixtureStatuses = [
  'not_started',
  'live',
  'ended',
  'closed',
  'postponed',
  'cancelled',
  'abandoned',
] as const;
export const fixtureStatus = z.enum(fixtureStatuses);
export type FixtureStatus = z.infer<typeof fixtureStatus>;

export const feedCompetitor = z.object({ id: urn, name: z.string().min(1), abbreviation: z.string() });
export const feedFixture = z.object({
  id: urn,
  kind: z.enum(['match', 'outright']),
  sport: feedSport,
  category: z.string(),
  tournament: z.object({ id: urn, name: z.string() }),
  /** Home first, away second; an outright lists its field. */
  competitors: z.array(feedCompetitor),
  start_time: timestamp,
  status: fixtureStatus,
  /** Whether the live producer covers it once it starts. */
  live_odds: z.boolean(),
  /** Best of N sets or maps where the sport has them. */
  best_of: z.number().int().positive().optional(),
});
export type FeedFixture = z.infer<typeof feedFixture>;

export const marketStatuses = ['active', 'suspended', 'deactivated'] as const;
export const feedOutcome = z.object({
  id: z.string().min(1),
  name: z.string(),
  /** Absent while the outcome is not offered (e.g. a correct score already passed). */
  odds: feedOdds.optional(),
  active: z.boolean(),
});
export const feedMarket = z.object({
  /** The market type: 1x2, asian_handicap, total, odd_even, btts, correct_score, winner, handicap, ... */
  id: z.string().min(1),
  /** UOF's specifier string, `name=value` pairs joined by `|`: `hcp=-0.75`, `total=2.5`, `mapnr=2`; '' if none. */
  specifiers: z.string(),
  name: z.string(),
  status: z.enum(marketStatuses),
  outcomes: z.array(feedOutcome).min(1),
});
export type FeedMarket = z.infer<typeof feedMarket>;
/** A market's identity within an event: its type and specifiers. */
export const marketKey = (market: { id: string; specifiers: string }) =>
  market.specifiers ? `${market.id}|${market.specifiers}` : market.id;

export const periodScore = z.object({
  number: z.number().int().positive(),
  /** half, quarter, period, set, map, inning, overtime, penalties */
  type: z.string(),
  home: z.number().int().nonnegative(),
  away: z.number().int().nonnegative(),
});
export const matchState = z.object({
  status: fixtureStatus,
  /** The period in play (1-based), 0 before the start; with a pause between periods, the one just ended. */
  period: z.number().int().nonnegative(),
  period_name: z.string(),
  /** Match clock in seconds where the sport has one (football counts up, basketball and hockey count down). */
  clock: z.object({ seconds: z.number().int().nonnegative(), running: z.boolean() }).optional(),
  home_score: z.number().int().nonnegative(),
  away_score: z.number().int().nonnegative(),
  period_scores: z.array(periodScore),
});
export type FeedMatchState = z.infer<typeof matchState>;

const base = {
  producer: feedProducer,
  sequence: z.number().int().positive(),
  timestamp,
};
const marketRef = z.object({ id: z.string().min(1), specifiers: z.string() });

export const aliveMessage = z.object({
  type: z.literal('alive'),
  ...base,
  /** false: the producer restarted or lost data since the consumer's last message; recover before trusting odds. */
  subscribed: z.boolean(),
});
export const fixtureChangeMessage = z.object({
  type: z.literal('fixture_change'),
  ...base,
  event_id: urn,
  change: z.enum(['new', 'start_time', 'postponed', 'cancelled', 'abandoned', 'coverage']),
  fixture: feedFixture,
});
export const oddsChangeMessage = z.object({
  type: z.literal('odds_change'),
  ...base,
  event_id: urn,
  /** The whole event: 'open' or 'suspended' (then every market is suspended until the next odds_change). */
  betting_status: z.enum(['open', 'suspended']),
  betstop_reason: z.string().optional(),
  markets: z.array(feedMarket),
});
export const betStopMessage = z.object({
  type: z.literal('bet_stop'),
  ...base,
  event_id: urn,
  /** 'all', or the market types (ids) stopped; odds_change brings them back. */
  markets: z.union([z.literal('all'), z.array(z.string().min(1)).min(1)]),
  reason: z.string(),
});
export const settledOutcome = z.object({
  id: z.string().min(1),
  result: z.enum(['win', 'lose']),
  /** Share of the stake refunded: 1 void (push), 0.5 half (Asian quarter lines); absent = 0. */
  void_factor: z.union([z.literal(0), z.literal(0.5), z.literal(1)]).optional(),
  /** Share of a win paid at the odds when winners tie (e.g. 0.5 for two); absent = 1. */
  dead_heat_factor: z.number().gt(0).max(1).optional(),
});
export const betSettlementMessage = z.object({
  type: z.literal('bet_settlement'),
  ...base,
  event_id: urn,
  /** 'live_scouted' from the venue, 'confirmed' after official results (UOF certainty 1 and 2). */
  certainty: z.enum(['live_scouted', 'confirmed']),
  markets: z.array(
    marketRef.extend({ void_reason: z.string().optional(), outcomes: z.array(settledOutcome).min(1) }),
  ),
});
export const rollbackBetSettlementMessage = z.object({
  type: z.literal('rollback_bet_settlement'),
  ...base,
  event_id: urn,
  markets: z.array(marketRef).min(1),
});
export const betCancelMessage = z.object({
  type: z.literal('bet_cancel'),
  ...base,
  event_id: urn,
  /** When both are absent every bet on the markets is cancelled; otherwise only bets placed in [start, end). */
  start_time: timestamp.optional(),
  end_time: timestamp.optional(),
  reason: z.string(),
  markets: z.array(marketRef).min(1),
});
export const rollbackBetCancelMessage = z.object({
  type: z.literal('rollback_bet_cancel'),
  ...base,
  event_id: urn,
  start_time: timestamp.optional(),
  end_time: timestamp.optional(),
  markets: z.array(marketRef).min(1),
});
export const scoreMessage = z.object({
  type: z.literal('score'),
  ...base,
  event_id: urn,
  state: matchState,
  /** What just happened: kickoff, goal, point, game, set, map, period_start, period_end, ended. */
  event: z.string().optional(),
  side: z.enum(['home', 'away']).optional(),
});

export const feedMessage = z.discriminatedUnion('type', [
  aliveMessage,
  fixtureChangeMessage,
  oddsChangeMessage,
  betStopMessage,
  betSettlementMessage,
  rollbackBetSettlementMessage,
  betCancelMessage,
  rollbackBetCancelMessage,
  scoreMessage,
]);
export type FeedMessage = z.infer<typeof feedMessage>;
export type FeedMessageType = FeedMessage['type'];
export type FeedMessageOf<T extends FeedMessageType> = Extract<FeedMessage, { type: T }>;
/** A message before the feed numbers it. */
export type UnsequencedFeedMessage = FeedMessage extends infer M
  ? M extends FeedMessage
    ? Omit<M, 'sequence'>
    : never
  : never;

/** GET /v1/messages?after=N (or ?since=ms): what the feed published after a sequence number, oldest first. */
export const recoveryResponse = z.object({
  messages: z.array(z.unknown()),
  /** The feed's newest sequence number when answering. */
  last_sequence: z.number().int().nonnegative(),
  /** false: more follow; ask again after the last message's sequence. */
  complete: z.boolean(),
});
/** 410 from /v1/messages: the feed no longer keeps messages that old; load /v1/snapshot instead. */
export const recoveryGone = z.object({
  error: z.literal('recovery_too_old'),
  oldest_sequence: z.number().int().nonnegative(),
});

export const fixtureDetail = z.object({
  fixture: feedFixture,
  state: matchState,
  betting_status: z.enum(['open', 'suspended']),
  markets: z.array(feedMarket),
});
export type FeedFixtureDetail = z.infer<typeof fixtureDetail>;
/** GET /v1/snapshot: every fixture the feed offers, with its state and markets, as of `sequence`. */
export const snapshotResponse = z.object({
  sequence: z.number().int().nonnegative(),
  fixtures: z.array(fixtureDetail),
});
export const fixturesResponse = z.object({ fixtures: z.array(feedFixture) });
export const producersResponse = z.object({
  clock: timestamp,
  speed: z.number().positive(),
  last_sequence: z.number().int().nonnegative(),
  producers: z.array(z.object({ producer: feedProducer, up: z.boolean(), last_alive: timestamp })),
});
