import type { AuditEntry } from '@tala/contracts/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type AuditPage = {
  list: AuditEntry[];
  pageNo: number;
  pageSize: number;
  total: number;
  totalPages: number;
};
export type AuditFilter = { pageNo: number; pageSize: number; action: string };

/** GET /admin-api/audit (owners): a page of events, newest first, optionally of one action or a prefix. */
export const auditQueryOptions = (filter: AuditFilter) =>
  queryOptions({
    queryKey: ['admin', 'audit', filter],
    queryFn: ({ signal }) =>
      api<AuditPage>('/admin-api/audit', {
        signal,
        query: { pageNo: filter.pageNo, pageSize: filter.pageSize, action: filter.action || undefined },
      }),
    placeholderData: keepPreviousData,
  });

export function useAudit(filter: AuditFilter) {
  return useQuery(auditQueryOptions(filter));
}
