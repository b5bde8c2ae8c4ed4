import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { withPvpTables } from './pvp.tables.ts';

export type TableRow = {
  id: number;
  merchant_id: number;
  code: string;
  game: string;
  name: string;
  stake: number;
  seats: number;
  min_buy_in: number;
  max_buy_in: number;
  rake_bps: number;
  rake_cap: number;
  turn_seconds: number;
  maintenance: boolean;
  button: number;
};

export type SeatRow = {
  table_id: number;
  seat: number;
  member_id: number;
  username: string;
  ip: string;
  device_id: string;
  leaving: boolean;
  missed: number;
};

export type HandRow = {
  id: number;
  table_id: number;
  hand_no: number;
  game: string;
  server_seed: string;
  server_seed_hash: string;
  button: number;
  players: unknown;
  state: unknown;
  seq: number;
  to_act: number | null;
  deadline: Date | null;
  outcome: unknown;
  rake: number;
  started_at: Date;
  ended_at: Date | null;
};

const tableColumns = [
  'id',
  'merchant_id',
  'code',
  'game',
  'name',
  'stake',
  'seats',
  'min_buy_in',
  'max_buy_in',
  'rake_bps',
  'rake_cap',
  'turn_seconds',
  'maintenance',
  'button',
] as const;

function tableRow(row: TableRow): TableRow {
  return {
    ...row,
    stake: Number(row.stake),
    min_buy_in: Number(row.min_buy_in),
    max_buy_in: Number(row.max_buy_in),
    rake_cap: Number(row.rake_cap),
  };
}

function handRow(row: HandRow): HandRow {
  return { ...row, id: Number(row.id), rake: Number(row.rake) };
}

/** The PvP tables' queries; each runs on the executor given (the caller's transaction or the database). */
export function pvpRepository() {
  return {
    async tables(executor: Database, merchantId: number): Promise<(TableRow & { seated: number })[]> {
      const rows = await withPvpTables(executor)
        .selectFrom('pvp_tables as t')
        .select(tableColumns.map((c) => `t.${c}` as const))
        .select((eb) =>
          eb
            .selectFrom('pvp_seats as s')
            .whereRef('s.table_id', '=', 't.id')
            .select(eb.fn.countAll<number>().as('n'))
            .as('seated'),
        )
        .where('t.merchant_id', '=', merchantId)
        .orderBy('t.game')
        .orderBy('t.stake')
        .orderBy('t.code')
        .execute();
      return rows.map((r) => ({ ...tableRow(r as TableRow), seated: Number(r.seated ?? 0) }));
    },

    async table(
      executor: Database,
      merchantId: number,
      code: string,
      lock = false,
    ): Promise<TableRow | undefined> {
      const row = await withPvpTables(executor)
        .selectFrom('pvp_tables')
        .select(tableColumns)
        .where('merchant_id', '=', merchantId)
        .where('code', '=', code)
        .$if(lock, (q) => q.forUpdate())
        .executeTakeFirst();
      return row ? tableRow(row as TableRow) : undefined;
    },

    async tableById(executor: Database, id: number, skipLocked: boolean): Promise<TableRow | undefined> {
      const row = await withPvpTables(executor)
        .selectFrom('pvp_tables')
        .select(tableColumns)
        .where('id', '=', id)
        .$if(skipLocked, (q) => q.forUpdate().skipLocked())
        .executeTakeFirst();
      return row ? tableRow(row as TableRow) : undefined;
    },

    async seats(executor: Database, tableId: number): Promise<SeatRow[]> {
      return withPvpTables(executor)
        .selectFrom('pvp_seats as s')
        .innerJoin('members as m', 'm.id', 's.member_id')
        .select([
          's.table_id',
          's.seat',
          's.member_id',
          'm.username',
          's.ip',
          's.device_id',
          's.leaving',
          's.missed',
        ])
        .where('s.table_id', '=', tableId)
        .orderBy('s.seat')
        .execute();
    },

    async seatOf(executor: Database, memberId: number) {
      return withPvpTables(executor)
        .selectFrom('pvp_seats as s')
        .innerJoin('pvp_tables as t', 't.id', 's.table_id')
        .select(['s.table_id', 's.seat', 's.sat_at', 't.code'])
        .where('s.member_id', '=', memberId)
        .executeTakeFirst();
    },

    async insertSeat(
      executor: Database,
      row: { table_id: number; seat: number; member_id: number; ip: string; device_id: string },
    ) {
      await withPvpTables(executor).insertInto('pvp_seats').values(row).execute();
    },

    async removeSeat(executor: Database, tableId: number, seat: number) {
      return withPvpTables(executor)
        .deleteFrom('pvp_seats')
        .where('table_id', '=', tableId)
        .where('seat', '=', seat)
        .returning(['member_id', 'sat_at'])
        .executeTakeFirst();
    },

    async markLeaving(executor: Database, tableId: number, seat: number) {
      await withPvpTables(executor)
        .updateTable('pvp_seats')
        .set({ leaving: true })
        .where('table_id', '=', tableId)
        .where('seat', '=', seat)
        .execute();
    },

    /** A seat's turns played by the timer in a row: counted up on a timeout, back to 0 on the player's own move. */
    async countMissed(executor: Database, tableId: number, seat: number, auto: boolean) {
      await withPvpTables(executor)
        .updateTable('pvp_seats')
        .set((eb) => ({ missed: auto ? eb('missed', '+', 1) : 0 }))
        .where('table_id', '=', tableId)
        .where('seat', '=', seat)
        .execute();
    },

    /** The running hand of a table, or else its last one; locked when asked (the move's transaction). */
    async currentHand(executor: Database, tableId: number, lock = false): Promise<HandRow | undefined> {
      const row = await withPvpTables(executor)
        .selectFrom('pvp_hands')
        .selectAll()
        .where('table_id', '=', tableId)
        .orderBy('hand_no', 'desc')
        .limit(1)
        .$if(lock, (q) => q.forUpdate())
        .executeTakeFirst();
      return row ? handRow(row as unknown as HandRow) : undefined;
    },

    async lastHandNo(
      executor: Database,
      tableId: number,
    ): Promise<{ handNo: number; endedAt: Date | null; running: boolean }> {
      const row = await withPvpTables(executor)
        .selectFrom('pvp_hands')
        .select(['hand_no', 'ended_at'])
        .where('table_id', '=', tableId)
        .orderBy('hand_no', 'desc')
        .limit(1)
        .executeTakeFirst();
      return {
        handNo: row?.hand_no ?? 0,
        endedAt: row?.ended_at ?? null,
        running: row ? row.ended_at === null : false,
      };
    },

    async insertHand(
      executor: Database,
      row: {
        table_id: number;
        hand_no: number;
        game: string;
        server_seed: string;
        server_seed_hash: string;
        button: number;
        players: string;
        state: string;
        to_act: number | null;
        turnSeconds: number;
      },
    ): Promise<number> {
      const { turnSeconds, ...values } = row;
      const inserted = await withPvpTables(executor)
        .insertInto('pvp_hands')
        .values({
          ...values,
          started_at: sql<Date>`now()` as unknown as Date,
          deadline: sql<Date>`now() + make_interval(secs => ${turnSeconds})` as unknown as Date,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(inserted.id);
    },

    async insertPlayers(
      executor: Database,
      rows: { hand_id: number; seat: number; member_id: number; merchant_id: number; stack_before: number }[],
    ) {
      if (rows.length) await withPvpTables(executor).insertInto('pvp_hand_players').values(rows).execute();
    },

    async insertMove(
      executor: Database,
      row: { hand_id: number; seq: number; seat: number; move: string; auto: boolean },
    ) {
      await withPvpTables(executor).insertInto('pvp_moves').values(row).execute();
    },

    /** The hand after a move: its state, the next seat and its timer (now when that seat is leaving). */
    async advanceHand(
      executor: Database,
      handId: number,
      values: { state: string; seq: number; toAct: number | null; turnSeconds: number },
    ) {
      await withPvpTables(executor)
        .updateTable('pvp_hands')
        .set({
          state: values.state,
          seq: values.seq,
          to_act: values.toAct,
          deadline:
            values.toAct === null
              ? null
              : (sql<Date>`now() + make_interval(secs => ${values.turnSeconds})` as unknown as Date),
        })
        .where('id', '=', handId)
        .execute();
    },

    async endHand(
      executor: Database,
      handId: number,
      values: { outcome: string; rake: number; entryId: number | null },
    ) {
      await withPvpTables(executor)
        .updateTable('pvp_hands')
        .set({
          outcome: values.outcome,
          rake: values.rake,
          settle_entry_id: values.entryId,
          ended_at: sql<Date>`now()` as unknown as Date,
          deadline: null,
          to_act: null,
        })
        .where('id', '=', handId)
        .execute();
    },

    async setNet(executor: Database, handId: number, seat: number, net: number) {
      await withPvpTables(executor)
        .updateTable('pvp_hand_players')
        .set({ net })
        .where('hand_id', '=', handId)
        .where('seat', '=', seat)
        .execute();
    },

    async setButton(executor: Database, tableId: number, button: number) {
      await withPvpTables(executor)
        .updateTable('pvp_tables')
        .set({ button })
        .where('id', '=', tableId)
        .execute();
    },

    /** Running hands whose turn timer ran out (any merchant), oldest first. */
    async dueHands(executor: Database, limit: number): Promise<{ id: number }[]> {
      const rows = await withPvpTables(executor)
        .selectFrom('pvp_hands')
        .select('id')
        .where('ended_at', 'is', null)
        .where('deadline', '<=', sql<Date>`now()`)
        .orderBy('deadline')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ id: Number(r.id) }));
    },

    async lockDueHand(executor: Database, id: number): Promise<HandRow | undefined> {
      const row = await withPvpTables(executor)
        .selectFrom('pvp_hands')
        .selectAll()
        .where('id', '=', id)
        .where('ended_at', 'is', null)
        .where('deadline', '<=', sql<Date>`now()`)
        .forUpdate()
        .skipLocked()
        .executeTakeFirst();
      return row ? handRow(row as unknown as HandRow) : undefined;
    },

    /**
     * Tables where a hand may start: not under maintenance, two or more seated, no hand running, the last hand
     * ended at least `pauseSeconds` ago (its result stays on screen a moment).
     */
    async tablesToDeal(executor: Database, pauseSeconds: number): Promise<number[]> {
      const rows = await sql<{ id: number }>`
        SELECT t.id FROM pvp_tables t
         WHERE NOT t.maintenance
           AND (SELECT count(*) FROM pvp_seats s WHERE s.table_id = t.id) >= 2
           AND NOT EXISTS (
             SELECT 1 FROM pvp_hands h WHERE h.table_id = t.id
                AND (h.ended_at IS NULL OR h.ended_at > now() - make_interval(secs => ${pauseSeconds})))
         LIMIT 50`.execute(executor);
      return rows.rows.map((r) => Number(r.id));
    },

    async moves(executor: Database, handIds: readonly number[]) {
      if (handIds.length === 0) return [];
      return withPvpTables(executor)
        .selectFrom('pvp_moves')
        .selectAll()
        .where('hand_id', 'in', handIds)
        .orderBy('hand_id')
        .orderBy('seq')
        .execute();
    },

    /** A member's last hands (ended or running), newest first, with the table. */
    async memberHands(executor: Database, memberId: number, limit: number) {
      const rows = await withPvpTables(executor)
        .selectFrom('pvp_hand_players as p')
        .innerJoin('pvp_hands as h', 'h.id', 'p.hand_id')
        .innerJoin('pvp_tables as t', 't.id', 'h.table_id')
        .select([
          'h.id',
          'h.hand_no',
          'h.game',
          'h.server_seed',
          'h.server_seed_hash',
          'h.state',
          'h.rake',
          'h.started_at',
          'h.ended_at',
          't.code',
          'p.seat',
          'p.stack_before',
          'p.net',
        ])
        .where('p.member_id', '=', memberId)
        .orderBy('p.hand_id', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({
        ...r,
        id: Number(r.id),
        stack_before: Number(r.stack_before),
        rake: Number(r.rake),
      }));
    },
  };
}

export type PvpRepository = ReturnType<typeof pvpRepository>;
