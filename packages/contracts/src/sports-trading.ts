import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';
import { isoDate } from './game-play.ts';
import { sportsEventId } from './sportsbook.ts';

/**
 * The sportsbook's trading back office (issue 15 item 5; docs/decisions/059-sports-trading.md), all under
 * /admin-api/merchants/:code/sports/...: liability per market and outcome, suspending and resuming markets and
 * events, margins per sport, members' stake factors, manual settlement with four eyes, and the P&L by day, sport and
 * league. Prices are decimal thousandths (1.950 → 1950), amounts integer minor units, margins basis points.
 *
 * Who may do what, as at the live studio and the PvP tables: owners change (suspend and resume, margins, stake
 * factors, propose and approve or reject settlements); finance reads and approves or rejects; support reads;
 * content nothing. The approver of a settlement is never its proposer.
 */
const merchantCode = z.string().regex(/^[a-z0-9-]{2,32}$/);
const id = z.coerce.number().int().positive();
export const tradingMerchantParams = z.object({ code: merchantCode });
export const tradingMarketParams = z.object({ code: merchantCode, marketId: id });
export const tradingEventParams = z.object({ code: merchantCode, eventId: sportsEventId });
export const tradingProposalParams = z.object({ code: merchantCode, id });
export const tradingSportParams = z.object({
  code: merchantCode,
  sport: z.string().regex(/^[a-z0-9_]{1,40}$/),
});
export const tradingMemberParams = z.object({ code: merchantCode, memberId: id });

const filters = {
  sport: z.string().max(40).optional(),
  league: z.string().max(120).optional(),
  event: sportsEventId.optional(),
};

// ------------------------------------------------------------------ liability

export const liabilitySorts = ['worstCase', 'stakes', 'bets', 'startTime'] as const;
export const liabilityQuery = z.object({
  ...filters,
  sort: z.enum(liabilitySorts).default('worstCase'),
});

export const liabilityOutcome = z.object({
  id: z.string(),
  name: z.string(),
  /** The price offered now (the merchant's margin applied), null while the outcome is not priced. */
  price: z.number().int().nullable(),
  /** Open bets with a leg on this outcome: singles and parlays. */
  bets: z.number().int(),
  /** Their stakes (a parlay's whole stake counted on each of its legs). */
  stakes: z.number().int(),
  /** What they would pay if this outcome wins (a parlay's whole potential return, as if its other legs won). */
  payout: z.number().int(),
  /** The house's result on the market if this outcome wins: every stake on the market kept, `payout` paid. */
  net: z.number().int(),
});

export const liabilityMarket = z.object({
  marketId: z.number().int(),
  marketName: z.string(),
  type: z.string(),
  specifiers: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  /** The event's competitors' names, home first (none for an outright): the desk names home and away by them. */
  competitors: z.array(z.string()),
  sport: z.string(),
  league: z.object({ id: z.string(), name: z.string() }),
  startTime: z.string(),
  /** The feed's state of the market. */
  status: z.string(),
  /** Suspended by the merchant's operators (the market or its whole event). */
  suspended: z.boolean(),
  bets: z.number().int(),
  stakes: z.number().int(),
  /** The lowest `net` of its outcomes: what the house loses (negative) or keeps at worst. */
  worstCase: z.number().int(),
  outcomes: z.array(liabilityOutcome),
});
export type LiabilityMarket = z.infer<typeof liabilityMarket>;
export const liabilityResponse = envelope(
  z.object({
    list: z.array(liabilityMarket),
    totals: z.object({ bets: z.number().int(), stakes: z.number().int(), worstCase: z.number().int() }),
  }),
);

// ------------------------------------------------------------------ events and markets

export const tradingEventsQuery = pageQuery.extend({
  ...filters,
  status: z
    .enum(['not_started', 'live', 'ended', 'closed', 'postponed', 'cancelled', 'abandoned'])
    .optional(),
});

export const tradingEvent = z.object({
  id: z.string(),
  name: z.string(),
  sport: z.string(),
  league: z.object({ id: z.string(), name: z.string() }),
  startTime: z.string(),
  status: z.string(),
  bettingStatus: z.string(),
  /** The whole event suspended by the merchant's operators. */
  suspended: z.boolean(),
  markets: z.number().int(),
  openBets: z.number().int(),
});
export type TradingEvent = z.infer<typeof tradingEvent>;
export const tradingEventsResponse = envelope(pageOf(tradingEvent));

export const tradingMarketSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  specifiers: z.string(),
  status: z.string(),
  suspended: z.boolean(),
  openBets: z.number().int(),
});

export const tradingEventDetail = tradingEvent.extend({ list: z.array(tradingMarketSummary) });
export const tradingEventResponse = envelope(tradingEventDetail);

export const suspendBody = z.object({ reason: z.string().trim().min(1).max(200) });
export const suspensionResponse = envelope(z.object({ suspended: z.boolean() }));

// ------------------------------------------------------------------ manual settlement

export const manualResults = ['win', 'lose', 'void', 'half_win', 'half_lose'] as const;
export const manualResult = z.enum(manualResults);
export type ManualResult = z.infer<typeof manualResult>;

export const proposeSettlementBody = z.object({
  /** Every outcome of the market with its result. */
  outcomes: z.record(z.string().min(1).max(60), manualResult),
  reason: z.string().trim().min(1).max(500),
});
export type ProposeSettlementBody = z.infer<typeof proposeSettlementBody>;
export const decideSettlementBody = z.object({ note: z.string().trim().max(500).optional() });

export const settlementProposal = z.object({
  id: z.number().int(),
  marketId: z.number().int(),
  marketName: z.string(),
  /** The market's type and specifiers, which the desk names it by in its language (as on the liability). */
  marketType: z.string(),
  specifiers: z.string(),
  eventId: z.string(),
  eventName: z.string(),
  competitors: z.array(z.string()),
  sport: z.string(),
  league: z.object({ id: z.string(), name: z.string() }),
  outcomes: z.array(z.object({ id: z.string(), name: z.string(), result: manualResult })),
  reason: z.string(),
  status: z.enum(['proposed', 'approved', 'rejected']),
  proposedBy: z.string(),
  decidedBy: z.string().nullable(),
  note: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  /** On approval: how many bets changed. */
  settled: z.number().int().nullable(),
});
export type SettlementProposal = z.infer<typeof settlementProposal>;
export const settlementProposalResponse = envelope(settlementProposal);
export const settlementProposalsQuery = pageQuery.extend({
  status: z.enum(['proposed', 'approved', 'rejected']).optional(),
  marketId: id.optional(),
});
export const settlementProposalsResponse = envelope(pageOf(settlementProposal));

export const tradingMarketDetail = z.object({
  market: liabilityMarket,
  /** The feed's prices, before the margin. */
  feedPrices: z.array(z.object({ id: z.string(), price: z.number().int().nullable() })),
  marginBps: z.number().int(),
  eventSuspended: z.boolean(),
  suspensionReason: z.string().nullable(),
  proposals: z.array(settlementProposal),
});
export const tradingMarketResponse = envelope(tradingMarketDetail);

// ------------------------------------------------------------------ margins and members' limits

/** Bounds of migration 078's CHECK: 0 to 20 percentage points of overround. */
export const marginBounds = { min: 0, max: 2_000 } as const;
export const sportMargin = z.object({ sport: z.string(), marginBps: z.number().int() });
export const marginsResponse = envelope(z.object({ list: z.array(sportMargin) }));
export const saveMarginBody = z.object({
  marginBps: z.number().int().min(marginBounds.min).max(marginBounds.max),
});
export const marginResponse = envelope(sportMargin);

/** A member's stake factor in thousandths: 1000 the book's limits, 100 a tenth of them, 2000 double, 0 no bets. */
export const stakeFactorBounds = { min: 0, max: 2_000 } as const;
export const memberLimitsQuery = pageQuery.extend({
  /** Part of an account name; without it, the members whose factor is not 1000. */
  member: z.string().trim().max(32).optional(),
});
export const memberLimit = z.object({
  memberId: z.number().int(),
  username: z.string(),
  stakeFactor: z.number().int(),
  /** The largest single and parlay stakes the factor leaves. */
  maxSingleStake: z.number().int(),
  maxParlayStake: z.number().int(),
});
export type MemberLimit = z.infer<typeof memberLimit>;
export const memberLimitsResponse = envelope(pageOf(memberLimit));
export const saveMemberLimitBody = z.object({
  stakeFactor: z.number().int().min(stakeFactorBounds.min).max(stakeFactorBounds.max),
});
export const memberLimitResponse = envelope(memberLimit);

// ------------------------------------------------------------------ P&L

export const tradingReportQuery = z
  .object({ from: isoDate, to: isoDate, sport: z.string().max(40).optional() })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'to is before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    path: ['from'],
    message: 'at most a year',
  });
export const tradingReportRow = z.object({
  /** The day the bet was settled, in the merchant's time zone. */
  day: z.string(),
  sport: z.string(),
  league: z.object({ id: z.string(), name: z.string() }),
  bets: z.number().int(),
  stakes: z.number().int(),
  returns: z.number().int(),
  /** stakes − returns. */
  houseWin: z.number().int(),
});
export type TradingReportRow = z.infer<typeof tradingReportRow>;
export const tradingReportResponse = envelope(
  z.object({
    list: z.array(tradingReportRow),
    totals: z.object({
      bets: z.number().int(),
      stakes: z.number().int(),
      returns: z.number().int(),
      houseWin: z.number().int(),
    }),
    timeZone: z.string(),
  }),
);
