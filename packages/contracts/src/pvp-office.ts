import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';
import { isoDate } from './game-play.ts';
import { tableCode } from './live.ts';
import { pvpGame, pvpHandOutcome } from './pvp.ts';

/**
 * The PvP card tables' back office (issue 17 item 4; docs/decisions/057-pvp-tables.md), all under
 * /admin-api/merchants/:code/pvp/...: a merchant's tables (stakes, buy-ins, rake, turn timer, maintenance), the hands
 * explorer and the P&L by game and day. The house's win at these tables is the rake: members play each other.
 * Amounts in minor units. Settings are checked by the server, so each refusal says what was wrong.
 */
const merchantCode = z.string().regex(/^[a-z0-9-]{2,32}$/);
export const pvpOfficeMerchantParams = z.object({ code: merchantCode });
export const pvpOfficeTableParams = z.object({ code: merchantCode, table: tableCode });
export const pvpOfficeHandParams = z.object({ code: merchantCode, id: z.coerce.number().int().positive() });

export const pvpOfficeTable = z.object({
  code: z.string(),
  game: pvpGame,
  name: z.string(),
  stake: z.number().int(),
  seats: z.number().int(),
  minBuyIn: z.number().int(),
  maxBuyIn: z.number().int(),
  rakeBps: z.number().int(),
  rakeCap: z.number().int(),
  turnSeconds: z.number().int(),
  maintenance: z.boolean(),
  seated: z.number().int(),
  /** A hand is being played now. */
  running: z.boolean(),
  /** The least buy-in the game allows at this stake (it covers the worst loss of one hand). */
  leastBuyIn: z.number().int(),
});
export type PvpOfficeTable = z.infer<typeof pvpOfficeTable>;
export const pvpOfficeTablesResponse = envelope(z.object({ list: z.array(pvpOfficeTable) }));
export const pvpOfficeTableResponse = envelope(pvpOfficeTable);

/** Bounds of migration 076's CHECKs, shown by the form. New settings apply from the next hand dealt. */
export const pvpTableBounds = {
  seats: { min: 2, max: 6 },
  rakeBps: { min: 0, max: 1_000 },
  turnSeconds: { min: 5, max: 120 },
} as const;

export const savePvpTableBody = z.object({
  name: z.string().trim().min(1).max(60),
  stake: z.number(),
  seats: z.number(),
  minBuyIn: z.number(),
  maxBuyIn: z.number(),
  rakeBps: z.number(),
  rakeCap: z.number(),
  turnSeconds: z.number(),
  maintenance: z.boolean(),
});
export type SavePvpTableBody = z.infer<typeof savePvpTableBody>;

export const pvpHandsQuery = pageQuery
  .extend({
    table: tableCode.optional(),
    /** Part of a player's account name. */
    member: z.string().trim().max(32).optional(),
    /** Days in the merchant's time zone, by the hand's start. */
    from: isoDate.optional(),
    to: isoDate.optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, { path: ['to'], message: 'to is before from' });

export const pvpOfficePlayer = z.object({
  seat: z.number().int(),
  username: z.string(),
  stackBefore: z.number().int(),
  /** The change at the end (null while the hand runs). */
  net: z.number().int().nullable(),
});

export const pvpOfficeHand = z.object({
  id: z.number().int(),
  tableCode: z.string(),
  game: pvpGame,
  handNo: z.number().int(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  players: z.array(pvpOfficePlayer),
  rake: z.number().int(),
  moves: z.number().int(),
});
export type PvpOfficeHand = z.infer<typeof pvpOfficeHand>;
export const pvpOfficeHandsResponse = envelope(pageOf(pvpOfficeHand));

export const pvpOfficeHandDetail = pvpOfficeHand.extend({
  serverSeedHash: z.string(),
  /** Shown once the hand is over. */
  serverSeed: z.string().nullable(),
  outcome: pvpHandOutcome.nullable(),
  /** Every move in order, the timer's marked `auto`. */
  list: z.array(
    z.object({
      seq: z.number().int(),
      seat: z.number().int(),
      move: z.unknown(),
      auto: z.boolean(),
      at: z.string(),
    }),
  ),
  /** The hand as a spectator sees it now (at its end: the cards shown at the showdown). */
  view: z.unknown(),
  /** The ledger entry that settled it. */
  entryId: z.number().int().nullable(),
});
export type PvpOfficeHandDetail = z.infer<typeof pvpOfficeHandDetail>;
export const pvpOfficeHandResponse = envelope(pvpOfficeHandDetail);

export const pvpReportQuery = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'to is before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    path: ['from'],
    message: 'at most a year',
  });
export const pvpReportRow = z.object({
  /** The hand's day (its end) in the merchant's time zone. */
  day: z.string(),
  game: pvpGame,
  hands: z.number().int(),
  /** Distinct members who played. */
  players: z.number().int(),
  /** Chips that changed hands (Σ of the winners' gains before the rake). */
  pots: z.number().int(),
  /** The house's win: the rake. */
  rake: z.number().int(),
});
export type PvpReportRow = z.infer<typeof pvpReportRow>;
export const pvpReportResponse = envelope(
  z.object({
    list: z.array(pvpReportRow),
    totals: pvpReportRow.omit({ day: true, game: true }),
    timeZone: z.string(),
  }),
);
