import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';

/**
 * The in-house sportsbook's player calls, under /wps/sports/* (docs/decisions/058-sportsbook.md). Events and markets
 * come from the odds feed (./odds-feed.ts) and are the same for every merchant; bets are the member's. Prices are
 * decimal odds in thousandths (1.950 → 1950) and are shown in the member's odds format as `display`; amounts are
 * integer minor units. The rules are @tala/sports's (docs/sports-settlement.md).
 */

export const sportsOddsFormats = ['decimal', 'hongkong', 'malay', 'indonesian'] as const;
export const sportsOddsFormat = z.enum(sportsOddsFormats);
export const sportsOddsPreferences = ['none', 'higher', 'any'] as const;
export const sportsOddsPreference = z.enum(sportsOddsPreferences);

/** Which events a list shows: starting today (merchant's time zone), later ('early') or being played ('inplay'). */
export const sportsSections = ['today', 'early', 'inplay'] as const;

export const sportsEventId = z.string().regex(/^[a-z]+:[a-z_]+:[A-Za-z0-9_-]+$/, 'eventId');

export const sportsListQuery = z.object({
  /** SPORTS or ESPORTS: esports are the sports of the sportsbook's configured esports list. */
  product: z.enum(['SPORTS', 'ESPORTS']).default('SPORTS'),
  sport: z
    .string()
    .regex(/^[a-z_]{2,40}$/, 'sport')
    .optional(),
  league: z.string().max(100).optional(),
  section: z.enum(sportsSections).optional(),
});
export type SportsListQuery = z.infer<typeof sportsListQuery>;

export const sportsSport = z.object({
  sport: z.string(),
  events: z.number().int(),
  inPlay: z.number().int(),
});
export const sportsSportsResponse = envelope(z.object({ list: z.array(sportsSport) }));

export const sportsLeague = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.string(),
  category: z.string(),
  events: z.number().int(),
});
export const sportsLeaguesResponse = envelope(z.object({ list: z.array(sportsLeague) }));

export const sportsOutcome = z.object({
  id: z.string(),
  name: z.string(),
  /** Decimal thousandths; null while not offered. */
  price: z.number().int().nullable(),
  /** The price in the member's odds format (two decimals). */
  display: z.string().nullable(),
  active: z.boolean(),
});
export const sportsMarket = z.object({
  id: z.number().int(),
  type: z.string(),
  specifiers: z.string(),
  name: z.string(),
  status: z.enum(['active', 'suspended', 'deactivated', 'settled', 'cancelled']),
  priceVersion: z.number().int(),
  outcomes: z.array(sportsOutcome),
});
export type SportsMarket = z.infer<typeof sportsMarket>;

export const sportsEvent = z.object({
  id: z.string(),
  kind: z.enum(['match', 'outright']),
  sport: z.string(),
  product: z.enum(['SPORTS', 'ESPORTS']),
  category: z.string(),
  league: z.object({ id: z.string(), name: z.string() }),
  competitors: z.array(z.object({ id: z.string(), name: z.string(), abbreviation: z.string() })),
  startTime: z.string(),
  status: z.string(),
  bettingStatus: z.enum(['open', 'suspended']),
  inPlay: z.boolean(),
  score: z.object({ home: z.number().int(), away: z.number().int() }),
  /** The feed's match state (period, clock, period scores) once the event has started. */
  state: z.unknown().nullable(),
  /** How many markets take bets now. */
  openMarkets: z.number().int(),
});
export type SportsEvent = z.infer<typeof sportsEvent>;
/** An event of a list, with the market its row shows (null while it has none on offer). */
export const sportsListedEvent = sportsEvent.extend({ mainMarket: sportsMarket.nullable() });
export type SportsListedEvent = z.infer<typeof sportsListedEvent>;
export const sportsEventsResponse = envelope(z.object({ list: z.array(sportsListedEvent) }));
export const sportsEventParams = z.object({ eventId: sportsEventId });
export const sportsEventQuery = z.object({ oddsFormat: sportsOddsFormat.optional() });
export const sportsEventResponse = envelope(
  z.object({ event: sportsEvent, markets: z.array(sportsMarket), oddsFormat: sportsOddsFormat }),
);

/** An amount from the slip: minor units as a whole number (a fraction of a minor unit is refused, not rounded). */
export const sportsAmount = z.union([z.number(), z.string().max(32)]);

export const sportsSelection = z.object({
  marketId: z.number().int().positive(),
  outcome: z.string().min(1).max(100),
  /** The price the member saw (decimal thousandths): the odds-change preference is judged against it. */
  price: z.number().int().min(1_001).max(1_000_000),
});

export const sportsPlaceBody = z.object({
  /** A key the client makes per bet, so that a retried request answers the bet already placed. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId'),
  /** One selection is a single; two or more a parlay. */
  selections: z.array(sportsSelection).min(1).max(20),
  stake: sportsAmount,
  /** This bet's answer to changed odds; the member's stored preference when absent. */
  oddsPreference: sportsOddsPreference.optional(),
});
export type SportsPlaceBody = z.infer<typeof sportsPlaceBody>;

export const sportsBetStatuses = [
  'pending',
  'refused',
  'open',
  'won',
  'lost',
  'void',
  'half_won',
  'half_lost',
  'dead_heat',
  'partial',
  'cashed_out',
] as const;

export const sportsBetLeg = z.object({
  eventId: z.string(),
  eventName: z.string(),
  sport: z.string(),
  league: z.string(),
  /** The event's sides, home first (the site names a handicap's outcome by its team). */
  competitors: z.array(z.object({ name: z.string() })),
  marketId: z.number().int(),
  /** The feed's market type and specifiers, from which the site names the market in the member's language. */
  marketType: z.string(),
  specifiers: z.string(),
  /** The feed's names (English), shown for a market type the site does not name itself. */
  marketName: z.string(),
  outcome: z.string(),
  outcomeName: z.string(),
  seenPrice: z.number().int(),
  price: z.number().int(),
  display: z.string(),
  /** won, lost, void, half_won, half_lost, dead_heat or partial; null while open. */
  result: z.string().nullable(),
  cancelled: z.boolean(),
});
export const sportsBet = z.object({
  id: z.number().int(),
  kind: z.enum(['single', 'parlay']),
  product: z.enum(['SPORTS', 'ESPORTS']),
  stake: z.number().int(),
  potentialReturn: z.number().int(),
  /** What the bet returned (stake included): 0 while open, the cash-out value when cashed out. */
  returned: z.number().int(),
  status: z.enum(sportsBetStatuses),
  /** Why an in-play bet was refused when its delay ended. */
  refusalCode: z.string().nullable(),
  oddsPreference: sportsOddsPreference,
  /** When a pending in-play bet is decided. */
  acceptAt: z.string().nullable(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
  legs: z.array(sportsBetLeg),
});
export type SportsBet = z.infer<typeof sportsBet>;
export const sportsPlaceResponse = envelope(
  z.object({ bet: sportsBet, balance: z.number().int(), replayed: z.boolean() }),
);

export const sportsMyBetsQuery = pageQuery.extend({ state: z.enum(['open', 'settled']).default('open') });
export const sportsMyBetsResponse = envelope(pageOf(sportsBet));
export const sportsBetParams = z.object({ betId: z.coerce.number().int().positive() });
export const sportsBetResponse = envelope(z.object({ bet: sportsBet }));

export const sportsCashOutQuoteResponse = envelope(
  z.object({ value: z.number().int(), price: z.number().int() }),
);
export const sportsCashOutBody = z.object({
  /** The value the member was shown: the cash-out goes through at the value now unless that is lower. */
  value: z.number().int().positive(),
});
export const sportsCashOutResponse = envelope(
  z.object({ bet: sportsBet, value: z.number().int(), balance: z.number().int() }),
);

export const sportsPreferences = z.object({
  oddsFormat: sportsOddsFormat,
  oddsPreference: sportsOddsPreference,
});
export const sportsPreferencesBody = sportsPreferences.partial();
export const sportsPreferencesResponse = envelope(sportsPreferences);
