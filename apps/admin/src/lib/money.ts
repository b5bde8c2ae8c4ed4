import { formatAmount, parseAmountInput } from '@tala/contracts/money-format';

/** Operators see amounts to the cent: two decimals of the peso's minor unit. */
const OPERATOR_CURRENCY = { exponent: 2, displayDecimals: 2 };
export const money = (minor: number) => formatAmount(minor, OPERATOR_CURRENCY);
/** What an operator typed, in minor units (or the raw text, which the server refuses with its own code). */
export const amountFromInput = (text: string): number | string => parseAmountInput(text, 2) ?? text;
