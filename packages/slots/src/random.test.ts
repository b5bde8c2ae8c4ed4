import { describe, expect, it } from 'vitest';
import { maxRange, systemByteSource, uniformBelow } from './random.ts';
import { chiSquare, chiSquareCritical, oneInAMillion, scriptedBytes } from './test-sources.ts';

const allBytes = Array.from({ length: 256 }, (_, i) => i);

describe('uniformBelow (rejection sampling)', () => {
  it('maps every one-byte value to each result equally often, for every range 1..256 (no modulo bias)', () => {
    for (let n = 1; n <= 256; n++) {
      // Feed each possible byte value once; count what each accepted draw gave and how many were thrown away.
      const source = scriptedBytes(allBytes);
      const counts = new Array<number>(n).fill(0);
      let accepted = 0;
      try {
        for (;;) {
          counts[uniformBelow(source, n, 1)]! += 1;
          accepted++;
        }
      } catch {
        // The 256 bytes ran out: every byte value has been tried once.
      }
      expect(accepted).toBe(256 - (256 % n));
      expect(new Set(counts)).toEqual(new Set([Math.floor(256 / n)]));
    }
  });

  it('is needed: plain modulo over one byte favours the small values of a range of 3', () => {
    const counts = [0, 0, 0];
    for (const b of allBytes) counts[b % 3]! += 1;
    expect(counts).toEqual([86, 85, 85]);
  });

  it('reads four bytes per accepted draw, most significant first', () => {
    const source = scriptedBytes([0, 0, 1, 2, 0, 0, 0, 7]);
    expect(uniformBelow(source, 1000)).toBe(258);
    expect(uniformBelow(source, 1000)).toBe(7);
    expect(source.remaining()).toBe(0);
  });

  it('throws a value away when it falls in the incomplete top band and draws again', () => {
    // n = 3 × 2^30 + 1 leaves a top band of 2^32 − 2^32 mod n values; 0xFFFFFFFF lies in it.
    const n = 3 * 2 ** 30 + 1;
    const limit = maxRange() - (maxRange() % n);
    expect(0xffffffff).toBeGreaterThanOrEqual(limit);
    const source = scriptedBytes([255, 255, 255, 255, 0, 0, 0, 5]);
    expect(uniformBelow(source, n)).toBe(5);
  });

  it('refuses ranges it cannot serve', () => {
    const source = scriptedBytes([]);
    for (const n of [0, -1, 1.5, Number.NaN, 2 ** 32 + 1])
      expect(() => uniformBelow(source, n)).toThrow(RangeError);
  });

  it('gives uniform results from the system CSPRNG (chi-square, 31 stops)', () => {
    const source = systemByteSource();
    const counts = new Array<number>(31).fill(0);
    for (let i = 0; i < 310_000; i++) counts[uniformBelow(source, 31)]! += 1;
    // Live randomness: a threshold that a true uniform source exceeds once in a million runs.
    expect(chiSquare(counts)).toBeLessThan(chiSquareCritical(30, oneInAMillion));
  });
});
