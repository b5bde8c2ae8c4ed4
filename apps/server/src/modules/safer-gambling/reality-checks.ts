import { moneyDisplay } from '@tala/contracts/money-format';
// Reality checks (issue 18 item 2, UKGC RTS 13): the member's interval, the status the site's timer follows, the
// answer of the dialog, and the guard every product's bet path asks (lib/play-guard.ts).
import { checkRealityInterval, type RealityCheckStatus } from '@tala/contracts/safer-gambling';
import { AppError } from '../../http/app-error.ts';
import type { SaferGamblingCore } from './safer-gambling-core.ts';

/** A guard's "not due" answer is trusted this long before the database is asked again (another process's change). */
const NOT_DUE_TRUST_MS = 15_000;

export function realityCheckUseCases(core: SaferGamblingCore) {
  const { db, repository, members, wallet, audit, settingsOf, merchantById, minuteMs, now } = core;

  /** Members whose last look found no check due before `nextDueAt`: their bets need no query until then. */
  const notDue = new Map<number, { nextDueAt: number; checkedAt: number }>();

  /** Where the member's count stands: the interval in force and when the next check falls due (null: off). */
  async function schedule(merchantId: number, memberId: number) {
    const merchant = await merchantById(merchantId);
    const defaultMinutes = settingsOf(merchant).realityCheckDefaultMinutes;
    const [sessionStart, choice] = await Promise.all([
      members.sessionStartedAt(memberId),
      repository.choice(db, memberId),
    ]);
    const chosen = choice?.interval_minutes ?? null;
    const interval = chosen ?? defaultMinutes;
    let nextCheckAt: Date | null = null;
    if (sessionStart && interval > 0) {
      // The count restarts at the latest of the login, the member's last change and their last answer.
      const since = Math.max(
        sessionStart.getTime(),
        choice?.changed_at.getTime() ?? 0,
        choice?.acknowledged_at?.getTime() ?? 0,
      );
      nextCheckAt = new Date(since + interval * minuteMs());
    }
    return { merchant, defaultMinutes, chosen, interval, sessionStart, nextCheckAt };
  }

  async function status(merchantId: number, memberId: number): Promise<RealityCheckStatus> {
    const at = now();
    const plan = await schedule(merchantId, memberId);
    const start = plan.sessionStart ?? at;
    const account = await wallet.memberAccount(merchantId, memberId);
    const play = await wallet.playSince(account, start);
    return {
      chosenMinutes: plan.chosen,
      intervalMinutes: plan.interval,
      merchantDefaultMinutes: plan.defaultMinutes,
      sessionStartedAt: start.toISOString(),
      nextCheckAt: plan.nextCheckAt?.toISOString() ?? null,
      due: plan.nextCheckAt !== null && plan.nextCheckAt.getTime() <= at.getTime(),
      playedMs: Math.max(0, at.getTime() - start.getTime()),
      netPosition: play.net,
      bets: play.bets,
      wins: play.wins,
      currencySymbol: moneyDisplay(plan.merchant.settings.whitelabel).currencySymbol,
      serverNow: at.toISOString(),
      minuteMs: minuteMs(),
    };
  }

  return {
    realityCheck: status,

    /**
     * Sets the member's interval: 0 for off or 15 to 120 minutes (reality_check_interval_not_a_number,
     * reality_check_interval_out_of_range). The count restarts from the change. Audited.
     */
    async chooseRealityCheck(
      merchantId: number,
      member: { id: number; username: string },
      value: unknown,
      ip: string,
    ) {
      const checked = checkRealityInterval(value);
      if (!checked.ok) throw new AppError(checked.code, 'intervalMinutes');
      const before = await repository.choice(db, member.id);
      await db.transaction().execute(async (trx) => {
        await repository.saveChoice(trx, merchantId, member.id, checked.minutes, now());
        await audit.record(trx, {
          actorType: 'member',
          actorId: member.id,
          actorName: member.username,
          merchantId,
          action: 'member.reality_check.set',
          target: `member:${member.id}`,
          before: { intervalMinutes: before?.interval_minutes ?? null },
          after: { intervalMinutes: checked.minutes },
          ip,
        });
      });
      notDue.delete(member.id);
      return status(merchantId, member.id);
    },

    /**
     * The member's answer to a due check: `continue` restarts the count (play may go on), `logout` is recorded
     * before the site ends the session. An answer when nothing is due changes nothing and says so (reality_check_not_due).
     */
    async answerRealityCheck(merchantId: number, memberId: number, answer: 'continue' | 'logout') {
      const current = await status(merchantId, memberId);
      if (!current.due) throw new AppError('reality_check_not_due');
      await repository.acknowledge(db, {
        merchantId,
        memberId,
        answer,
        playedMs: current.playedMs,
        net: current.netPosition,
        at: now(),
      });
      notDue.delete(memberId);
      return status(merchantId, memberId);
    },

    /**
     * The play guard: refuses a stake with reality_check_due while the member's check is due and unanswered. A
     * member known not to be due is let through from memory until their next check or for 15 s, so the bet paths
     * pay one query per member in that time.
     */
    async assertNoRealityCheckDue(play: { merchantId: number; memberId: number }) {
      const at = now().getTime();
      const known = notDue.get(play.memberId);
      if (known && at < known.nextDueAt && at - known.checkedAt < NOT_DUE_TRUST_MS) return;
      const plan = await schedule(play.merchantId, play.memberId);
      const nextDueAt = plan.nextCheckAt?.getTime() ?? Number.POSITIVE_INFINITY;
      if (nextDueAt <= at) {
        notDue.delete(play.memberId);
        throw new AppError('reality_check_due');
      }
      if (notDue.size >= 100_000) notDue.clear();
      notDue.set(play.memberId, { nextDueAt, checkedAt: at });
    },
  };
}
