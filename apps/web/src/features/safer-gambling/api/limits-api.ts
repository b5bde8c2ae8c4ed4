import type { LimitKey, LimitsState, LimitView } from '@tala/contracts/limits';
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

// The member's own limits (/wps/relay/RG_*): their value types come from the contracts.
export type { LimitKey, LimitsState, LimitView };

type ChangeResult = { outcome: 'applied' | 'pending' | 'unchanged'; state: LimitsState };

// Under the member root, so that login, logout and every money movement read them again (usage changes).
export const limitsKey = [memberQueryRoot, 'safer-gambling', 'limits'];

export const limitsQuery = () =>
  queryOptions({ queryKey: limitsKey, queryFn: () => api<LimitsState>('/wps/relay/RG_getLimits') });

const limitsApi = {
  set: (body: { key: LimitKey; value: number | string | null }) =>
    api<ChangeResult>('/wps/relay/RG_setLimit', { method: 'POST', body }),
  confirm: (key: LimitKey) =>
    api<ChangeResult>('/wps/relay/RG_confirmLimit', { method: 'POST', body: { key } }),
  cancel: (key: LimitKey) =>
    api<ChangeResult>('/wps/relay/RG_cancelLimitChange', { method: 'POST', body: { key } }),
};

/** A change of a limit; the answer carries the new state, which replaces the cached one. */
export function useLimitChange<Input>(
  call: (limits: typeof limitsApi, input: Input) => Promise<ChangeResult>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: Input) => call(limitsApi, input),
    onSuccess: (result) => client.setQueryData(limitsKey, result.state),
  });
}
