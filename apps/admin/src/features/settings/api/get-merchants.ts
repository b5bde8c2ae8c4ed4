import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type MerchantSummary = { code: string; brandName: string; domains: string[] };

/** GET /admin-api/merchants: every merchant an operator can configure. */
export const merchantsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'merchants'],
    queryFn: ({ signal }) => api<MerchantSummary[]>('/admin-api/merchants', { signal }),
    staleTime: 60_000,
  });

export function useMerchants() {
  return useQuery(merchantsQueryOptions());
}
