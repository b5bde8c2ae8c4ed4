import { describe, expect, it } from 'vitest';
import { betOdds, type Game, settleBet } from './game.ts';
import { gameByCode } from './games.ts';

// LHC against hand-computed examples (decision 041). Regular 04 11 23 30 38 45, special 17.
const game = gameByCode('LHCF5') as Game;
const type = (code: string) => game.betTypes.find((t) => t.code === code)!;
const hits = (code: string, picks: number[], result: unknown) =>
  settleBet(type(code), { picks, stakePerLine: 1000, odds: 1000 }, result).lines.map((l) => l.hits);
const r = { regular: [4, 11, 23, 30, 38, 45], special: 17 };

describe('LHC: the win rules on 04 11 23 30 38 45 + 17', () => {
  it('reads the shape: seven different numbers of 1–49, the special last in the main row', () => {
    expect(game.isResult(r)).toBe(true);
    expect(game.isResult({ ...r, special: 45 })).toBe(false);
    expect(game.isResult({ ...r, special: 50 })).toBe(false);
    expect(game.balls(r)).toEqual(['04', '11', '23', '30', '38', '45', '17']);
  });

  it('special number; a regular number does not count', () => {
    expect(hits('tm', [17, 4], r)).toEqual([1, 0]);
  });

  it('special big (25–48), small (1–24), odd, even; 49 loses all four', () => {
    expect(hits('tmdxds', [0, 1, 2, 3], r)).toEqual([0, 1, 1, 0]);
    expect(hits('tmdxds', [0, 1, 2, 3], { ...r, special: 48 })).toEqual([1, 0, 0, 1]);
    expect(hits('tmdxds', [0, 1, 2, 3], { ...r, special: 49 })).toEqual([0, 0, 0, 0]);
  });

  it('colour waves of the special: 17 green, 1 red, 3 blue; red (17 numbers) pays less than blue (16)', () => {
    expect(hits('bs', [2], r)).toEqual([1]);
    expect(hits('bs', [0], r)).toEqual([0]);
    expect(hits('bs', [0], { ...r, special: 1 })).toEqual([1]);
    expect(hits('bs', [1], { ...r, special: 3 })).toEqual([1]);
    expect(betOdds(type('bs'), 'Lott', [0])).toBe(2_810); // 49/17 × 0.975 = 2.8102…
    expect(betOdds(type('bs'), 'Lott', [1])).toBe(2_985); // 49/16 × 0.975 = 2.9859…
  });

  it('N of regular: any one, two of regular, three of regular (the special never counts)', () => {
    expect(hits('zm1', [4, 17, 45], r)).toEqual([1, 0, 1]);
    expect(hits('lm2', [4, 11, 17], r)).toEqual([1, 0, 0]); // 4-11, 4-17, 11-17
    expect(hits('lm3', [4, 23, 45], r)).toEqual([1]);
    expect(hits('lm3', [4, 23, 17], r)).toEqual([0]);
  });
});
