// The live studio in the catalogue and in live_tables (decision 053): vendor TLIVE with one LIVE product line whose
// games are the tables, so that the home page, the header menus and the lobby list them like any vendor's and the
// back office switches them off or puts them under maintenance like any vendor's. Made at start-up and kept in step
// with live-tables.ts: a new table gets its rows.
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { liveRepository } from './live.repository.ts';
import { liveTableDefinitions, liveVassalage, liveVendor } from './live-tables.ts';

/** Adds the studio's vendor, line, games and tables where missing (two processes at once make one of each). */
export async function syncLiveCatalogue(db: Database) {
  await db.transaction().execute(async (trx) => {
    await liveRepository().syncTables(
      trx,
      liveTableDefinitions.map((t) => ({
        code: t.code,
        game: t.game,
        name: t.name,
        min_bet: t.minBet,
        max_bet: t.maxBet,
        betting_seconds: t.bettingSeconds,
        result_seconds: t.resultSeconds,
      })),
    );
    await sql`
      INSERT INTO game_vendors (code, display_name, account_type_id, wallet_mode, in_house)
      SELECT ${liveVendor}, 'Tala Live', COALESCE(max(account_type_id), 99) + 1, 'seamless', true
        FROM game_vendors
      ON CONFLICT (code) DO NOTHING`.execute(trx);
    await sql`
      INSERT INTO game_vendor_lines (vendor_code, game_type, vassalage, display_name, is_game)
      VALUES (${liveVendor}, 'LIVE', ${liveVassalage}, 'Tala Live', 'GAME')
      ON CONFLICT DO NOTHING`.execute(trx);
    for (const table of liveTableDefinitions) {
      await sql`
        INSERT INTO games (line_node_id, game_code, name, game_class, game_group_code, min_bet, lines,
                           popularity, released_on)
        SELECT node_id, ${table.code}, ${table.name}, 'live', 'LIVE', ${table.minBet}, 0, 0, DATE '2026-11-26'
          FROM game_vendor_lines WHERE vassalage = ${liveVassalage}
        ON CONFLICT (line_node_id, game_code) DO NOTHING`.execute(trx);
    }
  });
}
