import type { CreateMerchantBody } from '@tala/contracts/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type PlatformMerchant = { code: string; brandName: string; domains: string[]; suspended: boolean };
/** The form's body before the server fills its defaults. */
export type NewMerchant = Omit<CreateMerchantBody, 'demoContent' | 'brand'> & {
  demoContent: boolean;
  brand: Omit<CreateMerchantBody['brand'], 'faviconUrl' | 'appIconUrl'> & {
    faviconUrl: string | null;
    appIconUrl: string | null;
  };
};

/** GET /admin-api/platform/merchants (platform operators). */
export const platformMerchantsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'platform', 'merchants'],
    queryFn: ({ signal }) => api<PlatformMerchant[]>('/admin-api/platform/merchants', { signal }),
  });

export function usePlatformMerchants() {
  return useQuery(platformMerchantsQueryOptions());
}

function useRefresh() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: platformMerchantsQueryOptions().queryKey }),
      // The merchant pickers of every other page.
      queryClient.invalidateQueries({ queryKey: ['admin', 'merchants'] }),
    ]);
}

/** POST /admin-api/platform/merchants (platform owners). */
export function useCreateMerchant() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: NewMerchant) =>
      api<PlatformMerchant>('/admin-api/platform/merchants', { method: 'POST', body }),
    onSuccess: refresh,
  });
}

/** PUT /admin-api/platform/merchants/:code/suspension (platform owners). */
export function useSetSuspended() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: ({ code, suspended }: { code: string; suspended: boolean }) =>
      api<PlatformMerchant>(`/admin-api/platform/merchants/${encodeURIComponent(code)}/suspension`, {
        method: 'PUT',
        body: { suspended },
      }),
    onSuccess: refresh,
  });
}
