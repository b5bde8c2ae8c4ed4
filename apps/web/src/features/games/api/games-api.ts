import type { gamePageValue, rankEntry } from '@tala/contracts/game-play';
import type { Game, GameType, VendorCard } from '@tala/contracts/games';
import type { launchValue } from '@tala/contracts/vendor-api';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

export type { Game, GameType, VendorCard };
export type GamePage = z.infer<typeof gamePageValue>;
export type RankEntry = z.infer<typeof rankEntry>;
export type LaunchValue = z.infer<typeof launchValue>;
export type GameMenu = { gameType: GameType | 'BINGO'; vendors: VendorCard[] };
export type Page<T> = { list: T[]; pageNo: number; pageSize: number; total: number; totalPages: number };
export type VassGameType = {
  vassalage: string;
  gameType: GameType;
  classifications: { code: string; count: number }[];
  minBets: string[];
};
export type Jackpot = { amount: number; currencySymbol: string; hits: number };

/** Lobby page size, client type and platform of spec §9. */
export const LOBBY_PAGE_SIZE = 24;
const CLIENT_TYPE = 3;
const HOT_PLATFORM = 'flash,html5-desktop';

/** The header's categories with their vendors (public; the catalogue changes rarely). */
export const gameMenusQuery = () =>
  queryOptions({
    queryKey: ['games', 'menus'],
    queryFn: () => api<GameMenu[]>('/lgw/games/game_menus'),
    staleTime: 5 * 60_000,
  });

export const vendorsQuery = (gameType: GameType) =>
  queryOptions({
    queryKey: ['games', 'vendors', gameType],
    queryFn: () => api<VendorCard[]>('/wps/relay/GCSGAME_gameVendor', { query: { gameType } }),
    staleTime: 5 * 60_000,
  });

export const vassGameTypeQuery = (vassalage: string) =>
  queryOptions({
    queryKey: ['games', 'vassGameType', vassalage],
    queryFn: () =>
      api<VassGameType>('/wps/relay/GCSGAME_getVassGameType', {
        query: { vassalage, language: currentLanguage() },
      }),
    staleTime: 5 * 60_000,
  });

export type ListFilters = {
  gameType: GameType;
  vassalage: string;
  gameName: string;
  gameClassify: string;
  minBet: string;
  pageNo: number;
};

export const gameListQuery = (f: ListFilters) =>
  queryOptions({
    queryKey: ['games', 'list', f],
    queryFn: () =>
      api<Page<Game>>('/wps/relay/GCSGAME_gameList', {
        query: {
          clientType: CLIENT_TYPE,
          gameType: f.gameType,
          vassalage: f.vassalage || undefined,
          gameName: f.gameName || undefined,
          gameClassify: f.gameClassify || undefined,
          minBet: f.minBet || undefined,
          pageNo: f.pageNo,
          pageSize: LOBBY_PAGE_SIZE,
          language: currentLanguage(),
        },
      }),
    staleTime: 60_000,
  });

/** The hot list: one page (spec §4). */
export const hotGamesQuery = (gameType: GameType | undefined, vassalage?: string) =>
  queryOptions({
    queryKey: ['games', 'hot', gameType ?? 'ALL', vassalage ?? ''],
    queryFn: () =>
      api<Game[]>('/wps/relay/GCSGAME_hotGamesV2', {
        query: {
          isPlatform: 2,
          platform: HOT_PLATFORM,
          gameType,
          vassalage: vassalage || undefined,
          language: currentLanguage(),
        },
      }),
    staleTime: 60_000,
  });

export const popularQuery = () =>
  queryOptions({
    queryKey: ['games', 'popular'],
    queryFn: () =>
      api<Game[]>('/lgw/games/popular', { query: { count: 20, device: 'WEB', language: currentLanguage() } }),
    staleTime: 5 * 60_000,
  });

export const favouriteIdsQuery = (token: string) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'favourites', 'ids'],
    queryFn: async () =>
      new Set(
        (
          await api<{ nodeId: number }[]>('/wps/relay/MCSFE_getFavoriteGames', {
            query: { clientType: CLIENT_TYPE, platform: 'flash', language: currentLanguage() },
          })
        ).map((f) => f.nodeId),
      ),
    staleTime: 60_000,
  });

export const favouritePageQuery = (token: string, gameType: GameType, pageNo: number) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'favourites', 'page', gameType, pageNo],
    queryFn: () =>
      api<GamePage>('/wps/relay/MCSFE_getFavoriteGamesList', {
        query: {
          clientType: CLIENT_TYPE,
          platform: 'flash',
          language: currentLanguage(),
          gameType,
          pageNo,
          pageSize: LOBBY_PAGE_SIZE,
        },
      }),
  });

export const recentPageQuery = (token: string, gameType: GameType, vassalage: string, pageNo: number) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'recent', gameType, vassalage, pageNo],
    queryFn: () =>
      api<GamePage>('/wps/relay/GCS_recentGame', {
        query: {
          clientType: CLIENT_TYPE,
          language: currentLanguage(),
          gameType,
          vassalage: vassalage || undefined,
          pageNo,
          pageSize: LOBBY_PAGE_SIZE,
        },
      }),
  });

export const toggleFavourite = (game: Pick<Game, 'nodeId' | 'vendor' | 'gameType'>, favourite: boolean) =>
  api<{ nodeId: number; favourite: boolean }>(
    favourite ? '/wps/relay/MCSFE_addFavoriteGame' : '/wps/relay/MCSFE_removeFavoriteGame',
    { method: 'POST', body: { nodeId: game.nodeId, vendor: game.vendor, gameType: game.gameType } },
  );

export const launchGame = (nodeId: number, mode: 'real' | 'demo') =>
  api<LaunchValue>('/wps/relay/GCS_gameLaunchFB', {
    query: { nodeId, mode, language: currentLanguage(), platform: 'html5-desktop' },
  });

export const rankListQuery = () =>
  queryOptions({
    queryKey: ['games', 'rankList'],
    queryFn: () =>
      api<{ list: RankEntry[] }>('/wps/relay/GCSGAME_getRankList', {
        query: { gameCategory: 'ALL', language: currentLanguage(), limitNum: 20 },
      }),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

/** The progressive pool of the in-house slots: what the ledger holds. */
export const jackpotQuery = () =>
  queryOptions({
    queryKey: ['games', 'jackpot'],
    queryFn: () => api<Jackpot>('/wps/relay/SLOTS_jackpot'),
    refetchInterval: 30_000,
  });
