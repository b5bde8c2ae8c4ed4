import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { RoomRow } from './fish.repository.ts';

/** A wave's sums over one merchant's plays (the waves explorer). */
export type WaveTotals = {
  id: number;
  code: string;
  wave_no: number;
  starts_at: Date;
  ends_at: Date;
  rtp_bps: number;
  players: number;
  shots: number;
  stake: number;
  returned: number;
};

/** The back office's reads of the fish tables (fish-office.ts): waves, their shots, the P&L; one merchant's each. */
export function fishOfficeRepository() {
  return {
    /** Waves the merchant's members shot in (those matching `like` only), newest first, with the filtered total. */
    async wavesPage(
      db: Database,
      merchantId: number,
      q: {
        roomCode?: string | undefined;
        like: string | null;
        from: Date | null;
        to: Date | null;
        limit: number;
        offset: number;
      },
    ) {
      const { rows } = await sql<WaveTotals & { total: number }>`
        SELECT w.id, r.code, w.wave_no, w.starts_at, w.ends_at, w.rtp_bps,
               count(DISTINCT p.member_id)::int AS players, sum(p.shots)::int AS shots,
               sum(p.bet)::bigint AS stake, sum(p.win)::bigint AS returned, count(*) OVER ()::int AS total
          FROM fish_plays p
          JOIN fish_waves w ON w.id = p.wave_id
          JOIN fish_rooms r ON r.id = p.room_id
          JOIN members m ON m.id = p.member_id
         WHERE p.merchant_id = ${merchantId}
           AND (${q.roomCode ?? null}::text IS NULL OR r.code = ${q.roomCode ?? null}::text)
           AND (${q.like}::text IS NULL OR m.username ILIKE ${q.like}::text)
           AND (${q.from}::timestamptz IS NULL OR w.starts_at >= ${q.from}::timestamptz)
           AND (${q.to}::timestamptz IS NULL OR w.starts_at < ${q.to}::timestamptz)
         GROUP BY w.id, r.code
         ORDER BY w.starts_at DESC, w.id DESC
         LIMIT ${q.limit} OFFSET ${q.offset}`.execute(db);
      return rows;
    },

    async roomById(db: Database, id: number) {
      const { rows } = await sql<RoomRow>`SELECT * FROM fish_rooms WHERE id = ${id}`.execute(db);
      return rows[0];
    },

    /** A wave's shots by the merchant's members (matching `like`), newest first, at most 1,000. */
    async waveShots(db: Database, waveId: number, merchantId: number, like: string | null) {
      const { rows } = await sql<Record<string, unknown>>`
        SELECT s.id, m.username, s.seat, s.nonce, s.fish_id, s.kind, s.bet, s.caught, s.multiplier, s.win,
               s.client_seed, s.created_at, s.member_id
          FROM fish_shots s JOIN members m ON m.id = s.member_id
         WHERE s.wave_id = ${waveId} AND s.merchant_id = ${merchantId}
           AND (${like}::text IS NULL OR m.username ILIKE ${like}::text)
         ORDER BY s.id DESC LIMIT 1000`.execute(db);
      return rows;
    },

    async waveTotals(db: Database, waveId: number, merchantId: number, like: string | null) {
      const { rows } = await sql<{ players: number; shots: number; stake: number; returned: number }>`
        SELECT count(DISTINCT s.member_id)::int AS players, count(*)::int AS shots,
               coalesce(sum(s.bet), 0)::bigint AS stake, coalesce(sum(s.win), 0)::bigint AS returned
          FROM fish_shots s JOIN members m ON m.id = s.member_id
         WHERE s.wave_id = ${waveId} AND s.merchant_id = ${merchantId}
           AND (${like}::text IS NULL OR m.username ILIKE ${like}::text)`.execute(db);
      return rows;
    },

    /** Shots, players, stakes and wins by day of the shot (in `timeZone`) and room. */
    async report(db: Database, merchantId: number, range: { timeZone: string; from: Date; to: Date }) {
      const { rows } = await sql<{
        day: string;
        code: string;
        players: number;
        shots: number;
        stake: number;
        returned: number;
      }>`
        SELECT to_char(s.created_at AT TIME ZONE ${range.timeZone}, 'YYYY-MM-DD') AS day, r.code,
               count(DISTINCT s.member_id)::int AS players, count(*)::int AS shots,
               sum(s.bet)::bigint AS stake, sum(s.win)::bigint AS returned
          FROM fish_shots s JOIN fish_waves w ON w.id = s.wave_id JOIN fish_rooms r ON r.id = w.room_id
         WHERE s.merchant_id = ${merchantId} AND s.created_at >= ${range.from} AND s.created_at < ${range.to}
         GROUP BY day, r.code
         ORDER BY day DESC, r.code`.execute(db);
      return rows;
    },
  };
}
