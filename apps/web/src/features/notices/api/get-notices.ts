import type { Notice } from '@tala/contracts/content';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useLanguage } from '../../../lib/i18n.ts';

export type { Notice };

type Page<T> = { list: T[]; pageNo: number; pageSize: number; total: number; totalPages: number };

/** GET /wps/relay/MCSFE_getNotices — the notices in effect now (the bar, the notice modal and /noticePage). */
export const noticesQuery = (language: string) =>
  queryOptions({
    queryKey: ['notices', language],
    queryFn: () => api<Page<Notice>>('/wps/relay/MCSFE_getNotices', { query: { pageNo: 1, pageSize: 50 } }),
    staleTime: 5 * 60_000,
  });

export function useNotices() {
  return useQuery(noticesQuery(useLanguage()));
}
