import type { SaferGamblingSettings, SignalRule } from '@tala/contracts/safer-gambling';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * SQL of the safer-gambling tables (migrations/068_safer_gambling.sql). The signal rules also read, never write,
 * the payments module's deposits and withdrawals and the games' `bet_rounds` view: one scan per rule and merchant
 * in the nightly job, which no service call could do without loading every member's history.
 */

export type ChoiceRow = {
  /** null: the merchant's default. */
  interval_minutes: number | null;
  changed_at: Date;
  acknowledged_at: Date | null;
};

export type FoundSignal = { member_id: number; rule: SignalRule; detail: Record<string, number> };

export type FlagRow = {
  id: number;
  member_id: number;
  rule: SignalRule;
  detail: Record<string, number> | string;
  first_seen_at: Date;
  last_seen_at: Date;
  cleared_at: Date | null;
};

export type InteractionRow = {
  id: number;
  member_id: number;
  channel: string;
  note: string;
  outcome: string;
  operator_name: string;
  created_at: Date;
};

const DAY = 86_400_000;

export function saferGamblingRepository() {
  return {
    async choice(executor: Database, memberId: number): Promise<ChoiceRow | undefined> {
      const { rows } = await sql<ChoiceRow>`
        SELECT interval_minutes, changed_at, acknowledged_at FROM reality_check_choices
         WHERE member_id = ${memberId}`.execute(executor);
      return rows[0];
    },

    async saveChoice(executor: Database, merchantId: number, memberId: number, minutes: number, at: Date) {
      await sql`
        INSERT INTO reality_check_choices (member_id, merchant_id, interval_minutes, changed_at)
        VALUES (${memberId}, ${merchantId}, ${minutes}, ${at})
        ON CONFLICT (member_id) DO UPDATE SET interval_minutes = EXCLUDED.interval_minutes,
                                              changed_at = EXCLUDED.changed_at`.execute(executor);
    },

    /** The answer of a member without a choice of their own makes a row that keeps following the default (null). */
    async acknowledge(
      executor: Database,
      answer: {
        merchantId: number;
        memberId: number;
        answer: string;
        playedMs: number;
        net: number;
        at: Date;
      },
    ) {
      await sql`
        INSERT INTO reality_check_answers (merchant_id, member_id, answer, played_ms, net_position, created_at)
        VALUES (${answer.merchantId}, ${answer.memberId}, ${answer.answer}, ${answer.playedMs}, ${answer.net},
                ${answer.at})`.execute(executor);
      await sql`
        INSERT INTO reality_check_choices (member_id, merchant_id, interval_minutes, changed_at, acknowledged_at)
        VALUES (${answer.memberId}, ${answer.merchantId}, NULL, 'epoch', ${answer.at})
        ON CONFLICT (member_id) DO UPDATE SET acknowledged_at = EXCLUDED.acknowledged_at`.execute(executor);
    },

    // ------------------------------------------------------------------------------------------ signals

    /** Every member of the merchant for whom a rule holds at `now`, with the figures that make it hold. */
    async findSignals(
      executor: Database,
      merchantId: number,
      timeZone: string,
      thresholds: SaferGamblingSettings['signals'],
      now: Date,
    ): Promise<FoundSignal[]> {
      const weekAgo = new Date(now.getTime() - 7 * DAY);
      const twoWeeksAgo = new Date(now.getTime() - 14 * DAY);
      const monthAgo = new Date(now.getTime() - 30 * DAY);
      const found: FoundSignal[] = [];

      const rising = await sql<{ member_id: number; recent: string; prior: string }>`
        SELECT member_id,
               SUM(amount) FILTER (WHERE created_at >= ${weekAgo}) AS recent,
               COALESCE(SUM(amount) FILTER (WHERE created_at < ${weekAgo}), 0) AS prior
          FROM deposits
         WHERE merchant_id = ${merchantId} AND status = 'approved'
           AND created_at >= ${twoWeeksAgo} AND created_at < ${now}
         GROUP BY member_id
        HAVING SUM(amount) FILTER (WHERE created_at >= ${weekAgo}) >= ${thresholds.depositRiseMinimum}
           AND SUM(amount) FILTER (WHERE created_at >= ${weekAgo}) * 100
               >= ${thresholds.depositRisePercent}
                  * COALESCE(SUM(amount) FILTER (WHERE created_at < ${weekAgo}), 0)`.execute(executor);
      for (const r of rising.rows)
        found.push({
          member_id: r.member_id,
          rule: 'deposits_rising',
          detail: { recent: Number(r.recent), prior: Number(r.prior), days: 7 },
        });

      const declined = await sql<{ member_id: number; count: string }>`
        SELECT member_id, count(*) AS count FROM deposits
         WHERE merchant_id = ${merchantId} AND status IN ('rejected', 'expired')
           AND created_at >= ${weekAgo} AND created_at < ${now}
         GROUP BY member_id HAVING count(*) >= ${thresholds.declinedDeposits}`.execute(executor);
      for (const r of declined.rows)
        found.push({
          member_id: r.member_id,
          rule: 'declined_deposits',
          detail: { count: Number(r.count), days: 7 },
        });

      const night = await sql<{ member_id: number; hours: string; stakes: string }>`
        SELECT member_id, count(DISTINCT date_trunc('hour', created_at AT TIME ZONE ${timeZone})) AS hours,
               SUM(stake) AS stakes
          FROM bet_rounds
         WHERE merchant_id = ${merchantId} AND created_at >= ${weekAgo} AND created_at < ${now}
           AND extract(hour FROM created_at AT TIME ZONE ${timeZone}) < 6
         GROUP BY member_id
        HAVING count(DISTINCT date_trunc('hour', created_at AT TIME ZONE ${timeZone}))
               >= ${thresholds.nightHours}`.execute(executor);
      for (const r of night.rows)
        found.push({
          member_id: r.member_id,
          rule: 'night_play',
          detail: { hours: Number(r.hours), stakes: Number(r.stakes), days: 7 },
        });

      // A day's loss (stakes less wins, in the merchant's calendar) and the stakes of the day after it.
      const chasing = await sql<{ member_id: number; loss: string; next_stakes: string; day: string }>`
        WITH days AS (
          SELECT member_id, (created_at AT TIME ZONE ${timeZone})::date AS day,
                 SUM(stake) AS stakes, SUM(stake - won) AS loss
            FROM bet_rounds
           WHERE merchant_id = ${merchantId} AND created_at >= ${new Date(weekAgo.getTime() - DAY)}
             AND created_at < ${now}
           GROUP BY 1, 2
        )
        SELECT DISTINCT ON (a.member_id) a.member_id, a.loss, b.stakes AS next_stakes,
               to_char(a.day, 'YYYYMMDD') AS day
          FROM days a JOIN days b ON b.member_id = a.member_id AND b.day = a.day + 1
         WHERE a.loss >= ${thresholds.bigLoss} AND b.stakes * 100 >= ${thresholds.chasePercent} * a.loss
         ORDER BY a.member_id, a.day DESC`.execute(executor);
      for (const r of chasing.rows)
        found.push({
          member_id: r.member_id,
          rule: 'chasing_losses',
          detail: { loss: Number(r.loss), nextDayStakes: Number(r.next_stakes), day: Number(r.day) },
        });

      const cancelled = await sql<{ member_id: number; count: string; amount: string }>`
        SELECT member_id, count(*) AS count, SUM(amount) AS amount FROM withdrawals
         WHERE merchant_id = ${merchantId} AND status = 'rejected'
           AND created_at >= ${monthAgo} AND created_at < ${now}
         GROUP BY member_id HAVING count(*) >= ${thresholds.cancelledWithdrawals}`.execute(executor);
      for (const r of cancelled.rows)
        found.push({
          member_id: r.member_id,
          rule: 'cancelled_withdrawals',
          detail: { count: Number(r.count), amount: Number(r.amount), days: 30 },
        });
      return found;
    },

    /** Opens or refreshes the flag of each found signal and clears the merchant's open flags no longer found. */
    async storeSignals(executor: Database, merchantId: number, found: FoundSignal[], now: Date) {
      let flagged = 0;
      for (const signal of found) {
        const { rows } = await sql<{ id: number }>`
          UPDATE safer_gambling_flags SET detail = ${JSON.stringify(signal.detail)}, last_seen_at = ${now}
           WHERE member_id = ${signal.member_id} AND rule = ${signal.rule} AND cleared_at IS NULL
           RETURNING id`.execute(executor);
        if (rows.length === 0) {
          await sql`
            INSERT INTO safer_gambling_flags (merchant_id, member_id, rule, detail, first_seen_at, last_seen_at)
            VALUES (${merchantId}, ${signal.member_id}, ${signal.rule}, ${JSON.stringify(signal.detail)},
                    ${now}, ${now})`.execute(executor);
          flagged++;
        }
      }
      const keep = found.map((s) => `${s.member_id}:${s.rule}`);
      const { rows } = await sql<{ id: number }>`
        UPDATE safer_gambling_flags SET cleared_at = ${now}
         WHERE merchant_id = ${merchantId} AND cleared_at IS NULL
           AND NOT ((member_id::text || ':' || rule) = ANY(${keep}::text[]))
         RETURNING id`.execute(executor);
      return { flagged, cleared: rows.length };
    },

    async flaggedPage(
      executor: Database,
      merchantId: number,
      rule: SignalRule | undefined,
      page: { limit: number; offset: number },
    ) {
      const ruleFilter = rule ? sql`AND f.rule = ${rule}` : sql``;
      const { rows } = await sql<{ member_id: number; username: string; latest: Date; total: string }>`
        SELECT f.member_id, m.username, max(f.last_seen_at) AS latest, count(*) OVER () AS total
          FROM safer_gambling_flags f JOIN members m ON m.id = f.member_id
         WHERE f.merchant_id = ${merchantId} AND f.cleared_at IS NULL ${ruleFilter}
         GROUP BY f.member_id, m.username
         ORDER BY latest DESC, f.member_id DESC
         LIMIT ${page.limit} OFFSET ${page.offset}`.execute(executor);
      return { rows, total: Number(rows[0]?.total ?? 0) };
    },

    async flagsOf(executor: Database, memberIds: number[], openOnly: boolean): Promise<FlagRow[]> {
      if (memberIds.length === 0) return [];
      const open = openOnly ? sql`AND cleared_at IS NULL` : sql``;
      const { rows } = await sql<FlagRow>`
        SELECT id, member_id, rule, detail, first_seen_at, last_seen_at, cleared_at FROM safer_gambling_flags
         WHERE member_id = ANY(${memberIds}::int[]) ${open}
         ORDER BY last_seen_at DESC, id DESC LIMIT 200`.execute(executor);
      return rows;
    },

    async interactionsOf(executor: Database, memberIds: number[], limit: number): Promise<InteractionRow[]> {
      if (memberIds.length === 0) return [];
      const { rows } = await sql<InteractionRow>`
        SELECT id, member_id, channel, note, outcome, operator_name, created_at FROM safer_gambling_interactions
         WHERE member_id = ANY(${memberIds}::int[]) ORDER BY id DESC LIMIT ${limit}`.execute(executor);
      return rows;
    },

    async insertInteraction(
      executor: Database,
      row: {
        merchantId: number;
        memberId: number;
        channel: string;
        note: string;
        outcome: string;
        operatorId: number;
        operatorName: string;
      },
    ): Promise<InteractionRow> {
      const { rows } = await sql<InteractionRow>`
        INSERT INTO safer_gambling_interactions (merchant_id, member_id, channel, note, outcome, operator_id,
                                                 operator_name)
        VALUES (${row.merchantId}, ${row.memberId}, ${row.channel}, ${row.note}, ${row.outcome}, ${row.operatorId},
                ${row.operatorName})
        RETURNING id, member_id, channel, note, outcome, operator_name, created_at`.execute(executor);
      return rows[0] as InteractionRow;
    },

    async lastRunAt(executor: Database, merchantId: number) {
      const { rows } = await sql<{ ran_at: Date }>`
        SELECT ran_at FROM safer_gambling_runs WHERE merchant_id = ${merchantId}`.execute(executor);
      return rows[0]?.ran_at ?? null;
    },

    async markRun(executor: Database, merchantId: number, at: Date) {
      await sql`
        INSERT INTO safer_gambling_runs (merchant_id, ran_at) VALUES (${merchantId}, ${at})
        ON CONFLICT (merchant_id) DO UPDATE SET ran_at = EXCLUDED.ran_at`.execute(executor);
    },
  };
}
