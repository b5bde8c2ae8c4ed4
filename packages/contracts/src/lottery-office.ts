import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';
import { isoDate } from './game-play.ts';
import {
  chaseStatuses,
  drawStatuses,
  lotteryChase,
  lotteryDraw,
  lotteryGameCode,
  prizeMode,
} from './lottery.ts';

/**
 * The lottery's back office (issue 14 part 5; docs/decisions/042-lottery-office.md), under
 * `/admin-api/merchants/:code/lottery/...`. Odds in thousandths (3610 = ×3.61), rebates in basis points of the stake
 * (50 = 0.5%), amounts in minor units. Values are checked by the server, not here, so each refusal has its own code.
 */

const merchantCode = z.string().regex(/^[a-z0-9-]{2,32}$/);
export const officeMerchantParams = z.object({ code: merchantCode });
export const officeGameParams = z.object({ code: merchantCode, gameCode: lotteryGameCode });
export const officeBetTypeParams = officeGameParams.extend({ betType: z.string().regex(/^[a-z0-9]{1,16}$/) });
export const officeDrawParams = z.object({ code: merchantCode, drawId: z.coerce.number().int().positive() });
export const officeEntryParams = officeDrawParams.extend({ entryId: z.coerce.number().int().positive() });

export const resultSources = ['seed', 'operator'] as const;
const modeTable = z.object({ Lott: z.number(), ZY: z.number(), Elott: z.number(), SEA: z.number() });
const intModeTable = z.object({
  Lott: z.number().int(),
  ZY: z.number().int(),
  Elott: z.number().int(),
  SEA: z.number().int(),
});
const stakeLimits = z.object({ min: z.number().int(), max: z.number().int() });

export const officeBetType = z.object({
  code: z.string(),
  /** The most times one line can win in a draw: a line's liability is stake × odds × this. */
  maxHits: z.number().int(),
  /** The odds at which the bet type returns exactly the stake (thousandths, rounded down). */
  fairOdds: z.number().int(),
  defaultOdds: intModeTable,
  odds: intModeTable,
  /** The expected return of one unit staked, odds and rebate together, per prize mode (1 = fair). */
  returns: modeTable,
  defaultStake: stakeLimits,
  stake: stakeLimits,
  liabilityCap: z.number().int().nullable(),
});

export const officeIssue = z.object({
  issueNo: z.string(),
  saleOpensAt: z.string(),
  saleClosesAt: z.string(),
  drawAt: z.string(),
});

export const officeGame = z.object({
  gameCode: z.string(),
  name: z.string(),
  family: z.string(),
  resultSource: z.enum(resultSources),
  intervalSeconds: z.number().int(),
  closeSeconds: z.number().int(),
  /** Daily games: minutes after the merchant's midnight at which they are drawn. */
  dailyMinute: z.number().int().nullable(),
  /** The result's tiers, special prize first (Vietnam games): an operator game's entry form, results' labels. */
  resultTiers: z
    .array(z.object({ name: z.string(), count: z.number().int(), digits: z.number().int() }))
    .nullable(),
  enabled: z.boolean(),
  onSale: z.boolean(),
  rebates: intModeTable,
  betTypes: z.array(officeBetType),
  /** The schedule: the next issues in the merchant's time zone. */
  nextIssues: z.array(officeIssue),
});
export type OfficeGame = z.infer<typeof officeGame>;
export const officeGamesResponse = envelope(z.object({ list: z.array(officeGame), timeZone: z.string() }));
export const officeGameResponse = envelope(officeGame);

export const saveGameBody = z.object({ enabled: z.boolean(), onSale: z.boolean(), rebates: modeTable });
export type SaveGameBody = z.infer<typeof saveGameBody>;
/** A prize mode left out of `odds` goes back to the game's odds; null limits and cap: the game's, none. */
export const saveBetTypeBody = z.object({
  odds: z.partialRecord(prizeMode, z.number()),
  stakeMin: z.number().nullable(),
  stakeMax: z.number().nullable(),
  liabilityCap: z.number().nullable(),
});
export type SaveBetTypeBody = z.infer<typeof saveBetTypeBody>;

export const resultEntryStatuses = ['pending', 'approved', 'rejected'] as const;
export const resultEntry = z.object({
  entryId: z.number().int(),
  status: z.enum(resultEntryStatuses),
  result: z.record(z.string(), z.unknown()),
  enteredBy: z.string(),
  enteredAt: z.string(),
  decidedBy: z.string().nullable(),
  decidedAt: z.string().nullable(),
  reason: z.string().nullable(),
});
export type ResultEntry = z.infer<typeof resultEntry>;

export const officeDraw = lotteryDraw.extend({
  bets: z.number().int(),
  openBets: z.number().int(),
  stake: z.number().int(),
  win: z.number().int(),
  rebate: z.number().int(),
  entries: z.array(resultEntry),
});
export type OfficeDraw = z.infer<typeof officeDraw>;
export const officeDrawsQuery = pageQuery.extend({
  gameCode: lotteryGameCode.optional(),
  status: z.enum(drawStatuses).optional(),
});
export const officeDrawsResponse = envelope(pageOf(officeDraw));
export const officeDrawResponse = envelope(officeDraw);

/** Members' chases (issue 14 part 4) as the back office lists them: newest first, by game, state or member. */
export const officeChasesQuery = pageQuery.extend({
  gameCode: lotteryGameCode.optional(),
  status: z.enum(chaseStatuses).optional(),
  /** A member's account name, exactly (compared as stored, lower case). */
  member: z.string().trim().toLowerCase().min(1).max(64).optional(),
});
export const officeChase = lotteryChase.extend({ memberId: z.number().int(), username: z.string() });
export type OfficeChase = z.infer<typeof officeChase>;
export const officeChasesResponse = envelope(pageOf(officeChase));

export const exposureQuery = z.object({ gameCode: lotteryGameCode });
export const exposureRow = z.object({
  betType: z.string(),
  number: z.string(),
  bets: z.number().int(),
  stake: z.number().int(),
  /** What the house would pay at most on this number if it comes up. */
  liability: z.number().int(),
  cap: z.number().int().nullable(),
});
export type ExposureRow = z.infer<typeof exposureRow>;
export const exposureResponse = envelope(
  z.object({ serverTime: z.string(), draw: lotteryDraw.nullable(), rows: z.array(exposureRow) }),
);

/** An operator game's result as entered: per tier, special prize first, its numbers as digit strings. */
export const enterResultBody = z.object({
  result: z.object({ prizes: z.array(z.array(z.string().max(12)).max(20)).max(20) }),
});
export const rejectResultBody = z.object({ reason: z.string().trim().min(1).max(200) });

export const lotteryReportQuery = z
  .object({ from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'to is before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    path: ['from'],
    message: 'at most a year',
  });
export const lotteryReportRow = z.object({
  day: z.string(),
  gameCode: z.string(),
  bets: z.number().int(),
  stake: z.number().int(),
  payout: z.number().int(),
  rebate: z.number().int(),
  /** Gross gaming revenue: stakes − payouts − rebates. */
  ggr: z.number().int(),
});
export type LotteryReportRow = z.infer<typeof lotteryReportRow>;
export const lotteryReportResponse = envelope(
  z.object({
    list: z.array(lotteryReportRow),
    totals: lotteryReportRow.omit({ day: true, gameCode: true }),
  }),
);
