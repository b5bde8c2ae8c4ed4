import type { AdminPromotion, costReportResponse, PromotionBody } from '@tala/contracts/promotions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type { AdminPromotion, PromotionBody };
export type CostRow = z.infer<typeof costReportResponse>['value']['rows'][number];

export const promotionsKey = ['admin', 'promotions'] as const;
const base = (code: string) => `/admin-api/merchants/${encodeURIComponent(code)}`;

export const usePromotions = (code: string) =>
  useQuery({
    queryKey: [...promotionsKey, 'list', code],
    queryFn: ({ signal }) => api<AdminPromotion[]>(`${base(code)}/promotions`, { signal }),
  });

export const useCostReport = (code: string, range: { from: string; to: string }) =>
  useQuery({
    queryKey: [...promotionsKey, 'report', code, range],
    queryFn: ({ signal }) =>
      api<{ rows: CostRow[] }>(`${base(code)}/promotions-report`, { signal, query: range }),
  });

/** Creates (no id) or saves a promotion; every promotions list is read again. */
export function useSavePromotion(code: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number | null; body: PromotionBody }) =>
      api<AdminPromotion>(id === null ? `${base(code)}/promotions` : `${base(code)}/promotions/${id}`, {
        method: id === null ? 'POST' : 'PUT',
        body,
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: promotionsKey }),
  });
}
