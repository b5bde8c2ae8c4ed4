import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES, CURRENCY_CODES } from './currencies.ts';
import {
  dateRange,
  dateRangePresets,
  formatAmount,
  formatMoney,
  moneyDisplay,
  parseAmountInput,
} from './money-format.ts';

describe('formatMoney (decision 061)', () => {
  it("shows each currency by its market: symbol and its place, decimals, the reader's grouping", () => {
    const php = moneyDisplay({ currency: 'PHP', displayDecimals: 0 });
    const vnd = moneyDisplay({ currency: 'VND', displayDecimals: 2 });
    const idr = moneyDisplay({ currency: 'IDR', displayDecimals: 2 });
    expect(formatMoney(150_050, php)).toBe('P1,500');
    expect(formatMoney(1_500_000, vnd)).toBe('1,500,000 ₫');
    expect(formatMoney(1_500_000, vnd, 'VI')).toBe('1.500.000 ₫');
    expect(formatMoney(-2_000, vnd)).toBe('-2,000 ₫');
    expect(idr).toMatchObject({ currencyExponent: 2, displayDecimals: 0 });
    expect(formatMoney(123_456_78, idr, 'ID')).toBe('Rp123.456');
    expect(formatMoney(150_050, moneyDisplay({ currency: 'USD', displayDecimals: 2 }))).toBe('$1,500.50');
    expect(formatMoney(12_345_678_00, moneyDisplay({ currency: 'INR', displayDecimals: 0 }))).toBe(
      '₹1,23,45,678',
    );
    expect(moneyDisplay({ currency: 'PHP', currencySymbol: '₱' }).currencySymbol).toBe('₱');
  });

  it('with every decimal shown, keeps every digit in any language; with none, cuts the minor unit (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1e13 }),
        fc.constantFrom(...CURRENCY_CODES),
        fc.constantFrom('EN', 'TY', 'CN', 'ID', 'TH', 'VI'),
        (minor, code, language) => {
          const currency = CURRENCIES[code];
          const all = { ...moneyDisplay({ currency: code }), displayDecimals: currency.exponent };
          const digits = (text: string) => Number(text.replace(/[^0-9]/g, '') || '0');
          expect(digits(formatMoney(minor, all, language).replace(all.currencySymbol, ''))).toBe(minor);
          const none = { ...all, displayDecimals: 0 };
          expect(digits(formatMoney(minor, none, language).replace(all.currencySymbol, ''))).toBe(
            Math.trunc(minor / 10 ** currency.exponent),
          );
        },
      ),
    );
  });
});

describe('formatAmount', () => {
  it('groups thousands and shows no decimals by default (§9), cutting rather than rounding', () => {
    expect(formatAmount(123_456_789, { exponent: 2 })).toBe('1,234,567');
    expect(formatAmount(99, { exponent: 2 })).toBe('0');
    expect(formatAmount(-150_000, { exponent: 2 })).toBe('-1,500');
    expect(formatAmount(150_050, { exponent: 2, displayDecimals: 2 })).toBe('1,500.50');
    expect(formatAmount(1_500, { exponent: 0, displayDecimals: 2 })).toBe('1,500');
  });

  it('reads back what it wrote, for any amount and currency (property)', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -1e13, max: 1e13 }),
        fc.integer({ min: 0, max: 4 }),
        (minor, exponent) => {
          const shown = formatAmount(minor, { exponent, displayDecimals: exponent });
          expect(parseAmountInput(shown, exponent)).toBe(minor === 0 ? 0 : minor);
        },
      ),
    );
  });
});

describe('parseAmountInput', () => {
  it('turns typed amounts into minor units and leaves a finer fraction for the server to refuse', () => {
    expect(parseAmountInput('1,250.5', 2)).toBe(125_050);
    expect(parseAmountInput(' 300 ', 2)).toBe(30_000);
    expect(parseAmountInput('150.005', 2)).toBe('15000.5');
    expect(parseAmountInput('abc', 2)).toBeNull();
    expect(parseAmountInput('', 2)).toBeNull();
  });
});

describe('dateRange', () => {
  it('starts weeks on Monday (§9)', () => {
    const sunday = new Date(2026, 10, 22, 15, 0);
    expect(dateRange('thisWeek', sunday).from).toEqual(new Date(2026, 10, 16));
    expect(dateRange('lastWeek', sunday)).toEqual({
      from: new Date(2026, 10, 9),
      to: new Date(2026, 10, 16),
    });
    const monday = new Date(2026, 10, 16, 0, 5);
    expect(dateRange('thisWeek', monday).from).toEqual(new Date(2026, 10, 16));
  });

  it('gives the last and next 7 and 30 days including today, and a range that always holds `now` or borders it', () => {
    const now = new Date(2026, 0, 31, 12);
    expect(dateRange('last7', now)).toEqual({ from: new Date(2026, 0, 25), to: new Date(2026, 1, 1) });
    expect(dateRange('next30', now)).toEqual({ from: new Date(2026, 0, 31), to: new Date(2026, 2, 2) });
    fc.assert(
      fc.property(
        fc.date({ min: new Date(2000, 0, 1), max: new Date(2100, 0, 1), noInvalidDate: true }),
        (when) => {
          for (const preset of dateRangePresets) {
            const { from, to } = dateRange(preset, when);
            expect(from.getTime()).toBeLessThan(to.getTime());
            if (preset !== 'yesterday' && preset !== 'lastWeek') {
              expect(from.getTime()).toBeLessThanOrEqual(when.getTime());
              expect(to.getTime()).toBeGreaterThan(when.getTime());
            }
          }
        },
      ),
    );
  });
});
