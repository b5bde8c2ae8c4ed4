import type {
  AdminBetRow,
  AdminGame,
  AdminJackpot,
  AdminLine,
  CatalogueSwitches,
  ReportRow,
  VendorCredentials,
} from '@tala/contracts/game-admin';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type {
  AdminBetRow,
  AdminGame,
  AdminJackpot,
  AdminLine,
  CatalogueSwitches,
  ReportRow,
  VendorCredentials,
};

type Page<T> = { list: T[]; pageNo: number; pageSize: number; total: number; totalPages: number };
export type Totals = { count: number; bet: number; win: number };

const root = ['admin', 'games'] as const;

export function useLines(merchant: string) {
  return useQuery({
    queryKey: [...root, 'lines', merchant],
    queryFn: ({ signal }) => api<AdminLine[]>('/admin-api/games/lines', { query: { merchant }, signal }),
  });
}

export function useGames(merchant: string, filter: { vassalage: string; name: string; pageNo: number }) {
  return useQuery({
    queryKey: [...root, 'games', merchant, filter],
    queryFn: ({ signal }) =>
      api<Page<AdminGame>>('/admin-api/games/games', {
        query: {
          merchant,
          vassalage: filter.vassalage,
          name: filter.name,
          pageNo: filter.pageNo,
          pageSize: 25,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

/** Saves the switches of a vendor line or of a game; both lists reload. */
export function useSaveSwitches(kind: 'lines' | 'games') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      merchant,
      nodeId,
      values,
    }: {
      merchant: string;
      nodeId: number;
      values: CatalogueSwitches;
    }) =>
      api<AdminLine | AdminGame>(`/admin-api/games/${kind}/${nodeId}`, {
        method: 'PUT',
        body: { merchant, ...values },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}

export function useCredentials() {
  return useQuery({
    queryKey: [...root, 'credentials'],
    queryFn: ({ signal }) => api<VendorCredentials[]>('/admin-api/games/vendors', { signal }),
  });
}

export function useSaveCredentials() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      code,
      values,
    }: {
      code: string;
      values: { enabled: boolean; launchUrl: string; rotateSecret: boolean; freeRoundWins: boolean };
    }) =>
      api<{ credentials: VendorCredentials; newSecret: string | null }>(
        `/admin-api/games/vendors/${code}/credentials`,
        { method: 'PUT', body: values },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, 'credentials'] }),
  });
}

export type BetsFilter = {
  merchant: string;
  product: string;
  vendor: string;
  member: string;
  from: string;
  to: string;
  pageNo: number;
};

export function useBets(filter: BetsFilter) {
  return useQuery({
    queryKey: [...root, 'bets', filter],
    queryFn: ({ signal }) =>
      api<Page<AdminBetRow> & { totals: Totals & { profit: number } }>('/admin-api/games/bets', {
        query: { ...filter, pageSize: 25 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useReport(filter: { merchant: string; from: string; to: string }) {
  return useQuery({
    queryKey: [...root, 'report', filter],
    queryFn: ({ signal }) =>
      api<{ rows: ReportRow[]; totals: Totals & { ggr: number }; timeZone: string }>(
        '/admin-api/games/report',
        {
          query: filter,
          signal,
        },
      ),
  });
}

export function useJackpot(merchant: string) {
  return useQuery({
    queryKey: [...root, 'jackpot', merchant],
    queryFn: ({ signal }) => api<AdminJackpot>('/admin-api/games/jackpot', { query: { merchant }, signal }),
  });
}

/** Sets the jackpot seed; the server tops the pool up to it from the house's promotion account. */
export function useSaveJackpotSeed(merchant: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (seed: number) =>
      api<AdminJackpot>('/admin-api/games/jackpot', { method: 'PUT', body: { merchant, seed } }),
    onSuccess: (value) => client.setQueryData([...root, 'jackpot', merchant], value),
  });
}
