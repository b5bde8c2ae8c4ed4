/*
 * The currencies a merchant may trade in (issue 19 item 3, docs/decisions/061-currencies.md): ISO 4217 codes with the
 * exponent of their minor unit (amounts are stored as integers of it) and the market's display rules. No zod here:
 * the site, the back office and the game clients import it, and it must stay browser-light.
 */

export type Currency = {
  /** ISO 4217 alphabetic code. */
  code: string;
  /** ISO 4217 exponent: decimals of the minor unit. Ledger amounts are integers of the minor unit. */
  exponent: number;
  /** The sign people of the market write (the spec's default for the peso is "P", §9). */
  symbol: string;
  /** Whether the symbol goes before the amount (P1,000) or after it (100.000 ₫). */
  symbolPosition: 'prefix' | 'suffix';
  /**
   * The most decimals the market shows (IDR has cents on paper but nobody shows them). A merchant's own
   * `displayDecimals` (none by default, §9) is capped by it and by the exponent.
   */
  displayDecimals: number;
  /**
   * The country whose grouping the amount follows, joined to the reader's language for Intl (en + IN groups in
   * lakhs, vi + VN writes 1.000.000, en + PH writes 1,000,000).
   */
  region: string;
  /** English name, for the back office's picker. */
  name: string;
  /**
   * How many of this currency's minor units stand for one centavo in the studio's fixed stake ladders (live table
   * limits and chips, PvP stakes and buy-ins, fish and slot bets), which are written once for the peso (decision
   * 069). A whole number, so scaled ladders stay whole and a slot's pays scale exactly: 1 for currencies worth about
   * a peso or more, 10 for the dong (P1 → 1,000 ₫), 1,000 for the rupiah (P1 → Rp1,000).
   */
  stakeScale: number;
};

const currency = (
  code: string,
  exponent: number,
  symbol: string,
  displayDecimals: number,
  region: string,
  name: string,
  symbolPosition: Currency['symbolPosition'] = 'prefix',
  stakeScale = 1,
): Currency => ({ code, exponent, symbol, symbolPosition, displayDecimals, region, name, stakeScale });

/**
 * Supported currencies: the Southeast Asian markets and their neighbours, plus the dollar. The calls are marked pure
 * so a bundle that formats amounts without reading this table (the site's first load) leaves it out.
 */
export const CURRENCIES = {
  PHP: /* @__PURE__ */ currency('PHP', 2, 'P', 2, 'PH', 'Philippine peso'),
  VND: /* @__PURE__ */ currency('VND', 0, '₫', 0, 'VN', 'Vietnamese dong', 'suffix', 10),
  IDR: /* @__PURE__ */ currency('IDR', 2, 'Rp', 0, 'ID', 'Indonesian rupiah', 'prefix', 1_000),
  THB: /* @__PURE__ */ currency('THB', 2, '฿', 2, 'TH', 'Thai baht'),
  CNY: /* @__PURE__ */ currency('CNY', 2, '¥', 2, 'CN', 'Chinese yuan'),
  USD: /* @__PURE__ */ currency('USD', 2, '$', 2, 'US', 'US dollar'),
  MYR: /* @__PURE__ */ currency('MYR', 2, 'RM', 2, 'MY', 'Malaysian ringgit'),
  SGD: /* @__PURE__ */ currency('SGD', 2, 'S$', 2, 'SG', 'Singapore dollar'),
  BND: /* @__PURE__ */ currency('BND', 2, 'B$', 2, 'BN', 'Brunei dollar'),
  KHR: /* @__PURE__ */ currency('KHR', 2, '៛', 0, 'KH', 'Cambodian riel', 'suffix', 100),
  LAK: /* @__PURE__ */ currency('LAK', 2, '₭', 0, 'LA', 'Lao kip', 'prefix', 500),
  MMK: /* @__PURE__ */ currency('MMK', 2, 'K', 0, 'MM', 'Myanmar kyat', 'prefix', 50),
  HKD: /* @__PURE__ */ currency('HKD', 2, 'HK$', 2, 'HK', 'Hong Kong dollar'),
  TWD: /* @__PURE__ */ currency('TWD', 2, 'NT$', 0, 'TW', 'New Taiwan dollar'),
  KRW: /* @__PURE__ */ currency('KRW', 0, '₩', 0, 'KR', 'South Korean won'),
  JPY: /* @__PURE__ */ currency('JPY', 0, '¥', 0, 'JP', 'Japanese yen'),
  INR: /* @__PURE__ */ currency('INR', 2, '₹', 2, 'IN', 'Indian rupee'),
} as const satisfies Record<string, Currency>;

export type CurrencyCode = keyof typeof CURRENCIES;

/** The supported codes, in the order above (the peso first: the default for a new merchant). */
export const CURRENCY_CODES = /* @__PURE__ */ Object.keys(CURRENCIES) as CurrencyCode[];

/** The currency existing merchants were created in before currencies were chosen (migration 080). */
export const DEFAULT_CURRENCY: CurrencyCode = 'PHP';

export function isCurrencyCode(code: unknown): code is CurrencyCode {
  return typeof code === 'string' && Object.hasOwn(CURRENCIES, code);
}

/**
 * A stake the studio writes for the peso (centavos), in the minor units of a merchant's currency (decision 069): an
 * unknown code scales as the peso does.
 */
export function scaleStake(centavos: number, code: string | undefined): number {
  return centavos * stakeScaleOf(code);
}

/** The stake scale of a currency code (1 for an unknown or missing code). */
export function stakeScaleOf(code: string | undefined): number {
  return (code !== undefined && currencyOf(code)?.stakeScale) || 1;
}

/** The currency of a code, or undefined for a code we do not support (the server answers currency_unknown). */
export function currencyOf(code: string): Currency | undefined {
  return isCurrencyCode(code) ? CURRENCIES[code] : undefined;
}
