import type { LimitKey } from '@tala/contracts/limits';
import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export type LimitRow = {
  member_id: number;
  merchant_id: number;
  session_minutes: number | null;
} & Record<Exclude<LimitKey, 'session'>, string | number | null> &
  Record<`${Exclude<LimitKey, 'session'>}_used`, string | number>;

export type Refusal = { key: LimitKey; value: number; used: number; resetsAt: Date | null };

export type ChangeRow = {
  id: number;
  member_id: number;
  limit_key: LimitKey;
  old_value: string | number | null;
  new_value: string | number | null;
  status: 'applied' | 'pending' | 'confirmed' | 'lapsed' | 'cancelled' | 'replaced';
  requested_at: Date;
  confirmable_at: Date | null;
  lapses_at: Date | null;
};

/** What one action adds: a deposit, a stake (wager and loss), a win or refund (negative loss and wager). */
export type Usage = { deposit: number; wager: number; loss: number; session: boolean };

const columns: Record<LimitKey, string> = {
  deposit_day: 'deposit_day',
  deposit_week: 'deposit_week',
  deposit_month: 'deposit_month',
  loss_day: 'loss_day',
  loss_week: 'loss_week',
  loss_month: 'loss_month',
  wager_day: 'wager_day',
  wager_week: 'wager_week',
  wager_month: 'wager_month',
  session: 'session_minutes',
};

/** A row of member_limit_use(), as the driver reads it or as JSON (a posting's `alongside`). */
type RefusalRow = {
  limit_key: LimitKey | null;
  limit_value: string | number | null;
  used: string | number | null;
  resets_at: Date | string | null;
};

/** The refusal in a row of member_limit_use(), or null (allowed, or not run). */
export function toRefusal(row: Partial<RefusalRow> | null): Refusal | null {
  if (!row?.limit_key) return null;
  return {
    key: row.limit_key,
    value: Number(row.limit_value),
    used: Number(row.used),
    resetsAt: row.resets_at ? new Date(row.resets_at) : null,
  };
}

/**
 * The call that checks (enforce) and counts (apply) one action: member_limit_use(), a refusal or NULL. Run on its
 * own by `use`, or in a posting's statement (the wallet's `alongside`, decision 050).
 */
function useCall(memberId: number, usage: Usage, now: Date, mode: { enforce: boolean; apply: boolean }) {
  return sql<RefusalRow>`member_limit_use(${memberId}::integer, ${usage.deposit}::bigint, ${usage.wager}::bigint,
      ${usage.loss}::bigint, ${usage.session}, ${now}::timestamptz, ${mode.enforce}, ${mode.apply})`;
}

/** SQL of the limits module's tables (migration 065): member_limits, member_limit_changes. */
export function limitsRepository() {
  return {
    useCall,

    /** Checks (enforce) and counts (apply) one action through member_limit_use(); the refusal, or null. */
    async use(
      executor: Database,
      memberId: number,
      usage: Usage,
      now: Date,
      mode: { enforce: boolean; apply: boolean },
    ): Promise<Refusal | null> {
      const { rows } = await sql<RefusalRow>`SELECT * FROM ${useCall(memberId, usage, now, mode)}`.execute(
        executor,
      );
      return toRefusal(rows[0] ?? null);
    },

    /** The merchant's white-label settings (currency, time zone), for a refusal's message. */
    async whitelabel(executor: Database, merchantId: number) {
      const { rows } = await sql<{ whitelabel: MerchantSettings['whitelabel'] | null }>`
        SELECT settings -> 'whitelabel' AS whitelabel FROM merchants WHERE id = ${merchantId}`.execute(
        executor,
      );
      return rows[0]?.whitelabel ?? undefined;
    },

    /** Counts wins and refunds of several members (never refused), in member id order. */
    async useMany(executor: Database, byMember: Map<number, { wager: number; loss: number }>, now: Date) {
      const ids = [...byMember.keys()].sort((a, b) => a - b);
      await sql`
        SELECT member_limit_use(u.member_id, 0, u.wager, u.loss, false, ${now}::timestamptz, false, true)
          FROM unnest(${ids}::integer[], ${ids.map((id) => byMember.get(id)?.wager ?? 0)}::bigint[],
                      ${ids.map((id) => byMember.get(id)?.loss ?? 0)}::bigint[]) WITH ORDINALITY
               AS u(member_id, wager, loss, n)
          -- Only members with limits have a row to lock and count.
         WHERE EXISTS (SELECT 1 FROM member_limits l WHERE l.member_id = u.member_id)
         ORDER BY u.n`.execute(executor);
    },

    /**
     * The member's row with its counters as of `now` (a period that ended reads zero) and the period ends; with
     * `lock`, row-locked for the caller's transaction.
     */
    async state(executor: Database, memberId: number, now: Date, lock = false) {
      const { rows } = await sql<
        LimitRow & {
          time_zone: string;
          day_ends: Date;
          week_ends: Date;
          month_ends: Date;
          session_started: Date | null;
        }
      >`
        WITH z AS (
          SELECT l.* FROM member_limits l WHERE l.member_id = ${memberId}
        ), p AS (
          SELECT z.*, ${now}::timestamptz AT TIME ZONE z.time_zone AS local FROM z
        ), b AS (
          SELECT p.*,
            date_trunc('day', local) AT TIME ZONE time_zone AS d0,
            date_trunc('week', local) AT TIME ZONE time_zone AS w0,
            date_trunc('month', local) AT TIME ZONE time_zone AS m0
          FROM p
        )
        SELECT member_id, merchant_id, time_zone, deposit_day, deposit_week, deposit_month, loss_day, loss_week,
          loss_month, wager_day, wager_week, wager_month, session_minutes,
          CASE WHEN day_start = d0 THEN deposit_day_used ELSE 0 END AS deposit_day_used,
          CASE WHEN week_start = w0 THEN deposit_week_used ELSE 0 END AS deposit_week_used,
          CASE WHEN month_start = m0 THEN deposit_month_used ELSE 0 END AS deposit_month_used,
          CASE WHEN day_start = d0 THEN loss_day_used ELSE 0 END AS loss_day_used,
          CASE WHEN week_start = w0 THEN loss_week_used ELSE 0 END AS loss_week_used,
          CASE WHEN month_start = m0 THEN loss_month_used ELSE 0 END AS loss_month_used,
          CASE WHEN day_start = d0 THEN wager_day_used ELSE 0 END AS wager_day_used,
          CASE WHEN week_start = w0 THEN wager_week_used ELSE 0 END AS wager_week_used,
          CASE WHEN month_start = m0 THEN wager_month_used ELSE 0 END AS wager_month_used,
          (date_trunc('day', local) + interval '1 day') AT TIME ZONE time_zone AS day_ends,
          (date_trunc('week', local) + interval '1 week') AT TIME ZONE time_zone AS week_ends,
          (date_trunc('month', local) + interval '1 month') AT TIME ZONE time_zone AS month_ends,
          (SELECT max(s.created_at) FROM member_sessions s
            WHERE s.member_id = b.member_id AND s.revoked_at IS NULL) AS session_started
        FROM b`.execute(executor);
      const row = rows[0];
      if (row && lock) {
        await sql`SELECT 1 FROM member_limits WHERE member_id = ${memberId} FOR UPDATE`.execute(executor);
      }
      return row;
    },

    /**
     * Creates the member's row (once), its counters taken from the ledger for the current periods: what the member
     * deposited, staked and won since the period began counts from the first limit on, not only what follows it.
     * Then locks it for the caller's transaction.
     */
    async ensure(trx: Database, memberId: number, merchantId: number, now: Date) {
      await sql`
        WITH z AS (
          SELECT ${now}::timestamptz AT TIME ZONE coalesce(m.settings #>> '{whitelabel,timeZone}', 'UTC') AS local,
                 coalesce(m.settings #>> '{whitelabel,timeZone}', 'UTC') AS tz
            FROM merchants m WHERE m.id = ${merchantId}
        ), b AS (
          SELECT date_trunc('day', local) AT TIME ZONE tz AS d0,
                 date_trunc('week', local) AT TIME ZONE tz AS w0,
                 date_trunc('month', local) AT TIME ZONE tz AS m0
            FROM z
        ), moves AS (
          SELECT e.created_at AS at, e.type, lp.amount
            FROM ledger_accounts a
            JOIN ledger_postings lp ON lp.account_id = a.id
            JOIN ledger_entries e ON e.id = lp.entry_id, b
           WHERE a.member_id = ${memberId} AND a.kind = 'member_main' AND NOT a.trial
             AND e.created_at >= least(b.w0, b.m0) AND e.created_at <= ${now}::timestamptz
        ), kinds AS (
          SELECT at,
            CASE WHEN type = 'deposit' AND amount > 0 THEN amount ELSE 0 END AS deposit,
            CASE WHEN type IN ('bet', 'bet_refund') OR (type = 'vendor_transfer' AND amount < 0)
                 THEN -amount ELSE 0 END AS wager,
            CASE WHEN type IN ('bet', 'payout', 'rebate', 'bet_refund', 'vendor_transfer') THEN -amount ELSE 0 END AS loss
          FROM moves
        )
        INSERT INTO member_limits (member_id, merchant_id, time_zone, day_start, week_start, month_start,
          deposit_day_used, deposit_week_used, deposit_month_used, loss_day_used, loss_week_used, loss_month_used,
          wager_day_used, wager_week_used, wager_month_used)
        SELECT ${memberId}, ${merchantId}, (SELECT tz FROM z), b.d0, b.w0, b.m0,
          coalesce((SELECT sum(deposit) FROM kinds WHERE at >= b.d0), 0),
          coalesce((SELECT sum(deposit) FROM kinds WHERE at >= b.w0), 0),
          coalesce((SELECT sum(deposit) FROM kinds WHERE at >= b.m0), 0),
          coalesce((SELECT sum(loss) FROM kinds WHERE at >= b.d0), 0),
          coalesce((SELECT sum(loss) FROM kinds WHERE at >= b.w0), 0),
          coalesce((SELECT sum(loss) FROM kinds WHERE at >= b.m0), 0),
          coalesce((SELECT sum(wager) FROM kinds WHERE at >= b.d0), 0),
          coalesce((SELECT sum(wager) FROM kinds WHERE at >= b.w0), 0),
          coalesce((SELECT sum(wager) FROM kinds WHERE at >= b.m0), 0)
        FROM b
        -- A new zone: the periods' ends are cut again by the next member_limit_use() (migration 070).
        ON CONFLICT (member_id) DO UPDATE SET time_zone = excluded.time_zone,
          day_end = CASE WHEN member_limits.time_zone = excluded.time_zone THEN member_limits.day_end END,
          week_end = CASE WHEN member_limits.time_zone = excluded.time_zone THEN member_limits.week_end END,
          month_end = CASE WHEN member_limits.time_zone = excluded.time_zone THEN member_limits.month_end END`.execute(
        trx,
      );
      await sql`SELECT 1 FROM member_limits WHERE member_id = ${memberId} FOR UPDATE`.execute(trx);
    },

    async setValue(trx: Database, memberId: number, key: LimitKey, value: number | null) {
      await sql`UPDATE member_limits SET ${sql.ref(columns[key])} = ${value}, updated_at = now()
        WHERE member_id = ${memberId}`.execute(trx);
    },

    async changes(executor: Database, memberId: number, status?: ChangeRow['status']) {
      const { rows } = await sql<ChangeRow>`
        SELECT id, member_id, limit_key, old_value, new_value, status, requested_at, confirmable_at, lapses_at
          FROM member_limit_changes
         WHERE member_id = ${memberId} ${status ? sql`AND status = ${status}` : sql``}
         ORDER BY id DESC LIMIT 200`.execute(executor);
      return rows;
    },

    /** A page of the member's change history, newest first, with when each was decided (the back office). */
    async changesPage(executor: Database, memberId: number, pageNo: number, pageSize: number) {
      const [{ rows }, counted] = await Promise.all([
        sql<ChangeRow & { decided_at: Date | null }>`
          SELECT id, member_id, limit_key, old_value, new_value, status, requested_at, confirmable_at, lapses_at,
                 decided_at
            FROM member_limit_changes
           WHERE member_id = ${memberId}
           ORDER BY id DESC LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`.execute(executor),
        sql<{
          n: string;
        }>`SELECT count(*) AS n FROM member_limit_changes WHERE member_id = ${memberId}`.execute(executor),
      ]);
      return { rows, total: Number(counted.rows[0]?.n ?? 0) };
    },

    async pending(executor: Database, memberId: number, key: LimitKey) {
      const { rows } = await sql<ChangeRow>`
        SELECT id, member_id, limit_key, old_value, new_value, status, requested_at, confirmable_at, lapses_at
          FROM member_limit_changes
         WHERE member_id = ${memberId} AND limit_key = ${key} AND status = 'pending'`.execute(executor);
      return rows[0];
    },

    async insertChange(
      trx: Database,
      change: {
        memberId: number;
        merchantId: number;
        key: LimitKey;
        oldValue: number | null;
        newValue: number | null;
        status: 'applied' | 'pending';
        requestedAt: Date;
        confirmableAt: Date | null;
        lapsesAt: Date | null;
      },
    ) {
      await sql`
        INSERT INTO member_limit_changes (member_id, merchant_id, limit_key, old_value, new_value, status,
          requested_at, confirmable_at, lapses_at, decided_at)
        VALUES (${change.memberId}, ${change.merchantId}, ${change.key}, ${change.oldValue}, ${change.newValue},
          ${change.status}, ${change.requestedAt}, ${change.confirmableAt}, ${change.lapsesAt},
          ${change.status === 'applied' ? change.requestedAt : null})`.execute(trx);
    },

    async decide(trx: Database, id: number, status: ChangeRow['status'], at: Date) {
      await sql`UPDATE member_limit_changes SET status = ${status}, decided_at = ${at}
        WHERE id = ${id} AND status = 'pending'`.execute(trx);
    },

    /** Marks the member's pending changes past their lapse time as lapsed. */
    async lapse(executor: Database, memberId: number, now: Date) {
      await sql`UPDATE member_limit_changes SET status = 'lapsed', decided_at = lapses_at
        WHERE member_id = ${memberId} AND status = 'pending' AND lapses_at <= ${now}`.execute(executor);
    },
  };
}

export type LimitsRepository = ReturnType<typeof limitsRepository>;
