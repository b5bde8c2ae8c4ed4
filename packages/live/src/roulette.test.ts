import { systemByteSource } from '@tala/slots/random';
import { chiSquare, chiSquareCritical, oneInAMillion } from '@tala/slots/test-sources';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  coveredNumbers,
  type InsideType,
  isLegalBet,
  legalInsideBets,
  type RouletteBet,
  rouletteBetReturn,
  rouletteReturn,
  settleRoulette,
  spinRoulette,
} from './roulette.ts';

const inside = (type: InsideType, numbers: number[]): RouletteBet => ({ type, numbers, stake: 100n });

describe('the layout', () => {
  it('has the standard number of inside bets', () => {
    // 37 straights; 57 splits between numbers (24 across, 33 down) + 3 with zero; 12 streets + 2 trios;
    // 22 corners + the first four; 11 six lines.
    expect(Object.fromEntries(Object.entries(legalInsideBets).map(([t, s]) => [t, s.length]))).toEqual({
      straight: 37,
      split: 60,
      street: 14,
      corner: 23,
      sixLine: 11,
    });
  });

  it('accepts legal bets in any order and refuses the rest', () => {
    expect(isLegalBet(inside('split', [17, 14]))).toBe(true);
    expect(isLegalBet(inside('split', [17, 18]))).toBe(true);
    expect(isLegalBet(inside('split', [18, 19]))).toBe(false); // 18 ends a row, 19 starts the next
    expect(isLegalBet(inside('split', [0, 4]))).toBe(false);
    expect(isLegalBet(inside('street', [0, 2, 3]))).toBe(true);
    expect(isLegalBet(inside('street', [2, 3, 4]))).toBe(false);
    expect(isLegalBet(inside('corner', [26, 29, 25, 28]))).toBe(true);
    expect(isLegalBet(inside('corner', [3, 4, 6, 7]))).toBe(false);
    expect(isLegalBet(inside('sixLine', [31, 32, 33, 34, 35, 36]))).toBe(true);
    expect(isLegalBet(inside('sixLine', [34, 35, 36, 37, 38, 39]))).toBe(false);
    expect(isLegalBet(inside('straight', [37]))).toBe(false);
    expect(isLegalBet({ type: 'dozen', index: 4 as 1, stake: 1n })).toBe(false);
    expect(isLegalBet({ type: 'red', stake: 0n })).toBe(false);
  });

  it('finds a split legal exactly when the two numbers touch on the layout (property)', () => {
    const cell = (n: number) => [Math.floor((n - 1) / 3), (n - 1) % 3]; // row, position in the row
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 36 }), fc.integer({ min: 1, max: 36 }), (a, b) => {
        const [ra, ca] = cell(a);
        const [rb, cb] = cell(b);
        const touch = Math.abs(ra! - rb!) + Math.abs(ca! - cb!) === 1;
        expect(isLegalBet(inside('split', [a, b]))).toBe(touch);
      }),
    );
  });

  it('covers the outside bets', () => {
    expect(coveredNumbers({ type: 'dozen', index: 2, stake: 1n })).toEqual([
      13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
    ]);
    expect(coveredNumbers({ type: 'column', index: 3, stake: 1n })).toEqual([
      3, 6, 9, 12, 15, 18, 21, 24, 27, 30, 33, 36,
    ]);
    expect(coveredNumbers({ type: 'red', stake: 1n })).toHaveLength(18);
    expect(coveredNumbers({ type: 'black', stake: 1n })).toContain(2);
    expect(coveredNumbers({ type: 'low', stake: 1n })).not.toContain(0);
  });
});

describe('settlement', () => {
  it('pays each bet type at its odds, stake included', () => {
    const bets: RouletteBet[] = [
      inside('straight', [17]),
      inside('split', [17, 20]),
      inside('street', [16, 17, 18]),
      inside('corner', [13, 14, 16, 17]),
      inside('sixLine', [16, 17, 18, 19, 20, 21]),
      { type: 'dozen', index: 2, stake: 100n },
      { type: 'column', index: 2, stake: 100n },
      { type: 'black', stake: 100n },
      { type: 'odd', stake: 100n },
      { type: 'low', stake: 100n },
      { type: 'red', stake: 100n },
      { type: 'even', stake: 100n },
      { type: 'high', stake: 100n },
    ];
    expect(settleRoulette({ number: 17 }, bets)).toEqual([
      3600n,
      1800n,
      1200n,
      900n,
      600n,
      300n,
      300n,
      200n,
      200n,
      200n,
      0n,
      0n,
      0n,
    ]);
    // Zero loses every outside bet and pays the bets that cover it.
    expect(
      settleRoulette({ number: 0 }, [
        ...bets.slice(5),
        inside('split', [0, 2]),
        inside('corner', [0, 1, 2, 3]),
      ]),
    ).toEqual([0n, 0n, 0n, 0n, 0n, 0n, 0n, 0n, 1800n, 900n]);
    expect(() => rouletteReturn({ number: 1 }, inside('split', [1, 5]))).toThrow(RangeError);
  });

  it('returns 36/37 on every legal bet', () => {
    const all: RouletteBet[] = [
      ...Object.entries(legalInsideBets).flatMap(([type, sets]) =>
        sets.map((n) => inside(type as InsideType, n)),
      ),
      ...([1, 2, 3] as const).flatMap((index) => [
        { type: 'dozen' as const, index, stake: 1n },
        { type: 'column' as const, index, stake: 1n },
      ]),
      ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((type) => ({ type, stake: 1n })),
    ];
    expect(all).toHaveLength(37 + 60 + 14 + 23 + 11 + 6 + 6);
    for (const bet of all) {
      expect(rouletteBetReturn(bet)).toEqual({ n: 36n, d: 37n });
      // The same by settling it on every number.
      const total = Array.from({ length: 37 }, (_, number) =>
        rouletteReturn({ number }, { ...bet, stake: 1n }),
      );
      expect(total.reduce((a, b) => a + b, 0n)).toBe(36n);
    }
  });

  it('spins every number with the same chance (chi-square, one in a million)', () => {
    const source = systemByteSource();
    const counts = new Array<number>(37).fill(0);
    for (let i = 0; i < 37_000; i++) counts[spinRoulette(source).number]! += 1;
    expect(chiSquare(counts)).toBeLessThan(chiSquareCritical(36, oneInAMillion));
  });
});
