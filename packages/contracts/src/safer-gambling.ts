import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';

/**
 * Safer gambling (issue 18 items 2 and 5; docs/decisions/049-reality-checks-and-signals.md): reality checks, the
 * member's activity statement, the signals of the nightly rules and the operators' interactions.
 */

/** A reality check's interval in minutes: 0 is off, else 15 to 120. */
export const REALITY_CHECK_MIN_MINUTES = 15;
export const REALITY_CHECK_MAX_MINUTES = 120;

export type RealityIntervalCheck =
  | { ok: true; minutes: number }
  | { ok: false; code: 'reality_check_interval_not_a_number' | 'reality_check_interval_out_of_range' };

/** Whether a value is an interval a member may choose (off = 0, or whole minutes from 15 to 120). */
export function checkRealityInterval(value: unknown): RealityIntervalCheck {
  const number = typeof value === 'string' && /^\s*-?\d+(\.\d+)?\s*$/.test(value) ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number))
    return { ok: false, code: 'reality_check_interval_not_a_number' };
  if (!Number.isInteger(number)) return { ok: false, code: 'reality_check_interval_out_of_range' };
  if (number === 0) return { ok: true, minutes: 0 };
  if (number < REALITY_CHECK_MIN_MINUTES || number > REALITY_CHECK_MAX_MINUTES)
    return { ok: false, code: 'reality_check_interval_out_of_range' };
  return { ok: true, minutes: number };
}

/** The merchant's settings of safer gambling (the back office's settings document). */
export const saferGamblingSettings = z.object({
  /** The interval of a member who chose none: 0 is off, else 15 to 120 minutes. */
  realityCheckDefaultMinutes: z
    .number()
    .int()
    .refine((m) => checkRealityInterval(m).ok, { message: '0, or 15 to 120' }),
  signals: z.object({
    /** Deposits of the last 7 days at least this many times those of the 7 days before (percent). */
    depositRisePercent: z.number().int().min(110).max(10_000),
    /** ... and at least this much in the last 7 days (minor units), so small sums do not flag. */
    depositRiseMinimum: z.number().int().min(0).max(1_000_000_000_000),
    /** Declined (rejected or expired) deposits in the last 7 days. */
    declinedDeposits: z.number().int().min(1).max(1000),
    /** Distinct night hours (00:00 to 05:59 in the merchant's time zone) with bets over the last 7 days. */
    nightHours: z.number().int().min(1).max(168),
    /** A loss in one day at least this big (minor units) ... */
    bigLoss: z.number().int().min(1).max(1_000_000_000_000),
    /** ... followed within 24 hours by stakes at least this many times the loss (percent). */
    chasePercent: z.number().int().min(50).max(10_000),
    /** Withdrawals rejected (returned to the balance) in the last 30 days. */
    cancelledWithdrawals: z.number().int().min(1).max(1000),
  }),
});
export type SaferGamblingSettings = z.infer<typeof saferGamblingSettings>;

export const defaultSaferGamblingSettings: SaferGamblingSettings = {
  realityCheckDefaultMinutes: 60,
  signals: {
    depositRisePercent: 200,
    depositRiseMinimum: 500_000,
    declinedDeposits: 3,
    nightHours: 6,
    bigLoss: 1_000_000,
    chasePercent: 150,
    cancelledWithdrawals: 2,
  },
};

// ------------------------------------------------------------------------------------------------ reality checks

export const realityCheckStatus = z.object({
  /** The member's own choice, or null when the merchant's default applies. */
  chosenMinutes: z.number().int().nullable(),
  /** The interval in force (0: off). */
  intervalMinutes: z.number().int(),
  merchantDefaultMinutes: z.number().int(),
  /** The member session's login time: the session timer counts from here. */
  sessionStartedAt: z.string(),
  /** When the next check is due, or null when checks are off. */
  nextCheckAt: z.string().nullable(),
  /** A check is due now: bets are refused until the member answers it. */
  due: z.boolean(),
  /** Time played this session (since login), ms. */
  playedMs: z.number().int(),
  /** Wins less stakes since login, minor units (negative: a loss). */
  netPosition: z.number().int(),
  bets: z.number().int(),
  wins: z.number().int(),
  currencySymbol: z.string(),
  /** The server's clock, so the client's timer does not depend on the device's. */
  serverNow: z.string(),
  /** How long a "minute" of the intervals lasts in ms (60,000 except in browser tests). */
  minuteMs: z.number().int(),
});
export type RealityCheckStatus = z.infer<typeof realityCheckStatus>;
export const realityCheckResponse = envelope(realityCheckStatus);

/** The interval is checked by checkRealityInterval so that each bad value has its own code. */
export const realityCheckChoiceBody = z.object({ intervalMinutes: z.unknown() });
export const realityCheckAnswerBody = z.object({ answer: z.enum(['continue', 'logout']) });

// ------------------------------------------------------------------------------------------------ statement

export const statementFormat = z.enum(['csv', 'pdf']);
export const statementQuery = z.object({
  format: statementFormat.default('csv'),
  /** Months back from this month, this one included (12 by default). */
  months: z.coerce.number().int().min(1).max(36).default(12),
});
export const statementMonth = z.object({
  month: z.string().regex(/^\d{4}-\d{2}$/),
  deposits: z.number().int(),
  withdrawals: z.number().int(),
  bets: z.number().int(),
  wins: z.number().int(),
  /** Wins less bets: the result of play in the month. */
  net: z.number().int(),
});
export type StatementMonth = z.infer<typeof statementMonth>;
export const statementSummary = z.object({
  username: z.string(),
  currencySymbol: z.string(),
  timeZone: z.string(),
  months: z.array(statementMonth),
  totals: statementMonth.omit({ month: true }),
});
export type StatementSummary = z.infer<typeof statementSummary>;
export const statementSummaryQuery = statementQuery.pick({ months: true });
export const statementSummaryResponse = envelope(statementSummary);

// ------------------------------------------------------------------------------------------------ signals (back office)

export const signalRules = [
  'deposits_rising',
  'declined_deposits',
  'night_play',
  'chasing_losses',
  'cancelled_withdrawals',
] as const;
export type SignalRule = (typeof signalRules)[number];

export const interactionChannels = ['phone', 'email', 'chat', 'sms', 'other'] as const;
export const interactionOutcomes = [
  'no_concern',
  'advised',
  'limits_suggested',
  'limits_set',
  'time_out',
  'self_excluded',
  'no_answer',
  'escalated',
] as const;

export const signalFlag = z.object({
  id: z.number().int(),
  rule: z.enum(signalRules),
  /** The figures behind the flag (amounts in minor units, counts, percents), worded by the back office. */
  detail: z.record(z.string(), z.number()),
  firstSeenAt: z.string(),
  lastSeenAt: z.string(),
  clearedAt: z.string().nullable(),
});
export type SignalFlag = z.infer<typeof signalFlag>;

export const flaggedMember = z.object({
  memberId: z.number().int(),
  username: z.string(),
  flags: z.array(signalFlag),
  lastInteractionAt: z.string().nullable(),
  lastOutcome: z.enum(interactionOutcomes).nullable(),
});
export type FlaggedMember = z.infer<typeof flaggedMember>;

export const flaggedQuery = pageQuery.extend({ rule: z.enum(signalRules).optional() });
export const flaggedResponse = envelope(pageOf(flaggedMember).extend({ lastRunAt: z.string().nullable() }));

export const interaction = z.object({
  id: z.number().int(),
  channel: z.enum(interactionChannels),
  note: z.string(),
  outcome: z.enum(interactionOutcomes),
  operatorName: z.string(),
  createdAt: z.string(),
});
export type Interaction = z.infer<typeof interaction>;

export const memberSignalsParams = z.object({
  code: z.string().regex(/^[a-z0-9-]{2,32}$/),
  memberId: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const memberSignalsResponse = envelope(
  z.object({
    memberId: z.number().int(),
    username: z.string(),
    flags: z.array(signalFlag),
    interactions: z.array(interaction),
  }),
);

/** Channel and outcome are checked by the service so that each bad value has its own code. */
export const interactionBody = z.object({
  channel: z.unknown(),
  note: z.unknown(),
  outcome: z.unknown(),
});
export const INTERACTION_NOTE_MAX = 2000;
export const interactionResponse = envelope(interaction);
export const signalsRunResponse = envelope(
  z.object({ flagged: z.number().int(), cleared: z.number().int() }),
);
