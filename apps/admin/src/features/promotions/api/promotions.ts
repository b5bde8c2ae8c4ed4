import type {
  AdminApplication,
  AdminPromotion,
  ApplicationStatus,
  costReportResponse,
  ManualBonus,
  PromotionBody,
  RebateRun,
} from '@tala/contracts/promotions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

export type { AdminApplication, AdminPromotion, ApplicationStatus, ManualBonus, PromotionBody, RebateRun };
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

export const useApplications = (merchantCode: string, status: ApplicationStatus | '', pageNo: number) =>
  useQuery({
    queryKey: [...promotionsKey, 'applications', merchantCode, status, pageNo],
    queryFn: ({ signal }) =>
      api<{ list: AdminApplication[]; pageNo: number; totalPages: number; total: number }>(
        '/admin-api/promotion-applications',
        { signal, query: { merchantCode, status: status || undefined, pageNo, pageSize: 20 } },
      ),
  });

/** Approves (with the bonus amount) or rejects (with a reason) an application; every promotions list is read again. */
export function useDecideApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      id,
      decision,
    }: {
      id: number;
      decision: { amount: number | string } | { reason: string };
    }) =>
      api<AdminApplication>(
        `/admin-api/promotion-applications/${id}/${'amount' in decision ? 'approve' : 'reject'}`,
        { method: 'POST', body: decision },
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: promotionsKey }),
  });
}

export const useManualBonuses = (merchantCode: string, status: ManualBonus['status'] | '') =>
  useQuery({
    queryKey: [...promotionsKey, 'manual', merchantCode, status],
    queryFn: ({ signal }) =>
      api<ManualBonus[]>(`${base(merchantCode)}/manual-bonuses`, {
        signal,
        query: { status: status || undefined },
      }),
  });

/** Grants a manual bonus, or approves or rejects a pending one; every promotions list is read again. */
export function useManualAction(merchantCode: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (action: { grant: object } | { id: number; decision: 'approve' | 'reject' }) =>
      'grant' in action
        ? api<ManualBonus>(`${base(merchantCode)}/manual-bonuses`, { method: 'POST', body: action.grant })
        : api<ManualBonus>(`${base(merchantCode)}/manual-bonuses/${action.id}/${action.decision}`, {
            method: 'POST',
          }),
    onSuccess: () => client.invalidateQueries({ queryKey: promotionsKey }),
  });
}

/** A rebate promotion's runs (one per closed day or week), newest first. */
export const useRebateRuns = (code: string, id: number) =>
  useQuery({
    queryKey: [...promotionsKey, 'rebate-runs', code, id],
    queryFn: ({ signal }) => api<RebateRun[]>(`${base(code)}/promotions/${id}/rebate-runs`, { signal }),
  });
