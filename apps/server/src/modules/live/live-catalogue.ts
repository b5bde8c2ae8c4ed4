// The live studio in the catalogue and in live_tables (decision 053): vendor TLIVE with one LIVE product line whose
// games are the tables, so that the home page, the header menus and the lobby list them like any vendor's and the
// back office switches them off or puts them under maintenance like any vendor's. Made at start-up and kept in step
// with live-tables.ts: a new table gets its rows. The bingo rooms are vendor TLIVE's BINGO line (decision 055).
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { liveRepository } from './live.repository.ts';
import {
  bingoRoomDefinitions,
  bingoVassalage,
  liveTableDefinitions,
  liveVassalage,
  liveVendor,
  roomResultSeconds,
} from './live-tables.ts';

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
    // The bingo rooms (decision 055): rows of live_tables too, their limits and result time from their settings.
    await liveRepository().syncTables(
      trx,
      bingoRoomDefinitions.map((r) => ({
        code: r.code,
        game: r.game,
        name: r.name,
        min_bet: r.cardPrice,
        max_bet: r.cardPrice * r.maxCards,
        betting_seconds: r.saleSeconds,
        result_seconds: roomResultSeconds(r.game, r.ballMs),
        card_price: r.cardPrice,
        max_cards: r.maxCards,
        ball_ms: r.ballMs,
        prize_shares: JSON.stringify(r.prizes),
        currency: r.currency,
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
    // The rooms are bingo games (classification BG of an RNG line, as the site's /bingo lists them) of their own line,
    // each offered by the merchants of its currency only, its least bet (the card price) in that currency.
    await sql`
      INSERT INTO game_vendor_lines (vendor_code, game_type, vassalage, display_name, is_game)
      VALUES (${liveVendor}, 'RNG', ${bingoVassalage}, 'Tala Bingo', 'GAME')
      ON CONFLICT DO NOTHING`.execute(trx);
    for (const room of bingoRoomDefinitions) {
      const rtpBp = room.prizes.reduce((sum, p) => sum + p.sharePermille, 0) * 10;
      await sql`
        INSERT INTO games (line_node_id, game_code, name, classification, game_class, game_group_code, min_bet,
                           lines, rtp_bp, popularity, released_on, currency)
        SELECT node_id, ${room.code}, ${room.name}, 'BG', 'bingo', 'BINGO', ${room.cardPrice}, 0, ${rtpBp}, 0,
               DATE '2026-11-26', ${room.currency}
          FROM game_vendor_lines WHERE vassalage = ${bingoVassalage}
        ON CONFLICT (line_node_id, game_code) DO NOTHING`.execute(trx);
    }
  });
}
