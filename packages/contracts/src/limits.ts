import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';

/**
 * A member's own limits (issue 18 item 1, UKGC RTS 12; docs/decisions/046-player-limits.md): gross deposits, net
 * losses and wagers per day, week and month of the merchant's time zone, and a session time limit. Money in minor
 * units, session time in minutes. Lowering takes effect at once; raising or removing waits 24 hours and then needs
 * the member's confirmation, or it lapses.
 */
export const limitKinds = ['deposit', 'loss', 'wager'] as const;
export type LimitKind = (typeof limitKinds)[number];
export const limitPeriods = ['day', 'week', 'month'] as const;
export type LimitPeriod = (typeof limitPeriods)[number];
/** The ten limits by key: `<kind>_<period>` and `session`. */
export const limitKeys = [
  'deposit_day',
  'deposit_week',
  'deposit_month',
  'loss_day',
  'loss_week',
  'loss_month',
  'wager_day',
  'wager_week',
  'wager_month',
  'session',
] as const;
export type LimitKey = (typeof limitKeys)[number];
export const moneyLimitKeys = limitKeys.filter((k) => k !== 'session') as Exclude<LimitKey, 'session'>[];

/** Hours a raise or removal waits before the member may confirm it. */
export const LIMIT_RAISE_WAIT_HOURS = 24;
/** Days after the wait in which a raise can be confirmed; unconfirmed, it lapses. */
export const LIMIT_CONFIRM_DAYS = 7;
/** Session limits a member may choose, in minutes. */
export const SESSION_MINUTES_MIN = 5;
export const SESSION_MINUTES_MAX = 24 * 60;

/** What a merchant allows (merchant settings `limits`): the highest limit a member may set per key. */
export const limitSettings = z.object({
  /** Highest money limit per key, minor units. */
  maximum: z.object({
    deposit_day: z.number().int().min(1).max(10_000_000_000_000),
    deposit_week: z.number().int().min(1).max(10_000_000_000_000),
    deposit_month: z.number().int().min(1).max(10_000_000_000_000),
    loss_day: z.number().int().min(1).max(10_000_000_000_000),
    loss_week: z.number().int().min(1).max(10_000_000_000_000),
    loss_month: z.number().int().min(1).max(10_000_000_000_000),
    wager_day: z.number().int().min(1).max(10_000_000_000_000),
    wager_week: z.number().int().min(1).max(10_000_000_000_000),
    wager_month: z.number().int().min(1).max(10_000_000_000_000),
  }),
  /** Highest session limit in minutes. */
  sessionMinutesMax: z.number().int().min(SESSION_MINUTES_MIN).max(SESSION_MINUTES_MAX),
  /** Offer the deposit limit at registration and before the first deposit. */
  offerAtRegistration: z.boolean(),
});
export type LimitSettings = z.infer<typeof limitSettings>;

export const defaultLimitSettings: LimitSettings = {
  maximum: {
    deposit_day: 100_000_000,
    deposit_week: 500_000_000,
    deposit_month: 2_000_000_000,
    loss_day: 100_000_000,
    loss_week: 500_000_000,
    loss_month: 2_000_000_000,
    wager_day: 1_000_000_000,
    wager_week: 5_000_000_000,
    wager_month: 20_000_000_000,
  },
  sessionMinutesMax: 12 * 60,
  offerAtRegistration: true,
};

const moneyOrMinutes = z.union([z.number(), z.string().max(40)]);

/** Sets, lowers, raises or (value null) removes one limit. */
export const setLimitBody = z.strictObject({
  key: z.enum(limitKeys),
  /** Minor units (an integer or a string of digits), minutes for `session`; null removes the limit. */
  value: moneyOrMinutes.nullable(),
});
export type SetLimitBody = z.infer<typeof setLimitBody>;

export const limitKeyBody = z.strictObject({ key: z.enum(limitKeys) });

export const pendingLimitChange = z.object({
  /** The value asked for; null removes the limit. */
  value: z.number().int().nullable(),
  requestedAt: z.string(),
  /** From when the member may confirm it. */
  confirmableAt: z.string(),
  /** After this it lapses unconfirmed. */
  lapsesAt: z.string(),
  confirmable: z.boolean(),
});
export type PendingLimitChange = z.infer<typeof pendingLimitChange>;

export const limitView = z.object({
  key: z.enum(limitKeys),
  /** The limit in force; null: none. */
  value: z.number().int().nullable(),
  /** Used in the current period (money: may be negative for losses after wins; session: minutes since login). */
  used: z.number().int(),
  /** When the current period ends (null for the session limit: it runs from the login). */
  resetsAt: z.string().nullable(),
  /** The merchant's highest value for this key. */
  maximum: z.number().int(),
  pending: pendingLimitChange.nullable(),
});
export type LimitView = z.infer<typeof limitView>;

export const limitsState = z.object({
  limits: z.array(limitView),
  /** The member's session started (login), for the session limit. */
  sessionStartedAt: z.string().nullable(),
  timeZone: z.string(),
  /** Whether to offer the deposit limit (merchant switch, and the member has none yet). */
  offer: z.boolean(),
});
export type LimitsState = z.infer<typeof limitsState>;
export const limitsResponse = envelope(limitsState);

/** The result of a change: applied at once (a lower limit, or a first one), or pending its 24 hours. */
export const setLimitResult = z.object({
  outcome: z.enum(['applied', 'pending', 'unchanged']),
  state: limitsState,
});
export const setLimitResponse = envelope(setLimitResult);

/** Extra field of a refusal over a limit (errors `limit_<key>_reached`). */
export const limitRefusal = z.object({
  key: z.enum(limitKeys),
  value: z.number().int(),
  used: z.number().int(),
  resetsAt: z.string().nullable(),
});
export type LimitRefusal = z.infer<typeof limitRefusal>;

// ------------------------------------------------------------------------------------------------- back office

/**
 * A change of a limit as the history records it: applied at once (a first or lower limit), or a raise or removal
 * that waited (pending) and was then confirmed, lapsed unconfirmed, cancelled, or replaced by a later change.
 */
export const limitChangeStatuses = [
  'applied',
  'pending',
  'confirmed',
  'lapsed',
  'cancelled',
  'replaced',
] as const;
export type LimitChangeStatus = (typeof limitChangeStatuses)[number];
export const limitChange = z.object({
  id: z.number().int(),
  key: z.enum(limitKeys),
  /** Before and after (null: no limit); minor units, minutes for `session`. */
  oldValue: z.number().int().nullable(),
  newValue: z.number().int().nullable(),
  status: z.enum(limitChangeStatuses),
  requestedAt: z.string(),
  /** A raise or removal: from when the member could confirm it, and when it lapses unconfirmed. */
  confirmableAt: z.string().nullable(),
  lapsesAt: z.string().nullable(),
  /** When it took effect, lapsed, was cancelled or replaced (null while pending). */
  decidedAt: z.string().nullable(),
});
export type LimitChange = z.infer<typeof limitChange>;

export const adminLimitsParams = z.object({
  code: z.string().regex(/^[a-z0-9-]{2,32}$/),
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
export const adminLimitsQuery = pageQuery.extend({ pageSize: pageQuery.shape.pageSize.default(10) }).strict();
/** A member's limits in the back office (read only): the member's own view, and the change history, newest first. */
export const adminLimits = z.object({
  limits: z.array(limitView),
  sessionStartedAt: z.string().nullable(),
  timeZone: z.string(),
  history: pageOf(limitChange),
});
export type AdminLimits = z.infer<typeof adminLimits>;
export const adminLimitsResponse = envelope(adminLimits);
