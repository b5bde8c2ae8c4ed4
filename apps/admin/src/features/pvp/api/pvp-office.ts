import type { PvpGame, PvpHandOutcome, PvpTable } from '@tala/contracts/pvp';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

type Page<T> = { list: T[]; pageNo: number; pageSize: number; total: number; totalPages: number };

/** A table as the back office sees it: its settings, who sits there and the hand running. */
export type PvpOfficeTable = PvpTable & {
  players?: { seat: number; username: string; stack: number; leaving: boolean }[];
  runningHand?: number | null;
};
export type SavePvpTableBody = {
  stake: number;
  minBuyIn: number;
  maxBuyIn: number;
  rakeBps: number;
  rakeCap: number;
  turnSeconds: number;
  maintenance: boolean;
};
export type PvpOfficeHand = {
  id: number;
  tableCode: string;
  game: PvpGame;
  handNo: number;
  startedAt: string;
  endedAt: string | null;
  serverSeedHash: string;
  serverSeed: string | null;
  rake: number;
  pot?: number;
  players: { seat: number; username: string; stackBefore: number; net: number | null }[];
  moves?: { seq: number; seat: number; move: unknown; auto: boolean; at: string }[];
  outcome?: PvpHandOutcome | null;
};
export type PvpReportRow = {
  day: string;
  game: PvpGame;
  hands: number;
  players?: number;
  pots?: number;
  rake: number;
};

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

export type HandsFilter = { tableCode: string; member: string; from: string; to: string; pageNo: number };

export function usePvpHands(merchant: string, filter: HandsFilter) {
  return useQuery({
    queryKey: [...root, 'hands', merchant, filter],
    queryFn: ({ signal }) =>
      api<Page<PvpOfficeHand>>(`${base(merchant)}/hands`, { query: { ...filter, pageSize: 20 }, signal }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

export function usePvpHand(merchant: string, id: number | null) {
  return useQuery({
    queryKey: [...root, 'hand', merchant, id],
    queryFn: ({ signal }) => api<PvpOfficeHand>(`${base(merchant)}/hands/${id}`, { signal }),
    enabled: id !== null,
  });
}

export function usePvpReport(merchant: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...root, 'report', merchant, range],
    queryFn: ({ signal }) =>
      api<{ list: PvpReportRow[]; totals: Omit<PvpReportRow, 'day' | 'game'>; timeZone?: string }>(
        `${base(merchant)}/report`,
        { query: range, signal },
      ),
    placeholderData: keepPreviousData,
  });
}
