import { describe, expect, it } from 'vitest';
import { betOdds, type Game, settleBet } from './game.ts';
import { gameByCode } from './games.ts';

// K3 against hand-computed examples (decision 041).
const game = gameByCode('K3F1') as Game;
const type = (code: string) => game.betTypes.find((t) => t.code === code)!;
const hits = (code: string, picks: number[], result: unknown) =>
  settleBet(type(code), { picks, stakePerLine: 1000, odds: 1000 }, result).lines.map((l) => l.hits);
const r = { dice: [2, 5, 2] }; // sum 9
const triple = { dice: [4, 4, 4] }; // sum 12

describe('K3: the win rules on 2 5 2 and 4 4 4', () => {
  it('reads the shape', () => {
    expect(game.isResult(r)).toBe(true);
    expect(game.isResult({ dice: [0, 5, 2] })).toBe(false);
    expect(game.balls(r)).toEqual(['2', '5', '2']);
  });

  it('sum 3–18, one sum a bet, each with its own odds', () => {
    expect(hits('hz', [9], r)).toEqual([1]);
    expect(hits('hz', [12], r)).toEqual([0]);
    expect(hits('hz', [12], triple)).toEqual([1]);
    // Sum 3 (one throw of 216) pays far more than sum 10 (27 of 216).
    expect(betOdds(type('hz'), 'Lott', [3])).toBe(210_600); // 216 × 0.975
    expect(betOdds(type('hz'), 'Lott', [10])).toBe(7_800); // 8 × 0.975
  });

  it('triples: specific and any', () => {
    expect(hits('sthdx', [4, 2], triple)).toEqual([1, 0]);
    expect(hits('sthdx', [2], r)).toEqual([0]);
    expect(hits('sthtx', [0], triple)).toEqual([1]);
    expect(hits('sthtx', [0], r)).toEqual([0]);
  });

  it('pair (two or three of the number), two different, three different', () => {
    expect(hits('ethfx', [2, 5], r)).toEqual([1, 0]);
    expect(hits('ethfx', [4], triple)).toEqual([1]);
    expect(hits('ebth', [2, 5, 6], r)).toEqual([1, 0, 0]); // 2-5, 2-6, 5-6
    expect(hits('ebth', [4, 5], triple)).toEqual([0]);
    expect(hits('sbth', [2, 5, 6], r)).toEqual([0]); // 2 5 2 is not three different
    expect(hits('sbth', [1, 3, 6], { dice: [6, 1, 3] })).toEqual([1]);
  });

  it('big (11–17), small (4–10), odd, even of the sum; any triple loses all four', () => {
    expect(hits('dxds', [0, 1, 2, 3], r)).toEqual([0, 1, 1, 0]); // 9: small, odd
    expect(hits('dxds', [0, 1, 2, 3], { dice: [6, 5, 6] })).toEqual([1, 0, 1, 0]); // 17
    expect(hits('dxds', [0, 1, 2, 3], triple)).toEqual([0, 0, 0, 0]);
    expect(hits('dxds', [0, 1, 2, 3], { dice: [1, 1, 1] })).toEqual([0, 0, 0, 0]);
  });
});
