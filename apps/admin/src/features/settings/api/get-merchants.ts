import type { MoneyDisplay } from '@tala/contracts/money-format';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { rememberMerchantMoney } from '../../../lib/money.ts';

export type MerchantSummary = {
  code: string;
  brandName: string;
  domains: string[];
  suspended: boolean;
  money: MoneyDisplay;
};

/** GET /admin-api/merchants: the merchants the operator acts on (every one for a platform operator). */
export const merchantsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'merchants'],
    queryFn: async ({ signal }) => {
      const merchants = await api<MerchantSummary[]>('/admin-api/merchants', { signal });
      rememberMerchantMoney(merchants);
      return merchants;
    },
    staleTime: 60_000,
  });

export function useMerchants() {
  return useQuery(merchantsQueryOptions());
}
