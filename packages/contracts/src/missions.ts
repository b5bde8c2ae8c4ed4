import { z } from 'zod';
import { envelope } from './envelope.ts';
import { gameType } from './games.ts';
import { languageCodes } from './language-codes.ts';

/**
 * Missions and the mission leaderboard (spec §1, §2, §3, §7; issue 13 item 3; docs/decisions/036-missions.md).
 * Amounts are minor units; progress is counted by the server from the member's real sign-ins, deposits and rounds.
 */

/** A mission repeats every day or every week (from Monday) of the merchant's time zone. */
export const missionPeriods = ['day', 'week'] as const;
export type MissionPeriod = (typeof missionPeriods)[number];

/**
 * What a task counts in the period: days with a sign-in, credited deposits (count or amount), valid bets (amount,
 * optionally of one product), and distinct games played.
 */
export const missionTaskKinds = [
  'login',
  'depositCount',
  'depositAmount',
  'betAmount',
  'gamesPlayed',
] as const;
export type MissionTaskKind = (typeof missionTaskKinds)[number];
/** Kinds whose target is an amount in minor units (the others count). */
export const moneyTaskKinds: readonly MissionTaskKind[] = ['depositAmount', 'betAmount'];

export const MISSION_TASKS_MAX = 5;
const minorAmount = z.number().int().min(0).max(10_000_000_000_000);
const text = (max: number) => z.string().trim().max(max);

export const missionTask = z
  .strictObject({
    kind: z.enum(missionTaskKinds),
    /** betAmount only: the product whose bets count; null: every product. */
    product: gameType.nullable().default(null),
    target: z.number().int().min(1).max(10_000_000_000_000),
  })
  .refine((t) => t.kind === 'betAmount' || t.product === null, {
    message: 'only a bet task names a product',
    path: ['product'],
  })
  .refine((t) => t.kind !== 'login' || t.target <= 7, { message: 'at most 7 days', path: ['target'] });
export type MissionTask = z.infer<typeof missionTask>;

export const missionText = z.strictObject({
  name: text(80).min(1),
  description: text(300),
});
export type MissionText = z.infer<typeof missionText>;

const missionFields = z.strictObject({
  period: z.enum(missionPeriods),
  enabled: z.boolean(),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }),
  /** Cash paid on claim (no turnover: decision 036); 0 pays points only. */
  reward: minorAmount.max(100_000_000),
  /** Leaderboard points earned on claim. */
  points: z.number().int().min(0).max(1_000_000),
  tasks: z.array(missionTask).min(1).max(MISSION_TASKS_MAX),
  /** EN is required; other languages fall back to it. */
  texts: z.partialRecord(z.enum(languageCodes), missionText).refine((t) => t.EN !== undefined, {
    message: 'EN is required',
    path: ['EN'],
  }),
});
export const missionBody = missionFields
  .refine((m) => Date.parse(m.endsAt) > Date.parse(m.startsAt), {
    message: 'ends before it starts',
    path: ['endsAt'],
  })
  .refine((m) => m.reward > 0 || m.points > 0, { message: 'rewards nothing', path: ['reward'] });
export type MissionBody = z.infer<typeof missionBody>;

export const missionIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });

/** How the member stands with a mission in its current period. */
export const missionStatuses = ['inProgress', 'claimable', 'claimed'] as const;
export type MissionStatus = (typeof missionStatuses)[number];

export const missionTaskProgress = z.object({
  kind: z.enum(missionTaskKinds),
  product: gameType.nullable(),
  target: z.number().int(),
  /** Counted so far in this period, at most the target. */
  done: z.number().int(),
});
export type MissionTaskProgress = z.infer<typeof missionTaskProgress>;

export const mission = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  period: z.enum(missionPeriods),
  /** The current period: its key (yyyy-MM-dd or Wyyyy-MM-dd of its Monday) and when it ends. */
  periodKey: z.string(),
  periodEndsAt: z.string(),
  endsAt: z.string(),
  reward: z.number().int(),
  points: z.number().int(),
  tasks: z.array(missionTaskProgress),
  status: z.enum(missionStatuses),
});
export type Mission = z.infer<typeof mission>;

/** GET /wps/relay/MCSFE_getMissionSummaryDetails: the running missions with this member's progress. */
export const missionSummaryQuery = z.strictObject({ period: z.enum(missionPeriods).optional() });
export const missionSummary = z.object({
  missions: z.array(mission),
  /** Completed but unclaimed: the member centre's mission badge. */
  claimable: z.number().int(),
  /** Points earned this day and this week. */
  pointsToday: z.number().int(),
  pointsThisWeek: z.number().int(),
});
export type MissionSummary = z.infer<typeof missionSummary>;
export const missionSummaryResponse = envelope(missionSummary);

/** POST /wps/relay/MCS2_claimMissionReward. */
export const missionClaimBody = z.strictObject({ missionId: z.number().int().min(1).max(2_147_483_647) });
export const missionClaim = z.object({
  missionId: z.number().int(),
  periodKey: z.string(),
  reward: z.number().int(),
  points: z.number().int(),
  claimedAt: z.string(),
});
export type MissionClaim = z.infer<typeof missionClaim>;
export const missionClaimResponse = envelope(missionClaim);

/** GET /wps/relay/MCSFE_getMissionLeaderboard. */
export const leaderboardWhich = ['current', 'previous'] as const;
export const leaderboardQuery = z.strictObject({
  period: z.enum(missionPeriods).default('week'),
  which: z.enum(leaderboardWhich).default('current'),
  limit: z.coerce.number().int().min(1).max(100).default(20),
});
export const leaderboardRow = z.object({
  rank: z.number().int(),
  /** Masked like the winner board's (first and last characters). */
  username: z.string(),
  points: z.number().int(),
  reward: z.number().int(),
  missions: z.number().int(),
});
export type LeaderboardRow = z.infer<typeof leaderboardRow>;
export const leaderboard = z.object({
  period: z.enum(missionPeriods),
  periodKey: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  list: z.array(leaderboardRow),
  /** The member's own place, null when the member earned nothing in the period. */
  mine: leaderboardRow.nullable(),
});
export type Leaderboard = z.infer<typeof leaderboard>;
export const leaderboardResponse = envelope(leaderboard);

// --------------------------------------------------------------------------------------------- back office
export const adminMission = missionFields.extend({
  id: z.number().int(),
  merchantCode: z.string(),
  /** Claims in all, members who claimed, and cash paid. */
  claims: z.number().int(),
  members: z.number().int(),
  paid: z.number().int(),
  /** Claims in the current period. */
  claimsThisPeriod: z.number().int(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type AdminMission = z.infer<typeof adminMission>;
export const adminMissionResponse = envelope(adminMission);
export const adminMissionListResponse = envelope(z.array(adminMission));
