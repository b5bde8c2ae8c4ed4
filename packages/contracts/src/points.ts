import { z } from 'zod';
import { envelope, merchantListFilter, pageOf, pageQuery } from './envelope.ts';
import { languageCodes } from './language-codes.ts';

/**
 * The point mall (spec §1, §2, §3, §4, §7; issue 13 item 6; docs/decisions/035-point-mall.md). Points are whole
 * numbers and never expire; money is in minor units.
 */

/** The products that earn points (spec §3's point types), and where each games-catalogue category belongs. */
export const earningProducts = ['live', 'lottery', 'pvp', 'slots', 'sports'] as const;
export type EarningProduct = (typeof earningProducts)[number];
export const productOfGameType: Record<string, EarningProduct> = {
  LIVE: 'live',
  ELOTT: 'lottery',
  LOTT: 'lottery',
  PVP: 'pvp',
  RNG: 'slots',
  FISH: 'slots',
  SPORTS: 'sports',
  ESPORTS: 'sports',
};
/** Every line of a member's points history: earned per product or deposit, spent, refunded, converted. */
export const pointTypes = [...earningProducts, 'deposit', 'redeem', 'refund', 'convert'] as const;
export type PointType = (typeof pointTypes)[number];
export const redeemStatuses = ['processing', 'rejected', 'approved'] as const;
export type RedeemStatus = (typeof redeemStatuses)[number];

export const REDEEM_REMARK_MAX = 140;
export const REWARD_IMAGE_BYTES = 2 * 1024 * 1024;
const MAX_POINTS = 1_000_000_000_000;

// ------------------------------------------------------------------------------------------------ settings
/** Minor units of valid bet (or credited deposit) that earn one point; 0 earns nothing. */
const earnRate = z
  .number()
  .int()
  .min(0)
  .max(1_000_000_000 * 100);
export const earnRates = z.strictObject({
  live: earnRate,
  lottery: earnRate,
  pvp: earnRate,
  slots: earnRate,
  sports: earnRate,
  deposit: earnRate,
});
export type EarnRates = z.infer<typeof earnRates>;
export const pointSettings = z.strictObject({
  earnRates,
  /** Minor units of cash paid for one point when converting; 0 turns conversion off. */
  cashPerPoint: z.number().int().min(0).max(1_000_000),
  minConvertPoints: z.number().int().min(1).max(MAX_POINTS),
});
export type PointSettings = z.infer<typeof pointSettings>;
export const pointConfigResponse = envelope(pointSettings);

// ------------------------------------------------------------------------------------------------ player
export const pointBalanceResponse = envelope(z.object({ points: z.number().int() }));

export const reward = z.object({
  id: z.number().int(),
  name: z.string(),
  points: z.number().int(),
  stock: z.number().int(),
  maxPerOrder: z.number().int(),
  /** Path of the reward's picture on this server, or null. */
  imageUrl: z.string().nullable(),
});
export type Reward = z.infer<typeof reward>;
export const pointRewardResponse = envelope(
  z.object({
    list: z.array(reward),
    /** The cash-conversion offer: cash per point and the fewest points one conversion takes (null: off). */
    conversion: z.object({ cashPerPoint: z.number().int(), minPoints: z.number().int() }).nullable(),
  }),
);

export const redeemBody = z.object({
  rewardId: z.number().int().min(1).max(2_147_483_647),
  // Range checked by the service, which answers points_quantity_out_of_range.
  quantity: z.number().int().min(-1_000_000).max(1_000_000),
  address: z.string().trim().min(1).max(200),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9][0-9 -]{5,30}$/),
  // Length checked by the service, which answers remark_too_long.
  remark: z.string().max(2000).default(''),
  paymentPassword: z.string().min(1).max(128),
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export type RedeemBody = z.infer<typeof redeemBody>;

export const redemption = z.object({
  id: z.number().int(),
  rewardId: z.number().int(),
  rewardName: z.string(),
  quantity: z.number().int(),
  points: z.number().int(),
  status: z.enum(redeemStatuses),
  address: z.string(),
  mobile: z.string(),
  remark: z.string(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Redemption = z.infer<typeof redemption>;
export const redemptionResponse = envelope(redemption);
export const redemptionPageQuery = pageQuery.extend({ status: z.enum(redeemStatuses).optional() });
export const redemptionPageResponse = envelope(pageOf(redemption));

export const convertBody = z.object({
  points: z.number().int().min(1).max(MAX_POINTS),
  paymentPassword: z.string().min(1).max(128),
  requestId: z
    .string()
    .regex(/^[A-Za-z0-9_-]{8,64}$/)
    .optional(),
});
export const convertResponse = envelope(
  z.object({ points: z.number().int(), cash: z.number().int(), balanceAfter: z.number().int() }),
);

export const pointLine = z.object({
  entryId: z.number().int(),
  type: z.enum(pointTypes),
  changedPoints: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type PointLine = z.infer<typeof pointLine>;
const day = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);
export const pointLineQuery = pageQuery.extend({
  type: z.enum(pointTypes).optional(),
  from: day.optional(),
  to: day.optional(),
});
export const pointLinePageResponse = envelope(pageOf(pointLine));

// ------------------------------------------------------------------------------------------------ back office
export const rewardNames = z.partialRecord(z.enum(languageCodes), z.string().trim().min(1).max(80));
export const rewardBody = z.strictObject({
  names: rewardNames.refine((n) => Boolean(n.EN), { message: 'EN name required', path: ['EN'] }),
  points: z.number().int().min(1).max(MAX_POINTS),
  stock: z.number().int().min(0).max(1_000_000),
  maxPerOrder: z.number().int().min(1).max(100),
  active: z.boolean(),
  sort: z.number().int().min(0).max(10_000).default(0),
});
export type RewardBody = z.infer<typeof rewardBody>;
export const adminReward = rewardBody.extend({
  id: z.number().int(),
  merchantCode: z.string(),
  hasImage: z.boolean(),
  updatedAt: z.string(),
});
export type AdminReward = z.infer<typeof adminReward>;
export const adminRewardResponse = envelope(adminReward);
export const adminRewardListResponse = envelope(z.array(adminReward));
export const rewardIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

export const adminRedemption = redemption.extend({
  merchantCode: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  decidedBy: z.string().nullable(),
});
export type AdminRedemption = z.infer<typeof adminRedemption>;
export const adminRedemptionQuery = pageQuery.extend({
  status: z.enum(redeemStatuses).optional(),
  merchantCode: merchantListFilter,
});
export const adminRedemptionResponse = envelope(adminRedemption);
export const adminRedemptionPageResponse = envelope(pageOf(adminRedemption));
export const redemptionIdParams = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const rejectRedemptionBody = z.object({ reason: z.string().trim().min(1).max(200) });
/** Points credited by one run of the accrual. */
export const accrualResponse = envelope(z.object({ credited: z.number().int() }));
