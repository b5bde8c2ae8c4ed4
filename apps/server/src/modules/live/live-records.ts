// The live studio's bets as rounds of the betting record, the account's P&L and the reports (games/game-records.ts
// merges them with the vendors', the slots' and the lottery's): product LIVE, vendor TLIVE, one row per placement.
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inTeamAt, type TeamScope } from '../members/team-scope.ts';
import { withLiveTables } from './live.tables.ts';

export type LiveRecordFilters = {
  merchantId?: number | undefined;
  memberId?: number | undefined;
  /** Part of the account name (back office). */
  memberSearch?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** An agent's team as it was at each bet (the agent centre's reports). */
  team?: TeamScope | undefined;
};

function recordBase(executor: Database, filters: LiveRecordFilters) {
  return withLiveTables(executor)
    .selectFrom('live_bets as b')
    .innerJoin('members as m', 'm.id', 'b.member_id')
    .$if(filters.merchantId !== undefined, (q) => q.where('b.merchant_id', '=', filters.merchantId as number))
    .$if(filters.memberId !== undefined, (q) => q.where('b.member_id', '=', filters.memberId as number))
    .$if(Boolean(filters.memberSearch), (q) =>
      q.where('m.username', 'ilike', `%${(filters.memberSearch as string).replace(/[%_\\]/g, '\\$&')}%`),
    )
    .$if(filters.team !== undefined, (q) =>
      q.where(inTeamAt((filters.team as TeamScope).agentId, sql.ref('b.member_id'), sql.ref('b.created_at'))),
    )
    .$if(filters.from !== undefined, (q) => q.where('b.created_at', '>=', filters.from as Date))
    .$if(filters.to !== undefined, (q) => q.where('b.created_at', '<', filters.to as Date));
}

/** A refunded placement (its round voided) stakes and returns nothing, as a rolled-back vendor bet. */
const validStake = sql<number>`CASE WHEN b.status = 'refunded' THEN 0 ELSE b.stake END`;
const validReturn = sql<number>`CASE WHEN b.status = 'refunded' THEN 0 ELSE b.returned END`;

export function liveRecords(db: Database) {
  return {
    /** One page of placements, newest first, and the totals of the whole filtered range. */
    async betsRecord(
      filters: LiveRecordFilters,
      page: { limit: number; offset: number },
      executor: Database = db,
    ) {
      const base = recordBase(executor, filters);
      const totals = await base
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>(validStake), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>(validReturn), sql<number>`0`).as('win'),
        ])
        .executeTakeFirstOrThrow();
      const rows = await base
        .innerJoin('live_rounds as r', 'r.id', 'b.round_id')
        .innerJoin('live_tables as t', 't.code', 'r.table_code')
        .select([
          'b.id',
          'b.member_id',
          'm.username',
          'r.table_code',
          't.name as table_name',
          'r.round_no',
          'b.stake',
          'b.returned',
          'b.status',
          'b.created_at',
        ])
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return {
        rows: rows.map((r) => ({
          ...r,
          round_no: Number(r.round_no),
          stake: Number(r.stake),
          returned: Number(r.returned),
        })),
        count: Number(totals.count),
        bet: Number(totals.bet),
        win: Number(totals.win),
      };
    },

    /** Stakes and returns per member (the agent centre's profit and loss, rebates, points). */
    async memberTotals(filters: LiveRecordFilters) {
      const rows = await recordBase(db, filters)
        .select((eb) => [
          'b.member_id',
          'm.username',
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>(validStake), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>(validReturn), sql<number>`0`).as('win'),
        ])
        .groupBy(['b.member_id', 'm.username'])
        .execute();
      return rows.map((r) => ({
        memberId: r.member_id,
        username: r.username,
        count: Number(r.count),
        bet: Number(r.bet),
        win: Number(r.win),
      }));
    },

    /** Stakes and returns per day in `timeZone` (personal P&L, reports). */
    /** `executor`: the read replica for the back office's P&L (decision 062). */
    async dayTotals(filters: LiveRecordFilters & { timeZone: string }, executor: Database = db) {
      const rows = await recordBase(executor, filters)
        .select((eb) => [
          sql<string>`to_char(b.created_at AT TIME ZONE ${filters.timeZone}, 'YYYY-MM-DD')`.as('day'),
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>(validStake), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>(validReturn), sql<number>`0`).as('win'),
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

export type LiveRecords = ReturnType<typeof liveRecords>;
