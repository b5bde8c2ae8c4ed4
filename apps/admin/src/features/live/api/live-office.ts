import type {
  LiveOfficeRound,
  LiveOfficeRoundDetail,
  LiveOfficeTable,
  LiveReportRow,
  SaveLiveTableBody,
} from '@tala/contracts/live-office';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { LiveOfficeRound, LiveOfficeRoundDetail, LiveOfficeTable, LiveReportRow };

type Page<T> = { list: T[]; pageNo: number; pageSize: number; total: number; totalPages: number };
const root = ['admin', 'live'] as const;
const base = (merchant: string) => `/admin-api/merchants/${encodeURIComponent(merchant)}/live`;

/** The studio's tables (the platform's, shared by every merchant). */
export function useLiveTables(enabled = true) {
  return useQuery({
    queryKey: [...root, 'tables'],
    queryFn: ({ signal }) => api<{ list: LiveOfficeTable[] }>('/admin-api/live/tables', { signal }),
    refetchInterval: 15_000,
    enabled,
  });
}

/** Saves a table's settings; maintenance voids and refunds its open rounds, so rounds reload too. */
export function useSaveLiveTable() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: SaveLiveTableBody }) =>
      api<LiveOfficeTable>(`/admin-api/live/tables/${encodeURIComponent(code)}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}

export type RoundsFilter = { tableCode: string; status: string; from: string; to: string; pageNo: number };

export function useLiveRounds(merchant: string, filter: RoundsFilter) {
  return useQuery({
    queryKey: [...root, 'rounds', merchant, filter],
    queryFn: ({ signal }) =>
      api<Page<LiveOfficeRound>>(`${base(merchant)}/rounds`, {
        query: { ...filter, pageSize: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

export function useLiveRound(merchant: string, id: number | null) {
  return useQuery({
    queryKey: [...root, 'round', merchant, id],
    queryFn: ({ signal }) => api<LiveOfficeRoundDetail>(`${base(merchant)}/rounds/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function useLiveReport(merchant: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...root, 'report', merchant, range],
    queryFn: ({ signal }) =>
      api<{
        list: LiveReportRow[];
        totals: Omit<LiveReportRow, 'day' | 'tableCode' | 'game'>;
        timeZone: string;
      }>(`${base(merchant)}/report`, { query: range, signal }),
    placeholderData: keepPreviousData,
  });
}
