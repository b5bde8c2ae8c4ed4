import { minBetChoiceMinor } from '@tala/contracts/games';
import { type SiteCurrency, siteMoney } from '../../../lib/money.ts';

/**
 * The lobby's minimum-bet choices as the merchant's members read them: each value stays the one the game list
 * takes (spec §5's '0.01' to '0.75', the peso's figures), its label is that amount in the merchant's currency, with
 * every decimal it has ('0.05': P0.05 for the peso, 50 ₫ for the dong, whose stake scale is 10; decision 069).
 */
export function minBetOptions(
  choices: readonly string[],
  currency: SiteCurrency,
  language?: string,
): { value: string; label: string }[] {
  return choices.map((value) => ({
    value,
    label: siteMoney(minBetChoiceMinor(value, currency.code), currency, currency.exponent, language),
  }));
}
