import { type Fraction, fraction, mul } from '@tala/slots/fraction';
import { type MarketTypeId, marketKey, type Selection, selectionKey } from './markets.ts';
import { accept, type Checked, refuse } from './reasons.ts';
import { checkStakeAndPrice, isLost, type LegResult, legFactor } from './settlement.ts';
import { floor, one } from './shares.ts';

/**
 * Parlays (accumulators) and system bets (issue 15 item 2): one stake on several selections of different events,
 * paid only when none of them loses, at the product of their prices. The legs are assumed independent, which is
 * why two selections of one event are refused unless the pair of markets is declared combinable.
 */
export type ParlayLeg = { readonly selection: Selection; readonly price: number };

export type ParlayRules = {
  /** Fewest legs of a parlay (2: one leg is a single). */
  readonly minLegs: number;
  /** Most legs of a parlay. */
  readonly maxLegs: number;
  /**
   * Pairs of market types of one event that may be combined (the trading desk's choice, e.g. a 1x2 with a total
   * on some sports). None by default: two markets of one event are correlated, and a parlay priced as a product
   * would overpay them. Two outcomes of one market are never combinable.
   */
  readonly combinable: readonly (readonly [MarketTypeId, MarketTypeId])[];
};

export const defaultParlayRules: ParlayRules = { minLegs: 2, maxLegs: 20, combinable: [] };

/**
 * Whether legs may make a parlay: between the fewest and most legs, no selection twice, no two outcomes of one
 * market, and no two selections of one event unless their market types are declared combinable.
 */
export function checkParlayLegs(
  legs: readonly ParlayLeg[],
  rules: ParlayRules = defaultParlayRules,
): Checked {
  if (legs.length < rules.minLegs) return refuse('sports_parlay_too_few_legs');
  if (legs.length > rules.maxLegs) return refuse('sports_parlay_too_many_legs');
  const selections = new Set<string>();
  for (const leg of legs) {
    const key = selectionKey(leg.selection);
    if (selections.has(key)) return refuse('sports_duplicate_selection');
    selections.add(key);
  }
  const allowed = (a: MarketTypeId, b: MarketTypeId) =>
    rules.combinable.some(([x, y]) => (x === a && y === b) || (x === b && y === a));
  for (let i = 0; i < legs.length; i++)
    for (let j = i + 1; j < legs.length; j++) {
      const a = legs[i]!.selection;
      const b = legs[j]!.selection;
      if (a.eventId !== b.eventId) continue;
      if (marketKey(a) === marketKey(b) || !allowed(a.market, b.market))
        return refuse('sports_same_event_in_parlay');
    }
  return accept(undefined);
}

/** The exact product of the prices (each in thousandths), as a multiple of the stake. */
export function combinedFactor(prices: readonly number[]): Fraction {
  return prices.reduce<Fraction>((acc, price) => {
    checkStakeAndPrice(0n, price);
    return mul(acc, fraction(price, 1000));
  }, one);
}

/** The combined price shown on the slip, in thousandths, rounded down (what is paid uses the exact product). */
export const combinedPrice = (prices: readonly number[]): number => {
  const factor = combinedFactor(prices);
  return Number((factor.n * 1000n) / factor.d);
};

/** What a parlay returns if every leg wins, capped at the maximum payout: stake × the product of the prices. */
export function parlayPotentialReturn(stake: bigint, prices: readonly number[], maxPayout?: bigint): bigint {
  checkStakeAndPrice(stake, prices[0] ?? 1_001);
  const full = floor(mul(fraction(stake), combinedFactor(prices)));
  return maxPayout !== undefined && full > maxPayout ? maxPayout : full;
}

/** A leg of a placed parlay: its price, and its result once its market settles (null while open). */
export type PlacedLeg = { readonly price: number; readonly result: LegResult | null };

export type ParlayOutcome =
  | { readonly state: 'open' }
  | { readonly state: 'settled'; readonly return: bigint; readonly capped: boolean };

/**
 * A parlay's settlement. A lost leg loses the parlay at once, even with legs still open. Otherwise, once every
 * leg has settled, each leg counts as its factor (price × win share + void share: a void leg 1.000, a half-won
 * leg (price + 1) / 2, a half-lost leg 0.5, a dead heat price × factor), and the return is
 *   stake × the product of the leg factors,
 * computed exactly, rounded down once to the minor unit, and capped at the parlay's maximum payout.
 */
export function settleParlay(stake: bigint, legs: readonly PlacedLeg[], maxPayout?: bigint): ParlayOutcome {
  if (legs.length === 0) throw new RangeError('a parlay has legs');
  checkStakeAndPrice(stake, legs[0]?.price ?? 1_001);
  if (legs.some((leg) => leg.result !== null && isLost(leg.result)))
    return { state: 'settled', return: 0n, capped: false };
  if (legs.some((leg) => leg.result === null)) return { state: 'open' };
  let factor = one;
  for (const leg of legs) factor = mul(factor, legFactor(leg.price, leg.result as LegResult));
  const full = floor(mul(fraction(stake), factor));
  const capped = maxPayout !== undefined && full > maxPayout;
  return { state: 'settled', return: capped ? maxPayout : full, capped };
}

/** The most legs a system bet may have, so its combinations stay few (12 choose 6 is 924). */
export const maxSystemLegs = 12;

/** Every way to choose `size` of `count` legs, as sorted index lists, in lexicographic order. */
export function combinations(count: number, size: number): number[][] {
  if (!Number.isSafeInteger(count) || !Number.isSafeInteger(size) || size < 1 || size > count)
    throw new RangeError(`no combinations of ${size} from ${count}`);
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (from: number) => {
    if (pick.length === size) {
      out.push([...pick]);
      return;
    }
    for (let i = from; i <= count - (size - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

/**
 * A system bet "size from n": one parlay of `size` legs for every combination of the n legs, each at the unit
 * stake (total stake = unit stake × combinations). It settles when every combination has; its return is the sum
 * of the combinations' returns, each rounded and capped on its own.
 */
export function settleSystem(
  unitStake: bigint,
  legs: readonly PlacedLeg[],
  size: number,
  maxPayoutPerCombination?: bigint,
): ParlayOutcome & { readonly combinations: number } {
  if (legs.length > maxSystemLegs) throw new RangeError(`a system bet has at most ${maxSystemLegs} legs`);
  const combos = combinations(legs.length, size);
  let total = 0n;
  let capped = false;
  for (const combo of combos) {
    const outcome = settleParlay(
      unitStake,
      combo.map((i) => legs[i]!),
      maxPayoutPerCombination,
    );
    if (outcome.state === 'open') return { state: 'open', combinations: combos.length };
    total += outcome.return;
    capped ||= outcome.capped;
  }
  return { state: 'settled', return: total, capped, combinations: combos.length };
}
