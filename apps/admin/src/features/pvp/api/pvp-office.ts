import type {
  PvpOfficeHand,
  PvpOfficeHandDetail,
  PvpOfficeTable,
  PvpReportRow,
  SavePvpTableBody,
} from '@tala/contracts/pvp-office';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { PvpOfficeHand, PvpOfficeHandDetail, PvpOfficeTable, PvpReportRow, SavePvpTableBody };

type Page<T> = { list: T[]; pageNo: number; pageSize: number; total: number; totalPages: number };

const root = ['admin', 'pvp'] as const;
const base = (merchant: string) => `/admin-api/merchants/${encodeURIComponent(merchant)}/pvp`;

/** The merchant's tables (its own rows: members of two merchants never share a table). */
export function usePvpTables(merchant: string, enabled = true) {
  return useQuery({
    queryKey: [...root, 'tables', merchant],
    queryFn: ({ signal }) => api<{ list: PvpOfficeTable[] }>(`${base(merchant)}/tables`, { signal }),
    refetchInterval: 15_000,
    enabled,
  });
}

export function useSavePvpTable(merchant: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: SavePvpTableBody }) =>
      api<PvpOfficeTable>(`${base(merchant)}/tables/${encodeURIComponent(code)}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}

export type HandsFilter = { table: string; member: string; from: string; to: string; pageNo: number };

export function usePvpHands(merchant: string, filter: HandsFilter) {
  return useQuery({
    queryKey: [...root, 'hands', merchant, filter],
    queryFn: ({ signal }) =>
      api<Page<PvpOfficeHand>>(`${base(merchant)}/hands`, {
        // Empty filters are left out: the server checks each one it gets.
        query: {
          table: filter.table || undefined,
          member: filter.member.trim() || undefined,
          from: filter.from || undefined,
          to: filter.to || undefined,
          pageNo: filter.pageNo,
          pageSize: 20,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

export function usePvpHand(merchant: string, id: number | null) {
  return useQuery({
    queryKey: [...root, 'hand', merchant, id],
    queryFn: ({ signal }) => api<PvpOfficeHandDetail>(`${base(merchant)}/hands/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function usePvpReport(merchant: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...root, 'report', merchant, range],
    queryFn: ({ signal }) =>
      api<{ list: PvpReportRow[]; totals: Omit<PvpReportRow, 'day' | 'game'>; timeZone: string }>(
        `${base(merchant)}/report`,
        { query: range, signal },
      ),
    placeholderData: keepPreviousData,
  });
}
