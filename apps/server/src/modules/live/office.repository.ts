import type { BingoGame } from '@tala/contracts/bingo';
import type { LiveGame } from '@tala/contracts/live';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RoundRow, TableRow } from './live.repository.ts';
import { type RoundStatus, withLiveTables } from './live.tables.ts';

const t = withLiveTables;

export type OfficeRoundRow = RoundRow & {
  game: LiveGame | BingoGame;
  /** A bingo game's cards sold to the merchant's members; null at a table. */
  cards: number | null;
  bets: number;
  stake: number;
  returned: number;
};

/**
 * SQL of the live studio's back office (docs/decisions/054-live-office.md) over the live module's tables of
 * migration 071: table settings, the maintenance switch's sweep, rounds with one merchant's bets, the P&L.
 */
export function liveOfficeRepository() {
  return {
    /**
     * Rounds that have opened and are not dealt yet (with or without bets), and the bets on them, per table: the
     * rounds the explorer lists as open, and what maintenance would void. Rounds made ahead are not counted (no bet
     * can be on them; maintenance drops them).
     */
    async openCounts(executor: Database) {
      const rows = await sql<{ table_code: string; rounds: number; bets: number }>`
        SELECT r.table_code, count(DISTINCT r.id)::int AS rounds, count(b.id)::int AS bets
          FROM live_rounds r LEFT JOIN live_bets b ON b.round_id = r.id AND b.status = 'open'
         WHERE r.status IN ('open', 'drawing') AND r.opens_at <= now()
         GROUP BY r.table_code`.execute(executor);
      return new Map(rows.rows.map((r) => [r.table_code, { rounds: r.rounds, bets: r.bets }]));
    },

    lockTable(trx: Database, code: string) {
      return t(trx)
        .selectFrom('live_tables')
        .selectAll()
        .where('code', '=', code)
        .forUpdate()
        .executeTakeFirst() as Promise<TableRow | undefined>;
    },

    async saveTable(
      trx: Database,
      code: string,
      values: Pick<TableRow, 'min_bet' | 'max_bet' | 'betting_seconds' | 'result_seconds' | 'maintenance'> & {
        epoch?: Date;
        room?: { card_price: number; max_cards: number; ball_ms: number; prize_shares: string };
      },
    ) {
      const { room, ...table } = values;
      await t(trx)
        .updateTable('live_tables')
        .set({ ...table, ...room })
        .where('code', '=', code)
        .execute();
    },

    /** The highest round number a table ever had, -1 when none. */
    async lastRoundNo(trx: Database, code: string): Promise<number> {
      const row = await t(trx)
        .selectFrom('live_rounds')
        .select((eb) => eb.fn.max('round_no').as('last'))
        .where('table_code', '=', code)
        .executeTakeFirst();
      return row?.last === null || row?.last === undefined ? -1 : Number(row.last);
    },

    /**
     * Drops a table's rounds made ahead whose betting has not opened (no bet can be on them: a bet needs an open
     * window, and one being written share-locks its round, so this waits for it and then keeps the round).
     */
    async dropRoundsAhead(trx: Database, code: string) {
      await sql`
        DELETE FROM live_rounds r
         WHERE r.table_code = ${code} AND r.status = 'open' AND r.opens_at > clock_timestamp()
           AND NOT EXISTS (SELECT 1 FROM live_bets b WHERE b.round_id = r.id)`.execute(trx);
    },

    /** The numbers of a table's rounds not dealt yet (a room's games not paid yet), oldest first. */
    async openRoundNos(executor: Database, code: string): Promise<number[]> {
      const rows = await t(executor)
        .selectFrom('live_rounds')
        .select('round_no')
        .where('table_code', '=', code)
        .where('status', 'in', ['open', 'drawing'])
        .orderBy('round_no')
        .execute();
      return rows.map((r) => Number(r.round_no));
    },

    async now(executor: Database): Promise<Date> {
      const row = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(executor);
      return new Date(row.rows[0]?.now ?? Date.now());
    },

    /** A page of rounds that have opened (with or without bets), newest first, with one merchant's bets on each. */
    async roundsPage(
      executor: Database,
      merchantId: number,
      filter: {
        tableCode?: string | undefined;
        status?: RoundStatus | undefined;
        from?: Date | undefined;
        to?: Date | undefined;
        offset: number;
        limit: number;
      },
    ) {
      // One instant for the page and its total (two statements apart, a round opening between them would count
      // in one and not the other).
      const now =
        (await sql<{ now: Date }>`SELECT now() AS now`.execute(executor)).rows[0]?.now ?? new Date();
      const base = t(executor)
        .selectFrom('live_rounds as r')
        .innerJoin('live_tables as tb', 'tb.code', 'r.table_code')
        .where('r.opens_at', '<=', now)
        .$if(filter.tableCode !== undefined, (q) => q.where('r.table_code', '=', filter.tableCode as string))
        .$if(filter.status !== undefined, (q) => q.where('r.status', '=', filter.status as RoundStatus))
        .$if(filter.from !== undefined, (q) => q.where('r.opens_at', '>=', filter.from as Date))
        .$if(filter.to !== undefined, (q) => q.where('r.opens_at', '<', filter.to as Date));
      const [rows, count] = await Promise.all([
        base
          .selectAll('r')
          .select([
            'tb.game',
            sql<number>`(SELECT count(*) FROM live_bets b WHERE b.round_id = r.id AND b.merchant_id = ${merchantId})::int`.as(
              'bets',
            ),
            sql<
              number | null
            >`CASE WHEN r.room IS NULL THEN NULL ELSE (SELECT count(*) FROM bingo_cards c WHERE c.round_id = r.id AND c.merchant_id = ${merchantId})::int END`.as(
              'cards',
            ),

            sql<number>`(SELECT COALESCE(sum(b.stake), 0) FROM live_bets b WHERE b.round_id = r.id AND b.merchant_id = ${merchantId})::bigint`.as(
              'stake',
            ),
            sql<number>`(SELECT COALESCE(sum(b.returned), 0) FROM live_bets b WHERE b.round_id = r.id AND b.merchant_id = ${merchantId})::bigint`.as(
              'returned',
            ),
          ])
          .orderBy('r.opens_at', 'desc')
          .orderBy('r.id', 'desc')
          .offset(filter.offset)
          .limit(filter.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      ]);
      return { rows: rows as unknown as OfficeRoundRow[], total: Number(count?.total ?? 0) };
    },

    async roundById(executor: Database, merchantId: number, id: number) {
      const row = await sql<OfficeRoundRow>`
        SELECT r.*, tb.game,
               (SELECT count(*) FROM live_bets b WHERE b.round_id = r.id AND b.merchant_id = ${merchantId})::int AS bets,
               CASE WHEN r.room IS NULL THEN NULL ELSE (SELECT count(*) FROM bingo_cards c
                 WHERE c.round_id = r.id AND c.merchant_id = ${merchantId})::int END AS cards,
               (SELECT COALESCE(sum(b.stake), 0) FROM live_bets b
                 WHERE b.round_id = r.id AND b.merchant_id = ${merchantId})::bigint AS stake,
               (SELECT COALESCE(sum(b.returned), 0) FROM live_bets b
                 WHERE b.round_id = r.id AND b.merchant_id = ${merchantId})::bigint AS returned
          FROM live_rounds r JOIN live_tables tb ON tb.code = r.table_code
         WHERE r.id = ${id}`.execute(executor);
      return row.rows[0];
    },

    /** One merchant's bets on a round, with the members' account names. */
    roundBets(executor: Database, merchantId: number, roundId: number) {
      return t(executor)
        .selectFrom('live_bets as b')
        .innerJoin('members as m', 'm.id', 'b.member_id')
        .select(['b.id', 'm.username', 'b.spots', 'b.stake', 'b.returned', 'b.status', 'b.created_at'])
        .where('b.round_id', '=', roundId)
        .where('b.merchant_id', '=', merchantId)
        .orderBy('b.id')
        .limit(1000)
        .execute();
    },

    /**
     * The P&L per day (the round's opening in the merchant's zone) and table over one merchant's settled bets.
     * Refunded bets (void rounds) and open ones have no outcome and are left out.
     */
    async profitAndLoss(
      executor: Database,
      merchantId: number,
      range: { from: Date; to: Date; timeZone: string },
    ) {
      const rows = await sql<{
        day: string;
        table_code: string;
        game: LiveGame | BingoGame;
        bets: number;
        stake: number;
        returned: number;
      }>`
        SELECT to_char(r.opens_at AT TIME ZONE ${range.timeZone}, 'YYYY-MM-DD') AS day, r.table_code, tb.game,
               count(*)::int AS bets, COALESCE(sum(b.stake), 0)::bigint AS stake,
               COALESCE(sum(b.returned), 0)::bigint AS returned
          FROM live_bets b
          JOIN live_rounds r ON r.id = b.round_id
          JOIN live_tables tb ON tb.code = r.table_code
         WHERE b.merchant_id = ${merchantId} AND b.status = 'settled'
           AND r.opens_at >= ${range.from} AND r.opens_at < ${range.to}
         GROUP BY 1, 2, 3 ORDER BY 1 DESC, 2`.execute(executor);
      return rows.rows.map((r) => ({
        day: r.day,
        tableCode: r.table_code,
        game: r.game,
        bets: Number(r.bets),
        stake: Number(r.stake),
        returned: Number(r.returned),
        houseWin: Number(r.stake) - Number(r.returned),
      }));
    },
  };
}
