/**
 * Exact non-negative fractions of bigints, for the shares of a stake that win or are refunded (a half, a third of a
 * dead heat). Money is never a float: a return is computed as one exact fraction and rounded once, at the end.
 */
export type Fraction = { readonly n: bigint; readonly d: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

/** n / d in lowest terms; d must be positive and n not negative. */
export function fraction(n: bigint | number, d: bigint | number = 1n): Fraction {
  const bn = BigInt(n);
  const bd = BigInt(d);
  if (bd <= 0n || bn < 0n) throw new RangeError(`not a non-negative fraction: ${bn}/${bd}`);
  const g = gcd(bn, bd) || 1n;
  return { n: bn / g, d: bd / g };
}

export const zero = fraction(0);
export const one = fraction(1);
export const half = fraction(1, 2);

export const add = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction): Fraction => fraction(a.n * b.n, a.d * b.d);
export const equals = (a: Fraction, b: Fraction): boolean => a.n * b.d === b.n * a.d;
export const compare = (a: Fraction, b: Fraction): number => {
  const diff = a.n * b.d - b.n * a.d;
  return diff < 0n ? -1 : diff > 0n ? 1 : 0;
};

/** The whole part, rounded down: how the house turns an exact amount into minor units. */
export const floor = (a: Fraction): bigint => a.n / a.d;

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
