import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';
import { clientDevice } from './games.ts';

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
  /** The chase this bet belongs to (a bet followed over several issues), or null. */
  chaseId: z.number().int().nullable(),
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
  /**
   * SHA-256 of the server seed. Empty for a CHAIN draw whose sale has not opened: its commitment is the seed of the
   * issue before it (decision 041), and the chain's published terminal commits to it meanwhile.
   */
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

/** How a bet type's picks make lines (`@tala/contracts/lottery-lines`, decision 041). */
export const lotteryLineRule = z.union([
  z.object({ kind: z.literal('each') }),
  z.object({ kind: z.literal('combos'), k: z.number().int() }),
  z.object({ kind: z.literal('product'), positions: z.number().int(), distinct: z.boolean() }),
  z.object({ kind: z.literal('pairs') }),
]);

export const lotteryBetType = z.object({
  code: z.string(),
  picks: z.object({ min: z.number().int(), max: z.number().int() }),
  numbers: z.object({ min: z.number().int(), max: z.number().int(), digits: z.number().int() }),
  /** The odds (for per-pick odds, the best pick's: "up to"). */
  odds: z.number().int(),
  stake: z.object({ min: z.number().int(), max: z.number().int() }),
  rule: lotteryLineRule.optional(),
  /** Named options (codes: big, small, odd, even, dragon, tiger, red, ...): a pick is an option's index. */
  options: z.array(z.string()).optional(),
  /** Positions (codes pos1.., dt1..): a pick is position × 100 + value. */
  positions: z.array(z.string()).optional(),
  /** Picks that pay differently (sums): each pick's odds; a bet then names one pick. */
  pickOdds: z.array(z.object({ pick: z.number().int(), odds: z.number().int() })).optional(),
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
  /** WEB, H5 or APP (spec §7 "device WEB"): checked; the games are the same on every device (decision 043). */
  device: clientDevice.optional(),
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

/**
 * Chasing (decision 043): one bet followed over `issues` consecutive issues from the one on sale, optionally
 * stopping at the first win. The whole cost is taken up front and what is not bet is given back when the chase ends.
 * `issues` is checked by the server (lottery_chase_issues_invalid, lottery_chase_too_many_issues: at most the issues
 * left in the merchant's day for that game).
 */
export const startChaseBody = placeBetBody.extend({
  issues: z.number(),
  stopOnWin: z.boolean(),
});
export type StartChaseBody = z.infer<typeof startChaseBody>;
export const chaseStatuses = ['running', 'won', 'completed', 'cancelled'] as const;
export const lotteryChase = z.object({
  chaseId: z.number().int(),
  gameCode: z.string(),
  betType: z.string(),
  prizeMode,
  picks: z.array(z.number().int()),
  lines: z.number().int(),
  stakePerLine: z.number().int(),
  odds: z.number().int(),
  firstIssueNo: z.string(),
  issues: z.number().int(),
  stopOnWin: z.boolean(),
  total: z.number().int(),
  /** Bets placed so far, of them settled, won, and the wins' total. */
  placed: z.number().int(),
  settled: z.number().int(),
  wins: z.number().int(),
  winTotal: z.number().int(),
  /** Issues passed over (their sale closed or their draw cancelled before the chase's bet): refunded at the end. */
  skipped: z.number().int(),
  held: z.number().int(),
  refunded: z.number().int(),
  status: z.enum(chaseStatuses),
  createdAt: z.string(),
  endedAt: z.string().nullable(),
});
export type LotteryChase = z.infer<typeof lotteryChase>;
export const startChaseResponse = envelope(
  z.object({ chase: lotteryChase, balance: z.number().int(), replayed: z.boolean() }),
);
export const myChasesQuery = pageQuery.extend({ gameCode: lotteryGameCode.optional() });
export const myChasesResponse = envelope(pageOf(lotteryChase));
export const chaseParams = z.object({ chaseId: z.coerce.number().int().positive() });
export const cancelChaseResponse = envelope(z.object({ chase: lotteryChase, balance: z.number().int() }));

/** Spec §7 game_menu/recent: the games this member bet on lately, most recent first. */
export const recentGamesResponse = envelope(z.object({ list: z.array(lotteryGame) }));

/** Whether the lottery takes bets now: the catalogue's switch-off and maintenance of the LOTT vendor. */
export const lotteryStates = ['open', 'off', 'maintenance'] as const;
export const lotteryStateResponse = envelope(z.object({ state: z.enum(lotteryStates) }));

/** One draw of a game by its issue (the verifier page reads the published commitment and result). */
export const oneDrawQuery = z.object({ gameCode: lotteryGameCode, issueNo });
export const oneDrawResponse = envelope(lotteryDraw);
/** A CHAIN game's published hash chains (decision 041): each segment's terminal hash, newest first. */
export const hashChainsQuery = z.object({ gameCode: lotteryGameCode });
export const hashChainsResponse = envelope(
  z.object({
    list: z.array(
      z.object({
        segment: z.number().int(),
        firstIssueIndex: z.number().int(),
        length: z.number().int(),
        terminalHash: z.string(),
      }),
    ),
  }),
);
