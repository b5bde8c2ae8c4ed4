import type { OperatorAccount } from '@tala/contracts/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /admin-api/operators (owners). */
export const operatorsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'operators'],
    queryFn: ({ signal }) => api<OperatorAccount[]>('/admin-api/operators', { signal }),
  });

export function useOperators() {
  return useQuery(operatorsQueryOptions());
}
