import type {
  ContractKind,
  ContractSettings,
  ContractTerms,
  ContractView,
  contractReportResponse,
  owedBill,
  settlementRun,
} from '@tala/contracts/agent-contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { formatPercent } from '../../../lib/numbers.ts';

export type { ContractKind, ContractSettings, ContractTerms, ContractView };
export type SettlementRun = z.infer<typeof settlementRun>;
export type OwedBill = z.infer<typeof owedBill>;
export type ReportRow = z.infer<typeof contractReportResponse>['value'][number];

export const agentsKey = ['admin', 'agents'] as const;
const merchantBase = (code: string) => `/admin-api/merchants/${encodeURIComponent(code)}`;

/** Basis points for people: 150 → "1.5%"; and back from what an operator typed. */
export const percent = (bp: number) => formatPercent(bp / 10_000, 2, 0);
export const toBasis = (text: string) => Math.round(Number(text.replace(',', '.')) * 100);

export const useRuns = (code: string) =>
  useQuery({
    queryKey: [...agentsKey, 'runs', code],
    queryFn: ({ signal }) => api<SettlementRun[]>(`${merchantBase(code)}/settlement-runs`, { signal }),
  });

export const useOwedBills = (code: string) =>
  useQuery({
    queryKey: [...agentsKey, 'owed', code],
    queryFn: ({ signal }) => api<OwedBill[]>(`${merchantBase(code)}/contract-bills`, { signal }),
  });

export const useReport = (code: string, range: { from: string; to: string }) =>
  useQuery({
    queryKey: [...agentsKey, 'report', code, range],
    queryFn: ({ signal }) =>
      api<ReportRow[]>(`${merchantBase(code)}/contract-report`, { signal, query: range }),
  });

export const useContractSettings = (code: string) =>
  useQuery({
    queryKey: [...agentsKey, 'settings', code],
    queryFn: ({ signal }) => api<ContractSettings>(`${merchantBase(code)}/contract-settings`, { signal }),
  });

export const useMemberContracts = (id: number) =>
  useQuery({
    queryKey: [...agentsKey, 'member', id],
    queryFn: ({ signal }) => api<ContractView[]>(`/admin-api/members/${id}/contracts`, { signal }),
  });

/** Any change here: every agents list is read again. */
export function useAgentsAction<T>() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      method = 'POST',
      path,
      body,
    }: {
      method?: 'POST' | 'PUT' | 'DELETE';
      path: string;
      body?: unknown;
    }) => api<T>(path, { method, ...(body === undefined ? {} : { body }) }),
    onSuccess: () => client.invalidateQueries({ queryKey: agentsKey }),
  });
}

export const runPath = (code: string, id: number, action: 'retry' | 'cancel' | 'cancel/approve') =>
  `${merchantBase(code)}/settlement-runs/${id}/${action}`;
export const rejectBillPath = (code: string, id: number) =>
  `${merchantBase(code)}/contract-bills/${id}/reject`;
export const runNowPath = (code: string) => `${merchantBase(code)}/settlement-runs`;
export const settingsPath = (code: string) => `${merchantBase(code)}/contract-settings`;
