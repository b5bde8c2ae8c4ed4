import type { Operator } from '@tala/contracts/admin';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { startSession } from '../../../lib/session.ts';
import { meQueryOptions } from './get-me.ts';

export type LoginInput = { username: string; password: string };

/** POST /admin-api/session: signs in and keeps the token for this tab. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: LoginInput) =>
      api<{ token: string; operator: Operator }>('/admin-api/session', { method: 'POST', body: input }),
    onSuccess: ({ token, operator }) => {
      queryClient.clear();
      queryClient.setQueryData(meQueryOptions().queryKey, operator);
      startSession(token);
    },
  });
}
