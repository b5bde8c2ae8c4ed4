import type { LiveRound } from '@tala/contracts/live';
import type { BaccaratResult } from '@tala/live/baccarat';
import { describe, expect, it } from 'vitest';
import {
  addChip,
  chipClass,
  chipStack,
  chipTotal,
  clockOffset,
  dealOrder,
  isBaccaratResult,
  isResultOf,
  mergeChips,
  placementKey,
  roundPhase,
  secondsLeft,
  serverNow,
  spotLabel,
  spotWins,
} from './logic.ts';

const round = (over: Partial<LiveRound> = {}): LiveRound => ({
  tableCode: 'BAC-2',
  roundNo: 7,
  opensAt: '2026-01-01T00:00:00.000Z',
  closesAt: '2026-01-01T00:00:10.000Z',
  endsAt: '2026-01-01T00:00:18.000Z',
  serverSeedHash: 'a'.repeat(64),
  status: 'open',
  result: null,
  serverSeed: null,
  ...over,
});

describe('the client clock corrected by the server', () => {
  it('measures how far the server is ahead, with half the round trip', () => {
    const local = Date.parse('2026-01-01T00:00:00.000Z');
    expect(clockOffset('2026-01-01T00:00:05.000Z', local)).toBe(5000);
    expect(clockOffset('2026-01-01T00:00:05.000Z', local, 200)).toBe(5100);
    expect(clockOffset('2025-12-31T23:59:58.000Z', local)).toBe(-2000);
    expect(clockOffset('not a date', local)).toBe(0);
    expect(serverNow(5000, local)).toBe(local + 5000);
  });

  it('counts down to the close in whole seconds by the server clock, never below zero', () => {
    const closes = round().closesAt;
    const start = Date.parse(round().opensAt);
    // The browser is 3 s behind: its 00:00:00 is the server's 00:00:03, so 7 s are left, not 10.
    expect(secondsLeft(closes, serverNow(3000, start))).toBe(7);
    expect(secondsLeft(closes, start + 9_001)).toBe(1);
    expect(secondsLeft(closes, start + 10_000)).toBe(0);
    expect(secondsLeft(closes, start + 60_000)).toBe(0);
  });

  it('tells betting from no more bets by the server time, and the dealt and void rounds by status', () => {
    const start = Date.parse(round().opensAt);
    expect(roundPhase(round(), start + 9_999)).toBe('betting');
    expect(roundPhase(round(), start + 10_000)).toBe('closed');
    expect(roundPhase(round({ status: 'settled' }), start + 1000)).toBe('result');
    expect(roundPhase(round({ status: 'void' }), start + 1000)).toBe('void');
  });
});

describe('chips', () => {
  it('adds chips per spot and totals them', () => {
    let chips = addChip({}, 'player', 1000);
    chips = addChip(chips, 'player', 5000);
    chips = addChip(chips, 'banker', 10_000);
    expect(chips).toEqual({ player: 6000, banker: 10_000 });
    expect(chipTotal(chips)).toBe(16_000);
    expect(chipTotal({})).toBe(0);
    expect(mergeChips(chips, { banker: 1000, tie: 2000 })).toEqual({
      player: 6000,
      banker: 11_000,
      tie: 2000,
    });
  });

  it('draws an amount as the fewest chips, largest first, at most 12', () => {
    expect(chipStack(161_000)).toEqual([100_000, 50_000, 10_000, 1000]);
    expect(chipStack(0)).toEqual([]);
    expect(chipStack(100_000 * 20)).toHaveLength(12);
  });

  it('keeps one placement key for the same round and chips, in any order', () => {
    expect(placementKey(7, { player: 1000, banker: 2000 })).toBe(
      placementKey(7, { banker: 2000, player: 1000 }),
    );
    expect(placementKey(7, { player: 1000 })).not.toBe(placementKey(8, { player: 1000 }));
    expect(placementKey(7, { player: 1000 })).not.toBe(placementKey(7, { player: 2000 }));
  });
});

describe('the deal', () => {
  const result: BaccaratResult = {
    player: [
      { rank: 2, suit: 'S' },
      { rank: 3, suit: 'H' },
      { rank: 4, suit: 'D' },
    ],
    banker: [
      { rank: 10, suit: 'C' },
      { rank: 5, suit: 'S' },
      { rank: 1, suit: 'H' },
    ],
    playerTotal: 9,
    bankerTotal: 6,
    winner: 'player',
    natural: false,
    playerPair: false,
    bankerPair: false,
  };

  it('shows the cards player, banker, player, banker, then the thirds', () => {
    expect(dealOrder(result).map((c) => `${c.hand}${c.index}`)).toEqual([
      'player0',
      'banker0',
      'player1',
      'banker1',
      'player2',
      'banker2',
    ]);
    const natural = { ...result, player: result.player.slice(0, 2), banker: result.banker.slice(0, 2) };
    expect(dealOrder(natural)).toHaveLength(4);
  });

  it('knows a result from other values', () => {
    expect(isBaccaratResult(result)).toBe(true);
    expect(isBaccaratResult(null)).toBe(false);
    expect(isBaccaratResult({ winner: 'dragon' })).toBe(false);
  });
});

describe('the other games', () => {
  it('knows each game’s result by its shape', () => {
    expect(
      isResultOf('dragon_tiger', {
        dragon: { rank: 3, suit: 'S' },
        tiger: { rank: 9, suit: 'H' },
        winner: 'tiger',
      }),
    ).toBe(true);
    expect(isResultOf('sicbo', { dice: [1, 6, 3] })).toBe(true);
    expect(isResultOf('sicbo', { dice: [1, 7, 3] })).toBe(false);
    expect(isResultOf('roulette', { number: 0 })).toBe(true);
    expect(isResultOf('roulette', { number: 37 })).toBe(false);
    expect(isResultOf('baccarat', { number: 3 })).toBe(false);
  });

  it('lights the spots that win by the engine’s rules (a push does not)', () => {
    const tie = { dragon: { rank: 3, suit: 'S' }, tiger: { rank: 3, suit: 'H' }, winner: 'tie' };
    expect(spotWins('dragon_tiger', tie, 'tie')).toBe(true);
    expect(spotWins('dragon_tiger', tie, 'dragon')).toBe(false);
    const dice = { dice: [2, 2, 5] };
    expect(
      ['small', 'total-9', 'double-2', 'single-5', 'combination-2-5'].every((s) =>
        spotWins('sicbo', dice, s),
      ),
    ).toBe(true);
    expect(
      ['big', 'total-10', 'triple-2', 'anyTriple', 'combination-1-2'].some((s) => spotWins('sicbo', dice, s)),
    ).toBe(false);
    const spin = { number: 17 };
    expect(
      ['straight-17', 'black', 'odd', 'low', 'dozen-2', 'column-2', 'split-17-20'].every((s) =>
        spotWins('roulette', spin, s),
      ),
    ).toBe(true);
    expect(
      ['straight-0', 'red', 'even', 'high', 'dozen-1', 'column-1', 'split-1-5'].some((s) =>
        spotWins('roulette', spin, s),
      ),
    ).toBe(false);
    expect(spotWins('roulette', { number: 0 }, 'straight-0')).toBe(true);
  });

  it('names a numbered spot with its numbers', () => {
    const t = (key: string, v?: Record<string, unknown>) => `${key}:${JSON.stringify(v)}`;
    expect(spotLabel(t, 'combination-1-6')).toBe('spot_combination:{"n":1,"a":1,"b":6,"numbers":"1/6"}');
    expect(spotLabel(t, 'red')).toBe('spot_red:{"numbers":""}');
  });
});

describe('chips in the merchant currency (decision 069)', () => {
  const dong = [10_000, 50_000, 100_000, 500_000, 1_000_000];
  it('stacks and colours a dong table by its own chips', () => {
    expect(chipStack(160_000, dong)).toEqual([100_000, 50_000, 10_000]);
    expect(chipClass(10_000, dong)).toBe('chip--c0');
    expect(chipClass(1_000_000, dong)).toBe('chip--c4');
    expect(chipClass(1_000)).toBe('chip--c0');
  });
});
