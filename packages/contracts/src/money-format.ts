/* Display helpers for amounts and date ranges, shared by the site and the back office (no zod: browser-light). */

/**
 * An amount of minor units for people: thousands separators, `displayDecimals` decimals (none by default, §9),
 * rounded toward zero so that nobody is shown money they do not have.
 */
export function formatAmount(
  minor: number,
  currency: { exponent: number; displayDecimals?: number },
): string {
  const decimals = Math.min(currency.displayDecimals ?? 0, currency.exponent);
  const negative = minor < 0;
  const digits = Math.abs(Math.trunc(minor))
    .toString()
    .padStart(currency.exponent + 1, '0');
  const whole = digits.slice(0, digits.length - currency.exponent) || '0';
  const fraction = digits.slice(digits.length - currency.exponent).slice(0, decimals);
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${negative ? '-' : ''}${grouped}${decimals > 0 ? `.${fraction}` : ''}`;
}

/**
 * Reads an amount typed by a person ("1,250.50") into minor units, or null when it is not a plain amount. More
 * decimals than the currency has give a fraction of a unit, which the server refuses with amount_too_precise.
 */
export function parseAmountInput(input: string, exponent: number): number | string | null {
  const cleaned = input.replaceAll(',', '').trim();
  const match = /^(-?)(\d+)(?:\.(\d*))?$/.exec(cleaned);
  if (!match) return null;
  const [, sign, whole, decimals = ''] = match;
  if (decimals.length > exponent)
    return `${sign}${whole}${decimals.slice(0, exponent)}.${decimals.slice(exponent)}`;
  return Number(`${sign}${whole}${decimals.padEnd(exponent, '0')}`);
}

export const dateRangePresets = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'last7',
  'last30',
  'next7',
  'next30',
] as const;
export type DateRangePreset = (typeof dateRangePresets)[number];

/**
 * The [from, to) of a preset in local calendar days of `now`'s time zone offset (weeks start on Monday, §9).
 * "last 7 days" is today and the six days before it; "next 7 days" is today and the six after.
 */
export function dateRange(preset: DateRangePreset, now: Date): { from: Date; to: Date } {
  const day = (offset: number) => new Date(now.getFullYear(), now.getMonth(), now.getDate() + offset);
  const mondayOffset = -((now.getDay() + 6) % 7);
  switch (preset) {
    case 'today':
      return { from: day(0), to: day(1) };
    case 'yesterday':
      return { from: day(-1), to: day(0) };
    case 'thisWeek':
      return { from: day(mondayOffset), to: day(mondayOffset + 7) };
    case 'lastWeek':
      return { from: day(mondayOffset - 7), to: day(mondayOffset) };
    case 'thisMonth':
      return {
        from: new Date(now.getFullYear(), now.getMonth(), 1),
        to: new Date(now.getFullYear(), now.getMonth() + 1, 1),
      };
    case 'last7':
      return { from: day(-6), to: day(1) };
    case 'last30':
      return { from: day(-29), to: day(1) };
    case 'next7':
      return { from: day(0), to: day(7) };
    case 'next30':
      return { from: day(0), to: day(30) };
  }
}
