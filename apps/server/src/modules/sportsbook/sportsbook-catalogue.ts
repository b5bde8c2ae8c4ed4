// The in-house sportsbook in the game catalogue (decision 058): vendors TSPORTS and TESPORTS, each with one line (a
// SPORTS line and an ESPORTS one, whatever a merchant's esports vendor list says) and one lobby game, so that the
// header's Sports and Esports menus, the home page and the vendor lists show the in-house book as a provider like any
// vendor's. The site opens them on /sports and /esports, not through a vendor launch. A line switched off in the
// back office leaves the menus; the book's betting does not read the catalogue's switches (yet).
import {
  type SportsbookProduct,
  sportsbookLines,
  sportsbookVendors,
} from '@tala/contracts/sportsbook-vendors';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { defaultSportsbookSettings } from './sportsbook-settings.ts';

const names: Record<SportsbookProduct, string> = { SPORTS: 'Tala Sports', ESPORTS: 'Tala Esports' };

/** The lobby game of each line (its code the vendor's): what the lobby's game list shows of the book. */
export const sportsbookLobbyGame = (product: SportsbookProduct) => `${sportsbookVendors[product]}-BOOK`;

/** Adds the two vendors, their lines and lobby games where missing (two processes at once make one of each). */
export async function syncSportsbookCatalogue(db: Database) {
  // The catalogue's least bet: the book's least single stake.
  const minBet = Number(defaultSportsbookSettings.single.minStake);
  await db.transaction().execute(async (trx) => {
    for (const product of ['SPORTS', 'ESPORTS'] as const) {
      const vendor = sportsbookVendors[product];
      const line = sportsbookLines[product];
      await sql`
        INSERT INTO game_vendors (code, display_name, account_type_id, wallet_mode, in_house)
        SELECT ${vendor}, ${names[product]}, COALESCE(max(account_type_id), 99) + 1, 'seamless', true
          FROM game_vendors
        ON CONFLICT (code) DO NOTHING`.execute(trx);
      await sql`
        INSERT INTO game_vendor_lines (vendor_code, game_type, vassalage, display_name, is_game)
        VALUES (${vendor}, ${product}, ${line}, ${names[product]}, 'LOBBY')
        ON CONFLICT DO NOTHING`.execute(trx);
      await sql`
        INSERT INTO games (line_node_id, game_code, name, game_class, game_group_code, min_bet, lines,
                           popularity, released_on)
        SELECT node_id, ${sportsbookLobbyGame(product)}, ${names[product]}, 'sportsbook', ${product}, ${minBet}, 0, 0,
               DATE '2026-11-27'
          FROM game_vendor_lines WHERE vassalage = ${line}
        ON CONFLICT (line_node_id, game_code) DO NOTHING`.execute(trx);
    }
  });
}
