// The bet slip's arithmetic and the odds' display, pure so they are tested without a browser. Prices are decimal odds
// in thousandths as the server keeps them; amounts are integer minor units. The server checks everything again: what
// the slip shows is a preview.
import { formatPrice, type OddsFormat } from '@tala/sports/odds-format';
import { combinedPrice, parlayPotentialReturn } from '@tala/sports/parlay';

export type SlipSelection = {
  eventId: string;
  eventName: string;
  marketId: number;
  marketName: string;
  outcome: string;
  outcomeName: string;
  /** The price the member saw, in thousandths. */
  price: number;
  inPlay: boolean;
};

/** The sportsbook's stake limits and maximum payouts (the server's defaults, decision 058), in minor units. */
export const slipLimits = {
  single: { minStake: 100, maxStake: 5_000_000, maxPayout: 20_000_000 },
  parlay: { minStake: 100, maxStake: 1_000_000, maxPayout: 50_000_000 },
} as const;

export const selectionKey = (s: Pick<SlipSelection, 'marketId' | 'outcome'>) => `${s.marketId}:${s.outcome}`;

/** Adds a selection, or takes it off when it is on the slip already; another outcome of its market replaces it. */
export function toggleSelection(slip: readonly SlipSelection[], next: SlipSelection): SlipSelection[] {
  if (slip.some((s) => selectionKey(s) === selectionKey(next)))
    return slip.filter((s) => selectionKey(s) !== selectionKey(next));
  return [...slip.filter((s) => s.marketId !== next.marketId), next];
}

/** A parlay needs two or more selections, each of another event. */
export function parlayAllowed(slip: readonly SlipSelection[]): boolean {
  return slip.length >= 2 && new Set(slip.map((s) => s.eventId)).size === slip.length;
}

/** The parlay's price, the product of its legs' prices (thousandths, rounded down), or null without a parlay. */
export function parlayPrice(slip: readonly SlipSelection[]): number | null {
  return parlayAllowed(slip) ? combinedPrice(slip.map((s) => s.price)) : null;
}

/** What a stake would return if it wins (stake included), capped at the maximum payout. */
export function potentialReturn(stake: number, prices: readonly number[], maxPayout: number): number {
  if (!Number.isSafeInteger(stake) || stake <= 0 || prices.length === 0) return 0;
  return Number(parlayPotentialReturn(BigInt(stake), prices, BigInt(maxPayout)));
}

/**
 * A stake typed in major units ("12.5") as minor units; null when it is not an amount, or has more decimals than
 * the currency's (fractions of a cent are refused, not rounded).
 */
export function parseStake(text: string, exponent: number): number | null {
  const trimmed = text.trim();
  if (!/^\d+(\.\d+)?$/.test(trimmed)) return null;
  const [whole = '0', fraction = ''] = trimmed.split('.');
  if (fraction.length > exponent) return null;
  const minor = Number(whole) * 10 ** exponent + Number(fraction.padEnd(exponent, '0') || '0');
  return Number.isSafeInteger(minor) ? minor : null;
}

export type StakeProblem = 'belowMinimum' | 'aboveMaximum' | 'invalid' | null;

/** Whether a stake is within the limits; an empty stake is no problem yet. */
export function stakeProblem(
  text: string,
  exponent: number,
  limits: { minStake: number; maxStake: number },
): StakeProblem {
  if (text.trim() === '') return null;
  const stake = parseStake(text, exponent);
  if (stake === null || stake === 0) return 'invalid';
  if (stake < limits.minStake) return 'belowMinimum';
  if (stake > limits.maxStake) return 'aboveMaximum';
  return null;
}

/** A price as the member reads it in their format; a dash when not offered. */
export function showPrice(format: OddsFormat, price: number | null | undefined): string {
  if (price === null || price === undefined) return '–';
  try {
    return formatPrice(format, price);
  } catch {
    return '–';
  }
}

/** Which way a price moved since it was last seen: what the flash shows. */
export function priceMove(
  before: number | null | undefined,
  after: number | null | undefined,
): 'up' | 'down' | null {
  if (before === null || before === undefined || after === null || after === undefined || before === after)
    return null;
  return after > before ? 'up' : 'down';
}

/** The slip's selections whose price has moved since they were added, with the price now. */
export function repriced(
  slip: readonly SlipSelection[],
  priceNow: (s: SlipSelection) => number | null | undefined,
): SlipSelection[] {
  return slip.map((s) => {
    const now = priceNow(s);
    return now && now !== s.price ? { ...s, price: now } : s;
  });
}

/** The market groups of an event page, in this order; a market whose type is not listed goes to 'other'. */
export const marketGroups = [
  'main',
  'handicap',
  'totals',
  'oddEven',
  'btts',
  'correctScore',
  'outright',
  'maps',
  'other',
] as const;
export type MarketGroup = (typeof marketGroups)[number];

/** The group of a market by its feed type (docs/odds-feed.md's market ids). */
export function marketGroup(type: string): MarketGroup {
  const t = type.toLowerCase();
  if (t.includes('outright') || t.includes('winner_tournament')) return 'outright';
  if (t.includes('correct_score')) return 'correctScore';
  if (t.includes('btts') || t.includes('both_teams')) return 'btts';
  if (t.includes('odd_even') || t.includes('oddeven')) return 'oddEven';
  if (t.includes('map') && t.includes('handicap')) return 'maps';
  if (t.includes('handicap') || t === 'ah' || t.startsWith('asian')) return 'handicap';
  if (t.includes('total') || t.includes('over_under') || t === 'ou') return 'totals';
  if (t.includes('1x2') || t.includes('winner') || t.includes('moneyline') || t.includes('match'))
    return 'main';
  return 'other';
}
