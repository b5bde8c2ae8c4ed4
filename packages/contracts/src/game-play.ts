import { z } from 'zod';
import { envelope, pageOf } from './envelope.ts';
import { game, gameType } from './games.ts';
import { languageCode } from './languages.ts';

/**
 * The member's side of the games issue: favourites, recent games, the winner board and the records (betting record,
 * personal profit and loss). Amounts are integer minor units; the site formats them with the merchant's currency.
 */

const trimmed = (max: number) => z.string().trim().max(max);
const paging = {
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(24),
};
/** Query fields the spec's site sends with these calls; accepted and not needed. */
const clientFields = {
  clientType: z.coerce.number().int().min(0).max(9).optional(),
  platform: trimmed(60).optional(),
  language: languageCode.optional(),
};

/** A page of games with the spec's `content` beside the usual `list` (spec §7 favourites "returns content"). */
export const gamePageValue = pageOf(game).extend({ content: z.array(game) });
export const gamePageResponse = envelope(gamePageValue);

export const favouriteGamesQuery = z.strictObject({ ...clientFields, gameType: gameType.optional() });
export const favouriteEntry = z.object({ nodeId: z.number().int(), vendor: z.string(), gameType });
export const favouriteEntriesResponse = envelope(z.array(favouriteEntry));

export const favouriteGamesListQuery = z.strictObject({
  ...clientFields,
  gameType: gameType.optional(),
  ...paging,
});

/** Add or remove a favourite: by nodeId (vendor and gameType are checked against the catalogue when sent). */
export const favouriteToggleBody = z.strictObject({
  nodeId: z.coerce.number().int().min(1).max(2_147_483_647),
  vendor: trimmed(32).optional(),
  gameType: gameType.optional(),
});
export const favouriteToggleResponse = envelope(
  z.object({ nodeId: z.number().int(), favourite: z.boolean() }),
);

export const recentGamesQuery = z.strictObject({
  ...clientFields,
  vassalage: trimmed(64).optional(),
  gameType: gameType.optional(),
  ...paging,
});

/** GCSGAME_getRankList: the winner board of real wins (spec §7: gameCategory ALL, limitNum 20). */
export const rankListQuery = z.strictObject({
  gameCategory: z.union([z.literal('ALL'), gameType]).default('ALL'),
  limitNum: z.coerce.number().int().min(1).max(50).default(20),
  language: languageCode.optional(),
});
export const rankEntry = z.object({
  vo: z.object({
    /** The winner's account, masked (first and last characters kept). */
    player: z.string(),
    gameName: z.string(),
    nodeId: z.number().int().nullable(),
    gameType: gameType.nullable(),
    /** The amount won, minor units. */
    prize: z.number().int(),
    wonAt: z.string(),
  }),
});
export const rankListResponse = envelope(z.object({ list: z.array(rankEntry) }));

/** Products of the records filters: a game type, or the in-house studio's slots under RNG. */
export const recordProduct = z.union([z.literal('ALL'), gameType]);
export const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'yyyy-MM-dd');

/** personalHistoryCopy: the member's rounds, newest first, with totals of the whole filtered range. */
export const betRecordQuery = z
  .strictObject({
    product: recordProduct.default('ALL'),
    vendor: z
      .string()
      .regex(/^[A-Z0-9_]{2,32}$/)
      .optional()
      .or(z.literal('').transform(() => undefined)),
    /** Dates in the merchant's time zone, both included. */
    from: isoDate,
    to: isoDate,
    language: languageCode.optional(),
    pageNo: paging.pageNo,
    pageSize: z.coerce.number().int().min(1).max(50).default(20),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'to is before from' });
export type BetRecordQuery = z.infer<typeof betRecordQuery>;

export const betRecordRow = z.object({
  id: z.string(),
  product: gameType,
  vendor: z.string(),
  gameName: z.string(),
  bet: z.number().int(),
  win: z.number().int(),
  /**
   * The share of the stake given back on the settled bet (the lottery's rebate, its own ledger entry of type
   * rebate); 0 where the product pays none.
   */
  rebate: z.number().int(),
  /** win − bet + rebate from the member's side; a rolled-back bet counts nothing. */
  profit: z.number().int(),
  status: z.enum(['settled', 'open', 'rolledBack']),
  /** A win of the vendor's free round (no stake), paid by the operator's promotion account. */
  freeRound: z.boolean(),
  createdAt: z.string(),
});
export type BetRecordRow = z.infer<typeof betRecordRow>;
export const recordTotals = z.object({
  count: z.number().int(),
  bet: z.number().int(),
  win: z.number().int(),
  profit: z.number().int(),
});
/** The member's own records' totals: with the rebates paid, and profit = win − bet + rebate. */
export const memberRecordTotals = recordTotals.extend({ rebate: z.number().int() });
export const betRecordResponse = envelope(pageOf(betRecordRow).extend({ totals: memberRecordTotals }));

/** personalProfit: profit and loss by product over a period. */
export const profitPeriods = ['today', 'yesterday', 'last7', 'last30'] as const;
export const profitLossQuery = z.strictObject({
  period: z.enum(profitPeriods).default('today'),
  language: languageCode.optional(),
});
export const profitLossResponse = envelope(
  z.object({
    period: z.enum(profitPeriods),
    from: z.string(),
    to: z.string(),
    /** Per product: count, bet, win, rebate and profit (win − bet + rebate). */
    products: z.array(memberRecordTotals.extend({ product: gameType })),
    totals: memberRecordTotals,
  }),
);
