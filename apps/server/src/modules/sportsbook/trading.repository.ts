// SQL of the trading back office (decision 059): migration 078's tables, and reads of the sportsbook's own tables
// for the liability and the P&L (read only: the sportsbook's rows change only through its service).

import type { ManualResult } from '@tala/contracts/sports-trading';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

export type TradingFilters = {
  sport?: string | undefined;
  league?: string | undefined;
  event?: string | undefined;
};

const eventFilters = (f: TradingFilters) => sql`
  ${f.sport ? sql`AND e.sport = ${f.sport}` : sql``}
  ${f.league ? sql`AND e.league_id = ${f.league}` : sql``}
  ${f.event ? sql`AND e.id = ${f.event}` : sql``}`;

export type ProposalRow = {
  id: number;
  merchant_id: number;
  market_id: number;
  outcomes: Record<string, ManualResult>;
  reason: string;
  status: 'proposed' | 'approved' | 'rejected';
  proposed_by: number;
  proposed_name: string;
  decided_by: number | null;
  decided_name: string | null;
  decided_note: string | null;
  sequence: number | null;
  settled: number | null;
  created_at: Date;
  decided_at: Date | null;
};

function proposalRow(r: Record<string, unknown>): ProposalRow {
  const row = r as ProposalRow;
  return {
    ...row,
    id: Number(row.id),
    market_id: Number(row.market_id),
    outcomes: typeof row.outcomes === 'string' ? JSON.parse(row.outcomes) : row.outcomes,
    sequence: row.sequence === null ? null : Number(row.sequence),
    created_at: new Date(row.created_at),
    decided_at: row.decided_at === null ? null : new Date(row.decided_at),
  };
}

export function tradingRepository() {
  return {
    /**
     * The merchant's open (and pending) bets' legs still waiting for a result, by market and outcome: how many bets,
     * their stakes and potential returns. A parlay counts on each open leg with its whole stake and return.
     */
    async openLegs(executor: Database, merchantId: number, f: TradingFilters) {
      const rows = await sql<{
        market_id: string;
        outcome: string;
        bets: number;
        stakes: string;
        payout: string;
      }>`
        SELECT l.market_id, l.outcome, count(DISTINCT b.id)::int AS bets, sum(b.stake)::bigint AS stakes,
               sum(b.potential_return)::bigint AS payout
          FROM sports_bets b
          JOIN sports_bet_legs l ON l.bet_id = b.id
          JOIN sports_events e ON e.id = l.event_id
         WHERE b.merchant_id = ${merchantId} AND b.status IN ('open', 'pending')
           AND NOT l.cancelled AND l.result_win IS NULL ${eventFilters(f)}
         GROUP BY l.market_id, l.outcome`.execute(executor);
      return rows.rows.map((r) => ({
        marketId: Number(r.market_id),
        outcome: r.outcome,
        bets: Number(r.bets),
        stakes: Number(r.stakes),
        payout: Number(r.payout),
      }));
    },

    /** Per market: the distinct open bets on it and their stakes (a bet counted once however many legs). */
    async openMarkets(executor: Database, merchantId: number, f: TradingFilters) {
      const rows = await sql<{ market_id: string; bets: number; stakes: string }>`
        SELECT m.market_id, count(*)::int AS bets, sum(m.stake)::bigint AS stakes
          FROM (SELECT DISTINCT l.market_id, b.id, b.stake
                  FROM sports_bets b
                  JOIN sports_bet_legs l ON l.bet_id = b.id
                  JOIN sports_events e ON e.id = l.event_id
                 WHERE b.merchant_id = ${merchantId} AND b.status IN ('open', 'pending')
                   AND NOT l.cancelled AND l.result_win IS NULL ${eventFilters(f)}) m
         GROUP BY m.market_id`.execute(executor);
      return rows.rows.map((r) => ({
        marketId: Number(r.market_id),
        bets: Number(r.bets),
        stakes: Number(r.stakes),
      }));
    },

    async events(
      executor: Database,
      merchantId: number,
      f: TradingFilters & { status?: string | undefined },
      page: { limit: number; offset: number },
    ) {
      const where = sql`WHERE true ${eventFilters(f)} ${f.status ? sql`AND e.status = ${f.status}` : sql``}`;
      const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM sports_events e ${where}`.execute(
        executor,
      );
      const rows = await sql<{
        id: string;
        kind: 'match' | 'outright';
        sport: string;
        league_id: string;
        league_name: string;
        competitors: unknown;
        start_time: Date;
        status: string;
        betting_status: string;
        suspended: boolean;
        markets: number;
        open_bets: number;
      }>`
        SELECT e.id, e.kind, e.sport, e.league_id, e.league_name, e.competitors, e.start_time, e.status,
               e.betting_status,
               EXISTS (SELECT 1 FROM sports_suspensions s
                        WHERE s.merchant_id = ${merchantId} AND s.event_id = e.id AND s.market_id = 0) AS suspended,
               (SELECT count(*)::int FROM sports_markets m WHERE m.event_id = e.id) AS markets,
               (SELECT count(DISTINCT b.id)::int FROM sports_bet_legs l JOIN sports_bets b ON b.id = l.bet_id
                 WHERE l.event_id = e.id AND b.merchant_id = ${merchantId}
                   AND b.status IN ('open', 'pending')) AS open_bets
          FROM sports_events e ${where}
         ORDER BY e.start_time, e.id
         LIMIT ${page.limit} OFFSET ${page.offset}`.execute(executor);
      return { total: Number(total.rows[0]?.n ?? 0), rows: rows.rows };
    },

    async openBetsByMarket(executor: Database, merchantId: number, eventId: string) {
      const rows = await sql<{ market_id: string; n: number }>`
        SELECT l.market_id, count(DISTINCT b.id)::int AS n
          FROM sports_bet_legs l JOIN sports_bets b ON b.id = l.bet_id
         WHERE l.event_id = ${eventId} AND b.merchant_id = ${merchantId} AND b.status IN ('open', 'pending')
         GROUP BY l.market_id`.execute(executor);
      return new Map(rows.rows.map((r) => [Number(r.market_id), Number(r.n)]));
    },

    // ---------------------------------------------------------------- suspensions

    async suspensions(executor: Database, merchantId: number, eventIds: readonly string[]) {
      if (eventIds.length === 0) return [];
      const rows = await sql<{ event_id: string; market_id: string; reason: string }>`
        SELECT event_id, market_id, reason FROM sports_suspensions
         WHERE merchant_id = ${merchantId} AND event_id IN (${sql.join([...eventIds])})`.execute(executor);
      return rows.rows.map((r) => ({ eventId: r.event_id, marketId: Number(r.market_id), reason: r.reason }));
    },

    /** Answers whether a row was added (false: it was suspended already). */
    async suspend(
      executor: Database,
      row: { merchantId: number; eventId: string; marketId: number; reason: string; operatorId: number },
    ) {
      const r = await sql`
        INSERT INTO sports_suspensions (merchant_id, event_id, market_id, reason, operator_id)
        VALUES (${row.merchantId}, ${row.eventId}, ${row.marketId}, ${row.reason}, ${row.operatorId})
        ON CONFLICT DO NOTHING`.execute(executor);
      return Number(r.numAffectedRows ?? 0) > 0;
    },

    /** Answers the suspension removed, if there was one. */
    async resume(executor: Database, merchantId: number, eventId: string, marketId: number) {
      const r = await sql<{ reason: string }>`
        DELETE FROM sports_suspensions
         WHERE merchant_id = ${merchantId} AND event_id = ${eventId} AND market_id = ${marketId}
        RETURNING reason`.execute(executor);
      return r.rows[0];
    },

    // ---------------------------------------------------------------- margins and members

    async margins(executor: Database, merchantId: number) {
      const rows = await sql<{ sport: string; margin_bps: number }>`
        SELECT sport, margin_bps FROM sports_margins WHERE merchant_id = ${merchantId}`.execute(executor);
      return new Map(rows.rows.map((r) => [r.sport, Number(r.margin_bps)]));
    },

    async sports(executor: Database) {
      const rows = await sql<{ sport: string }>`SELECT DISTINCT sport FROM sports_events ORDER BY 1`.execute(
        executor,
      );
      return rows.rows.map((r) => r.sport);
    },

    async saveMargin(
      executor: Database,
      merchantId: number,
      sport: string,
      marginBps: number,
      operatorId: number,
    ) {
      await sql`
        INSERT INTO sports_margins (merchant_id, sport, margin_bps, updated_by)
        VALUES (${merchantId}, ${sport}, ${marginBps}, ${operatorId})
        ON CONFLICT (merchant_id, sport)
        DO UPDATE SET margin_bps = EXCLUDED.margin_bps, updated_by = EXCLUDED.updated_by, updated_at = now()`.execute(
        executor,
      );
    },

    async memberLimits(
      executor: Database,
      merchantId: number,
      filter: { member?: string | undefined; memberId?: number | undefined },
      page: { limit: number; offset: number },
    ) {
      const where = sql`WHERE m.merchant_id = ${merchantId}
        ${filter.memberId !== undefined ? sql`AND m.id = ${filter.memberId}` : sql``}
        ${
          filter.member
            ? sql`AND m.username ILIKE ${`%${filter.member.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`}`
            : filter.memberId === undefined
              ? sql`AND s.stake_factor IS NOT NULL AND s.stake_factor <> 1000`
              : sql``
        }`;
      const from = sql`FROM members m LEFT JOIN sports_member_settings s ON s.member_id = m.id ${where}`;
      const total = await sql<{ n: number }>`SELECT count(*)::int AS n ${from}`.execute(executor);
      const rows = await sql<{ id: number; username: string; stake_factor: number | null }>`
        SELECT m.id, m.username, s.stake_factor ${from} ORDER BY m.username
         LIMIT ${page.limit} OFFSET ${page.offset}`.execute(executor);
      return {
        total: Number(total.rows[0]?.n ?? 0),
        rows: rows.rows.map((r) => ({
          memberId: Number(r.id),
          username: r.username,
          stakeFactor: r.stake_factor === null ? 1_000 : Number(r.stake_factor),
        })),
      };
    },

    async saveStakeFactor(executor: Database, memberId: number, stakeFactor: number) {
      await sql`
        INSERT INTO sports_member_settings (member_id, stake_factor) VALUES (${memberId}, ${stakeFactor})
        ON CONFLICT (member_id) DO UPDATE SET stake_factor = EXCLUDED.stake_factor, updated_at = now()`.execute(
        executor,
      );
    },

    // ---------------------------------------------------------------- manual settlements

    async insertProposal(
      executor: Database,
      row: {
        merchantId: number;
        marketId: number;
        outcomes: Record<string, ManualResult>;
        reason: string;
        operatorId: number;
        operatorName: string;
      },
    ) {
      const r = await sql<Record<string, unknown>>`
        INSERT INTO sports_settlement_proposals (merchant_id, market_id, outcomes, reason, proposed_by, proposed_name)
        VALUES (${row.merchantId}, ${row.marketId}, ${JSON.stringify(row.outcomes)}::jsonb, ${row.reason},
                ${row.operatorId}, ${row.operatorName})
        RETURNING *`.execute(executor);
      return proposalRow(r.rows[0] as Record<string, unknown>);
    },

    async proposal(executor: Database, merchantId: number, id: number, lock = false) {
      const r = await sql<Record<string, unknown>>`
        SELECT * FROM sports_settlement_proposals WHERE merchant_id = ${merchantId} AND id = ${id}
        ${lock ? sql`FOR UPDATE` : sql``}`.execute(executor);
      return r.rows[0] ? proposalRow(r.rows[0]) : undefined;
    },

    async proposals(
      executor: Database,
      merchantId: number,
      filter: { status?: string | undefined; marketId?: number | undefined },
      page: { limit: number; offset: number },
    ) {
      const where = sql`WHERE merchant_id = ${merchantId}
        ${filter.status ? sql`AND status = ${filter.status}` : sql``}
        ${filter.marketId !== undefined ? sql`AND market_id = ${filter.marketId}` : sql``}`;
      const total = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM sports_settlement_proposals ${where}`.execute(executor);
      const rows = await sql<Record<string, unknown>>`
        SELECT * FROM sports_settlement_proposals ${where} ORDER BY id DESC
         LIMIT ${page.limit} OFFSET ${page.offset}`.execute(executor);
      return { total: Number(total.rows[0]?.n ?? 0), rows: rows.rows.map(proposalRow) };
    },

    async decide(
      executor: Database,
      id: number,
      set: {
        status: 'approved' | 'rejected';
        operatorId: number;
        operatorName: string;
        note: string | null;
        sequence: number | null;
      },
    ) {
      await sql`
        UPDATE sports_settlement_proposals
           SET status = ${set.status}, decided_by = ${set.operatorId}, decided_name = ${set.operatorName},
               decided_note = ${set.note}, sequence = ${set.sequence}, decided_at = now()
         WHERE id = ${id} AND status = 'proposed'`.execute(executor);
    },

    async setSettled(executor: Database, id: number, settled: number) {
      await sql`UPDATE sports_settlement_proposals SET settled = ${settled} WHERE id = ${id}`.execute(
        executor,
      );
    },

    // ---------------------------------------------------------------- P&L

    /**
     * The merchant's settled bets (cashed out included, refused ones not: their stake went back) by the day they
     * were settled in `timeZone`, and the sport and league of their first leg.
     */
    async report(
      executor: Database,
      merchantId: number,
      q: { from: Date; to: Date; timeZone: string; sport?: string | undefined },
    ) {
      const rows = await sql<{
        day: string;
        sport: string;
        league_id: string;
        league_name: string;
        bets: number;
        stakes: string;
        returns: string;
      }>`
        SELECT to_char(b.settled_at AT TIME ZONE ${q.timeZone}, 'YYYY-MM-DD') AS day, e.sport, e.league_id,
               e.league_name, count(*)::int AS bets, sum(b.stake)::bigint AS stakes,
               sum(b.returned)::bigint AS returns
          FROM sports_bets b
          JOIN sports_bet_legs l ON l.bet_id = b.id AND l.leg_no = 0
          JOIN sports_events e ON e.id = l.event_id
         WHERE b.merchant_id = ${merchantId}
           AND b.status IN ('won', 'lost', 'void', 'half_won', 'half_lost', 'dead_heat', 'partial', 'cashed_out')
           AND b.settled_at >= ${q.from} AND b.settled_at < ${q.to}
           ${q.sport ? sql`AND e.sport = ${q.sport}` : sql``}
         GROUP BY 1, 2, 3, 4
         ORDER BY 1 DESC, 2, 4`.execute(executor);
      return rows.rows.map((r) => ({
        day: r.day,
        sport: r.sport,
        league: { id: r.league_id, name: r.league_name },
        bets: Number(r.bets),
        stakes: Number(r.stakes),
        returns: Number(r.returns),
        houseWin: Number(r.stakes) - Number(r.returns),
      }));
    },
  };
}

export type TradingRepository = ReturnType<typeof tradingRepository>;
