import { formatMoney, type MoneyDisplay, parseAmountInput } from '@tala/contracts/money-format';
import { currentLanguage } from './i18n.ts';

/** The merchant's money display as the public settings and balances carry it (decision 061). */
export type Currency = Pick<MoneyDisplay, 'currencySymbol' | 'currencyExponent' | 'displayDecimals'> &
  Partial<Pick<MoneyDisplay, 'currency' | 'symbolPosition' | 'currencyRegion'>>;

/** The short form the games screens and records carry: symbol and exponent, with the symbol's place and grouping. */
export type SiteCurrency = {
  symbol: string;
  exponent: number;
  /** The ISO 4217 code (the studio's stake ladders scale by it, decision 069); the peso's rules without it. */
  code?: string;
  position?: MoneyDisplay['symbolPosition'];
  region?: string;
};

function display(currency: Currency): MoneyDisplay {
  return {
    currency: currency.currency ?? '',
    currencySymbol: currency.currencySymbol,
    currencyExponent: currency.currencyExponent,
    displayDecimals: currency.displayDecimals,
    symbolPosition: currency.symbolPosition ?? 'prefix',
    currencyRegion: currency.currencyRegion ?? 'PH',
  };
}

/** §9: thousands separators of the visitor's language and the merchant's decimals (none by default), with the symbol. */
export function money(minor: number, currency: Currency, language: string = currentLanguage()) {
  return formatMoney(minor, display(currency), language);
}

/** The same for the short form, with `decimals` shown (every decimal of the currency by default). */
export function siteMoney(
  minor: number,
  currency: SiteCurrency,
  decimals = currency.exponent,
  language: string = currentLanguage(),
) {
  return formatMoney(
    minor,
    display({
      currencySymbol: currency.symbol,
      currencyExponent: currency.exponent,
      displayDecimals: decimals,
      symbolPosition: currency.position,
      currencyRegion: currency.region,
    }),
    language,
  );
}

/** The short form of a merchant's public white-label settings. */
export function siteCurrency(whitelabel: Partial<MoneyDisplay> | undefined): SiteCurrency {
  return {
    code: whitelabel?.currency,
    symbol: whitelabel?.currencySymbol ?? 'P',
    exponent: whitelabel?.currencyExponent ?? 2,
    position: whitelabel?.symbolPosition ?? 'prefix',
    region: whitelabel?.currencyRegion ?? 'PH',
  };
}

/** What the member typed, in minor units; text that is not an amount goes to the server as typed (it names the rule). */
export function amountInput(text: string, currency: Pick<Currency, 'currencyExponent'>): number | string {
  return parseAmountInput(text, currency.currencyExponent) ?? text;
}
