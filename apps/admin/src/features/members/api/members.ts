import type { MemberDetail, MemberDownline, MemberSummary } from '@tala/contracts/members';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { Page } from '../../../lib/page.ts';

export type MemberFilter = {
  pageNo: number;
  q: string;
  merchantCode: string;
  status: '' | 'active' | 'locked';
  type: string;
  registeredFrom: string | undefined;
  registeredTo: string | undefined;
};

/** GET /admin-api/members (owners, support, finance). */
export const membersQueryOptions = (filter: MemberFilter) =>
  queryOptions({
    queryKey: ['admin', 'members', 'list', filter],
    queryFn: ({ signal }) =>
      api<Page<MemberSummary>>('/admin-api/members', {
        signal,
        query: {
          pageNo: filter.pageNo,
          pageSize: 20,
          q: filter.q.trim() || undefined,
          merchantCode: filter.merchantCode || undefined,
          status: filter.status || undefined,
          type: filter.type || undefined,
          registeredFrom: filter.registeredFrom,
          registeredTo: filter.registeredTo,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const useMembers = (filter: MemberFilter) => useQuery(membersQueryOptions(filter));

const detailKey = (id: number) => ['admin', 'members', 'detail', id] as const;

/** GET /admin-api/members/:id: profile, status, known addresses and login history. */
export const useMember = (id: number, enabled = true) =>
  useQuery({
    queryKey: detailKey(id),
    queryFn: ({ signal }) => api<MemberDetail>(`/admin-api/members/${id}`, { signal }),
    enabled,
  });

/** Lock (with a reason) or unlock; the answer is the member as it now stands. */
export function useSetLocked(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { locked: true; reason: string } | { locked: false }) =>
      change.locked
        ? api<MemberDetail>(`/admin-api/members/${id}/lock`, {
            method: 'POST',
            body: { reason: change.reason },
          })
        : api<MemberDetail>(`/admin-api/members/${id}/unlock`, { method: 'POST' }),
    onSuccess: (member) => {
      queryClient.setQueryData(detailKey(id), member);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'members', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'members', 'downline'] });
    },
  });
}

/** A temporary password, shown once; the member must change it at the next login. */
export function useForcePasswordReset(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api<{ temporaryPassword: string }>(`/admin-api/members/${id}/password-reset`, { method: 'POST' }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: detailKey(id) }),
  });
}

/** GET /admin-api/members/:id/downline: the direct downline, each with the size of its own. */
export const useDownline = (id: number) =>
  useQuery({
    queryKey: ['admin', 'members', 'downline', id],
    queryFn: ({ signal }) => api<MemberDownline>(`/admin-api/members/${id}/downline`, { signal }),
  });

/** PUT /admin-api/members/:id/upline (owners): moves the member, with its downline, under another agent. */
export function useMoveMember(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { uplineUsername: string; reason: string }) =>
      api<MemberDetail>(`/admin-api/members/${id}/upline`, { method: 'PUT', body }),
    onSuccess: (member) => {
      queryClient.setQueryData(detailKey(id), member);
      void queryClient.invalidateQueries({ queryKey: ['admin', 'members', 'list'] });
      void queryClient.invalidateQueries({ queryKey: ['admin', 'members', 'downline'] });
    },
  });
}
