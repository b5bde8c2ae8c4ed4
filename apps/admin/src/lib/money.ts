import { currencyOf } from '@tala/contracts/currencies';
import {
  formatAmount,
  type MoneyDisplay,
  moneyDisplay,
  parseAmountInput,
} from '@tala/contracts/money-format';

/*
 * Operators see amounts to the last minor unit of the merchant's currency (decision 061): a peso amount with its two
 * decimals, a dong amount with none. The merchants list teaches this module each merchant's currency; a page about
 * one merchant (MerchantScope) names it, and rows of cross-merchant lists pass their own merchant's code.
 */
const displays = new Map<string, MoneyDisplay>();
let scoped: string | undefined;

/** Remembers every merchant's money display (called with the merchants list). */
export function rememberMerchantMoney(merchants: readonly { code: string; money: MoneyDisplay }[]) {
  for (const m of merchants) displays.set(m.code, m.money);
}

/** The merchant whose page is on screen: its currency formats and reads the amounts that name no merchant. */
export function scopeMerchantMoney(code: string | undefined) {
  scoped = code;
}

/** A merchant's money display (the scoped merchant's without a code; the peso's until the list has loaded). */
export function merchantMoney(code?: string): MoneyDisplay {
  return displays.get(code ?? scoped ?? '') ?? moneyDisplay({});
}

export const money = (minor: number, merchantCode?: string) => {
  const display = merchantMoney(merchantCode);
  return formatAmount(minor, {
    exponent: display.currencyExponent,
    displayDecimals: display.currencyExponent,
  });
};

/**
 * An amount of a named currency (a report's per-currency totals, which belong to no one merchant): every decimal of
 * the currency, as operators read them.
 */
export const moneyIn = (minor: number, currency: string) => {
  const exponent = currencyOf(currency)?.exponent ?? 2;
  return `${formatAmount(minor, { exponent, displayDecimals: exponent })} ${currency}`;
};

/** What an operator typed, in minor units (or the raw text, which the server refuses with its own code). */
export const amountFromInput = (text: string, merchantCode?: string): number | string =>
  parseAmountInput(text, merchantMoney(merchantCode).currencyExponent) ?? text;
