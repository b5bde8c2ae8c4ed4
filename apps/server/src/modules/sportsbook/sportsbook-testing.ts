import crypto from 'node:crypto';
import type { FeedMessage } from '@tala/contracts/odds-feed';
import type { FastifyInstance } from 'fastify';
import type { SportsbookService } from './sportsbook.service.ts';

/* Fixtures of the sportsbook's tests: feed messages as the odds feed sends them (packages/contracts/src/odds-feed.ts). */

let sequence = 1_000;
export const nextSequence = () => ++sequence;

export type TestMarket = {
  id: string;
  specifiers?: string;
  status?: 'active' | 'suspended' | 'deactivated';
  outcomes: Record<string, number | null>;
};

export const matchMarkets: TestMarket[] = [
  { id: '1x2', outcomes: { home: 2_000, draw: 3_400, away: 3_800 } },
  { id: 'asian_handicap', specifiers: 'hcp=0.25', outcomes: { home: 1_950, away: 1_900 } },
  { id: 'total', specifiers: 'total=2.5', outcomes: { over: 1_900, under: 1_950 } },
];

type Competitor = { id: string; name: string; abbreviation: string };

/** The field of the test outrights: four clubs of the Philippines Football League. */
export const outrightField: Competitor[] = [
  { id: 'sr:competitor:1', name: 'Kaya', abbreviation: 'KAY' },
  { id: 'sr:competitor:2', name: 'Stallion', abbreviation: 'STA' },
  { id: 'sr:competitor:3', name: 'Dynamic Herb Cebu', abbreviation: 'DHC' },
  { id: 'sr:competitor:4', name: 'Manila Digger', abbreviation: 'MDG' },
];

export function fixtureChange(
  eventId: string,
  options: {
    sport?: string;
    status?: string;
    startTime?: number;
    change?: string;
    kind?: 'match' | 'outright';
    competitors?: Competitor[];
  } = {},
): FeedMessage {
  return {
    type: 'fixture_change',
    producer: 'prematch',
    sequence: nextSequence(),
    timestamp: Date.now(),
    event_id: eventId,
    change: (options.change ?? 'new') as 'new',
    fixture: {
      id: eventId,
      kind: options.kind ?? 'match',
      sport: (options.sport ?? 'football') as 'football',
      category: 'Philippines',
      tournament: { id: 'sr:tournament:pfl', name: 'Philippines Football League' },
      competitors: options.competitors ?? outrightField.slice(0, 2),
      start_time: options.startTime ?? Date.now() + 3_600_000,
      status: (options.status ?? 'not_started') as 'not_started',
      live_odds: options.kind !== 'outright',
    },
  };
}

export function oddsChange(
  eventId: string,
  markets: TestMarket[],
  bettingStatus: 'open' | 'suspended' = 'open',
): FeedMessage {
  return {
    type: 'odds_change',
    producer: 'prematch',
    sequence: nextSequence(),
    timestamp: Date.now(),
    event_id: eventId,
    betting_status: bettingStatus,
    markets: markets.map((m) => ({
      id: m.id,
      specifiers: m.specifiers ?? '',
      name: m.id,
      status: m.status ?? 'active',
      outcomes: Object.entries(m.outcomes).map(([id, odds]) => ({
        id,
        name: id,
        ...(odds === null ? {} : { odds }),
        active: odds !== null,
      })),
    })),
  };
}

/** A bet stop of the feed: every market of the event (`'all'`) or the types named. */
export function betStop(
  eventId: string,
  options: { markets?: 'all' | string[]; reason?: string; producer?: 'live' | 'prematch' } = {},
): FeedMessage {
  return {
    type: 'bet_stop',
    producer: options.producer ?? 'live',
    sequence: nextSequence(),
    timestamp: Date.now(),
    event_id: eventId,
    markets: (options.markets ?? 'all') as 'all',
    reason: options.reason ?? 'goal',
  };
}

export type SettledOutcome = {
  result: 'win' | 'lose';
  void_factor?: 0 | 0.5 | 1;
  dead_heat_factor?: number;
};

export function betSettlement(
  eventId: string,
  markets: { id: string; specifiers?: string; outcomes: Record<string, SettledOutcome> }[],
): FeedMessage {
  return {
    type: 'bet_settlement',
    producer: 'live',
    sequence: nextSequence(),
    timestamp: Date.now(),
    event_id: eventId,
    certainty: 'confirmed',
    markets: markets.map((m) => ({
      id: m.id,
      specifiers: m.specifiers ?? '',
      outcomes: Object.entries(m.outcomes).map(([id, o]) => ({ id, ...o })),
    })),
  };
}

/** A 1x2 result: the winning outcome wins, the others lose. */
export const oneXTwo = (winner: 'home' | 'draw' | 'away') => ({
  id: '1x2',
  outcomes: Object.fromEntries(
    (['home', 'draw', 'away'] as const).map((o) => [
      o,
      { result: o === winner ? 'win' : 'lose' } as SettledOutcome,
    ]),
  ),
});

/**
 * An outright's settlement as the feed sends it: one result per competitor of the field, the winners winning, at
 * 1/n each when n share first place (a dead heat).
 */
export const outrightWinners = (winners: string[], field: Competitor[] = outrightField) => ({
  id: 'outright',
  outcomes: Object.fromEntries(
    field.map((c) => [
      c.id,
      (winners.includes(c.id)
        ? { result: 'win', ...(winners.length > 1 ? { dead_heat_factor: 1 / winners.length } : {}) }
        : { result: 'lose' }) as SettledOutcome,
    ]),
  ),
});

export const marketRefs = (markets: { id: string; specifiers?: string }[]) =>
  markets.map((m) => ({ id: m.id, specifiers: m.specifiers ?? '' }));

/** A new football match (or of `sport`) with the test markets, priced; answers its id and its markets by type. */
export async function testEvent(
  sportsbook: SportsbookService,
  options: { sport?: string; status?: string; startTime?: number; markets?: TestMarket[] } = {},
) {
  const eventId = `sr:match:t${crypto.randomBytes(5).toString('hex')}`;
  const f = await sportsbook.applyFeedMessage(fixtureChange(eventId, options));
  if (!f.applied) throw new Error(`fixture not applied: ${f.reason}`);
  const o = await sportsbook.applyFeedMessage(oddsChange(eventId, options.markets ?? matchMarkets));
  if (!o.applied) throw new Error(`odds not applied: ${o.reason}`);
  const { markets } = await sportsbook.event(eventId);
  const byType = (type: string, specifiers = '') => {
    const market = markets.find((m) => m.type === type && m.specifiers === specifiers);
    if (!market) throw new Error(`no market ${type} ${specifiers}`);
    return market.id;
  };
  return { eventId, byType, oneXTwo: markets.find((m) => m.type === '1x2')?.id ?? 0 };
}

/**
 * A new outright (the league's winner, of `field`, prices in thousandths in the field's order), priced; answers its
 * id and its market's id.
 */
export async function testOutright(
  sportsbook: SportsbookService,
  options: { prices?: number[]; field?: Competitor[]; startTime?: number } = {},
) {
  const field = options.field ?? outrightField;
  const prices = options.prices ?? [2_500, 3_000, 6_000, 9_000];
  const eventId = `sr:season:t${crypto.randomBytes(5).toString('hex')}`;
  const f = await sportsbook.applyFeedMessage(
    fixtureChange(eventId, {
      kind: 'outright',
      competitors: field,
      startTime: options.startTime ?? Date.now() + 30 * 86_400_000,
    }),
  );
  if (!f.applied) throw new Error(`outright not applied: ${f.reason}`);
  const market = {
    id: 'outright',
    outcomes: Object.fromEntries(field.map((c, i) => [c.id, prices[i] ?? 5_000])),
  };
  const o = await sportsbook.applyFeedMessage(oddsChange(eventId, [market]));
  if (!o.applied) throw new Error(`odds not applied: ${o.reason}`);
  const { markets } = await sportsbook.event(eventId);
  const marketId = markets.find((m) => m.type === 'outright')?.id;
  if (marketId === undefined) throw new Error('no outright market');
  return { eventId, marketId, field };
}

/**
 * Bets of 1,000 over HTTP, as a member places them, on the first priced market of each of these events, at the price
 * shown; the ids of the bets taken.
 */
export async function betOnPricedEvents(
  app: FastifyInstance,
  sportsbook: SportsbookService,
  token: string,
  eventIds: readonly string[],
  requestPrefix: string,
) {
  const placed: number[] = [];
  for (const eventId of eventIds) {
    const { markets } = await sportsbook.event(eventId);
    const market = markets.find((m) => m.status === 'active' && m.outcomes.some((o) => o.active && o.price));
    const outcome = market?.outcomes.find((o) => o.active && o.price);
    if (!market || !outcome?.price) continue;
    const body = await app
      .inject({
        method: 'POST',
        url: '/wps/sports/bets',
        headers: { merchant: 'tala', authorization: token },
        payload: {
          requestId: `${requestPrefix}-${placed.length}-${Date.now()}`,
          selections: [{ marketId: market.id, outcome: outcome.id, price: outcome.price }],
          stake: 1_000,
          oddsPreference: 'any',
        },
      })
      .then((r) => r.json());
    if (body.success) placed.push(body.value.bet.id);
  }
  return placed;
}
