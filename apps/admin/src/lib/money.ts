import { currencyOf, stakeScaleOf } from '@tala/contracts/currencies';
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
export const moneyIn = (minor: number, currency: string) => `${amountIn(minor, currency)} ${currency}`;

const exponentOf = (currency: string) => currencyOf(currency)?.exponent ?? 2;

/**
 * An amount of a named currency in a form's field (a bingo room's card price is in the room's currency, decision
 * 069): every decimal of the currency, no code.
 */
export const amountIn = (minor: number, currency: string) => {
  const exponent = exponentOf(currency);
  return formatAmount(minor, { exponent, displayDecimals: exponent });
};

/** What an operator typed for an amount of a named currency, in its minor units, as `minorFromInput` reads it. */
export function minorFromInputIn(text: string, currency: string): number | null {
  const parsed = parseAmountInput(text, exponentOf(currency));
  return parsed === null ? null : Number(parsed);
}

/** What an operator typed, in minor units (or the raw text, which the server refuses with its own code). */
export const amountFromInput = (text: string, merchantCode?: string): number | string =>
  parseAmountInput(text, merchantMoney(merchantCode).currencyExponent) ?? text;

/**
 * What an operator typed in a settings form whose body takes numbers (a game's stakes, buy-ins, bets), in minor
 * units of the merchant's currency: "1.25" pesos is 125, "50,000" dong is 50000. A fraction of the minor unit
 * ("1.255" pesos) stays a fraction, which the server refuses with amount_too_precise; null when it is no amount.
 */
export function minorFromInput(text: string, merchantCode?: string): number | null {
  const parsed = parseAmountInput(text, merchantMoney(merchantCode).currencyExponent);
  return parsed === null ? null : Number(parsed);
}

/**
 * The studio's shared stake ladders (live tables' limits and chips, decision 069) are kept for the peso, in
 * centavos, and each merchant's members read them times its currency's stake scale. An operator reads and types
 * them as that merchant's members see them: P1.25 for the peso, 1,000 ₫ for a table the dong's members see at
 * 1,000 ₫ (100 centavos).
 */
export const studioStake = (centavos: number, merchantCode?: string) =>
  money(centavos * merchantStakeScale(merchantCode), merchantCode);

/** How many minor units of the merchant's currency stand for one centavo of the studio's ladders (decision 069). */
export const merchantStakeScale = (merchantCode?: string) =>
  stakeScaleOf(merchantMoney(merchantCode).currency);

/**
 * What an operator typed for a studio ladder, back in the studio's centavos: null when it is no amount or not a
 * whole step of the currency's scale (50,005 ₫: the dong's ladder steps by 10 ₫); a fraction of the minor unit stays
 * a fraction for the server to refuse (amount_too_precise).
 */
export function studioStakeFromInput(text: string, merchantCode?: string): number | null {
  const minor = minorFromInput(text, merchantCode);
  if (minor === null) return null;
  const scale = merchantStakeScale(merchantCode);
  if (Number.isInteger(minor) && minor % scale !== 0) return null;
  return minor / scale;
}
