import { toNumber } from '@tala/slots/fraction';
import { drawsOf } from '@tala/slots/test-sources';
import { describe, expect, it } from 'vitest';
import { orderedShoe } from './cards.ts';
import {
  type DragonTigerResult,
  dealDragonTiger,
  dragonTigerReturn,
  dragonTigerReturns,
  settleDragonTiger,
} from './dragon-tiger.ts';

const result = (dragon: number, tiger: number): DragonTigerResult => ({
  dragon: { rank: dragon, suit: 'S' },
  tiger: { rank: tiger, suit: 'H' },
  winner: dragon > tiger ? 'dragon' : tiger > dragon ? 'tiger' : 'tie',
});

describe('dragon tiger', () => {
  it('deals dragon then tiger from the shoe; ace is low, king high', () => {
    // Draw 0 deals A♠ to the dragon; draw 12 from the 415 left deals position 1 + 12 = 13, the A♥: a tie.
    const shoe = orderedShoe(8);
    expect(shoe[13]).toEqual({ rank: 1, suit: 'H' });
    expect(dealDragonTiger(drawsOf([0, 12]))).toEqual({ dragon: shoe[0], tiger: shoe[13], winner: 'tie' });
    // Draw 12 first: the K♠ to the dragon; then position 1 (2♠) to the tiger.
    expect(dealDragonTiger(drawsOf([12, 0]))).toMatchObject({
      dragon: { rank: 13 },
      tiger: { rank: 2 },
      winner: 'dragon',
    });
    expect(dealDragonTiger(drawsOf([0, 0]))).toMatchObject({ winner: 'tiger' });
  });

  it('pays dragon and tiger 1:1, tie 8:1, and returns half of dragon and tiger on a tie (rounded down)', () => {
    const bets = (stake: bigint) => (['dragon', 'tiger', 'tie'] as const).map((type) => ({ type, stake }));
    expect(settleDragonTiger(result(13, 1), bets(100n))).toEqual([200n, 0n, 0n]);
    expect(settleDragonTiger(result(2, 11), bets(100n))).toEqual([0n, 200n, 0n]);
    expect(settleDragonTiger(result(7, 7), bets(100n))).toEqual([50n, 50n, 900n]);
    expect(settleDragonTiger(result(7, 7), bets(101n))).toEqual([50n, 50n, 909n]);
    expect(dragonTigerReturn(result(7, 7), { type: 'dragon', stake: 1n })).toBe(0n);
    expect(() => dragonTigerReturn(result(7, 7), { type: 'tie', stake: -1n })).toThrow(RangeError);
  });

  it('declares the exact returns: dragon/tiger 799/830 (96.27%), tie 279/415 (67.23%)', () => {
    // A tie is 31 of the 415 cards left; a side wins (415 − 31)/2 = 192 of 415: 2 × 192/415 + ½ × 31/415.
    const r = dragonTigerReturns();
    expect(r.dragon).toEqual({ n: 799n, d: 830n });
    expect(r.tiger).toEqual(r.dragon);
    expect(r.tie).toEqual({ n: 279n, d: 415n });
    expect(toNumber(r.dragon)).toBeCloseTo(0.9627, 4);
  });
});
