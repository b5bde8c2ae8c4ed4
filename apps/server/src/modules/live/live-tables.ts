// The studio's tables (decision 053): kept in step with live_tables and the game catalogue at start-up, so a new
// table here is all it takes to open one. Limits are per spot and round, in centavos: each merchant's members read
// them (and the chips) scaled to its currency (decision 069).
import type { BingoGame, BingoPatternCode } from '@tala/contracts/bingo';
import { type CurrencyCode, scaleStake } from '@tala/contracts/currencies';
import type { LiveGame } from '@tala/contracts/live';
import type { TableRow } from './live.repository.ts';

export type TableDefinition = {
  code: string;
  game: LiveGame;
  name: string;
  minBet: number;
  maxBet: number;
  bettingSeconds: number;
  resultSeconds: number;
};

export const liveTableDefinitions: readonly TableDefinition[] = [
  {
    code: 'BAC-1',
    game: 'baccarat',
    name: 'Baccarat Maynila',
    minBet: 1_000,
    maxBet: 5_000_000,
    bettingSeconds: 15,
    resultSeconds: 10,
  },
  {
    code: 'BAC-2',
    game: 'baccarat',
    name: 'Speed Baccarat Cebu',
    minBet: 2_000,
    maxBet: 10_000_000,
    bettingSeconds: 10,
    resultSeconds: 8,
  },
  {
    code: 'DT-1',
    game: 'dragon_tiger',
    name: 'Dragon Tiger Davao',
    minBet: 1_000,
    maxBet: 5_000_000,
    bettingSeconds: 10,
    resultSeconds: 6,
  },
  {
    code: 'SB-1',
    game: 'sicbo',
    name: 'Sic Bo Iloilo',
    minBet: 1_000,
    maxBet: 2_000_000,
    bettingSeconds: 15,
    resultSeconds: 8,
  },
  {
    code: 'ROU-1',
    game: 'roulette',
    name: 'Roulette Boracay',
    minBet: 1_000,
    maxBet: 2_000_000,
    bettingSeconds: 20,
    resultSeconds: 10,
  },
];

/** The chips a table offers, in centavos (P10, P50, P100, P500, P1,000), scaled like the limits (decision 069). */
export const liveChipValues: readonly number[] = [1_000, 5_000, 10_000, 50_000, 100_000];

/** The in-house live studio in the catalogue: vendor, its one product line and the line's game type. */
export const liveVendor = 'TLIVE';
export const liveVassalage = `${liveVendor}_LIVE`;

/** The studio's bingo rooms (decision 055) in the catalogue: a line of their own that the site's /bingo lists. */
export const bingoVassalage = `${liveVendor}_BINGO`;

export type RoomPrize = { pattern: BingoPatternCode; sharePermille: number };

export type RoomDefinition = {
  code: string;
  game: BingoGame;
  name: string;
  /** The room's currency: only merchants trading in it offer the room (decision 069). */
  currency: CurrencyCode;
  /** Minor units of the room's currency. */
  cardPrice: number;
  maxCards: number;
  saleSeconds: number;
  ballMs: number;
  /** In the order played. */
  prizes: RoomPrize[];
};

export const bingoBalls = { bingo75: 75, bingo90: 90 } as const;
/** What a room's game shows after its last possible ball before the next game opens. */
const roomPauseSeconds = 5;

/**
 * A room's result time: every ball at its interval (the last prize may need the last ball), the payout's pause after
 * it, and a pause before the next game. Round n still opens at epoch + n × (sale + result).
 */
export function roomResultSeconds(game: BingoGame, ballMs: number): number {
  return Math.ceil(((bingoBalls[game] + 1) * ballMs) / 1000) + roomPauseSeconds;
}

/** The studio's peso rooms (card prices in centavos). */
const pesoRooms: readonly RoomDefinition[] = [
  {
    code: 'BGO-75',
    game: 'bingo75',
    name: 'Bingo 75 Quiapo',
    currency: 'PHP',
    cardPrice: 500,
    maxCards: 12,
    saleSeconds: 60,
    ballMs: 3_000,
    // A 75-ball pattern of its own beside the lines: the four corners.
    prizes: [
      { pattern: 'line', sharePermille: 150 },
      { pattern: 'fourCorners', sharePermille: 100 },
      { pattern: 'twoLines', sharePermille: 150 },
      { pattern: 'fullHouse', sharePermille: 450 },
    ],
  },
  {
    code: 'BGO-90',
    game: 'bingo90',
    name: 'Bingo 90 Vigan',
    currency: 'PHP',
    cardPrice: 1_000,
    maxCards: 12,
    saleSeconds: 60,
    ballMs: 3_000,
    prizes: [
      { pattern: 'oneLine', sharePermille: 150 },
      { pattern: 'twoLines', sharePermille: 200 },
      { pattern: 'fullHouse', sharePermille: 500 },
    ],
  },
];

/**
 * The dong's rooms (decision 069): the peso rooms' settings, their card price times the dong's stake scale (P5 →
 * 5,000 ₫, P10 → 10,000 ₫). Room codes are unique, so they have codes of their own.
 */
const dongRooms: readonly RoomDefinition[] = [
  { code: 'BGO-VN75', name: 'Bingo 75 Hội An' },
  { code: 'BGO-VN90', name: 'Bingo 90 Huế' },
].map((room, i) => {
  const peso = pesoRooms[i] as RoomDefinition;
  return { ...peso, ...room, currency: 'VND', cardPrice: scaleStake(peso.cardPrice, 'VND') };
});

/**
 * The studio's rooms, one set per currency it opens rooms in: a room's sales are all in its currency, and a merchant
 * whose currency has no room offers none.
 */
export const bingoRoomDefinitions: readonly RoomDefinition[] = [...pesoRooms, ...dongRooms];

/** Whether a live_tables row is a bingo room (else a live casino table). */
export function isRoom<T extends { game: string }>(row: T): row is T & { game: BingoGame } {
  return row.game === 'bingo75' || row.game === 'bingo90';
}

/** Whether a live_tables row is a live casino table. */
export function isTable<T extends { game: string }>(row: T): row is T & { game: LiveGame } {
  return !isRoom(row);
}

/** A room's settings as a game was made with them (live_rounds.room). */
export type RoomSettings = {
  game: BingoGame;
  /** The currency of the card price (and so of every sale and prize of the game). */
  currency: string;
  cardPrice: number;
  maxCards: number;
  ballMs: number;
  prizes: RoomPrize[];
};

export function roomSettingsOf(row: TableRow): RoomSettings {
  if (!isRoom(row)) throw new Error(`${row.code} is not a bingo room`);
  return {
    game: row.game,
    currency: row.currency ?? 'PHP',
    cardPrice: Number(row.card_price),
    maxCards: Number(row.max_cards),
    ballMs: Number(row.ball_ms),
    prizes: (typeof row.prize_shares === 'string'
      ? JSON.parse(row.prize_shares)
      : row.prize_shares) as RoomPrize[],
  };
}
