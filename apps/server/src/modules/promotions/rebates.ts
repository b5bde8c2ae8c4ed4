// Rebates (issue 13 item 1; docs/decisions/034-promotions.md, "Rebates"): when a day or week of the merchant's
// calendar closes, every eligible member's cashback on that period's valid bets (or net loss) by product is computed
// at once from the rounds, written with the budget it spends in one transaction, and paid through the ledger, one
// entry per member under its own key, so a run that stops half-way is finished by the next one and pays no one twice.
import type { Database } from '../../db/database.ts';
import type { GamesPlayService } from '../games/games-play.service.ts';
import type { MembersService, SignedInMember } from '../members/members.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { claimPeriodAt, type ProductPlay, previousPeriod, rebateFor } from './promotion-rules.ts';
import type { PromotionRow } from './promotions.repository.ts';
import { type RebatePayoutInsert, rebatesRepository } from './rebates.repository.ts';

/** How many closed periods back a run looks for one not paid yet (a server that was down catches up). */
const LOOK_BACK = { day: 7, week: 2 } as const;
/** Payouts read and paid per round; entries in flight at once (the ledger group-commits them). */
const PAY_PAGE = 2_000;
const IN_FLIGHT = 64;

type Period = { key: string; start: Date; end: Date };

/** Runs `work` over the items with at most `limit` running at once. */
async function inParallel<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}

/**
 * Shares a budget out: everyone's rebate when it fits, else each one cut in proportion (rounded down) so that the
 * total is at most what is left. A cut rebate of 0 is not paid (`over_budget`).
 */
export function withinBudget(
  payouts: Omit<RebatePayoutInsert, 'status'>[],
  remaining: number | null,
): { rows: RebatePayoutInsert[]; total: number; overBudget: number } {
  const wanted = payouts.reduce((sum, p) => sum + p.amount, 0);
  if (remaining === null || wanted <= remaining)
    return { rows: payouts.map((p) => ({ ...p, status: 'due' })), total: wanted, overBudget: 0 };
  let total = 0;
  const rows = payouts.map((p): RebatePayoutInsert => {
    const cut = Number((BigInt(p.amount) * BigInt(Math.max(0, remaining))) / BigInt(wanted));
    total += cut;
    return cut > 0 ? { ...p, amount: cut, status: 'due' } : { ...p, status: 'over_budget' };
  });
  return { rows, total, overBudget: wanted - total };
}

export function rebateUseCases(deps: {
  db: Database;
  wallet: WalletService;
  gamesPlay: GamesPlayService;
  members: MembersService;
  merchants: MerchantsService;
  promotions: (merchantId: number) => Promise<PromotionRow[]>;
  /** The read replica (decision 062): the cost report's rebate lines read it. */
  reports?: Database;
  /** Tests stop a run in the middle (a crash) after this many payouts. */
  crashAfterPayouts?: () => number | undefined;
}) {
  const { db, wallet, gamesPlay, members } = deps;
  const repo = rebatesRepository(db);

  /** The rounds a period of the promotion counts: the period within the promotion's window. */
  function window(row: PromotionRow, period: Period) {
    const from = period.start > row.starts_at ? period.start : row.starts_at;
    const to = period.end < row.ends_at ? period.end : row.ends_at;
    return { from, to };
  }

  async function agentOf(row: PromotionRow) {
    if (!row.rules.agentUsername) return null;
    const agent = await members.byAccount(row.merchant_id, row.rules.agentUsername);
    return agent?.id ?? -1;
  }

  /** Every eligible member's rebate of a period, from the rounds (outside any transaction). */
  async function compute(merchant: Merchant, row: PromotionRow, period: Period) {
    const plays = await gamesPlay.merchantTotals(merchant, window(row, period));
    const byMember = new Map<number, ProductPlay[]>();
    for (const p of plays) {
      const list = byMember.get(p.memberId) ?? [];
      list.push({ product: p.product, bet: p.bet, win: p.win });
      byMember.set(p.memberId, list);
    }
    const eligible = await members.eligible(merchant.id, [...byMember.keys()], {
      minVipLevel: row.rules.minVipLevel,
      agentId: await agentOf(row),
    });
    const payouts: Omit<RebatePayoutInsert, 'status'>[] = [];
    for (const [memberId, play] of byMember) {
      if (!eligible.has(memberId)) continue;
      const { basis, amount } = rebateFor(row.rules, play);
      if (amount === 0) continue;
      const byProduct: Record<string, number> = {};
      for (const p of play) byProduct[p.product] = (byProduct[p.product] ?? 0) + p.bet;
      payouts.push({ memberId, basis, amount, byProduct });
    }
    return payouts.sort((a, b) => a.memberId - b.memberId);
  }

  /** Posts every payout of a run still due, a page at a time, and marks them paid. */
  async function payDue(merchant: Merchant, row: PromotionRow, periodKey: string) {
    const expense = await wallet.houseAccount(merchant.id, 'house_promotion_expense');
    const title = (row.texts.EN?.title ?? '').slice(0, 200);
    let posted = 0;
    for (;;) {
      const page = await repo.due(row.id, periodKey, PAY_PAGE);
      if (page.length === 0) return;
      // The moment of payment: members under a break now forfeit theirs (one join for the page, not a look-up per
      // member; docs/decisions/047-time-out-and-self-exclusion.md), the others are claimed and posted.
      const due = await db.transaction().execute((trx) =>
        repo.forfeitOrClaim(
          trx,
          row.id,
          periodKey,
          page.map((d) => d.member_id),
          members.restrictedMembers(),
        ),
      );
      if (due.length === 0) continue;
      const mains = new Map(
        (await wallet.memberAccounts(due.map((d) => d.member_id)))
          .filter((a) => a.kind === 'member_main')
          .map((a) => [a.memberId, a.id]),
      );
      const paid: { memberId: number; entryId: number; at: string }[] = [];
      const crashAt = deps.crashAfterPayouts?.();
      await inParallel(due, IN_FLIGHT, async (d) => {
        if (crashAt !== undefined && posted >= crashAt) return;
        posted += 1;
        const main = mains.get(d.member_id) ?? (await wallet.memberAccount(merchant.id, d.member_id));
        const entry = await wallet.transfer(db, {
          merchantId: merchant.id,
          idempotencyKey: `rebate:${row.id}:${periodKey}:${d.member_id}`,
          type: 'promotion',
          from: expense,
          to: main,
          amount: Number(d.amount),
          memo: `Rebate: ${title} (${periodKey})`,
          actor: { type: 'system' },
        });
        paid.push({ memberId: d.member_id, entryId: entry.entryId, at: entry.createdAt });
      });
      // A crash here leaves posted entries without their mark: the next run posts them again, which the ledger
      // answers from their keys (nothing moves twice), and marks them then.
      if (crashAt !== undefined && posted >= crashAt) throw new Error('simulated crash');
      await repo.markPaid(row.id, periodKey, paid);
    }
  }

  /** Computes (once) and pays a closed period of a rebate promotion; answers its run. */
  async function runPeriod(merchant: Merchant, row: PromotionRow, period: Period) {
    if (!(await repo.run(row.id, period.key))) {
      const payouts = await compute(merchant, row, period);
      await db.transaction().execute(async (trx) => {
        const claimed = await repo.insertRun(trx, {
          promotionId: row.id,
          periodKey: period.key,
          merchantId: merchant.id,
          start: period.start,
          end: period.end,
        });
        if (!claimed) return;
        const shared = withinBudget(payouts, await repo.lockBudget(trx, row.id));
        await repo.insertPayouts(trx, row.id, period.key, shared.rows);
        if (shared.total > 0) await repo.spend(trx, row.id, shared.total);
        await repo.summariseRun(trx, row.id, period.key, {
          members: shared.rows.filter((r) => r.status === 'due').length,
          total: shared.total,
          overBudget: shared.overBudget,
        });
      });
    }
    const run = await repo.run(row.id, period.key);
    if (run?.status === 'paying') {
      await payDue(merchant, row, period.key);
      await repo.finishRun(row.id, period.key);
    }
    return repo.run(row.id, period.key);
  }

  /** The closed periods of the merchant's rebates not paid yet (the scheduled job). */
  async function runDue(merchant: Merchant, now = new Date()) {
    const timeZone = merchant.settings.whitelabel.timeZone;
    const rebates = (await deps.promotions(merchant.id)).filter((r) => r.kind === 'rebate' && r.enabled);
    for (const row of rebates) {
      const per = row.rules.claimPer === 'week' ? 'week' : 'day';
      let period: Period = previousPeriod(per, now, timeZone);
      for (let back = 0; back < LOOK_BACK[per]; back++) {
        if (period.end <= row.starts_at) break;
        if (period.start < row.ends_at) await runPeriod(merchant, row, period);
        period = previousPeriod(per, period.start, timeZone);
      }
    }
  }

  return {
    runPeriod,
    runDue,

    /** Every merchant's closed rebate periods (the job every ten minutes). */
    async runAll(now = new Date()) {
      for (const merchant of await deps.merchants.list()) await runDue(merchant, now);
    },

    /** What the member has earned so far this period, and the last rebate paid, per rebate promotion. */
    async standing(merchant: Merchant, member: SignedInMember, rows: PromotionRow[], now = new Date()) {
      const rebates = rows.filter((r) => r.kind === 'rebate');
      const out = new Map<
        number,
        { soFar: number; lastPaid: { period: string; amount: number; paidAt: string } | null }
      >();
      if (rebates.length === 0) return out;
      const last = new Map(
        (
          await repo.lastPaid(
            member.id,
            rebates.map((r) => r.id),
          )
        ).map((p) => [p.promotion_id, p]),
      );
      const timeZone = merchant.settings.whitelabel.timeZone;
      for (const row of rebates) {
        const current = claimPeriodAt(row.rules.claimPer === 'week' ? 'week' : 'day', now, timeZone);
        const range = window(row, { key: current.key, start: current.start as Date, end: now });
        const play = range.to > range.from ? await gamesPlay.memberTotals(merchant, member.id, range) : [];
        const paid = last.get(row.id);
        out.set(row.id, {
          soFar: rebateFor(row.rules, play).amount,
          lastPaid: paid
            ? {
                period: paid.period_key,
                amount: Number(paid.amount),
                paidAt: (paid.paid_at as Date).toISOString(),
              }
            : null,
        });
      }
      return out;
    },

    runs: (promotionId: number) => repo.runs(promotionId, 60),
    /** Rebates paid per promotion and day, for the cost report: from the replica when there is one. */
    costReport: (deps.reports ? rebatesRepository(deps.reports) : repo).costReport,
  };
}

export type RebateUseCases = ReturnType<typeof rebateUseCases>;
