import { drawsOf } from '@tala/slots/test-sources';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BingoCard,
  card75,
  completedAt,
  drawOrder,
  prizePool,
  settlePattern,
  splitPrize,
  ticket90,
} from './bingo.ts';
import { roundSource } from './round.ts';

const seed = (i: number) => i.toString(16).padStart(64, '0');
const zeros = (n: number) => drawsOf(new Array<number>(n).fill(0));

// The card that draws of 0 give: each column's lowest numbers, in order.
const card: BingoCard = {
  balls: 75,
  rows: [
    [1, 16, 31, 46, 61],
    [2, 17, 32, 47, 62],
    [3, 18, null, 48, 63],
    [4, 19, 33, 49, 64],
    [5, 20, 34, 50, 65],
  ],
};

// Row 0 picks columns 0–4, row 1 columns 5, 6, 7, 8 then 4, row 2 columns 0–4; column 0 then picks 9 and 2.
const ticket: BingoCard = {
  balls: 90,
  rows: [
    [2, 10, 20, 30, 40, null, null, null, null],
    [null, null, null, null, 41, 50, 60, 70, 80],
    [9, 11, 21, 31, 42, null, null, null, null],
  ],
};

describe('cards and tickets', () => {
  it('builds a 75-ball card column by column, with a free centre', () => {
    const source = zeros(24);
    expect(card75(source)).toEqual(card);
    expect(source.remaining()).toBe(0);
  });

  it('builds a 90-ball ticket: the rows’ columns, then each column’s numbers sorted', () => {
    const layout = [0, 0, 0, 0, 0, 5, 5, 5, 5, 0, 0, 0, 0, 0, 0];
    const numbers = [8, 0, ...new Array<number>(13).fill(0)];
    expect(ticket90(drawsOf([...layout, ...numbers]))).toEqual(ticket);
  });

  it('makes valid 75-ball cards (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), (round) => {
        const { rows } = card75(roundSource(seed(1), 'BNG75', round));
        expect(rows[2]![2]).toBeNull();
        const numbers = rows.flat().filter((n) => n !== null);
        expect(new Set(numbers).size).toBe(24);
        rows.forEach((row) => {
          row.forEach((n, c) => {
            if (n !== null) expect(n >= c * 15 + 1 && n <= c * 15 + 15).toBe(true);
          });
        });
      }),
      { numRuns: 200 },
    );
  });

  it('makes valid 90-ball tickets (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e6 }), (round) => {
        const { rows } = ticket90(roundSource(seed(2), 'BNG90', round));
        expect(rows.map((row) => row.filter((n) => n !== null).length)).toEqual([5, 5, 5]);
        expect(new Set(rows.flat().filter((n) => n !== null)).size).toBe(15);
        for (let c = 0; c < 9; c++) {
          const column = rows.map((row) => row[c]).filter((n): n is number => n !== null);
          expect(column.length).toBeGreaterThan(0);
          expect(column).toEqual([...column].sort((a, b) => a - b));
          const [low, high] = c === 0 ? [1, 9] : c === 8 ? [80, 90] : [c * 10, c * 10 + 9];
          for (const n of column) expect(n >= low && n <= high).toBe(true);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('calls every ball once, in an order fixed by the round', () => {
    const order = drawOrder(roundSource(seed(3), 'BNG90', 7), 90);
    expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 90 }, (_, i) => i + 1));
    expect(drawOrder(roundSource(seed(3), 'BNG90', 7), 90)).toEqual(order);
    expect(drawOrder(roundSource(seed(3), 'BNG90', 8), 90)).not.toEqual(order);
  });
});

describe('patterns', () => {
  it('75-ball: line, two lines, four corners, X and full house', () => {
    // Row 2 (3, 18, free, 48, 63) completes on call 5; column B (1–5) on call 10; corners 1, 61, 5, 65 on call 8.
    const calls = [3, 18, 70, 48, 1, 63, 65, 5, 61, 2, 4];
    expect(completedAt(card, 'line', calls)).toBe(5);
    expect(completedAt(card, 'twoLines', calls)).toBe(10);
    expect(completedAt(card, 'fourCorners', calls)).toBe(8);
    expect(completedAt(card, 'x', calls)).toBeNull();
    expect(completedAt(card, 'fullHouse', calls)).toBeNull();
    // The diagonals 1, 17, 49, 65 and 61, 47, 19, 5 (both through the free centre).
    const x = [1, 17, 49, 65, 61, 47, 19, 5];
    expect(completedAt(card, 'line', x)).toBe(3);
    expect(completedAt(card, 'x', x)).toBe(7);
    expect(completedAt(card, 'twoLines', x)).toBe(7);
    const everything = card.rows.flat().filter((n): n is number => n !== null);
    expect(completedAt(card, 'fullHouse', [75, ...everything])).toBe(24);
    expect(() => completedAt(card, 'oneLine', calls)).toThrow(RangeError);
  });

  it('90-ball: one line, two lines, full house', () => {
    const calls = [41, 50, 60, 70, 80, 2, 10, 20, 30, 9, 11, 21, 31, 42, 40];
    expect(completedAt(ticket, 'oneLine', calls)).toBe(4);
    expect(completedAt(ticket, 'twoLines', calls)).toBe(13);
    expect(completedAt(ticket, 'fullHouse', calls)).toBe(14);
    expect(completedAt(ticket, 'fullHouse', calls.slice(0, 14))).toBeNull();
    expect(() => completedAt(ticket, 'x', calls)).toThrow(RangeError);
  });
});

describe('prizes', () => {
  it('shares a pool among the cards completing the pattern on the same call', () => {
    const other: BingoCard = { balls: 90, rows: [ticket.rows[1]!, ticket.rows[0]!, ticket.rows[2]!] };
    const late: BingoCard = {
      balls: 90,
      rows: [ticket.rows[0]!, ticket.rows[2]!, [null, null, null, null, 43, 51, 61, 71, 81]],
    };
    const calls = [41, 50, 60, 70, 80, 2, 10, 20, 30, 40];
    // 65% of 100 001 = 65 000.65 → 65 000; cards 0 and 2 complete a line on call 4 (card 1 on call 9): 32 500 each.
    expect(settlePattern([ticket, late, other], 'oneLine', calls, 100_001n, 650)).toEqual({
      pool: 65_000n,
      callIndex: 4,
      winners: [
        { card: 0, amount: 32_500n },
        { card: 2, amount: 32_500n },
      ],
      house: 0n,
    });
    // Three winners of 65 000: 21 666 each, 2 to the house.
    expect(splitPrize(65_000n, 3)).toEqual({ each: 21_666n, house: 2n });
    expect(completedAt(late, 'oneLine', calls)).toBe(9);
    expect(settlePattern([late], 'fullHouse', calls, 1_000n, 100)).toEqual({
      pool: 100n,
      callIndex: null,
      winners: [],
      house: 100n,
    });
  });

  it('pays out exactly the pool: winners plus the house’s remainder (property)', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 500 }),
        (sales, share, winners) => {
          const pool = prizePool(sales, share);
          expect(pool * 1000n <= sales * BigInt(share) && sales * BigInt(share) < (pool + 1n) * 1000n).toBe(
            true,
          );
          const { each, house } = splitPrize(pool, winners);
          expect(each * BigInt(winners) + house).toBe(pool);
          expect(each >= 0n && house >= 0n).toBe(true);
          if (winners > 0) expect(house < BigInt(winners)).toBe(true);
        },
      ),
    );
  });
});
