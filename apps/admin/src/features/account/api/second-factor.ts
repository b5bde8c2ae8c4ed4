import type { TotpEnrolment } from '@tala/contracts/totp';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type Status = { enabled: boolean; required: boolean; recoveryCodesLeft: number };

/** GET /admin-api/me/second-factor: the signed-in operator's authenticator. */
export const secondFactorQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'me', 'second-factor'],
    queryFn: ({ signal }) => api<Status>('/admin-api/me/second-factor', { signal }),
  });

export function useSecondFactor() {
  return useQuery(secondFactorQueryOptions());
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: secondFactorQueryOptions().queryKey });
}

/** POST /admin-api/me/second-factor: a new key and its QR image. */
export function useStartSecondFactor() {
  return useMutation({
    mutationFn: () => api<TotpEnrolment>('/admin-api/me/second-factor', { method: 'POST' }),
  });
}

/** PUT /admin-api/me/second-factor: confirms the set-up with a first code; answers the recovery codes. */
export function useConfirmSecondFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ recoveryCodes: string[] }>('/admin-api/me/second-factor', { method: 'PUT', body: { code } }),
    onSuccess: refresh,
  });
}

/** POST /admin-api/me/second-factor/recovery-codes: a new set, with a current code. */
export function useRenewRecoveryCodes() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) =>
      api<{ recoveryCodes: string[] }>('/admin-api/me/second-factor/recovery-codes', {
        method: 'POST',
        body: { code },
      }),
    onSuccess: refresh,
  });
}

/** POST /admin-api/me/second-factor/off: turns the authenticator off, with a current code. */
export function useDisableSecondFactor() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (code: string) =>
      api<null>('/admin-api/me/second-factor/off', { method: 'POST', body: { code } }),
    onSuccess: refresh,
  });
}
