import type { LotteryDraw } from '@tala/contracts/lottery';
import type {
  ExposureRow,
  LotteryReportRow,
  OfficeChase,
  OfficeDraw,
  OfficeGame,
  SaveBetTypeBody,
  SaveGameBody,
} from '@tala/contracts/lottery-office';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { ExposureRow, LotteryReportRow, OfficeChase, OfficeDraw, OfficeGame };

type Page<T> = { list: T[]; pageNo: number; pageSize: number; total: number; totalPages: number };
const root = ['admin', 'lottery'] as const;
const base = (merchant: string) => `/admin-api/merchants/${encodeURIComponent(merchant)}/lottery`;

export function useLotteryGames(merchant: string) {
  return useQuery({
    queryKey: [...root, 'games', merchant],
    queryFn: ({ signal }) =>
      api<{ list: OfficeGame[]; timeZone: string }>(`${base(merchant)}/games`, { signal }),
  });
}

export function useSaveLotteryGame(merchant: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ gameCode, body }: { gameCode: string; body: SaveGameBody }) =>
      api<OfficeGame>(`${base(merchant)}/games/${gameCode}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}

export function useSaveBetType(merchant: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ gameCode, betType, body }: { gameCode: string; betType: string; body: SaveBetTypeBody }) =>
      api<OfficeGame>(`${base(merchant)}/games/${gameCode}/bet-types/${betType}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: root }),
  });
}

export function useLotteryChases(
  merchant: string,
  filter: { gameCode: string; status: string; member: string; pageNo: number },
) {
  return useQuery({
    queryKey: [...root, 'chases', merchant, filter],
    queryFn: ({ signal }) =>
      api<Page<OfficeChase>>(`${base(merchant)}/chases`, {
        query: {
          gameCode: filter.gameCode,
          status: filter.status,
          member: filter.member,
          pageNo: filter.pageNo,
          pageSize: 20,
        },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

export function useLotteryDraws(
  merchant: string,
  filter: { gameCode: string; status: string; pageNo: number },
) {
  return useQuery({
    queryKey: [...root, 'draws', merchant, filter],
    queryFn: ({ signal }) =>
      api<Page<OfficeDraw>>(`${base(merchant)}/draws`, {
        query: { gameCode: filter.gameCode, status: filter.status, pageNo: filter.pageNo, pageSize: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 10_000,
  });
}

/** Live exposure of a game's open draw, refreshed every five seconds. */
export function useExposure(merchant: string, gameCode: string) {
  return useQuery({
    queryKey: [...root, 'exposure', merchant, gameCode],
    queryFn: ({ signal }) =>
      api<{ serverTime: string; draw: LotteryDraw | null; rows: ExposureRow[] }>(
        `${base(merchant)}/exposure`,
        {
          query: { gameCode },
          signal,
        },
      ),
    enabled: gameCode !== '',
    refetchInterval: 5_000,
  });
}

export function useLotteryReport(merchant: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...root, 'report', merchant, range],
    queryFn: ({ signal }) =>
      api<{ list: LotteryReportRow[]; totals: Omit<LotteryReportRow, 'day' | 'gameCode'> }>(
        `${base(merchant)}/report`,
        { query: range, signal },
      ),
    placeholderData: keepPreviousData,
  });
}

/** Result entry and its approval, rejection, and cancelling a draw: each reloads the draws. */
export function useDrawActions(merchant: string) {
  const client = useQueryClient();
  const done = () => client.invalidateQueries({ queryKey: root });
  return {
    enter: useMutation({
      mutationFn: ({ drawId, prizes }: { drawId: number; prizes: string[][] }) =>
        api<OfficeDraw>(`${base(merchant)}/draws/${drawId}/results`, {
          method: 'POST',
          body: { result: { prizes } },
        }),
      onSuccess: done,
    }),
    approve: useMutation({
      mutationFn: ({ drawId, entryId }: { drawId: number; entryId: number }) =>
        api<OfficeDraw>(`${base(merchant)}/draws/${drawId}/results/${entryId}/approve`, { method: 'POST' }),
      onSuccess: done,
    }),
    reject: useMutation({
      mutationFn: ({ drawId, entryId, reason }: { drawId: number; entryId: number; reason: string }) =>
        api<OfficeDraw>(`${base(merchant)}/draws/${drawId}/results/${entryId}/reject`, {
          method: 'POST',
          body: { reason },
        }),
      onSuccess: done,
    }),
    cancel: useMutation({
      mutationFn: ({ drawId, reason }: { drawId: number; reason: string }) =>
        api<unknown>(`${base(merchant)}/draws/${drawId}/cancel`, { method: 'POST', body: { reason } }),
      onSuccess: done,
    }),
  };
}
