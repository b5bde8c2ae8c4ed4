import { isPrice } from './odds-format.ts';
import { accept, type Checked, refuse } from './reasons.ts';

/**
 * The sportsbook's market model (issue 15 item 2), shaped after the industry's common odds feed (Sportradar's
 * Unified Odds Feed): a market is a market type plus specifiers (`hcp=-0.75`, `total=2.5`, `map=2`, `score=1:0`),
 * each with outcomes that carry a price and are settled one by one. The feed adapter maps a real feed's numeric
 * market and outcome ids onto the names below, so these rules never depend on one provider's numbering.
 */
export const marketTypeIds = [
  '1x2',
  'asian_handicap',
  'over_under',
  'odd_even',
  'btts',
  'correct_score',
  'outright',
  'match_winner',
  'map_handicap',
  'map_total',
] as const;
export type MarketTypeId = (typeof marketTypeIds)[number];

type SpecifierKind = 'handicap' | 'total' | 'positive' | 'score';

export type MarketType = {
  /** Specifiers every market of the type has (the line), with what their value must be. */
  readonly required: Readonly<Record<string, SpecifierKind>>;
  /** Specifiers a market may have: a period (`map=2`), the score when an in-play market opened, places paid. */
  readonly optional: Readonly<Record<string, SpecifierKind>>;
  /** Its fixed outcomes, or how its outcomes are named: a score `h:a`, or any competitor id of an outright. */
  readonly outcomes: readonly string[] | 'score' | 'competitor';
};

/**
 * The market types. Handicaps are given from the home side's view, as the feed does (`hcp=-0.75`: home gives
 * three quarters of a goal, away receives it). Esports markets count maps, and a `map=N` specifier turns a match
 * market into one on map N (the caller then settles it on that map's score).
 */
export const marketTypes: Readonly<Record<MarketTypeId, MarketType>> = {
  '1x2': { required: {}, optional: { score: 'score' }, outcomes: ['home', 'draw', 'away'] },
  asian_handicap: { required: { hcp: 'handicap' }, optional: { score: 'score' }, outcomes: ['home', 'away'] },
  over_under: { required: { total: 'total' }, optional: {}, outcomes: ['over', 'under'] },
  odd_even: { required: {}, optional: {}, outcomes: ['odd', 'even'] },
  btts: { required: {}, optional: {}, outcomes: ['yes', 'no'] },
  correct_score: { required: {}, optional: {}, outcomes: 'score' },
  outright: { required: {}, optional: { places: 'positive' }, outcomes: 'competitor' },
  match_winner: { required: {}, optional: { map: 'positive' }, outcomes: ['home', 'away'] },
  map_handicap: { required: { hcp: 'handicap' }, optional: {}, outcomes: ['home', 'away'] },
  map_total: { required: { total: 'total' }, optional: {}, outcomes: ['over', 'under'] },
};

/**
 * The market an event's row in a list shows beside its name: the match result (1X2 where a draw is possible, else
 * the match winner) or an outright's winner. The first of these an event has, the whole match before a map's.
 */
export const mainMarketTypes: readonly MarketTypeId[] = ['1x2', 'match_winner', 'outright'];

export const isMarketTypeId = (value: unknown): value is MarketTypeId =>
  typeof value === 'string' && (marketTypeIds as readonly string[]).includes(value);

/** A market's state as the feed reports it. Bets are taken only on active markets. */
export const marketStatuses = ['active', 'suspended', 'deactivated', 'settled', 'cancelled'] as const;
export type MarketStatus = (typeof marketStatuses)[number];

/**
 * The feed's numeric market status (1 active, −1 suspended, 0 deactivated, −2 handed over, −3 settled, −4
 * cancelled, as the Unified Odds Feed numbers them). A market handed over from pre-match to live is closed to
 * pre-match bets until the live producer opens it, so it reads as deactivated. Unknown codes are null: the
 * adapter logs the message and skips it.
 */
export function marketStatusFromFeed(code: number): MarketStatus | null {
  switch (code) {
    case 1:
      return 'active';
    case -1:
      return 'suspended';
    case 0:
    case -2:
      return 'deactivated';
    case -3:
      return 'settled';
    case -4:
      return 'cancelled';
    default:
      return null;
  }
}

/** Whether a bet may be taken on a market in this state: suspended is its own refusal (it may come back). */
export function checkMarketOpen(status: MarketStatus): Checked {
  if (status === 'active') return accept(undefined);
  return refuse(status === 'suspended' ? 'sports_market_suspended' : 'sports_market_closed');
}

export type Specifiers = Readonly<Record<string, string>>;

/** Reads the feed's specifier string (`hcp=-0.75|map=2`); null when malformed or a key repeats. */
export function parseSpecifiers(text: string): Specifiers | null {
  const out: Record<string, string> = {};
  if (text === '') return out;
  for (const part of text.split('|')) {
    const match = /^([a-z_][a-z0-9_]*)=([^|=/]+)$/.exec(part);
    if (!match) return null;
    const [, key = '', value = ''] = match;
    if (Object.hasOwn(out, key)) return null;
    out[key] = value;
  }
  return out;
}

/** One spelling of a set of specifiers (keys sorted), so the same market always has the same key. */
export function formatSpecifiers(specifiers: Specifiers): string {
  return Object.keys(specifiers)
    .sort()
    .map((key) => `${key}=${specifiers[key]}`)
    .join('|');
}

/**
 * A handicap or total as a whole number of quarters (−0.75 → −3, 2.5 → 10), so lines are compared and split
 * without fractions. Null unless it is a plain decimal that is a multiple of a quarter.
 */
export function parseLine(text: string): number | null {
  const match = /^([+-]?)(\d{1,4})(?:\.(\d{1,2}))?$/.exec(text);
  if (!match) return null;
  const [, sign, whole = '0', decimals = ''] = match;
  const hundredths = Number(whole) * 100 + Number(decimals.padEnd(2, '0'));
  if (hundredths % 25 !== 0) return null;
  const quarters = hundredths / 25;
  return sign === '-' ? -quarters : quarters;
}

/** A score `h:a` (goals, points or maps), or null. */
export function parseScore(text: string): { home: number; away: number } | null {
  const match = /^(\d{1,4}):(\d{1,4})$/.exec(text);
  if (!match) return null;
  return { home: Number(match[1]), away: Number(match[2]) };
}

function specifierOk(kind: SpecifierKind, value: string): boolean {
  switch (kind) {
    case 'handicap':
      return parseLine(value) !== null;
    case 'total': {
      const quarters = parseLine(value);
      return quarters !== null && quarters >= 0 && !value.startsWith('-') && !value.startsWith('+');
    }
    case 'positive':
      return /^[1-9]\d{0,3}$/.test(value);
    case 'score':
      return parseScore(value) !== null;
  }
}

/** The market a bet names: an event, a market type and its specifiers. */
export type MarketRef = {
  readonly eventId: string;
  readonly market: MarketTypeId;
  readonly specifiers: Specifiers;
};

/** What a member picks: one outcome of one market of one event. */
export type Selection = MarketRef & { readonly outcome: string };

const idPattern = /^[A-Za-z0-9:_.-]{1,100}$/;

/** The market's key (`sr:match:1/asian_handicap/hcp=-0.75`): the same market always gets the same key. */
export const marketKey = (ref: MarketRef): string =>
  `${ref.eventId}/${ref.market}/${formatSpecifiers(ref.specifiers)}`;

/** The selection's key: its market's key and the outcome (`.../home`). */
export const selectionKey = (selection: Selection): string => `${marketKey(selection)}/${selection.outcome}`;

/**
 * Whether a selection names a market and outcome that exist: a known market type, exactly its required
 * specifiers with valid values plus only optional ones, and one of its outcomes. Each fault has its own code.
 */
export function checkSelection(selection: Selection): Checked<Selection> {
  if (!isMarketTypeId(selection.market)) return refuse('sports_unknown_market');
  if (typeof selection.eventId !== 'string' || !idPattern.test(selection.eventId))
    return refuse('sports_unknown_market');
  const type = marketTypes[selection.market];
  const specifiers = selection.specifiers ?? {};
  for (const [key, kind] of Object.entries(type.required))
    if (!Object.hasOwn(specifiers, key) || !specifierOk(kind, specifiers[key] ?? ''))
      return refuse('sports_bad_specifier');
  for (const [key, value] of Object.entries(specifiers)) {
    const kind = type.required[key] ?? type.optional[key];
    if (!kind || typeof value !== 'string' || !specifierOk(kind, value))
      return refuse('sports_bad_specifier');
  }
  const outcome = selection.outcome;
  const known =
    typeof outcome === 'string' &&
    (type.outcomes === 'score'
      ? parseScore(outcome) !== null
      : type.outcomes === 'competitor'
        ? idPattern.test(outcome)
        : type.outcomes.includes(outcome));
  if (!known) return refuse('sports_unknown_outcome');
  return accept(selection);
}

/**
 * Reads a selection key back (`event/market/specifiers/outcome`), as stored on a bet; null when it is not one.
 * Keys never contain `/` inside a part, since event ids, specifier values and outcomes cannot.
 */
export function parseSelectionKey(key: string): Selection | null {
  const parts = key.split('/');
  if (parts.length !== 4) return null;
  const [eventId = '', market = '', specifierText = '', outcome = ''] = parts;
  const specifiers = parseSpecifiers(specifierText);
  if (!specifiers || !isMarketTypeId(market)) return null;
  const selection: Selection = { eventId, market, specifiers, outcome };
  return checkSelection(selection).ok ? selection : null;
}

/** One outcome of a market as the feed last priced it; an inactive outcome (or one with no price) takes no bets. */
export type OutcomeOdds = {
  readonly outcome: string;
  readonly price: number | null;
  readonly active: boolean;
};

/** A market as the feed last described it: which one, its state, its outcomes and their prices. */
export type Market = MarketRef & { readonly status: MarketStatus; readonly outcomes: readonly OutcomeOdds[] };

/**
 * Whether a market from the feed is well-formed: a valid market (as `checkSelection` reads it: unknown market,
 * bad specifier, unknown outcome), and a known status with outcomes, each once, priced in decimal thousandths or
 * unpriced (else sports_malformed_market). A malformed one is logged and skipped by the feed adapter, never
 * half-applied.
 */
export function checkMarket(market: Market): Checked<Market> {
  if (!(marketStatuses as readonly string[]).includes(market.status))
    return refuse('sports_malformed_market');
  if (!Array.isArray(market.outcomes) || market.outcomes.length === 0)
    return refuse('sports_malformed_market');
  const seen = new Set<string>();
  for (const odds of market.outcomes) {
    const checked = checkSelection({ ...market, outcome: odds.outcome });
    if (!checked.ok) return checked;
    if (seen.has(odds.outcome)) return refuse('sports_malformed_market');
    seen.add(odds.outcome);
    if (odds.price !== null && !isPrice(odds.price)) return refuse('sports_malformed_market');
  }
  return accept(market);
}

/**
 * The price a bet on an outcome of a market would be taken at now: refused when the market is not active, the
 * outcome is not in it, or the outcome is inactive or unpriced (a suspension of one outcome).
 */
export function currentPrice(market: Market, outcome: string): Checked<number> {
  const open = checkMarketOpen(market.status);
  if (!open.ok) return open;
  const odds = market.outcomes.find((o) => o.outcome === outcome);
  if (!odds) return refuse('sports_unknown_outcome');
  if (!odds.active || odds.price === null) return refuse('sports_market_suspended');
  return accept(odds.price);
}
