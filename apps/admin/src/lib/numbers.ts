import { currentLocale } from './i18n.ts';

// Numbers shown to operators, written the way the chosen language writes them (decimal comma in ID and VI).
// Inputs keep their plain `1.5` form; money has its own formats in @tala/contracts/money-format.

/** A decimal with exactly `digits` decimals: 1.95 → "1.950" (EN), "1,950" (ID). */
export function formatDecimal(value: number, digits: number): string {
  return new Intl.NumberFormat(currentLocale(), {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);
}

/** A share as a percent: 0.05 → "5.00%" (EN), "5,00%" (ID); `least` to `most` decimals. */
export function formatPercent(share: number, most = 2, least = most): string {
  return new Intl.NumberFormat(currentLocale(), {
    style: 'percent',
    minimumFractionDigits: least,
    maximumFractionDigits: most,
  }).format(share);
}
