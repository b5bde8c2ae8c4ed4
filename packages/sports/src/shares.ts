import { type Fraction, fraction, sub } from '@tala/slots/fraction';

/**
 * The shares of a stake that settle a bet (a half, a third of a dead heat), as exact fractions from the house's
 * one fraction module (@tala/slots/fraction). Money is never a float: a return is one exact fraction, rounded
 * once, at the end.
 */
export const zero = fraction(0);
export const one = fraction(1);
export const half = fraction(1, 2);

export const equals = (a: Fraction, b: Fraction): boolean => a.n * b.d === b.n * a.d;
export const compare = (a: Fraction, b: Fraction): number => {
  const diff = a.n * b.d - b.n * a.d;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
};

/** The whole part of a non-negative amount, rounded down: how the house turns an exact return into minor units. */
export function floor(a: Fraction): bigint {
  if (a.n < 0n) throw new RangeError('a return is never negative');
  return a.n / a.d;
}

/**
 * Reads a decimal written as text ("0.5", "0.333333") exactly. A factor the feed can only write rounded (a third)
 * is taken as the fraction with the smallest denominator up to 50 that rounds to what was written (within half a
 * unit of its last decimal), so a three-way dead heat pays exactly a third, not 0.333333 of it. Dead-heat factors
 * are places paid ÷ competitors tied, so their denominators are small.
 */
export function fromDecimal(text: string): Fraction {
  const match = /^(\d+)(?:\.(\d{1,12}))?$/.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal: ${text}`);
  const [, whole = '0', decimals = ''] = match;
  const scale = 10n ** BigInt(decimals.length);
  const exact = fraction(BigInt(whole + decimals), scale);
  if (exact.d <= 50n) return exact;
  const tolerance = fraction(1, scale * 2n);
  for (let d = 1n; d <= 50n; d++) {
    const n = (exact.n * d * 2n + exact.d) / (exact.d * 2n);
    const guess = fraction(n, d);
    const gap = compare(guess, exact) >= 0 ? sub(guess, exact) : sub(exact, guess);
    if (compare(gap, tolerance) <= 0) return guess;
  }
  return exact;
}
