import { z } from 'zod';
import { envelope } from './envelope.ts';

/**
 * Time-out, self-exclusion, family and operator exclusion and account closure (issue 18 item 3;
 * docs/decisions/047-time-out-and-self-exclusion.md).
 */
export const exclusionKinds = ['timeout', 'self', 'family', 'operator', 'closure'] as const;
export type ExclusionKind = (typeof exclusionKinds)[number];

/** Time-out: whole hours from 24 hours to 6 weeks. */
export const TIMEOUT_MIN_HOURS = 24;
export const TIMEOUT_MAX_HOURS = 6 * 7 * 24;
/** The time-outs the member centre offers (any whole number of hours in the range is accepted). */
export const timeoutChoices = [24, 72, 168, 336, 672, 1008] as const;

/** Self-exclusion periods (PAGCOR): 6 months, 1 year, 5 years. */
export const exclusionPeriods = ['6m', '1y', '5y'] as const;
export type ExclusionPeriod = (typeof exclusionPeriods)[number];
/** Months in each period. */
export const exclusionPeriodMonths: Record<ExclusionPeriod, number> = { '6m': 6, '1y': 12, '5y': 60 };

/** A self-exclusion asked to be lifted after its end still applies this long (a cooling-off). */
export const LIFT_COOLING_OFF_HOURS = 24;
/** A closed account can be reopened by support this many days after it was closed, not before. */
export const CLOSURE_REOPEN_AFTER_DAYS = 7;

/** What a restricted member is told and refused with: the error code of every call outside the allow-list. */
export const restrictionCodes = {
  timeout: 'timed_out',
  self: 'self_excluded',
  family: 'excluded_by_operator',
  operator: 'excluded_by_operator',
  closure: 'account_closed',
} as const;

export const exclusion = z.object({
  id: z.number().int(),
  kind: z.enum(exclusionKinds),
  startsAt: z.string(),
  /** The end of the period (a self-exclusion's earliest end); null for a closure. */
  endsAt: z.string().nullable(),
  /** When it stops applying: a lift's time (after its cooling-off), a reopening; null while it stands. */
  liftsAt: z.string().nullable(),
  liftRequestedAt: z.string().nullable(),
  /** Active now. */
  active: z.boolean(),
  /** The member may ask to lift it now (a self-exclusion past its end, not asked yet). */
  liftable: z.boolean(),
  /** Another account (on a merchant of the same group) whose exclusion covers this one. */
  inherited: z.boolean(),
  reason: z.string().nullable(),
  createdBy: z.enum(['member', 'operator']),
});
export type Exclusion = z.infer<typeof exclusion>;

/** The member's breaks: the restriction that applies now (if any) and every break of the account. */
export const breaksState = z.object({
  restriction: z
    .object({
      kind: z.enum(exclusionKinds),
      code: z.enum(['timed_out', 'self_excluded', 'excluded_by_operator', 'account_closed']),
      endsAt: z.string().nullable(),
    })
    .nullable(),
  history: z.array(exclusion),
});
export type BreaksState = z.infer<typeof breaksState>;
export const breaksResponse = envelope(breaksState);

// The bodies accept any value where the rule is the service's, so a wrong one gets its own error code.
export const timeoutBody = z.object({
  hours: z.union([z.number(), z.string().max(20)]),
  confirm: z.boolean().optional(),
});
export const selfExclusionBody = z.object({
  period: z.union([z.string().max(20), z.number()]),
  confirm: z.boolean().optional(),
});
export const closureBody = z.object({
  confirm: z.boolean().optional(),
  reason: z.string().max(500).optional(),
});
export const liftBody = z.object({
  exclusionId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});

// Back office.
export const adminExclusionParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const adminExclusionLiftParams = z.object({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
  exclusionId: z.coerce.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
});
export const adminExclusionBody = z.object({
  kind: z.string().max(20),
  period: z.union([z.string().max(20), z.number()]),
  reason: z.string().max(2000),
});
export const adminLiftBody = z.object({ reason: z.string().max(2000) });

export const adminExclusion = exclusion.extend({
  memberId: z.number().int(),
  account: z.string(),
  merchantCode: z.string(),
  createdByName: z.string(),
  liftedByName: z.string().nullable(),
  liftReason: z.string().nullable(),
});
export type AdminExclusion = z.infer<typeof adminExclusion>;
export const adminBreaks = z.object({
  restriction: breaksState.shape.restriction,
  /** The member's own breaks and those of linked accounts that cover it. */
  history: z.array(adminExclusion),
});
export type AdminBreaks = z.infer<typeof adminBreaks>;
export const adminBreaksResponse = envelope(adminBreaks);
