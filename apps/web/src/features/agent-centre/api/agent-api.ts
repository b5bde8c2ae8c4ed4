import type {
  ContractKind,
  ContractRequest,
  contractPageResponse,
  incomeResponse,
} from '@tala/contracts/agent-contracts';
import type {
  affiliateLinkResponse,
  agentAnnouncementsResponse,
  agentRegisterResponse,
  RangePreset,
  teamBetsResponse,
  teamListResponse,
  teamOverviewResponse,
  teamProfitLossResponse,
  teamTransactionsResponse,
  teamTransactionTypes,
} from '@tala/contracts/agents';
import type { GameType } from '@tala/contracts/games';
import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { currentLanguage } from '../../../lib/i18n.ts';
import { memberQueryRoot } from '../../../lib/member-session.ts';

// One place for the agent centre's calls (/wps/agent/...): their value types come from the contracts.
type ValueOf<T extends z.ZodType> = z.infer<T> extends { value: infer V } ? V : never;
export type TeamOverview = ValueOf<typeof teamOverviewResponse>;
export type TeamPage = ValueOf<typeof teamListResponse>;
export type TeamBets = ValueOf<typeof teamBetsResponse>;
export type TeamProfitLoss = ValueOf<typeof teamProfitLossResponse>;
export type TeamTransactions = ValueOf<typeof teamTransactionsResponse>;
export type AgentAnnouncements = ValueOf<typeof agentAnnouncementsResponse>;
export type AffiliateLink = ValueOf<typeof affiliateLinkResponse>;
export type OpenedAccount = ValueOf<typeof agentRegisterResponse>;
export type TransactionType = (typeof teamTransactionTypes)[number];

/** A report's range: a preset, or custom dates (yyyy-MM-dd, both included). */
export type Range = { range: RangePreset; from?: string | undefined; to?: string | undefined };

const key = (name: string, ...rest: unknown[]) => [memberQueryRoot, 'agent', name, ...rest];
const rangeQuery = (r: Range) =>
  r.range === 'custom' ? { range: r.range, from: r.from, to: r.to } : { range: r.range };

export const overviewQuery = (r: Range) =>
  queryOptions({
    queryKey: key('overview', r),
    queryFn: () => api<TeamOverview>('/wps/agent/overview', { query: rangeQuery(r) }),
    placeholderData: keepPreviousData,
  });

export const teamQuery = (f: { scope: 'direct' | 'all'; q: string; pageNo: number }) =>
  queryOptions({
    queryKey: key('team', f),
    queryFn: () =>
      api<TeamPage>('/wps/agent/team', { query: { scope: f.scope, q: f.q || undefined, pageNo: f.pageNo } }),
    placeholderData: keepPreviousData,
  });

export const teamBetsQuery = (f: Range & { product: GameType | 'ALL'; username: string; pageNo: number }) =>
  queryOptions({
    queryKey: key('bets', f),
    queryFn: () =>
      api<TeamBets>('/wps/agent/bets', {
        query: {
          ...rangeQuery(f),
          product: f.product,
          username: f.username || undefined,
          pageNo: f.pageNo,
          language: currentLanguage(),
        },
      }),
    placeholderData: keepPreviousData,
  });

export const profitLossQuery = (f: Range & { username: string; pageNo: number }) =>
  queryOptions({
    queryKey: key('profitLoss', f),
    queryFn: () =>
      api<TeamProfitLoss>('/wps/agent/profitLoss', {
        query: { ...rangeQuery(f), username: f.username || undefined, pageNo: f.pageNo },
      }),
    placeholderData: keepPreviousData,
  });

export const transactionsQuery = (
  f: Range & { type: TransactionType | ''; username: string; pageNo: number },
) =>
  queryOptions({
    queryKey: key('transactions', f),
    queryFn: () =>
      api<TeamTransactions>('/wps/agent/transactions', {
        query: {
          ...rangeQuery(f),
          type: f.type || undefined,
          username: f.username || undefined,
          pageNo: f.pageNo,
        },
      }),
    placeholderData: keepPreviousData,
  });

export const announcementsQuery = (pageNo: number) =>
  queryOptions({
    queryKey: key('announcements', currentLanguage(), pageNo),
    queryFn: () =>
      api<AgentAnnouncements>('/wps/agent/announcements', { query: { pageNo, language: currentLanguage() } }),
  });

export const affiliateLinkQuery = () =>
  queryOptions({
    queryKey: key('affiliateLink'),
    queryFn: () => api<AffiliateLink>('/wps/agent/affiliateLink'),
    staleTime: Number.POSITIVE_INFINITY,
  });

export const openAccount = (body: {
  accountType: 'member' | 'agent';
  username: string;
  password: string;
  confirmPassword: string;
  nickname?: string | undefined;
}) => api<OpenedAccount>('/wps/agent/register', { method: 'PUT', body });

export const agentKey = key;

// ------------------------------------------------------------------------------------------- contracts

export type ContractPage = ValueOf<typeof contractPageResponse>;
export type ContractView = ContractPage['open'][number];
export type Income = ValueOf<typeof incomeResponse>;

/** The spec's contract call of each kind (§7). */
export const contractCall: Record<ContractKind, string> = {
  dividend: '/wps/relay/MCS2_processDividendReq',
  dailySalary: '/wps/relay/MCS2_processDailySalContract',
  hourlySalary: '/wps/relay/MCS2_processContractHourSalary',
  realtimeSalary: '/wps/relay/MCSFE_processRealTimeSalaryContract',
};

export const contractPageQuery = (kind: ContractKind) =>
  queryOptions({
    queryKey: key('contracts', kind),
    queryFn: () => api<ContractPage>('/wps/agent/contracts', { query: { kind } }),
  });

export const contractRequest = (kind: ContractKind, body: ContractRequest) =>
  api<{ contract: ContractView; endedSubContracts: number }>(contractCall[kind], { method: 'POST', body });

export const incomeQuery = (f: { kind: ContractKind | ''; pageNo: number }) =>
  queryOptions({
    queryKey: key('income', f),
    queryFn: () =>
      api<Income>('/wps/agent/income', { query: { kind: f.kind || undefined, pageNo: f.pageNo } }),
    placeholderData: keepPreviousData,
  });
