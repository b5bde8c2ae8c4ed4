import { amountInput, money } from '../../../lib/money.ts';
import { useSystemStatus } from '../../system/api/get-system-status.ts';

/** Amounts in the merchant's currency: minor units shown, typed amounts read (the lottery's slip and records). */
export function useMoney() {
  const whitelabel = useSystemStatus().data?.info.whitelabel;
  return {
    format: (minor: number) => (whitelabel ? money(minor, whitelabel) : String(minor)),
    parse: (text: string) => (whitelabel ? amountInput(text, whitelabel) : text),
  };
}
