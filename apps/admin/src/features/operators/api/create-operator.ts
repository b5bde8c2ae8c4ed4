import type { CreateOperatorBody, OperatorAccount } from '@tala/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { operatorsQueryOptions } from './get-operators.ts';

/** POST /admin-api/operators (owners). */
export function useCreateOperator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateOperatorBody) =>
      api<OperatorAccount>('/admin-api/operators', { method: 'POST', body }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsQueryOptions().queryKey }),
  });
}
