/* Display helpers for amounts and date ranges, shared by the site, the back office, the game clients and the server
 * (no zod: browser-light). One formatter for every amount people see: formatMoney (decision 061). */
import { CURRENCIES, type Currency, currencyOf, DEFAULT_CURRENCY } from './currencies.ts';

/**
 * How a merchant's amounts look: its currency's exponent, symbol and grouping, with the merchant's own symbol and
 * decimals on top (never more decimals than the currency's market shows). The field names are those the public
 * settings and the clients have always used.
 */
export type MoneyDisplay = {
  currency: string;
  currencySymbol: string;
  currencyExponent: number;
  displayDecimals: number;
  symbolPosition: Currency['symbolPosition'];
  /** The country whose grouping amounts follow, joined to the reader's language (currencies.ts). */
  currencyRegion: string;
};

/** A merchant's money display from its white-label settings (an unknown code falls back to the peso's rules). */
export function moneyDisplay(whitelabel: {
  currency?: string | undefined;
  currencySymbol?: string | null | undefined;
  displayDecimals?: number | undefined;
}): MoneyDisplay {
  const currency = currencyOf(whitelabel.currency ?? DEFAULT_CURRENCY) ?? CURRENCIES[DEFAULT_CURRENCY];
  return {
    currency: currency.code,
    currencySymbol: whitelabel.currencySymbol || currency.symbol,
    currencyExponent: currency.exponent,
    displayDecimals: Math.min(whitelabel.displayDecimals ?? 0, currency.displayDecimals, currency.exponent),
    symbolPosition: currency.symbolPosition,
    currencyRegion: currency.region,
  };
}

/** The site's language codes (EN, TY, CN, ID, TH, VI) or a BCP 47 tag, as Intl's language. */
const intlLanguages: Record<string, string> = { EN: 'en', TY: 'fil', CN: 'zh', ID: 'id', TH: 'th', VI: 'vi' };
const separatorsCache = new Map<string, { group: string; decimal: string }>();

/** The grouping and decimal signs of a language in a currency's country ("vi" + "VN": "." and ","). */
export function separators(language: string, region: string): { group: string; decimal: string } {
  const lang = intlLanguages[language.toUpperCase()] ?? language.toLowerCase().split('-')[0] ?? 'en';
  const key = `${lang}-${region}`;
  let found = separatorsCache.get(key);
  if (!found) {
    let parts: Intl.NumberFormatPart[];
    try {
      parts = new Intl.NumberFormat([key, lang, 'en'], { useGrouping: true }).formatToParts(1234567.5);
    } catch {
      parts = new Intl.NumberFormat('en').formatToParts(1234567.5);
    }
    found = {
      group: parts.find((p) => p.type === 'group')?.value ?? ',',
      decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    };
    separatorsCache.set(key, found);
  }
  return found;
}

/**
 * An amount of minor units for people: thousands separators, `displayDecimals` decimals (none by default, §9),
 * rounded toward zero so that nobody is shown money they do not have. Without a language it writes "1,234.50"
 * (what inputs read back); with one, that language's signs in the currency's country.
 */
export function formatAmount(
  minor: number,
  currency: { exponent: number; displayDecimals?: number; region?: string },
  language?: string,
): string {
  const decimals = Math.min(currency.displayDecimals ?? 0, currency.exponent);
  const negative = minor < 0;
  const digits = Math.abs(Math.trunc(minor))
    .toString()
    .padStart(currency.exponent + 1, '0');
  const whole = digits.slice(0, digits.length - currency.exponent) || '0';
  const fraction = digits.slice(digits.length - currency.exponent).slice(0, decimals);
  const signs =
    language === undefined ? { group: ',', decimal: '.' } : separators(language, currency.region ?? 'PH');
  // Indian grouping (lakhs) where the language writes it so; everyone else groups by three.
  const lakhs = language !== undefined && currency.region === 'IN' && /^(en|hi)/i.test(language);
  const grouped = lakhs
    ? whole.replace(/(\d)(?=(\d\d)+\d$)/g, `$1${signs.group}`)
    : whole.replace(/\B(?=(\d{3})+(?!\d))/g, signs.group);
  return `${negative ? '-' : ''}${grouped}${decimals > 0 ? `${signs.decimal}${fraction}` : ''}`;
}

/**
 * The one formatter of amounts with their currency: the merchant's symbol before or after the amount, its
 * decimals, and the grouping of the reader's language (decision 061). "P1,500", "1,500,000 ₫" ("1.500.000 ₫" in VI).
 */
export function formatMoney(minor: number, money: MoneyDisplay, language = 'EN'): string {
  const amount = formatAmount(
    Math.abs(minor),
    {
      exponent: money.currencyExponent,
      displayDecimals: money.displayDecimals,
      region: money.currencyRegion,
    },
    language,
  );
  const sign = minor < 0 && Math.trunc(minor) !== 0 ? '-' : '';
  return money.symbolPosition === 'suffix'
    ? `${sign}${amount} ${money.currencySymbol}`
    : `${sign}${money.currencySymbol}${amount}`;
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
