import { type BillStatus, type ContractKind, contractTerms } from '@tala/contracts/agent-contracts';
import {
  MAX_RANGE_DAYS,
  type RangePreset,
  type TeamOverviewQuery,
  teamTransactionTypes,
} from '@tala/contracts/agents';
import { addDays, dayOf, dayStart } from '@tala/contracts/calendar';
import type { GameType } from '@tala/contracts/games';
import type { LanguageCode } from '@tala/contracts/languages';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ContentService } from '../content/content.service.ts';
import type { GamesPlayService } from '../games/games-play.service.ts';
import type { MembersService, RequestContext, SignedInMember } from '../members/members.service.ts';
import type { TeamScope } from '../members/team-scope.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { agentsRepository } from './agents.repository.ts';
import { topRates } from './contract-rules.ts';
import { contractUseCases } from './contracts.ts';
import { settlementUseCases } from './settlement.ts';
import { teamRollups } from './team-rollup.ts';

/**
 * The agent centre (spec §2, issue 12 item 2): an agent's reports on its team and the accounts it opens. Every
 * call is the agent's own: the team is read from the tree (members), never from what the caller names, and a
 * member asked for by name must be below the agent (not_in_downline). Reports read the tree as it was when each
 * bet, deposit or withdrawal happened.
 */
export function agentsService(deps: {
  db: Database;
  audit: AuditService;
  merchants: MerchantsService;
  members: MembersService;
  gamesPlay: GamesPlayService;
  payments: PaymentsService;
  wallet: WalletService;
  content: ContentService;
  /** The read replica (decision 062): the back office's commission and salary report reads it. */
  reports?: Database;
  /** Tests stop a settlement run in the middle (a crash) after this many bills. */
  crashAfterBills?: () => number | undefined;
}) {
  const { members } = deps;
  const repository = agentsRepository(deps.db);
  // Reports that tolerate a few seconds of lag; everything that settles, pays or decides reads `repository`.
  const reports = deps.reports ? agentsRepository(deps.reports) : repository;
  const contracts = contractUseCases({ db: deps.db, repository, members, audit: deps.audit });
  const rollups = teamRollups(deps);
  const settlement = settlementUseCases({
    db: deps.db,
    repository,
    wallet: deps.wallet,
    audit: deps.audit,
    merchants: deps.merchants,
    contracts,
    crashAfterBills: deps.crashAfterBills,
  });

  function requireAgent(member: SignedInMember) {
    if (!members.isAgent(member.type)) throw new AppError('error_not_agent');
  }

  /** The team, narrowed to one member of it when a name is given. */
  async function scopeOf(merchant: Merchant, agent: SignedInMember, username?: string): Promise<TeamScope> {
    requireAgent(agent);
    if (!username) return { agentId: agent.id };
    const member = await members.byAccount(merchant.id, username);
    const depth = member ? await members.downlineDepth(agent.id, member.id) : null;
    if (!member || depth === null) throw new AppError('not_in_downline', 'username');
    return { agentId: agent.id, memberId: member.id };
  }

  return {
    ...contracts,
    ...settlement,

    /** agentRevenueReport: the agent's bills with the statement of each, newest first. */
    async income(
      agent: SignedInMember,
      query: { kind?: ContractKind | undefined; pageNo: number; pageSize: number },
    ) {
      requireAgent(agent);
      const { total, rows } = await repository.billsOf(agent.id, query.kind, {
        limit: query.pageSize,
        offset: (query.pageNo - 1) * query.pageSize,
      });
      return {
        list: rows.map((b) => ({
          id: Number(b.id),
          kind: b.kind,
          periodStart: b.period_start.toISOString(),
          periodEnd: b.period_end.toISOString(),
          status: b.status as BillStatus,
          amountDue: Number(b.amount_due),
          amountPaid: Number(b.amount_paid),
          payer: b.payer,
          statement: statementOf(b.statement),
          createdAt: b.created_at.toISOString(),
        })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /**
     * The back office's commission and salary report: bills by agent and kind over a range of periods, read from the
     * replica (a bill settled a moment ago shows a few seconds late at worst).
     */
    async billReport(merchant: Merchant, range: { from: Date; to: Date }) {
      return (await reports.billReport(merchant.id, range.from, range.to)).map((r) => ({
        username: r.username,
        kind: r.kind,
        bills: Number(r.bills),
        due: Number(r.due ?? 0),
        paid: Number(r.paid ?? 0),
      }));
    },

    /** The rollups' job (agents.jobs.ts): rolls the days from `newest` to `oldest` days ago up again. */
    rollTeams: rollups.rollTeams,

    /**
     * The team overview, read from the daily rollups (decision 068): its cost does not grow with the team. It shows
     * the days as the job last rolled them up (today and yesterday within the minute, older days within the hour).
     */
    async overview(merchant: Merchant, agent: SignedInMember, query: TeamOverviewQuery, now = new Date()) {
      requireAgent(agent);
      const range = rangeOf(merchant, query, now);
      const today = dayOf(now, merchant.settings.whitelabel.timeZone);
      const [counts, sums, activeMembers] = await Promise.all([
        members.teamCounts(agent.id),
        rollups.totals(agent.id, range),
        rollups.activeMembers(merchant.id, agent.id, { from: range.from, to: range.to, today }),
      ]);
      return {
        from: range.from,
        to: range.to,
        ...counts,
        newMembers: sums.newMembers,
        firstDeposits: sums.firstDeposits,
        activeMembers,
        deposits: sums.deposits,
        depositCount: sums.depositCount,
        withdrawals: sums.withdrawals,
        withdrawalCount: sums.withdrawalCount,
        validBet: sums.validBet,
        payout: sums.payout,
        profitLoss: sums.payout - sums.validBet,
      };
    },

    /** Team management: the team now, direct or every level, with balances. */
    async team(
      agent: SignedInMember,
      query: { scope: 'direct' | 'all'; q?: string | undefined; pageNo: number; pageSize: number },
    ) {
      requireAgent(agent);
      const { total, rows } = await members.teamPage(agent.id, query);
      const ids = rows.map((r) => r.id);
      const [accounts, contracts] = await Promise.all([
        deps.wallet.memberAccounts(ids),
        repository.inForceOf(ids),
      ]);
      const contractsOf = (memberId: number) =>
        contracts
          .filter((c) => c.member_id === memberId)
          .map((c) => {
            const top = topRates(c.kind, contractTerms.parse(c.terms));
            return { kind: c.kind, rate: top.profit, lossRate: top.loss };
          });
      const balanceOf = (memberId: number) =>
        accounts
          .filter((a) => a.memberId === memberId && a.kind === 'member_main')
          .reduce((sum, a) => sum + a.balance, 0);
      return {
        list: rows.map(({ id, ...row }) => ({ ...row, balance: balanceOf(id), contracts: contractsOf(id) })),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /** registerCenter: opens a member's or a sub-agent's account under the agent. */
    async register(
      merchant: Merchant,
      agent: SignedInMember,
      body: Parameters<MembersService['openAccountUnder']>[2],
      context: RequestContext,
    ) {
      requireAgent(agent);
      return members.openAccountUnder(merchant, agent, body, context);
    },

    /** The agent's affiliate code and the link new members register through (item 5). */
    async affiliateLink(agent: SignedInMember, origin: string) {
      requireAgent(agent);
      const code = await members.affiliateCodeOf(agent);
      return { code, link: `${origin}/register?affiliateCode=${encodeURIComponent(code)}` };
    },

    async teamBets(
      merchant: Merchant,
      agent: SignedInMember,
      query: TeamOverviewQuery & {
        product: GameType | 'ALL';
        username?: string | undefined;
        language?: LanguageCode | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const team = await scopeOf(merchant, agent, query.username);
      const range = rangeOf(merchant, query);
      const page = await deps.gamesPlay.teamBets(merchant, team, {
        from: range.start,
        to: range.end,
        product: query.product,
        language: query.language,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
      });
      return { ...page, from: range.from, to: range.to };
    },

    /** User profit and loss: per member (most staked first) and product, with the totals of the whole team. */
    async teamProfitLoss(
      merchant: Merchant,
      agent: SignedInMember,
      query: TeamOverviewQuery & { username?: string | undefined; pageNo: number; pageSize: number },
    ) {
      const team = await scopeOf(merchant, agent, query.username);
      const range = rangeOf(merchant, query);
      const rows = await deps.gamesPlay.teamTotals(merchant, team, { from: range.start, to: range.end });
      const byMember = new Map<
        number,
        {
          username: string;
          products: { product: GameType; count: number; bet: number; win: number; profit: number }[];
        }
      >();
      for (const r of rows) {
        const entry = byMember.get(r.memberId) ?? { username: r.username, products: [] };
        entry.products.push({
          product: r.product,
          count: r.count,
          bet: r.bet,
          win: r.win,
          profit: r.win - r.bet,
        });
        byMember.set(r.memberId, entry);
      }
      const sum = (list: { count: number; bet: number; win: number }[]) => {
        const count = list.reduce((s, p) => s + p.count, 0);
        const bet = list.reduce((s, p) => s + p.bet, 0);
        const win = list.reduce((s, p) => s + p.win, 0);
        return { count, bet, win, profit: win - bet };
      };
      const list = [...byMember.values()]
        .map((m) => ({
          username: m.username,
          products: m.products.sort((a, b) => b.bet - a.bet),
          totals: sum(m.products),
        }))
        .sort((a, b) => b.totals.bet - a.totals.bet || a.username.localeCompare(b.username));
      const start = (query.pageNo - 1) * query.pageSize;
      return {
        list: list.slice(start, start + query.pageSize),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: list.length,
        totalPages: Math.ceil(list.length / query.pageSize),
        totals: sum(rows),
        from: range.from,
        to: range.to,
      };
    },

    /** Transaction details: the money movements of the team's main wallets (bets are in team betting). */
    async teamTransactions(
      merchant: Merchant,
      agent: SignedInMember,
      query: TeamOverviewQuery & {
        type?: (typeof teamTransactionTypes)[number] | undefined;
        username?: string | undefined;
        pageNo: number;
        pageSize: number;
      },
    ) {
      const team = await scopeOf(merchant, agent, query.username);
      const range = rangeOf(merchant, query);
      const page = await deps.wallet.teamLines(
        {
          merchantId: merchant.id,
          team,
          from: range.start,
          to: range.end,
          types: query.type ? [query.type] : teamTransactionTypes,
        },
        { pageNo: query.pageNo, pageSize: query.pageSize },
      );
      return { ...page, from: range.from, to: range.to };
    },

    async announcements(
      merchant: Merchant,
      agent: SignedInMember,
      language: LanguageCode,
      query: { pageNo: number; pageSize: number },
    ) {
      requireAgent(agent);
      return deps.content.agentAnnouncements(merchant, language, query);
    },
  };
}

function statementOf(stored: Record<string, number>) {
  const n = (key: string) => Number(stored[key] ?? 0);
  return {
    volume: n('volume'),
    houseResult: n('houseResult'),
    activeMembers: n('activeMembers'),
    winVolume: n('winVolume'),
    lossVolume: n('lossVolume'),
    carryIn: n('carryIn'),
    rate: n('rate'),
    profitRate: n('profitRate'),
    lossRate: n('lossRate'),
    gross: n('gross'),
    granted: n('granted'),
    carryOut: n('carryOut'),
  };
}

/**
 * A report's range: a preset of the merchant's calendar (weeks start on Monday) or custom dates, both included.
 * Custom ranges may not end after today (range_in_future) nor span more than a year (range_too_long).
 */
export function rangeOf(
  merchant: Merchant,
  query: { range: RangePreset; from?: string | undefined; to?: string | undefined },
  now = new Date(),
) {
  const timeZone = merchant.settings.whitelabel.timeZone;
  const today = dayOf(now, timeZone);
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7; // Monday 0
  const monthStart = `${today.slice(0, 8)}01`;
  const lastMonthEnd = addDays(monthStart, -1);
  const presets: Record<Exclude<RangePreset, 'custom'>, [string, string]> = {
    today: [today, today],
    yesterday: [addDays(today, -1), addDays(today, -1)],
    thisWeek: [addDays(today, -weekday), today],
    lastWeek: [addDays(today, -weekday - 7), addDays(today, -weekday - 1)],
    thisMonth: [monthStart, today],
    lastMonth: [`${lastMonthEnd.slice(0, 8)}01`, lastMonthEnd],
    last7: [addDays(today, -6), today],
    last30: [addDays(today, -29), today],
  };
  let from: string;
  let to: string;
  if (query.range === 'custom') {
    if (!query.from) throw new AppError('validation_failed', 'from');
    if (!query.to) throw new AppError('validation_failed', 'to');
    if (Number.isNaN(Date.parse(query.from))) throw new AppError('validation_failed', 'from');
    if (Number.isNaN(Date.parse(query.to))) throw new AppError('validation_failed', 'to');
    if (query.from > query.to) throw new AppError('validation_failed', 'to');
    if (query.to > today) throw new AppError('range_in_future', 'to');
    const days = (Date.parse(query.to) - Date.parse(query.from)) / 86_400_000 + 1;
    if (days > MAX_RANGE_DAYS) throw new AppError('range_too_long', 'from', { max: MAX_RANGE_DAYS });
    from = query.from;
    to = query.to;
  } else {
    [from, to] = presets[query.range];
  }
  return { from, to, start: dayStart(from, timeZone), end: dayStart(addDays(to, 1), timeZone) };
}

export type AgentsService = ReturnType<typeof agentsService>;
