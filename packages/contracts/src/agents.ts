import { z } from 'zod';
import { contractKinds } from './agent-contracts.ts';
import { envelope, pageOf } from './envelope.ts';
import { isoDate, recordProduct, recordTotals } from './game-play.ts';
import { gameType } from './games.ts';
import { languageCode } from './languages.ts';
import type { entryType } from './wallet.ts';

/**
 * The agent centre (spec §2): the team's overview, its members, the accounts an agent opens under itself, the
 * team's bets, profit and loss and money movements, and the notices addressed to agents. Every report reads the
 * tree as it was when each thing happened (a member moved away last week still counts in last month's report of
 * the agent it was under then). Amounts are integer minor units.
 */

/**
 * Range presets of the reports, in the merchant's calendar (weeks start on Monday): the spec's date range picker's
 * past ones (§9: last 7 and last 30 days) and the calendar's; `custom` takes from and to.
 */
export const rangePresets = [
  'today',
  'yesterday',
  'thisWeek',
  'lastWeek',
  'thisMonth',
  'lastMonth',
  'last7',
  'last30',
  'custom',
] as const;
export type RangePreset = (typeof rangePresets)[number];
/** The longest custom range a report covers. */
export const MAX_RANGE_DAYS = 366;

const rangeFields = {
  range: z.enum(rangePresets).default('today'),
  /** Dates in the merchant's time zone, both included; only with range=custom. */
  from: isoDate.optional(),
  to: isoDate.optional(),
};
const paging = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(20),
};
const accountName = z.string().trim().toLowerCase().max(64);

export const reportRange = z.object({ from: z.string(), to: z.string() });

export const teamOverviewQuery = z.strictObject(rangeFields);
export type TeamOverviewQuery = z.infer<typeof teamOverviewQuery>;
export const teamOverview = reportRange.extend({
  /** Everyone below the agent now, at any depth, and the direct ones. */
  teamSize: z.number().int(),
  directSize: z.number().int(),
  newMembers: z.number().int(),
  firstDeposits: z.number().int(),
  /** Members with at least one bet in the range. */
  activeMembers: z.number().int(),
  deposits: z.number().int(),
  depositCount: z.number().int(),
  withdrawals: z.number().int(),
  withdrawalCount: z.number().int(),
  validBet: z.number().int(),
  payout: z.number().int(),
  /** payout − valid bet: the team's result from the members' side (negative when the team lost). */
  profitLoss: z.number().int(),
});
export const teamOverviewResponse = envelope(teamOverview);

export const teamScopes = ['direct', 'all'] as const;
export const teamListQuery = z.strictObject({
  scope: z.enum(teamScopes).default('direct'),
  /** Part of the account name. */
  q: accountName.optional(),
  ...paging,
});
export const teamMember = z.object({
  username: z.string(),
  nickname: z.string().nullable(),
  type: z.number().int(),
  /** 1 = directly below the agent. */
  level: z.number().int(),
  status: z.enum(['active', 'locked']),
  balance: z.number().int(),
  /** Everyone below this member (0 for a player). */
  downlineSize: z.number().int(),
  registeredAt: z.string(),
  lastLoginAt: z.string().nullable(),
  /** Contracts in force: the kind and its top rates, basis points (for real-time salary, profit and loss rates). */
  contracts: z.array(
    z.object({ kind: z.enum(contractKinds), rate: z.number().int(), lossRate: z.number().int() }),
  ),
});
export const teamListResponse = envelope(pageOf(teamMember));

/** registerCenter: an account made by the agent directly under itself, with the site's username and password rules. */
export const agentRegisterBody = z.strictObject({
  accountType: z.enum(['member', 'agent']),
  username: z.string().trim().max(64),
  password: z.string().max(64),
  confirmPassword: z.string().max(64),
  nickname: z.string().trim().max(32).optional(),
});
export const agentRegisterResponse = envelope(
  z.object({ username: z.string(), type: z.number().int(), affiliateCode: z.string().nullable() }),
);

/** personalHistoryCopy for the team: rounds of the team, newest first, with the totals of the whole range. */
export const teamBetsQuery = z.strictObject({
  ...rangeFields,
  product: recordProduct.default('ALL'),
  /** One member's rounds (exact account name). */
  username: accountName.optional(),
  language: languageCode.optional(),
  ...paging,
});
export const teamBetRow = z.object({
  id: z.string(),
  username: z.string(),
  product: gameType,
  vendor: z.string(),
  gameName: z.string(),
  bet: z.number().int(),
  win: z.number().int(),
  profit: z.number().int(),
  status: z.enum(['settled', 'open', 'rolledBack']),
  createdAt: z.string(),
});
export const teamBetsResponse = envelope(
  pageOf(teamBetRow).extend({ totals: recordTotals, from: z.string(), to: z.string() }),
);

/** palStatementsAgentCopy: profit and loss by member and product. */
export const teamProfitLossQuery = z.strictObject({
  ...rangeFields,
  username: accountName.optional(),
  ...paging,
});
export const memberProfitLoss = z.object({
  username: z.string(),
  products: z.array(recordTotals.extend({ product: gameType })),
  totals: recordTotals,
});
export const teamProfitLossResponse = envelope(
  pageOf(memberProfitLoss).extend({ totals: recordTotals, from: z.string(), to: z.string() }),
);

/** agentDownlineTransactionDetailsCopy: money movements of the team's wallets (not bets: those are team betting). */
export const teamTransactionTypes = [
  'deposit',
  'withdrawal',
  'withdrawal_refund',
  'transfer',
  'promotion',
  'commission',
  'adjustment',
  'reversal',
] as const satisfies readonly z.infer<typeof entryType>[];
export const teamTransactionsQuery = z.strictObject({
  ...rangeFields,
  type: z.enum(teamTransactionTypes).optional(),
  username: accountName.optional(),
  ...paging,
});
export const teamTransaction = z.object({
  entryId: z.number().int(),
  username: z.string(),
  type: z.string(),
  amount: z.number().int(),
  memo: z.string().nullable(),
  createdAt: z.string(),
});
export const teamTransactionsResponse = envelope(
  pageOf(teamTransaction).extend({ from: z.string(), to: z.string() }),
);

/** agentAnnouncement: the notices the back office addressed to agents. */
export const agentAnnouncement = z.object({
  id: z.number().int(),
  title: z.string(),
  content: z.string(),
  startsAt: z.string().nullable(),
  createdAt: z.string(),
});
export const agentAnnouncementsQuery = z.strictObject({ language: languageCode.optional(), ...paging });
export const agentAnnouncementsResponse = envelope(pageOf(agentAnnouncement));

/** The agent's affiliate code and the site address new members register through (item 5). */
export const affiliateLinkResponse = envelope(z.object({ code: z.string(), link: z.string() }));
