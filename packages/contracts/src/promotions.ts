import { z } from 'zod';
import { contentImageId } from './content.ts';
import { envelope, merchantListFilter, pageOf, pageQuery } from './envelope.ts';
import { gameType, type gameTypes } from './games.ts';
import { languageCodes } from './language-codes.ts';

/**
 * Promotions and bonus money (spec §1, §2, §3, §4; issue 13 items 1 and 2; docs/decisions/034-promotions.md).
 * Percentages are integer basis points (10 000 = 100 %); amounts are minor units.
 */

/**
 * Kinds built so far: a bonus on the member's first deposit, on a later one (once per day, week or ever), an
 * applied promotion (the member applies with a remark and images; an operator issues the bonus or rejects), a
 * rebate (cashback on each day's or week's valid bets or net loss by product, paid when the period closes), a rank
 * upgrade bonus (a bonus for each rank level reached, claimed once per level) and a raffle (once a day or week, a
 * member who deposited enough in the period draws a prize), a birthday bonus (once a year, in the days from the
 * member's birthday: `maxBonus`, or the bonus of the highest rank level reached in `levelBonuses`) and a referral
 * reward (a member is paid once for each friend who registered through their link and qualified;
 * docs/decisions/038-referral.md).
 */
export const promotionKinds = [
  'firstDeposit',
  'repeatDeposit',
  'applied',
  'rebate',
  'rankUpgrade',
  'raffle',
  'birthday',
  'referral',
] as const;
export type PromotionKind = (typeof promotionKinds)[number];
/** The spec's activity statuses (§4), as this member sees a promotion now. */
export const activityStatuses = [
  'join',
  'claim',
  'applying',
  'closed',
  'rejected',
  'issued',
  'claimed',
  'process',
  'signed',
  'coming',
] as const;
export type ActivityStatus = (typeof activityStatuses)[number];
export const claimPeriods = ['once', 'day', 'week'] as const;
export type ClaimPeriod = (typeof claimPeriods)[number];
/** What the turnover requirement is a multiple of. */
export const turnoverBases = ['bonus', 'bonusDeposit'] as const;
/** What a rebate is a share of: the period's valid bets, or its net loss (bets less wins, per product, if positive). */
export const rebateBases = ['validBets', 'netLoss'] as const;
export type RebateBasis = (typeof rebateBases)[number];

const minorAmount = z.number().int().min(0).max(10_000_000_000_000);
const basisPoints = z.number().int().min(0).max(10_000);
const text = (max: number) => z.string().trim().max(max);

export const promotionText = z.strictObject({
  title: text(80).min(1),
  summary: text(200),
  /** Plain text: shown with its line breaks, never as markup. */
  rules: text(4000),
  /** The card's picture in this language: an image of the merchant's library (absent: the EN one, or none). */
  image: contentImageId.optional(),
});
export type PromotionText = z.infer<typeof promotionText>;

export const promotionRules = z.strictObject({
  /** The bonus as a share of the qualifying deposit, and its most. */
  percent: basisPoints.min(1),
  maxBonus: minorAmount.min(1),
  minDeposit: minorAmount,
  /** The valid bets needed before bonus-derived money may leave: this many times the basis. */
  turnoverMultiple: z.number().int().min(0).max(100),
  turnoverBasis: z.enum(turnoverBases),
  /** How much of a product's valid bet counts towards the turnover (percent; absent: 100). */
  weights: z.partialRecord(gameType, z.number().int().min(0).max(100)).default({}),
  claimPer: z.enum(claimPeriods),
  /** Eligibility: the lowest rank (VIP level), and an agent whose downline alone may claim. */
  minVipLevel: z.number().int().min(0).max(99).default(0),
  agentUsername: z.string().trim().max(32).nullable().default(null),
  /** One claim per period also per device, per IP address and per bank account, where switched on. */
  oncePerDevice: z.boolean().default(false),
  oncePerIp: z.boolean().default(false),
  oncePerBankAccount: z.boolean().default(false),
  /**
   * Rebates: the basis, and a product's own rate (basis points) where it differs from `percent`, the rate of every
   * other product (0 leaves a product out). `maxBonus` caps one member's rebate of a period; below `minPayout`
   * nothing is paid.
   */
  rebateBasis: z.enum(rebateBases).default('validBets'),
  rebateRates: z.partialRecord(gameType, basisPoints).default({}),
  minPayout: minorAmount.default(0),
  /** Rank upgrade: the bonus for reaching each rank level (each level claimed once). */
  levelBonuses: z
    .array(z.strictObject({ level: z.number().int().min(1).max(99), amount: minorAmount.min(1) }))
    .max(20)
    .default([]),
  /** Birthday bonus: claimable this many days from the member's birthday (the birthday itself is day 1). */
  birthdayDays: z.number().int().min(1).max(31).default(7),
  /** Raffle: the prizes a draw picks from, each with its weight (chance = weight ÷ all weights). */
  prizes: z
    .array(z.strictObject({ amount: minorAmount.min(1), weight: z.number().int().min(1).max(1_000_000) }))
    .max(20)
    .default([]),
  /**
   * Referral: what makes a friend qualify within `withinDays` of registering (a first deposit of at least
   * `minFirstDeposit`, valid bets of at least `minTurnover`; 0 leaves a condition out), the referrer's reward, the
   * friend's own (0: none), and the most friends one referrer is rewarded for (0: no limit). Each reward is a bonus
   * with `turnoverMultiple` times itself to wager; `oncePerDevice`, `oncePerIp` and `oncePerBankAccount` refuse a
   * friend who shares a browser, an address or a bank account with the referrer.
   */
  referral: z
    .strictObject({
      minFirstDeposit: minorAmount,
      minTurnover: minorAmount,
      withinDays: z.number().int().min(1).max(365),
      referrerReward: minorAmount.min(1),
      friendReward: minorAmount,
      maxFriends: z.number().int().min(0).max(100_000),
    })
    .nullable()
    .default(null),
});
export type PromotionRules = z.infer<typeof promotionRules>;

const promotionFields = z.strictObject({
  kind: z.enum(promotionKinds),
  enabled: z.boolean(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  /** The most bonus money the promotion pays in all; null: no limit. */
  budget: minorAmount.min(1).nullable(),
  rules: promotionRules,
  /** EN is required; other languages fall back to it. */
  texts: z.partialRecord(z.enum(languageCodes), promotionText).refine((t) => t.EN !== undefined, {
    message: 'EN is required',
    path: ['EN'],
  }),
});
export const promotionBody = promotionFields
  .refine((p) => Date.parse(p.endsAt) > Date.parse(p.startsAt), {
    message: 'ends before it starts',
    path: ['endsAt'],
  })
  .refine((p) => p.kind !== 'rebate' || p.rules.claimPer !== 'once', {
    message: 'a rebate is paid per day or per week',
    path: ['rules', 'claimPer'],
  })
  .refine((p) => p.kind !== 'rebate' || p.rules.turnoverMultiple === 0, {
    message: 'a rebate is paid as cash, without turnover',
    path: ['rules', 'turnoverMultiple'],
  })
  .refine(
    (p) =>
      p.kind !== 'rankUpgrade' ||
      (p.rules.levelBonuses.length > 0 &&
        new Set(p.rules.levelBonuses.map((l) => l.level)).size === p.rules.levelBonuses.length),
    { message: 'one bonus for each of one or more distinct levels', path: ['rules', 'levelBonuses'] },
  )
  .refine(
    (p) =>
      p.kind !== 'birthday' ||
      new Set(p.rules.levelBonuses.map((l) => l.level)).size === p.rules.levelBonuses.length,
    { message: 'one bonus for each distinct level', path: ['rules', 'levelBonuses'] },
  )
  .refine((p) => p.kind !== 'raffle' || (p.rules.prizes.length > 0 && p.rules.claimPer !== 'once'), {
    message: 'a raffle has prizes and is drawn per day or per week',
    path: ['rules', 'prizes'],
  })
  .refine((p) => p.kind !== 'referral' || p.rules.referral !== null, {
    message: 'a referral promotion says when a friend qualifies and what it pays',
    path: ['rules', 'referral'],
  })
  .refine(
    (p) =>
      p.kind !== 'referral' ||
      p.rules.referral === null ||
      p.rules.referral.minFirstDeposit > 0 ||
      p.rules.referral.minTurnover > 0,
    {
      message: 'a friend qualifies by a first deposit, valid bets or both',
      path: ['rules', 'referral', 'minFirstDeposit'],
    },
  );
export type PromotionBody = z.infer<typeof promotionBody>;

export const promotionIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** The site's view of a promotion, for this visitor. */
export const promotion = z.object({
  id: z.number().int(),
  kind: z.enum(promotionKinds),
  title: z.string(),
  summary: z.string(),
  rules: z.string(),
  /** The picture in the visitor's language (or the EN one), a site path; null when the promotion has none. */
  imageUrl: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  status: z.enum(activityStatuses),
  /** Why it is closed for this member (an error code), when it is. */
  reason: z.string().nullable(),
  percent: z.number().int(),
  maxBonus: z.number().int(),
  minDeposit: z.number().int(),
  turnoverMultiple: z.number().int(),
  turnoverBasis: z.enum(turnoverBases),
  claimPer: z.enum(claimPeriods),
  /** What a claim now would pay (status claim), else null. */
  claimable: z.number().int().nullable(),
  /** The operator's reason when this member's application was rejected (status rejected). */
  rejectReason: z.string().nullable(),
  /** Rebates: the basis, each product's rate, and this member's rebate so far this period and the last one paid. */
  rebate: z
    .object({
      basis: z.enum(rebateBases),
      rates: z.partialRecord(gameType, z.number().int()),
      defaultRate: z.number().int(),
      minPayout: z.number().int(),
      soFar: z.number().int().nullable(),
      lastPaid: z.object({ period: z.string(), amount: z.number().int(), paidAt: z.string() }).nullable(),
    })
    .nullable(),
  /** Rank upgrade: each level's bonus and whether this member has claimed it. */
  levels: z
    .array(z.object({ level: z.number().int(), amount: z.number().int(), claimed: z.boolean() }))
    .nullable(),
  /** Birthday bonus: how many days it can be claimed from the birthday, and this member's window (null: none on file). */
  birthday: z
    .object({
      days: z.number().int(),
      opensAt: z.string().nullable(),
      closesAt: z.string().nullable(),
    })
    .nullable(),
  /** Raffle: the prizes and each one's chance in basis points. */
  prizes: z.array(z.object({ amount: z.number().int(), chance: z.number().int() })).nullable(),
  /** Referral: when a friend qualifies and what it pays. */
  referral: z
    .object({
      minFirstDeposit: z.number().int(),
      minTurnover: z.number().int(),
      withinDays: z.number().int(),
      referrerReward: z.number().int(),
      friendReward: z.number().int(),
      maxFriends: z.number().int(),
    })
    .nullable()
    .default(null),
});
export type Promotion = z.infer<typeof promotion>;

export const promotionListQuery = z.strictObject({ kind: z.enum(promotionKinds).optional() });
export const promotionListResponse = envelope(z.array(promotion));
export const promotionDetailQuery = z.strictObject({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const promotionResponse = envelope(promotion);

export const claimBody = z.strictObject({
  promotionId: z.number().int().min(1).max(2_147_483_647),
  /** The browser's own id (kept in its storage), for promotions limited to one claim per device. */
  deviceId: z.string().regex(/^[A-Za-z0-9-]{8,64}$/),
});

export const bonusStatuses = ['active', 'completed', 'forfeited'] as const;
export type BonusStatus = (typeof bonusStatuses)[number];
export const bonus = z.object({
  id: z.number().int(),
  /** Null for a manual bonus an operator granted. */
  promotionId: z.number().int().nullable(),
  title: z.string(),
  amount: z.number().int(),
  depositAmount: z.number().int(),
  /** Money held back from withdrawal and transfer until the turnover is met. */
  locked: z.number().int(),
  turnoverRequired: z.number().int(),
  turnoverDone: z.number().int(),
  status: z.enum(bonusStatuses),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  /** Taken back when forfeited. */
  forfeitedAmount: z.number().int(),
});
export type Bonus = z.infer<typeof bonus>;
export const bonusResponse = envelope(bonus);
export const bonusPageQuery = pageQuery.extend({ status: z.enum(bonusStatuses).optional() }).strict();
export const bonusPageResponse = envelope(pageOf(bonus));
export const forfeitBody = z.strictObject({ bonusId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER) });

/** Reward centre: what the member can claim now, and what is still held by wagering. */
export const rewardCentre = z.object({
  claimable: z.array(promotion),
  active: z.array(bonus),
});
export const rewardCentreResponse = envelope(rewardCentre);

/** §5: an activity application's remark and images. */
export const APPLICATION_REMARK_MAX = 140;
export const APPLICATION_IMAGES_MAX = 3;
export const APPLICATION_IMAGE_BYTES = 5 * 1024 * 1024;
export const applicationStatuses = ['applying', 'rejected', 'issued'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];

export const application = z.object({
  id: z.number().int(),
  promotionId: z.number().int(),
  title: z.string(),
  status: z.enum(applicationStatuses),
  remark: z.string(),
  imageCount: z.number().int(),
  rejectReason: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type Application = z.infer<typeof application>;
export const applicationResponse = envelope(application);

// --------------------------------------------------------------------------------------------- back office
export const adminPromotion = promotionFields.extend({
  id: z.number().int(),
  merchantCode: z.string(),
  spent: z.number().int(),
  claims: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminPromotion = z.infer<typeof adminPromotion>;
export const adminPromotionResponse = envelope(adminPromotion);
export const adminPromotionListResponse = envelope(z.array(adminPromotion));

export const adminApplication = application.extend({
  merchantCode: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  imageIds: z.array(z.number().int()),
  maxBonus: z.number().int(),
  bonusAmount: z.number().int().nullable(),
  decidedBy: z.string().nullable(),
});
export type AdminApplication = z.infer<typeof adminApplication>;
export const adminApplicationQuery = pageQuery
  .extend({ merchantCode: merchantListFilter, status: z.enum(applicationStatuses).optional() })
  .strict();
export const adminApplicationPageResponse = envelope(pageOf(adminApplication));
export const adminApplicationResponse = envelope(adminApplication);
export const applicationIdParams = z.object({
  id: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const applicationImageParams = z.object({
  imageId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const approveApplicationBody = z.strictObject({ amount: z.unknown() });
export const rejectApplicationBody = z.strictObject({ reason: z.string().trim().min(1).max(200) });

/** Manual bonuses above this (minor units) wait for a second operator's approval. */
export const MANUAL_BONUS_FOUR_EYES_ABOVE = 100_000;
export const manualBonusStatuses = ['pending', 'issued', 'rejected'] as const;
export const manualBonusBody = z.strictObject({
  username: z.string().trim().min(1).max(32),
  amount: z.unknown(),
  turnoverMultiple: z.number().int().min(0).max(100),
  /** What the member reads in bonus details. */
  title: z.string().trim().min(1).max(80),
  /** Why: for the operators and the audit log. */
  reason: z.string().trim().min(1).max(200),
});
export const manualBonus = z.object({
  id: z.number().int(),
  merchantCode: z.string(),
  memberId: z.number().int(),
  username: z.string(),
  amount: z.number().int(),
  turnoverMultiple: z.number().int(),
  title: z.string(),
  reason: z.string(),
  status: z.enum(manualBonusStatuses),
  requestedBy: z.string(),
  decidedBy: z.string().nullable(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type ManualBonus = z.infer<typeof manualBonus>;
export const manualBonusResponse = envelope(manualBonus);
export const manualBonusListQuery = z.strictObject({ status: z.enum(manualBonusStatuses).optional() });
export const manualBonusListResponse = envelope(z.array(manualBonus));

export const costReportQuery = z.strictObject({
  from: z.iso.date(),
  to: z.iso.date(),
});
/** What a cost report row adds up: a promotion's bonuses, the manual bonuses, mission rewards, point conversions. */
export const costSources = ['promotion', 'manual', 'missions', 'points'] as const;
export const costReportRow = z.object({
  day: z.string(),
  source: z.enum(costSources),
  /** The promotion (source promotion), else null. */
  promotionId: z.number().int().nullable(),
  title: z.string(),
  claims: z.number().int(),
  paid: z.number().int(),
  /** Bonuses whose turnover was met that day, and what they had paid. */
  completed: z.number().int(),
  completedAmount: z.number().int(),
  forfeited: z.number().int(),
  forfeitedAmount: z.number().int(),
});
export const costReportResponse = envelope(z.object({ rows: z.array(costReportRow) }));

/** A product's weight towards turnover: absent means it counts in full. */
export function weightOf(weights: Partial<Record<(typeof gameTypes)[number], number>>, product: string) {
  return (weights as Record<string, number | undefined>)[product] ?? 100;
}

/** A rebate promotion's run of one closed period (back office). */
export const rebateRun = z.object({
  period: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  /** `paying` until every member's entry is posted. */
  status: z.enum(['paying', 'paid']),
  members: z.number().int(),
  total: z.number().int(),
  /** What members would have had beyond the budget (not paid). */
  overBudget: z.number().int(),
  /** Members under a break when the run paid them, and what they forfeited (not in members and total). */
  forfeitedMembers: z.number().int(),
  forfeited: z.number().int(),
  finishedAt: z.string().nullable(),
});
export type RebateRun = z.infer<typeof rebateRun>;
export const rebateRunsResponse = envelope(z.array(rebateRun));
