import { stakeScaleOf } from '@tala/contracts/currencies';
import {
  type Classification,
  type Game,
  type GameListQuery,
  type GameType,
  minBetChoiceMinor,
  minBetChoices,
  type VendorCard,
} from '@tala/contracts/games';
import { moneyDisplay } from '@tala/contracts/money-format';
import { titleConfigs } from '@tala/slots/titles';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { changes } from '../../lib/change-feed.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { type GameRow, gamesRepository, type LineRow } from './games.repository.ts';
import { gameThumbnailSvg, vendorLogoSvg } from './thumbnails.ts';

/** Vendors whose SPORTS lines are shown as ESPORTS, unless a merchant configures its own list. */
const DEFAULT_ESPORTS_VENDORS = ['ARENA_ES', 'LARO_ES'];
/** Header and menu order; bingo goes just after fish (spec §2). */
const MENU_ORDER = ['RNG', 'LIVE', 'FISH', 'BINGO', 'PVP', 'SPORTS', 'ESPORTS', 'LOTT', 'ELOTT'] as const;
// Operators' changes drop every process's views at once (the change feed's `catalogue` and `merchants`); the age
// bounds a view if a notification is lost.
const CACHE_MS = 60_000;
const HOT_LIST_SIZE = 24;
const studioTitles = new Set(titleConfigs.map((t) => t.code));

type Entry = {
  game: Game;
  /** The least bet in minor units of the merchant's currency (the shared catalogue's peso figure scaled). */
  minBetMinor: number;
  popularity: number;
  sort: number;
  search: string;
  lineNodeId: number;
};
type Catalogue = {
  lines: VendorCard[];
  lineByVassalage: Map<string, VendorCard>;
  entries: Entry[];
  /** The same entries (in the same order) indexed by vendor line and by game type, so filters scan less. */
  byVassalage: Map<string, Entry[]>;
  byType: Map<GameType, Entry[]>;
  byNodeId: Map<number, Entry>;
  bingoEnabled: boolean;
};

function formatMinor(minor: number, exponent: number): string {
  if (exponent === 0) return String(minor);
  const text = String(minor).padStart(exponent + 1, '0');
  const units = `${text.slice(0, -exponent)}.${text.slice(-exponent)}`;
  return units.replace(/\.?0+$/, '');
}

function compareEntries(a: Entry, b: Entry) {
  return a.sort - b.sort || b.popularity - a.popularity || a.game.nodeId - b.game.nodeId;
}

/**
 * The game catalogue as each merchant sees it. It is read-mostly and small (10,000 games ≈ a few MB), so each
 * merchant's view is built once from the database and kept in memory for a few seconds; lists filter in memory.
 */
export function gamesService(db: Database) {
  const repository = gamesRepository(db);
  const cache = new Map<number, { at: number; catalogue: Promise<Catalogue> }>();
  /** Counts the drops: a rebuild begun before a change does not land after it. */
  let generation = 0;
  changes.subscribe((change) => {
    if (change.on !== 'catalogue' && change.on !== 'merchants' && change.on !== 'all') return;
    cache.clear();
    generation += 1;
  });

  async function build(merchant: Merchant): Promise<Catalogue> {
    const settings = merchant.settings as Merchant['settings'] & { esportsVendors?: string[] };
    const esports = new Set(settings.esportsVendors ?? DEFAULT_ESPORTS_VENDORS);
    const exponent = moneyDisplay(settings.whitelabel).currencyExponent;
    // The shared catalogue's least bets are the peso's figures, read scaled by each merchant's members (decision
    // 069); a merchant's own games (its fish rooms) and its currency's (bingo rooms) are already in its currency.
    const scale = stakeScaleOf(settings.whitelabel.currency);
    const bingoEnabled = settings.whitelabel.supportedLanguages.includes('TY');
    const [lineRows, gameRows] = await Promise.all([
      repository.lines(merchant.id),
      repository.games(merchant.id),
    ]);

    const typeOf = (line: LineRow): GameType =>
      (line.game_type === 'SPORTS' && esports.has(line.vendor_code) ? 'ESPORTS' : line.game_type) as GameType;
    const lineRowById = new Map(lineRows.map((l) => [l.node_id, l]));
    const lines: VendorCard[] = lineRows
      .filter((l) => l.enabled)
      .sort((a, b) => a.sort_order - b.sort_order || a.display_name.localeCompare(b.display_name))
      .map((l) => ({
        nodeId: l.node_id,
        vendor: l.vendor_code,
        vassalage: l.vassalage,
        gameType: typeOf(l),
        displayName: l.display_name,
        accountTypeId: l.account_type_id,
        isHot: l.is_hot ? 1 : 0,
        isGame: l.is_game,
        maintenance: l.maintenance,
        logoUrl: `/lgw/games/vendor-logo/${l.vendor_code}.svg`,
      }));
    const lineByVassalage = new Map(lines.map((l) => [l.vassalage, l]));

    const entries: Entry[] = [];
    for (const row of gameRows as GameRow[]) {
      const line = lineRowById.get(row.line_node_id);
      if (!line?.enabled || !row.enabled) continue;
      if (row.classification === 'BG' && !bingoEnabled) continue;
      // The studio's catalogue rows open only when the slot engine has the title (in-house bingo rooms are not slots).
      if (
        line.in_house &&
        line.game_type === 'RNG' &&
        row.classification !== 'BG' &&
        !studioTitles.has(row.game_code)
      )
        continue;
      const card = lineByVassalage.get(line.vassalage);
      if (!card) continue;
      // A merchant's own game and a currency's (a bingo room) are in that currency already.
      const minBetMinor =
        row.merchant_id === null && row.currency === null ? row.min_bet * scale : row.min_bet;
      entries.push({
        game: {
          nodeId: row.node_id,
          vassalage: line.vassalage,
          gameType: card.gameType,
          gameGroupCode: row.game_group_code,
          isGame: line.is_game,
          defaultPlayType: row.default_play_type,
          vendor: line.vendor_code,
          accountTypeName: line.vendor_code,
          gameCode: row.game_code,
          code: row.game_code,
          name: row.name,
          imageUrl: `/lgw/games/thumb/${row.node_id}.svg`,
          classification: row.classification as Classification | null,
          gameClass: row.game_class,
          minBet: formatMinor(minBetMinor, exponent),
          lines: row.lines,
          rtp: row.rtp_bp === null ? null : (row.rtp_bp / 100).toFixed(2),
          isHot: row.is_hot ? 1 : 0,
          maintenance: row.maintenance || line.maintenance,
          inHouse: line.in_house,
        },
        minBetMinor,
        popularity: row.popularity,
        sort: row.sort_order,
        search: `${row.name} ${row.name_ty ?? ''}`.toLowerCase(),
        lineNodeId: row.line_node_id,
      });
    }
    entries.sort(compareEntries);
    const byVassalage = new Map<string, Entry[]>();
    const byType = new Map<GameType, Entry[]>();
    for (const e of entries) {
      const line = byVassalage.get(e.game.vassalage) ?? [];
      if (line.length === 0) byVassalage.set(e.game.vassalage, line);
      line.push(e);
      const type = byType.get(e.game.gameType) ?? [];
      if (type.length === 0) byType.set(e.game.gameType, type);
      type.push(e);
    }
    return {
      lines,
      lineByVassalage,
      entries,
      byVassalage,
      byType,
      byNodeId: new Map(entries.map((e) => [e.game.nodeId, e])),
      bingoEnabled,
    };
  }

  /**
   * The merchant's view; once older than CACHE_MS it is rebuilt in the background while requests keep being
   * answered from the previous view (another process may have changed the catalogue).
   */
  function catalogue(merchant: Merchant): Promise<Catalogue> {
    const cached = cache.get(merchant.id);
    if (cached && Date.now() - cached.at < CACHE_MS) return cached.catalogue;
    const next = build(merchant);
    if (cached) {
      cached.at = Date.now();
      const started = generation;
      next.then(
        () => {
          if (generation === started) cache.set(merchant.id, { at: Date.now(), catalogue: next });
        },
        () => {},
      );
      return cached.catalogue;
    }
    cache.set(merchant.id, { at: Date.now(), catalogue: next });
    next.catch(() => cache.delete(merchant.id));
    return next;
  }

  function lineOf(c: Catalogue, vassalage: string): VendorCard {
    const line = c.lineByVassalage.get(vassalage);
    if (!line) throw new AppError('unknown_vendor', 'vassalage');
    return line;
  }

  return {
    /** Forgets every merchant's view in every process, after an operator changes the catalogue. */
    invalidate() {
      changes.publish(db, { on: 'catalogue' });
    },

    async vendors(merchant: Merchant, gameType?: GameType): Promise<VendorCard[]> {
      const c = await catalogue(merchant);
      return gameType ? c.lines.filter((l) => l.gameType === gameType) : c.lines;
    },

    async menus(merchant: Merchant) {
      const c = await catalogue(merchant);
      const bingoLines = new Set(
        c.entries.filter((e) => e.game.classification === 'BG').map((e) => e.game.vassalage),
      );
      return MENU_ORDER.map((type) => ({
        gameType: type,
        vendors:
          type === 'BINGO'
            ? c.lines.filter((l) => bingoLines.has(l.vassalage))
            : c.lines.filter((l) => l.gameType === type && !bingoOnly(l.vassalage)),
      })).filter((menu) => menu.vendors.length > 0 && (menu.gameType !== 'BINGO' || c.bingoEnabled));

      function bingoOnly(vassalage: string) {
        return (
          bingoLines.has(vassalage) &&
          !c.entries.some((e) => e.game.vassalage === vassalage && e.game.classification !== 'BG')
        );
      }
    },

    async list(merchant: Merchant, query: GameListQuery) {
      const c = await catalogue(merchant);
      if (query.vassalage) lineOf(c, query.vassalage);
      if (query.gameClassify === 'BG' && !c.bingoEnabled)
        throw new AppError('validation_failed', 'gameClassify');
      const minBet = query.minBet
        ? minBetChoiceMinor(query.minBet, merchant.settings.whitelabel.currency)
        : undefined;
      const name = query.gameName?.toLowerCase();
      const base = query.vassalage
        ? (c.byVassalage.get(query.vassalage) ?? [])
        : query.gameType
          ? (c.byType.get(query.gameType) ?? [])
          : c.entries;
      const matches = base.filter(
        (e) =>
          (!query.gameType || e.game.gameType === query.gameType) &&
          (!query.vassalage || e.game.vassalage === query.vassalage) &&
          (!query.gameClassify || e.game.classification === query.gameClassify) &&
          (minBet === undefined || e.minBetMinor === minBet) &&
          (!query.minLineNum || e.game.lines >= query.minLineNum) &&
          (!name || e.search.includes(name)),
      );
      const totalPages = Math.ceil(matches.length / query.pageSize);
      if (query.pageNo > Math.max(totalPages, 1)) throw new AppError('page_out_of_range', 'pageNo');
      const start = (query.pageNo - 1) * query.pageSize;
      return {
        list: matches.slice(start, start + query.pageSize).map((e) => e.game),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total: matches.length,
        totalPages,
      };
    },

    /** One page of hot games: the merchant's hot-flagged games first, then the most played. */
    async hot(
      merchant: Merchant,
      filter: { vassalage?: string | undefined; gameType?: GameType | undefined },
    ) {
      const c = await catalogue(merchant);
      if (filter.vassalage) lineOf(c, filter.vassalage);
      const pool = c.entries.filter(
        (e) =>
          (!filter.vassalage || e.game.vassalage === filter.vassalage) &&
          (!filter.gameType || e.game.gameType === filter.gameType),
      );
      return [...pool]
        .sort((a, b) => b.game.isHot - a.game.isHot || b.popularity - a.popularity)
        .slice(0, HOT_LIST_SIZE)
        .map((e) => e.game);
    },

    async popular(merchant: Merchant, count: number) {
      const c = await catalogue(merchant);
      return [...c.entries]
        .filter((e) => e.game.gameType === 'RNG' || e.game.gameType === 'FISH')
        .sort((a, b) => b.popularity - a.popularity)
        .slice(0, count)
        .map((e) => e.game);
    },

    async vassalageTypes(merchant: Merchant, vassalage: string) {
      const c = await catalogue(merchant);
      const line = lineOf(c, vassalage);
      const games = c.entries.filter((e) => e.game.vassalage === vassalage);
      const counts = new Map<Classification, number>();
      for (const e of games)
        if (e.game.classification)
          counts.set(e.game.classification, (counts.get(e.game.classification) ?? 0) + 1);
      return {
        vassalage,
        gameType: line.gameType,
        classifications: [...counts].map(([code, count]) => ({ code, count })),
        // The filter's choices (the values the list takes) that find some of the line's games, smallest first.
        minBets: minBetChoices.filter((choice) => {
          const minor = minBetChoiceMinor(choice, merchant.settings.whitelabel.currency);
          return games.some((e) => e.minBetMinor === minor);
        }),
      };
    },

    /** A game the merchant offers, or unknown_game. */
    async game(merchant: Merchant, nodeId: number): Promise<Game> {
      const entry = (await catalogue(merchant)).byNodeId.get(nodeId);
      if (!entry) throw new AppError('unknown_game', 'nodeId');
      return entry.game;
    },

    /** The merchant's games among these node ids, in the order given (unknown or disabled ones are left out). */
    async gamesByNodeIds(merchant: Merchant, nodeIds: number[]): Promise<Game[]> {
      const c = await catalogue(merchant);
      return nodeIds.flatMap((id) => {
        const entry = c.byNodeId.get(id);
        return entry ? [entry.game] : [];
      });
    },

    /** The studio's catalogue game of a slot title code, if the merchant offers it. */
    async inHouseGame(merchant: Merchant, gameCode: string): Promise<Game | undefined> {
      const c = await catalogue(merchant);
      return c.entries.find((e) => e.game.inHouse && e.game.gameCode === gameCode)?.game;
    },

    /** Every vendor line of the merchant (enabled), by vassalage: its product (game type) and vendor. */
    async lineMap(merchant: Merchant): Promise<Map<string, VendorCard>> {
      return (await catalogue(merchant)).lineByVassalage;
    },

    /**
     * A new merchant's offer (decision 060): every vendor line outside the vendors and game types it offers is
     * switched off for it (absent lists offer everything). unknown_vendor for a vendor code of no vendor.
     */
    async offerOnly(
      executor: Database,
      merchantId: number,
      offer: { vendors?: readonly string[] | undefined; products?: readonly string[] | undefined },
    ) {
      const lines = await repository.allLines(executor);
      const known = new Set(lines.map((l) => l.vendor_code));
      const unknown = offer.vendors?.find((v) => !known.has(v));
      if (unknown) throw new AppError('unknown_vendor', 'vendors');
      for (const line of lines) {
        const offered =
          (!offer.vendors || offer.vendors.includes(line.vendor_code)) &&
          (!offer.products || offer.products.includes(line.game_type));
        if (!offered) {
          await repository.setLineSwitches(executor, merchantId, line.node_id, {
            enabled: false,
            is_hot: false,
            maintenance: false,
            sort_order: 0,
          });
        }
      }
      cache.delete(merchantId);
    },

    /** Codes of the third-party vendors (false) or of our own studio (true). */
    vendorCodes(inHouse: boolean) {
      return repository.vendorCodes(inHouse);
    },

    /** The vendors of the merchant's enabled lines that keep their own (transfer) wallet (payments, issue 4). */
    async transferVendors(merchant: Merchant) {
      return (await repository.transferVendors(merchant.id)).map((v) => ({
        vendorCode: v.code,
        displayName: v.display_name,
      }));
    },

    /** The SVG thumbnail of any catalogue game (thumbnails are public, like a vendor's image host). */
    async thumbnail(nodeId: number): Promise<string> {
      const game = await repository.gameName(nodeId);
      if (!game) throw new AppError('unknown_game', 'nodeId');
      return gameThumbnailSvg(game);
    },

    async vendorLogo(code: string): Promise<string> {
      const vendor = await repository.vendor(code);
      if (!vendor) throw new AppError('unknown_vendor', 'code');
      return vendorLogoSvg(vendor.code, vendor.display_name);
    },
  };
}

export type GamesService = ReturnType<typeof gamesService>;
