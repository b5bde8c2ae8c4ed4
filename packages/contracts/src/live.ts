import { z } from 'zod';
import { envelope } from './envelope.ts';

/**
 * The in-house live casino's player calls, under /wps/live/* (docs/decisions/053-live-tables.md). A table is shared
 * by every merchant's members; its rounds run on a fixed cycle the server keeps. Amounts are integer minor units.
 * Results are the engine's own shape (@tala/live).
 */

export const liveGames = ['baccarat', 'dragon_tiger', 'roulette', 'sicbo'] as const;
export const liveGame = z.enum(liveGames);
export type LiveGame = z.infer<typeof liveGame>;

export const tableCode = z.string().regex(/^[A-Z0-9-]{2,16}$/, 'tableCode');
/** A key the client makes per placement, so that a retried request answers the placement already made. */
export const requestId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'requestId');
export const spotCode = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/, 'spots');

export const liveTable = z.object({
  code: z.string(),
  game: liveGame,
  name: z.string(),
  /** Least and most a member may have on one spot in one round, in the merchant's currency (decision 069). */
  minBet: z.number().int(),
  maxBet: z.number().int(),
  /** The chips the client offers, smallest first, in the merchant's currency. */
  chips: z.array(z.number().int()),
  bettingSeconds: z.number().int(),
  resultSeconds: z.number().int(),
  maintenance: z.boolean(),
  /** The spots of the game, with what each pays (to one, stake not included) and its declared return in percent. */
  spots: z.array(z.object({ code: z.string(), pays: z.string(), rtp: z.string() })),
});
export type LiveTable = z.infer<typeof liveTable>;

export const liveRound = z.object({
  tableCode: z.string(),
  roundNo: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  endsAt: z.string(),
  /** The commitment: SHA-256 of the round's server seed, shown before betting opens. */
  serverSeedHash: z.string(),
  status: z.enum(['open', 'settled', 'void']),
  /** The deal, once betting closed and the round is settled. */
  result: z.unknown().nullable(),
  /** Revealed with the result, so anyone can recompute it. */
  serverSeed: z.string().nullable(),
});
export type LiveRound = z.infer<typeof liveRound>;

/** A table's lobby card and page: the round now, the results before it (newest last, for the roads). */
export const liveTableState = z.object({
  table: liveTable,
  /** The table's game in the merchant's catalogue (to launch it from a lobby); null outside a merchant's list. */
  nodeId: z.number().int().nullable(),
  round: liveRound.nullable(),
  history: z.array(z.object({ roundNo: z.number().int(), result: z.unknown() })),
  serverTime: z.string(),
});
export type LiveTableState = z.infer<typeof liveTableState>;
export const tablesResponse = envelope(z.object({ list: z.array(liveTableState) }));
export const tableResponse = envelope(liveTableState);
export const tableParams = z.object({ code: tableCode });
export const roundParams = z.object({ code: tableCode, roundNo: z.coerce.number().int().min(0) });
export const roundResponse = envelope(liveRound);

export const placeBody = z.object({
  tableCode,
  roundNo: z.number().int().min(0),
  requestId,
  /** Stake per spot; at least one. A fraction of the minor unit is refused by the server (amount_too_precise). */
  spots: z
    .record(spotCode, z.number().positive('spots').max(1_000_000_000_000, 'spots'))
    .refine((spots) => Object.keys(spots).length >= 1 && Object.keys(spots).length <= 64, 'spots'),
});
export type PlaceBody = z.infer<typeof placeBody>;

export const liveBet = z.object({
  id: z.number().int(),
  tableCode: z.string(),
  roundNo: z.number().int(),
  spots: z.record(z.string(), z.number().int()),
  stake: z.number().int(),
  /** What the round returned (stake included); 0 until settled, the stake when refunded. */
  returned: z.number().int(),
  status: z.enum(['open', 'settled', 'refunded']),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LiveBet = z.infer<typeof liveBet>;
export const placeResponse = envelope(
  z.object({ bet: liveBet, balance: z.number().int(), replayed: z.boolean() }),
);

/** Game recall: the member's last rounds at a table, each with its deal and the member's bets on it. */
export const recallQuery = z.object({ tableCode });
export const recallResponse = envelope(
  z.object({ list: z.array(z.object({ round: liveRound, bets: z.array(liveBet) })) }),
);

/** The table socket (/wps/live/socket): a client names the tables it watches; no money moves over it. */
export const liveClientFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('watch'), tables: z.array(tableCode).max(32) }),
  z.object({ type: z.literal('ping') }),
]);
export type LiveClientFrame = z.infer<typeof liveClientFrame>;

export type LiveServerFrame =
  /** A round of a watched table began, or the watch (re)started: the round now and the server's clock. */
  | { type: 'round'; round: LiveRound; serverTime: string }
  /** A watched round was dealt (or voided). */
  | { type: 'result'; round: LiveRound; serverTime: string }
  | { type: 'pong' }
  | { type: 'error'; errorCode: string; message: string };
