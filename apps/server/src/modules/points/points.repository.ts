import type { PointType, RedeemStatus } from '@tala/contracts/points';
import { type Insertable, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import {
  type AccountPurpose,
  type EntryKind,
  type PointsRedemptionsTable,
  type PointsRewardsTable,
  withPointsTables,
} from './points.tables.ts';

export type RewardRow = Selectable<PointsRewardsTable>;
export type RedemptionRow = Selectable<PointsRedemptionsTable>;
export type Line = { accountId: number; pointType: PointType; amount: number };
export type EntryRequest = {
  merchantId: number;
  key: string;
  kind: EntryKind;
  memo?: string | null;
  reverses?: number | null;
  /** A conversion's cash, kept for the promotions cost report. */
  cash?: number;
  lines: Line[];
};

const t = withPointsTables;

function errorCode(error: unknown) {
  return (error as { code?: string }).code;
}
function constraintOf(error: unknown) {
  return (error as { constraint?: string }).constraint ?? String((error as Error).message ?? '');
}
export function isUniqueViolation(error: unknown) {
  return errorCode(error) === '23505';
}

/** SQL for the points module's own tables. The ledger is written only through `post`. */
export function pointsRepository(db: Database) {
  return {
    // ------------------------------------------------------------------ ledger
    /** The account of a member or of a house purpose, opened on first use (rows are never changed but by `post`). */
    async account(executor: Database, merchantId: number, purpose: AccountPurpose, memberId: number | null) {
      await sql`INSERT INTO points_accounts (merchant_id, purpose, member_id) VALUES (${merchantId}, ${purpose}, ${memberId})
        ON CONFLICT (merchant_id, purpose, coalesce(member_id, 0)) DO NOTHING`.execute(executor);
      const row = await t(executor)
        .selectFrom('points_accounts')
        .select(['id'])
        .where('merchant_id', '=', merchantId)
        .where('purpose', '=', purpose)
        .$call((q) =>
          memberId === null ? q.where('member_id', 'is', null) : q.where('member_id', '=', memberId),
        )
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },

    async balance(executor: Database, merchantId: number, memberId: number) {
      const row = await t(executor)
        .selectFrom('points_accounts')
        .select('balance')
        .where('merchant_id', '=', merchantId)
        .where('purpose', '=', 'member')
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return Number(row?.balance ?? 0);
    },

    async entryByKey(executor: Database, merchantId: number, key: string) {
      return t(executor)
        .selectFrom('points_entries')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('idempotency_key', '=', key)
        .executeTakeFirst();
    },

    /**
     * Writes one balanced entry in the caller's transaction: member balances move in account-id order (one global
     * lock order), each line records the balance after it. A member balance below zero is refused by the database
     * (points_insufficient); a used key by its unique index (the caller decides what a replay answers).
     */
    /** Conversions to cash per day of the merchant's calendar: how many, and the cash they paid. */
    conversionsByDay(merchantId: number, from: Date, to: Date, timeZone: string) {
      return t(db)
        .selectFrom('points_entries')
        .select([
          sql<string>`to_char(created_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD')`.as('day'),
          sql<number>`count(*)`.as('n'),
          sql<number>`coalesce(sum(cash), 0)`.as('amount'),
        ])
        .where('merchant_id', '=', merchantId)
        .where('kind', '=', 'convert')
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .groupBy('day')
        .execute();
    },

    async post(trx: Database, request: EntryRequest) {
      if (request.lines.length < 2) throw new AppError('ledger_unbalanced');
      if (request.lines.reduce((sum, l) => sum + l.amount, 0) !== 0) throw new AppError('ledger_unbalanced');
      if (request.lines.some((l) => !Number.isSafeInteger(l.amount) || l.amount === 0))
        throw new AppError('validation_failed', 'amount');
      const entry = await t(trx)
        .insertInto('points_entries')
        .values({
          merchant_id: request.merchantId,
          idempotency_key: request.key,
          kind: request.kind,
          reverses_entry_id: request.reverses ?? null,
          memo: request.memo ?? null,
          cash: request.cash ?? null,
        })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      const accountIds = [...new Set(request.lines.map((l) => l.accountId))].sort((a, b) => a - b);
      const members = await t(trx)
        .selectFrom('points_accounts')
        .select(['id', 'purpose', 'balance'])
        .where('id', 'in', accountIds)
        .orderBy('id')
        .forUpdate()
        .execute();
      const running = new Map<number, number>();
      for (const a of members) if (a.purpose === 'member') running.set(Number(a.id), Number(a.balance));
      const rows = request.lines.map((l, i) => {
        let after: number | null = null;
        const current = running.get(l.accountId);
        if (current !== undefined) {
          after = current + l.amount;
          if (after < 0) throw new AppError('points_insufficient');
          running.set(l.accountId, after);
        }
        return {
          entry_id: Number(entry.id),
          line: i + 1,
          account_id: l.accountId,
          point_type: l.pointType,
          amount: l.amount,
          balance_after: after,
        };
      });
      for (const [id, balance] of [...running.entries()].sort((a, b) => a[0] - b[0])) {
        try {
          await t(trx).updateTable('points_accounts').set({ balance }).where('id', '=', id).execute();
        } catch (error) {
          if (errorCode(error) === '23514') throw new AppError('points_insufficient');
          throw error;
        }
      }
      await t(trx).insertInto('points_postings').values(rows).execute();
      return { entryId: Number(entry.id), createdAt: entry.created_at };
    },

    /** The member's lines of history, newest first, with filters. */
    async lines(
      merchantId: number,
      memberId: number,
      filters: { type?: PointType | undefined; from?: Date | undefined; to?: Date | undefined },
      page: { pageNo: number; pageSize: number },
    ) {
      const base = t(db)
        .selectFrom('points_postings as p')
        .innerJoin('points_accounts as a', 'a.id', 'p.account_id')
        .innerJoin('points_entries as e', 'e.id', 'p.entry_id')
        .where('a.merchant_id', '=', merchantId)
        .where('a.purpose', '=', 'member')
        .where('a.member_id', '=', memberId)
        .$if(filters.type !== undefined, (q) => q.where('p.point_type', '=', filters.type as PointType))
        .$if(filters.from !== undefined, (q) => q.where('e.created_at', '>=', filters.from as Date))
        .$if(filters.to !== undefined, (q) => q.where('e.created_at', '<', filters.to as Date));
      const [rows, total] = await Promise.all([
        base
          .select(['p.entry_id', 'p.line', 'p.point_type', 'p.amount', 'p.balance_after', 'e.created_at'])
          .orderBy('p.entry_id', 'desc')
          .orderBy('p.line', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNo - 1) * page.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    /** The ledger's invariants from the postings up (tests and the reconciliation). */
    async reconcile(executor: Database, merchantId: number) {
      const unbalanced = await sql<{ entry_id: number }>`SELECT p.entry_id FROM points_postings p
        JOIN points_entries e ON e.id = p.entry_id WHERE e.merchant_id = ${merchantId}
        GROUP BY p.entry_id HAVING sum(p.amount) <> 0 OR count(*) < 2`.execute(executor);
      const drift = await sql<{ id: number }>`SELECT a.id FROM points_accounts a
        LEFT JOIN points_postings p ON p.account_id = a.id
        WHERE a.merchant_id = ${merchantId} AND a.purpose = 'member'
        GROUP BY a.id, a.balance HAVING a.balance <> coalesce(sum(p.amount), 0)`.execute(executor);
      const total = await sql<{
        total: string;
      }>`SELECT coalesce(sum(p.amount), 0) AS total FROM points_postings p
        JOIN points_accounts a ON a.id = p.account_id WHERE a.merchant_id = ${merchantId}`.execute(executor);
      return {
        unbalancedEntries: unbalanced.rows.map((r) => Number(r.entry_id)),
        driftingAccounts: drift.rows.map((r) => Number(r.id)),
        total: Number(total.rows[0]?.total ?? 0),
      };
    },

    // ------------------------------------------------------------------ settings
    settings(executor: Database, merchantId: number) {
      return t(executor)
        .selectFrom('points_settings')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
    },
    async saveSettings(
      trx: Database,
      merchantId: number,
      values: { earnRates: object; cashPerPoint: number; minConvertPoints: number },
    ) {
      const row = {
        earn_rates: JSON.stringify(values.earnRates),
        cash_per_point: values.cashPerPoint,
        min_convert_points: values.minConvertPoints,
      };
      await t(trx)
        .insertInto('points_settings')
        .values({ merchant_id: merchantId, ...row })
        .onConflict((oc) => oc.column('merchant_id').doUpdateSet({ ...row, updated_at: new Date() }))
        .execute();
      // Accrual starts from the first save: bets and deposits before it earn nothing.
      await t(trx)
        .insertInto('points_accrual_marks')
        .values([
          { merchant_id: merchantId, source: 'bets', until: new Date() },
          { merchant_id: merchantId, source: 'deposits', until: new Date() },
        ])
        .onConflict((oc) => oc.columns(['merchant_id', 'source']).doNothing())
        .execute();
    },

    // ------------------------------------------------------------------ catalogue
    rewards(merchantId: number, options: { activeOnly: boolean }) {
      return t(db)
        .selectFrom('points_rewards')
        .select([
          'id',
          'merchant_id',
          'names',
          'points',
          'stock',
          'max_per_order',
          'active',
          'sort',
          'updated_at',
          sql<boolean>`image IS NOT NULL`.as('has_image'),
        ])
        .where('merchant_id', '=', merchantId)
        .$if(options.activeOnly, (q) => q.where('active', '=', true))
        .orderBy('sort')
        .orderBy('id')
        .execute();
    },
    reward(executor: Database, id: number) {
      return t(executor)
        .selectFrom('points_rewards')
        .select(['id', 'merchant_id', 'names', 'points', 'stock', 'max_per_order', 'active', 'sort'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    rewardImage(id: number) {
      return t(db)
        .selectFrom('points_rewards')
        .select(['merchant_id', 'image', 'image_type', 'updated_at'])
        .where('id', '=', id)
        .executeTakeFirst();
    },
    async insertReward(
      trx: Database,
      merchantId: number,
      values: {
        names: object;
        points: number;
        stock: number;
        maxPerOrder: number;
        active: boolean;
        sort: number;
      },
    ) {
      const row = await t(trx)
        .insertInto('points_rewards')
        .values({
          merchant_id: merchantId,
          names: JSON.stringify(values.names),
          points: values.points,
          stock: values.stock,
          max_per_order: values.maxPerOrder,
          active: values.active,
          sort: values.sort,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    async updateReward(
      trx: Database,
      id: number,
      values: {
        names: object;
        points: number;
        stock: number;
        maxPerOrder: number;
        active: boolean;
        sort: number;
      },
    ) {
      await t(trx)
        .updateTable('points_rewards')
        .set({
          names: JSON.stringify(values.names),
          points: values.points,
          stock: values.stock,
          max_per_order: values.maxPerOrder,
          active: values.active,
          sort: values.sort,
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },
    async setRewardImage(trx: Database, id: number, image: { bytes: Buffer; contentType: string }) {
      await t(trx)
        .updateTable('points_rewards')
        .set({
          image: image.bytes,
          image_type: image.contentType as 'image/png' | 'image/jpeg',
          updated_at: new Date(),
        })
        .where('id', '=', id)
        .execute();
    },
    /** Takes stock for a redemption: none taken (undefined) when inactive or short. */
    takeStock(trx: Database, rewardId: number, merchantId: number, quantity: number) {
      return t(trx)
        .updateTable('points_rewards')
        .set((eb) => ({ stock: eb('stock', '-', quantity) }))
        .where('id', '=', rewardId)
        .where('merchant_id', '=', merchantId)
        .where('active', '=', true)
        .where('stock', '>=', quantity)
        .returning(['points', 'stock'])
        .executeTakeFirst();
    },
    async returnStock(trx: Database, rewardId: number, quantity: number) {
      await t(trx)
        .updateTable('points_rewards')
        .set((eb) => ({ stock: eb('stock', '+', quantity) }))
        .where('id', '=', rewardId)
        .execute();
    },

    // ------------------------------------------------------------------ redemptions
    async insertRedemption(trx: Database, values: Insertable<PointsRedemptionsTable>) {
      const row = await t(trx)
        .insertInto('points_redemptions')
        .values(values)
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(row.id);
    },
    redemption(executor: Database, id: number, lock = false) {
      return t(executor)
        .selectFrom('points_redemptions')
        .selectAll()
        .where('id', '=', id)
        .$if(lock, (q) => q.forUpdate())
        .executeTakeFirst();
    },
    redemptionByEntry(executor: Database, entryId: number) {
      return t(executor)
        .selectFrom('points_redemptions')
        .selectAll()
        .where('entry_id', '=', entryId)
        .executeTakeFirst();
    },
    async decideRedemption(
      trx: Database,
      id: number,
      values: {
        status: RedeemStatus;
        reason: string | null;
        operatorId: number;
        refundEntryId: number | null;
      },
    ) {
      await t(trx)
        .updateTable('points_redemptions')
        .set({
          status: values.status,
          reject_reason: values.reason,
          decided_by: values.operatorId,
          decided_at: new Date(),
          refund_entry_id: values.refundEntryId,
        })
        .where('id', '=', id)
        .execute();
    },
    async redemptions(
      filters: {
        merchantIds?: number[] | undefined;
        memberId?: number | undefined;
        status?: RedeemStatus | undefined;
        id?: number | undefined;
      },
      page: { pageNo: number; pageSize: number },
    ) {
      const base = t(db)
        .selectFrom('points_redemptions as r')
        .innerJoin('points_rewards as w', 'w.id', 'r.reward_id')
        .innerJoin('members as m', 'm.id', 'r.member_id')
        .innerJoin('merchants as mc', 'mc.id', 'r.merchant_id')
        .leftJoin('operators as o', 'o.id', 'r.decided_by')
        .$if(filters.merchantIds !== undefined, (q) =>
          q.where('r.merchant_id', 'in', filters.merchantIds as number[]),
        )
        .$if(filters.memberId !== undefined, (q) => q.where('r.member_id', '=', filters.memberId as number))
        .$if(filters.status !== undefined, (q) => q.where('r.status', '=', filters.status as RedeemStatus))
        .$if(filters.id !== undefined, (q) => q.where('r.id', '=', filters.id as number));
      const [rows, total] = await Promise.all([
        base
          .selectAll('r')
          .select(['w.names', 'm.username', 'mc.code as merchant_code', 'o.username as decided_by_name'])
          .orderBy('r.id', 'desc')
          .limit(page.pageSize)
          .offset((page.pageNo - 1) * page.pageSize)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
      ]);
      return { rows, total: Number(total.n) };
    },

    // ------------------------------------------------------------------ accrual
    marks(executor: Database, merchantId: number) {
      return t(executor)
        .selectFrom('points_accrual_marks')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .execute();
    },
    lockMark(trx: Database, merchantId: number, source: 'bets' | 'deposits') {
      return t(trx)
        .selectFrom('points_accrual_marks')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('source', '=', source)
        .forUpdate()
        .executeTakeFirst();
    },
    async moveMark(trx: Database, merchantId: number, source: 'bets' | 'deposits', until: Date) {
      await t(trx)
        .updateTable('points_accrual_marks')
        .set({ until })
        .where('merchant_id', '=', merchantId)
        .where('source', '=', source)
        .execute();
    },
    async carries(trx: Database, memberIds: number[]) {
      if (memberIds.length === 0) return new Map<string, number>();
      const rows = await t(trx)
        .selectFrom('points_accrual_carry')
        .selectAll()
        .where('member_id', 'in', memberIds)
        .execute();
      return new Map(rows.map((r) => [`${r.member_id}|${r.point_type}`, Number(r.carry)]));
    },
    async saveCarries(trx: Database, rows: { memberId: number; pointType: string; carry: number }[]) {
      if (rows.length === 0) return;
      await t(trx)
        .insertInto('points_accrual_carry')
        .values(rows.map((r) => ({ member_id: r.memberId, point_type: r.pointType, carry: r.carry })))
        .onConflict((oc) =>
          oc.columns(['member_id', 'point_type']).doUpdateSet((eb) => ({ carry: eb.ref('excluded.carry') })),
        )
        .execute();
    },
  };
}

export type PointsRepository = ReturnType<typeof pointsRepository>;
export { constraintOf };
