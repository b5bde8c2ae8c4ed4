import { fraction } from '@tala/slots/fraction';
import { describe, expect, it } from 'vitest';
import type { MarketTypeId, Selection } from './markets.ts';
import {
  checkParlayLegs,
  combinations,
  combinedPrice,
  type ParlayLeg,
  parlayPotentialReturn,
  settleParlay,
  settleSystem,
} from './parlay.ts';
import { deadHeat, halfLost, halfWon, lost, resettlement, voided, won } from './settlement.ts';

const leg = (
  eventId: string,
  market: MarketTypeId = '1x2',
  outcome = 'home',
  specifiers: Record<string, string> = {},
): ParlayLeg => ({ selection: { eventId, market, specifiers, outcome } satisfies Selection, price: 1_950 });

describe('which selections make a parlay', () => {
  it('takes selections of different events', () => {
    expect(
      checkParlayLegs([leg('e1'), leg('e2'), leg('e3', 'over_under', 'over', { total: '2.5' })]).ok,
    ).toBe(true);
  });

  it('refuses two selections of one event unless the pair of markets is declared combinable', () => {
    const pair = [leg('e1'), leg('e1', 'over_under', 'over', { total: '2.5' })];
    expect(checkParlayLegs(pair)).toEqual({ ok: false, code: 'sports_same_event_in_parlay' });
    const rules = { minLegs: 2, maxLegs: 20, combinable: [['over_under', '1x2']] as const };
    expect(checkParlayLegs(pair, rules).ok).toBe(true);
    // two outcomes of one market never combine, declared or not
    const sameMarket = [leg('e1'), leg('e1', '1x2', 'draw')];
    const all = { ...rules, combinable: [['1x2', '1x2']] as const };
    expect(checkParlayLegs(sameMarket, all)).toEqual({ ok: false, code: 'sports_same_event_in_parlay' });
    // two lines of one market type are two markets: combinable only when declared
    const lines = [
      leg('e1', 'asian_handicap', 'home', { hcp: '-0.5' }),
      leg('e1', 'asian_handicap', 'home', { hcp: '-1' }),
    ];
    expect(checkParlayLegs(lines).ok).toBe(false);
  });

  it('refuses a selection twice, too few legs and too many', () => {
    expect(checkParlayLegs([leg('e1'), leg('e2'), leg('e1')])).toEqual({
      ok: false,
      code: 'sports_duplicate_selection',
    });
    expect(checkParlayLegs([leg('e1')])).toEqual({ ok: false, code: 'sports_parlay_too_few_legs' });
    const many = Array.from({ length: 21 }, (_, i) => leg(`e${i}`));
    expect(checkParlayLegs(many)).toEqual({ ok: false, code: 'sports_parlay_too_many_legs' });
    expect(checkParlayLegs(many.slice(0, 20)).ok).toBe(true);
  });
});

describe('parlay prices and returns, hand-computed', () => {
  const stake = 10_000n;

  it('multiplies the prices', () => {
    expect(combinedPrice([1_950, 2_100, 1_800])).toBe(7_371); // 1.95 × 2.1 × 1.8
    expect(combinedPrice([1_333, 1_333])).toBe(1_776); // 1.776889, shown rounded down
    expect(parlayPotentialReturn(stake, [1_950, 2_100, 1_800])).toBe(73_710n);
    expect(parlayPotentialReturn(stake, [10_000, 10_000, 10_000], 5_000_000n)).toBe(5_000_000n);
  });

  it('pays all legs won at the product', () => {
    const legs = [
      { price: 1_950, result: won },
      { price: 2_100, result: won },
      { price: 1_800, result: won },
    ];
    expect(settleParlay(stake, legs)).toEqual({ state: 'settled', return: 73_710n, capped: false });
  });

  it('counts a void leg as 1.000', () => {
    const legs = [
      { price: 1_950, result: won },
      { price: 2_100, result: voided },
      { price: 1_800, result: won },
    ];
    // 1.95 × 1 × 1.8 = 3.51
    expect(settleParlay(stake, legs)).toEqual({ state: 'settled', return: 35_100n, capped: false });
    // every leg void: the stake back
    expect(
      settleParlay(
        stake,
        legs.map((l) => ({ ...l, result: voided })),
      ),
    ).toMatchObject({ return: stake });
  });

  it('counts a half-won leg as (price + 1) / 2 and a half-lost leg as 0.5', () => {
    const legs = [
      { price: 1_900, result: halfLost }, // 0.5
      { price: 2_000, result: halfWon }, // (2 + 1) / 2 = 1.5
      { price: 1_800, result: won }, // 1.8
    ];
    // 0.5 × 1.5 × 1.8 = 1.35
    expect(settleParlay(stake, legs)).toEqual({ state: 'settled', return: 13_500n, capped: false });
    // 777 × 1.475 × 1.333 = 1,527.717975 → 1,527 (rounded once, at the end)
    expect(
      settleParlay(777n, [
        { price: 1_950, result: halfWon },
        { price: 1_333, result: won },
      ]),
    ).toMatchObject({ return: 1_527n });
  });

  it('counts a dead-heat leg at its factor', () => {
    const legs = [
      { price: 5_000, result: deadHeat(fraction(1, 3)) },
      { price: 2_000, result: won },
    ];
    // 5 × ⅓ × 2 = 3.333… → 33,333
    expect(settleParlay(stake, legs)).toMatchObject({ return: 33_333n });
  });

  it('loses on any lost leg, even with legs still open, and waits for open legs otherwise', () => {
    expect(
      settleParlay(stake, [
        { price: 1_950, result: null },
        { price: 2_100, result: lost },
      ]),
    ).toEqual({ state: 'settled', return: 0n, capped: false });
    expect(
      settleParlay(stake, [
        { price: 1_950, result: null },
        { price: 2_100, result: won },
      ]),
    ).toEqual({ state: 'open' });
  });

  it('caps the return at the maximum payout per parlay', () => {
    const legs = [10_000, 10_000, 10_000].map((price) => ({ price, result: won }));
    expect(settleParlay(stake, legs, 5_000_000n)).toEqual({
      state: 'settled',
      return: 5_000_000n,
      capped: true,
    });
    expect(settleParlay(stake, legs, 20_000_000n)).toMatchObject({ return: 10_000_000n, capped: false });
  });

  it('resettles a corrected leg by reversing the old return and paying the new one', () => {
    const before = settleParlay(stake, [
      { price: 1_950, result: won },
      { price: 2_000, result: lost },
    ]);
    const after = settleParlay(stake, [
      { price: 1_950, result: won },
      { price: 2_000, result: halfWon },
    ]);
    // 1.95 × 1.5 = 2.925
    expect(after).toMatchObject({ return: 29_250n });
    if (before.state !== 'settled' || after.state !== 'settled') throw new Error('settled');
    expect(resettlement(before.return, after.return)).toEqual({
      entries: [{ kind: 'payout', amount: 29_250n }],
      net: 29_250n,
    });
  });
});

describe('system bets', () => {
  it('makes every combination', () => {
    expect(combinations(3, 2)).toEqual([
      [0, 1],
      [0, 2],
      [1, 2],
    ]);
    expect(combinations(12, 6)).toHaveLength(924);
    expect(() => combinations(3, 4)).toThrow(RangeError);
  });

  it('pays the sum of its parlays', () => {
    // 2 from 3 at 10.00 a combination: 2.0 × 3.0 = 6.0 pays; the two with the lost leg pay nothing
    const legs = [
      { price: 2_000, result: won },
      { price: 3_000, result: won },
      { price: 4_000, result: lost },
    ];
    expect(settleSystem(1_000n, legs, 2)).toEqual({
      state: 'settled',
      return: 6_000n,
      capped: false,
      combinations: 3,
    });
    // all won: 6 + 8 + 12 = 26
    const allWon = legs.map((l) => ({ ...l, result: won }));
    expect(settleSystem(1_000n, allWon, 2)).toMatchObject({ return: 26_000n });
    expect(settleSystem(1_000n, [...legs.slice(0, 2), { price: 4_000, result: null }], 2)).toMatchObject({
      state: 'open',
    });
  });
});
