import { describe, expect, it } from 'vitest';
import {
  CURRENCIES,
  CURRENCY_CODES,
  currencyOf,
  isCurrencyCode,
  scaleStake,
  stakeScaleOf,
} from './currencies.ts';

describe('currencies', () => {
  it('has the exponents of ISO 4217 and the market display of issue 19', () => {
    expect(currencyOf('PHP')).toMatchObject({ exponent: 2, symbol: 'P' });
    expect(currencyOf('VND')).toMatchObject({ exponent: 0, displayDecimals: 0 });
    expect(currencyOf('IDR')).toMatchObject({ exponent: 2, displayDecimals: 0 });
    for (const code of ['THB', 'CNY', 'USD'] as const) expect(CURRENCIES[code].exponent).toBe(2);
  });

  it('knows only its own codes', () => {
    expect(isCurrencyCode('VND')).toBe(true);
    for (const code of ['vnd', 'XXX', 'toString', '__proto__', '', null, 5])
      expect(isCurrencyCode(code)).toBe(false);
    expect(currencyOf('EUR')).toBeUndefined();
    for (const code of CURRENCY_CODES) {
      const c = CURRENCIES[code];
      expect(c.code).toBe(code);
      expect(c.displayDecimals).toBeLessThanOrEqual(c.exponent);
    }
  });

  it('scales the studio peso stakes to whole minor units of each currency (decision 069)', () => {
    // A P10 live minimum: P10 for the peso, 10,000 dong, Rp10,000 (a million minor units), $10.
    expect(scaleStake(1_000, 'PHP')).toBe(1_000);
    expect(scaleStake(1_000, 'VND')).toBe(10_000);
    expect(scaleStake(1_000, 'IDR')).toBe(1_000_000);
    expect(scaleStake(1_000, 'USD')).toBe(1_000);
    expect(stakeScaleOf(undefined)).toBe(1);
    expect(stakeScaleOf('EUR')).toBe(1);
    for (const code of CURRENCY_CODES) expect(Number.isSafeInteger(CURRENCIES[code].stakeScale)).toBe(true);
  });
});
