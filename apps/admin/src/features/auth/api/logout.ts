import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { endSession } from '../../../lib/session.ts';

/** DELETE /admin-api/session: revokes the token on the server; the tab forgets it whatever the answer. */
export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api<null>('/admin-api/session', { method: 'DELETE' }),
    onSettled: () => {
      endSession('logout');
      queryClient.clear();
    },
  });
}
