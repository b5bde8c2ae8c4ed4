import type { Broadcast, BroadcastDraft, BroadcastSegmentInput } from '@tala/contracts/broadcasts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { Broadcast, BroadcastDraft, BroadcastSegmentInput };
export type BroadcastPage = { list: Broadcast[]; pageNo: number; totalPages: number; total: number };
export type BroadcastPreview = { recipients: number; unknownUsernames: string[] };

const broadcastsKey = ['admin', 'broadcasts'] as const;
const base = (code: string) => `/admin-api/merchants/${encodeURIComponent(code)}/broadcasts`;

/** GET /admin-api/merchants/:code/broadcasts — newest first, with recipients and reads. */
export const useBroadcasts = (code: string, pageNo: number) =>
  useQuery({
    queryKey: [...broadcastsKey, code, pageNo],
    queryFn: ({ signal }) => api<BroadcastPage>(base(code), { signal, query: { pageNo, pageSize: 20 } }),
    placeholderData: keepPreviousData,
  });

/** POST …/broadcasts/preview — how many members the segment reaches now, and unknown usernames. */
export const usePreviewSegment = (code: string) =>
  useMutation({
    mutationFn: (segment: BroadcastSegmentInput) =>
      api<BroadcastPreview>(`${base(code)}/preview`, { method: 'POST', body: { segment } }),
  });

/** POST …/broadcasts — sends now or schedules; the list is read again. */
export function useSendBroadcast(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (draft: BroadcastDraft) => api<Broadcast>(base(code), { method: 'POST', body: draft }),
    onSuccess: () => client.invalidateQueries({ queryKey: broadcastsKey }),
  });
}

/** POST …/broadcasts/:id/withdraw — members no longer see it. */
export function useWithdrawBroadcast(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api<Broadcast>(`${base(code)}/${id}/withdraw`, { method: 'POST' }),
    onSuccess: () => client.invalidateQueries({ queryKey: broadcastsKey }),
  });
}
