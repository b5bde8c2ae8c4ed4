import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateRange, dateRangePresets, formatAmount, parseAmountInput } from './money-format.ts';

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
