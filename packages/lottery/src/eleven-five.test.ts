import { describe, expect, it } from 'vitest';
import { checkSelection, type Game, settleBet } from './game.ts';
import { gameByCode } from './games.ts';

// 11X5 against hand-computed examples (decision 041). Drawn in order: 07 02 11 05 09.
const game = gameByCode('11X5F1') as Game;
const type = (code: string) => game.betTypes.find((t) => t.code === code)!;
const hits = (code: string, picks: number[], result: unknown) =>
  settleBet(type(code), { picks, stakePerLine: 1000, odds: 1000 }, result).lines.map((l) => l.hits);
const r = { balls: [7, 2, 11, 5, 9] };

describe('11X5: the win rules on 07 02 11 05 09', () => {
  it('reads the shape: five different balls of 1–11', () => {
    expect(game.isResult(r)).toBe(true);
    expect(game.isResult({ balls: [7, 7, 11, 5, 9] })).toBe(false);
    expect(game.isResult({ balls: [7, 2, 12, 5, 9] })).toBe(false);
    expect(game.balls(r)).toEqual(['07', '02', '11', '05', '09']);
  });

  it('any-1 to any-5: every number of the line among the five drawn', () => {
    expect(hits('rx1', [7, 8], r)).toEqual([1, 0]);
    expect(hits('rx2', [2, 5, 6], r)).toEqual([1, 0, 0]); // 2-5, 2-6, 5-6
    expect(hits('rx3', [2, 9, 11], r)).toEqual([1]);
    expect(hits('rx5', [2, 5, 7, 9, 11, 1], r)).toEqual([0, 0, 0, 0, 0, 1]); // only 2-5-7-9-11
  });

  it('any-6 to any-8: all five drawn among the line’s numbers', () => {
    expect(hits('rx6', [1, 2, 5, 7, 9, 11], r)).toEqual([1]);
    expect(hits('rx7', [1, 2, 3, 5, 7, 9, 10], r)).toEqual([0]); // 11 missing
    expect(hits('rx8', [1, 2, 3, 4, 5, 7, 9, 11], r)).toEqual([1]);
  });

  it('front-2 and front-3, direct (in order) and group (any order)', () => {
    expect(hits('q2zx', [7, 2, 102, 107], r)).toEqual([0, 1]); // 2-7 loses, 7-2 wins; 2-2, 7-7 are no lines
    expect(type('q2zx').lines([7, 2, 102, 107])).toEqual([
      [2, 7],
      [7, 2],
    ]);
    expect(hits('q2zu', [2, 7], r)).toEqual([1]);
    expect(hits('q3zx', [7, 102, 211], r)).toEqual([1]);
    expect(hits('q3zx', [2, 107, 211], r)).toEqual([0]);
    expect(hits('q3zu', [2, 7, 11], r)).toEqual([1]);
    expect(hits('q3zu', [2, 7, 5], r)).toEqual([0]);
  });

  it('refuses a direct selection that makes no line of different balls', () => {
    expect(checkSelection(type('q2zx'), [7, 107])).toEqual({ ok: false, code: 'lottery_pick_count' });
    expect(checkSelection(type('rx1'), [0])).toEqual({ ok: false, code: 'lottery_pick_out_of_range' });
  });
});
