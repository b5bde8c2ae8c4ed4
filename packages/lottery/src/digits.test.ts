import { describe, expect, it } from 'vitest';
import { checkSelection, type Game, settleBet } from './game.ts';
import { gameByCode } from './games.ts';

// SSC, CHAIN (five digits) and LF (three digits, "3D") against hand-computed examples (decision 041).
const ssc = gameByCode('SSCF1') as Game;
const lf = gameByCode('LFF5') as Game;
const type = (game: Game, code: string) => game.betTypes.find((t) => t.code === code)!;
/** The hits of every line of a selection, as the server settles it. */
const hits = (game: Game, code: string, picks: number[], result: unknown) =>
  settleBet(type(game, code), { picks, stakePerLine: 1000, odds: 1000 }, result).lines.map((l) => l.hits);

// A result written out: 3 8 8 1 6 (sum 26).
const r = { digits: [3, 8, 8, 1, 6] };

describe('SSC: the win rules on 3 8 8 1 6', () => {
  it('reads the shape and the main row', () => {
    expect(ssc.isResult(r)).toBe(true);
    expect(ssc.isResult({ digits: [3, 8, 8, 1] })).toBe(false);
    expect(ssc.isResult({ digits: [3, 8, 8, 1, 10] })).toBe(false);
    expect(ssc.balls(r)).toEqual(['3', '8', '8', '1', '6']);
    expect(gameByCode('CHAINF1')!.betTypes.map((t) => t.code)).toEqual(ssc.betTypes.map((t) => t.code));
  });

  it('1-star per position: position × 100 + digit', () => {
    // 1st is 3, 2nd 8, 5th 6; 1st 4 and 4th 2 lose.
    expect(hits(ssc, 'dw', [3, 108, 406, 4, 302], r)).toEqual([1, 1, 1, 0, 0]);
  });

  it('front/middle/back three direct: one digit per position, every combination a line', () => {
    // Front is 3 8 8: lines 3-8-8 and 3-8-9 (picks 1st 3; 2nd 8; 3rd 8 and 9).
    expect(hits(ssc, 'q3zx', [3, 108, 208, 209], r)).toEqual([1, 0]);
    // Middle 8 8 1, back 8 1 6.
    expect(hits(ssc, 'z3zx', [8, 108, 201], r)).toEqual([1]);
    expect(hits(ssc, 'h3zx', [8, 101, 206], r)).toEqual([1]);
    expect(hits(ssc, 'h3zx', [6, 101, 208], r)).toEqual([0]);
    // A position left empty makes no line: refused.
    expect(checkSelection(type(ssc, 'q3zx'), [3, 108, 109])).toEqual({
      ok: false,
      code: 'lottery_pick_count',
    });
  });

  it('group-3 (a pair and another digit, any order) and group-6 (three different, any order)', () => {
    // Front 3 8 8 is the pair 8 with 3: picks 3, 8 make lines (3,8) = 3 3 8 and (8,3) = 8 8 3; only the second wins.
    expect(type(ssc, 'q3z3').lines([3, 8])).toEqual([
      [3, 8],
      [8, 3],
    ]);
    expect(hits(ssc, 'q3z3', [3, 8], r)).toEqual([0, 1]);
    // Back 8 1 6: three different, so group-3 cannot win and group-6 {1, 6, 8} does.
    expect(hits(ssc, 'h3z3', [1, 6, 8], r).every((h) => h === 0)).toBe(true);
    expect(hits(ssc, 'h3z6', [1, 6, 8, 9], r)).toEqual([1, 0, 0, 0]); // lines 1-6-8, 1-6-9, 1-8-9, 6-8-9
    // Front 3 8 8 is a pair: group-6 never wins on it.
    expect(hits(ssc, 'q3z6', [3, 8, 9], r)).toEqual([0]);
  });

  it('big/small/odd/even per position (big 5–9) and of the sum of five (big 23–45)', () => {
    // 1st 3: small, odd; 5th 6: big, even.
    expect(hits(ssc, 'dxds', [0, 1, 2, 3, 400, 401, 402, 403], r)).toEqual([0, 1, 1, 0, 1, 0, 0, 1]);
    // Sum 26: big, even.
    expect(hits(ssc, 'zh', [0, 1, 2, 3], r)).toEqual([1, 0, 0, 1]);
    expect(hits(ssc, 'zh', [0, 1], { digits: [4, 4, 4, 5, 5] })).toEqual([0, 1]); // 22: small
    expect(hits(ssc, 'zh', [0, 1], { digits: [4, 4, 5, 5, 5] })).toEqual([1, 0]); // 23: big
  });

  it('refuses a position or option out of range', () => {
    expect(checkSelection(type(ssc, 'dw'), [510])).toEqual({ ok: false, code: 'lottery_pick_out_of_range' });
    expect(checkSelection(type(ssc, 'dw'), [10])).toEqual({ ok: false, code: 'lottery_pick_out_of_range' });
    expect(checkSelection(type(ssc, 'dxds'), [4])).toEqual({ ok: false, code: 'lottery_pick_out_of_range' });
    expect(checkSelection(type(ssc, 'dw'), [-1])).toEqual({ ok: false, code: 'lottery_pick_out_of_range' });
  });
});

describe('LF (3D): the win rules on 0 5 5', () => {
  const d = { digits: [0, 5, 5] };
  it('direct, group-3, group-6, per position, sum (big 14–27)', () => {
    expect(lf.isResult(d)).toBe(true);
    expect(lf.isResult(r)).toBe(false);
    expect(hits(lf, 'zx', [0, 105, 205], d)).toEqual([1]);
    expect(hits(lf, 'z3', [0, 5], d)).toEqual([0, 1]); // 0 0 5 loses, 5 5 0 wins
    expect(hits(lf, 'z6', [0, 5, 6], d)).toEqual([0]);
    expect(hits(lf, 'dw', [0, 105, 206], d)).toEqual([1, 1, 0]);
    // Sum 10: small, even.
    expect(hits(lf, 'zh', [0, 1, 2, 3], d)).toEqual([0, 1, 0, 1]);
    expect(hits(lf, 'zh', [0, 1], { digits: [9, 5, 0] })).toEqual([1, 0]); // 14: big
  });
});
