// The fish rooms' plays as rounds of the betting record, the account's P&L and the reports (games/game-records.ts
// merges them with the other sources): product FISH, vendor TFISH, one row per member and wave (their shots in it).
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inTeamAt, type TeamScope } from '../members/team-scope.ts';
import { withFishTables } from './fish.tables.ts';

export type FishRecordFilters = {
  merchantId?: number | undefined;
  memberId?: number | undefined;
  /** Part of the account name (back office). */
  memberSearch?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** An agent's team as it was at each play (the agent centre's reports). */
  team?: TeamScope | undefined;
};

function recordBase(executor: Database, filters: FishRecordFilters) {
  return withFishTables(executor)
    .selectFrom('fish_plays as p')
    .innerJoin('members as m', 'm.id', 'p.member_id')
    .$if(filters.merchantId !== undefined, (q) => q.where('p.merchant_id', '=', filters.merchantId as number))
    .$if(filters.memberId !== undefined, (q) => q.where('p.member_id', '=', filters.memberId as number))
    .$if(Boolean(filters.memberSearch), (q) =>
      q.where('m.username', 'ilike', `%${(filters.memberSearch as string).replace(/[%_\\]/g, '\\$&')}%`),
    )
    .$if(filters.team !== undefined, (q) =>
      q.where(inTeamAt((filters.team as TeamScope).agentId, sql.ref('p.member_id'), sql.ref('p.created_at'))),
    )
    .$if(filters.from !== undefined, (q) => q.where('p.created_at', '>=', filters.from as Date))
    .$if(filters.to !== undefined, (q) => q.where('p.created_at', '<', filters.to as Date));
}

export function fishRecords(db: Database) {
  return {
    /** One page of plays, newest first, and the totals of the whole filtered range. */
    async playsRecord(
      filters: FishRecordFilters,
      page: { limit: number; offset: number },
      executor: Database = db,
    ) {
      const base = recordBase(executor, filters);
      const totals = await base
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>('p.bet'), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>('p.win'), sql<number>`0`).as('win'),
        ])
        .executeTakeFirstOrThrow();
      const rows = await base
        .innerJoin('fish_waves as w', 'w.id', 'p.wave_id')
        .innerJoin('fish_rooms as r', 'r.id', 'p.room_id')
        .select([
          'p.id',
          'p.member_id',
          'm.username',
          'r.code as room_code',
          'r.name as room_name',
          'w.wave_no',
          'p.shots',
          'p.bet',
          'p.win',
          'p.created_at',
        ])
        .orderBy('p.created_at', 'desc')
        .orderBy('p.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return {
        rows: rows.map((r) => ({
          ...r,
          id: Number(r.id),
          wave_no: Number(r.wave_no),
          bet: Number(r.bet),
          win: Number(r.win),
        })),
        count: Number(totals.count),
        bet: Number(totals.bet),
        win: Number(totals.win),
      };
    },

    /** Stakes and wins per member (the agent centre's profit and loss, rebates, points). */
    async memberTotals(filters: FishRecordFilters) {
      const rows = await recordBase(db, filters)
        .select((eb) => [
          'p.member_id',
          'm.username',
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>('p.bet'), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>('p.win'), sql<number>`0`).as('win'),
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

    /** Stakes and wins per day in `timeZone` (personal P&L, reports). */
    /** `executor`: the read replica for the back office's P&L (decision 062). */
    async dayTotals(filters: FishRecordFilters & { timeZone: string }, executor: Database = db) {
      const rows = await recordBase(executor, filters)
        .select((eb) => [
          sql<string>`to_char(p.created_at AT TIME ZONE ${filters.timeZone}, 'YYYY-MM-DD')`.as('day'),
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>('p.bet'), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>('p.win'), sql<number>`0`).as('win'),
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

export type FishRecords = ReturnType<typeof fishRecords>;
