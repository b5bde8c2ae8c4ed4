import type { ErrorCode } from '@tala/contracts/errors';
import {
  defaultLimitSettings,
  LIMIT_CONFIRM_DAYS,
  LIMIT_RAISE_WAIT_HOURS,
  type LimitChange,
  type LimitKey,
  type LimitSettings,
  type LimitsState,
  limitKeys,
  limitSettings,
  SESSION_MINUTES_MIN,
  type SetLimitBody,
} from '@tala/contracts/limits';
import { formatMoney, moneyDisplay } from '@tala/contracts/money-format';
import { checkAmount } from '@tala/contracts/wallet';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { timeInZone } from '../../lib/format-time.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { Alongside } from '../wallet/wallet.service.ts';
import {
  type ChangeRow,
  limitsRepository,
  type Refusal,
  toRefusal,
  type Usage,
} from './limits.repository.ts';

/** Whose money an action moves: every money path has both at hand. */
export type LimitSubject = { merchantId: number; memberId: number };
export type LimitMember = { id: number; merchant_id: number };

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** A merchant's limit settings; documents saved before they existed get the defaults. */
export function limitSettingsOf(merchant: Merchant): LimitSettings {
  const parsed = limitSettings.safeParse((merchant.settings as { limits?: unknown }).limits);
  return parsed.success ? parsed.data : defaultLimitSettings;
}

/** The refusal code of each limit. */
export function refusalCode(key: LimitKey): ErrorCode {
  return `limit_${key}_reached` as ErrorCode;
}

const toValue = (value: string | number | null | undefined) =>
  value === null || value === undefined ? null : Number(value);

/**
 * Player limits (issue 18 item 1; docs/decisions/046-player-limits.md). The member's own screen (set, lower, raise,
 * remove, confirm, cancel) and one function per money action, which the money paths call inside the transaction of
 * their money: it locks the member's limit row, refuses with `limit_<key>_reached` (the transaction then rolls back,
 * so nothing is written) or counts the action. `clock.now` is the time the limits run on (tests move it).
 */
export function limitsService(
  db: Database,
  deps: { audit: AuditService; merchants: MerchantsService },
  options: { now?: () => Date } = {},
) {
  const repository = limitsRepository();
  const clock = { now: options.now ?? (() => new Date()) };

  async function merchantById(merchantId: number) {
    const merchant = (await deps.merchants.list()).find((m) => m.id === merchantId);
    if (!merchant) throw new AppError('merchant_not_found');
    return merchant;
  }

  /**
   * The merchant's currency and time zone for a refusal's message, read with the caller's executor: inside a
   * transaction the merchants' cache may want the database, which on the embedded one waits for this transaction.
   */
  async function whitelabelOf(
    executor: Database,
    merchantId: number,
  ): Promise<Merchant['settings']['whitelabel']> {
    const found = await repository.whitelabel(executor, merchantId);
    if (!found) throw new AppError('merchant_not_found');
    return found;
  }

  /** The error a refusal answers: which limit, its value, what was used and when it resets, in the message too. */
  async function refusalError(refusal: Refusal, merchantId: number, executor: Database = db) {
    const whitelabel = await whitelabelOf(executor, merchantId);
    const money = (minor: number) => formatMoney(minor, moneyDisplay(whitelabel));
    const session = refusal.key === 'session';
    return new AppError(
      refusalCode(refusal.key),
      undefined,
      {
        limit: session ? String(refusal.value) : money(refusal.value),
        used: session ? String(refusal.used) : money(refusal.used),
        resetsAt: refusal.resetsAt ? timeInZone(refusal.resetsAt, whitelabel.timeZone) : '',
      },
      {
        limit: {
          key: refusal.key,
          value: refusal.value,
          used: refusal.used,
          resetsAt: refusal.resetsAt ? refusal.resetsAt.toISOString() : null,
        },
      },
    );
  }

  /**
   * The check (with `enforce`) and count of an action that moves money, to go in its posting's statement (the
   * wallet's `alongside`, decision 050): a refusal throws in the money's transaction and rolls it back.
   */
  function alongside(who: LimitSubject, usage: Usage, enforce: boolean): Alongside {
    return {
      expression: repository.useCall(who.memberId, usage, clock.now(), { enforce, apply: true }),
      settle: async (row, trx) => {
        const refusal = toRefusal(row);
        if (refusal) throw await refusalError(refusal, who.merchantId, trx);
      },
    };
  }

  async function state(
    merchant: Merchant,
    member: LimitMember,
    executor: Database = db,
  ): Promise<LimitsState> {
    const now = clock.now();
    const settings = limitSettingsOf(merchant);
    await repository.lapse(executor, member.id, now);
    const [row, pending] = await Promise.all([
      repository.state(executor, member.id, now),
      repository.changes(executor, member.id, 'pending'),
    ]);
    const pendingOf = (key: LimitKey) => pending.find((p) => p.limit_key === key);
    const sessionStarted = row?.session_started ?? null;
    const limits = limitKeys.map((key) => {
      const change = pendingOf(key);
      const period = key === 'session' ? null : (key.split('_')[1] as 'day' | 'week' | 'month');
      return {
        key,
        value: key === 'session' ? toValue(row?.session_minutes) : toValue(row?.[key]),
        used:
          key === 'session'
            ? sessionStarted
              ? Math.max(0, Math.floor((now.getTime() - new Date(sessionStarted).getTime()) / 60_000))
              : 0
            : Number(row?.[`${key}_used`] ?? 0),
        resetsAt:
          row && period
            ? new Date(
                row[period === 'day' ? 'day_ends' : period === 'week' ? 'week_ends' : 'month_ends'],
              ).toISOString()
            : null,
        maximum: key === 'session' ? settings.sessionMinutesMax : settings.maximum[key],
        pending: change
          ? {
              value: toValue(change.new_value),
              requestedAt: change.requested_at.toISOString(),
              confirmableAt: (change.confirmable_at as Date).toISOString(),
              lapsesAt: (change.lapses_at as Date).toISOString(),
              confirmable: now >= (change.confirmable_at as Date),
            }
          : null,
      };
    });
    const hasDepositLimit = limits.some(
      (l) => l.key.startsWith('deposit_') && (l.value !== null || l.pending),
    );
    return {
      limits,
      sessionStartedAt: sessionStarted ? new Date(sessionStarted).toISOString() : null,
      timeZone: merchant.settings.whitelabel.timeZone,
      offer: settings.offerAtRegistration && !hasDepositLimit,
    };
  }

  /** Reads a requested value: minor units for money, minutes for the session; each refusal its own code. */
  function requestedValue(merchant: Merchant, key: LimitKey, raw: SetLimitBody['value']): number | null {
    if (raw === null) return null;
    const settings = limitSettingsOf(merchant);
    if (key === 'session') {
      const minutes = typeof raw === 'number' ? raw : Number(raw.trim() === '' ? Number.NaN : raw);
      if (!Number.isInteger(minutes) || minutes < SESSION_MINUTES_MIN)
        throw new AppError('limit_session_minutes_invalid', 'value', { min: SESSION_MINUTES_MIN });
      if (minutes > settings.sessionMinutesMax)
        throw new AppError('limit_above_maximum', 'value', { max: String(settings.sessionMinutesMax) });
      return minutes;
    }
    const checked = checkAmount(raw);
    if (!checked.ok)
      throw new AppError(
        checked.code === 'amount_over_limit' ? 'limit_above_maximum' : checked.code,
        'value',
        {
          max: formatMoney(settings.maximum[key], moneyDisplay(merchant.settings.whitelabel)),
        },
      );
    const max = settings.maximum[key];
    if (checked.amount > max) {
      const { whitelabel } = merchant.settings;
      throw new AppError('limit_above_maximum', 'value', {
        max: formatMoney(max, moneyDisplay(whitelabel)),
      });
    }
    return checked.amount;
  }

  function auditChange(
    trx: Database,
    member: LimitMember,
    action: string,
    key: LimitKey,
    before: number | null,
    after: number | null,
    extra: Record<string, unknown> = {},
    ip: string | null = null,
  ) {
    return deps.audit.record(trx, {
      actorType: 'member',
      actorId: member.id,
      merchantId: member.merchant_id,
      action,
      target: `member:${member.id}:limit:${key}`,
      before: { value: before },
      after: { value: after, ...extra },
      ip,
    });
  }

  async function currentValue(trx: Database, member: LimitMember, key: LimitKey) {
    const row = await repository.state(trx, member.id, clock.now());
    return key === 'session' ? toValue(row?.session_minutes) : toValue(row?.[key]);
  }

  return {
    clock,

    /** The member's limits, what each used in its period and when it resets, and pending raises. */
    state,

    /**
     * Sets one limit. A first limit or a lower one applies at once (and replaces a pending raise of it); a higher
     * one or a removal waits 24 hours and then needs `confirm`, else it lapses. The same value again cancels a
     * pending raise and changes nothing else.
     */
    async set(merchant: Merchant, member: LimitMember, body: SetLimitBody, ip: string | null = null) {
      const value = requestedValue(merchant, body.key, body.value);
      const now = clock.now();
      const outcome = await db.transaction().execute(async (trx) => {
        await repository.ensure(trx, member.id, member.merchant_id, now);
        await repository.lapse(trx, member.id, now);
        const current = await currentValue(trx, member, body.key);
        const pending = await repository.pending(trx, member.id, body.key);
        if (pending) await repository.decide(trx, pending.id, 'replaced', now);
        if (value === current) {
          if (pending)
            await auditChange(trx, member, 'limits.raise.cancel', body.key, current, current, {}, ip);
          return 'unchanged' as const;
        }
        const lower = value !== null && (current === null || value < current);
        if (lower) {
          await repository.setValue(trx, member.id, body.key, value);
          await repository.insertChange(trx, {
            memberId: member.id,
            merchantId: member.merchant_id,
            key: body.key,
            oldValue: current,
            newValue: value,
            status: 'applied',
            requestedAt: now,
            confirmableAt: null,
            lapsesAt: null,
          });
          await auditChange(trx, member, 'limits.set', body.key, current, value, {}, ip);
          return 'applied' as const;
        }
        const confirmableAt = new Date(now.getTime() + LIMIT_RAISE_WAIT_HOURS * HOUR);
        const lapsesAt = new Date(confirmableAt.getTime() + LIMIT_CONFIRM_DAYS * DAY);
        await repository.insertChange(trx, {
          memberId: member.id,
          merchantId: member.merchant_id,
          key: body.key,
          oldValue: current,
          newValue: value,
          status: 'pending',
          requestedAt: now,
          confirmableAt,
          lapsesAt,
        });
        await auditChange(
          trx,
          member,
          value === null ? 'limits.remove.request' : 'limits.raise.request',
          body.key,
          current,
          value,
          { confirmableAt: confirmableAt.toISOString() },
          ip,
        );
        return 'pending' as const;
      });
      return { outcome, state: await state(merchant, member) };
    },

    /** Confirms a pending raise or removal once its 24 hours passed (and before it lapses). */
    async confirm(merchant: Merchant, member: LimitMember, key: LimitKey, ip: string | null = null) {
      const now = clock.now();
      await db
        .transaction()
        .execute(async (trx) => {
          await repository.ensure(trx, member.id, member.merchant_id, now);
          const pending = await repository.pending(trx, member.id, key);
          if (!pending) throw new AppError('limit_no_pending_change', 'key');
          if (now >= (pending.lapses_at as Date)) {
            await repository.decide(trx, pending.id, 'lapsed', pending.lapses_at as Date);
            return 'lapsed' as const;
          }
          if (now < (pending.confirmable_at as Date)) {
            throw new AppError('limit_raise_not_yet', 'key', {
              at: timeInZone(pending.confirmable_at as Date, merchant.settings.whitelabel.timeZone),
            });
          }
          const current = await currentValue(trx, member, key);
          const value = toValue(pending.new_value);
          await repository.setValue(trx, member.id, key, value);
          await repository.decide(trx, pending.id, 'confirmed', now);
          await auditChange(trx, member, 'limits.raise.confirm', key, current, value, {}, ip);
          return 'confirmed' as const;
        })
        .then((result) => {
          // The lapse is kept (committed) before the member hears of it.
          if (result === 'lapsed') throw new AppError('limit_raise_lapsed', 'key');
        });
      return { outcome: 'applied' as const, state: await state(merchant, member) };
    },

    /** Withdraws a pending raise or removal: the limit stays as it is. */
    async cancel(merchant: Merchant, member: LimitMember, key: LimitKey, ip: string | null = null) {
      const now = clock.now();
      await db.transaction().execute(async (trx) => {
        const pending = await repository.pending(trx, member.id, key);
        if (!pending) throw new AppError('limit_no_pending_change', 'key');
        await repository.decide(trx, pending.id, 'cancelled', now);
        await auditChange(
          trx,
          member,
          'limits.raise.cancel',
          key,
          toValue(pending.old_value),
          toValue(pending.old_value),
          {},
          ip,
        );
      });
      return { outcome: 'unchanged' as const, state: await state(merchant, member) };
    },

    /** The member's change history, newest first (the back office, tests). */
    async history(memberId: number): Promise<ChangeRow[]> {
      return repository.changes(db, memberId);
    },

    /** A page of the member's change history, newest first, as the back office shows it. */
    async historyPage(memberId: number, page: { pageNo: number; pageSize: number }) {
      const { rows, total } = await repository.changesPage(db, memberId, page.pageNo, page.pageSize);
      const iso = (at: Date | null) => (at ? new Date(at).toISOString() : null);
      return {
        list: rows.map(
          (r): LimitChange => ({
            id: Number(r.id),
            key: r.limit_key,
            oldValue: toValue(r.old_value),
            newValue: toValue(r.new_value),
            status: r.status,
            requestedAt: new Date(r.requested_at).toISOString(),
            confirmableAt: iso(r.confirmable_at),
            lapsesAt: iso(r.lapses_at),
            decidedAt: iso(r.decided_at),
          }),
        ),
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        total,
        totalPages: Math.ceil(total / page.pageSize),
      };
    },

    // --- The money paths, each in the transaction of its money -----------------------------------------------

    /**
     * A deposit asked for (bank transfer or gateway): refused when what was credited in the period, the member's
     * other pending deposits and this one pass a deposit limit. Nothing is counted yet (a deposit counts when
     * credited); the lock on the limit row serialises the member's requests, so two cannot share the headroom.
     */
    async depositRequest(trx: Database, who: LimitSubject, amount: number, pending: () => Promise<number>) {
      if (!trx.isTransaction) throw new Error("limits are checked in the money's transaction");
      const now = clock.now();
      // Lock first, then read what is pending: a request racing with this one waits for its commit.
      await repository.use(trx, who.memberId, { deposit: 0, wager: 0, loss: 0, session: false }, now, {
        enforce: false,
        apply: false,
      });
      const waiting = await pending();
      const refusal = await repository.use(
        trx,
        who.memberId,
        { deposit: amount + waiting, wager: 0, loss: 0, session: false },
        now,
        { enforce: true, apply: false },
      );
      if (refusal) {
        // Say what is used as the member sees it: credited plus pending.
        throw await refusalError({ ...refusal, used: refusal.used + waiting }, who.merchantId, trx);
      }
    },

    /**
     * A deposit credited, in its posting (`alongside`). With `enforce` (an operator approving a bank transfer) it is
     * refused over a limit lowered since the request; a gateway's payment, already taken from the member, is
     * credited and counted regardless.
     */
    deposit: (who: LimitSubject, amount: number, options: { enforce: boolean }) =>
      alongside(who, { deposit: amount, wager: 0, loss: 0, session: false }, options.enforce),

    /** A stake (a bet, a chase's hold, a spin), in its posting: the session time, loss and wager limits. */
    bet: (who: LimitSubject, stake: number) =>
      alongside(who, { deposit: 0, wager: stake, loss: stake, session: true }, true),

    /** A win paid, in its posting: it takes from the period's losses. */
    win: (who: LimitSubject, amount: number) =>
      amount > 0 ? alongside(who, { deposit: 0, wager: 0, loss: -amount, session: false }, false) : undefined,

    /** A stake given back (a cancelled bet, a chase's unused hold, a vendor's rollback): neither wagered nor lost. */
    refund: (who: LimitSubject, amount: number) =>
      amount > 0
        ? alongside(who, { deposit: 0, wager: -amount, loss: -amount, session: false }, false)
        : undefined,

    /** Money into a transfer-wallet game, in its posting: staked as far as our ledger can tell. */
    transferIn: (who: LimitSubject, amount: number) =>
      alongside(who, { deposit: 0, wager: amount, loss: amount, session: true }, true),

    /** Money back from a transfer-wallet game, in its posting: what comes back is won back. */
    transferOut: (who: LimitSubject, amount: number) =>
      alongside(who, { deposit: 0, wager: 0, loss: -amount, session: false }, false),

    /**
     * Wins and refunds of many members at once (a lottery draw's page of payouts), in the caller's transaction:
     * one statement, members in id order (the lock order of decision 046). Never refused.
     */
    async countMany(trx: Database, items: readonly { memberId: number; wager: number; loss: number }[]) {
      if (items.length === 0) return;
      if (!trx.isTransaction) throw new Error("limits are counted in the money's transaction");
      const byMember = new Map<number, { wager: number; loss: number }>();
      for (const item of items) {
        const sum = byMember.get(item.memberId) ?? { wager: 0, loss: 0 };
        sum.wager += item.wager;
        sum.loss += item.loss;
        byMember.set(item.memberId, sum);
      }
      await repository.useMany(trx, byMember, clock.now());
    },

    /**
     * A game launch: refused once the session time is up, and, for real money, once a loss or wager limit has no
     * minor unit left in its period (a launch moves no money; its bets are checked one by one).
     */
    async launch(who: LimitSubject, real: boolean) {
      const usage = { deposit: 0, wager: real ? 1 : 0, loss: real ? 1 : 0, session: true };
      const refusal = await repository.use(db, who.memberId, usage, clock.now(), {
        enforce: true,
        apply: false,
      });
      if (refusal) throw await refusalError(refusal, who.merchantId);
    },

    /** The refusal of a vendor's bet (vendor_post_batch answered limit_refused with this key), as the member reads it. */
    async vendorRefusal(who: LimitSubject, key: string) {
      const merchant = await merchantById(who.merchantId);
      const found = (await state(merchant, { id: who.memberId, merchant_id: who.merchantId })).limits.find(
        (l) => l.key === key,
      );
      if (!found) throw new Error(`unknown limit ${key}`);
      return refusalError(
        {
          key: found.key,
          value: found.value ?? 0,
          used: found.used,
          resetsAt: found.resetsAt ? new Date(found.resetsAt) : null,
        },
        who.merchantId,
      );
    },
  };
}

export type LimitsService = ReturnType<typeof limitsService>;
