import type {
  CreateFishRoomBody,
  FishOfficeRoom,
  FishOfficeWave,
  FishOfficeWaveDetail,
  FishReportRow,
  SaveFishRoomBody,
} from '@tala/contracts/fish-office';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type { FishOfficeRoom, FishOfficeWave, FishOfficeWaveDetail, FishReportRow };

type Page<T> = { list: T[]; pageNo: number; pageSize: number; total: number; totalPages: number };
const root = ['admin', 'fish'] as const;
const base = (merchant: string) => `/admin-api/merchants/${encodeURIComponent(merchant)}/fish`;

/** The merchant's fish rooms (packages/contracts/src/fish-office.ts). */
export function useFishRooms(merchant: string) {
  return useQuery({
    queryKey: [...root, 'rooms', merchant],
    queryFn: ({ signal }) => api<{ list: FishOfficeRoom[] }>(`${base(merchant)}/rooms`, { signal }),
    refetchInterval: 15_000,
  });
}

/** Saves a room's settings: bets and the return from the next wave, the cap at once. */
export function useSaveFishRoom(merchant: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ code, body }: { code: string; body: SaveFishRoomBody }) =>
      api<FishOfficeRoom>(`${base(merchant)}/rooms/${encodeURIComponent(code)}`, { method: 'PUT', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, 'rooms', merchant] }),
  });
}

export function useCreateFishRoom(merchant: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateFishRoomBody) =>
      api<FishOfficeRoom>(`${base(merchant)}/rooms`, { method: 'POST', body }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, 'rooms', merchant] }),
  });
}

export type WavesFilter = { roomCode: string; member: string; from: string; to: string; pageNo: number };

/** The rounds explorer: waves with the merchant's members' shots, newest first. */
export function useFishWaves(merchant: string, filter: WavesFilter) {
  return useQuery({
    queryKey: [...root, 'waves', merchant, filter],
    queryFn: ({ signal }) =>
      api<Page<FishOfficeWave>>(`${base(merchant)}/waves`, {
        query: {
          roomCode: filter.roomCode || undefined,
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

export function useFishWave(merchant: string, id: number | null, member: string) {
  return useQuery({
    queryKey: [...root, 'wave', merchant, id, member],
    queryFn: ({ signal }) =>
      api<FishOfficeWaveDetail>(`${base(merchant)}/waves/${id}`, {
        query: { member: member.trim() || undefined },
        signal,
      }),
    enabled: id !== null,
  });
}

export function useFishReport(merchant: string, range: { from: string; to: string }) {
  return useQuery({
    queryKey: [...root, 'report', merchant, range],
    queryFn: ({ signal }) =>
      api<{
        list: FishReportRow[];
        totals: Omit<FishReportRow, 'day' | 'roomCode' | 'players'>;
        timeZone: string;
      }>(`${base(merchant)}/report`, { query: range, signal }),
    placeholderData: keepPreviousData,
  });
}
