import type { RealityCheckStatus } from '@tala/contracts/safer-gambling';
import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

export type { RealityCheckStatus };

/** GET /wps/relay/SAFER_realityCheck: the interval, the session's login time, whether a check is due, the figures. */
export const realityCheckQuery = (token: string) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'realityCheck'],
    queryFn: () => api<RealityCheckStatus>('/wps/relay/SAFER_realityCheck'),
    staleTime: 30_000,
    retry: false,
  });

/** POST /wps/relay/SAFER_setRealityCheck: 0 (off) or 15 to 120 minutes; the server names a bad value. */
export const setRealityCheck = (intervalMinutes: number | string) =>
  api<RealityCheckStatus>('/wps/relay/SAFER_setRealityCheck', { method: 'POST', body: { intervalMinutes } });

/** POST /wps/relay/SAFER_answerRealityCheck: continue (play goes on) or logout (recorded, then the session ends). */
export const answerRealityCheck = (answer: 'continue' | 'logout') =>
  api<RealityCheckStatus>('/wps/relay/SAFER_answerRealityCheck', { method: 'POST', body: { answer } });

/** DELETE /wps/session/logout: the reality check's "log out". */
export const logoutSession = () => api<null>('/wps/session/logout', { method: 'DELETE' });
