import { toNumber } from '@tala/slots/fraction';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BaccaratResult,
  baccaratOutcomeCounts,
  baccaratReturns,
  bankerDraws,
  betReturn,
  dealBaccarat,
  playHand,
  settle,
} from './baccarat.ts';
import type { Card } from './cards.ts';
import { roundSource } from './round.ts';

/** Cards in dealing order (P, B, P, B, player's third, banker's third), suits alternating. */
function hand(...ranks: number[]): BaccaratResult {
  const cards: Card[] = ranks.map((rank, i) => ({ rank, suit: i % 2 ? 'H' : 'S' }));
  let k = 0;
  return playHand(() => {
    const card = cards[k++];
    if (!card) throw new Error('the hand needed more cards than the case gives');
    return card;
  });
}

describe('the third-card rule', () => {
  // D = the banker draws, S = stands; by the player's third card 0..9, then "player stood".
  const tableau: Record<number, string> = {
    0: 'DDDDDDDDDD D',
    1: 'DDDDDDDDDD D',
    2: 'DDDDDDDDDD D',
    3: 'DDDDDDDDSD D',
    4: 'SSDDDDDDSS D',
    5: 'SSSSDDDDSS D',
    6: 'SSSSSSDDSS S',
    7: 'SSSSSSSSSS S',
  };
  it('follows the banker’s tableau for every total 0–7 and every player third card', () => {
    for (const [total, row] of Object.entries(tableau)) {
      for (let third = 0; third <= 9; third++)
        expect(bankerDraws(Number(total), third), `banker ${total}, player third ${third}`).toBe(
          row[third] === 'D',
        );
      expect(bankerDraws(Number(total), null), `banker ${total}, player stood`).toBe(row[11] === 'D');
    }
  });

  it('plays written-out hands', () => {
    // Player 2+3 = 5 draws 7 → 2; banker K+4 = 4 sees a 7 and draws 5 → 9.
    expect(hand(2, 13, 3, 4, 7, 5)).toMatchObject({
      playerTotal: 2,
      bankerTotal: 9,
      winner: 'banker',
      natural: false,
    });
    // Player 3+4 = 7 stands; banker 2+3 = 5 draws as if the player's rule: 2 → 7, a tie.
    expect(hand(3, 2, 4, 3, 2)).toMatchObject({ playerTotal: 7, bankerTotal: 7, winner: 'tie' });
    // Player A+A = 2 draws 8 → 0; banker 10+3 = 3 stands on a player's 8.
    const r = hand(1, 10, 1, 3, 8);
    expect(r).toMatchObject({
      playerTotal: 0,
      bankerTotal: 3,
      winner: 'banker',
      playerPair: true,
      bankerPair: false,
    });
    expect(r.banker).toHaveLength(2);
    // Player 5+K = 5 draws 6 → 1; banker 6+J = 6 draws on a 6: Q → 6.
    expect(hand(5, 6, 13, 11, 6, 12)).toMatchObject({ playerTotal: 1, bankerTotal: 6, winner: 'banker' });
    // Player 9+9 = 8 is a natural; the banker's 7 (K+7) stands, nothing is drawn.
    const n = hand(9, 13, 9, 7);
    expect(n).toMatchObject({
      playerTotal: 8,
      bankerTotal: 7,
      winner: 'player',
      natural: true,
      playerPair: true,
    });
    expect([n.player.length, n.banker.length]).toEqual([2, 2]);
    // The banker's natural 9 (4+5) beats a player's 7; the player does not draw.
    expect(hand(3, 4, 4, 5)).toMatchObject({
      playerTotal: 7,
      bankerTotal: 9,
      winner: 'banker',
      natural: true,
    });
    // Both 6 (6+K, 3+3): both stand, a tie with a banker pair.
    expect(hand(6, 3, 13, 3)).toMatchObject({
      winner: 'tie',
      natural: false,
      playerPair: false,
      bankerPair: true,
    });
  });
});

describe('settlement', () => {
  const bets = (stake: bigint) =>
    (['player', 'banker', 'tie', 'playerPair', 'bankerPair'] as const).map((type) => ({ type, stake }));

  it('pays a tie 8:1 and returns player and banker bets', () => {
    expect(settle(hand(6, 3, 13, 3), bets(100n))).toEqual([100n, 100n, 900n, 0n, 1200n]);
  });

  it('pays the player 1:1 and a player pair 11:1', () => {
    expect(settle(hand(9, 13, 9, 7), bets(250n))).toEqual([500n, 0n, 0n, 3000n, 0n]);
  });

  it('pays the banker 1:1 less 5% commission, rounded down', () => {
    const banker = hand(3, 4, 4, 5);
    const r = (stake: bigint) => betReturn(banker, { type: 'banker', stake });
    expect([r(1n), r(19n), r(20n), r(101n), r(1000n)]).toEqual([1n, 37n, 39n, 196n, 1950n]);
  });

  it('refuses a stake that is not a positive bigint', () => {
    expect(() => betReturn(hand(3, 4, 4, 5), { type: 'player', stake: 0n })).toThrow(RangeError);
  });

  it('never returns more than stake × 12 nor less than 0 (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 1_000_000 }),
        fc.integer({ min: 0, max: 1000 }),
        (stake, round) => {
          const result = dealBaccarat(roundSource('ab'.repeat(32), 'BAC1', round));
          for (const value of settle(result, bets(BigInt(stake)))) {
            expect(value >= 0n && value <= BigInt(stake) * 12n).toBe(true);
          }
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe('the exact return by enumerating the 8-deck shoe', () => {
  const counts = baccaratOutcomeCounts();
  const returns = baccaratReturns();

  it('counts every ordered six-card deal once', () => {
    expect(counts.player + counts.banker + counts.tie).toBe(counts.total);
    expect(counts.total).toBe(416n * 415n * 414n * 413n * 412n * 411n);
  });

  it('gives the known chances: banker 0.458597, player 0.446247, tie 0.095156', () => {
    const p = (x: bigint) => Number((x * 10n ** 12n) / counts.total) / 1e12;
    expect(p(counts.banker)).toBeCloseTo(0.458597, 6);
    expect(p(counts.player)).toBeCloseTo(0.446247, 6);
    expect(p(counts.tie)).toBeCloseTo(0.095156, 6);
  });

  it('gives the known returns: banker 98.94%, player 98.76%, tie 85.64%, pairs 89.64%', () => {
    expect(toNumber(returns.banker)).toBeCloseTo(0.98942, 4);
    expect(toNumber(returns.player)).toBeCloseTo(0.98765, 4);
    expect(toNumber(returns.tie)).toBeCloseTo(0.8564, 4);
    expect(returns.playerPair).toEqual({ n: 372n, d: 415n });
    expect(toNumber(returns.bankerPair)).toBeCloseTo(0.8964, 4);
  });
});
