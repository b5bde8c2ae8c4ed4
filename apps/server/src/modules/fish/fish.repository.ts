import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { withFishTables } from './fish.tables.ts';

export type RoomRow = {
  id: number;
  merchant_id: number;
  code: string;
  name: string;
  bets: number[];
  rtp_bps: number;
  shots_per_second: number;
  wave_seconds: number;
  seats: number;
  epoch: Date;
  maintenance: boolean;
  created_at: Date;
  seats_taken: number;
};

export type WaveRow = {
  id: number;
  room_id: number;
  wave_no: number;
  starts_at: Date;
  ends_at: Date;
  server_seed: string;
  server_seed_hash: string;
  rtp_bps: number;
  bets: number[];
};

export type SeatRow = {
  room_id: number;
  seat: number;
  member_id: number;
  merchant_id: number;
  client_seed: string;
  bet: number;
  username: string;
};

export type ShotRow = {
  id: number;
  wave_id: number;
  play_id: number;
  member_id: number;
  request_id: string;
  seat: number;
  nonce: number;
  client_seed: string;
  fish_id: number;
  kind: string;
  bet: number;
  caught: boolean;
  multiplier: number;
  win: number;
  angle: number;
  created_at: Date;
};

/** What the first statement of a shot learns (and counts): see `startShot`. */
export type ShotStart = {
  now: Date;
  room_id: number | null;
  room_merchant_id: number | null;
  maintenance: boolean | null;
  wave_seconds: number | null;
  shots_per_second: number | null;
  wave_id: number | null;
  wave_no: number | null;
  starts_at: Date | null;
  ends_at: Date | null;
  server_seed: string | null;
  server_seed_hash: string | null;
  rtp_bps: number | null;
  bets: (string | number)[] | null;
  seat: number | null;
  client_seed: string | null;
  play_id: number | null;
  nonce: number | null;
  seated: boolean;
  gone: boolean;
  replay_id: number | null;
};

const numbers = (values: (string | number)[] | null | undefined) => (values ?? []).map(Number);

const roomColumns = sql`r.id, r.merchant_id, r.code, r.name, r.bets, r.rtp_bps, r.shots_per_second, r.wave_seconds,
  r.seats, r.epoch, r.maintenance, r.created_at`;

function toRoom(row: Record<string, unknown>): RoomRow {
  return {
    ...(row as unknown as RoomRow),
    bets: numbers(row.bets as (string | number)[]),
    seats_taken: Number(row.seats_taken ?? 0),
  };
}

function toWave(row: Record<string, unknown>): WaveRow {
  return {
    ...(row as unknown as WaveRow),
    id: Number(row.id),
    wave_no: Number(row.wave_no),
    bets: numbers(row.bets as (string | number)[]),
  };
}

function toShot(row: Record<string, unknown>): ShotRow {
  return {
    ...(row as unknown as ShotRow),
    id: Number(row.id),
    wave_id: Number(row.wave_id),
    play_id: Number(row.play_id),
    bet: Number(row.bet),
    win: Number(row.win),
  };
}

/** The fish module's SQL (tables of migration 075). */
export function fishRepository() {
  return {
    /** Rooms (of one merchant, or all) with the seats taken by members seen within `idleSeconds`. */
    async rooms(db: Database, filter: { merchantId?: number; code?: string } = {}, idleSeconds = 60) {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT ${roomColumns},
               (SELECT count(*) FROM fish_seats s
                 WHERE s.room_id = r.id AND s.seen_at > now() - make_interval(secs => ${idleSeconds}))::int
                 AS seats_taken
          FROM fish_rooms r
         WHERE (${filter.merchantId ?? null}::int IS NULL OR r.merchant_id = ${filter.merchantId ?? null}::int)
           AND (${filter.code ?? null}::text IS NULL OR r.code = ${filter.code ?? null}::text)
         ORDER BY r.merchant_id, r.code`.execute(db);
      return rows.map(toRoom);
    },

    async lockRoom(trx: Database, id: number) {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT ${roomColumns} FROM fish_rooms r WHERE r.id = ${id} FOR UPDATE`.execute(trx);
      return rows[0] ? toRoom(rows[0]) : undefined;
    },

    async insertRoom(
      trx: Database,
      room: {
        merchant_id: number;
        code: string;
        name: string;
        bets: number[];
        rtp_bps: number;
        shots_per_second: number;
        wave_seconds: number;
        maintenance: boolean;
        epoch?: Date;
      },
    ) {
      const inserted = await withFishTables(trx)
        .insertInto('fish_rooms')
        .values(room)
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted ? Number(inserted.id) : undefined;
    },

    async updateRoom(
      trx: Database,
      id: number,
      values: {
        name: string;
        bets: number[];
        rtp_bps: number;
        shots_per_second: number;
        maintenance: boolean;
      },
    ) {
      await withFishTables(trx).updateTable('fish_rooms').set(values).where('id', '=', id).execute();
    },

    /** Bets and return of the room's waves not started yet follow a change of the room's. */
    async rewriteComingWaves(trx: Database, roomId: number, values: { bets: number[]; rtp_bps: number }) {
      await withFishTables(trx)
        .updateTable('fish_waves')
        .set(values)
        .where('room_id', '=', roomId)
        .where(sql<boolean>`starts_at > now()`)
        .execute();
    },

    async insertWaves(
      trx: Database,
      waves: {
        room_id: number;
        wave_no: number;
        starts_at: Date;
        ends_at: Date;
        server_seed: string;
        server_seed_hash: string;
        rtp_bps: number;
        bets: number[];
      }[],
    ) {
      if (waves.length === 0) return;
      await withFishTables(trx)
        .insertInto('fish_waves')
        .values(waves)
        .onConflict((oc) => oc.columns(['room_id', 'wave_no']).doNothing())
        .execute();
    },

    /** Waves of rooms by number (the rooms' waves now). */
    async waves(db: Database, keys: { roomId: number; waveNo: number }[]) {
      if (keys.length === 0) return [];
      const { rows } = await sql<Record<string, unknown>>`
        SELECT w.* FROM fish_waves w
          JOIN unnest(${keys.map((k) => k.roomId)}::int[], ${keys.map((k) => k.waveNo)}::bigint[]) AS k(room_id, wave_no)
            ON w.room_id = k.room_id AND w.wave_no = k.wave_no`.execute(db);
      return rows.map(toWave);
    },

    async waveById(db: Database, id: number) {
      const { rows } = await sql<Record<string, unknown>>`SELECT * FROM fish_waves WHERE id = ${id}`.execute(
        db,
      );
      return rows[0] ? toWave(rows[0]) : undefined;
    },

    async caughtIds(db: Database, waveId: number): Promise<number[]> {
      const rows = await withFishTables(db)
        .selectFrom('fish_shots')
        .select('fish_id')
        .where('wave_id', '=', waveId)
        .where('caught', '=', true)
        .orderBy('fish_id')
        .execute();
      return rows.map((r) => r.fish_id);
    },

    /** The room's seats of members seen within `idleSeconds`, with their account names. */
    async seats(db: Database, roomId: number, idleSeconds: number): Promise<SeatRow[]> {
      const { rows } = await sql<SeatRow>`
        SELECT s.room_id, s.seat, s.member_id, s.merchant_id, s.client_seed, s.bet, m.username
          FROM fish_seats s JOIN members m ON m.id = s.member_id
         WHERE s.room_id = ${roomId} AND s.seen_at > now() - make_interval(secs => ${idleSeconds})
         ORDER BY s.seat`.execute(db);
      return rows.map((r) => ({ ...r, bet: Number(r.bet) }));
    },

    /** Frees the seats of members quiet for `idleSeconds`; answers the rooms whose seats changed. */
    async freeIdleSeats(db: Database, idleSeconds: number) {
      const { rows } = await sql<{ room_id: number; code: string; merchant_id: number }>`
        WITH gone AS (
          DELETE FROM fish_seats WHERE seen_at <= now() - make_interval(secs => ${idleSeconds}) RETURNING room_id)
        SELECT DISTINCT r.id AS room_id, r.code, r.merchant_id FROM gone JOIN fish_rooms r ON r.id = gone.room_id`.execute(
        db,
      );
      return rows;
    },

    /** The member's seat anywhere, if any (quiet or not). */
    async seatOf(db: Database, memberId: number) {
      const { rows } = await sql<{ room_id: number; seat: number; code: string; idle: boolean }>`
        SELECT s.room_id, s.seat, r.code, s.seen_at <= now() - make_interval(secs => 60) AS idle
          FROM fish_seats s JOIN fish_rooms r ON r.id = s.room_id
         WHERE s.member_id = ${memberId}`.execute(db);
      return rows[0];
    },

    async deleteSeat(db: Database, memberId: number, roomId?: number) {
      const result = await withFishTables(db)
        .deleteFrom('fish_seats')
        .where('member_id', '=', memberId)
        .$if(roomId !== undefined, (q) => q.where('room_id', '=', roomId as number))
        .executeTakeFirst();
      return Number(result.numDeletedRows) > 0;
    },

    /** Frees the room's quiet seats (under the room's lock) before a member sits. */
    async deleteIdleSeats(trx: Database, roomId: number, idleSeconds: number) {
      await sql`DELETE FROM fish_seats WHERE room_id = ${roomId}
                  AND seen_at <= now() - make_interval(secs => ${idleSeconds})`.execute(trx);
    },

    async insertSeat(
      trx: Database,
      seat: { room_id: number; seat: number; member_id: number; merchant_id: number; client_seed: string },
    ) {
      await withFishTables(trx).insertInto('fish_seats').values(seat).execute();
    },

    async setSeed(db: Database, roomId: number, memberId: number, clientSeed: string) {
      await sql`UPDATE fish_seats SET client_seed = ${clientSeed}, seen_at = now()
                 WHERE room_id = ${roomId} AND member_id = ${memberId}`.execute(db);
    },

    /** Keeps a seat (a ping); false when the member has no seat in the room. */
    async touch(db: Database, roomId: number, memberId: number) {
      const result = await sql`UPDATE fish_seats SET seen_at = now()
                                WHERE room_id = ${roomId} AND member_id = ${memberId}`.execute(db);
      return Number(result.numAffectedRows ?? 0) > 0;
    },

    /** The member's shot count in a wave (the next shot's nonce). */
    async nonce(db: Database, waveId: number, memberId: number) {
      const row = await withFishTables(db)
        .selectFrom('fish_plays')
        .select('shots')
        .where('wave_id', '=', waveId)
        .where('member_id', '=', memberId)
        .executeTakeFirst();
      return row?.shots ?? 0;
    },

    /**
     * A shot's first statement, in its transaction: the room and wave by code and number, the shooter's seat counted
     * against the cap (the seat row updated only when its oldest recent shot is a second old: the row's lock
     * serialises the member's shots), the wave's play of the member numbered (its shot count is the nonce), whether
     * the fish is caught already and whether the request id was used. Every check is the caller's to make; a refusal
     * rolls the transaction back, the count and the number with it.
     */
    async startShot(
      trx: Database,
      shot: {
        code: string;
        waveNo: number;
        memberId: number;
        merchantId: number;
        bet: number;
        fishId: number;
        requestId: string;
      },
    ): Promise<ShotStart> {
      const { rows } = await sql<ShotStart>`
        WITH r AS (
          SELECT id, merchant_id, maintenance, shots_per_second, wave_seconds FROM fish_rooms WHERE code = ${shot.code}),
        w AS (
          SELECT w.id, w.wave_no, w.room_id, w.starts_at, w.ends_at, w.server_seed, w.server_seed_hash, w.rtp_bps, w.bets
            FROM fish_waves w JOIN r ON w.room_id = r.id WHERE w.wave_no = ${shot.waveNo}),
        s AS (
          UPDATE fish_seats s
             SET recent = (s.recent || now())[greatest(1, cardinality(s.recent) + 2 - r.shots_per_second):],
                 seen_at = now(), bet = ${shot.bet}
            FROM r
           WHERE s.room_id = r.id AND s.member_id = ${shot.memberId} AND r.merchant_id = ${shot.merchantId}
             AND NOT r.maintenance AND EXISTS (SELECT 1 FROM w)
             AND (cardinality(s.recent) < r.shots_per_second
                  OR s.recent[cardinality(s.recent) - r.shots_per_second + 1] <= now() - interval '1 second')
          RETURNING s.seat, s.client_seed),
        p AS (
          INSERT INTO fish_plays AS p (wave_id, room_id, merchant_id, member_id, shots, bet, client_seed)
          SELECT w.id, w.room_id, ${shot.merchantId}, ${shot.memberId}, 1, ${shot.bet}, s.client_seed FROM w, s
          ON CONFLICT (wave_id, member_id) DO UPDATE
            SET shots = p.shots + 1, bet = p.bet + EXCLUDED.bet, client_seed = EXCLUDED.client_seed, updated_at = now()
          RETURNING p.id, p.shots - 1 AS nonce)
        SELECT now() AS now, r.id AS room_id, r.merchant_id AS room_merchant_id, r.maintenance, r.wave_seconds,
               r.shots_per_second,
               w.id AS wave_id, w.wave_no, w.starts_at, w.ends_at, w.server_seed, w.server_seed_hash, w.rtp_bps, w.bets,
               s.seat, s.client_seed, p.id AS play_id, p.nonce,
               EXISTS (SELECT 1 FROM fish_seats x WHERE x.room_id = r.id AND x.member_id = ${shot.memberId}) AS seated,
               EXISTS (SELECT 1 FROM fish_shots c WHERE c.wave_id = w.id AND c.fish_id = ${shot.fishId} AND c.caught)
                 AS gone,
               (SELECT q.id FROM fish_shots q WHERE q.member_id = ${shot.memberId}
                   AND q.request_id = ${shot.requestId}) AS replay_id
          FROM (SELECT 1) AS one
          LEFT JOIN r ON true LEFT JOIN w ON true LEFT JOIN s ON true LEFT JOIN p ON true`.execute(trx);
      const row = rows[0] as ShotStart;
      return {
        ...row,
        wave_id: row.wave_id === null ? null : Number(row.wave_id),
        wave_no: row.wave_no === null ? null : Number(row.wave_no),
        play_id: row.play_id === null ? null : Number(row.play_id),
        replay_id: row.replay_id === null ? null : Number(row.replay_id),
      };
    },

    /** The shot's row and its win added to the member's play, in one statement; the shot's id. */
    async insertShot(
      trx: Database,
      shot: Omit<ShotRow, 'id' | 'created_at'> & { merchant_id: number; entry_id: number },
    ): Promise<number> {
      const { rows } = await sql<{ id: number }>`
        WITH shot AS (
          INSERT INTO fish_shots (wave_id, play_id, merchant_id, member_id, request_id, seat, nonce, client_seed, fish_id,
                                  kind, bet, caught, multiplier, win, angle, entry_id)
          VALUES (${shot.wave_id}, ${shot.play_id}, ${shot.merchant_id}, ${shot.member_id}, ${shot.request_id},
                  ${shot.seat}, ${shot.nonce}, ${shot.client_seed}, ${shot.fish_id}, ${shot.kind}, ${shot.bet},
                  ${shot.caught}, ${shot.multiplier}, ${shot.win}, ${shot.angle}, ${shot.entry_id})
          RETURNING id),
        won AS (UPDATE fish_plays SET win = win + ${shot.win} WHERE id = ${shot.play_id} AND ${shot.win}::bigint > 0)
        SELECT id FROM shot`.execute(trx);
      return Number(rows[0]?.id);
    },

    async shotByRequest(db: Database, memberId: number, requestId: string) {
      const row = await withFishTables(db)
        .selectFrom('fish_shots')
        .select('id')
        .where('member_id', '=', memberId)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
      return row ? Number(row.id) : undefined;
    },

    async shot(db: Database, id: number) {
      const { rows } = await sql<Record<string, unknown>>`SELECT * FROM fish_shots WHERE id = ${id}`.execute(
        db,
      );
      return rows[0] ? toShot(rows[0]) : undefined;
    },

    /** The member's last plays (waves they shot in), newest first, of one room or all. */
    async recallPlays(db: Database, memberId: number, roomId: number | undefined, limit: number) {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT p.id AS play_id, p.bet AS total_bet, p.win AS total_win, p.client_seed AS play_seed, r.code,
               w.id, w.room_id, w.wave_no, w.starts_at, w.ends_at, w.server_seed, w.server_seed_hash, w.rtp_bps, w.bets
          FROM fish_plays p JOIN fish_waves w ON w.id = p.wave_id JOIN fish_rooms r ON r.id = p.room_id
         WHERE p.member_id = ${memberId} AND (${roomId ?? null}::int IS NULL OR p.room_id = ${roomId ?? null}::int)
         ORDER BY p.created_at DESC, p.id DESC
         LIMIT ${limit}`.execute(db);
      return rows.map((r) => ({
        wave: toWave(r),
        code: String(r.code),
        playId: Number(r.play_id),
        totalBet: Number(r.total_bet),
        totalWin: Number(r.total_win),
        clientSeed: String(r.play_seed),
      }));
    },

    async playShots(db: Database, playIds: number[]) {
      if (playIds.length === 0) return [];
      const { rows } = await sql<Record<string, unknown>>`
        SELECT * FROM fish_shots WHERE play_id = ANY(${playIds}::bigint[]) ORDER BY play_id, nonce`.execute(
        db,
      );
      return rows.map(toShot);
    },
  };
}

export type FishRepository = ReturnType<typeof fishRepository>;
