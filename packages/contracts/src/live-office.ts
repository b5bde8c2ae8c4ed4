import { z } from 'zod';
import { bingoGames, bingoPattern } from './bingo.ts';
import { envelope, pageOf, pageQuery } from './envelope.ts';
import { isoDate } from './game-play.ts';
import { liveGames, tableCode } from './live.ts';

/**
 * The live studio's back office (issue 16 item 5; docs/decisions/054-live-office.md). Tables are the platform's
 * (`/admin-api/live/tables`); rounds and P&L are seen through one merchant's bets
 * (`/admin-api/merchants/:code/live/...`). Amounts in minor units. Settings are checked by the server, not here, so
 * each refusal has its own code.
 */

const merchantCode = z.string().regex(/^[a-z0-9-]{2,32}$/);
export const liveOfficeMerchantParams = z.object({ code: merchantCode });
export const liveOfficeTableParams = z.object({ code: tableCode });
export const liveOfficeRoundParams = z.object({ code: merchantCode, id: z.coerce.number().int().positive() });

/** The bounds of migration 071's CHECKs, shown by the back office's form; a bingo room's ball interval's too. */
export const liveCycleBounds = {
  bettingSeconds: { min: 3, max: 120 },
  resultSeconds: { min: 3, max: 60 },
  ballMs: { min: 1_000, max: 15_000 },
} as const;

/** A table's game, or a bingo room's (docs/decisions/055-bingo-rooms.md): rooms are listed with the tables. */
export const liveOfficeGame = z.enum([...liveGames, ...bingoGames]);

/** A bingo room's own settings (null for a table). Prizes in the order played, shares in thousandths of sales. */
export const liveOfficeRoom = z.object({
  /** The room's currency (ISO 4217): its card price is in its minor units; it does not change (decision 069). */
  currency: z.string(),
  cardPrice: z.number().int(),
  maxCards: z.number().int(),
  ballMs: z.number().int(),
  prizes: z.array(z.object({ pattern: bingoPattern, sharePermille: z.number().int() })),
});
export type LiveOfficeRoom = z.infer<typeof liveOfficeRoom>;

export const liveOfficeTable = z.object({
  code: z.string(),
  game: liveOfficeGame,
  name: z.string(),
  /** Least and most a member may have on one spot in one round. */
  minBet: z.number().int(),
  maxBet: z.number().int(),
  bettingSeconds: z.number().int(),
  resultSeconds: z.number().int(),
  maintenance: z.boolean(),
  /** Rounds that have opened and are not dealt yet (taking bets or waiting for their deal), not those made ahead. */
  openRounds: z.number().int(),
  /** Bets waiting on those rounds, of every merchant: what maintenance would refund. */
  openBets: z.number().int(),
  /** A bingo room's settings; for a room, minBet is the card price, maxBet a member's most cards' price. */
  room: liveOfficeRoom.nullable(),
});
export type LiveOfficeTable = z.infer<typeof liveOfficeTable>;
export const liveOfficeTablesResponse = envelope(z.object({ list: z.array(liveOfficeTable) }));
export const liveOfficeTableResponse = envelope(liveOfficeTable);

/**
 * A table's settings. The cycle (betting and result seconds) changes only while the table is under maintenance (or
 * in the request that puts it there): its rounds restart from a new epoch when it comes back.
 *
 * A bingo room's: `bettingSeconds` is its sale, `room` its card price, most cards, ball interval and prizes (left out:
 * unchanged); its minBet, maxBet and resultSeconds follow from them (the body's are not used). The ball interval is
 * part of its cycle (the result time covers every ball). Price, most cards and prizes apply from the next game not
 * yet opened. A table's `room` is left out or null.
 */
export const saveLiveTableBody = z.object({
  minBet: z.number(),
  maxBet: z.number(),
  bettingSeconds: z.number(),
  resultSeconds: z.number(),
  maintenance: z.boolean(),
  room: z
    .object({
      /** The currency the price was typed in: when given, it must be the room's (currency_unknown, bingo_room_currency_fixed). */
      currency: z.string().max(8).optional(),
      cardPrice: z.number(),
      maxCards: z.number(),
      ballMs: z.number(),
      prizes: z.array(z.object({ pattern: z.string().max(32), sharePermille: z.number() })).max(8),
    })
    .nullish(),
});
export type SaveLiveTableBody = z.infer<typeof saveLiveTableBody>;

/** drawing: a bingo game whose balls are being called (tables' rounds are never in it). */
export const liveRoundStatuses = ['open', 'drawing', 'settled', 'void'] as const;

export const liveRoundsQuery = pageQuery
  .extend({
    tableCode: tableCode.optional(),
    status: z.enum(liveRoundStatuses).optional(),
    /** Days in the merchant's time zone, by the round's opening. */
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to is before from' });

/** What a dealt round came to, in words any game has: who won and the score. */
export const liveRoundSummary = z.object({ winner: z.string(), score: z.string() });

export const liveOfficeRound = z.object({
  id: z.number().int(),
  tableCode: z.string(),
  game: liveOfficeGame,
  roundNo: z.number().int(),
  opensAt: z.string(),
  closesAt: z.string(),
  status: z.enum(liveRoundStatuses),
  summary: liveRoundSummary.nullable(),
  /** The merchant's bets on the round: count, stakes, what they returned (stake included), stakes − returns. */
  bets: z.number().int(),
  stake: z.number().int(),
  returned: z.number().int(),
  houseWin: z.number().int(),
  /** A bingo game's cards sold to the merchant's members (its bets are card purchases, returns prizes); null at a
   * table. */
  cards: z.number().int().nullable(),
});
export type LiveOfficeRound = z.infer<typeof liveOfficeRound>;
export const liveOfficeRoundsResponse = envelope(pageOf(liveOfficeRound));

export const liveOfficeBet = z.object({
  id: z.number().int(),
  username: z.string(),
  spots: z.record(z.string(), z.number().int()),
  stake: z.number().int(),
  returned: z.number().int(),
  status: z.enum(['open', 'settled', 'refunded']),
  createdAt: z.string(),
});
export type LiveOfficeBet = z.infer<typeof liveOfficeBet>;

export const liveOfficeRoundDetail = liveOfficeRound.extend({
  endsAt: z.string(),
  serverSeedHash: z.string(),
  /** Shown once the round is dealt (a bingo game: settled) or void. */
  serverSeed: z.string().nullable(),
  result: z.unknown().nullable(),
  list: z.array(liveOfficeBet),
});
export type LiveOfficeRoundDetail = z.infer<typeof liveOfficeRoundDetail>;
export const liveOfficeRoundResponse = envelope(liveOfficeRoundDetail);

export const liveReportQuery = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'to is before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    path: ['from'],
    message: 'at most a year',
  });
export const liveReportRow = z.object({
  /** The round's day in the merchant's time zone. */
  day: z.string(),
  tableCode: z.string(),
  game: liveOfficeGame,
  bets: z.number().int(),
  stake: z.number().int(),
  returned: z.number().int(),
  /** stake − returned. */
  houseWin: z.number().int(),
});
export type LiveReportRow = z.infer<typeof liveReportRow>;
export const liveReportResponse = envelope(
  z.object({
    list: z.array(liveReportRow),
    totals: liveReportRow.omit({ day: true, tableCode: true, game: true }),
    timeZone: z.string(),
  }),
);
