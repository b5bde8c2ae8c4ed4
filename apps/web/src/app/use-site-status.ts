import type { SystemStatus } from '@tala/contracts/system';
import { useSystemStatus } from '../features/system/api/get-system-status.ts';

/** The permission response inside the status gate, where it is always present. */
export function useSiteStatus(): SystemStatus {
  const { data } = useSystemStatus();
  if (!data) throw new Error('useSiteStatus is used outside the status gate');
  return data;
}
