// The fish rooms in the catalogue (docs/decisions/056-fish-rooms.md): vendor TFISH with one FISH line; each room is a
// game of that line that only its merchant offers (games.merchant_id), so the header's fish menu, the home page and
// the lobby list it like any vendor's game, and the back office's switches (off, maintenance) stop its shots.
import { scaleStake } from '@tala/contracts/currencies';
import { fishVassalage, fishVendor } from '@tala/contracts/fish';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { fishRepository } from './fish.repository.ts';

/**
 * The demo merchant's rooms (seeded with the demo data). Bets in centavos, P1, P2, P5, P10 and P10–P100, scaled to
 * the merchant's currency when seeded (decision 069: 1,000 ₫ … 10,000 ₫ and 10,000 ₫ … 100,000 ₫ for the dong).
 */
export const demoFishRooms = [
  {
    code: 'FISH-1',
    name: 'Fishing Maynila',
    bets: [100, 200, 500, 1_000],
    rtp_bps: 9_600,
    shots_per_second: 5,
    wave_seconds: 60,
  },
  {
    code: 'FISH-2',
    name: 'Deep Sea Palawan',
    bets: [1_000, 2_000, 5_000, 10_000],
    rtp_bps: 9_600,
    shots_per_second: 5,
    wave_seconds: 60,
  },
] as const;

export type FishRoomDefinition = {
  code: string;
  name: string;
  bets: readonly number[];
  rtp_bps: number;
  shots_per_second: number;
  wave_seconds: number;
};

/** The VND demo merchant's rooms (room codes are unique across merchants): the same bets, scaled to the dong. */
export const saoMaiFishRooms = [
  { ...demoFishRooms[0], code: 'FISH-VN1', name: 'Câu Cá Hạ Long' },
  { ...demoFishRooms[1], code: 'FISH-VN2', name: 'Biển Sâu Phú Quốc' },
] as const;

/** The vendor and its line, where missing (two processes at once make one of each). */
export async function syncFishVendor(db: Database) {
  await sql`
    INSERT INTO game_vendors (code, display_name, account_type_id, wallet_mode, in_house)
    SELECT ${fishVendor}, 'Tala Fishing', COALESCE(max(account_type_id), 99) + 1, 'seamless', true FROM game_vendors
    ON CONFLICT (code) DO NOTHING`.execute(db);
  await sql`
    INSERT INTO game_vendor_lines (vendor_code, game_type, vassalage, display_name, is_game)
    VALUES (${fishVendor}, 'FISH', ${fishVassalage}, 'Tala Fishing', 'GAME')
    ON CONFLICT DO NOTHING`.execute(db);
}

/** A room's catalogue game: made with the room, its name, least bet and return kept in step when it is saved. */
export async function syncRoomGame(
  trx: Database,
  room: { merchant_id: number; code: string; name: string; bets: readonly number[]; rtp_bps: number },
) {
  const minBet = Math.min(...room.bets);
  await sql`
    UPDATE games g SET name = ${room.name}, min_bet = ${minBet}, rtp_bp = ${room.rtp_bps}
      FROM game_vendor_lines l
     WHERE l.node_id = g.line_node_id AND l.vassalage = ${fishVassalage} AND g.game_code = ${room.code}`.execute(
    trx,
  );
  await sql`
    INSERT INTO games (line_node_id, game_code, name, game_class, game_group_code, min_bet, lines, rtp_bp, popularity,
                       released_on, merchant_id)
    SELECT node_id, ${room.code}, ${room.name}, 'fish', 'FISH', ${minBet}, 0, ${room.rtp_bps}, 0, DATE '2026-11-26',
           ${room.merchant_id}
      FROM game_vendor_lines WHERE vassalage = ${fishVassalage}
    ON CONFLICT (line_node_id, game_code) DO NOTHING`.execute(trx);
}

/** The demo rooms of a merchant (the seed), with their catalogue games, their bets in the merchant's currency. */
export async function seedFishRooms(
  db: Database,
  merchantId: number,
  rooms: readonly FishRoomDefinition[] = demoFishRooms,
) {
  await syncFishVendor(db);
  const repository = fishRepository();
  await db.transaction().execute(async (trx) => {
    const merchant = await trx
      .selectFrom('merchants')
      .select('currency')
      .where('id', '=', merchantId)
      .executeTakeFirstOrThrow();
    for (const room of rooms) {
      const bets = room.bets.map((bet) => scaleStake(bet, merchant.currency));
      await repository.insertRoom(trx, { ...room, bets, merchant_id: merchantId, maintenance: false });
      await syncRoomGame(trx, { ...room, bets, merchant_id: merchantId });
    }
  });
}
