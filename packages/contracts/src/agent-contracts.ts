import { z } from 'zod';
import { envelope } from './envelope.ts';

/**
 * Agent contracts (spec §3, §4; issue 12 items 3 and 4): dividend, daily salary, hourly salary and real-time salary
 * between an upline and a direct downline. Rates are integer basis points of the base (10 000 = 100 %): a salary's
 * base is the team's valid bets, a dividend's the team's result for the house (valid bets − wins), a real-time
 * salary's the stakes of qualifying bets the players won (profit rate) or lost (loss rate).
 */

export const contractKinds = ['dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary'] as const;
export type ContractKind = (typeof contractKinds)[number];
/** Dividend periods (§3): daily, weekly, semimonthly, monthly. */
export const periodTypes = ['D', 'W', 'H', 'M'] as const;
export type PeriodType = (typeof periodTypes)[number];

export const BASIS = 10_000;
const basisPoints = z.number().int().min(0).max(BASIS);
const minorAmount = z.number().int().min(0).max(10_000_000_000_000);

/** One tier: a higher rate once the team has this many active members and this volume in the period. */
export const contractTier = z.strictObject({
  minActiveMembers: z.number().int().min(0).max(1_000_000),
  minVolume: minorAmount,
  rate: basisPoints,
});
export type ContractTier = z.infer<typeof contractTier>;

export const contractTerms = z.strictObject({
  /** The base rate (dividend and the two period salaries). */
  rate: basisPoints.default(0),
  /** Members with at least one bet in the period the team needs for any payment (0: none needed). */
  minActiveMembers: z.number().int().min(0).max(1_000_000).default(0),
  tiers: z.array(contractTier).max(10).default([]),
  /** Dividend only. */
  periodType: z.enum(periodTypes).default('M'),
  /** Dividend only: a period the house lost carries into the next one (it must be earned back first). */
  carryNegative: z.boolean().default(true),
  /** Real-time salary only. */
  profitRate: basisPoints.default(0),
  lossRate: basisPoints.default(0),
  singleBetMin: minorAmount.default(0),
});
export type ContractTerms = z.infer<typeof contractTerms>;

const kindSetting = z.strictObject({
  enabled: z.boolean(),
  /** The highest rate any contract of this kind may carry (base or tier). */
  maxRate: basisPoints,
  maxTiers: z.number().int().min(0).max(10),
});
/** What the merchant allows (back office): the kinds switched on, their top rates and tiers, who pays. */
export const contractSettings = z.strictObject({
  dividend: kindSetting.extend({ periods: z.array(z.enum(periodTypes)).min(1).max(4) }),
  dailySalary: kindSetting,
  hourlySalary: kindSetting,
  realtimeSalary: z.strictObject({
    enabled: z.boolean(),
    maxProfitRate: basisPoints,
    maxLossRate: basisPoints,
  }),
  /** Who pays each level: the merchant's house account, or the level's upline from its own wallet. */
  payer: z.enum(['merchant', 'upline']),
  /** The previous day's daily salary is paid every this many days (§4: every other day). */
  dailySalaryEveryDays: z.number().int().min(1).max(7),
  /**
   * A bill its upline could not cover in full is collected from the upline's wallet as money arrives, for this many
   * days from the bill; what is still owed then expires (decision 045).
   */
  unpaidBillDays: z.number().int().min(1).max(30).default(3),
});
export type ContractSettings = z.infer<typeof contractSettings>;

export const defaultContractSettings: ContractSettings = {
  dividend: { enabled: true, maxRate: 4000, maxTiers: 5, periods: ['W', 'H', 'M'] },
  dailySalary: { enabled: true, maxRate: 200, maxTiers: 5 },
  hourlySalary: { enabled: false, maxRate: 100, maxTiers: 3 },
  realtimeSalary: { enabled: false, maxProfitRate: 100, maxLossRate: 200 },
  payer: 'merchant',
  dailySalaryEveryDays: 2,
  unpaidBillDays: 3,
};
export const contractSettingsResponse = envelope(contractSettings);

export const contractStatuses = ['offered', 'active', 'rejected', 'ended', 'withdrawn'] as const;
export const contractView = z.object({
  id: z.number().int(),
  kind: z.enum(contractKinds),
  /** The downline the contract pays. */
  username: z.string(),
  /** Who offered it (null: the merchant). */
  upline: z.string().nullable(),
  /** Who made the request (null: the merchant's back office). */
  requestedBy: z.string().nullable(),
  status: z.enum(contractStatuses),
  request: z.enum(['new', 'termination']),
  terms: contractTerms,
  createdAt: z.string(),
  startedAt: z.string().nullable(),
  endedAt: z.string().nullable(),
  endReason: z.string().nullable(),
});
export type ContractView = z.infer<typeof contractView>;

/**
 * The contract calls of §7 (MCS2_processDividendReq, MCS2_processDailySalContract, MCS2_processContractHourSalary,
 * MCSFE_processRealTimeSalaryContract), one shape: an upline offers to a direct downline (new) or asks to end a
 * contract (termination); the other side accepts or rejects; the offerer may withdraw an open request. Accepting a
 * lower rate than a sub-downline holds needs `confirmEndSubContracts` (those contracts end).
 */
export const contractRequestBody = z.discriminatedUnion('action', [
  z.strictObject({
    action: z.literal('offer'),
    username: z.string().trim().toLowerCase().min(1).max(64),
    terms: contractTerms,
  }),
  z.strictObject({ action: z.literal('terminate'), contractId: z.number().int().min(1) }),
  z.strictObject({
    action: z.literal('accept'),
    contractId: z.number().int().min(1),
    confirmEndSubContracts: z.boolean().default(false),
  }),
  z.strictObject({ action: z.literal('reject'), contractId: z.number().int().min(1) }),
  z.strictObject({ action: z.literal('withdraw'), contractId: z.number().int().min(1) }),
]);
export type ContractRequest = z.infer<typeof contractRequestBody>;
export const contractRequestResponse = envelope(
  z.object({ contract: contractView, endedSubContracts: z.number().int() }),
);

/** The contract page of one kind: mine, the requests waiting for me, and my direct downline's. */
export const contractPageQuery = z.strictObject({ kind: z.enum(contractKinds) });
export const contractPage = z.object({
  kind: z.enum(contractKinds),
  /** What the merchant allows for the kind (agent-contract-rules' TermsLimits): the offer form checks with it. */
  settings: z.object({
    enabled: z.boolean(),
    maxRate: z.number().int(),
    maxTiers: z.number().int(),
    maxProfitRate: z.number().int(),
    maxLossRate: z.number().int(),
    periods: z.array(z.enum(periodTypes)),
  }),
  mine: contractView.nullable(),
  /** Requests to me (offers and terminations) and those I made, still open. */
  open: z.array(contractView),
  downline: z.array(contractView),
  /** My bills of this kind, newest first. */
  bills: z.array(
    z.object({
      id: z.number().int(),
      periodStart: z.string(),
      periodEnd: z.string(),
      status: z.string(),
      amountDue: z.number().int(),
      amountPaid: z.number().int(),
    }),
  ),
});
export const contractPageResponse = envelope(contractPage);

export const billStatuses = [
  'paid',
  'partly_paid',
  'insufficient_balance',
  'threshold_not_reached',
  'rejected',
  'expired',
  'cancelled',
] as const;
export type BillStatus = (typeof billStatuses)[number];

/** agentRevenueReport: every bill of the agent with the statement of how it was computed. */
export const incomeQuery = z.strictObject({
  kind: z.enum(contractKinds).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
});
export const billStatement = z.object({
  /** The team's figures in the period (below the agent, tree as it was). */
  volume: z.number().int(),
  houseResult: z.number().int(),
  activeMembers: z.number().int(),
  winVolume: z.number().int(),
  lossVolume: z.number().int(),
  carryIn: z.number().int(),
  /** The rates applied (tier chosen), basis points. */
  rate: z.number().int(),
  profitRate: z.number().int(),
  lossRate: z.number().int(),
  /** What the agent's own rates earn on its whole team, what it granted below, and the difference due. */
  gross: z.number().int(),
  granted: z.number().int(),
  carryOut: z.number().int(),
});
export const incomeRow = z.object({
  id: z.number().int(),
  kind: z.enum(contractKinds),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(billStatuses),
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
  payer: z.string(),
  statement: billStatement,
  createdAt: z.string(),
});
export const incomeResponse = envelope(
  z.object({
    list: z.array(incomeRow),
    pageNo: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
  }),
);

// ------------------------------------------------------------------------------------------- back office

export const contractKindParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  kind: z.enum(contractKinds),
});
export const topContractBody = z.strictObject({ terms: contractTerms });
export const contractListResponse = envelope(z.array(contractView));
export const contractEndResponse = envelope(z.object({ endedSubContracts: z.number().int() }));

export const settlementRun = z.object({
  id: z.number().int(),
  kind: z.enum(contractKinds),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.string(),
  bills: z.number().int(),
  totalPaid: z.number().int(),
  error: z.string().nullable(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  cancelReason: z.string().nullable(),
});
export const settlementRunsResponse = envelope(z.array(settlementRun));
export const settlementRunResponse = envelope(settlementRun.nullable());
export const runIdParams = z.object({
  code: z.string().regex(/^[a-z0-9-]{2,32}$/),
  id: z.coerce.number().int().min(1),
});
export const cancelRunBody = z.strictObject({ reason: z.string().trim().min(3).max(500) });
/** Settles one period now (the back office's "run now"; the schedule does the same every five minutes). */
export const settleNowBody = z.strictObject({
  kind: z.enum(contractKinds),
  periodType: z.enum(periodTypes).default('M'),
  /** Any instant inside the period, ISO 8601; it must have ended. */
  at: z.iso.datetime(),
});

/** A bill an upline has not covered in full yet: collected as money arrives until it expires (decision 045). */
export const owedBill = z.object({
  id: z.number().int(),
  kind: z.enum(contractKinds),
  username: z.string(),
  payerUsername: z.string().nullable(),
  periodStart: z.string(),
  periodEnd: z.string(),
  status: z.enum(billStatuses),
  amountDue: z.number().int(),
  amountPaid: z.number().int(),
  createdAt: z.string(),
  expiresAt: z.string(),
});
export const owedBillsResponse = envelope(z.array(owedBill));
export const billIdParams = runIdParams;
/** The back office rejects what an upline still owes on a bill: collection stops, what was paid stays. */
export const rejectBillBody = z.strictObject({ reason: z.string().trim().min(3).max(200) });
export const rejectBillResponse = envelope(z.object({ id: z.number().int(), status: z.enum(billStatuses) }));

export const contractReportQuery = z.strictObject({
  from: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  to: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
});
export const contractReportResponse = envelope(
  z.array(
    z.object({
      username: z.string(),
      kind: z.enum(contractKinds),
      bills: z.number().int(),
      due: z.number().int(),
      paid: z.number().int(),
    }),
  ),
);
