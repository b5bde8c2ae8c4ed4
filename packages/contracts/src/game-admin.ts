import { z } from 'zod';
import { envelope, pageOf } from './envelope.ts';
import { isoDate, recordTotals } from './game-play.ts';
import { gameType } from './games.ts';

/** Back-office calls of the games issue (`/admin-api/games/...`): catalogue switches, credentials, bets, report. */

const merchantCode = z.string().regex(/^[a-z0-9-]{2,32}$/);
const vendorCode = z.string().regex(/^[A-Z0-9_]{2,32}$/);

/** The switches an operator sets per merchant on a vendor line or on a game. */
export const catalogueSwitches = z.strictObject({
  enabled: z.boolean(),
  isHot: z.boolean(),
  maintenance: z.boolean(),
  sortOrder: z.number().int().min(-100_000).max(100_000),
});
export type CatalogueSwitches = z.infer<typeof catalogueSwitches>;

export const merchantQuery = z.strictObject({ merchant: merchantCode });
export const nodeParams = z.object({ nodeId: z.coerce.number().int().min(1).max(2_147_483_647) });
export const switchesBody = catalogueSwitches.extend({ merchant: merchantCode });

export const adminLine = catalogueSwitches.extend({
  nodeId: z.number().int(),
  vendor: z.string(),
  vendorName: z.string(),
  vassalage: z.string(),
  gameType: z.string(),
  isGame: z.enum(['GAME', 'VASSALAGE', 'LOBBY']),
  inHouse: z.boolean(),
  games: z.number().int(),
});
export type AdminLine = z.infer<typeof adminLine>;
export const adminLinesResponse = envelope(z.array(adminLine));
export const adminLineResponse = envelope(adminLine);

export const adminGamesQuery = z.strictObject({
  merchant: merchantCode,
  vassalage: z.string().trim().max(64).optional(),
  name: z.string().trim().max(60).optional(),
  pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(25),
});
export const adminGame = catalogueSwitches.extend({
  nodeId: z.number().int(),
  name: z.string(),
  gameCode: z.string(),
  vendor: z.string(),
  vassalage: z.string(),
  /** The product line's own switches also apply: a disabled line hides all of its games. */
  lineEnabled: z.boolean(),
  lineMaintenance: z.boolean(),
  minBet: z.number().int(),
  popularity: z.number().int(),
});
export type AdminGame = z.infer<typeof adminGame>;
export const adminGamesResponse = envelope(pageOf(adminGame));
export const adminGameResponse = envelope(adminGame);

/** A vendor's seamless-wallet credentials; the secret is shown only once, when it is generated. */
export const vendorParams = z.object({ code: vendorCode });
export const vendorCredentials = z.object({
  vendorCode: z.string(),
  vendorName: z.string(),
  inHouse: z.boolean(),
  configured: z.boolean(),
  enabled: z.boolean(),
  /** `sim:` is the in-repo simulator; otherwise the vendor's https launch address. */
  launchUrl: z.string().nullable(),
  secretHint: z.string().nullable(),
  /** Wins of rounds without a stake (the vendor's free spins or bonus rounds) are paid from the promotion account. */
  freeRoundWins: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type VendorCredentials = z.infer<typeof vendorCredentials>;
export const vendorCredentialsListResponse = envelope(z.array(vendorCredentials));
export const credentialsBody = z.strictObject({
  enabled: z.boolean(),
  launchUrl: z
    .string()
    .trim()
    .max(300)
    .refine((value) => value === 'sim:' || /^https?:\/\/[^\s/?#]+[^\s]*$/i.test(value), {
      message: 'an http(s) address or sim:',
    }),
  rotateSecret: z.boolean().default(false),
  freeRoundWins: z.boolean().default(false),
});
export const credentialsResponse = envelope(
  z.object({ credentials: vendorCredentials, newSecret: z.string().nullable() }),
);

/** Bets explorer: every member's rounds of a merchant. */
export const adminBetsQuery = z
  .strictObject({
    merchant: merchantCode,
    product: z.union([z.literal('ALL'), gameType]).default('ALL'),
    vendor: vendorCode.optional().or(z.literal('').transform(() => undefined)),
    member: z.string().trim().max(40).optional(),
    from: isoDate,
    to: isoDate,
    pageNo: z.coerce.number().int().min(1).max(10_000).default(1),
    pageSize: z.coerce.number().int().min(1).max(100).default(25),
  })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'to is before from' });
export const adminBetRow = z.object({
  id: z.string(),
  member: z.string(),
  memberId: z.number().int(),
  product: gameType,
  vendor: z.string(),
  gameName: z.string(),
  roundId: z.string(),
  bet: z.number().int(),
  win: z.number().int(),
  profit: z.number().int(),
  status: z.enum(['settled', 'open', 'rolledBack']),
  /** A win of the vendor's free round (no stake), paid by the operator's promotion account. */
  freeRound: z.boolean(),
  createdAt: z.string(),
});
export type AdminBetRow = z.infer<typeof adminBetRow>;
export const adminBetsResponse = envelope(pageOf(adminBetRow).extend({ totals: recordTotals }));

/** Game profit and loss of the house by day, vendor and product (GGR = bets − wins). */
export const adminReportQuery = z
  .strictObject({ merchant: merchantCode, from: isoDate, to: isoDate })
  .refine((q) => q.from <= q.to, { path: ['to'], message: 'to is before from' })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 366 * 86_400_000, {
    path: ['from'],
    message: 'at most a year',
  });
const houseTotals = z.object({
  count: z.number().int(),
  bet: z.number().int(),
  win: z.number().int(),
  /** The house's gross gaming revenue: bets − wins. */
  ggr: z.number().int(),
});
export const reportRow = houseTotals.extend({ day: z.string(), vendor: z.string(), product: gameType });
export type ReportRow = z.infer<typeof reportRow>;
export const adminReportResponse = envelope(
  z.object({ rows: z.array(reportRow), totals: houseTotals, timeZone: z.string() }),
);

/** The merchant's progressive jackpot as the back office sees it (minor units). */
export const adminJackpot = z.object({
  pool: z.number().int(),
  seed: z.number().int(),
  hits: z.number().int(),
  lastWin: z.number().int().nullable(),
  lastWonAt: z.string().nullable(),
});
export type AdminJackpot = z.infer<typeof adminJackpot>;
export const adminJackpotResponse = envelope(adminJackpot);
/** The seed the operator funds the pool up to, now and after every award: whole minor units, at most 10^13. */
export const jackpotSeedBody = z.strictObject({
  merchant: merchantCode,
  seed: z.number().int().min(0).max(10_000_000_000_000),
});
