import { hashServerSeed, streamBlock } from '@tala/slots/fairness';
import { describe, expect, it } from 'vitest';
import { roundSource } from './round.ts';
import {
  type LiveGame,
  liveGames,
  roundResult,
  verifyBaccarat,
  verifyBingo75,
  verifyBingo90,
  verifyDragonTiger,
  verifyRoulette,
  verifyRound,
  verifySicBo,
} from './verify.ts';

const seed = (i: number) => i.toString(16).padStart(64, '0');

describe('verifying a round', () => {
  it('compares results key order aside (the database hands a stored result back with its keys reordered)', () => {
    const result = roundResult('baccarat', seed(3), 'BAC-1', 7);
    const reordered = JSON.parse(JSON.stringify(Object.fromEntries(Object.entries(result).reverse())));
    expect(JSON.stringify(reordered)).not.toBe(JSON.stringify(result));
    const round = {
      serverSeed: seed(3),
      serverSeedHash: hashServerSeed(seed(3)),
      tableCode: 'BAC-1',
      roundNo: 7,
    };
    expect(verifyBaccarat({ ...round, result: reordered })).toMatchObject({
      seedMatches: true,
      resultMatches: true,
    });
  });

  it('reads the round stream HMAC(server seed, "table/round:0:counter")', () => {
    const block = streamBlock(seed(1), 'ROU1/42', 0, 0);
    const expected = ((block[0]! * 256 + block[1]!) * 256 + block[2]!) * 256 + block[3]!;
    // The first four bytes, big-endian, fall below the largest multiple of 37 under 2^32, so no draw is rejected.
    expect(expected).toBeLessThan(2 ** 32 - (2 ** 32 % 37));
    expect(roundSource(seed(1), 'ROU1', 42).nextByte()).toBe(block[0]);
    expect(roundResult('roulette', seed(1), 'ROU1', 42)).toEqual({ number: expected % 37 });
  });

  it('confirms a true round and catches a wrong seed, a wrong hash or a changed result, for every game', () => {
    const verifiers = {
      baccarat: verifyBaccarat,
      dragonTiger: verifyDragonTiger,
      roulette: verifyRoulette,
      sicbo: verifySicBo,
      bingo75: verifyBingo75,
      bingo90: verifyBingo90,
    } satisfies Record<LiveGame, unknown>;
    for (const game of Object.keys(liveGames) as LiveGame[]) {
      const round = {
        serverSeed: seed(7),
        serverSeedHash: hashServerSeed(seed(7)),
        tableCode: 'T1',
        roundNo: 1001,
        result: roundResult(game, seed(7), 'T1', 1001) as unknown,
      };
      // A stored result has been through JSON.
      const stored = { ...round, result: JSON.parse(JSON.stringify(round.result)) };
      expect(verifiers[game](stored)).toMatchObject({ seedMatches: true, resultMatches: true });
      expect(verifyRound(game, { ...stored, serverSeed: seed(8) })).toMatchObject({
        seedMatches: false,
        resultMatches: false,
      });
      expect(verifyRound(game, { ...stored, serverSeedHash: hashServerSeed(seed(8)) }).seedMatches).toBe(
        false,
      );
      const other = roundResult(game, seed(7), 'T1', 1002);
      expect(verifyRound(game, { ...stored, result: other })).toMatchObject({ resultMatches: false });
      expect(verifyRound(game, { ...stored, tableCode: 'T2' }).resultMatches).toBe(false);
    }
  });
});
