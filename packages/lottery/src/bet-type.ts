import type { LineRule } from '@tala/contracts/lottery-lines';
import type { Fraction } from '@tala/slots/fraction';
import { type BetTypeDefinition, linesBy, oddsFor } from './game.ts';

/**
 * Builders of the bet types of the game families beyond Vietnam (docs/decisions/041-lottery-families.md): the lines
 * come from the rule (shared with the betting page), the odds from the exact expected hits (each prize mode its
 * share of the fair odds), so a table can never disagree with its maths.
 */

type Common<R> = {
  code: string;
  picks: { min: number; max: number };
  rule: LineRule;
  hits(line: readonly number[], result: R): number;
  maxHits?: number;
  stake: { min: number; max: number };
  positions?: readonly string[];
};

/** Picks are numbers of a range (or values at positions). */
export function numberType<R>(
  spec: Common<R> & { numbers: { min: number; max: number; digits: number }; expectedHits: Fraction },
): BetTypeDefinition<R> {
  const { rule, maxHits = 1, ...rest } = spec;
  return { ...rest, rule, maxHits, lines: linesBy(rule), odds: oddsFor(spec.expectedHits) };
}

/** Picks are named options (indexes of `options`), all with the same chance. */
export function optionType<R>(
  spec: Omit<Common<R>, 'rule'> & { options: readonly string[]; expectedHits: Fraction },
): BetTypeDefinition<R> {
  const { maxHits = 1, ...rest } = spec;
  const rule: LineRule = { kind: 'each' };
  return {
    ...rest,
    rule,
    maxHits,
    numbers: { min: 0, max: spec.options.length - 1, digits: 1 },
    lines: linesBy(rule),
    odds: oddsFor(spec.expectedHits),
  };
}

/**
 * Picks whose chances differ (a sum, big/small of an uneven sum): a bet names one, and gets that pick's odds. The
 * type's own `odds` and `expectedHits` are those of the best-paying pick (what a menu shows as "up to").
 */
export function perPickType<R>(
  spec: Omit<Common<R>, 'rule' | 'picks'> & {
    numbers: { min: number; max: number; digits: number };
    options?: readonly string[];
    chances: readonly { pick: number; expectedHits: Fraction }[];
  },
): BetTypeDefinition<R> {
  const { chances, maxHits = 1, ...rest } = spec;
  const rule: LineRule = { kind: 'each' };
  const perPick = chances.map((c) => ({ ...c, odds: oddsFor(c.expectedHits) }));
  const best = perPick.reduce((a, b) => (b.odds.Lott > a.odds.Lott ? b : a));
  return {
    ...rest,
    rule,
    maxHits,
    picks: { min: 1, max: 1 },
    lines: linesBy(rule),
    perPick,
    expectedHits: best.expectedHits,
    odds: best.odds,
  };
}

/** Checks an array of integers of a length and range (a stored result's shape). */
export function isIntRow(
  value: unknown,
  length: number,
  min: number,
  max: number,
  distinct = false,
): boolean {
  return (
    Array.isArray(value) &&
    value.length === length &&
    value.every((v) => Number.isInteger(v) && v >= min && v <= max) &&
    (!distinct || new Set(value).size === length)
  );
}

/** Big/small/odd/even, the options most families sell. */
export const bsoe = ['big', 'small', 'odd', 'even'] as const;
