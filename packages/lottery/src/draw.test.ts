import { hashServerSeed } from '@tala/slots/fairness';
import { chiSquare, chiSquareCritical } from '@tala/slots/test-sources';
import { describe, expect, it } from 'vitest';
import { drawResult, verifyDraw } from './draw.ts';
import { gameByCode, lotteryGames } from './games.ts';
import { tails, type VnResult } from './vietnam.ts';

const seed = (i: number) => i.toString(16).padStart(64, '0');

describe('provably-fair draws', () => {
  it('draws the same result from the same seed and issue, and another for another issue', () => {
    const game = gameByCode('VNN1')!;
    const a = drawResult(game, seed(1), '20261126-0001');
    expect(drawResult(game, seed(1), '20261126-0001')).toEqual(a);
    expect(drawResult(game, seed(1), '20261126-0002')).not.toEqual(a);
    expect(drawResult(game, seed(2), '20261126-0001')).not.toEqual(a);
    expect(game.isResult(a)).toBe(true);
  });

  it('is checked against its commitment and recomputed by the verifier', () => {
    for (const game of lotteryGames) {
      const serverSeed = seed(7);
      const result = drawResult(game, serverSeed, '20261126-0421');
      const draw = {
        issueNo: '20261126-0421',
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
        result,
      };
      expect(verifyDraw(game, draw)).toMatchObject({ seedMatches: true, resultMatches: true });
      expect(verifyDraw(game, { ...draw, serverSeed: seed(8) })).toMatchObject({
        seedMatches: false,
        resultMatches: false,
      });
    }
  });

  it('gives every two-digit ending of every prize the same chance (chi-square at the 0.1% level)', () => {
    for (const code of ['VNN1', 'VNS1']) {
      const game = gameByCode(code)!;
      const counts = new Array<number>(100).fill(0);
      const specials = new Array<number>(10).fill(0);
      for (let i = 0; i < 4000; i++) {
        const result = drawResult(game, seed(1000 + i), `20261126-${i}`) as VnResult;
        for (const t of tails(result, 2)) counts[t]! += 1;
        specials[Number(result.prizes[0]![0]!.at(0))]! += 1;
      }
      expect(chiSquare(counts)).toBeLessThan(chiSquareCritical(99));
      expect(chiSquare(specials)).toBeLessThan(chiSquareCritical(9));
    }
  });
});
