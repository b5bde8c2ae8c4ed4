import { describe, expect, it } from 'vitest';
import {
  checkParlayStake,
  checkSingle,
  checkStake,
  largestParlayStake,
  largestSingleStake,
  largestStakeWithin,
  memberMaxStake,
  readAmount,
} from './limits.ts';

describe('reading a stake', () => {
  it('takes whole minor units as bigint, number or digits', () => {
    for (const value of [1_000, 1_000n, '1000', '1000.00', ' 1000 '])
      expect(readAmount(value)).toEqual({ ok: true, value: 1_000n });
  });

  it('refuses fractions of a minor unit with their own code, and everything else as invalid', () => {
    for (const value of [10.5, '10.05', '0.5'])
      expect(readAmount(value)).toEqual({ ok: false, code: 'sports_fractional_amount' });
    for (const value of [
      0,
      -5,
      -5.5,
      0n,
      -1n,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      2 ** 60,
      'abc',
      '-5',
      '1e3',
      '',
      null,
      undefined,
      {},
      10n ** 16n,
    ])
      expect(readAmount(value)).toEqual({ ok: false, code: 'sports_invalid_amount' });
  });
});

describe('stake limits with a stake factor', () => {
  const limits = { minStake: 1_000n, maxStake: 1_000_000n };

  it("scales the maximum by the member's factor, rounded down, and leaves the minimum", () => {
    expect(memberMaxStake(1_000_000n, 500)).toBe(500_000n);
    expect(memberMaxStake(333n, 500)).toBe(166n);
    expect(memberMaxStake(1_000_000n, 2_000)).toBe(2_000_000n);
    expect(memberMaxStake(1_000_000n, 0)).toBe(0n);
    expect(() => memberMaxStake(1n, -1)).toThrow(RangeError);
  });

  it('answers each side with its code', () => {
    const table: [bigint, number, string | null][] = [
      [999n, 1_000, 'sports_stake_below_minimum'],
      [1_000n, 1_000, null],
      [1_000_000n, 1_000, null],
      [1_000_001n, 1_000, 'sports_stake_above_maximum'],
      [500_000n, 500, null],
      [500_001n, 500, 'sports_stake_above_maximum'],
      [999n, 500, 'sports_stake_below_minimum'],
      [1_000n, 0, 'sports_stake_above_maximum'],
    ];
    for (const [stake, factor, code] of table) {
      const checked = checkStake(stake, limits, factor);
      expect(checked.ok ? null : checked.code).toBe(code);
    }
  });
});

describe('maximum payout', () => {
  const limits = { minStake: 1_000n, maxStake: 1_000_000n, maxPayoutPerMarket: 1_500_000n };

  it('finds the largest stake whose rounded-down return fits', () => {
    expect(largestStakeWithin(100n, 1_950)).toBe(51n); // 51 → 99.45 → 99; 52 → 101.4 → 101
    expect(largestStakeWithin(195n, 1_950)).toBe(100n); // exactly 195
    expect(largestStakeWithin(0n, 1_950)).toBe(0n);
    expect(largestStakeWithin(-5n, 1_950)).toBe(0n);
  });

  it("counts the member's open bets on the market against its maximum payout", () => {
    // 500,000 at 1.950 returns 975,000
    expect(checkSingle({ stake: 500_000, price: 1_950, limits })).toEqual({
      ok: true,
      value: { stake: 500_000n, potentialReturn: 975_000n },
    });
    expect(checkSingle({ stake: 500_000, price: 1_950, limits, alreadyOnMarket: 525_000n }).ok).toBe(true);
    expect(checkSingle({ stake: 500_000, price: 1_950, limits, alreadyOnMarket: 600_000n })).toEqual({
      ok: false,
      code: 'sports_payout_above_maximum',
    });
    expect(checkSingle({ stake: '10.5', price: 1_950, limits })).toEqual({
      ok: false,
      code: 'sports_fractional_amount',
    });
    expect(checkSingle({ stake: 600_000, price: 1_950, limits, stakeFactor: 500 })).toEqual({
      ok: false,
      code: 'sports_stake_above_maximum',
    });
  });

  it('offers the largest single stake: the lower of the member maximum and the payout room', () => {
    // room 900,000 at 1.950: 461,538 returns 899,999.1; 461,539 would return 900,001.05
    expect(largestSingleStake({ price: 1_950, limits, alreadyOnMarket: 600_000n, stakeFactor: 500 })).toBe(
      461_538n,
    );
    expect(largestSingleStake({ price: 1_950, limits, stakeFactor: 500 })).toBe(500_000n);
    const stake = largestSingleStake({ price: 1_950, limits, alreadyOnMarket: 600_000n });
    expect(checkSingle({ stake, price: 1_950, limits, alreadyOnMarket: 600_000n }).ok).toBe(true);
    expect(checkSingle({ stake: stake + 1n, price: 1_950, limits, alreadyOnMarket: 600_000n }).ok).toBe(
      false,
    );
  });

  it('caps or refuses a parlay over its maximum payout, by its rule', () => {
    const parlay = {
      minStake: 1_000n,
      maxStake: 100_000n,
      maxPayout: 5_000_000n,
      overMaximum: 'cap' as const,
    };
    // 100,000 at 10.0 × 10.0 would return 10,000,000
    expect(checkParlayStake({ stake: 100_000, prices: [10_000, 10_000], limits: parlay })).toEqual({
      ok: true,
      value: { stake: 100_000n, potentialReturn: 5_000_000n, capped: true },
    });
    expect(
      checkParlayStake({
        stake: 100_000,
        prices: [10_000, 10_000],
        limits: { ...parlay, overMaximum: 'refuse' },
      }),
    ).toEqual({ ok: false, code: 'sports_payout_above_maximum' });
    expect(checkParlayStake({ stake: 10_000, prices: [10_000, 10_000], limits: parlay })).toEqual({
      ok: true,
      value: { stake: 10_000n, potentialReturn: 1_000_000n, capped: false },
    });
    // under 'refuse': 1.95 × 2.1 = 4.095; 5,000,000 / 4.095 = 1,221,001.2 → 1,221,001 (returns 4,999,999.09)
    const refusing = { ...parlay, maxStake: 10_000_000n, overMaximum: 'refuse' as const };
    const largest = largestParlayStake({ prices: [1_950, 2_100], limits: refusing });
    expect(largest).toBe(1_221_001n);
    expect(checkParlayStake({ stake: largest, prices: [1_950, 2_100], limits: refusing }).ok).toBe(true);
    expect(checkParlayStake({ stake: largest + 1n, prices: [1_950, 2_100], limits: refusing }).ok).toBe(
      false,
    );
    expect(largestParlayStake({ prices: [1_950, 2_100], limits: parlay, stakeFactor: 500 })).toBe(50_000n);
    expect(checkParlayStake({ stake: 999, prices: [10_000, 10_000], limits: parlay })).toEqual({
      ok: false,
      code: 'sports_stake_below_minimum',
    });
  });
});
