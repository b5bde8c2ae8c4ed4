import { describe, expect, it } from 'vitest';
import { add, choose, div, fraction, mul, percent, sub, toNumber } from './fraction.ts';

describe('exact fractions', () => {
  it('keeps lowest terms with the sign on the numerator', () => {
    expect(fraction(6n, 8n)).toEqual({ n: 3n, d: 4n });
    expect(fraction(3, -9)).toEqual({ n: -1n, d: 3n });
    expect(fraction(0n, 5n)).toEqual({ n: 0n, d: 1n });
    expect(fraction(7)).toEqual({ n: 7n, d: 1n });
    expect(() => fraction(1n, 0n)).toThrow(RangeError);
  });

  it('adds, subtracts, multiplies and divides exactly', () => {
    const third = fraction(1n, 3n);
    const sixth = fraction(1n, 6n);
    expect(add(third, sixth)).toEqual({ n: 1n, d: 2n });
    expect(sub(sixth, third)).toEqual({ n: -1n, d: 6n });
    expect(mul(third, fraction(3n, 5n))).toEqual({ n: 1n, d: 5n });
    expect(div(third, sixth)).toEqual({ n: 2n, d: 1n });
    expect(() => div(third, fraction(0n))).toThrow(RangeError);
  });

  it('shows a fraction as a float and a percentage, huge terms included', () => {
    expect(toNumber(fraction(36n, 37n))).toBeCloseTo(0.972972972972973, 15);
    expect(percent(fraction(36n, 37n))).toBe('97.30');
    expect(percent(fraction(1n, 8n), 1)).toBe('12.5');
    const huge = 10n ** 60n;
    expect(toNumber(fraction(huge, 3n * huge))).toBeCloseTo(1 / 3, 15);
  });

  it('counts n choose k', () => {
    expect(choose(49, 6)).toBe(13_983_816n);
    expect(choose(11, 5)).toBe(462n);
    expect(choose(5, 0)).toBe(1n);
    expect(choose(5, 6)).toBe(0n);
    expect(choose(5, -1)).toBe(0n);
  });
});
