import { type Generated, type Kysely, sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/** A game (`g`) of every currency, or of the merchant's (a bingo room, decision 069). */
const ofMerchantCurrency = (merchantId: number) =>
  sql<boolean>`(g.currency IS NULL OR g.currency = (SELECT currency FROM merchants WHERE id = ${merchantId}))`;

/** The favourites table (migrations/022_favourites.sql), known only to this module. */
export type FavouritesTables = {
  member_favourite_games: {
    member_id: number;
    /** Copied from the member when not given (migration 081, decision 063). */
    merchant_id: Generated<number>;
    node_id: number;
    created_at: Generated<Date>;
  };
};
function favourites(db: Database): Kysely<FavouritesTables> {
  return db.withTables<FavouritesTables>() as unknown as Kysely<FavouritesTables>;
}

export type Switches = { enabled: boolean; is_hot: boolean; maintenance: boolean; sort_order: number };

export type LineRow = {
  node_id: number;
  vendor_code: string;
  game_type: string;
  vassalage: string;
  display_name: string;
  is_game: 'GAME' | 'VASSALAGE' | 'LOBBY';
  account_type_id: number;
  in_house: boolean;
  enabled: boolean;
  is_hot: boolean;
  maintenance: boolean;
  sort_order: number;
};

export type GameRow = {
  node_id: number;
  line_node_id: number;
  game_code: string;
  name: string;
  name_ty: string | null;
  classification: string | null;
  game_class: string;
  game_group_code: string;
  default_play_type: string | null;
  min_bet: number;
  /** The merchant whose own game this is (its fish rooms, in its currency); null for the shared catalogue. */
  merchant_id: number | null;
  /** The currency whose merchants only offer this game (a bingo room's), its least bet in it; null: every one's. */
  currency: string | null;
  lines: number;
  rtp_bp: number | null;
  popularity: number;
  enabled: boolean;
  is_hot: boolean;
  maintenance: boolean;
  sort_order: number;
};

export function gamesRepository(db: Database) {
  return {
    /** Every vendor line with this merchant's switches (a missing switch row means the defaults). */
    lines(merchantId: number): Promise<LineRow[]> {
      return db
        .selectFrom('game_vendor_lines as l')
        .innerJoin('game_vendors as v', 'v.code', 'l.vendor_code')
        .leftJoin('merchant_vendor_lines as m', (join) =>
          join.onRef('m.node_id', '=', 'l.node_id').on('m.merchant_id', '=', merchantId),
        )
        .select((eb) => [
          'l.node_id',
          'l.vendor_code',
          'l.game_type',
          'l.vassalage',
          'l.display_name',
          'l.is_game',
          'v.account_type_id',
          'v.in_house',
          eb.fn.coalesce('m.enabled', eb.lit(true)).as('enabled'),
          eb.fn.coalesce('m.is_hot', eb.lit(false)).as('is_hot'),
          eb.fn.coalesce('m.maintenance', eb.lit(false)).as('maintenance'),
          eb.fn.coalesce('m.sort_order', eb.lit(0)).as('sort_order'),
        ])
        .orderBy('l.node_id')
        .execute();
    },

    games(merchantId: number): Promise<GameRow[]> {
      return (
        db
          .selectFrom('games as g')
          .leftJoin('merchant_games as m', (join) =>
            join.onRef('m.node_id', '=', 'g.node_id').on('m.merchant_id', '=', merchantId),
          )
          // A merchant's own games (its fish rooms) are in its catalogue only, a currency's (bingo rooms) in its
          // merchants' only.
          .where((eb) => eb.or([eb('g.merchant_id', 'is', null), eb('g.merchant_id', '=', merchantId)]))
          .where(ofMerchantCurrency(merchantId))
          .select((eb) => [
            'g.node_id',
            'g.line_node_id',
            'g.game_code',
            'g.name',
            'g.name_ty',
            'g.classification',
            'g.game_class',
            'g.game_group_code',
            'g.default_play_type',
            'g.min_bet',
            'g.merchant_id',
            'g.currency',
            'g.lines',
            'g.rtp_bp',
            'g.popularity',
            eb.fn.coalesce('m.enabled', eb.lit(true)).as('enabled'),
            eb.fn.coalesce('m.is_hot', eb.lit(false)).as('is_hot'),
            eb.fn.coalesce('m.maintenance', eb.lit(false)).as('maintenance'),
            eb.fn.coalesce('m.sort_order', eb.lit(0)).as('sort_order'),
          ])
          .orderBy('g.node_id')
          .execute()
      );
    },

    async vendorCodes(inHouse: boolean): Promise<string[]> {
      const rows = await db
        .selectFrom('game_vendors')
        .select('code')
        .where('in_house', '=', inHouse)
        .orderBy('code')
        .execute();
      return rows.map((r) => r.code);
    },

    /** Vendors of the merchant's enabled product lines that keep their own (transfer) wallet. */
    transferVendors(merchantId: number) {
      return db
        .selectFrom('game_vendors as v')
        .innerJoin('game_vendor_lines as l', 'l.vendor_code', 'v.code')
        .leftJoin('merchant_vendor_lines as s', (join) =>
          join.onRef('s.node_id', '=', 'l.node_id').on('s.merchant_id', '=', merchantId),
        )
        .select(['v.code', 'v.display_name'])
        .where('v.wallet_mode', '=', 'transfer')
        .where((eb) => eb.or([eb('s.enabled', 'is', null), eb('s.enabled', '=', true)]))
        .groupBy(['v.code', 'v.display_name'])
        .orderBy('v.code')
        .execute();
    },

    vendor(code: string) {
      return db
        .selectFrom('game_vendors')
        .select(['code', 'display_name'])
        .where('code', '=', code)
        .executeTakeFirst();
    },

    async favouriteNodeIds(memberId: number): Promise<number[]> {
      const rows = await favourites(db)
        .selectFrom('member_favourite_games')
        .select('node_id')
        .where('member_id', '=', memberId)
        .orderBy('created_at', 'desc')
        .orderBy('node_id', 'desc')
        .execute();
      return rows.map((r) => r.node_id);
    },

    async addFavourite(memberId: number, nodeId: number) {
      await favourites(db)
        .insertInto('member_favourite_games')
        .values({ member_id: memberId, node_id: nodeId })
        .onConflict((oc) => oc.columns(['member_id', 'node_id']).doNothing())
        .execute();
    },

    async removeFavourite(memberId: number, nodeId: number) {
      await favourites(db)
        .deleteFrom('member_favourite_games')
        .where('member_id', '=', memberId)
        .where('node_id', '=', nodeId)
        .execute();
    },

    /** Game counts per vendor line (back office). */
    async gameCounts(): Promise<Map<number, number>> {
      const rows = await db
        .selectFrom('games')
        .select((eb) => ['line_node_id', eb.fn.countAll<number>().as('count')])
        .groupBy('line_node_id')
        .execute();
      return new Map(rows.map((r) => [r.line_node_id, Number(r.count)]));
    },

    /** A page of games with this merchant's switches, filtered by line and name (back office). */
    async adminGames(
      merchantId: number,
      filters: { vassalage?: string | undefined; name?: string | undefined; nodeId?: number },
      page: { limit: number; offset: number },
    ) {
      const base = db
        .selectFrom('games as g')
        .innerJoin('game_vendor_lines as l', 'l.node_id', 'g.line_node_id')
        .leftJoin('merchant_games as m', (join) =>
          join.onRef('m.node_id', '=', 'g.node_id').on('m.merchant_id', '=', merchantId),
        )
        .leftJoin('merchant_vendor_lines as ml', (join) =>
          join.onRef('ml.node_id', '=', 'l.node_id').on('ml.merchant_id', '=', merchantId),
        )
        .where((eb) => eb.or([eb('g.merchant_id', 'is', null), eb('g.merchant_id', '=', merchantId)]))
        .where(ofMerchantCurrency(merchantId))
        .$if(filters.nodeId !== undefined, (q) => q.where('g.node_id', '=', filters.nodeId as number))
        .$if(Boolean(filters.vassalage), (q) => q.where('l.vassalage', '=', filters.vassalage as string))
        .$if(Boolean(filters.name), (q) =>
          q.where('g.name', 'ilike', `%${(filters.name as string).replace(/[%_\\]/g, '\\$&')}%`),
        );
      const total = await base.select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow();
      const rows = await base
        .select((eb) => [
          'g.node_id',
          'g.name',
          'g.game_code',
          'g.min_bet',
          'g.popularity',
          'l.vendor_code',
          'l.vassalage',
          eb.fn.coalesce('m.enabled', eb.lit(true)).as('enabled'),
          eb.fn.coalesce('m.is_hot', eb.lit(false)).as('is_hot'),
          eb.fn.coalesce('m.maintenance', eb.lit(false)).as('maintenance'),
          eb.fn.coalesce('m.sort_order', eb.lit(0)).as('sort_order'),
          eb.fn.coalesce('ml.enabled', eb.lit(true)).as('line_enabled'),
          eb.fn.coalesce('ml.maintenance', eb.lit(false)).as('line_maintenance'),
        ])
        .orderBy('l.vassalage')
        .orderBy('g.node_id')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, total: Number(total.count) };
    },

    lineSwitches(executor: Database, merchantId: number, nodeId: number) {
      return executor
        .selectFrom('merchant_vendor_lines')
        .select(['enabled', 'is_hot', 'maintenance', 'sort_order'])
        .where('merchant_id', '=', merchantId)
        .where('node_id', '=', nodeId)
        .executeTakeFirst();
    },

    gameSwitches(executor: Database, merchantId: number, nodeId: number) {
      return executor
        .selectFrom('merchant_games')
        .select(['enabled', 'is_hot', 'maintenance', 'sort_order'])
        .where('merchant_id', '=', merchantId)
        .where('node_id', '=', nodeId)
        .executeTakeFirst();
    },

    /** Every vendor line of the catalogue, with its vendor and game type. */
    allLines(executor: Database) {
      return executor
        .selectFrom('game_vendor_lines')
        .select(['node_id', 'vendor_code', 'game_type'])
        .execute();
    },

    async setLineSwitches(executor: Database, merchantId: number, nodeId: number, values: Switches) {
      await executor
        .insertInto('merchant_vendor_lines')
        .values({ merchant_id: merchantId, node_id: nodeId, ...values })
        .onConflict((oc) => oc.columns(['merchant_id', 'node_id']).doUpdateSet(values))
        .execute();
    },

    async setGameSwitches(executor: Database, merchantId: number, nodeId: number, values: Switches) {
      await executor
        .insertInto('merchant_games')
        .values({ merchant_id: merchantId, node_id: nodeId, ...values })
        .onConflict((oc) => oc.columns(['merchant_id', 'node_id']).doUpdateSet(values))
        .execute();
    },

    lineExists(nodeId: number) {
      return db
        .selectFrom('game_vendor_lines')
        .select('node_id')
        .where('node_id', '=', nodeId)
        .executeTakeFirst();
    },

    gameExists(nodeId: number) {
      return db.selectFrom('games').select('node_id').where('node_id', '=', nodeId).executeTakeFirst();
    },

    vendors() {
      return db
        .selectFrom('game_vendors')
        .select(['code', 'display_name', 'in_house'])
        .orderBy('code')
        .execute();
    },

    gameName(nodeId: number) {
      return db
        .selectFrom('games as g')
        .innerJoin('game_vendor_lines as l', 'l.node_id', 'g.line_node_id')
        .select(['g.node_id', 'g.name', 'g.game_class', 'l.vendor_code', 'l.game_type'])
        .where('g.node_id', '=', nodeId)
        .executeTakeFirst();
    },
  };
}
