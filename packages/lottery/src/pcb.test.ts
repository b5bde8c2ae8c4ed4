import { describe, expect, it } from 'vitest';
import { betOdds, type Game, settleBet } from './game.ts';
import { gameByCode } from './games.ts';

// PC28 against hand-computed examples (decision 041). Digits 6 0 8: sum 14.
const game = gameByCode('PCBF3') as Game;
const type = (code: string) => game.betTypes.find((t) => t.code === code)!;
const hits = (code: string, picks: number[], result: unknown) =>
  settleBet(type(code), { picks, stakePerLine: 1000, odds: 1000 }, result).lines.map((l) => l.hits);
const r = { digits: [6, 0, 8] };

describe('PC28: the win rules on 6 0 8 (sum 14)', () => {
  it('reads the shape', () => {
    expect(game.isResult(r)).toBe(true);
    expect(game.balls(r)).toEqual(['6', '0', '8']);
  });

  it('sum 0–27, each with its own odds', () => {
    expect(hits('hz', [14], r)).toEqual([1]);
    expect(hits('hz', [13], r)).toEqual([0]);
    // 0 and 27: one way of 1000 each; 13 and 14: 75 ways.
    expect(betOdds(type('hz'), 'Lott', [0])).toBe(975_000);
    expect(betOdds(type('hz'), 'Lott', [13])).toBe(13_000);
  });

  it('big (14–27), small (0–13), odd, even; no special rule for 13 and 14', () => {
    expect(hits('dxds', [0, 1, 2, 3], r)).toEqual([1, 0, 0, 1]);
    expect(hits('dxds', [0, 1, 2, 3], { digits: [4, 9, 0] })).toEqual([0, 1, 1, 0]); // 13
  });

  it('combos big-odd, big-even, small-odd, small-even, each with its own odds', () => {
    expect(hits('zh', [1], r)).toEqual([1]);
    expect(hits('zh', [0], r)).toEqual([0]);
    // Big-odd and small-even mirror each other (s ↔ 27 − s), as do big-even and small-odd; odd and even do not.
    expect(betOdds(type('zh'), 'Lott', [0])).toBe(betOdds(type('zh'), 'Lott', [3]));
    expect(betOdds(type('zh'), 'Lott', [1])).toBe(betOdds(type('zh'), 'Lott', [2]));
    expect(betOdds(type('zh'), 'Lott', [0])).not.toBe(betOdds(type('zh'), 'Lott', [1]));
  });

  it('extremes: extreme big 22–27, extreme small 0–5', () => {
    expect(hits('jz', [0, 1], r)).toEqual([0, 0]);
    expect(hits('jz', [0, 1], { digits: [9, 9, 4] })).toEqual([1, 0]);
    expect(hits('jz', [0, 1], { digits: [0, 2, 3] })).toEqual([0, 1]);
  });
});
