import { stakeScaleOf } from '@tala/contracts/currencies';
import { formatMoney, type MoneyDisplay, moneyDisplay } from '@tala/contracts/money-format';
import { currentLanguage } from './i18n.ts';

/*
 * A game client plays for one merchant (its iframe), so the merchant's currency is remembered once its balance or
 * jackpot arrives (decision 061); until then amounts read as pesos.
 */
let currency: MoneyDisplay = moneyDisplay({});

/** Remembers the merchant's money display from an amount the server sent with it. */
export function rememberCurrency(m: Partial<MoneyDisplay>) {
  currency = { ...currency, ...Object.fromEntries(Object.entries(m).filter(([, v]) => v !== undefined)) };
}

/** How many minor units make one unit of the merchant's currency (100 for the peso, 1 for the dong). */
export function unitScale(): number {
  return 10 ** currency.currencyExponent;
}

/** Where the merchant's currency writes its symbol (before: P10; after: 10.000 ₫). */
export function symbolPosition(): MoneyDisplay['symbolPosition'] {
  return currency.symbolPosition;
}

/**
 * How many minor units of the merchant's currency stand for one centavo of the studio's peso bet lists (decision
 * 069): the slot titles' bets are written once, for the peso, and scaled by this.
 */
export function stakeScale(): number {
  return stakeScaleOf(currency.currency);
}

/**
 * Minor units as money with the merchant's symbol and every decimal of its currency (slot pays go down to the
 * centavo): 123456 → "P1,234.56"; a dong amount has no decimals, "123,456 ₫". Grouping follows the client's language.
 */
export function money(amount: number, symbol = currency.currencySymbol): string {
  return formatMoney(
    amount,
    { ...currency, currencySymbol: symbol, displayDecimals: currency.currencyExponent },
    currentLanguage(),
  );
}

/** A key for one spin request, so that a retry cannot play twice. */
export function newRequestId(): string {
  const bytes = new Uint8Array(12);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
