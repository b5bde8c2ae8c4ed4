import { describe, expect, it } from 'vitest';
import { acceptCashOut, type CashOutQuote, cashOutValue } from './cash-out.ts';

const quote: CashOutQuote = {
  stake: 10_000n,
  placedPrice: 2_000,
  currentPrice: 1_500,
  marketStatus: 'active',
  betOpen: true,
  legs: 1,
  marginThousandths: 50,
};

describe('cash-out', () => {
  it('values an open single as stake × placed / current × (1 − margin), rounded down', () => {
    const table: [number, number, bigint][] = [
      // current  margin  value
      [1_500, 50, 12_666n], // 10,000 × 2 / 1.5 × 0.95 = 12,666.67
      [2_000, 50, 9_500n], // unchanged price: the stake less the margin
      [4_000, 50, 4_750n], // drifted: 10,000 × 2 / 4 × 0.95
      [1_001, 0, 19_980n], // nearly won: 19,980.02, still below the 20,000 it would return
      [1_500, 0, 13_333n],
    ];
    for (const [currentPrice, marginThousandths, value] of table)
      expect(cashOutValue({ ...quote, currentPrice, marginThousandths })).toEqual({ ok: true, value });
  });

  it('refuses settled bets, parlays, suspended and closed markets, and worthless bets, each with its code', () => {
    const refusals: [Partial<CashOutQuote>, string][] = [
      [{ betOpen: false }, 'sports_bet_settled'],
      [{ marketStatus: 'settled' }, 'sports_bet_settled'],
      [{ legs: 3 }, 'sports_cashout_not_single'],
      [{ marketStatus: 'suspended' }, 'sports_market_suspended'],
      [{ marketStatus: 'deactivated' }, 'sports_cashout_unavailable'],
      [{ marketStatus: 'cancelled' }, 'sports_cashout_unavailable'],
      [{ currentPrice: null }, 'sports_cashout_unavailable'],
      [{ stake: 1n, placedPrice: 1_001, currentPrice: 1_000_000 }, 'sports_cashout_unavailable'],
    ];
    for (const [change, code] of refusals)
      expect(cashOutValue({ ...quote, ...change })).toEqual({ ok: false, code });
    expect(() => cashOutValue({ ...quote, marginThousandths: 1_000 })).toThrow(RangeError);
    expect(() => cashOutValue({ ...quote, stake: 0n })).toThrow(RangeError);
  });

  it('goes through at the value now unless it fell below the value shown', () => {
    expect(acceptCashOut(12_666n, { ok: true, value: 12_700n })).toEqual({ ok: true, value: 12_700n });
    expect(acceptCashOut(12_666n, { ok: true, value: 12_666n })).toEqual({ ok: true, value: 12_666n });
    expect(acceptCashOut(12_666n, { ok: true, value: 12_000n })).toEqual({
      ok: false,
      code: 'sports_odds_changed',
    });
    expect(acceptCashOut(12_666n, { ok: false, code: 'sports_market_suspended' })).toEqual({
      ok: false,
      code: 'sports_market_suspended',
    });
  });
});
