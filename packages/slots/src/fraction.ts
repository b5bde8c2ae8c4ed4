/**
 * Exact fractions of big integers, the one module of them: the slots' RTP analysis, the lottery's house edges and the
 * live tables' declared returns are computed with these, so no float rounding enters the maths. Floats appear only
 * when a result is shown (`toNumber`, `percent`), never for money.
 */
export type Fraction = { n: bigint; d: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
}

/** n / d in lowest terms, the sign on the numerator. */
export function fraction(n: bigint | number, d: bigint | number = 1n): Fraction {
  const [bn, bd] = [BigInt(n), BigInt(d)];
  if (bd === 0n) throw new RangeError('division by zero');
  const g = gcd(bn, bd) || 1n;
  const sign = bd < 0n ? -1n : 1n;
  return { n: (sign * bn) / g, d: (sign * bd) / g };
}

export const add = (a: Fraction, b: Fraction) => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
export const sub = (a: Fraction, b: Fraction) => fraction(a.n * b.d - b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction) => fraction(a.n * b.n, a.d * b.d);
export const div = (a: Fraction, b: Fraction) => fraction(a.n * b.d, a.d * b.n);

/** A fraction as a float (exact to the float's precision): for display and tests only, never for money. */
export function toNumber(f: Fraction): number {
  // Scale first so that huge numerators and denominators keep their precision.
  const scale = 10n ** 18n;
  return Number((f.n * scale) / f.d) / 1e18;
}

/** A fraction as a percentage with `digits` decimals, e.g. 0.96123 → "96.12". */
export function percent(f: Fraction, digits = 2): string {
  return (toNumber(f) * 100).toFixed(digits);
}

/** n choose k, exactly (the count behind a chance such as k of 49 drawn numbers). */
export function choose(n: number, k: number): bigint {
  if (k < 0 || k > n) return 0n;
  let result = 1n;
  for (let i = 0; i < k; i++) result = (result * BigInt(n - i)) / BigInt(i + 1);
  return result;
}
