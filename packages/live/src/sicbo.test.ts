import { toNumber } from '@tala/slots/fraction';
import { drawsOf } from '@tala/slots/test-sources';
import { describe, expect, it } from 'vitest';
import {
  checkSicBoBet,
  everySicBoBet,
  rollSicBo,
  type SicBoBet,
  settleSicBo,
  sicBoBetReturn,
  sicBoReturn,
} from './sicbo.ts';

type Unstaked<T> = T extends unknown ? Omit<T, 'stake'> : never;
const bet = (b: Unstaked<SicBoBet>): SicBoBet => ({ ...b, stake: 100n }) as SicBoBet;

describe('sic bo', () => {
  it('rolls three dice from the stream', () => {
    expect(rollSicBo(drawsOf([0, 5, 2]))).toEqual({ dice: [1, 6, 3] });
  });

  it('settles written-out rolls', () => {
    const bets = [
      bet({ type: 'small' }),
      bet({ type: 'big' }),
      bet({ type: 'anyTriple' }),
      bet({ type: 'triple', number: 2 }),
      bet({ type: 'double', number: 2 }),
      bet({ type: 'single', number: 2 }),
      bet({ type: 'total', total: 6 }),
      bet({ type: 'combination', numbers: [2, 4] }),
    ];
    // 2,2,2: a triple, total 6; small loses on it.
    expect(settleSicBo({ dice: [2, 2, 2] }, bets)).toEqual([0n, 0n, 3100n, 18100n, 1100n, 400n, 1800n, 0n]);
    // 2,4,2: total 8, small; double 2; single 2 shown twice; combination 2-4.
    expect(settleSicBo({ dice: [2, 4, 2] }, bets)).toEqual([200n, 0n, 0n, 0n, 1100n, 300n, 0n, 600n]);
    // 6,5,1: total 12, big; none of the rest.
    expect(settleSicBo({ dice: [6, 5, 1] }, bets)).toEqual([0n, 200n, 0n, 0n, 0n, 0n, 0n, 0n]);
    // Totals 4 and 17 pay 60:1, 10 and 11 pay 6:1.
    expect(sicBoReturn({ dice: [1, 1, 2] }, bet({ type: 'total', total: 4 }))).toBe(6100n);
    expect(sicBoReturn({ dice: [6, 6, 5] }, bet({ type: 'total', total: 17 }))).toBe(6100n);
    expect(sicBoReturn({ dice: [3, 3, 4] }, bet({ type: 'total', total: 10 }))).toBe(700n);
    expect(sicBoReturn({ dice: [3, 3, 5] }, bet({ type: 'total', total: 11 }))).toBe(700n);
    expect(sicBoReturn({ dice: [3, 3, 3] }, bet({ type: 'single', number: 3 }))).toBe(400n);
  });

  it('refuses bets that are not on the table', () => {
    expect(() => checkSicBoBet(bet({ type: 'total', total: 3 }))).toThrow(RangeError);
    expect(() => checkSicBoBet(bet({ type: 'combination', numbers: [4, 4] }))).toThrow(RangeError);
    expect(() => checkSicBoBet(bet({ type: 'single', number: 7 }))).toThrow(RangeError);
    expect(() => checkSicBoBet({ type: 'big', stake: 0n })).toThrow(RangeError);
  });

  it('declares the exact returns, counted by hand over the 216 rolls', () => {
    const r = (b: Unstaked<SicBoBet>) => sicBoBetReturn(bet(b));
    // Small: totals 4–10 are 108 rolls, 3 of them triples (1-1-1, 2-2-2, 3-3-3): 105 × 2 / 216.
    expect(r({ type: 'small' })).toEqual({ n: 35n, d: 36n });
    expect(r({ type: 'big' })).toEqual({ n: 35n, d: 36n });
    expect(r({ type: 'triple', number: 6 })).toEqual({ n: 181n, d: 216n }); // 1 × 181
    expect(r({ type: 'anyTriple' })).toEqual({ n: 31n, d: 36n }); // 6 × 31 / 216
    expect(r({ type: 'double', number: 1 })).toEqual({ n: 22n, d: 27n }); // 16 rolls × 11 / 216
    // Single: one die 75 rolls × 2, two 15 × 3, three 1 × 4 = 199 / 216.
    expect(r({ type: 'single', number: 4 })).toEqual({ n: 199n, d: 216n });
    expect(r({ type: 'combination', numbers: [1, 6] })).toEqual({ n: 5n, d: 6n }); // 30 rolls × 6 / 216
    // Totals: ways 3, 6, 10, 15, 21, 25, 27 for 4 … 10, times the return.
    const ways: Record<number, number> = { 4: 3, 5: 6, 6: 10, 7: 15, 8: 21, 9: 25, 10: 27 };
    const odds: Record<number, number> = { 4: 61, 5: 31, 6: 18, 7: 13, 8: 9, 9: 7, 10: 7 };
    for (let t = 4; t <= 10; t++) {
      const expected = toNumber({ n: BigInt(ways[t]! * odds[t]!), d: 216n });
      expect(toNumber(r({ type: 'total', total: t }))).toBe(expected);
      expect(r({ type: 'total', total: 21 - t })).toEqual(r({ type: 'total', total: t }));
    }
    expect(everySicBoBet()).toHaveLength(3 + 18 + 14 + 15);
  });
});
