import { MAX_RANGE_DAYS } from '@tala/contracts/agents';
import { addDays, dayOf, dayStart } from '@tala/contracts/calendar';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { GamesPlayService } from '../games/games-play.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { PaymentsService } from '../payments/payments.service.ts';
import { withAgentTables } from './agents.tables.ts';

/** The every-minute run rolls up today and yesterday; the hourly one the days before, back to this many days ago. */
export const ROLLUP_BACK_DAYS = 40;

/** Monday of a calendar day's week (the merchant calendar's weeks start on Monday). */
export function weekStartOf(day: string) {
  return addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
}

/** The last day of a calendar day's month. */
function monthEndOf(day: string) {
  const [y, m] = day.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).toISOString().slice(0, 10);
}

/**
 * The agents' team rollups (migration 092, decisions/068-team-rollups.md): a job rolls each day of the merchant's
 * calendar up per agent, every bet, deposit, withdrawal and registration counted for each agent the member was under
 * when it happened, and the agent centre's overview sums at most one row per day of its range. Members active in a
 * week or month are counted by markers (one per agent, member and period), so that a distinct count over the
 * period is one row too.
 */
export function teamRollups(deps: {
  db: Database;
  merchants: MerchantsService;
  members: MembersService;
  gamesPlay: GamesPlayService;
  payments: PaymentsService;
}) {
  const db = deps.db;
  const t = () => withAgentTables(db);

  /** Rolls one merchant-calendar day up again from the raw rows, replacing what an earlier run wrote. */
  async function rollDay(merchant: Merchant, day: string) {
    const startedAt = new Date();
    const timeZone = merchant.settings.whitelabel.timeZone;
    const start = dayStart(day, timeZone);
    const end = dayStart(addDays(day, 1), timeZone);
    // The day is cut where the tree changed (a move ends the rows valid before it): within each stretch every
    // member has the same uplines, those valid just before the stretch's end.
    const { rows: moves } = await sql<{ at: Date }>`
      SELECT DISTINCT valid_to AS at FROM member_tree
       WHERE merchant_id = ${merchant.id} AND valid_to > ${start} AND valid_to < ${end} ORDER BY 1`.execute(
      db,
    );
    const bounds = [start, ...moves.map((m) => new Date(m.at)), end];
    const memberRows: { m: number; u: string; n: number; b: number; w: number }[] = [];
    for (let i = 0; i + 1 < bounds.length; i++) {
      const from = bounds[i] as Date;
      const until = bounds[i + 1] as Date;
      const byMember = new Map<number, { m: number; u: string; n: number; b: number; w: number }>();
      for (const r of await deps.gamesPlay.merchantTotals(merchant, { from, to: until })) {
        const row = byMember.get(r.memberId) ?? { m: r.memberId, u: until.toISOString(), n: 0, b: 0, w: 0 };
        row.n += r.count;
        row.b += r.bet;
        row.w += r.win;
        byMember.set(r.memberId, row);
      }
      memberRows.push(...byMember.values());
    }
    const [funds, joined] = await Promise.all([
      deps.payments.fundsByUpline(merchant.id, { from: start, to: end }),
      deps.members.newByUpline(merchant.id, { from: start, to: end }),
    ]);
    const week = weekStartOf(day);
    const month = `${day.slice(0, 8)}01`;
    const m = merchant.id;
    await db.transaction().execute(async (trx) => {
      // A run that started before the one that last wrote this day leaves it (two runs may overlap).
      const { rows: newer } = await sql`
        INSERT INTO team_rollup_days (merchant_id, day, computed_at) VALUES (${m}, ${day}, ${startedAt})
        ON CONFLICT (merchant_id, day) DO UPDATE SET computed_at = EXCLUDED.computed_at
         WHERE team_rollup_days.computed_at < EXCLUDED.computed_at
        RETURNING day`.execute(trx);
      if (newer.length === 0) return;
      await sql`DELETE FROM team_member_days WHERE merchant_id = ${m} AND day = ${day}`.execute(trx);
      await sql`
        INSERT INTO team_member_days (merchant_id, day, member_id, until, bets, bet, win)
        SELECT ${m}, ${day}, x.m, x.u, x.n, x.b, x.w
          FROM jsonb_to_recordset(${JSON.stringify(memberRows)}::jsonb) AS x(m integer, u timestamptz, n integer, b bigint, w bigint)`.execute(
        trx,
      );
      await sql`DELETE FROM team_days WHERE merchant_id = ${m} AND day = ${day}`.execute(trx);
      await sql`
        INSERT INTO team_days (agent_id, day, merchant_id, bets, valid_bet, payout, active_members, deposits,
                               deposit_count, first_deposits, withdrawals, withdrawal_count, new_members)
        SELECT agent_id, ${day}, ${m}, sum(bets), sum(bet), sum(win), sum(active), sum(dep), sum(dep_n), sum(first_n),
               sum(wd), sum(wd_n), sum(new_n)
          FROM (
            SELECT t.ancestor_id AS agent_id, sum(d.bets) AS bets, sum(d.bet) AS bet, sum(d.win) AS win,
                   count(DISTINCT d.member_id) FILTER (WHERE d.bets > 0) AS active, 0 AS dep, 0 AS dep_n,
                   0 AS first_n, 0 AS wd, 0 AS wd_n, 0 AS new_n
              FROM team_member_days d
              JOIN member_tree t ON t.descendant_id = d.member_id AND t.depth > 0
                                AND t.valid_from < d.until AND (t.valid_to IS NULL OR t.valid_to >= d.until)
             WHERE d.merchant_id = ${m} AND d.day = ${day}
             GROUP BY t.ancestor_id
            UNION ALL
            SELECT x.a, 0, 0, 0, 0, x.dep, x.dep_n, x.first_n, x.wd, x.wd_n, 0
              FROM jsonb_to_recordset(${JSON.stringify(
                funds.map((f) => ({
                  a: f.agentId,
                  dep: f.deposits,
                  dep_n: f.depositCount,
                  first_n: f.firstDeposits,
                  wd: f.withdrawals,
                  wd_n: f.withdrawalCount,
                })),
              )}::jsonb)
                AS x(a integer, dep bigint, dep_n integer, first_n integer, wd bigint, wd_n integer)
            UNION ALL
            SELECT x.a, 0, 0, 0, 0, 0, 0, 0, 0, 0, x.n
              FROM jsonb_to_recordset(${JSON.stringify(joined.map((j) => ({ a: j.agentId, n: j.newMembers })))}::jsonb)
                AS x(a integer, n integer)
          ) parts
         GROUP BY agent_id`.execute(trx);
      // A member's first bet of the week (or month) under an agent adds one to that agent's count for it.
      await sql`
        WITH fresh AS (
          INSERT INTO team_active_marks (merchant_id, agent_id, period, period_start, member_id)
          SELECT DISTINCT ${m}::integer, t.ancestor_id, p.period, p.start, d.member_id
            FROM team_member_days d
            JOIN member_tree t ON t.descendant_id = d.member_id AND t.depth > 0
                              AND t.valid_from < d.until AND (t.valid_to IS NULL OR t.valid_to >= d.until)
           CROSS JOIN (VALUES ('W', ${week}::date), ('M', ${month}::date)) AS p (period, start)
           WHERE d.merchant_id = ${m} AND d.day = ${day} AND d.bets > 0
          ON CONFLICT DO NOTHING
          RETURNING agent_id, period, period_start)
        INSERT INTO team_active_counts (merchant_id, agent_id, period, period_start, members)
        SELECT ${m}::integer, agent_id, period, period_start, count(*) FROM fresh
         GROUP BY agent_id, period, period_start ORDER BY agent_id, period, period_start
        ON CONFLICT (agent_id, period, period_start)
          DO UPDATE SET members = team_active_counts.members + EXCLUDED.members`.execute(trx);
    });
  }

  return {
    /**
     * The job: rolls up again, for every merchant, the days from `newest` to `oldest` days before today (0 = today)
     * of its calendar. The hourly run (`oldest` ≥ ROLLUP_BACK_DAYS) also rolls up days never rolled up before, and
     * drops the markers of periods no run reaches any more (their counts stay).
     */
    async rollTeams(days: { newest: number; oldest: number }, now = new Date()) {
      for (const merchant of await deps.merchants.list()) {
        const today = dayOf(now, merchant.settings.whitelabel.timeZone);
        for (let back = days.newest; back <= days.oldest; back++)
          await rollDay(merchant, addDays(today, -back));
        if (days.oldest >= ROLLUP_BACK_DAYS) {
          // Days no run has rolled up yet (those of a database older than the rollups), back to the longest range a
          // report takes: a month of them per run, newest first.
          const { rows: missing } = await sql<{ day: string }>`
            SELECT to_char(d, 'YYYY-MM-DD') AS day
              FROM generate_series(${addDays(today, -MAX_RANGE_DAYS)}::date, ${addDays(today, -days.oldest - 1)}::date,
                                   interval '1 day') AS d
             WHERE NOT EXISTS (SELECT 1 FROM team_rollup_days r WHERE r.merchant_id = ${merchant.id} AND r.day = d::date)
             ORDER BY d DESC LIMIT 31`.execute(db);
          for (const { day } of missing) await rollDay(merchant, day);
          await sql`DELETE FROM team_active_marks WHERE merchant_id = ${merchant.id}
                     AND period_start < ${addDays(today, -ROLLUP_BACK_DAYS - 31)}::date`.execute(db);
        }
      }
    },

    /** An agent's team over a range of days (both included): the sums of its days. */
    async totals(agentId: number, range: { from: string; to: string }) {
      const row = await t()
        .selectFrom('team_days')
        .select((eb) => [
          eb.fn.coalesce(eb.fn.sum<number>('valid_bet'), sql<number>`0`).as('valid_bet'),
          eb.fn.coalesce(eb.fn.sum<number>('payout'), sql<number>`0`).as('payout'),
          eb.fn.coalesce(eb.fn.sum<number>('deposits'), sql<number>`0`).as('deposits'),
          eb.fn.coalesce(eb.fn.sum<number>('deposit_count'), sql<number>`0`).as('deposit_count'),
          eb.fn.coalesce(eb.fn.sum<number>('first_deposits'), sql<number>`0`).as('first_deposits'),
          eb.fn.coalesce(eb.fn.sum<number>('withdrawals'), sql<number>`0`).as('withdrawals'),
          eb.fn.coalesce(eb.fn.sum<number>('withdrawal_count'), sql<number>`0`).as('withdrawal_count'),
          eb.fn.coalesce(eb.fn.sum<number>('new_members'), sql<number>`0`).as('new_members'),
        ])
        .where('agent_id', '=', agentId)
        .where('day', '>=', range.from)
        .where('day', '<=', range.to)
        .executeTakeFirstOrThrow();
      return {
        validBet: Number(row.valid_bet),
        payout: Number(row.payout),
        deposits: Number(row.deposits),
        depositCount: Number(row.deposit_count),
        firstDeposits: Number(row.first_deposits),
        withdrawals: Number(row.withdrawals),
        withdrawalCount: Number(row.withdrawal_count),
        newMembers: Number(row.new_members),
      };
    },

    /**
     * Members of the agent's team (then) with a bet in the range, each once. One day: its row; a whole week or month
     * of the merchant calendar, or one so far (to today): its counter; any other range counts the members' active days
     * (a cost that grows with the team: decision 068).
     */
    async activeMembers(
      merchantId: number,
      agentId: number,
      range: { from: string; to: string; today: string },
    ) {
      const { from, to, today } = range;
      if (from === to) {
        const row = await t()
          .selectFrom('team_days')
          .select('active_members')
          .where('agent_id', '=', agentId)
          .where('day', '=', from)
          .executeTakeFirst();
        return Number(row?.active_members ?? 0);
      }
      const period =
        weekStartOf(from) === from && (to === addDays(from, 6) || (to === today && to < addDays(from, 7)))
          ? 'W'
          : from.endsWith('-01') &&
              (to === monthEndOf(from) || (to === today && to.slice(0, 7) === from.slice(0, 7)))
            ? 'M'
            : null;
      if (period) {
        const row = await t()
          .selectFrom('team_active_counts')
          .select('members')
          .where('agent_id', '=', agentId)
          .where('period', '=', period)
          .where('period_start', '=', from)
          .executeTakeFirst();
        return Number(row?.members ?? 0);
      }
      const { rows } = await sql<{ n: number }>`
        SELECT count(DISTINCT d.member_id) AS n
          FROM team_member_days d
          JOIN member_tree t ON t.descendant_id = d.member_id AND t.ancestor_id = ${agentId} AND t.depth > 0
                            AND t.valid_from < d.until AND (t.valid_to IS NULL OR t.valid_to >= d.until)
         WHERE d.merchant_id = ${merchantId} AND d.day >= ${from}::date AND d.day <= ${to}::date AND d.bets > 0`.execute(
        db,
      );
      return Number(rows[0]?.n ?? 0);
    },
  };
}

export type TeamRollups = ReturnType<typeof teamRollups>;
