import type { OperatorAccount } from '@tala/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { operatorsQueryOptions } from './get-operators.ts';

/** PATCH /admin-api/operators/:id (owners): disable or enable an operator. */
export function useSetOperatorDisabled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, disabled }: { id: number; disabled: boolean }) =>
      api<OperatorAccount>(`/admin-api/operators/${id}`, { method: 'PATCH', body: { disabled } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: operatorsQueryOptions().queryKey }),
  });
}
