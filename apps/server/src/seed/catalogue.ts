import { analyseTitle } from '@tala/slots/analysis';
import { toNumber } from '@tala/slots/fraction';
import { titleByCode, titleConfigs } from '@tala/slots/titles';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';

/**
 * The demo game catalogue: 34 fictional vendors with realistic product lines and game names, generated
 * deterministically (the same seed gives the same catalogue on every machine). The full scale gives over
 * 10,000 games; tests use a smaller scale of the same shape.
 */

type LineType = 'RNG' | 'FISH' | 'LIVE' | 'PVP' | 'SPORTS' | 'LOTT' | 'ELOTT';
type LineSpec = { type: LineType; games: number; isGame: 'GAME' | 'VASSALAGE' | 'LOBBY' };
type VendorSpec = {
  code: string;
  name: string;
  /** Games per product line, in line order. */
  games: Partial<Record<LineType, number>>;
  /** How the vendor's lines open (spec §3 isGame): a game each (default), a popup list, or one lobby. */
  isGame?: 'VASSALAGE' | 'LOBBY';
  wallet?: 'seamless' | 'transfer';
  inHouse?: boolean;
};

const vendors: VendorSpec[] = [
  { code: 'TALA', name: 'Tala Originals', games: { RNG: 24 }, inHouse: true },
  { code: 'MABUHAY', name: 'Mabuhay Gaming', games: { RNG: 676, FISH: 28 } },
  { code: 'PERLAS', name: 'Perlas Studio', games: { RNG: 624, PVP: 60 } },
  { code: 'BAGWIS', name: 'Bagwis Play', games: { RNG: 585, FISH: 24 } },
  { code: 'SAMPAGUITA', name: 'Sampaguita Slots', games: { RNG: 546 } },
  { code: 'HARIBON', name: 'Haribon Games', games: { RNG: 520, FISH: 20 } },
  { code: 'LUNTIAN', name: 'Luntian Interactive', games: { RNG: 507 } },
  { code: 'DIWATA', name: 'Diwata Gaming', games: { RNG: 494, PVP: 40 } },
  { code: 'KIDLAT', name: 'Kidlat Entertainment', games: { RNG: 481, FISH: 30 } },
  { code: 'ARAW', name: 'Araw Slots', games: { RNG: 468 } },
  { code: 'BULAKLAK', name: 'Bulaklak Studio', games: { RNG: 455 } },
  { code: 'MAYON', name: 'Mayon Gaming', games: { RNG: 442, PVP: 50 } },
  { code: 'ILOG', name: 'Ilog Games', games: { RNG: 429, FISH: 18 } },
  { code: 'BITUIN', name: 'Bituin Play', games: { RNG: 416 } },
  { code: 'DAGAT', name: 'Dagat Interactive', games: { RNG: 403, FISH: 26 } },
  { code: 'HANGIN', name: 'Hangin Gaming', games: { RNG: 390 } },
  { code: 'PALAY', name: 'Palay Studio', games: { RNG: 377, PVP: 36 } },
  { code: 'TAGUMPAY', name: 'Tagumpay Games', games: { RNG: 364 } },
  { code: 'GINTO', name: 'Ginto Slots', games: { RNG: 351 } },
  { code: 'LAKAN', name: 'Lakan Live', games: { LIVE: 140 }, isGame: 'VASSALAGE' },
  { code: 'DALISAY', name: 'Dalisay Live Casino', games: { LIVE: 120 }, isGame: 'VASSALAGE' },
  { code: 'MARIKIT', name: 'Marikit Live', games: { LIVE: 110 }, isGame: 'VASSALAGE' },
  { code: 'TANGLAW', name: 'Tanglaw Live', games: { LIVE: 100 }, isGame: 'VASSALAGE' },
  { code: 'SABONG', name: 'Sabong Arena', games: { LIVE: 12 }, isGame: 'LOBBY' },
  { code: 'BAHAGHARI', name: 'Bahaghari Cards', games: { PVP: 90 } },
  { code: 'TALA_SPORTS', name: 'Tala Sportsbook', games: { SPORTS: 1 }, wallet: 'transfer', isGame: 'LOBBY' },
  { code: 'PALARO', name: 'Palaro Sports', games: { SPORTS: 1 }, isGame: 'LOBBY' },
  { code: 'ARENA_ES', name: 'Arena Esports', games: { SPORTS: 1 }, isGame: 'LOBBY' },
  { code: 'LARO_ES', name: 'Laro Esports', games: { SPORTS: 1 }, isGame: 'LOBBY' },
  { code: 'TCG_LOTTO_VN', name: 'Vietnam Lottery', games: { LOTT: 40 } },
  { code: 'TCG_SEA', name: 'SEA Lottery', games: { LOTT: 30 } },
  { code: 'SUERTE', name: 'Suerte E-Lottery', games: { ELOTT: 36 } },
  { code: 'BINGGO', name: 'Binggo Hall', games: { RNG: 60 } },
  { code: 'KALAW', name: 'Kalaw Arcade', games: { RNG: 380, FISH: 16 } },
];

/** Vendors whose SPORTS lines are shown as ESPORTS (the configured split of spec §3). */
export const demoEsportsVendors = ['ARENA_ES', 'LARO_ES'];

const adjectives = [
  'Golden',
  'Lucky',
  'Mighty',
  'Wild',
  'Fortune',
  'Royal',
  'Jade',
  'Crimson',
  'Silver',
  'Blazing',
  'Mystic',
  'Eternal',
  'Emerald',
  'Sapphire',
  'Thunder',
  'Dancing',
  'Hidden',
  'Sacred',
  'Rising',
  'Twin',
  'Ancient',
  'Sunset',
  'Island',
  'Neon',
  'Frozen',
  'Jungle',
  'Ocean',
  'Cosmic',
  'Magic',
  'Happy',
  'Grand',
  'Shining',
];
const nouns = [
  'Dragon',
  'Tiger',
  'Koi',
  'Phoenix',
  'Panda',
  'Carabao',
  'Eagle',
  'Pearl',
  'Lotus',
  'Mango',
  'Volcano',
  'Treasure',
  'Empire',
  'Temple',
  'Fiesta',
  'Jeepney',
  'Monkey',
  'Lion',
  'Buffalo',
  'Mermaid',
  'Pirate',
  'Samurai',
  'Genie',
  'Pharaoh',
  'Gems',
  'Fruits',
  'Bells',
  'Stars',
  'Coins',
  'Lantern',
  'Wolf',
  'Turtle',
];
const suffixes = [
  '',
  ' Deluxe',
  ' Megaways',
  ' Hold & Win',
  ' Riches',
  ' Rush',
  ' Blitz',
  ' Link',
  ' Gold',
  ' 2',
];
const tagalog: Record<string, string> = {
  Golden: 'Gintong',
  Lucky: 'Masuwerteng',
  Dragon: 'Dragon',
  Tiger: 'Tigre',
  Treasure: 'Kayamanan',
  Fortune: 'Kapalarang',
};

const liveNames = [
  'Baccarat',
  'Speed Baccarat',
  'Roulette',
  'Blackjack',
  'Sic Bo',
  'Dragon Tiger',
  'Fan Tan',
  'Andar Bahar',
  'Color Game',
  'Poker',
];
const pvpNames = [
  'Tongits',
  'Pusoy',
  'Lucky 9',
  'Pusoy Dos',
  "Texas Hold'em",
  'Niu Niu',
  'Teen Patti',
  'Rummy',
  'Mahjong',
  'Blackjack Duel',
];
const fishNames = [
  'Ocean King',
  'Fishing Fiesta',
  'Deep Sea Hunter',
  'Mermaid Hunt',
  'Golden Shark',
  'Coral Reef',
  'Lucky Fishing',
];
const lottNames = [
  'Vietnam North',
  'Vietnam South',
  'Vietnam Central',
  '11X5',
  'K3',
  'PK10',
  'SSC',
  'LHC',
  'PCB',
  'LF',
  'CHAIN',
];
const bingoNames = [
  'Bingo Fiesta',
  'Bingo Pinoy',
  'Speed Bingo',
  'Bingo Bonanza',
  'Lucky Bingo',
  'Bingo Blast',
];

/** mulberry32: a small deterministic PRNG, for reproducible demo data only (never for outcomes). */
function prng(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const slotClasses = [
  { classification: null, gameClass: 'slot', weight: 60 },
  { classification: 'JP', gameClass: 'jackpot', weight: 10 },
  { classification: 'SC', gameClass: 'accumulative', weight: 8 },
  { classification: 'VP', gameClass: 'video_poker', weight: 5 },
  { classification: 'TG', gameClass: 'table', weight: 7 },
  { classification: 'AC', gameClass: 'arcade', weight: 6 },
  { classification: null, gameClass: 'mini', weight: 4 },
] as const;

type GameRow = {
  line_node_id: number;
  game_code: string;
  name: string;
  name_ty: string | null;
  classification: string | null;
  game_class: string;
  game_group_code: string;
  default_play_type: string | null;
  min_bet: number;
  lines: number;
  rtp_bp: number | null;
  popularity: number;
  released_on: string;
};

/**
 * The slot studio's titles (packages/slots) as catalogue rows, with their declared RTP computed from the reels.
 * Release dates and popularity come from the generated rows, so the rest of the catalogue stays as it was.
 */
function studioRows(generated: GameRow[], lineNodeId: number): GameRow[] {
  return titleConfigs.map((config, i) => {
    const title = titleByCode(config.code);
    if (!title) throw new Error(`slot title ${config.code} does not compile`);
    const template = generated[i] ?? generated[0];
    return {
      line_node_id: lineNodeId,
      game_code: config.code,
      name: config.name.EN,
      name_ty: config.name.TY,
      classification: 'JP',
      game_class: 'jackpot',
      game_group_code: 'SLOT',
      default_play_type: null,
      min_bet: config.bets[0] ?? 100,
      lines: config.lines,
      rtp_bp: Math.round(toNumber(analyseTitle(title).totalRtp) * 10_000),
      popularity: template?.popularity ?? 0,
      released_on: template?.released_on ?? '2026-11-01',
    };
  });
}

/** Inserts the catalogue once (does nothing when vendors exist). `scale` shrinks every line for quick tests. */
export async function seedCatalogue(db: Database, scale = 1): Promise<number> {
  const existing = await db.selectFrom('game_vendors').select('code').limit(1).execute();
  if (existing.length > 0) return 0;
  const random = prng(20261121);
  // A list of one is no choice: it draws nothing, so a fixed value does not shift the rest of the catalogue.
  const pick = <T>(items: readonly T[]): T =>
    (items.length === 1 ? items[0] : items[Math.floor(random() * items.length)]) as T;
  let inserted = 0;
  await db.transaction().execute(async (trx) => {
    let accountTypeId = 100;
    for (const vendor of vendors) {
      await trx
        .insertInto('game_vendors')
        .values({
          code: vendor.code,
          display_name: vendor.name,
          account_type_id: accountTypeId++,
          wallet_mode: vendor.wallet ?? 'seamless',
          in_house: vendor.inHouse ?? false,
        })
        .execute();
      for (const [type, games] of Object.entries(vendor.games) as [LineType, number][]) {
        const line: LineSpec = { type, games, isGame: vendor.isGame ?? 'GAME' };
        const { node_id: lineNodeId } = await trx
          .insertInto('game_vendor_lines')
          .values({
            vendor_code: vendor.code,
            game_type: line.type,
            vassalage: `${vendor.code}_${line.type}`,
            display_name: vendor.name,
            is_game: line.isGame,
          })
          .returning('node_id')
          .executeTakeFirstOrThrow();
        const count = line.games <= 2 ? line.games : Math.max(2, Math.round(line.games * scale));
        const rows: GameRow[] = [];
        const used = new Set<string>();
        for (let i = 0; i < count; i++) {
          const row = gameRow(vendor, line, lineNodeId, i, random, pick, used);
          rows.push(row);
        }
        // The in-house vendor's line is the slot studio's playable titles, not generated names.
        const seeded = vendor.inHouse ? studioRows(rows, lineNodeId) : rows;
        for (let start = 0; start < seeded.length; start += 500) {
          await trx
            .insertInto('games')
            .values(seeded.slice(start, start + 500))
            .execute();
        }
        inserted += seeded.length;
      }
    }
    // Two lines are hot for every merchant out of the box, as an operator would set them.
    await sql`INSERT INTO merchant_vendor_lines (merchant_id, node_id, is_hot, sort_order)
      SELECT m.id, l.node_id, true, 0 FROM merchants m JOIN game_vendor_lines l ON l.vassalage IN ('MABUHAY_RNG', 'LAKAN_LIVE')`.execute(
      trx,
    );
  });
  return inserted;
}

function gameRow(
  vendor: VendorSpec,
  line: LineSpec,
  lineNodeId: number,
  index: number,
  random: () => number,
  pick: <T>(items: readonly T[]) => T,
  used: Set<string>,
): GameRow {
  const code = `${vendor.code}-${line.type}-${String(index + 1).padStart(4, '0')}`;
  const released = new Date(Date.UTC(2019, 0, 1) + Math.floor(random() * 2500) * 86_400_000)
    .toISOString()
    .slice(0, 10);
  const base = {
    line_node_id: lineNodeId,
    game_code: code,
    name_ty: null as string | null,
    default_play_type: null as string | null,
    popularity: Math.floor(random() ** 3 * 100_000),
    released_on: released,
  };
  const unique = (make: () => string) => {
    for (let attempt = 0; attempt < 50; attempt++) {
      const name = make();
      if (!used.has(name)) {
        used.add(name);
        return name;
      }
    }
    const fallback = `${make()} ${index + 1}`;
    used.add(fallback);
    return fallback;
  };
  if (line.type === 'SPORTS') {
    const esports = demoEsportsVendors.includes(vendor.code);
    return {
      ...base,
      name: vendor.name,
      classification: null,
      game_class: esports ? 'esports' : 'sports',
      game_group_code: esports ? 'ESPORTS' : 'SPORTS',
      min_bet: 1000,
      lines: 0,
      rtp_bp: null,
    };
  }
  const kind = generatedKinds[kindOf(vendor, line)];
  if (kind) {
    return {
      ...base,
      name: unique(() => `${pick(kind.names)} ${pick(kind.variants)}`.trim()),
      classification: kind.classification ?? null,
      game_class: kind.gameClass,
      game_group_code: kind.groupCode,
      default_play_type: kind.playType ?? null,
      min_bet: pick(kind.minBets),
      lines: 0,
      rtp_bp: kind.rtpBp,
    };
  }
  // Video slots: a weighted classification, a name in English and (where the words have one) in Tagalog.
  const klass = weighted(random);
  const adjective = pick(adjectives);
  const noun = pick(nouns);
  const name = unique(() => `${adjective} ${noun}${pick(suffixes)}`);
  const ty =
    tagalog[adjective] || tagalog[noun]
      ? `${tagalog[adjective] ?? adjective} ${tagalog[noun] ?? noun}`
      : null;
  return {
    ...base,
    name,
    name_ty: ty,
    classification: klass.classification,
    game_class: klass.gameClass,
    game_group_code: 'SLOT',
    min_bet: pick([1, 1, 5, 10, 50, 75]),
    lines: pick([5, 9, 10, 20, 25, 40, 50, 243, 1024]),
    rtp_bp: 9400 + Math.floor(random() * 500),
  };
}

/** Games other than video slots and sports: a name from a list and a variant, the rest fixed or picked. */
type GeneratedKind = {
  names: readonly string[];
  variants: readonly string[];
  classification?: string;
  gameClass: string;
  groupCode: string;
  playType?: string;
  minBets: readonly number[];
  rtpBp: number | null;
};
const lottery = {
  names: lottNames,
  variants: ['1 min', '3 min', '5 min', 'Daily', 'Night', 'Express', 'Classic'],
  gameClass: 'lottery',
  playType: 'standard',
  minBets: [100, 200, 500],
  rtpBp: null,
};
const generatedKinds: Partial<Record<string, GeneratedKind>> = {
  BINGO: {
    names: bingoNames,
    variants: ['75', '90', '30', 'Extra', 'Turbo', 'Gold', 'Royale'],
    classification: 'BG',
    gameClass: 'bingo',
    groupCode: 'BINGO',
    minBets: [1, 5, 10],
    rtpBp: 9500,
  },
  FISH: {
    names: fishNames,
    variants: ['', '2', 'Deluxe', 'Jackpot', 'Fiesta'],
    gameClass: 'fish',
    groupCode: 'FISH',
    minBets: [1, 10, 50],
    rtpBp: 9600,
  },
  COCKFIGHT: {
    names: ['Sabong Arena'],
    variants: ['Manila', 'Cebu', 'Davao', 'Iloilo', 'Bacolod', 'Pampanga'],
    gameClass: 'cockfighting',
    groupCode: 'COCKFIGHT',
    minBets: [1000],
    rtpBp: null,
  },
  LIVE: {
    names: liveNames,
    variants: ['A', 'B', 'C', 'D', 'VIP', 'Squeeze', 'Classic', 'Speed', 'Lightning', 'Pinoy'],
    gameClass: 'live',
    groupCode: 'LIVE',
    playType: 'table',
    minBets: [1000, 2000, 5000],
    rtpBp: null,
  },
  PVP: {
    names: pvpNames,
    variants: ['Classic', 'Turbo', 'Club', 'Royale', 'VIP', 'Mini', 'Pro'],
    gameClass: 'card',
    groupCode: 'CARD',
    minBets: [100, 500, 1000],
    rtpBp: null,
  },
  LOTT: { ...lottery, groupCode: 'LOTT' },
  ELOTT: { ...lottery, groupCode: 'ELOTT' },
};

/** The bingo hall's RNG line is bingo, the arena's live line is cockfighting; other lines are their product. */
function kindOf(vendor: VendorSpec, line: LineSpec): string {
  if (vendor.code === 'BINGGO') return 'BINGO';
  if (vendor.code === 'SABONG') return 'COCKFIGHT';
  return line.type;
}

function weighted(random: () => number) {
  const total = slotClasses.reduce((sum, c) => sum + c.weight, 0);
  let roll = random() * total;
  for (const c of slotClasses) {
    roll -= c.weight;
    if (roll < 0) return c;
  }
  return slotClasses[0];
}

export const catalogueVendorCount = vendors.length;
