import { describe, expect, it } from 'vitest';
import { checkSelection, combinations, linePayout, settleBet } from './game.ts';
import { gameByCode } from './games.ts';
import {
  baCangHit,
  deDauHit,
  deHit,
  isVnResult,
  loHits,
  northernTiers,
  southernTiers,
  tails,
  type VnResult,
  xienHit,
} from './vietnam.ts';

// A northern result written out by hand: special 12345, 1st 67890, ... 7th 45 07 45 99.
const north: VnResult = {
  prizes: [
    ['12345'],
    ['67890'],
    ['00145', '54321'],
    ['11111', '22222', '33333', '44444', '55555', '66666'],
    ['0007', '1234', '5678', '9012'],
    ['3456', '7890', '2345', '6789', '0123', '4567'],
    ['345', '678', '901'],
    ['45', '07', '45', '99'],
  ],
};

const game = gameByCode('VNN1')!;
const type = (code: string) => game.betTypes.find((t) => t.code === code)!;

describe('the Vietnam win rules, against hand-computed examples', () => {
  it('reads the shape: 27 northern prizes, 18 southern ones', () => {
    expect(northernTiers.reduce((s, t) => s + t.count, 0)).toBe(27);
    expect(southernTiers.reduce((s, t) => s + t.count, 0)).toBe(18);
    expect(isVnResult(northernTiers)(north)).toBe(true);
    expect(isVnResult(southernTiers)(north)).toBe(false);
    expect(tails(north, 2)).toHaveLength(27);
    // The four 7th prizes have only two digits: 23 prizes have a last three.
    expect(tails(north, 3)).toHaveLength(23);
  });

  it('lô 2 số counts every prize ending in the number', () => {
    // 45 ends 12345, 00145, 2345, 345 and the 7th prize twice: six times.
    expect(loHits(north, 2, 45)).toBe(6);
    expect(loHits(north, 2, 7)).toBe(2); // 0007 and the 7th prize 07
    expect(loHits(north, 2, 90)).toBe(2); // 67890 and 7890
    expect(loHits(north, 2, 13)).toBe(0);
  });

  it('lô 3 số reads the last three digits of the prizes that have three', () => {
    expect(loHits(north, 3, 345)).toBe(3); // 12345, 2345, 345
    expect(loHits(north, 3, 45)).toBe(0); // 045 is not drawn; the 7th prize's 45 has no third digit
    expect(loHits(north, 3, 7)).toBe(1); // 0007
    expect(loHits(north, 3, 145)).toBe(1);
  });

  it('đề, đề đầu and 3 càng read the special prize only', () => {
    expect(deHit(north, 45)).toBe(1);
    expect(deHit(north, 90)).toBe(0);
    expect(deDauHit(north, 12)).toBe(1);
    expect(deDauHit(north, 45)).toBe(0);
    expect(baCangHit(north, 345)).toBe(1);
    expect(baCangHit(north, 45)).toBe(0);
  });

  it('xiên wins once when every number of the line came out', () => {
    expect(xienHit(north, [45, 7])).toBe(1);
    expect(xienHit(north, [45, 7, 99])).toBe(1);
    expect(xienHit(north, [45, 7, 99, 13])).toBe(0);
    expect(xienHit(north, [11, 22, 33, 44])).toBe(1);
  });

  it('pays stake × odds × hits per line, rounded down to the minor unit', () => {
    // lô 2 số on 45 at ×3.61 (Lott), P10.00 a line: six hits pay 10.00 × 3.61 × 6 = P216.60.
    expect(settleBet(type('lo2'), { picks: [45], stakePerLine: 1000, odds: 3610 }, north)).toEqual({
      win: 21_660,
      lines: [{ line: [45], hits: 6, payout: 21_660 }],
    });
    // Two numbers, two lines: 07 wins twice, 13 loses.
    expect(settleBet(type('lo2'), { picks: [7, 13], stakePerLine: 333, odds: 3610 }, north).win).toBe(
      Math.floor((333 * 3610 * 2) / 1000),
    );
    // đề 45 at ×97.5: P1.00 pays P97.50.
    expect(settleBet(type('de'), { picks: [45], stakePerLine: 100, odds: 97_500 }, north).win).toBe(9750);
    // 3 càng 345 at ×975: P0.50 pays P487.50.
    expect(settleBet(type('bacang'), { picks: [345], stakePerLine: 50, odds: 975_000 }, north).win).toBe(
      48_750,
    );
    // xiên 2 over three numbers is three lines: {7,45} and {7,99} and {45,99} all came out.
    const x = settleBet(type('xien2'), { picks: [99, 45, 7], stakePerLine: 100, odds: 17_700 }, north);
    expect(x.lines.map((l) => l.line)).toEqual([
      [7, 45],
      [7, 99],
      [45, 99],
    ]);
    expect(x.win).toBe(3 * 1770);
    // Rounding: 1 centavo at ×3.61 on one hit is 3.61 centavos, paid 3.
    expect(linePayout(1, 3610, 1)).toBe(3);
    expect(linePayout(1000, 3610, 0)).toBe(0);
  });

  it('makes each k-combination of the picks one line', () => {
    expect(combinations([4, 1, 3, 2], 3)).toEqual([
      [1, 2, 3],
      [1, 2, 4],
      [1, 3, 4],
      [2, 3, 4],
    ]);
    expect(combinations([1, 2, 3, 4, 5, 6, 7, 8], 4)).toHaveLength(70);
  });

  it('refuses fractional, out-of-range and duplicate picks and wrong counts, each with its own code', () => {
    expect(checkSelection(type('lo2'), [12.5])).toEqual({ ok: false, code: 'lottery_pick_fractional' });
    expect(checkSelection(type('lo2'), [100])).toEqual({ ok: false, code: 'lottery_pick_out_of_range' });
    expect(checkSelection(type('lo2'), [-1])).toEqual({ ok: false, code: 'lottery_pick_out_of_range' });
    expect(checkSelection(type('lo2'), ['12'])).toEqual({ ok: false, code: 'lottery_pick_out_of_range' });
    expect(checkSelection(type('lo2'), [12, 12])).toEqual({ ok: false, code: 'lottery_pick_duplicate' });
    expect(checkSelection(type('lo2'), [])).toEqual({ ok: false, code: 'lottery_pick_count' });
    expect(checkSelection(type('xien3'), [1, 2])).toEqual({ ok: false, code: 'lottery_pick_count' });
    expect(checkSelection(type('lo3'), [999, 0])).toEqual({ ok: true, lines: [[999], [0]] });
    expect(checkSelection(type('lo2'), [999])).toEqual({ ok: false, code: 'lottery_pick_out_of_range' });
  });
});
