import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type MerchantSummary = { code: string; brandName: string; domains: string[]; suspended: boolean };

/** GET /admin-api/merchants: the merchants the operator acts on (every one for a platform operator). */
export const merchantsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'merchants'],
    queryFn: ({ signal }) => api<MerchantSummary[]>('/admin-api/merchants', { signal }),
    staleTime: 60_000,
  });

export function useMerchants() {
  return useQuery(merchantsQueryOptions());
}
