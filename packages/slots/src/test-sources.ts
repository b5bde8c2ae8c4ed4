import type { ByteSource } from './random.ts';

/** A byte source that plays back the given bytes, for tests that script a draw exactly. */
export function scriptedBytes(bytes: number[]): ByteSource & { remaining: () => number } {
  let position = 0;
  return {
    nextByte() {
      if (position >= bytes.length) throw new Error('scripted bytes ran out');
      return bytes[position++] as number;
    },
    remaining: () => bytes.length - position,
  };
}

/** Bytes that make uniformBelow(n) return each of `values` in turn (each value below 2^32, written big-endian). */
export function drawsOf(values: number[]): ByteSource & { remaining: () => number } {
  return scriptedBytes(values.flatMap((v) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]));
}

/** Pearson's chi-square statistic of observed counts against equal expected counts. */
export function chiSquare(counts: number[]): number {
  const total = counts.reduce((a, b) => a + b, 0);
  const expected = total / counts.length;
  return counts.reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
}

/** Upper-tail normal quantiles: exceeded with probability 10^-3 and 10^-6. */
export const oneInAThousand = 3.0902;
export const oneInAMillion = 4.7534;

/**
 * The chi-square value that a statistic with `df` degrees of freedom exceeds with the probability of the normal
 * quantile `z` (Wilson–Hilferty approximation).
 */
export function chiSquareCritical(df: number, z = oneInAThousand): number {
  const a = 2 / (9 * df);
  return df * (1 - a + z * Math.sqrt(a)) ** 3;
}
