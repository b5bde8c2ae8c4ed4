/** Exact fractions of big integers, for the declared return of each bet (no float rounding in the maths). */
export type Fraction = { n: bigint; d: bigint };

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y) [x, y] = [y, x % y];
  return x;
}

export function fraction(n: bigint | number, d: bigint | number = 1n): Fraction {
  const [bn, bd] = [BigInt(n), BigInt(d)];
  if (bd === 0n) throw new RangeError('division by zero');
  const g = gcd(bn, bd) || 1n;
  const sign = bd < 0n ? -1n : 1n;
  return { n: (sign * bn) / g, d: (sign * bd) / g };
}

export const add = (a: Fraction, b: Fraction) => fraction(a.n * b.d + b.n * a.d, a.d * b.d);
export const mul = (a: Fraction, b: Fraction) => fraction(a.n * b.n, a.d * b.d);

/** A fraction as a float (exact to the float's precision): for display and tests only, never for money. */
export function toNumber(f: Fraction): number {
  const scale = 10n ** 18n;
  return Number((f.n * scale) / f.d) / 1e18;
}
