import { z } from 'zod';
import { envelope } from './envelope.ts';
import { requestId, tableCode } from './live.ts';

/**
 * The card tables where members play each other (issue 17; docs/decisions/057-pvp-tables.md), under
 * /wps/relay/GLS2_roomList (spec §7), /wps/game/launchGame and /wps/pvp/*. A table is a merchant's (members of two
 * merchants never share one); a member sits with a buy-in moved from the main wallet into the table wallet
 * (member_vendor TPVP: the stack is that account's balance) and gets it back on leaving. Each hand is dealt from a
 * deck whose seed's SHA-256 is shown before the deal and the seed after; at its end one ledger entry moves the
 * chips between the seats and the rake to the house. Moves go over HTTP with the hand's move number (`seq`), so a
 * replayed or late move is refused; the socket only says that a table changed (frame `pvpTable`), and each client
 * reads its own view (its cards) again. Amounts are integer minor units.
 */

export const pvpGames = ['HOLDEM', 'PUSOY', 'TONGITS'] as const;
export const pvpGame = z.enum(pvpGames);
export type PvpGame = z.infer<typeof pvpGame>;

export const pvpTable = z.object({
  code: z.string(),
  game: pvpGame,
  name: z.string(),
  /** Hold'em: the big blind. Pusoy Dos and Tongits: the value of one point. */
  stake: z.number().int(),
  /** Seats at the table, and how many are taken. */
  seats: z.number().int(),
  seated: z.number().int(),
  minBuyIn: z.number().int(),
  maxBuyIn: z.number().int(),
  /** The house's share of what is won, stated before sitting: basis points of the pot, and its most per hand. */
  rakeBps: z.number().int(),
  rakeCap: z.number().int(),
  turnSeconds: z.number().int(),
  maintenance: z.boolean(),
});
export type PvpTable = z.infer<typeof pvpTable>;

export const pvpSeat = z.object({
  seat: z.number().int(),
  /** The member's masked name ("de***"). */
  name: z.string(),
  stack: z.number().int(),
  mine: z.boolean(),
  /** Dealt into the hand running now. */
  inHand: z.boolean(),
  /** Has asked to leave after this hand. */
  leaving: z.boolean(),
});
export type PvpSeat = z.infer<typeof pvpSeat>;

export const pvpHandOutcome = z.object({
  seats: z.array(
    z.object({
      seat: z.number().int(),
      stack: z.number().int(),
      net: z.number().int(),
      hand: z.string().optional(),
    }),
  ),
  rake: z.number().int(),
  pots: z.array(z.object({ amount: z.number().int(), winners: z.array(z.number().int()) })),
});
export type PvpHandOutcome = z.infer<typeof pvpHandOutcome>;

export const pvpHand = z.object({
  handNo: z.number().int(),
  serverSeedHash: z.string(),
  /** Shown once the hand is over. */
  serverSeed: z.string().nullable(),
  /** The number of moves made so far: a move must name it (`seq`). */
  seq: z.number().int(),
  toAct: z.number().int().nullable(),
  /** When the seat to act is moved for (its timer). */
  deadline: z.string().nullable(),
  /** The game's own view for the asking member (packages/live: holdem, pusoy, tongits `view`). */
  view: z.unknown(),
  outcome: pvpHandOutcome.nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
});
export type PvpHand = z.infer<typeof pvpHand>;

export const pvpTableState = z.object({
  table: pvpTable,
  seats: z.array(pvpSeat),
  /** The hand running now, or the last one while the next is not dealt yet. */
  hand: pvpHand.nullable(),
  mySeat: z.number().int().nullable(),
  serverTime: z.string(),
});
export type PvpTableState = z.infer<typeof pvpTableState>;

/** A browser's own id, kept in its storage: two members on one device never share a table. */
export const deviceId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'deviceId');

export const pvpSitRequest = z.object({
  /** A free seat, or none for the first free one. */
  seat: z.number().int().min(0).max(9).optional(),
  /** Minor units of the merchant's currency; a fraction of the minor unit is refused (amount_too_precise). */
  buyIn: z.number().positive(),
  deviceId,
  requestId,
});
export const pvpMoveRequest = z.object({
  handNo: z.number().int().min(1),
  seq: z.number().int().min(0),
  /** The game's move (checked by the game's rules: `parseMove`). */
  move: z.unknown(),
});
export const pvpTableParams = z.object({ code: tableCode });
export const pvpRoomListQuery = z.object({ game: pvpGame.optional() });

export const pvpHistoryHand = z.object({
  tableCode: z.string(),
  game: pvpGame,
  handNo: z.number().int(),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  /** The member's seat, and its stack before and the change. */
  seat: z.number().int(),
  stackBefore: z.number().int(),
  net: z.number().int(),
  rake: z.number().int(),
  moves: z.array(
    z.object({
      seq: z.number().int(),
      seat: z.number().int(),
      move: z.unknown(),
      auto: z.boolean(),
      at: z.string(),
    }),
  ),
  /** The hand as everyone may see it at its end (all shown cards). */
  view: z.unknown(),
});
export type PvpHistoryHand = z.infer<typeof pvpHistoryHand>;

export const pvpRoomListResponse = envelope(z.object({ list: z.array(pvpTable) }));
export const pvpTableStateResponse = envelope(pvpTableState);
export const pvpHistoryResponse = envelope(z.object({ hands: z.array(pvpHistoryHand) }));

/** Pushed on the live socket (/wps/live/socket) to sockets watching a table's code: read the table again. */
export type PvpServerFrame = { type: 'pvpTable'; code: string; handNo: number | null; seq: number };
