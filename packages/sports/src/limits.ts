import { fraction, mul } from '@tala/slots/fraction';
import { isPrice } from './odds-format.ts';
import { combinedFactor } from './parlay.ts';
import { accept, type Checked, refuse } from './reasons.ts';
import { floor } from './shares.ts';

/**
 * Stake and payout limits (issue 15 item 2): a minimum and maximum stake per selection and per parlay, a member's
 * stake factor on the maximum, and a maximum payout per market and per parlay. "Payout" is the return, stake
 * included, as the member sees it on the slip. Each refusal has its own code; the slip can ask
 * `largestSingleStake` or `largestParlayStake` for the figure to offer instead.
 */

/** Biggest stake or payout the rules handle: far beyond any limit, well inside what a database bigint holds. */
const maxAmount = 10n ** 15n;

/**
 * Reads an amount in minor units as a bet slip sends it: a bigint, a safe integer, or a string of digits
 * ("1000", "1000.00" with only zeros after the point). Fractions of a minor unit (10.5, "10.05") are
 * sports_fractional_amount; anything else, zero or negative, is sports_invalid_amount.
 */
export function readAmount(value: unknown): Checked<bigint> {
  let amount: bigint;
  if (typeof value === 'bigint') amount = value;
  else if (typeof value === 'number') {
    if (!Number.isFinite(value)) return refuse('sports_invalid_amount');
    if (!Number.isInteger(value))
      return refuse(value > 0 ? 'sports_fractional_amount' : 'sports_invalid_amount');
    if (!Number.isSafeInteger(value)) return refuse('sports_invalid_amount');
    amount = BigInt(value);
  } else if (typeof value === 'string') {
    const match = /^(\d{1,16})(?:\.(\d+))?$/.exec(value.trim());
    if (!match) return refuse('sports_invalid_amount');
    if (match[2] && /[1-9]/.test(match[2])) return refuse('sports_fractional_amount');
    amount = BigInt(match[1] ?? '0');
  } else return refuse('sports_invalid_amount');
  if (amount <= 0n || amount > maxAmount) return refuse('sports_invalid_amount');
  return accept(amount);
}

/** A member's stake factor in thousandths (500: half the usual maximum; 2000: twice it; 0: no bets). */
export const normalStakeFactor = 1_000;

function checkFactor(stakeFactor: number): void {
  if (!Number.isSafeInteger(stakeFactor) || stakeFactor < 0) throw new RangeError('a stake factor is >= 0');
}

/** The member's own maximum stake: the limit × the stake factor, rounded down. The minimum is not scaled. */
export function memberMaxStake(maxStake: bigint, stakeFactor = normalStakeFactor): bigint {
  checkFactor(stakeFactor);
  return (maxStake * BigInt(stakeFactor)) / 1_000n;
}

/**
 * The largest stake whose return, rounded down, stays within `payoutRoom` at a price (a multiple of the stake in
 * thousandths): the largest s with floor(s × price / 1000) ≤ room, i.e. s × price < (room + 1) × 1000.
 */
export function largestStakeWithin(payoutRoom: bigint, price: number): bigint {
  if (!Number.isSafeInteger(price) || price < 1_000) throw new RangeError(`not a price: ${price}`);
  if (payoutRoom < 0n) return 0n;
  return ((payoutRoom + 1n) * 1_000n - 1n) / BigInt(price);
}

export type StakeLimits = { readonly minStake: bigint; readonly maxStake: bigint };

/** A stake against the limits: below the minimum, or above the member's maximum (limit × stake factor). */
export function checkStake(stake: bigint, limits: StakeLimits, stakeFactor = normalStakeFactor): Checked {
  if (stake < limits.minStake) return refuse('sports_stake_below_minimum');
  if (stake > memberMaxStake(limits.maxStake, stakeFactor)) return refuse('sports_stake_above_maximum');
  return accept(undefined);
}

export type SingleLimits = StakeLimits & {
  /** The most a member's open bets on one market may return together. */
  readonly maxPayoutPerMarket: bigint;
};

export type SingleCheck = {
  /** What the slip sent, in minor units. */
  readonly stake: unknown;
  readonly price: number;
  readonly limits: SingleLimits;
  readonly stakeFactor?: number;
  /** What the member's open bets on this market would already return: the server sums it. */
  readonly alreadyOnMarket?: bigint;
};

/**
 * A single's stake and payout: a readable whole amount, within the stake limits, and a potential return
 * (stake × price, rounded down) that keeps the member's bets on the market within the market's maximum payout.
 */
export function checkSingle(input: SingleCheck): Checked<{ stake: bigint; potentialReturn: bigint }> {
  if (!isPrice(input.price)) throw new RangeError(`not a price: ${input.price}`);
  const read = readAmount(input.stake);
  if (!read.ok) return read;
  const stake = read.value;
  const limited = checkStake(stake, input.limits, input.stakeFactor);
  if (!limited.ok) return limited;
  const potentialReturn = (stake * BigInt(input.price)) / 1_000n;
  if ((input.alreadyOnMarket ?? 0n) + potentialReturn > input.limits.maxPayoutPerMarket)
    return refuse('sports_payout_above_maximum');
  return accept({ stake, potentialReturn });
}

/** The largest stake a single may have now: the member's maximum, and what the market's payout room allows. */
export function largestSingleStake(input: Omit<SingleCheck, 'stake'>): bigint {
  const byStake = memberMaxStake(input.limits.maxStake, input.stakeFactor);
  const room = input.limits.maxPayoutPerMarket - (input.alreadyOnMarket ?? 0n);
  const byPayout = largestStakeWithin(room, input.price);
  return byStake < byPayout ? byStake : byPayout;
}

export type ParlayLimits = StakeLimits & {
  readonly maxPayout: bigint;
  /**
   * What happens to a parlay whose full return would pass the maximum payout: 'cap' takes it and pays at most
   * the maximum (the slip shows the capped return), 'refuse' answers sports_payout_above_maximum.
   */
  readonly overMaximum: 'cap' | 'refuse';
};

/** A parlay's stake and payout: the stake limits, then the maximum payout by the parlay's rule. */
export function checkParlayStake(input: {
  readonly stake: unknown;
  readonly prices: readonly number[];
  readonly limits: ParlayLimits;
  readonly stakeFactor?: number;
}): Checked<{ stake: bigint; potentialReturn: bigint; capped: boolean }> {
  const read = readAmount(input.stake);
  if (!read.ok) return read;
  const stake = read.value;
  const limited = checkStake(stake, input.limits, input.stakeFactor);
  if (!limited.ok) return limited;
  const full = floor(mul(fraction(stake), combinedFactor(input.prices)));
  if (full <= input.limits.maxPayout) return accept({ stake, potentialReturn: full, capped: false });
  if (input.limits.overMaximum === 'refuse') return refuse('sports_payout_above_maximum');
  return accept({ stake, potentialReturn: input.limits.maxPayout, capped: true });
}

/**
 * The largest stake a parlay may have now: the member's maximum, and under the 'refuse' rule the largest s whose
 * return ⌊s × product of prices⌋ stays within the maximum payout (s × n < (max + 1) × d for the product n / d).
 */
export function largestParlayStake(input: {
  readonly prices: readonly number[];
  readonly limits: ParlayLimits;
  readonly stakeFactor?: number;
}): bigint {
  const byStake = memberMaxStake(input.limits.maxStake, input.stakeFactor);
  if (input.limits.overMaximum === 'cap') return byStake;
  const { n, d } = combinedFactor(input.prices);
  const byPayout = input.limits.maxPayout < 0n ? 0n : ((input.limits.maxPayout + 1n) * d - 1n) / n;
  return byStake < byPayout ? byStake : byPayout;
}
