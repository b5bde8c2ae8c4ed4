/**
 * The sportsbook's odds formats (issue 15 item 2). Prices are kept as decimal odds in thousandths (1.950 → 1950),
 * integers like every amount, and shown in the member's format:
 * - decimal: the return per unit staked, stake included (1.95);
 * - Hong Kong: the profit per unit staked (0.95);
 * - Malay: the Hong Kong price up to 1, beyond it −1 / HK (2.50 decimal → HK 1.50 → Malay −0.67);
 * - Indonesian: beyond evens the Hong Kong price (+1.50), up to evens −1 / HK (1.80 decimal → −1.25).
 * Shown prices are rounded to two decimals; what is paid is always computed from the decimal thousandths.
 */
export const oddsFormats = ['decimal', 'hongkong', 'malay', 'indonesian'] as const;
export type OddsFormat = (typeof oddsFormats)[number];

/** The smallest decimal price a market may offer (1.001) and the largest (1000.000), in thousandths. */
export const minPrice = 1_001;
export const maxPrice = 1_000_000;

export function isPrice(value: unknown): value is number {
  return Number.isSafeInteger(value) && (value as number) >= minPrice && (value as number) <= maxPrice;
}

/** The price in a format, as a number (negative for Malay and Indonesian prices on the short side). */
export function priceIn(format: OddsFormat, decimalThousandths: number): number {
  if (!isPrice(decimalThousandths)) throw new RangeError(`not a price: ${decimalThousandths}`);
  const hk = (decimalThousandths - 1_000) / 1_000;
  switch (format) {
    case 'decimal':
      return decimalThousandths / 1_000;
    case 'hongkong':
      return hk;
    case 'malay':
      return hk <= 1 ? hk : -1 / hk;
    case 'indonesian':
      return hk >= 1 ? hk : -1 / hk;
  }
}

/** The price as the member reads it: two decimals, a sign on negative Malay and Indonesian prices only. */
export function formatPrice(format: OddsFormat, decimalThousandths: number): string {
  const value = priceIn(format, decimalThousandths);
  const shown = Math.round(value * 100) / 100;
  return (Object.is(shown, -0) ? 0 : shown).toFixed(2);
}
