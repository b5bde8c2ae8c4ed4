// The PvP card tables in the catalogue and in pvp_tables (decision 057): vendor TPVP with one PVP product line whose
// games are the tables, so that the home page, the header menus and the lobby list them like any vendor's and the
// back office switches them off or puts them under maintenance like any vendor's. Every merchant gets the default
// tables (its own rows: members of two merchants never share a table); operators change them in the back office.

import { scaleStake } from '@tala/contracts/currencies';
import { formatMoney, moneyDisplay } from '@tala/contracts/money-format';
import type { PvpGame } from '@tala/contracts/pvp';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { withPvpTables } from './pvp.tables.ts';

export const pvpVendor = 'TPVP';
export const pvpVassalage = `${pvpVendor}_PVP`;

export type PvpTableDefinition = {
  code: string;
  game: PvpGame;
  /** The catalogue's name (the peso table's). */
  name: string;
  /** The table's name for a merchant, its stakes written in the merchant's currency. */
  label: (money: (centavos: number) => string) => string;
  stake: number;
  seats: number;
  minBuyIn: number;
  maxBuyIn: number;
  rakeBps: number;
  rakeCap: number;
  turnSeconds: number;
};

/**
 * The tables every merchant starts with: small and larger stakes of each game, in centavos, each merchant's rows
 * scaled to its currency (decision 069: a dong merchant's small Hold'em is 5,000 ₫/10,000 ₫).
 */
export const pvpTableDefinitions: readonly PvpTableDefinition[] = [
  {
    code: 'HOLDEM-10',
    game: 'HOLDEM',
    name: "Hold'em P5/P10",
    label: (m) => `Hold'em ${m(500)}/${m(1_000)}`,
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
    label: (m) => `Hold'em ${m(5_000)}/${m(10_000)}`,
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
    label: (m) => `Pusoy Dos ${m(500)}`,
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
    label: (m) => `Tongits ${m(1_000)}`,
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
    const merchants = await trx.selectFrom('merchants').select(['id', 'settings']).execute();
    for (const merchant of merchants) {
      const whitelabel = merchant.settings.whitelabel ?? {};
      const code = whitelabel.currency;
      const display = { ...moneyDisplay(whitelabel), displayDecimals: 0 };
      const scaled = (centavos: number) => scaleStake(centavos, code);
      const money = (centavos: number) => formatMoney(scaled(centavos), display, 'EN');
      for (const t of pvpTableDefinitions) {
        await withPvpTables(trx)
          .insertInto('pvp_tables')
          .values({
            merchant_id: merchant.id,
            code: t.code,
            game: t.game,
            name: t.label(money),
            stake: scaled(t.stake),
            seats: t.seats,
            min_buy_in: scaled(t.minBuyIn),
            max_buy_in: scaled(t.maxBuyIn),
            rake_bps: t.rakeBps,
            rake_cap: scaled(t.rakeCap),
            turn_seconds: t.turnSeconds,
          })
          .onConflict((oc) => oc.columns(['merchant_id', 'code']).doNothing())
          .execute();
      }
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
