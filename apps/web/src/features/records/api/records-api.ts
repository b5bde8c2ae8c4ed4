import type { betRecordRow, memberRecordTotals, profitPeriods } from '@tala/contracts/game-play';
import type { GameType } from '@tala/contracts/games';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

export type BetRow = z.infer<typeof betRecordRow>;
export type Totals = z.infer<typeof memberRecordTotals>;
export type Period = (typeof profitPeriods)[number];
export type Product = GameType | 'ALL';
export type BetFilters = { product: Product; vendor: string; from: string; to: string; pageNo: number };

export const betRecordQuery = (token: string, f: BetFilters) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'betRecord', f],
    queryFn: () =>
      api<{ list: BetRow[]; pageNo: number; totalPages: number; total: number; totals: Totals }>(
        '/wps/relay/MCSFE_getBetRecords',
        {
          query: {
            product: f.product,
            vendor: f.vendor || undefined,
            from: f.from,
            to: f.to,
            pageNo: f.pageNo,
            pageSize: 20,
            language: currentLanguage(),
          },
        },
      ),
    placeholderData: keepPreviousData,
  });

export const profitLossQuery = (token: string, period: Period) =>
  queryOptions({
    queryKey: [memberQueryRoot, token, 'profitLoss', period],
    queryFn: () =>
      api<{
        period: Period;
        from: string;
        to: string;
        products: (Totals & { product: GameType })[];
        totals: Totals;
      }>('/wps/relay/MCSFE_getProfitLoss', { query: { period, language: currentLanguage() } }),
  });

export const vendorsQuery = () =>
  queryOptions({
    queryKey: ['games', 'vendors', 'all'],
    queryFn: () => api<{ vendor: string; displayName: string }[]>('/wps/relay/GCSGAME_gameVendor'),
    staleTime: 5 * 60_000,
  });
