import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';

/**
 * The in-house lottery's player calls (spec §1, §3, §7; issue 14; docs/decisions/039-lottery.md). Amounts are
 * integer minor units; odds are what one unit of stake returns per hit, in thousandths (3610 is ×3.61).
 */

/** The spec's prize modes (§3); each has its own odds table. */
export const prizeModes = ['Lott', 'ZY', 'Elott', 'SEA'] as const;
export const prizeMode = z.enum(prizeModes);
export type PrizeModeCode = z.infer<typeof prizeMode>;

export const lotteryGameCode = z.string().regex(/^[A-Z0-9]{2,16}$/);
export const issueNo = z.string().regex(/^\d{8}-\d{3,4}$/);
export const drawStatuses = ['open', 'drawn', 'settled', 'cancelled'] as const;
export const betStatuses = ['open', 'won', 'lost', 'refunded'] as const;

/**
 * A bet. Picks and the stake are checked by the server, not here, so that each refusal gets its own code
 * (lottery_pick_fractional, lottery_pick_out_of_range, lottery_pick_duplicate, lottery_pick_count, amount_too_precise,
 * lottery_stake_below_minimum, lottery_stake_over_limit).
 */
export const placeBetBody = z.object({
  gameCode: lotteryGameCode,
  issueNo,
  betType: z.string().regex(/^[a-z0-9]{1,16}$/),
  prizeMode,
  picks: z.array(z.number()).max(1000),
  stakePerLine: z.number(),
  /** The client's key for this bet: sending it again answers the bet already placed. */
  requestId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/),
});
export type PlaceBetBody = z.infer<typeof placeBetBody>;

export const lotteryBet = z.object({
  betId: z.number().int(),
  gameCode: z.string(),
  issueNo: z.string(),
  betType: z.string(),
  prizeMode,
  picks: z.array(z.number().int()),
  lines: z.number().int(),
  stakePerLine: z.number().int(),
  stake: z.number().int(),
  odds: z.number().int(),
  status: z.enum(betStatuses),
  win: z.number().int(),
  createdAt: z.string(),
  settledAt: z.string().nullable(),
});
export type LotteryBet = z.infer<typeof lotteryBet>;
export const placeBetResponse = envelope(
  z.object({ bet: lotteryBet, balance: z.number().int(), replayed: z.boolean() }),
);

export const myBetsQuery = pageQuery.extend({ gameCode: lotteryGameCode.optional() });
export const myBetsResponse = envelope(pageOf(lotteryBet));

/**
 * A draw as players see it: the commitment (SHA-256 of the server seed) from the start, the seed and the result
 * once drawn (or cancelled: the seed only), so that anyone can recompute the result.
 */
export const lotteryDraw = z.object({
  drawId: z.number().int(),
  gameCode: z.string(),
  issueNo: z.string(),
  saleOpensAt: z.string(),
  saleClosesAt: z.string(),
  drawAt: z.string(),
  status: z.enum(drawStatuses),
  serverSeedHash: z.string(),
  serverSeed: z.string().nullable(),
  result: z.record(z.string(), z.unknown()).nullable(),
  /** The result's main row (one string per ball or digit), for results lists and trend charts; null until drawn. */
  balls: z.array(z.string()).nullable(),
  drawnAt: z.string().nullable(),
  /**
   * seed: drawn from the committed seed (verifiable); operator: a daily game whose result operators enter from the
   * outside draw it mirrors (decision 042): no commitment, `serverSeedHash` is empty.
   */
  resultSource: z.enum(['seed', 'operator']),
});
export type LotteryDraw = z.infer<typeof lotteryDraw>;

export const gameDrawsQuery = z.object({ gameCode: lotteryGameCode });
/** The issue on sale now (null between its close and the next one's opening), the next issue, the last result. */
export const gameDrawsResponse = envelope(
  z.object({
    serverTime: z.string(),
    current: lotteryDraw.nullable(),
    next: lotteryDraw.nullable(),
    last: lotteryDraw.nullable(),
  }),
);

export const lotteryBetType = z.object({
  code: z.string(),
  picks: z.object({ min: z.number().int(), max: z.number().int() }),
  numbers: z.object({ min: z.number().int(), max: z.number().int(), digits: z.number().int() }),
  odds: z.number().int(),
  stake: z.object({ min: z.number().int(), max: z.number().int() }),
});
export const lotteryGame = z.object({
  gameCode: z.string(),
  name: z.string(),
  family: z.string(),
  intervalSeconds: z.number().int(),
  closeSeconds: z.number().int(),
  /** seed or operator (a daily game whose result operators enter; decision 042). */
  resultSource: z.enum(['seed', 'operator']),
  prizeMode,
  betTypes: z.array(lotteryBetType),
});
export const gameMenuQuery = z.object({
  prizeMode: prizeMode.default('Lott'),
  device: z.string().max(16).optional(),
});
export const gameMenuResponse = envelope(z.object({ list: z.array(lotteryGame) }));

/** Spec §7 and §9: the last results of a game (count 100). */
export const openedNumbersQuery = z.object({
  gameCode: lotteryGameCode,
  count: z.coerce.number().int().min(1).max(100).default(100),
});
export const openedNumbersResponse = envelope(z.object({ list: z.array(lotteryDraw) }));

export const cancelDrawParams = z.object({
  code: z.string().regex(/^[a-z0-9-]{2,32}$/),
  drawId: z.coerce.number().int().positive(),
});
export const cancelDrawBody = z.object({ reason: z.string().trim().min(1).max(200) });
export const cancelDrawResponse = envelope(
  z.object({ draw: lotteryDraw, refunded: z.number().int(), refundedAmount: z.number().int() }),
);
