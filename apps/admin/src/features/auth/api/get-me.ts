import type { Operator } from '@tala/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '../../../lib/api-client.ts';
import { sessionToken, subscribeSession } from '../../../lib/session.ts';

/** GET /admin-api/session: the signed-in operator. */
export const meQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'me'],
    queryFn: ({ signal }) => api<Operator>('/admin-api/session', { signal }),
    staleTime: 60_000,
    retry: false,
  });

/** The current token, re-rendering when a login, logout or a refused call changes it. */
export function useSessionToken(): string | null {
  return useSyncExternalStore(subscribeSession, sessionToken);
}

export function useMe() {
  const token = useSessionToken();
  return useQuery({ ...meQueryOptions(), enabled: token !== null });
}
