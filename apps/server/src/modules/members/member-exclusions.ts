// The members' breaks: time-out, self-exclusion, family and operator exclusion, closure (issue 18 item 3;
// docs/decisions/047-time-out-and-self-exclusion.md). Rules and records only: what a break stops (vendor sessions,
// chases, bonuses) is the exclusions module's, which calls these and then carries the effects out.
import {
  type AdminBreaks,
  type AdminExclusion,
  type BreaksState,
  CLOSURE_REOPEN_AFTER_DAYS,
  type Exclusion,
  type ExclusionKind,
  type ExclusionPeriod,
  exclusionPeriodMonths,
  exclusionPeriods,
  LIFT_COOLING_OFF_HOURS,
  restrictionCodes,
  TIMEOUT_MAX_HOURS,
  TIMEOUT_MIN_HOURS,
} from '@tala/contracts/exclusions';
import { TRIAL_TYPE } from '@tala/contracts/members';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { timeInZone } from '../../lib/format-time.ts';
import type { Actor } from '../operators/operators.service.ts';
import {
  type CoveringRow,
  memberExclusionsRepository,
  type Restriction,
  restrictedMembers,
} from './member-exclusions.repository.ts';
import type { SignedInMember } from './member-format.ts';
import type { MembersCore } from './members-core.ts';

const HOUR = 3_600_000;

/** A time for a message, in the merchant's time zone: `3 Dec 2026, 16:00`. */
export function untilText(date: Date | null, timeZone: string): string {
  if (!date) return '—';
  return timeInZone(date, timeZone);
}

/** The end of a period of months from `from` (the same day of the month, or the month's last). */
export function addMonths(from: Date, months: number): Date {
  const end = new Date(from.getTime());
  const day = end.getUTCDate();
  end.setUTCDate(1);
  end.setUTCMonth(end.getUTCMonth() + months);
  const last = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate();
  end.setUTCDate(Math.min(day, last));
  return end;
}

/** The refusal of a restricted member's call outside the allow-list: its own code, with the end. */
export function restrictionError(restriction: Restriction, timeZone: string): AppError {
  return new AppError(restrictionCodes[restriction.kind], undefined, {
    until: untilText(restriction.endsAt, timeZone),
  });
}

function periodOf(value: unknown): ExclusionPeriod {
  if (typeof value !== 'string' || !(exclusionPeriods as readonly string[]).includes(value))
    throw new AppError('exclusion_period_invalid', 'period');
  return value as ExclusionPeriod;
}

function hoursOf(value: unknown): number {
  const hours = typeof value === 'string' && /^\d{1,6}$/.test(value.trim()) ? Number(value) : value;
  if (
    typeof hours !== 'number' ||
    !Number.isInteger(hours) ||
    hours < TIMEOUT_MIN_HOURS ||
    hours > TIMEOUT_MAX_HOURS
  )
    throw new AppError('timeout_period_invalid', 'hours');
  return hours;
}

function iso(date: Date | null) {
  return date ? date.toISOString() : null;
}

function isActive(row: CoveringRow, now: Date) {
  if (row.starts_at > now) return false;
  if (row.lifts_at && row.lifts_at <= now) return false;
  if ((row.kind === 'timeout' || row.kind === 'family' || row.kind === 'operator') && row.ends_at)
    return row.ends_at > now;
  return true;
}

function view(row: CoveringRow, now: Date): Exclusion {
  return {
    id: row.id,
    kind: row.kind,
    startsAt: row.starts_at.toISOString(),
    endsAt: iso(row.ends_at),
    liftsAt: iso(row.lifts_at),
    liftRequestedAt: iso(row.lift_requested_at),
    active: isActive(row, now),
    liftable:
      !row.inherited &&
      row.kind === 'self' &&
      row.lifts_at === null &&
      row.ends_at !== null &&
      row.ends_at <= now,
    inherited: row.inherited,
    reason: row.kind === 'family' || row.kind === 'operator' ? null : row.reason,
    createdBy: row.created_by_type,
  };
}

function restrictionView(rows: CoveringRow[], now: Date): BreaksState['restriction'] {
  const top = rows.find((row) => isActive(row, now));
  if (!top) return null;
  return { kind: top.kind, code: restrictionCodes[top.kind], endsAt: iso(top.ends_at) };
}

export function memberExclusionUseCases(core: MembersCore) {
  const { db, repository, audit } = core;
  const exclusions = memberExclusionsRepository(db);

  /**
   * Writes a break under the member's row lock, refusing one that would end before a break already running
   * (`exclusion_shorter`): what the member chose is never shortened, only replaced by a longer one. Returns the row
   * and every account it covers (for the effects).
   */
  async function start(
    member: { id: number; merchant_id: number; username: string },
    kind: ExclusionKind,
    endsAt: Date | null,
    by: { type: 'member' | 'operator'; id: number; name: string; ip: string },
    reason: string | null,
  ) {
    return db.transaction().execute(async (trx) => {
      await repository.lockRow(trx, member.id);
      const running = (await exclusions.active(member.id, trx)).filter((row) => !row.inherited);
      if (kind === 'closure') {
        if (running.some((row) => row.kind === 'closure')) throw new AppError('account_already_closed');
      } else if (by.type === 'member') {
        for (const row of running) {
          // A time-out adds nothing to an exclusion or a closure; a shorter one never replaces a longer one.
          const runningEnd = row.kind === 'closure' ? null : row.ends_at;
          const shorter =
            (kind === 'timeout' && row.kind !== 'timeout') ||
            (row.kind !== 'closure' && runningEnd !== null && endsAt !== null && runningEnd > endsAt);
          if (shorter)
            throw new AppError('exclusion_shorter', kind === 'timeout' ? 'hours' : 'period', {
              until: untilText(runningEnd, await exclusions.timeZone(trx, member.merchant_id)),
            });
        }
      }
      const row = await exclusions.insert(trx, {
        member_id: member.id,
        merchant_id: member.merchant_id,
        kind,
        ends_at: endsAt,
        reason,
        created_by_type: by.type,
        created_by_id: by.id,
        created_by_name: by.name,
      });
      const linked =
        kind === 'self' || kind === 'family' || kind === 'operator'
          ? await exclusions.linkedMembers(member.id, trx)
          : [];
      await audit.record(trx, {
        actorType: by.type,
        actorId: by.id,
        actorName: by.name,
        merchantId: member.merchant_id,
        action: `member.exclusion.${kind}`,
        target: member.username,
        after: {
          exclusionId: Number(row.id),
          startsAt: row.starts_at,
          endsAt,
          reason,
          coveredAccounts: linked.map((l) => l.id),
        },
        ip: by.ip,
      });
      exclusions.sessionsChanged(trx, [member.id, ...linked.map((l) => l.id)]);
      return {
        exclusionId: Number(row.id),
        members: [{ id: member.id, merchantId: member.merchant_id }, ...linked],
      };
    });
  }

  async function state(memberId: number): Promise<BreaksState> {
    const rows = await exclusions.covering(memberId);
    const now = new Date();
    return { restriction: restrictionView(rows, now), history: rows.map((row) => view(row, now)) };
  }

  async function adminBreaks(memberId: number): Promise<AdminBreaks> {
    const member = await repository.byId(memberId);
    if (!member) throw new AppError('not_found', 'id');
    const rows = await exclusions.covering(memberId);
    const now = new Date();
    return {
      restriction: restrictionView(rows, now),
      history: rows.map(
        (row): AdminExclusion => ({
          ...view(row, now),
          reason: row.reason,
          memberId: row.member_id,
          account: row.account,
          merchantCode: row.merchant_code,
          createdByName: row.created_by_name,
          liftedByName: row.lifted_by_name,
          liftReason: row.lift_reason,
        }),
      ),
    };
  }

  function requireConfirm(confirm: boolean | undefined) {
    if (confirm !== true) throw new AppError('exclusion_not_confirmed', 'confirm');
  }

  function requireRealMember(member: SignedInMember) {
    if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
  }

  return {
    /** The member's breaks and the restriction that applies now (its own or a linked account's). */
    breaksOf: state,

    /** Breaks that apply to the member now, strongest first (other modules' checks). */
    activeExclusions: (memberId: number, executor?: Database) => exclusions.active(memberId, executor),

    /**
     * A `SELECT id` of every member under a break now (its own, or a linked account's exclusion), to be used inside
     * another module's statement: marketing leaves them out, automatic payouts forfeit theirs in one join.
     */
    restrictedMembers,

    /** A time-out of 24 hours to 6 weeks, from now. */
    async startTimeout(
      member: SignedInMember,
      body: { hours: unknown; confirm?: boolean | undefined },
      ip: string,
    ) {
      requireRealMember(member);
      const hours = hoursOf(body.hours);
      requireConfirm(body.confirm);
      const endsAt = new Date(Date.now() + hours * HOUR);
      return start(
        member,
        'timeout',
        endsAt,
        { type: 'member', id: member.id, name: member.username, ip },
        null,
      );
    },

    /** A self-exclusion of 6 months, 1 year or 5 years, from now; it covers the linked accounts too. */
    async startSelfExclusion(
      member: SignedInMember,
      body: { period: unknown; confirm?: boolean | undefined },
      ip: string,
    ) {
      requireRealMember(member);
      const period = periodOf(body.period);
      requireConfirm(body.confirm);
      const endsAt = addMonths(new Date(), exclusionPeriodMonths[period]);
      return start(
        member,
        'self',
        endsAt,
        { type: 'member', id: member.id, name: member.username, ip },
        null,
      );
    },

    /** The member closes the account: no play; the balance stays withdrawable; support reopens it after a wait. */
    async closeAccount(
      member: SignedInMember,
      body: { confirm?: boolean | undefined; reason?: string | undefined },
      ip: string,
    ) {
      requireRealMember(member);
      requireConfirm(body.confirm);
      const reason = body.reason?.trim() || null;
      return start(
        member,
        'closure',
        null,
        { type: 'member', id: member.id, name: member.username, ip },
        reason,
      );
    },

    /**
     * The member asks to lift a self-exclusion whose period is over: it still applies for the cooling-off
     * (LIFT_COOLING_OFF_HOURS), then ends. Before the end: exclusion_not_ended.
     */
    async requestLift(member: SignedInMember, exclusionId: number, ip: string) {
      await db.transaction().execute(async (trx) => {
        await repository.lockRow(trx, member.id);
        const row = await exclusions.byId(trx, exclusionId);
        if (!row || row.member_id !== member.id) throw new AppError('exclusion_not_found', 'exclusionId');
        if (row.kind !== 'self') throw new AppError('exclusion_not_liftable', 'exclusionId');
        if (row.lifts_at)
          throw new AppError('exclusion_lift_requested', 'exclusionId', {
            until: untilText(row.lifts_at, await exclusions.timeZone(trx, member.merchant_id)),
          });
        const now = new Date();
        if (!row.ends_at || row.ends_at > now)
          throw new AppError('exclusion_not_ended', 'exclusionId', {
            until: untilText(row.ends_at, await exclusions.timeZone(trx, member.merchant_id)),
          });
        const liftsAt = new Date(now.getTime() + LIFT_COOLING_OFF_HOURS * HOUR);
        await exclusions.setLift(trx, row.id, {
          lift_requested_at: now,
          lifts_at: liftsAt,
          lifted_by_name: member.username,
          lift_reason: null,
        });
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId: row.merchant_id,
          action: 'member.exclusion.lift_request',
          target: member.username,
          before: { exclusionId: Number(row.id), endsAt: row.ends_at },
          after: { liftsAt },
          ip,
        });
        const linked = await exclusions.linkedMembers(member.id, trx);
        exclusions.sessionsChanged(trx, [member.id, ...linked.map((l) => l.id)]);
      });
      return state(member.id);
    },

    // ---------------------------------------------------------------- back office

    adminBreaks,

    /** A family or operator exclusion recorded by an operator, with its reason and a period; audited. */
    async excludeByOperator(
      actor: Actor,
      memberId: number,
      body: { kind: string; period: unknown; reason: string },
    ) {
      if (body.kind !== 'family' && body.kind !== 'operator')
        throw new AppError('exclusion_kind_invalid', 'kind');
      const period = periodOf(body.period);
      const reason = body.reason.trim();
      if (!reason) throw new AppError('exclusion_reason_required', 'reason');
      if (reason.length > 500) throw new AppError('validation_failed', 'reason');
      const member = await repository.byId(memberId);
      if (!member) throw new AppError('not_found', 'id');
      const endsAt = addMonths(new Date(), exclusionPeriodMonths[period]);
      return start(member, body.kind, endsAt, { type: 'operator', ...actor }, reason);
    },

    /**
     * An operator lifts a family or operator exclusion (with a reason), or reopens a closed account once
     * CLOSURE_REOPEN_AFTER_DAYS have passed. A member's own time-out and self-exclusion are never lifted by staff.
     */
    async liftByOperator(actor: Actor, memberId: number, exclusionId: number, body: { reason: string }) {
      const reason = body.reason.trim();
      if (!reason) throw new AppError('exclusion_reason_required', 'reason');
      if (reason.length > 500) throw new AppError('validation_failed', 'reason');
      await db.transaction().execute(async (trx) => {
        await repository.lockRow(trx, memberId);
        const row = await exclusions.byId(trx, exclusionId);
        if (!row || row.member_id !== memberId) throw new AppError('exclusion_not_found', 'exclusionId');
        if (!['family', 'operator', 'closure'].includes(row.kind))
          throw new AppError('exclusion_not_liftable', 'exclusionId');
        const now = new Date();
        if (row.lifts_at && row.lifts_at <= now) throw new AppError('exclusion_not_liftable', 'exclusionId');
        if (row.kind === 'closure') {
          const reopenFrom = new Date(row.starts_at.getTime() + CLOSURE_REOPEN_AFTER_DAYS * 24 * HOUR);
          if (now < reopenFrom)
            throw new AppError('closure_reopen_too_early', 'exclusionId', {
              until: untilText(reopenFrom, await exclusions.timeZone(trx, row.merchant_id)),
            });
        } else if (row.ends_at && row.ends_at <= now) {
          throw new AppError('exclusion_not_liftable', 'exclusionId');
        }
        await exclusions.setLift(trx, row.id, {
          lifts_at: now,
          lifted_by_name: actor.name,
          lift_reason: reason,
        });
        const member = await repository.byId(memberId, trx);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: row.merchant_id,
          action: row.kind === 'closure' ? 'member.closure.reopen' : 'member.exclusion.lift',
          target: member?.username ?? String(memberId),
          before: { exclusionId: Number(row.id), kind: row.kind, endsAt: row.ends_at },
          after: { liftsAt: now, reason },
          ip: actor.ip,
        });
        const linked = await exclusions.linkedMembers(memberId, trx);
        exclusions.sessionsChanged(trx, [memberId, ...linked.map((l) => l.id)]);
      });
      return adminBreaks(memberId);
    },

    /** Breaks whose effects are still to be carried out, and the mark that they were. */
    exclusionsAwaitingEffects: () => exclusions.pendingEffects(),
    exclusionEffectsDone: (id: number) => exclusions.effectsDone(id),
    /** The accounts a member's exclusion covers besides its own. */
    linkedAccounts: (memberId: number) => exclusions.linkedMembers(memberId),
  };
}
