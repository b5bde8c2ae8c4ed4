import { z } from 'zod';
import { envelope } from './envelope.ts';
import { requestId, tableCode } from './live.ts';

/**
 * The in-house bingo rooms' player calls, under /wps/bingo/* (docs/decisions/055-bingo-rooms.md). A room is a table
 * of the live studio (live_tables, game bingo75 or bingo90) on a fixed schedule: cards are sold until `closesAt`,
 * then one ball is called every `ballMs` from the round's committed seed until the last prize is won, and the next
 * game opens at `endsAt`. The draw is shared by every merchant's rooms; each merchant's prizes are shares of its own
 * members' card sales (money stays per merchant). Amounts are integer minor units.
 */

export const bingoGames = ['bingo75', 'bingo90'] as const;
export const bingoGame = z.enum(bingoGames);
export type BingoGame = z.infer<typeof bingoGame>;

/** 75-ball: line, twoLines, fullHouse, fourCorners, x. 90-ball: oneLine, twoLines, fullHouse (packages/live/bingo). */
export const bingoPatterns = ['line', 'twoLines', 'fullHouse', 'fourCorners', 'x', 'oneLine'] as const;
export const bingoPattern = z.enum(bingoPatterns);
export type BingoPatternCode = z.infer<typeof bingoPattern>;

export const bingoRoom = z.object({
  code: z.string(),
  game: bingoGame,
  name: z.string(),
  /**
   * The room's currency (ISO 4217): the card price, sales and prizes are in its minor units. A merchant offers the
   * rooms of its own currency only (decision 069).
   */
  currency: z.string(),
  /** What one card costs. */
  cardPrice: z.number().int(),
  /** Most cards one member may hold in one game. */
  maxCards: z.number().int(),
  /** How long cards are on sale (from `opensAt`). */
  saleSeconds: z.number().int(),
  /** Time between two balls. */
  ballMs: z.number().int(),
  /** The room's prizes, in the order they are played: each a declared share (thousandths) of the game's sales. */
  prizes: z.array(z.object({ pattern: bingoPattern, sharePermille: z.number().int() })),
  /** The share of sales paid back as prizes, in percent (the room's declared return, e.g. "85.0"). */
  rtp: z.string(),
  maintenance: z.boolean(),
});
export type BingoRoom = z.infer<typeof bingoRoom>;

export const bingoWinner = z.object({
  pattern: bingoPattern,
  /** Index in `calls` of the ball that completed the pattern first (every card completing it on that ball shares). */
  callIndex: z.number().int(),
  /** How many cards share the prize, and what each gets. */
  cards: z.number().int(),
  each: z.number().int(),
  /** The winning cards' ids that belong to the member asking over HTTP (empty for a guest and in socket frames:
   * the client marks its own cards). */
  mine: z.array(z.number().int()),
});
export type BingoWinner = z.infer<typeof bingoWinner>;

/**
 * One game of a room as a merchant's member sees it. `calls` holds only the balls called so far (the rest stay
 * secret until the game is over); `winners` only the prizes decided by those balls. `pools` grow with sales until
 * the close. The seed is shown once the game is settled, so anyone can recompute the draw.
 */
export const bingoRound = z.object({
  roomCode: z.string(),
  roundNo: z.number().int(),
  opensAt: z.string(),
  /** Sales close and the first ball is called. */
  closesAt: z.string(),
  /** The next game opens. */
  endsAt: z.string(),
  serverSeedHash: z.string(),
  /** open: selling cards; drawing: balls being called; settled: over, prizes paid; void: cards refunded. */
  status: z.enum(['open', 'drawing', 'settled', 'void']),
  /** This merchant's cards sold and sales in this game. */
  cardsSold: z.number().int(),
  sales: z.number().int(),
  /** Each prize's pool (its share of this merchant's sales). */
  pools: z.array(z.object({ pattern: bingoPattern, amount: z.number().int() })),
  calls: z.array(z.number().int()),
  /** When the next ball is due (while drawing), for a countdown. */
  nextBallAt: z.string().nullable(),
  winners: z.array(bingoWinner),
  serverSeed: z.string().nullable(),
});
export type BingoRound = z.infer<typeof bingoRound>;

/** A room's card in the lobby and its page: the game now. */
export const bingoRoomState = z.object({
  room: bingoRoom,
  /** The room's game in the merchant's catalogue (to launch it from a lobby); null outside a merchant's list. */
  nodeId: z.number().int().nullable(),
  round: bingoRound.nullable(),
  serverTime: z.string(),
});
export type BingoRoomState = z.infer<typeof bingoRoomState>;
export const roomsResponse = envelope(z.object({ list: z.array(bingoRoomState) }));
export const roomResponse = envelope(bingoRoomState);
export const roomParams = z.object({ code: tableCode });

/**
 * A card: 75-ball 5 × 5 (null in the free centre) or 90-ball 3 × 9 (null where empty). Its numbers come from the
 * HMAC-SHA256 stream keyed by the buyer's `clientSeed` over `${roomCode}/${roundNo}:${requestId}:${index}`, so the
 * site cannot choose them; the draw was committed (serverSeedHash) before the card was sold.
 */
export const bingoCard = z.object({
  id: z.number().int(),
  roomCode: z.string(),
  roundNo: z.number().int(),
  /** Card number within the game, for the screen ("Card 12"). */
  cardNo: z.number().int(),
  rows: z.array(z.array(z.number().int().nullable())),
  clientSeed: z.string(),
  requestId: z.string(),
  index: z.number().int(),
  /** What the card cost: the game's card price (fixed when the game was made; a room's new price applies later). */
  price: z.number().int(),
  /** What the card won (0 until the game is settled). */
  won: z.number().int(),
});
export type BingoCardView = z.infer<typeof bingoCard>;

export const clientSeed = z.string().regex(/^[0-9a-f]{16,64}$/, 'clientSeed');

export const buyBody = z.object({
  roomCode: tableCode,
  roundNo: z.number().int().min(0),
  requestId,
  /** Cards to buy now (a member's total in the game may not pass the room's maxCards). */
  count: z.number().int('count').min(1, 'count').max(100, 'count'),
  clientSeed,
});
export type BuyBody = z.infer<typeof buyBody>;
export const buyResponse = envelope(
  z.object({
    cards: z.array(bingoCard),
    stake: z.number().int(),
    balance: z.number().int(),
    replayed: z.boolean(),
  }),
);

/** The member's cards in one game of a room (the game now when roundNo is left out). */
export const cardsQuery = z.object({ roundNo: z.coerce.number().int().min(0).optional() });
export const cardsResponse = envelope(z.object({ list: z.array(bingoCard) }));

/** Game recall: the member's last 10 games in a room, each with the game and the member's cards in it. */
export const bingoRecallQuery = z.object({ roomCode: tableCode });
export const bingoRecallResponse = envelope(
  z.object({ list: z.array(z.object({ round: bingoRound, cards: z.array(bingoCard) })) }),
);

/** The room's chat: checked like live chat (length, storable text, its flood guard) and refuses links and phone
 * numbers; operators hide messages and mute members (docs/decisions/055-bingo-rooms.md). */
export const MAX_ROOM_CHAT_CHARS = 200;
export const roomChatMessage = z.object({
  id: z.number().int(),
  roomCode: z.string(),
  /** The member's name as others see it (masked, e.g. "ro***m"). */
  author: z.string(),
  text: z.string(),
  createdAt: z.string(),
  mine: z.boolean(),
});
export type RoomChatMessage = z.infer<typeof roomChatMessage>;
export const roomChatResponse = envelope(z.object({ list: z.array(roomChatMessage) }));
export const roomChatBody = z.object({
  text: z.string().trim().min(1, 'text').max(MAX_ROOM_CHAT_CHARS, 'text'),
});
export const roomChatPostResponse = envelope(roomChatMessage);

/**
 * Bingo over the live socket (/wps/live/socket, `watch` with room codes as with tables): a `bingo` frame when a game
 * opens, at each ball and when it is settled; a `chat` frame for each message shown in a watched room and a
 * `chatHidden` frame when an operator hides one.
 */
export type BingoServerFrame =
  | { type: 'bingo'; round: BingoRound; serverTime: string }
  | { type: 'chat'; message: Omit<RoomChatMessage, 'mine'> }
  | { type: 'chatHidden'; roomCode: string; id: number };
