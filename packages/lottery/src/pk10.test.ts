import { describe, expect, it } from 'vitest';
import { betOdds, type Game, settleBet } from './game.ts';
import { gameByCode } from './games.ts';

// PK10 against hand-computed examples (decision 041). Places 1st to 10th: 3 9 1 10 6 2 8 5 4 7.
const game = gameByCode('PK10F1') as Game;
const type = (code: string) => game.betTypes.find((t) => t.code === code)!;
const hits = (code: string, picks: number[], result: unknown) =>
  settleBet(type(code), { picks, stakePerLine: 1000, odds: 1000 }, result).lines.map((l) => l.hits);
const r = { places: [3, 9, 1, 10, 6, 2, 8, 5, 4, 7] };

describe('PK10: the win rules on 3 9 1 10 6 2 8 5 4 7', () => {
  it('reads the shape: a permutation of 1–10', () => {
    expect(game.isResult(r)).toBe(true);
    expect(game.isResult({ places: [3, 3, 1, 10, 6, 2, 8, 5, 4, 7] })).toBe(false);
    expect(game.balls(r)).toEqual(['03', '09', '01', '10', '06', '02', '08', '05', '04', '07']);
  });

  it('number per place (place × 100 + car)', () => {
    expect(hits('dw', [3, 109, 310, 907, 4], r)).toEqual([1, 1, 1, 1, 0]);
  });

  it('big (6–10), small, odd, even per place', () => {
    // 1st is 3: small, odd; 4th is 10: big, even.
    expect(hits('dxds', [0, 1, 2, 3, 300, 301, 302, 303], r)).toEqual([0, 1, 1, 0, 1, 0, 0, 1]);
  });

  it('dragon/tiger: 1st v 10th, 2nd v 9th, ... 5th v 6th', () => {
    // 3 v 7 tiger; 9 v 4 dragon; 1 v 5 tiger; 10 v 8 dragon; 6 v 2 dragon.
    expect(hits('lh', [0, 1, 100, 200, 301, 400], r)).toEqual([0, 1, 1, 0, 0, 1]);
  });

  it('champion + runner-up sum and its big (12–19), small, odd, even, each pick its own odds', () => {
    // 3 + 9 = 12: big, even.
    expect(hits('gyh', [12], r)).toEqual([1]);
    expect(hits('gyh', [11], r)).toEqual([0]);
    expect(hits('gydxds', [0], r)).toEqual([1]);
    expect(hits('gydxds', [3], r)).toEqual([1]);
    expect(hits('gydxds', [1], r)).toEqual([0]);
    // Big wins 40 of 90 orders, small 50: big pays 90/40 × 0.975 = 2.193, small 90/50 × 0.975 = 1.755.
    expect(betOdds(type('gydxds'), 'Lott', [0])).toBe(2_193);
    expect(betOdds(type('gydxds'), 'Lott', [1])).toBe(1_755);
    // Sum 3 (1+2, 2+1): 2 of 90.
    expect(betOdds(type('gyh'), 'Lott', [3])).toBe(43_870);
  });
});
