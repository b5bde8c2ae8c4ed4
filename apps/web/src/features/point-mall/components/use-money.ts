import { money } from '../../../lib/money.ts';
import { useSystemStatus } from '../../system/api/get-system-status.ts';

/** The merchant's money format (white-label settings). */
export function useMoney() {
  const whitelabel = useSystemStatus().data?.info.whitelabel;
  return (minor: number) => (whitelabel ? money(minor, whitelabel) : String(minor));
}
