// Which contract terms may be offered: the server refuses with these, and the agent centre's and the back office's
// forms name each failing field with them before sending. Types only from the schemas, so that a form takes no zod
// with it. docs/decisions/033-agent-contracts.md and 072-contract-tiers.md.
import type { ContractKind, ContractSettings, ContractTerms, PeriodType } from './agent-contracts.ts';
import type { ErrorCode } from './errors.ts';

/** What the merchant allows for one kind, in one shape for every kind. */
export type TermsLimits = {
  enabled: boolean;
  /** The highest base or tier rate (dividend and the two period salaries). */
  maxRate: number;
  /** How many tiers a contract may have (none for a real-time salary: decision 072). */
  maxTiers: number;
  /** Real-time salary. */
  maxProfitRate: number;
  maxLossRate: number;
  /** Dividend periods allowed. */
  periods: PeriodType[];
};

export function limitsOf(kind: ContractKind, settings: ContractSettings): TermsLimits {
  if (kind === 'realtimeSalary') {
    const s = settings.realtimeSalary;
    return {
      enabled: s.enabled,
      maxRate: Math.max(s.maxProfitRate, s.maxLossRate),
      maxTiers: 0,
      maxProfitRate: s.maxProfitRate,
      maxLossRate: s.maxLossRate,
      periods: [],
    };
  }
  const s = settings[kind];
  return {
    enabled: s.enabled,
    maxRate: s.maxRate,
    maxTiers: s.maxTiers,
    maxProfitRate: 0,
    maxLossRate: 0,
    periods: kind === 'dividend' ? settings.dividend.periods : [],
  };
}

/** A refusal: its error code, the field at fault (`terms.tiers.1.rate`), and the highest rate the field may carry. */
export type TermsProblem = { code: ErrorCode; field: string; max?: number };

/**
 * The highest rate terms give a team with these figures: the base rate, or a better tier the team reached. The
 * base rate's minimum of active members is left aside, so that a comparison of two contracts is about rates.
 */
export function rateAt(terms: Pick<ContractTerms, 'rate' | 'tiers'>, activeMembers: number, volume: number) {
  let rate = terms.rate;
  for (const tier of terms.tiers)
    if (activeMembers >= tier.minActiveMembers && volume >= tier.minVolume && tier.rate > rate)
      rate = tier.rate;
  return rate;
}

/** A real-time salary's profit and loss rates above the highest allowed, each a problem of its field. */
function realtimeRatesAbove(
  code: TermsProblem['code'],
  terms: ContractTerms,
  max: { profitRate: number; lossRate: number },
): TermsProblem[] {
  return (['profitRate', 'lossRate'] as const)
    .filter((rate) => terms[rate] > max[rate])
    .map((rate) => ({ code, field: `terms.${rate}`, max: max[rate] }));
}

/**
 * Where terms give more than the upline's terms: for any figures of the team, the rate they give may not exceed the
 * upline's rate at the same figures. The upline's team holds the downline's, so its figures are at least as high
 * and its rate (rising with the figures) at least the one compared: the upline always earns what it passes down.
 * Each rate is compared where it starts (the base at no figures, a tier at its own thresholds), which is enough as
 * the upline's rate only rises from there.
 */
function aboveUpline(kind: ContractKind, terms: ContractTerms, upline: ContractTerms): TermsProblem[] {
  if (kind === 'realtimeSalary') return realtimeRatesAbove('contract_rate_above_upline', terms, upline);
  const problems: TermsProblem[] = [];
  const base = rateAt(upline, 0, 0);
  if (terms.rate > base)
    problems.push({ code: 'contract_rate_above_upline', field: 'terms.rate', max: base });
  terms.tiers.forEach((tier, i) => {
    const max = rateAt(upline, tier.minActiveMembers, tier.minVolume);
    if (tier.rate > max)
      problems.push({ code: 'contract_rate_above_upline', field: `terms.tiers.${i}.rate`, max });
  });
  return problems;
}

/**
 * Every reason terms may not be offered, in the order the fields show; none when they may. `upline` is the
 * offerer's own contract of the kind (null: the merchant offers). A dividend settles on its upline's period type, so
 * that the levels' periods line up.
 */
export function termsProblems(
  kind: ContractKind,
  terms: ContractTerms,
  limits: TermsLimits,
  upline: ContractTerms | null,
): TermsProblem[] {
  if (!limits.enabled) return [{ code: 'contract_kind_off', field: 'kind' }];
  const problems: TermsProblem[] = [];
  if (kind === 'realtimeSalary') {
    problems.push(
      ...realtimeRatesAbove('contract_rate_above_limit', terms, {
        profitRate: limits.maxProfitRate,
        lossRate: limits.maxLossRate,
      }),
    );
    if (terms.profitRate === 0 && terms.lossRate === 0)
      problems.push({ code: 'validation_failed', field: 'terms.profitRate' });
    // Rates that could change every five minutes with the team's figures: decision 072.
    if (terms.tiers.length > 0) problems.push({ code: 'contract_realtime_no_tiers', field: 'terms.tiers' });
  } else {
    if (terms.rate > limits.maxRate)
      problems.push({ code: 'contract_rate_above_limit', field: 'terms.rate', max: limits.maxRate });
    if (kind === 'dividend' && !limits.periods.includes(terms.periodType))
      problems.push({ code: 'contract_period_not_allowed', field: 'terms.periodType' });
    if (terms.tiers.length > limits.maxTiers)
      problems.push({ code: 'contract_too_many_tiers', field: 'terms.tiers', max: limits.maxTiers });
    terms.tiers.forEach((tier, i) => {
      if (tier.rate > limits.maxRate)
        problems.push({
          code: 'contract_rate_above_limit',
          field: `terms.tiers.${i}.rate`,
          max: limits.maxRate,
        });
    });
    if (Math.max(terms.rate, ...terms.tiers.map((t) => t.rate)) === 0)
      problems.push({ code: 'validation_failed', field: 'terms.rate' });
  }
  if (upline) {
    for (const problem of aboveUpline(kind, terms, upline))
      if (!problems.some((p) => p.field === problem.field)) problems.push(problem);
    const periodRefused = problems.some((p) => p.field === 'terms.periodType');
    if (kind === 'dividend' && terms.periodType !== upline.periodType && !periodRefused)
      problems.push({ code: 'contract_period_not_allowed', field: 'terms.periodType' });
  }
  return problems;
}

/** The first reason terms may not be offered, or null (what the server answers with). */
export function termsProblem(
  kind: ContractKind,
  terms: ContractTerms,
  limits: TermsLimits,
  upline: ContractTerms | null,
): TermsProblem | null {
  return termsProblems(kind, terms, limits, upline)[0] ?? null;
}

/** Whether terms give more than a ceiling (the upline's new terms) at some team figures: they end if it is accepted. */
export function exceeds(kind: ContractKind, terms: ContractTerms, ceiling: ContractTerms) {
  return aboveUpline(kind, terms, ceiling).length > 0;
}

/**
 * The contracts that end when the member above them takes `ceiling` (null: when its contract ends): those above
 * it, and every contract beneath an ended one, so that no level keeps passing down a rate its upline no longer
 * has. `below` is every contract in force under the member, each with its holder and the holder's upline, upper
 * levels first.
 */
export function contractsToEnd<T extends { memberId: number; uplineId: number | null; terms: ContractTerms }>(
  kind: ContractKind,
  below: readonly T[],
  ceiling: ContractTerms | null,
): T[] {
  const endedHolders = new Set<number>();
  const ended: T[] = [];
  for (const contract of below) {
    const underEnded = contract.uplineId !== null && endedHolders.has(contract.uplineId);
    if (ceiling === null || underEnded || exceeds(kind, contract.terms, ceiling)) {
      ended.push(contract);
      endedHolders.add(contract.memberId);
    }
  }
  return ended;
}

/** A rate typed as a percentage ("1.5", "1,5") in basis points, or null: 0 to 100 with at most two decimals. */
export function percentInput(text: string): number | null {
  const match = /^(\d{1,3})(?:[.,](\d{0,2}))?$/.exec(text.trim());
  if (!match) return null;
  const basis = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return basis <= 10_000 ? basis : null;
}

/** A whole number of members typed, or null. */
export function countInput(text: string): number | null {
  const trimmed = text.trim();
  return /^\d{1,7}$/.test(trimmed) ? Number(trimmed) : null;
}
