// The PvP card tables in the catalogue and in pvp_tables (decision 057): vendor TPVP with one PVP product line whose
// games are the tables, so that the home page, the header menus and the lobby list them like any vendor's and the
// back office switches them off or puts them under maintenance like any vendor's. Every merchant gets the default
// tables (its own rows: members of two merchants never share a table); operators change them in the back office.

import type { PvpGame } from '@tala/contracts/pvp';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { withPvpTables } from './pvp.tables.ts';

export const pvpVendor = 'TPVP';
export const pvpVassalage = `${pvpVendor}_PVP`;

export type PvpTableDefinition = {
  code: string;
  game: PvpGame;
  name: string;
  stake: number;
  seats: number;
  minBuyIn: number;
  maxBuyIn: number;
  rakeBps: number;
  rakeCap: number;
  turnSeconds: number;
};

/** The tables every merchant starts with (amounts in centavos): small and larger stakes of each game. */
export const pvpTableDefinitions: readonly PvpTableDefinition[] = [
  {
    code: 'HOLDEM-10',
    game: 'HOLDEM',
    name: "Hold'em P5/P10",
    stake: 1_000,
    seats: 6,
    minBuyIn: 20_000,
    maxBuyIn: 100_000,
    rakeBps: 500,
    rakeCap: 3_000,
    turnSeconds: 20,
  },
  {
    code: 'HOLDEM-100',
    game: 'HOLDEM',
    name: "Hold'em P50/P100",
    stake: 10_000,
    seats: 6,
    minBuyIn: 200_000,
    maxBuyIn: 1_000_000,
    rakeBps: 400,
    rakeCap: 20_000,
    turnSeconds: 20,
  },
  {
    code: 'PUSOY-5',
    game: 'PUSOY',
    name: 'Pusoy Dos P5',
    stake: 500,
    seats: 4,
    minBuyIn: 20_000,
    maxBuyIn: 100_000,
    rakeBps: 500,
    rakeCap: 5_000,
    turnSeconds: 20,
  },
  {
    code: 'TONGITS-10',
    game: 'TONGITS',
    name: 'Tongits P10',
    stake: 1_000,
    seats: 3,
    minBuyIn: 10_000,
    maxBuyIn: 100_000,
    rakeBps: 500,
    rakeCap: 5_000,
    turnSeconds: 25,
  },
];

/** Adds the vendor, line, games and every merchant's default tables where missing (idempotent, two processes too). */
export async function syncPvpCatalogue(db: Database) {
  await db.transaction().execute(async (trx) => {
    for (const t of pvpTableDefinitions) {
      await withPvpTables(trx)
        .insertInto('pvp_tables')
        .columns([
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
        ])
        .expression((eb) =>
          eb
            .selectFrom('merchants')
            .select([
              'id',
              sql.lit(t.code).as('code'),
              sql.lit(t.game).as('game'),
              sql.lit(t.name).as('name'),
              sql.lit(t.stake).as('stake'),
              sql.lit(t.seats).as('seats'),
              sql.lit(t.minBuyIn).as('min_buy_in'),
              sql.lit(t.maxBuyIn).as('max_buy_in'),
              sql.lit(t.rakeBps).as('rake_bps'),
              sql.lit(t.rakeCap).as('rake_cap'),
              sql.lit(t.turnSeconds).as('turn_seconds'),
            ]),
        )
        .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
        .execute();
    }
    await sql`
      INSERT INTO game_vendors (code, display_name, account_type_id, wallet_mode, in_house)
      SELECT ${pvpVendor}, 'Tala Cards', COALESCE(max(account_type_id), 99) + 1, 'seamless', true
        FROM game_vendors
      ON CONFLICT (code) DO NOTHING`.execute(trx);
    await sql`
      INSERT INTO game_vendor_lines (vendor_code, game_type, vassalage, display_name, is_game)
      VALUES (${pvpVendor}, 'PVP', ${pvpVassalage}, 'Tala Cards', 'GAME')
      ON CONFLICT DO NOTHING`.execute(trx);
    for (const t of pvpTableDefinitions) {
      await sql`
        INSERT INTO games (line_node_id, game_code, name, game_class, game_group_code, min_bet, lines,
                           popularity, released_on)
        SELECT node_id, ${t.code}, ${t.name}, 'pvp', 'PVP', ${t.stake}, 0, 0, DATE '2026-11-26'
          FROM game_vendor_lines WHERE vassalage = ${pvpVassalage}
        ON CONFLICT (line_node_id, game_code) DO NOTHING`.execute(trx);
    }
  });
}
