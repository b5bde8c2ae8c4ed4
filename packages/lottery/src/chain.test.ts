import { hashServerSeed } from '@tala/slots/fairness';
import { describe, expect, it } from 'vitest';
import { chainLink, chainPlace, chainSeed, chainTerminal, verifyChainSeed } from './chain.ts';
import { drawResult, verifyDraw } from './draw.ts';
import { gameByCode } from './games.ts';

const secret = 'a'.repeat(64);

describe('the CHAIN game’s hash chain', () => {
  it('links each seed to the one before it, back to the published terminal', () => {
    const length = 50;
    const terminal = chainTerminal(secret, length);
    expect(chainLink(secret, length, length)).toBe(secret);
    expect(hashServerSeed(chainLink(secret, length, 1))).toBe(terminal);
    let previous = terminal;
    for (let offset = 0; offset < length; offset++) {
      const seed = chainSeed(secret, length, offset);
      // The commitment of each issue is the seed revealed by the issue before it (the terminal for the first).
      expect(hashServerSeed(seed)).toBe(previous);
      expect(verifyChainSeed(seed, offset, terminal)).toBe(true);
      expect(verifyChainSeed(seed, offset + 1, terminal)).toBe(false);
      previous = seed;
    }
    expect(() => chainLink(secret, length, length + 1)).toThrow(RangeError);
  });

  it('places issues in segments, and draws CHAIN results from a link as any draw from its seed', () => {
    expect(chainPlace(10_080 * 3 + 7)).toEqual({ segment: 3, offset: 7 });
    const game = gameByCode('CHAINF1')!;
    expect(game.seeds).toBe('hashChain');
    const seed = chainSeed(secret, 50, 4);
    const result = drawResult(game, seed, '20261126-0005');
    expect(
      verifyDraw(game, {
        issueNo: '20261126-0005',
        serverSeed: seed,
        serverSeedHash: chainSeed(secret, 50, 3),
        result,
      }),
    ).toMatchObject({ seedMatches: true, resultMatches: true });
  });
});
