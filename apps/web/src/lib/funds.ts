import type { ConsolidatedFunds } from '@tala/contracts/payments';
import { queryOptions } from '@tanstack/react-query';
import { api } from './api-client.ts';
import { memberQueryRoot } from './member-session.ts';

/**
 * /wps/member/info/funds/consolidated: the member's balances, the merchant's currency and the agent contract
 * flags (§3). One query, shared by the wallet pages and the agent centre.
 */
export const fundsQuery = () =>
  queryOptions({
    queryKey: [memberQueryRoot, 'payments', 'funds'],
    queryFn: () => api<ConsolidatedFunds>('/wps/member/info/funds/consolidated'),
  });
