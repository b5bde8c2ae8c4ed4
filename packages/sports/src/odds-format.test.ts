import { describe, expect, it } from 'vitest';
import { formatPrice, isPrice, priceIn } from './odds-format.ts';

describe('odds formats', () => {
  it('turns decimal prices into each format as a hand-computed table says', () => {
    const table: [number, string, string, string, string][] = [
      // decimal   decimal  HK      Malay    Indonesian
      [1_500, '1.50', '0.50', '0.50', '-2.00'],
      [1_800, '1.80', '0.80', '0.80', '-1.25'],
      [1_950, '1.95', '0.95', '0.95', '-1.05'],
      [2_000, '2.00', '1.00', '1.00', '1.00'],
      [2_500, '2.50', '1.50', '-0.67', '1.50'],
      [3_000, '3.00', '2.00', '-0.50', '2.00'],
      [11_000, '11.00', '10.00', '-0.10', '10.00'],
    ];
    for (const [price, decimal, hk, malay, indo] of table) {
      expect(formatPrice('decimal', price)).toBe(decimal);
      expect(formatPrice('hongkong', price)).toBe(hk);
      expect(formatPrice('malay', price)).toBe(malay);
      expect(formatPrice('indonesian', price)).toBe(indo);
    }
  });

  it('refuses what is not a price', () => {
    for (const bad of [1_000, 999, 1_950.5, Number.NaN, 1_000_001, -2_000])
      expect(() => priceIn('decimal', bad)).toThrow(RangeError);
    expect(isPrice(1_001)).toBe(true);
    expect(isPrice('1950')).toBe(false);
  });
});
