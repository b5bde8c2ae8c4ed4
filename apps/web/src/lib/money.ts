import { formatAmount, parseAmountInput } from '@tala/contracts/money-format';

export type Currency = { currencySymbol: string; currencyExponent: number; displayDecimals: number };

/** §9: thousands separators and the merchant's decimals (none by default), with the currency symbol. */
export function money(minor: number, currency: Currency) {
  return `${currency.currencySymbol}${formatAmount(minor, {
    exponent: currency.currencyExponent,
    displayDecimals: currency.displayDecimals,
  })}`;
}

/** What the member typed, in minor units; text that is not an amount goes to the server as typed (it names the rule). */
export function amountInput(text: string, currency: Currency): number | string {
  return parseAmountInput(text, currency.currencyExponent) ?? text;
}
