// The rules of agent contracts, without a database: which terms may be offered, which tier applies, what a level
// earns and what it passes down, and the periods a kind settles. docs/decisions/033-agent-contracts.md.
import {
  BASIS,
  type ContractKind,
  type ContractSettings,
  type ContractTerms,
  type PeriodType,
} from '@tala/contracts/agent-contracts';
import { addDays, dayOf, dayStart } from '@tala/contracts/calendar';
import type { ErrorCode } from '@tala/contracts/errors';

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

/** The rates a contract can pay at most, compared with the upline's and the merchant's limits. */
export function topRates(kind: ContractKind, terms: ContractTerms) {
  if (kind === 'realtimeSalary') return { profit: terms.profitRate, loss: terms.lossRate };
  const rate = Math.max(terms.rate, ...terms.tiers.map((t) => t.rate));
  return { profit: rate, loss: rate };
}

/**
 * Why terms may not be offered, or null. `upline` is the offerer's own contract of the kind (null: the merchant
 * offers). A downline's rates never exceed its upline's base rates (the upline's tiers are not guaranteed), and a
 * dividend settles on its upline's period type so that the levels' periods line up.
 */
export function termsProblem(
  kind: ContractKind,
  terms: ContractTerms,
  settings: ContractSettings,
  upline: ContractTerms | null,
): { code: ErrorCode; field: string } | null {
  const top = topRates(kind, terms);
  if (kind === 'realtimeSalary') {
    const s = settings.realtimeSalary;
    if (!s.enabled) return { code: 'contract_kind_off', field: 'kind' };
    if (top.profit > s.maxProfitRate) return { code: 'contract_rate_above_limit', field: 'terms.profitRate' };
    if (top.loss > s.maxLossRate) return { code: 'contract_rate_above_limit', field: 'terms.lossRate' };
    if (top.profit === 0 && top.loss === 0) return { code: 'validation_failed', field: 'terms.lossRate' };
    if (upline && (terms.profitRate > upline.profitRate || terms.lossRate > upline.lossRate))
      return { code: 'contract_rate_above_upline', field: 'terms.lossRate' };
    return null;
  }
  const s = settings[kind];
  if (!s.enabled) return { code: 'contract_kind_off', field: 'kind' };
  if (terms.tiers.length > s.maxTiers) return { code: 'contract_too_many_tiers', field: 'terms.tiers' };
  if (top.profit > s.maxRate) return { code: 'contract_rate_above_limit', field: 'terms.rate' };
  if (top.profit === 0) return { code: 'validation_failed', field: 'terms.rate' };
  if (kind === 'dividend' && !settings.dividend.periods.includes(terms.periodType))
    return { code: 'contract_period_not_allowed', field: 'terms.periodType' };
  if (upline) {
    if (top.profit > upline.rate) return { code: 'contract_rate_above_upline', field: 'terms.rate' };
    if (kind === 'dividend' && terms.periodType !== upline.periodType)
      return { code: 'contract_period_not_allowed', field: 'terms.periodType' };
  }
  return null;
}

/** Whether a contract's rates exceed the given ceiling (the upline's new base): it must end if accepted. */
export function exceeds(kind: ContractKind, terms: ContractTerms, ceiling: ContractTerms) {
  const top = topRates(kind, terms);
  if (kind === 'realtimeSalary') return top.profit > ceiling.profitRate || top.loss > ceiling.lossRate;
  return top.profit > ceiling.rate;
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

/** The last period of a kind that has ended by `now`. */
export function lastClosedPeriod(kind: ContractKind, periodType: PeriodType, now: Date, timeZone: string) {
  const current = periodAt(kind, periodType, now, timeZone);
  return periodAt(kind, periodType, new Date(current.start.getTime() - 1), timeZone);
}
