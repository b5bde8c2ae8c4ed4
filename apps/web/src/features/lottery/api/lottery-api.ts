import type {
  LotteryBet,
  LotteryChase,
  LotteryDraw,
  PlaceBetBody,
  PrizeModeCode,
  StartChaseBody,
} from '@tala/contracts/lottery';
import type { LineRule } from '@tala/contracts/lottery-lines';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

// One place for the lottery's calls (/lgw/vn/...): their value types come from the contracts.
export type { LotteryBet, LotteryChase, LotteryDraw, PrizeModeCode };

export type LotteryGame = {
  gameCode: string;
  name: string;
  family: string;
  intervalSeconds: number;
  closeSeconds: number;
  prizeMode: PrizeModeCode;
  betTypes: LotteryBetType[];
};
/** A bet type as game_menu sends it (decision 041: positions, named options, line rule, per-pick odds). */
export type LotteryBetType = {
  code: string;
  picks: { min: number; max: number };
  numbers: { min: number; max: number; digits: number };
  odds: number;
  stake: { min: number; max: number };
  rule?: LineRule;
  options?: string[];
  positions?: string[];
  pickOdds?: { pick: number; odds: number }[];
};
export type GameDraws = {
  serverTime: string;
  current: LotteryDraw | null;
  next: LotteryDraw | null;
  last: LotteryDraw | null;
};
type Page<T> = { list: T[]; total: number };

export const gameMenuQuery = (prizeMode: PrizeModeCode) =>
  queryOptions({
    queryKey: ['lottery', 'menu', prizeMode],
    queryFn: () =>
      api<{ list: LotteryGame[] }>('/lgw/vn/games/game_menu', { query: { prizeMode, device: 'WEB' } }),
    staleTime: 5 * 60_000,
  });

export const gameDrawsQuery = (gameCode: string) =>
  queryOptions({
    queryKey: ['lottery', 'draws', gameCode],
    queryFn: () => api<GameDraws>('/lgw/vn/games/draws', { query: { gameCode } }),
    refetchInterval: 15_000,
  });

export const resultsQuery = (gameCode: string, count = 10) =>
  queryOptions({
    queryKey: ['lottery', 'results', gameCode, count],
    queryFn: () =>
      api<{ list: LotteryDraw[] }>('/lgw/vn/numeros/opened/game', { query: { gameCode, count } }),
    placeholderData: keepPreviousData,
  });

// Under the member root, so that login, logout and every money movement read them again.
export const myBetsQuery = (gameCode: string) =>
  queryOptions({
    queryKey: [memberQueryRoot, 'lottery', 'bets', gameCode],
    queryFn: () => api<Page<LotteryBet>>('/lgw/vn/bets', { query: { gameCode, pageSize: 10 } }),
    placeholderData: keepPreviousData,
    // While a bet waits for its draw, look again every few seconds: its settlement follows the draw by moments.
    refetchInterval: (query) => (query.state.data?.list.some((bet) => bet.status === 'open') ? 5_000 : false),
  });

/** The member's chases of a game, polled while one runs (its next issue is bet as each draw opens it). */
export const myChasesQuery = (gameCode: string) =>
  queryOptions({
    queryKey: [memberQueryRoot, 'lottery', 'chases', gameCode],
    queryFn: () => api<Page<LotteryChase>>('/lgw/vn/chases', { query: { gameCode, pageSize: 10 } }),
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.list.some((chase) => chase.status === 'running') ? 5_000 : false,
  });

/** Spec §7 game_menu/recent: the games the member bet on lately. */
export const recentGamesQuery = (prizeMode: PrizeModeCode) =>
  queryOptions({
    queryKey: [memberQueryRoot, 'lottery', 'recent', prizeMode],
    queryFn: () => api<{ list: LotteryGame[] }>('/lgw/vn/games/game_menu/recent', { query: { prizeMode } }),
    staleTime: 60_000,
  });

/** Whether the lottery takes bets: the catalogue's switch-off and maintenance of the LOTT vendor. */
export const lotteryStateQuery = () =>
  queryOptions({
    queryKey: ['lottery', 'state'],
    queryFn: () => api<{ state: 'open' | 'off' | 'maintenance' }>('/lgw/vn/games/state'),
    refetchInterval: 30_000,
  });

export const lotteryApi = {
  placeBet: (body: PlaceBetBody) =>
    api<{ bet: LotteryBet; balance: number; replayed: boolean }>('/lgw/vn/bets', { method: 'POST', body }),
  startChase: (body: StartChaseBody) =>
    api<{ chase: LotteryChase; balance: number; replayed: boolean }>('/lgw/vn/chases', {
      method: 'POST',
      body,
    }),
  cancelChase: (chaseId: number) =>
    api<{ chase: LotteryChase; balance: number }>(`/lgw/vn/chases/${chaseId}/cancel`, { method: 'POST' }),
};
