import type { PromotionBody } from '@tala/contracts/promotions';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { changes } from '../../lib/change-feed.ts';
import {
  type BonusesTable,
  type ManualBonusesTable,
  type PromotionApplicationsTable,
  type PromotionsTable,
  withPromotionTables,
} from './promotions.tables.ts';

export type PromotionRow = Selectable<PromotionsTable>;
export type BonusRow = Selectable<BonusesTable>;
export type ApplicationRow = Selectable<PromotionApplicationsTable>;
export type ManualRow = Selectable<ManualBonusesTable>;

/** Advisory lock class of a member's bonus money: claims, forfeits and cash-outs of one member run one at a time. */
const BONUS_LOCK = 23;

/** SQL for the promotions module's own tables. */
export function promotionsRepository(db: Database) {
  const t = withPromotionTables;
  return {
    async lockMember(trx: Database, memberId: number) {
      await sql`SELECT pg_advisory_xact_lock(${BONUS_LOCK}, ${memberId})`.execute(trx);
    },

    // ------------------------------------------------------------------ promotions
    async promotions(merchantId: number) {
      return t(db)
        .selectFrom('promotions')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('starts_at', 'desc')
        .orderBy('id', 'desc')
        .execute();
    },
    async promotion(id: number) {
      return t(db).selectFrom('promotions').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async claimCounts(promotionIds: number[]) {
      if (promotionIds.length === 0) return new Map<number, number>();
      const rows = await t(db)
        .selectFrom('bonuses')
        .select(['promotion_id', (eb) => eb.fn.countAll<number>().as('claims')])
        .where('promotion_id', 'in', promotionIds)
        .groupBy('promotion_id')
        .execute();
      return new Map(rows.map((r) => [r.promotion_id, Number(r.claims)]));
    },
    async insertPromotion(trx: Database, merchantId: number, body: PromotionBody) {
      const row = await t(trx)
        .insertInto('promotions')
        .values({
          merchant_id: merchantId,
          kind: body.kind,
          enabled: body.enabled,
          starts_at: body.startsAt,
          ends_at: body.endsAt,
          budget: body.budget,
          rules: JSON.stringify(body.rules),
          texts: JSON.stringify(body.texts),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      changes.publish(trx, { on: 'merchant', merchantId });
      return row;
    },
    async updatePromotion(trx: Database, id: number, body: PromotionBody) {
      const row = await t(trx)
        .updateTable('promotions')
        .set({
          enabled: body.enabled,
          starts_at: body.startsAt,
          ends_at: body.endsAt,
          budget: body.budget,
          rules: JSON.stringify(body.rules),
          texts: JSON.stringify(body.texts),
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst();
      if (row) changes.publish(trx, { on: 'merchant', merchantId: row.merchant_id });
      return row;
    },
    /** Takes an amount from the budget; false when it would overspend (the row lock orders concurrent claims). */
    async spend(trx: Database, promotionId: number, amount: number) {
      const row = await t(trx)
        .updateTable('promotions')
        .set({ spent: sql<number>`spent + ${amount}` })
        .where('id', '=', promotionId)
        .where(sql<boolean>`(budget IS NULL OR spent + ${amount} <= budget)`)
        .returning(['merchant_id', 'budget'])
        .executeTakeFirst();
      // What is left of a budget is every member's business: a spent one closes the promotion for all.
      if (row && row.budget !== null) changes.publish(trx, { on: 'merchant', merchantId: row.merchant_id });
      return row !== undefined;
    },

    // ------------------------------------------------------------------ bonuses
    /** The member's latest bonuses (their statuses per promotion and period). */
    async memberBonuses(memberId: number) {
      return t(db)
        .selectFrom('bonuses')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(500)
        .execute();
    },
    async bonusPage(memberId: number, status: string | undefined, pageNo: number, pageSize: number) {
      let query = t(db).selectFrom('bonuses').where('member_id', '=', memberId);
      if (status) query = query.where('status', '=', status as BonusRow['status']);
      const [rows, total] = await Promise.all([
        query
          .selectAll()
          .orderBy('id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
    async bonus(id: number) {
      return t(db).selectFrom('bonuses').selectAll().where('id', '=', id).executeTakeFirst();
    },
    async activeBonus(executor: Database, memberId: number) {
      return t(executor)
        .selectFrom('bonuses')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('status', '=', 'active')
        .executeTakeFirst();
    },
    async held(trx: Database, memberId: number) {
      const row = await t(trx)
        .selectFrom('bonuses')
        .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('locked'), sql<number>`0`).as('held'))
        .where('member_id', '=', memberId)
        .where('status', '=', 'active')
        .executeTakeFirstOrThrow();
      return Number(row.held);
    },
    async usedDeposits(depositIds: number[]) {
      if (depositIds.length === 0) return new Set<number>();
      const rows = await t(db)
        .selectFrom('bonuses')
        .select('deposit_id')
        .where('deposit_id', 'in', depositIds)
        .execute();
      return new Set(rows.map((r) => Number(r.deposit_id)));
    },
    async insertBonus(trx: Database, values: Insertable<BonusesTable>) {
      const row = await t(trx).insertInto('bonuses').values(values).returningAll().executeTakeFirstOrThrow();
      changes.publish(trx, { on: 'member', memberId: values.member_id });
      return row;
    },
    async insertMarks(
      trx: Database,
      marks: {
        promotion_id: number;
        period_key: string;
        kind: 'device' | 'ip' | 'bankAccount';
        value: string;
        bonus_id: number;
      }[],
    ) {
      if (marks.length > 0) await t(trx).insertInto('promotion_claim_marks').values(marks).execute();
    },
    /** Closes an active bonus; false when it was no longer active. */
    async closeBonus(
      executor: Database,
      id: number,
      change: {
        status: 'completed' | 'forfeited';
        turnoverDone: number;
        forfeitedAmount?: number;
        forfeitEntryId?: number | null;
      },
    ) {
      const row = await t(executor)
        .updateTable('bonuses')
        .set({
          status: change.status,
          turnover_done: change.turnoverDone,
          forfeited_amount: change.forfeitedAmount ?? 0,
          forfeit_entry_id: change.forfeitEntryId ?? null,
          closed_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .where('status', '=', 'active')
        .returning('member_id')
        .executeTakeFirst();
      if (row) changes.publish(executor, { on: 'member', memberId: row.member_id });
      return row !== undefined;
    },

    /** Rejects the member's claims waiting for review (applications, manual bonuses), with the reason. */
    async rejectPendingOf(trx: Database, memberId: number, reason: string) {
      const applications = await t(trx)
        .updateTable('promotion_applications')
        .set({ status: 'rejected', reject_reason: reason, decided_at: sql<Date>`now()` })
        .where('member_id', '=', memberId)
        .where('status', '=', 'applying')
        .returning('id')
        .execute();
      const manual = await t(trx)
        .updateTable('manual_bonuses')
        .set({ status: 'rejected', decided_at: sql<Date>`now()` })
        .where('member_id', '=', memberId)
        .where('status', '=', 'pending')
        .returning('id')
        .execute();
      if (applications.length > 0 || manual.length > 0) changes.publish(trx, { on: 'member', memberId });
      return { applications, manual };
    },

    // ------------------------------------------------------------------ applications
    async memberApplications(memberId: number) {
      return t(db)
        .selectFrom('promotion_applications')
        .selectAll()
        .where('member_id', '=', memberId)
        .orderBy('id', 'desc')
        .limit(200)
        .execute();
    },
    async insertApplication(
      trx: Database,
      values: {
        merchant_id: number;
        promotion_id: number;
        member_id: number;
        period_key: string;
        remark: string;
      },
      images: { content_type: 'image/png' | 'image/jpeg'; bytes: Buffer }[],
    ) {
      const row = await t(trx)
        .insertInto('promotion_applications')
        .values(values)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (images.length > 0) {
        await t(trx)
          .insertInto('promotion_application_images')
          .values(images.map((i) => ({ ...i, application_id: row.id })))
          .execute();
      }
      changes.publish(trx, { on: 'member', memberId: values.member_id });
      return row;
    },
    async application(executor: Database, id: number, forUpdate = false) {
      let query = t(executor).selectFrom('promotion_applications').selectAll().where('id', '=', id);
      if (forUpdate) query = query.forUpdate();
      return query.executeTakeFirst();
    },
    async decideApplication(
      trx: Database,
      id: number,
      change: { status: 'issued' | 'rejected'; bonusId?: number; reason?: string; operatorId: number },
    ) {
      const row = await t(trx)
        .updateTable('promotion_applications')
        .set({
          status: change.status,
          bonus_id: change.bonusId ?? null,
          reject_reason: change.reason ?? null,
          decided_by: change.operatorId,
          decided_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .returning('member_id')
        .executeTakeFirst();
      if (row) changes.publish(trx, { on: 'member', memberId: row.member_id });
    },
    /** The queue of a merchant (or every merchant), newest first, with member, operator and image ids. */
    async applicationPage(
      filters: { merchantIds?: number[] | undefined; status?: string | undefined; id?: number | undefined },
      pageNo: number,
      pageSize: number,
    ) {
      let query = t(db)
        .selectFrom('promotion_applications as a')
        .innerJoin('members as m', 'm.id', 'a.member_id')
        .leftJoin('operators as o', 'o.id', 'a.decided_by')
        .leftJoin('bonuses as b', 'b.id', 'a.bonus_id');
      if (filters.merchantIds !== undefined) query = query.where('a.merchant_id', 'in', filters.merchantIds);
      if (filters.status) query = query.where('a.status', '=', filters.status as ApplicationRow['status']);
      if (filters.id !== undefined) query = query.where('a.id', '=', filters.id);
      const [rows, total] = await Promise.all([
        query
          .selectAll('a')
          .select(['m.username', 'o.username as decided_by_name', 'b.amount as bonus_amount'])
          .select((eb) =>
            eb
              .selectFrom('promotion_application_images as i')
              .select(sql<number[]>`coalesce(array_agg(i.id ORDER BY i.id), '{}')`.as('ids'))
              .whereRef('i.application_id', '=', 'a.id')
              .as('image_ids'),
          )
          .orderBy('a.id', 'desc')
          .limit(pageSize)
          .offset((pageNo - 1) * pageSize)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },
    async applicationImage(imageId: number) {
      return t(db)
        .selectFrom('promotion_application_images')
        .select(['content_type', 'bytes'])
        .where('id', '=', imageId)
        .executeTakeFirst();
    },

    // ------------------------------------------------------------------ manual bonuses
    async insertManual(trx: Database, values: Insertable<ManualBonusesTable>) {
      return t(trx).insertInto('manual_bonuses').values(values).returning('id').executeTakeFirstOrThrow();
    },
    async manual(executor: Database, id: number, forUpdate = false) {
      let query = t(executor).selectFrom('manual_bonuses').selectAll().where('id', '=', id);
      if (forUpdate) query = query.forUpdate();
      return query.executeTakeFirst();
    },
    async decideManual(
      trx: Database,
      id: number,
      change: { status: 'issued' | 'rejected'; bonusId?: number; operatorId: number },
    ) {
      await t(trx)
        .updateTable('manual_bonuses')
        .set({
          status: change.status,
          bonus_id: change.bonusId ?? null,
          decided_by: change.operatorId,
          decided_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },
    async manualList(filters: { merchantId: number; status?: string | undefined; id?: number | undefined }) {
      let query = t(db)
        .selectFrom('manual_bonuses as b')
        .innerJoin('members as m', 'm.id', 'b.member_id')
        .innerJoin('operators as r', 'r.id', 'b.requested_by')
        .leftJoin('operators as d', 'd.id', 'b.decided_by')
        .selectAll('b')
        .select(['m.username', 'r.username as requested_by_name', 'd.username as decided_by_name'])
        .where('b.merchant_id', '=', filters.merchantId);
      if (filters.status) query = query.where('b.status', '=', filters.status as ManualRow['status']);
      if (filters.id !== undefined) query = query.where('b.id', '=', filters.id);
      return query.orderBy('b.id', 'desc').limit(200).execute();
    },

    // ------------------------------------------------------------------ report
    /** Claims, completions and forfeits per promotion and day of the merchant's time zone. */
    async costReport(merchantId: number, from: Date, to: Date, timeZone: string) {
      const day = (column: string) =>
        sql<string>`to_char(${sql.ref(column)} AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`;
      const claimed = await t(db)
        .selectFrom('bonuses')
        .select([
          'promotion_id',
          day('created_at').as('day'),
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.sum<number>('amount').as('amount'),
        ])
        .where('merchant_id', '=', merchantId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .groupBy(['promotion_id', 'day'])
        .execute();
      const closed = await t(db)
        .selectFrom('bonuses')
        .select([
          'promotion_id',
          'status',
          day('closed_at').as('day'),
          (eb) => eb.fn.countAll<number>().as('n'),
          (eb) => eb.fn.sum<number>('amount').as('amount'),
          (eb) => eb.fn.sum<number>('forfeited_amount').as('forfeited'),
        ])
        .where('merchant_id', '=', merchantId)
        .where('status', '<>', 'active')
        .where('closed_at', '>=', from)
        .where('closed_at', '<', to)
        .groupBy(['promotion_id', 'status', 'day'])
        .execute();
      return { claimed, closed };
    },
  };
}
