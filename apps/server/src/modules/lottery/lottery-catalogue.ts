// The in-house lottery in the game catalogue (decision 043): vendor LOTT with one LOTT product line whose games are
// the lottery's games, so that the home page, the header menus and the lobby list them like any vendor's, and the
// back office switches them off or puts them under maintenance like any vendor's (the lottery then refuses bets).
// Made at start-up and kept in step with packages/lottery's registry: a new game gets its catalogue row.
import { lotteryGames } from '@tala/lottery/games';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { lotteryVendor } from './betting.ts';

export const lotteryVassalage = `${lotteryVendor}_LOTT`;

/**
 * Adds the lottery's vendor, line and games to the catalogue where missing (two processes at once make one of
 * each). The catalogue's demo seed fills an empty catalogue first, so this runs after it.
 */
export async function syncLotteryCatalogue(db: Database) {
  await db.transaction().execute(async (trx) => {
    await sql`
      INSERT INTO game_vendors (code, display_name, account_type_id, wallet_mode, in_house)
      SELECT ${lotteryVendor}, 'Tala Lottery', COALESCE(max(account_type_id), 99) + 1, 'seamless', true
        FROM game_vendors
      ON CONFLICT (code) DO NOTHING`.execute(trx);
    await sql`
      INSERT INTO game_vendor_lines (vendor_code, game_type, vassalage, display_name, is_game)
      VALUES (${lotteryVendor}, 'LOTT', ${lotteryVassalage}, 'Tala Lottery', 'GAME')
      ON CONFLICT DO NOTHING`.execute(trx);
    for (const game of lotteryGames) {
      const minBet = Math.min(...game.betTypes.map((t) => t.stake.min));
      await sql`
        INSERT INTO games (line_node_id, game_code, name, game_class, game_group_code, min_bet, lines,
                           popularity, released_on)
        SELECT node_id, ${game.code}, ${game.name}, 'lottery', 'LOTT', ${minBet}, 0, 0, DATE '2026-11-26'
          FROM game_vendor_lines WHERE vassalage = ${lotteryVassalage}
        ON CONFLICT (line_node_id, game_code) DO NOTHING`.execute(trx);
    }
  });
}
