import type {
  LiabilityMarket,
  ManualResult,
  MemberLimit,
  SettlementProposal,
  TradingEvent,
  TradingReportRow,
} from '@tala/contracts/sports-trading';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export type {
  LiabilityMarket,
  ManualResult,
  MemberLimit,
  SettlementProposal,
  TradingEvent,
  TradingReportRow,
};

type Page<T> = { list: T[]; pageNo: number; pageSize: number; total: number; totalPages: number };
const root = ['admin', 'sports-trading'] as const;
const base = (merchant: string) => `/admin-api/merchants/${encodeURIComponent(merchant)}/sports`;

export type TradingFilter = { sport: string; league: string; event: string };

export function useLiability(merchant: string, filter: TradingFilter & { sort: string }) {
  return useQuery({
    queryKey: [...root, merchant, 'liability', filter],
    queryFn: ({ signal }) =>
      api<{ list: LiabilityMarket[]; totals: { bets: number; stakes: number; worstCase: number } }>(
        `${base(merchant)}/liability`,
        { query: filter, signal },
      ),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

export function useTradingEvents(
  merchant: string,
  filter: TradingFilter & { status: string; pageNo: number },
) {
  return useQuery({
    queryKey: [...root, merchant, 'events', filter],
    queryFn: ({ signal }) =>
      api<Page<TradingEvent>>(`${base(merchant)}/events`, { query: { ...filter, pageSize: 20 }, signal }),
    placeholderData: keepPreviousData,
  });
}

export type TradingEventDetail = TradingEvent & {
  list: {
    id: number;
    name: string;
    type: string;
    specifiers: string;
    status: string;
    suspended: boolean;
    openBets: number;
  }[];
};

export function useTradingEvent(merchant: string, eventId: string | null) {
  return useQuery({
    queryKey: [...root, merchant, 'event', eventId],
    queryFn: ({ signal }) =>
      api<TradingEventDetail>(`${base(merchant)}/events/${encodeURIComponent(eventId ?? '')}`, { signal }),
    enabled: eventId !== null,
  });
}

export type TradingMarketDetail = {
  market: LiabilityMarket;
  feedPrices: { id: string; price: number | null }[];
  marginBps: number;
  eventSuspended: boolean;
  suspensionReason: string | null;
  proposals: SettlementProposal[];
};

export function useTradingMarket(merchant: string, marketId: number | null) {
  return useQuery({
    queryKey: [...root, merchant, 'market', marketId],
    queryFn: ({ signal }) => api<TradingMarketDetail>(`${base(merchant)}/markets/${marketId}`, { signal }),
    enabled: marketId !== null,
  });
}

/** Suspends or resumes a market or a whole event for this merchant's members. */
export function useSuspension(merchant: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      target,
      id,
      action,
      reason,
    }: {
      target: 'markets' | 'events';
      id: number | string;
      action: 'suspend' | 'resume';
      reason?: string;
    }) =>
      api<{ suspended: boolean }>(`${base(merchant)}/${target}/${encodeURIComponent(String(id))}/${action}`, {
        method: 'POST',
        body: action === 'suspend' ? { reason } : {},
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, merchant] }),
  });
}

export function useProposeSettlement(merchant: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({
      marketId,
      outcomes,
      reason,
    }: {
      marketId: number;
      outcomes: Record<string, ManualResult>;
      reason: string;
    }) =>
      api<SettlementProposal>(`${base(merchant)}/markets/${marketId}/settlements`, {
        method: 'POST',
        body: { outcomes, reason },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, merchant] }),
  });
}

export function useProposals(merchant: string, filter: { status: string; pageNo: number }) {
  return useQuery({
    queryKey: [...root, merchant, 'settlements', filter],
    queryFn: ({ signal }) =>
      api<Page<SettlementProposal>>(`${base(merchant)}/settlements`, {
        query: { ...filter, pageSize: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
  });
}

export function useDecideSettlement(merchant: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action, note }: { id: number; action: 'approve' | 'reject'; note?: string }) =>
      api<SettlementProposal>(`${base(merchant)}/settlements/${id}/${action}`, {
        method: 'POST',
        body: note ? { note } : {},
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, merchant] }),
  });
}

export function useMargins(merchant: string) {
  return useQuery({
    queryKey: [...root, merchant, 'margins'],
    queryFn: ({ signal }) =>
      api<{ list: { sport: string; marginBps: number }[] }>(`${base(merchant)}/margins`, { signal }),
  });
}

export function useSaveMargin(merchant: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ sport, marginBps }: { sport: string; marginBps: number }) =>
      api<{ sport: string; marginBps: number }>(`${base(merchant)}/margins/${encodeURIComponent(sport)}`, {
        method: 'PUT',
        body: { marginBps },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, merchant] }),
  });
}

export function useMemberLimits(merchant: string, filter: { member: string; pageNo: number }) {
  return useQuery({
    queryKey: [...root, merchant, 'member-limits', filter],
    queryFn: ({ signal }) =>
      api<Page<MemberLimit>>(`${base(merchant)}/member-limits`, {
        query: { ...filter, pageSize: 20 },
        signal,
      }),
    placeholderData: keepPreviousData,
  });
}

export function useSaveMemberLimit(merchant: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ memberId, stakeFactor }: { memberId: number; stakeFactor: number }) =>
      api<MemberLimit>(`${base(merchant)}/member-limits/${memberId}`, {
        method: 'PUT',
        body: { stakeFactor },
      }),
    onSuccess: () => client.invalidateQueries({ queryKey: [...root, merchant] }),
  });
}

export function useTradingReport(merchant: string, range: { from: string; to: string; sport: string }) {
  return useQuery({
    queryKey: [...root, merchant, 'report', range],
    queryFn: ({ signal }) =>
      api<{
        list: TradingReportRow[];
        totals: { bets: number; stakes: number; returns: number; houseWin: number };
        timeZone: string;
      }>(`${base(merchant)}/report`, { query: range, signal }),
    placeholderData: keepPreviousData,
  });
}
