import { describe, expect, it } from 'vitest';
import { acceptPrice, acceptSlip, type OddsPreference } from './odds-change.ts';

describe('accepting odds changes', () => {
  it('follows the member preference, as a table says', () => {
    // seen 1.950; now: unchanged, better, worse
    const table: [OddsPreference, number, number | null][] = [
      ['none', 1_950, 1_950],
      ['none', 2_000, null],
      ['none', 1_900, null],
      ['higher', 1_950, 1_950],
      ['higher', 2_000, 2_000],
      ['higher', 1_900, null],
      ['any', 1_950, 1_950],
      ['any', 2_000, 2_000],
      ['any', 1_900, 1_900],
    ];
    for (const [preference, now, taken] of table) {
      const checked = acceptPrice(preference, 1_950, now);
      expect(checked).toEqual(
        taken === null ? { ok: false, code: 'sports_odds_changed' } : { ok: true, value: taken },
      );
    }
    expect(() => acceptPrice('any', 1_950, 900)).toThrow(RangeError);
  });

  it('refuses a slip on a suspended or closed market before looking at prices', () => {
    expect(acceptSlip('any', [{ seen: 1_950, now: 1_950, status: 'suspended' }])).toEqual({
      ok: false,
      code: 'sports_market_suspended',
    });
    for (const status of ['deactivated', 'settled', 'cancelled'] as const)
      expect(acceptSlip('any', [{ seen: 1_950, now: 1_950, status }])).toEqual({
        ok: false,
        code: 'sports_market_closed',
      });
  });

  it('refuses an in-play bet whose market was suspended during its delay, even if active again', () => {
    expect(
      acceptSlip('any', [{ seen: 1_950, now: 1_950, status: 'active', suspendedMeanwhile: true }]),
    ).toEqual({
      ok: false,
      code: 'sports_market_suspended',
    });
    expect(
      acceptSlip('none', [{ seen: 1_950, now: 1_950, status: 'active', suspendedMeanwhile: false }]),
    ).toEqual({
      ok: true,
      value: [1_950],
    });
  });

  it('checks every leg of a parlay: one worse leg refuses under "higher", even if another got better', () => {
    const legs = [
      { seen: 1_950, now: 2_500, status: 'active' as const },
      { seen: 2_000, now: 1_980, status: 'active' as const },
    ];
    expect(acceptSlip('higher', legs)).toEqual({ ok: false, code: 'sports_odds_changed' });
    expect(acceptSlip('any', legs)).toEqual({ ok: true, value: [2_500, 1_980] });
    expect(acceptSlip('higher', [legs[0]!])).toEqual({ ok: true, value: [2_500] });
  });
});
