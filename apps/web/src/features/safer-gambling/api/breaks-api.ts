import type { BreaksState, ExclusionPeriod } from '@tala/contracts/exclusions';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

// The breaks' calls (/wps/member/breaks...): time-out, self-exclusion, closure and the lift of a self-exclusion
// (docs/decisions/047-time-out-and-self-exclusion.md). Under the member root, so login and logout read them again.
export type { BreaksState };
export const breaksKey = [memberQueryRoot, 'breaks'] as const;

export const breaksQuery = () =>
  queryOptions({
    queryKey: breaksKey,
    queryFn: ({ signal }) => api<BreaksState>('/wps/member/breaks', { signal }),
    staleTime: 60_000,
  });

export const breaksApi = {
  timeOut: (hours: number) =>
    api<BreaksState>('/wps/member/breaks/timeout', { method: 'POST', body: { hours, confirm: true } }),
  selfExclude: (period: ExclusionPeriod) =>
    api<BreaksState>('/wps/member/breaks/self-exclusion', {
      method: 'POST',
      body: { period, confirm: true },
    }),
  close: (reason: string) =>
    api<BreaksState>('/wps/member/breaks/closure', {
      method: 'POST',
      body: { confirm: true, ...(reason.trim() ? { reason: reason.trim() } : {}) },
    }),
  lift: (exclusionId: number) =>
    api<BreaksState>('/wps/member/breaks/lift', { method: 'POST', body: { exclusionId } }),
};
