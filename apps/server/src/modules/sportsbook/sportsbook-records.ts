// The sportsbook's bets as rounds of the betting record, the account's P&L and the reports (games/game-records.ts
// merges them with the other products'): products SPORTS and ESPORTS, vendors TSPORTS and TESPORTS, one row per bet.
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inTeamAt, type TeamScope } from '../members/team-scope.ts';
import { withSportsTables } from './sportsbook.tables.ts';

export type SportsRecordFilters = {
  merchantId?: number | undefined;
  memberId?: number | undefined;
  /** Part of the account name (back office). */
  memberSearch?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** An agent's team as it was at each bet (the agent centre's reports). */
  team?: TeamScope | undefined;
  product?: 'SPORTS' | 'ESPORTS' | undefined;
};

function recordBase(executor: Database, filters: SportsRecordFilters) {
  return withSportsTables(executor)
    .selectFrom('sports_bets as b')
    .innerJoin('members as m', 'm.id', 'b.member_id')
    .$if(filters.merchantId !== undefined, (q) => q.where('b.merchant_id', '=', filters.merchantId as number))
    .$if(filters.memberId !== undefined, (q) => q.where('b.member_id', '=', filters.memberId as number))
    .$if(filters.product !== undefined, (q) => q.where('b.product', '=', filters.product as 'SPORTS'))
    .$if(Boolean(filters.memberSearch), (q) =>
      q.where('m.username', 'ilike', `%${(filters.memberSearch as string).replace(/[%_\\]/g, '\\$&')}%`),
    )
    .$if(filters.team !== undefined, (q) =>
      q.where(inTeamAt((filters.team as TeamScope).agentId, sql.ref('b.member_id'), sql.ref('b.created_at'))),
    )
    .$if(filters.from !== undefined, (q) => q.where('b.created_at', '>=', filters.from as Date))
    .$if(filters.to !== undefined, (q) => q.where('b.created_at', '<', filters.to as Date));
}

/** An in-play bet refused after its delay (its stake refunded) stakes and returns nothing, as a rolled-back bet. */
const validStake = sql<number>`CASE WHEN b.status = 'refused' THEN 0 ELSE b.stake END`;
const validReturn = sql<number>`CASE WHEN b.status IN ('refused', 'pending', 'open') THEN 0 ELSE b.returned END`;

export function sportsbookRecords(db: Database) {
  return {
    /** One page of bets, newest first, and the totals of the whole filtered range. */
    async betsRecord(
      filters: SportsRecordFilters,
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
        .select([
          'b.id',
          'b.member_id',
          'm.username',
          'b.kind',
          'b.product',
          'b.vendor_code',
          'b.stake',
          'b.returned',
          'b.status',
          'b.created_at',
          sql<string>`(SELECT string_agg(e.league_name, ' / ' ORDER BY l.leg_no)
                         FROM sports_bet_legs l JOIN sports_events e ON e.id = l.event_id
                        WHERE l.bet_id = b.id)`.as('leagues'),
        ])
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return {
        rows: rows.map((r) => ({
          ...r,
          id: Number(r.id),
          stake: Number(r.stake),
          returned: Number(r.returned),
        })),
        count: Number(totals.count),
        bet: Number(totals.bet),
        win: Number(totals.win),
      };
    },

    /** Stakes and returns per member and product (the agent centre's profit and loss, rebates, points). */
    async memberTotals(filters: SportsRecordFilters) {
      const rows = await recordBase(db, filters)
        .select((eb) => [
          'b.member_id',
          'm.username',
          'b.product',
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>(validStake), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>(validReturn), sql<number>`0`).as('win'),
        ])
        .groupBy(['b.member_id', 'm.username', 'b.product'])
        .execute();
      return rows.map((r) => ({
        memberId: r.member_id,
        username: r.username,
        product: r.product,
        count: Number(r.count),
        bet: Number(r.bet),
        win: Number(r.win),
      }));
    },

    /** Stakes and returns per day in `timeZone` and product (personal P&L, reports). */
    /** `executor`: the read replica for the back office's P&L (decision 062). */
    async dayTotals(filters: SportsRecordFilters & { timeZone: string }, executor: Database = db) {
      const rows = await recordBase(executor, filters)
        .select((eb) => [
          sql<string>`to_char(b.created_at AT TIME ZONE ${filters.timeZone}, 'YYYY-MM-DD')`.as('day'),
          'b.product',
          'b.vendor_code',
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>(validStake), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>(validReturn), sql<number>`0`).as('win'),
        ])
        .groupBy(['day', 'b.product', 'b.vendor_code'])
        .execute();
      return rows.map((r) => ({
        day: r.day,
        product: r.product,
        vendor: r.vendor_code,
        count: Number(r.count),
        bet: Number(r.bet),
        win: Number(r.win),
      }));
    },
  };
}

export type SportsbookRecords = ReturnType<typeof sportsbookRecords>;
