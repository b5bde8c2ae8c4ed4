import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_CODES, currencyOf, isCurrencyCode } from './currencies.ts';

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
});
