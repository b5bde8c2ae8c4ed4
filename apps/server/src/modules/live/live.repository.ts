import type { BingoGame } from '@tala/contracts/bingo';
import type { LiveGame } from '@tala/contracts/live';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type LiveBetStatus, type RoundStatus, withLiveTables } from './live.tables.ts';

export type TableRow = {
  code: string;
  /** A table's game, or a bingo room's (decision 055). */
  game: LiveGame | BingoGame;
  name: string;
  min_bet: number;
  max_bet: number;
  betting_seconds: number;
  result_seconds: number;
  epoch: Date;
  maintenance: boolean;
  /** A bingo room's settings (null for a table). */
  card_price: number | null;
  max_cards: number | null;
  ball_ms: number | null;
  prize_shares: unknown;
  /** A bingo room's currency (its card price's minor units); null for a table (decision 069). */
  currency: string | null;
};
export type RoundRow = {
  id: number;
  table_code: string;
  round_no: number;
  opens_at: Date;
  closes_at: Date;
  ends_at: Date;
  server_seed: string;
  server_seed_hash: string;
  status: RoundStatus;
  result: unknown;
  settled_at: Date | null;
  room: unknown;
  draw: unknown;
  settles_at: Date | null;
};
export type BetRow = {
  id: number;
  merchant_id: number;
  member_id: number;
  round_id: number;
  request_id: string;
  spots: Record<string, number>;
  stake: number;
  returned: number;
  status: LiveBetStatus;
  bet_entry_id: number;
  payout_entry_id: number | null;
  created_at: Date;
  settled_at: Date | null;
};

const t = withLiveTables;

export function liveRepository() {
  return {
    tables(executor: Database) {
      return t(executor).selectFrom('live_tables').selectAll().orderBy('code').execute() as Promise<
        TableRow[]
      >;
    },

    /** Every table and room, share-locked until the transaction ends (making rounds: live.service.ts). */
    tablesForShare(trx: Database) {
      return t(trx).selectFrom('live_tables').selectAll().orderBy('code').forShare().execute() as Promise<
        TableRow[]
      >;
    },

    table(executor: Database, code: string) {
      return t(executor)
        .selectFrom('live_tables')
        .selectAll()
        .where('code', '=', code)
        .executeTakeFirst() as Promise<TableRow | undefined>;
    },

    /** Adds the round rows that do not exist yet (two processes at once make one of each). */
    async insertRounds(
      executor: Database,
      rounds: (Pick<
        RoundRow,
        'table_code' | 'round_no' | 'opens_at' | 'closes_at' | 'ends_at' | 'server_seed' | 'server_seed_hash'
      > & { room?: string | null })[],
    ) {
      if (rounds.length === 0) return;
      await t(executor)
        .insertInto('live_rounds')
        .values(rounds)
        .onConflict((oc) => oc.columns(['table_code', 'round_no']).doNothing())
        .execute();
    },

    round(executor: Database, tableCode: string, roundNo: number) {
      return t(executor)
        .selectFrom('live_rounds')
        .selectAll()
        .where('table_code', '=', tableCode)
        .where('round_no', '=', roundNo)
        .executeTakeFirst() as Promise<RoundRow | undefined>;
    },

    /** The last settled results of a table, oldest first (the roads). */
    async history(executor: Database, tableCode: string, limit: number) {
      const rows = await t(executor)
        .selectFrom('live_rounds')
        .select(['round_no', 'result'])
        .where('table_code', '=', tableCode)
        .where('status', '=', 'settled')
        .orderBy('round_no', 'desc')
        .limit(limit)
        .execute();
      return rows.reverse();
    },

    /** The round a bet names, share-locked so it cannot be settled while the bet is written, and the database's now. */
    async roundForBet(trx: Database, tableCode: string, roundNo: number) {
      const row = await sql<RoundRow & { now: Date }>`
        SELECT r.*, clock_timestamp() AS now FROM live_rounds r
         WHERE r.table_code = ${tableCode} AND r.round_no = ${roundNo}
           FOR SHARE`.execute(trx);
      return row.rows[0];
    },

    /** Whether betting is still open by the database's clock, as the bet is about to commit. */
    async stillOpen(trx: Database, roundId: number): Promise<boolean> {
      const row = await sql<{ open: boolean }>`
        SELECT clock_timestamp() < closes_at AS open FROM live_rounds WHERE id = ${roundId}`.execute(trx);
      return row.rows[0]?.open === true;
    },

    /** Rounds of tables (not bingo rooms: bingo.service.ts draws those) whose betting closed, not dealt yet. */
    dueRounds(executor: Database, limit: number) {
      return t(executor)
        .selectFrom('live_rounds')
        .select(['id'])
        .where('status', '=', 'open')
        .where('closes_at', '<=', sql<Date>`now()`)
        .where('room', 'is', null)
        .orderBy('closes_at')
        .limit(limit)
        .execute();
    },

    /** Locks a due round for its settlement; another process settling it already makes this answer nothing. */
    async lockDueRound(trx: Database, roundId: number) {
      const row = await sql<RoundRow>`
        SELECT * FROM live_rounds
         WHERE id = ${roundId} AND status = 'open' AND closes_at <= clock_timestamp()
           FOR UPDATE SKIP LOCKED`.execute(trx);
      return row.rows[0];
    },

    /** Locks a round whose bets are not paid yet (a table's open round, a bingo room's open or drawing one). */
    async lockOpenRound(trx: Database, roundId: number) {
      const row = await sql<RoundRow>`
        SELECT * FROM live_rounds WHERE id = ${roundId} AND status IN ('open', 'drawing') FOR UPDATE`.execute(
        trx,
      );
      return row.rows[0];
    },

    async markRound(trx: Database, roundId: number, status: 'settled' | 'void', result: unknown) {
      await t(trx)
        .updateTable('live_rounds')
        .set({
          status,
          result: result === null ? null : JSON.stringify(result),
          settled_at: sql<Date>`now()`,
        })
        .where('id', '=', roundId)
        .execute();
    },

    openBets(trx: Database, roundId: number) {
      return t(trx)
        .selectFrom('live_bets')
        .selectAll()
        .where('round_id', '=', roundId)
        .where('status', '=', 'open')
        .orderBy('id')
        .execute() as Promise<BetRow[]>;
    },

    async closeBet(
      trx: Database,
      betId: number,
      values: { status: 'settled' | 'refunded'; returned: number; entryId: number | null },
    ) {
      await t(trx)
        .updateTable('live_bets')
        .set({
          status: values.status,
          returned: values.returned,
          payout_entry_id: values.entryId,
          settled_at: sql<Date>`now()`,
        })
        .where('id', '=', betId)
        .execute();
    },

    /** The member's stakes per spot in a round so far (the table's limit is per spot and round). */
    async spotTotals(trx: Database, memberId: number, roundId: number): Promise<Record<string, number>> {
      const rows = await t(trx)
        .selectFrom('live_bets')
        .select('spots')
        .where('member_id', '=', memberId)
        .where('round_id', '=', roundId)
        .execute();
      const totals: Record<string, number> = {};
      for (const row of rows)
        for (const [spot, amount] of Object.entries(row.spots))
          totals[spot] = (totals[spot] ?? 0) + Number(amount);
      return totals;
    },

    async insertBet(
      trx: Database,
      bet: Omit<BetRow, 'id' | 'returned' | 'status' | 'payout_entry_id' | 'created_at' | 'settled_at'>,
    ) {
      const row = await t(trx)
        .insertInto('live_bets')
        .values({ ...bet, spots: JSON.stringify(bet.spots) })
        .returningAll()
        .executeTakeFirstOrThrow();
      return row as unknown as BetRow;
    },

    betByRequest(executor: Database, memberId: number, requestId: string) {
      return t(executor)
        .selectFrom('live_bets')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('request_id', '=', requestId)
        .executeTakeFirst() as Promise<BetRow | undefined>;
    },

    /** The member's bets on the last `rounds` rounds they bet on at a table, with those rounds. */
    async recall(executor: Database, memberId: number, tableCode: string, rounds: number) {
      const roundRows = (await t(executor)
        .selectFrom('live_rounds as r')
        .selectAll('r')
        .where('r.table_code', '=', tableCode)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('live_bets as b')
              .select(sql`1`.as('one'))
              .whereRef('b.round_id', '=', 'r.id')
              .where('b.member_id', '=', memberId),
          ),
        )
        .orderBy('r.round_no', 'desc')
        .limit(rounds)
        .execute()) as RoundRow[];
      const bets = roundRows.length
        ? ((await t(executor)
            .selectFrom('live_bets')
            .selectAll()
            .where('member_id', '=', memberId)
            .where(
              'round_id',
              'in',
              roundRows.map((r) => r.id),
            )
            .orderBy('id')
            .execute()) as BetRow[])
        : [];
      return { rounds: roundRows, bets };
    },

    async syncTables(
      executor: Database,
      tables: readonly (Omit<
        TableRow,
        'epoch' | 'maintenance' | 'card_price' | 'max_cards' | 'ball_ms' | 'prize_shares' | 'currency'
      > &
        Partial<{
          card_price: number;
          max_cards: number;
          ball_ms: number;
          prize_shares: string;
          currency: string;
        }>)[],
    ) {
      for (const table of tables) {
        await t(executor)
          .insertInto('live_tables')
          .values(table)
          .onConflict((oc) => oc.column('code').doNothing())
          .execute();
      }
    },
  };
}
