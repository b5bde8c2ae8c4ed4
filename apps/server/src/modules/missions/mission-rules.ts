import { addDays, dayOf, dayStart } from '@tala/contracts/calendar';
import type {
  MissionPeriod,
  MissionStatus,
  MissionTask,
  MissionTaskProgress,
} from '@tala/contracts/missions';

/**
 * The missions' arithmetic, free of the database (property-tested in mission-rules.test.ts): the period containing
 * an instant in the merchant's calendar, and each task's progress from the member's facts of that period.
 */

export type MissionPeriodBounds = { key: string; start: Date; end: Date };

/** The day, or the week from Monday, containing an instant in the time zone: its key and [start, end). */
export function periodAt(period: MissionPeriod, at: Date, timeZone: string): MissionPeriodBounds {
  const day = dayOf(at, timeZone);
  if (period === 'day')
    return { key: day, start: dayStart(day, timeZone), end: dayStart(addDays(day, 1), timeZone) };
  const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = addDays(day, -weekday);
  return {
    key: `W${monday}`,
    start: dayStart(monday, timeZone),
    end: dayStart(addDays(monday, 7), timeZone),
  };
}

/** The period before the one containing the instant. */
export function previousPeriod(period: MissionPeriod, at: Date, timeZone: string): MissionPeriodBounds {
  const current = periodAt(period, at, timeZone);
  return periodAt(period, new Date(current.start.getTime() - 1), timeZone);
}

/** What the member did in a period (or the part of it the mission runs in). */
export type MemberFacts = {
  /** Days (yyyy-MM-dd) with a sign-in. */
  signInDays: number;
  deposits: { count: number; amount: number };
  /** Valid bets per product (ELOTT, RNG, ...). */
  betsByProduct: Map<string, number>;
  /** Distinct games played for real money. */
  gamesPlayed: number;
};

/** How far a task is: what it counts, at most its target. */
export function taskDone(task: MissionTask, facts: MemberFacts): number {
  const counted = (() => {
    switch (task.kind) {
      case 'login':
        return facts.signInDays;
      case 'depositCount':
        return facts.deposits.count;
      case 'depositAmount':
        return facts.deposits.amount;
      case 'gamesPlayed':
        return facts.gamesPlayed;
      case 'betAmount': {
        if (task.product) return facts.betsByProduct.get(task.product) ?? 0;
        let total = 0;
        for (const bet of facts.betsByProduct.values()) total += bet;
        return total;
      }
    }
  })();
  return Math.max(0, Math.min(task.target, counted));
}

export function progressOf(tasks: MissionTask[], facts: MemberFacts): MissionTaskProgress[] {
  return tasks.map((t) => ({ kind: t.kind, product: t.product, target: t.target, done: taskDone(t, facts) }));
}

/** Claimed once claimed in the period; claimable once every task is done; else in progress. */
export function statusOf(progress: MissionTaskProgress[], claimed: boolean): MissionStatus {
  if (claimed) return 'claimed';
  return progress.length > 0 && progress.every((p) => p.done >= p.target) ? 'claimable' : 'inProgress';
}
