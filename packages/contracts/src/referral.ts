import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';

/**
 * Referral, "invite friends" (spec §1, §2 member-centre entry `referral`, §3 `referralCode` in the address; issue 13
 * item 4; docs/decisions/038-referral.md). Amounts are minor units.
 */

/** Where a friend stands: still able to qualify, qualified (rewarded once), or not (and why, in `reason`). */
export const referralFriendStatuses = ['pending', 'qualified', 'notQualified'] as const;
export type ReferralFriendStatus = (typeof referralFriendStatuses)[number];
/**
 * Why a friend did not qualify, as the referrer is told: `linkedAccount` covers a shared browser, address or bank
 * account alike (which one is for the operators only, so that it cannot be worked around); `friendLimit` the most
 * friends the promotion rewards; `notEligible` a promotion the referrer may not take part in; `windowPassed` the
 * days to qualify ran out; `noPromotion` no referral promotion ran when the friend joined.
 */
export const referralReasons = [
  'linkedAccount',
  'friendLimit',
  'notEligible',
  'windowPassed',
  'noPromotion',
] as const;
export type ReferralReason = (typeof referralReasons)[number];
/** The operators' finer reasons (the referral_rewards table's refusals). */
export const referralRefusals = [
  'shared_device',
  'shared_ip',
  'shared_bank_account',
  'friend_limit',
  'referrer_not_eligible',
] as const;
export type ReferralRefusal = (typeof referralRefusals)[number];
/** A qualified reward: paid, due (waiting), or forfeited (its member was under a break when it was to be paid). */
export const referralRewardStatuses = ['paid', 'due', 'forfeited', 'none'] as const;

export const referralRules = z.object({
  minFirstDeposit: z.number().int(),
  minTurnover: z.number().int(),
  withinDays: z.number().int(),
  referrerReward: z.number().int(),
  friendReward: z.number().int(),
  maxFriends: z.number().int(),
  turnoverMultiple: z.number().int(),
});

export const referralSummary = z.object({
  /** The member's own code and the registration link that carries it. */
  code: z.string(),
  link: z.string(),
  /** The referral promotion a friend joining now counts for; null when none runs. */
  promotion: z.object({ id: z.number().int(), title: z.string(), rules: referralRules }).nullable(),
  totals: z.object({
    friends: z.number().int(),
    qualified: z.number().int(),
    /** Rewards paid to this member for friends. */
    rewards: z.number().int(),
  }),
});
export type ReferralSummary = z.infer<typeof referralSummary>;
export const referralSummaryResponse = envelope(referralSummary);

export const referralFriend = z.object({
  /** Masked as the site masks others' names (winner board). */
  username: z.string(),
  joinedAt: z.string(),
  status: z.enum(referralFriendStatuses),
  reason: z.enum(referralReasons).nullable(),
  /** While pending: how far the friend is, and until when. */
  progress: z
    .object({
      deposit: z.number().int(),
      minFirstDeposit: z.number().int(),
      turnover: z.number().int(),
      minTurnover: z.number().int(),
      deadline: z.string(),
    })
    .nullable(),
  /**
   * The reward for this friend: paid, due (waiting for the member's active bonus to finish, or for budget), or
   * forfeited (the member was under a time-out, an exclusion or a closure when it was to be paid).
   */
  reward: z.number().int(),
  rewardStatus: z.enum(referralRewardStatuses),
});
export type ReferralFriend = z.infer<typeof referralFriend>;
export const referralFriendsQuery = pageQuery
  .extend({ pageSize: pageQuery.shape.pageSize.default(10) })
  .strict();
export const referralFriendsResponse = envelope(pageOf(referralFriend));

// --------------------------------------------------------------------------------------------- back office
export const adminReferralParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const adminReferralFriend = z.object({
  memberId: z.number().int(),
  username: z.string(),
  joinedAt: z.string(),
  status: z.enum(referralFriendStatuses),
  reason: z.enum(referralReasons).nullable(),
  refusal: z.enum(referralRefusals).nullable(),
  promotionId: z.number().int().nullable(),
  reward: z.number().int(),
  rewardStatus: z.enum(referralRewardStatuses),
  friendReward: z.number().int(),
  /** The friend's own reward, as rewardStatus is the referrer's. */
  friendRewardStatus: z.enum(referralRewardStatuses),
});
export const adminReferrals = z.object({
  code: z.string().nullable(),
  referrer: z.object({ memberId: z.number().int(), username: z.string(), code: z.string() }).nullable(),
  totals: z.object({ friends: z.number().int(), qualified: z.number().int(), rewards: z.number().int() }),
  friends: pageOf(adminReferralFriend),
});
export type AdminReferrals = z.infer<typeof adminReferrals>;
export const adminReferralsQuery = pageQuery
  .extend({ pageSize: pageQuery.shape.pageSize.default(10) })
  .strict();
export const adminReferralsResponse = envelope(adminReferrals);
