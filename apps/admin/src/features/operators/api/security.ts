import type { BackOfficeSecurity } from '@tala/contracts/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { operatorsQueryOptions } from './get-operators.ts';

/** GET /admin-api/security (owners): the roles that must sign in with an authenticator code. */
export const securityQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'security'],
    queryFn: ({ signal }) => api<BackOfficeSecurity>('/admin-api/security', { signal }),
  });

export function useSecurity() {
  return useQuery(securityQueryOptions());
}

/** PUT /admin-api/security (owners). */
export function useSaveSecurity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (value: BackOfficeSecurity) =>
      api<BackOfficeSecurity>('/admin-api/security', { method: 'PUT', body: value }),
    onSuccess: (value) => queryClient.setQueryData(securityQueryOptions().queryKey, value),
  });
}

/** DELETE /admin-api/operators/:id/second-factor (owners): resets an operator's authenticator (a lost phone). */
export function useResetSecondFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id }: { id: number; username: string }) =>
      api<null>(`/admin-api/operators/${id}/second-factor`, { method: 'DELETE' }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsQueryOptions().queryKey }),
  });
}
