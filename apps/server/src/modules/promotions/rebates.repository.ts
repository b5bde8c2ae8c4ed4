import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { withPromotionTables } from './promotions.tables.ts';

export type RebatePayoutInsert = {
  memberId: number;
  basis: number;
  amount: number;
  byProduct: Record<string, number>;
  status: 'due' | 'over_budget';
};

/** Rows per INSERT of payouts: one statement of arrays each, whatever the number of members. */
const INSERT_CHUNK = 5_000;

/** SQL for the rebate tables of migration 048 (the promotions module's own). */
export function rebatesRepository(db: Database) {
  const t = withPromotionTables;
  return {
    run(promotionId: number, periodKey: string, executor: Database = db) {
      return t(executor)
        .selectFrom('rebate_runs')
        .selectAll()
        .where('promotion_id', '=', promotionId)
        .where('period_key', '=', periodKey)
        .executeTakeFirst();
    },

    /** Claims a period: false when it was computed already (by this or another process). */
    async insertRun(
      trx: Database,
      row: { promotionId: number; periodKey: string; merchantId: number; start: Date; end: Date },
    ) {
      const inserted = await t(trx)
        .insertInto('rebate_runs')
        .values({
          promotion_id: row.promotionId,
          period_key: row.periodKey,
          merchant_id: row.merchantId,
          period_start: row.start,
          period_end: row.end,
          status: 'paying',
          members: 0,
          total: 0,
          over_budget: 0,
        })
        .onConflict((oc) => oc.columns(['promotion_id', 'period_key']).doNothing())
        .returning('promotion_id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    /** What is left of the promotion's budget (null: no limit), the row locked until the transaction ends. */
    async lockBudget(trx: Database, promotionId: number) {
      const row = await t(trx)
        .selectFrom('promotions')
        .select(['budget', 'spent'])
        .where('id', '=', promotionId)
        .forUpdate()
        .executeTakeFirstOrThrow();
      return row.budget === null ? null : Number(row.budget) - Number(row.spent);
    },

    async spend(trx: Database, promotionId: number, amount: number) {
      await t(trx)
        .updateTable('promotions')
        .set({ spent: sql<number>`spent + ${amount}` })
        .where('id', '=', promotionId)
        .execute();
    },

    async insertPayouts(trx: Database, promotionId: number, periodKey: string, rows: RebatePayoutInsert[]) {
      for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
        const chunk = rows.slice(i, i + INSERT_CHUNK);
        await sql`
          INSERT INTO rebate_payouts (promotion_id, period_key, member_id, basis, amount, by_product, status)
          SELECT ${promotionId}, ${periodKey}, m, b, a, p::jsonb, s
          FROM unnest(${chunk.map((r) => r.memberId)}::int[], ${chunk.map((r) => r.basis)}::bigint[],
                      ${chunk.map((r) => r.amount)}::bigint[], ${chunk.map((r) => JSON.stringify(r.byProduct))}::text[],
                      ${chunk.map((r) => r.status)}::text[]) AS x(m, b, a, p, s)`.execute(trx);
      }
    },

    async summariseRun(
      trx: Database,
      promotionId: number,
      periodKey: string,
      totals: { members: number; total: number; overBudget: number },
    ) {
      await t(trx)
        .updateTable('rebate_runs')
        .set({ members: totals.members, total: totals.total, over_budget: totals.overBudget })
        .where('promotion_id', '=', promotionId)
        .where('period_key', '=', periodKey)
        .execute();
    },

    /** The next payouts of a run still without their ledger entry. */
    due(promotionId: number, periodKey: string, limit: number) {
      return t(db)
        .selectFrom('rebate_payouts')
        .select(['member_id', 'amount'])
        .where('promotion_id', '=', promotionId)
        .where('period_key', '=', periodKey)
        .where('status', '=', 'due')
        .orderBy('member_id')
        .limit(limit)
        .execute();
    },

    /**
     * The moment of payment of a page of payouts, in one transaction: those whose member is under a break now
     * (`restricted`, a `SELECT id` of them) and whose posting never started are forfeited — their amount leaves the
     * run's members and total for its forfeited figures and goes back to the promotion's budget — and the rest still
     * due are claimed for posting (`posting_at`). Answers the claimed ones: only those are posted. Another process
     * paying the same page waits on the rows, so a payout is either forfeited or posted, never both.
     */
    async forfeitOrClaim(
      trx: Database,
      promotionId: number,
      periodKey: string,
      memberIds: number[],
      restricted: RawBuilder<{ id: number }>,
    ) {
      const forfeited = await sql<{ member_id: number; amount: string }>`
        UPDATE rebate_payouts p SET status = 'forfeited'
         WHERE p.promotion_id = ${promotionId} AND p.period_key = ${periodKey} AND p.status = 'due'
           AND p.posting_at IS NULL AND p.member_id = ANY(${memberIds}::int[])
           AND p.member_id IN (SELECT r.id FROM (${restricted}) r WHERE r.id = ANY(${memberIds}::int[]))
        RETURNING p.member_id, p.amount`.execute(trx);
      const claimed = await sql<{ member_id: number; amount: string }>`
        UPDATE rebate_payouts p SET posting_at = coalesce(p.posting_at, now())
         WHERE p.promotion_id = ${promotionId} AND p.period_key = ${periodKey} AND p.status = 'due'
           AND p.member_id = ANY(${memberIds}::int[])
        RETURNING p.member_id, p.amount`.execute(trx);
      const count = forfeited.rows.length;
      const amount = forfeited.rows.reduce((sum, r) => sum + Number(r.amount), 0);
      if (count > 0) {
        await t(trx)
          .updateTable('promotions')
          .set({ spent: sql<number>`spent - ${amount}` })
          .where('id', '=', promotionId)
          .execute();
        await t(trx)
          .updateTable('rebate_runs')
          .set({
            members: sql<number>`members - ${count}`,
            total: sql<number>`total - ${amount}`,
            forfeited_members: sql<number>`forfeited_members + ${count}`,
            forfeited: sql<number>`forfeited + ${amount}`,
          })
          .where('promotion_id', '=', promotionId)
          .where('period_key', '=', periodKey)
          .execute();
      }
      return claimed.rows.map((r) => ({ member_id: Number(r.member_id), amount: Number(r.amount) }));
    },

    async markPaid(
      promotionId: number,
      periodKey: string,
      paid: { memberId: number; entryId: number; at: string }[],
    ) {
      if (paid.length === 0) return;
      await sql`
        UPDATE rebate_payouts p SET status = 'paid', ledger_entry_id = x.e, paid_at = x.t
        FROM unnest(${paid.map((p) => p.memberId)}::int[], ${paid.map((p) => p.entryId)}::bigint[],
                    ${paid.map((p) => p.at)}::timestamptz[]) AS x(m, e, t)
        WHERE p.promotion_id = ${promotionId} AND p.period_key = ${periodKey} AND p.member_id = x.m
          AND p.status = 'due'`.execute(db);
    },

    async finishRun(promotionId: number, periodKey: string) {
      await t(db)
        .updateTable('rebate_runs')
        .set({ status: 'paid', finished_at: new Date() })
        .where('promotion_id', '=', promotionId)
        .where('period_key', '=', periodKey)
        .where('status', '=', 'paying')
        .execute();
    },

    runs(promotionId: number, limit: number) {
      return t(db)
        .selectFrom('rebate_runs')
        .selectAll()
        .where('promotion_id', '=', promotionId)
        .orderBy('period_start', 'desc')
        .limit(limit)
        .execute();
    },

    /** The member's latest paid rebate of each of these promotions. */
    async lastPaid(memberId: number, promotionIds: number[]) {
      if (promotionIds.length === 0) return [];
      return t(db)
        .selectFrom('rebate_payouts')
        .select(['promotion_id', 'period_key', 'amount', 'paid_at'])
        .distinctOn('promotion_id')
        .where('member_id', '=', memberId)
        .where('promotion_id', 'in', promotionIds)
        .where('status', '=', 'paid')
        .orderBy('promotion_id')
        .orderBy('paid_at', 'desc')
        .execute();
    },

    /** Rebates paid per promotion and day (the cost report). */
    costReport(merchantId: number, from: Date, to: Date, timeZone: string) {
      return t(db)
        .selectFrom('rebate_payouts as p')
        .innerJoin('rebate_runs as r', (j) =>
          j.onRef('r.promotion_id', '=', 'p.promotion_id').onRef('r.period_key', '=', 'p.period_key'),
        )
        .select([
          'p.promotion_id',
          sql<string>`to_char(p.paid_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`.as('day'),
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.sum<number>('p.amount').as('amount'),
        ])
        .where('r.merchant_id', '=', merchantId)
        .where('p.status', '=', 'paid')
        .where('p.paid_at', '>=', from)
        .where('p.paid_at', '<', to)
        .groupBy(['p.promotion_id', 'day'])
        .execute();
    },
  };
}
