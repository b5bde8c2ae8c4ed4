import type { SystemStatus } from '@tala/contracts/system';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { readStorage, storageKeys, writeStorage } from '../../../lib/storage.ts';

/** How often an open page asks again, so an operator's maintenance or region switch reaches it without reload. */
export const STATUS_RECHECK_MS = 60_000;

type Cached = { savedAt: number; value: SystemStatus };

/** The copy kept in sessionStorage (§4: settings are fetched once per session and reused). */
export function readCachedStatus(): SystemStatus | undefined {
  const text = readStorage('session', storageKeys.settings);
  if (!text) return undefined;
  try {
    const cached = JSON.parse(text) as Partial<Cached>;
    return cached.value?.info?.whitelabel ? cached.value : undefined;
  } catch {
    return undefined;
  }
}

export async function getSystemStatus(signal?: AbortSignal): Promise<SystemStatus> {
  const value = await api<SystemStatus>('/wps/system/status', signal ? { signal } : {});
  const cached: Cached = { savedAt: Date.now(), value };
  writeStorage('session', storageKeys.settings, JSON.stringify(cached));
  writeStorage('session', storageKeys.merchantCode, value.merchantCode);
  return value;
}

/**
 * The permission response. The session's cached copy paints the first frame at once (placeholder), the real answer
 * replaces it on every page load, and it is then trusted for the rest of the page's life except for the gate's recheck.
 */
export const systemStatusQuery = queryOptions<SystemStatus, Error, SystemStatus, readonly string[]>({
  queryKey: ['system', 'status'],
  queryFn: ({ signal }) => getSystemStatus(signal),
  staleTime: Number.POSITIVE_INFINITY,
  gcTime: Number.POSITIVE_INFINITY,
  placeholderData: () => readCachedStatus(),
});

export function useSystemStatus(options: { recheck?: boolean } = {}) {
  return useQuery({
    ...systemStatusQuery,
    refetchInterval: options.recheck ? STATUS_RECHECK_MS : false,
    refetchIntervalInBackground: false,
  });
}
