import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RoundRow } from './live.repository.ts';
import { withLiveTables } from './live.tables.ts';

/** SQL of the bingo rooms (docs/decisions/055-bingo-rooms.md) over migration 073's tables and the live rounds. */
export type CardRow = {
  id: number;
  round_id: number;
  bet_id: number;
  merchant_id: number;
  member_id: number;
  card_no: number;
  index: number;
  rows: (number | null)[][];
  client_seed: string;
  won: number;
};

const t = withLiveTables;

export function bingoRepository() {
  return {
    /** Room rounds whose sale closed and whose draw is not fixed yet, oldest first. */
    dueDraws(executor: Database, limit: number) {
      return t(executor)
        .selectFrom('live_rounds')
        .select(['id'])
        .where('status', '=', 'open')
        .where('room', 'is not', null)
        .where('closes_at', '<=', sql<Date>`now()`)
        .orderBy('closes_at')
        .limit(limit)
        .execute();
    },

    /** Room rounds whose last prize's ball has been shown, not paid yet. */
    dueSettlements(executor: Database, limit: number) {
      return t(executor)
        .selectFrom('live_rounds')
        .select(['id'])
        .where('status', '=', 'drawing')
        .where('settles_at', '<=', sql<Date>`now()`)
        .orderBy('settles_at')
        .limit(limit)
        .execute();
    },

    /** Locks a room round for its draw; another process drawing it already makes this answer nothing. */
    async lockForDraw(trx: Database, roundId: number) {
      const row = await sql<RoundRow>`
        SELECT * FROM live_rounds
         WHERE id = ${roundId} AND status = 'open' AND room IS NOT NULL AND closes_at <= clock_timestamp()
           FOR UPDATE SKIP LOCKED`.execute(trx);
      return row.rows[0];
    },

    async lockForSettlement(trx: Database, roundId: number) {
      const row = await sql<RoundRow>`
        SELECT * FROM live_rounds
         WHERE id = ${roundId} AND status = 'drawing' AND settles_at <= clock_timestamp()
           FOR UPDATE SKIP LOCKED`.execute(trx);
      return row.rows[0];
    },

    async markDrawing(trx: Database, roundId: number, draw: unknown, settlesAt: Date) {
      await t(trx)
        .updateTable('live_rounds')
        .set({ status: 'drawing', draw: JSON.stringify(draw), settles_at: settlesAt })
        .where('id', '=', roundId)
        .execute();
    },

    /** The cards of a round, in the order sold. */
    roundCards(executor: Database, roundId: number) {
      return t(executor)
        .selectFrom('bingo_cards')
        .selectAll()
        .where('round_id', '=', roundId)
        .orderBy('id')
        .execute() as Promise<CardRow[]>;
    },

    /** Each merchant's cards and sales in these rounds (every purchase, also refunded ones). */
    async sales(executor: Database, roundIds: number[]) {
      if (roundIds.length === 0) return [];
      const rows = await sql<{ round_id: number; merchant_id: number; cards: number; sales: number }>`
        SELECT b.round_id, b.merchant_id, sum((b.spots ->> 'cards')::int)::int AS cards,
               sum(b.stake)::bigint AS sales
          FROM live_bets b
         WHERE b.round_id IN (${sql.join(roundIds)})
         GROUP BY b.round_id, b.merchant_id`.execute(executor);
      return rows.rows.map((r) => ({
        roundId: Number(r.round_id),
        merchantId: r.merchant_id,
        cards: Number(r.cards),
        sales: Number(r.sales),
      }));
    },

    async setWon(trx: Database, wins: Map<number, number>) {
      for (const [id, won] of wins)
        await t(trx).updateTable('bingo_cards').set({ won }).where('id', '=', id).execute();
    },

    /** The next `count` card numbers of a round (one purchase at a time per round, until its transaction ends). */
    async takeCardNumbers(trx: Database, roundId: number, count: number): Promise<number> {
      const row = await sql<{ last_no: number }>`
        INSERT INTO bingo_round_counters (round_id, last_no) VALUES (${roundId}, ${count})
        ON CONFLICT (round_id) DO UPDATE SET last_no = bingo_round_counters.last_no + ${count}
        RETURNING last_no`.execute(trx);
      return Number(row.rows[0]?.last_no) - count + 1;
    },

    /** How many cards a member holds in a round (counted after the stake locked their balance). */
    async memberCardCount(trx: Database, memberId: number, roundId: number): Promise<number> {
      const row = await t(trx)
        .selectFrom('bingo_cards')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('member_id', '=', memberId)
        .where('round_id', '=', roundId)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async insertCards(trx: Database, cards: Omit<CardRow, 'id' | 'won'>[]) {
      return (await t(trx)
        .insertInto('bingo_cards')
        .values(cards.map((c) => ({ ...c, rows: JSON.stringify(c.rows) })))
        .returningAll()
        .execute()) as unknown as CardRow[];
    },

    betCards(executor: Database, betId: number) {
      return t(executor)
        .selectFrom('bingo_cards')
        .selectAll()
        .where('bet_id', '=', betId)
        .orderBy('index')
        .execute() as Promise<CardRow[]>;
    },

    /** A member's cards in some rounds, with the request that bought each. */
    memberCards(executor: Database, memberId: number, roundIds: number[]) {
      if (roundIds.length === 0) return Promise.resolve([]);
      return t(executor)
        .selectFrom('bingo_cards as c')
        .innerJoin('live_bets as b', 'b.id', 'c.bet_id')
        .selectAll('c')
        .select('b.request_id')
        .where('c.member_id', '=', memberId)
        .where('c.round_id', 'in', roundIds)
        .orderBy('c.card_no')
        .execute() as Promise<(CardRow & { request_id: string })[]>;
    },

    /** The last `limit` rounds of a room in which the member holds cards, newest first. */
    recallRounds(executor: Database, memberId: number, roomCode: string, limit: number) {
      return t(executor)
        .selectFrom('live_rounds as r')
        .selectAll('r')
        .where('r.table_code', '=', roomCode)
        .where((eb) =>
          eb.exists(
            eb
              .selectFrom('bingo_cards as c')
              .select(sql`1`.as('one'))
              .whereRef('c.round_id', '=', 'r.id')
              .where('c.member_id', '=', memberId),
          ),
        )
        .orderBy('r.round_no', 'desc')
        .limit(limit)
        .execute() as Promise<RoundRow[]>;
    },

    /** Room rounds by number, for the views. */
    async rounds(executor: Database, keys: { code: string; roundNo: number }[]) {
      if (keys.length === 0) return [];
      return (await t(executor)
        .selectFrom('live_rounds')
        .selectAll()
        .where((eb) =>
          eb.or(keys.map((k) => eb.and([eb('table_code', '=', k.code), eb('round_no', '=', k.roundNo)]))),
        )
        .execute()) as RoundRow[];
    },

    /** Sets the settings of a room's rounds that have not opened yet (an operator saved the room). */
    async resetRoundsAhead(trx: Database, code: string, room: string) {
      await sql`
        UPDATE live_rounds SET room = ${room}::jsonb
         WHERE table_code = ${code} AND status = 'open' AND opens_at > clock_timestamp()`.execute(trx);
    },
  };
}
