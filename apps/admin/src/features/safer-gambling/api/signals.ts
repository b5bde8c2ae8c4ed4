import type { FlaggedMember, Interaction, SignalFlag, SignalRule } from '@tala/contracts/safer-gambling';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { FlaggedMember, Interaction, SignalFlag, SignalRule };

export type FlaggedPage = {
  list: FlaggedMember[];
  pageNo: number;
  pageSize: number;
  total: number;
  totalPages: number;
  lastRunAt: string | null;
};
export type MemberSignals = {
  memberId: number;
  username: string;
  flags: SignalFlag[];
  interactions: Interaction[];
};

const key = ['admin', 'safer-gambling'] as const;
const base = (code: string) => `/admin-api/merchants/${encodeURIComponent(code)}/safer-gambling`;

export const useFlagged = (code: string, rule: SignalRule | '', pageNo: number) =>
  useQuery({
    queryKey: [...key, 'flags', code, rule, pageNo],
    queryFn: ({ signal }) =>
      api<FlaggedPage>(`${base(code)}/flags`, {
        query: { rule: rule || undefined, pageNo, pageSize: 20 },
        signal,
      }),
  });

export const useMemberSignals = (code: string, memberId: number | null) =>
  useQuery({
    queryKey: [...key, 'member', code, memberId],
    queryFn: ({ signal }) => api<MemberSignals>(`${base(code)}/members/${memberId}`, { signal }),
    enabled: memberId !== null,
  });

/** Records an interaction; the list and the member's panel are read again. */
export function useRecordInteraction(code: string, memberId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: { channel: string; outcome: string; note: string }) =>
      api<Interaction>(`${base(code)}/members/${memberId}/interactions`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}

/** Runs the rules now (owners), as the nightly job does. */
export function useRunSignals(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => api<{ flagged: number; cleared: number }>(`${base(code)}/run`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: key }),
  });
}
