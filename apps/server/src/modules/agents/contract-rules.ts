// The rules of agent contracts, without a database: which tier applies, what a level earns and what it passes
// down, and the periods a kind settles. docs/decisions/033-agent-contracts.md.
// Which terms may be offered is shared with the forms: @tala/contracts/agent-contract-rules.
import {
  BASIS,
  type ContractKind,
  type ContractTerms,
  type PeriodType,
} from '@tala/contracts/agent-contracts';
import { addDays, dayOf, dayStart } from '@tala/contracts/calendar';

/** The team's figures in a period: everyone below the agent, as the tree was at each bet. */
export type TeamStats = {
  volume: number;
  /** Valid bets − wins: what the house kept (negative when the team won). */
  houseResult: number;
  activeMembers: number;
  /** Real-time salary: stakes of qualifying bets (≥ the single-bet minimum) the players won and lost. */
  winVolume: number;
  lossVolume: number;
};

/** The rates a contract pays at most (team management's rates column). */
export function topRates(kind: ContractKind, terms: ContractTerms) {
  if (kind === 'realtimeSalary') return { profit: terms.profitRate, loss: terms.lossRate };
  const rate = Math.max(terms.rate, ...terms.tiers.map((t) => t.rate));
  return { profit: rate, loss: rate };
}

/**
 * The rate that applies to a period: the best tier whose active members and volume the team reached, else the base
 * rate if the team has the minimum of active members, else none (threshold not reached).
 */
export function appliedRate(terms: ContractTerms, stats: Pick<TeamStats, 'activeMembers' | 'volume'>) {
  const reached = terms.tiers.filter(
    (t) => stats.activeMembers >= t.minActiveMembers && stats.volume >= t.minVolume,
  );
  const best = Math.max(-1, ...reached.map((t) => t.rate));
  if (best >= 0 && best >= terms.rate) return best;
  return stats.activeMembers >= terms.minActiveMembers ? terms.rate : null;
}

const share = (rate: number, base: number) => (base > 0 ? Math.floor((rate * base) / BASIS) : 0);

/** What one level's own rates earn on its whole team in a period (before what it granted below). */
export function levelGross(
  kind: ContractKind,
  terms: ContractTerms,
  stats: TeamStats,
  carryIn: number,
): { gross: number; rate: number; profitRate: number; lossRate: number; reached: boolean; carryOut: number } {
  if (kind === 'realtimeSalary') {
    const reached = stats.activeMembers >= terms.minActiveMembers;
    const gross = reached
      ? share(terms.profitRate, stats.winVolume) + share(terms.lossRate, stats.lossVolume)
      : 0;
    return { gross, rate: 0, profitRate: terms.profitRate, lossRate: terms.lossRate, reached, carryOut: 0 };
  }
  const rate = appliedRate(terms, stats);
  if (kind === 'dividend') {
    const base = stats.houseResult + Math.min(carryIn, 0);
    const carryOut = base < 0 && terms.carryNegative ? base : 0;
    if (rate === null) return { gross: 0, rate: 0, profitRate: 0, lossRate: 0, reached: false, carryOut };
    return { gross: share(rate, base), rate, profitRate: 0, lossRate: 0, reached: true, carryOut };
  }
  if (rate === null) return { gross: 0, rate: 0, profitRate: 0, lossRate: 0, reached: false, carryOut: 0 };
  return { gross: share(rate, stats.volume), rate, profitRate: 0, lossRate: 0, reached: true, carryOut: 0 };
}

/** The difference rule: a level keeps what its rates earn on its team less what its direct downline's earn. */
export function levelDue(gross: number, grantedBelow: number) {
  return Math.max(0, gross - grantedBelow);
}

// ------------------------------------------------------------------------------------------------ periods

/** The period of a kind that contains an instant, in the merchant's calendar. */
export function periodAt(
  kind: ContractKind,
  periodType: PeriodType,
  at: Date,
  timeZone: string,
): { start: Date; end: Date } {
  if (kind === 'realtimeSalary') {
    const start = Math.floor(at.getTime() / 300_000) * 300_000;
    return { start: new Date(start), end: new Date(start + 300_000) };
  }
  if (kind === 'hourlySalary') {
    const start = Math.floor(at.getTime() / 3_600_000) * 3_600_000;
    return { start: new Date(start), end: new Date(start + 3_600_000) };
  }
  const day = dayOf(at, timeZone);
  const type: PeriodType = kind === 'dailySalary' ? 'D' : periodType;
  let from = day;
  let to = addDays(day, 1);
  if (type === 'W') {
    const weekday = (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;
    from = addDays(day, -weekday);
    to = addDays(from, 7);
  } else if (type === 'H' || type === 'M') {
    const month = day.slice(0, 8);
    const next = addDays(`${month}28`, 4).slice(0, 8);
    const second = Number(day.slice(8)) > 15;
    from = type === 'H' && second ? `${month}16` : `${month}01`;
    to = type === 'H' && !second ? `${month}16` : `${next}01`;
  }
  return { start: dayStart(from, timeZone), end: dayStart(to, timeZone) };
}

/**
 * Whether `now` falls on a day the daily salary is paid: every `everyDays`-th calendar day of the merchant's zone
 * (§4: every other day), counted from 1970-01-01 in that calendar, so a change of clocks neither repeats nor skips one.
 */
export function dailySalaryPaidOn(now: Date, timeZone: string, everyDays: number): boolean {
  return (Date.parse(dayOf(now, timeZone)) / 86_400_000) % everyDays === 0;
}

/** The last period of a kind that has ended by `now`. */
export function lastClosedPeriod(kind: ContractKind, periodType: PeriodType, now: Date, timeZone: string) {
  const current = periodAt(kind, periodType, now, timeZone);
  return periodAt(kind, periodType, new Date(current.start.getTime() - 1), timeZone);
}
