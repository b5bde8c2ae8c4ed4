// The PvP hands as rounds of the betting record, the account's P&L and the reports (games/game-records.ts merges
// them with the other sources): product PVP, vendor TPVP, one row per player per hand that has ended. Members play
// each other, so a hand is recorded by its result: a loser's bet is what they lost, a winner's win what they won
// (after the rake); profit is the change in the player's chips (decision 057).
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inTeamAt, type TeamScope } from '../members/team-scope.ts';
import { withPvpTables } from './pvp.tables.ts';

export type PvpRecordFilters = {
  merchantId?: number | undefined;
  memberId?: number | undefined;
  memberSearch?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  team?: TeamScope | undefined;
};

const bet = sql<number>`GREATEST(-p.net, 0)`;
const win = sql<number>`GREATEST(p.net, 0)`;

function recordBase(executor: Database, filters: PvpRecordFilters) {
  return withPvpTables(executor)
    .selectFrom('pvp_hand_players as p')
    .innerJoin('pvp_hands as h', 'h.id', 'p.hand_id')
    .innerJoin('members as m', 'm.id', 'p.member_id')
    .where('h.ended_at', 'is not', null)
    .$if(filters.merchantId !== undefined, (q) => q.where('p.merchant_id', '=', filters.merchantId as number))
    .$if(filters.memberId !== undefined, (q) => q.where('p.member_id', '=', filters.memberId as number))
    .$if(Boolean(filters.memberSearch), (q) =>
      q.where('m.username', 'ilike', `%${(filters.memberSearch as string).replace(/[%_\\]/g, '\\$&')}%`),
    )
    .$if(filters.team !== undefined, (q) =>
      q.where(inTeamAt((filters.team as TeamScope).agentId, sql.ref('p.member_id'), sql.ref('h.ended_at'))),
    )
    .$if(filters.from !== undefined, (q) => q.where('h.ended_at', '>=', filters.from as Date))
    .$if(filters.to !== undefined, (q) => q.where('h.ended_at', '<', filters.to as Date));
}

export function pvpRecords(db: Database) {
  return {
    /** One page of hands played, newest first, and the totals of the whole filtered range. */
    async betsRecord(
      filters: PvpRecordFilters,
      page: { limit: number; offset: number },
      executor: Database = db,
    ) {
      const base = recordBase(executor, filters);
      const totals = await base
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>(bet), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>(win), sql<number>`0`).as('win'),
        ])
        .executeTakeFirstOrThrow();
      const rows = await base
        .innerJoin('pvp_tables as t', 't.id', 'h.table_id')
        .select([
          'h.id',
          'p.member_id',
          'm.username',
          't.code',
          't.name as table_name',
          'h.hand_no',
          'p.net',
          'h.ended_at',
        ])
        .orderBy('h.ended_at', 'desc')
        .orderBy('h.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return {
        rows: rows.map((r) => {
          const net = Number(r.net ?? 0);
          return {
            id: `${Number(r.id)}-${r.member_id}`,
            member_id: r.member_id,
            username: r.username,
            table_name: r.table_name,
            hand_no: r.hand_no,
            bet: Math.max(-net, 0),
            win: Math.max(net, 0),
            created_at: new Date(r.ended_at as Date),
          };
        }),
        count: Number(totals.count),
        bet: Number(totals.bet),
        win: Number(totals.win),
      };
    },

    /** Losses and wins per member (the agent centre's profit and loss, rebates, points). */
    async memberTotals(filters: PvpRecordFilters) {
      const rows = await recordBase(db, filters)
        .select((eb) => [
          'p.member_id',
          'm.username',
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>(bet), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>(win), sql<number>`0`).as('win'),
        ])
        .groupBy(['p.member_id', 'm.username'])
        .execute();
      return rows.map((r) => ({
        memberId: r.member_id,
        username: r.username,
        count: Number(r.count),
        bet: Number(r.bet),
        win: Number(r.win),
      }));
    },

    /** Losses and wins per day in `timeZone` (personal P&L, reports). */
    /** `executor`: the read replica for the back office's P&L (decision 062). */
    async dayTotals(filters: PvpRecordFilters & { timeZone: string }, executor: Database = db) {
      const rows = await recordBase(executor, filters)
        .select((eb) => [
          sql<string>`to_char(h.ended_at AT TIME ZONE ${filters.timeZone}, 'YYYY-MM-DD')`.as('day'),
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>(bet), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>(win), sql<number>`0`).as('win'),
        ])
        .groupBy('day')
        .execute();
      return rows.map((r) => ({
        day: r.day,
        count: Number(r.count),
        bet: Number(r.bet),
        win: Number(r.win),
      }));
    },
  };
}

export type PvpRecords = ReturnType<typeof pvpRecords>;
