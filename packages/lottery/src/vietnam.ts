import { choose, type Fraction, fraction } from '@tala/slots/fraction';
import { type ByteSource, uniformBelow } from '@tala/slots/random';
import { type BetTypeDefinition, combinations, type OddsTable } from './game.ts';

/**
 * Vietnam lottery (xổ số): the draw's structure and the pure win rules of its bet types. A draw is a list of prize
 * tiers, special prize first, each some numbers of a fixed number of digits, every digit independent and uniform.
 */

export type VnTier = { name: string; count: number; digits: number };

/** Northern style (miền Bắc): 27 prizes, special prize to 7th. */
export const northernTiers: readonly VnTier[] = [
  { name: 'special', count: 1, digits: 5 },
  { name: 'first', count: 1, digits: 5 },
  { name: 'second', count: 2, digits: 5 },
  { name: 'third', count: 6, digits: 5 },
  { name: 'fourth', count: 4, digits: 4 },
  { name: 'fifth', count: 6, digits: 4 },
  { name: 'sixth', count: 3, digits: 3 },
  { name: 'seventh', count: 4, digits: 2 },
];

/** Southern and central style (miền Nam, miền Trung): 18 prizes, special prize (6 digits) to 8th. */
export const southernTiers: readonly VnTier[] = [
  { name: 'special', count: 1, digits: 6 },
  { name: 'first', count: 1, digits: 5 },
  { name: 'second', count: 1, digits: 5 },
  { name: 'third', count: 2, digits: 5 },
  { name: 'fourth', count: 7, digits: 5 },
  { name: 'fifth', count: 1, digits: 4 },
  { name: 'sixth', count: 3, digits: 4 },
  { name: 'seventh', count: 1, digits: 3 },
  { name: 'eighth', count: 1, digits: 2 },
];

/** A drawn result: per tier (in the shape's order, special first), its numbers as digit strings ("04712"). */
export type VnResult = { prizes: string[][] };

/** Draws every prize of every tier in order, each uniform over its digits by rejection sampling. */
export function drawVietnam(tiers: readonly VnTier[], source: ByteSource): VnResult {
  return {
    prizes: tiers.map((tier) =>
      Array.from({ length: tier.count }, () =>
        String(uniformBelow(source, 10 ** tier.digits)).padStart(tier.digits, '0'),
      ),
    ),
  };
}

export function isVnResult(tiers: readonly VnTier[]) {
  return (value: unknown): value is VnResult => {
    const prizes = (value as { prizes?: unknown } | null)?.prizes;
    return (
      Array.isArray(prizes) &&
      prizes.length === tiers.length &&
      prizes.every(
        (tier, i) =>
          Array.isArray(tier) &&
          tier.length === tiers[i]?.count &&
          tier.every((p) => typeof p === 'string' && p.length === tiers[i]?.digits && /^\d+$/.test(p)),
      )
    );
  };
}

// --- The win rules: pure functions of a result ---

/** The special prize's number. */
export function special(result: VnResult): string {
  return result.prizes[0]?.[0] ?? '';
}

/** Each result's tails, worked out once per result and digit count (a draw settles many lines). */
const tailsMemo = new WeakMap<VnResult, Map<number, number[]>>();

/** The last `digits` digits of every prize that has at least that many, as numbers (one per prize). */
export function tails(result: VnResult, digits: number): number[] {
  let memo = tailsMemo.get(result);
  if (!memo) {
    memo = new Map();
    tailsMemo.set(result, memo);
  }
  let found = memo.get(digits);
  if (!found) {
    found = result.prizes.flat().flatMap((p) => (p.length >= digits ? [Number(p.slice(-digits))] : []));
    memo.set(digits, found);
  }
  return found;
}

/** Lô: how many prizes end in the number (lô 2 số: last two digits; lô 3 số: last three). Each counts once. */
export function loHits(result: VnResult, digits: number, value: number): number {
  return tails(result, digits).filter((t) => t === value).length;
}

/** Đề: the special prize's last two digits are the number. */
export function deHit(result: VnResult, value: number): number {
  return Number(special(result).slice(-2)) === value ? 1 : 0;
}

/** Đề đầu (đề đầu đặc biệt): the special prize's first two digits are the number. */
export function deDauHit(result: VnResult, value: number): number {
  return Number(special(result).slice(0, 2)) === value ? 1 : 0;
}

/** 3 càng: the special prize's last three digits are the number. */
export function baCangHit(result: VnResult, value: number): number {
  return Number(special(result).slice(-3)) === value ? 1 : 0;
}

/** Xiên: every number of the line is among the prizes' last two digits (once is enough); pays once. */
export function xienHit(result: VnResult, line: readonly number[]): number {
  const seen = new Set(tails(result, 2));
  return line.every((n) => seen.has(n)) ? 1 : 0;
}

// --- Exact expectations (house edge) ---

function prizesWithDigits(tiers: readonly VnTier[], digits: number) {
  return tiers.reduce((sum, t) => sum + (t.digits >= digits ? t.count : 0), 0);
}

/** Expected hits of a lô line: each of the n prizes with enough digits ends in the number with chance 1/10^d. */
function loExpected(tiers: readonly VnTier[], digits: number): Fraction {
  return fraction(prizesWithDigits(tiers, digits), 10n ** BigInt(digits));
}

/**
 * Chance that k distinct two-digit numbers all appear among n independent uniform two-digit tails: by
 * inclusion–exclusion, Σ_j (−1)^j C(k, j) ((100 − j) / 100)^n.
 */
export function xienChance(n: number, k: number): Fraction {
  let numerator = 0n;
  for (let j = 0; j <= k; j++) {
    const term = choose(k, j) * BigInt(100 - j) ** BigInt(n);
    numerator += j % 2 === 0 ? term : -term;
  }
  return fraction(numerator, 100n ** BigInt(n));
}

// --- Bet types ---

export type VnBetTypeCode = 'lo2' | 'lo3' | 'de' | 'dedau' | 'bacang' | 'xien2' | 'xien3' | 'xien4';
export type VnBetSettings = Record<VnBetTypeCode, { odds: OddsTable; stake: { min: number; max: number } }>;

const single = (picks: readonly number[]) => picks.map((n) => [n]);
const two = { min: 0, max: 99, digits: 2 };
const three = { min: 0, max: 999, digits: 3 };

/** The bet types of a Vietnam draw shape, with the odds and stake limits given. */
export function vietnamBetTypes(
  tiers: readonly VnTier[],
  settings: VnBetSettings,
): BetTypeDefinition<VnResult>[] {
  const xien = (k: 2 | 3 | 4): BetTypeDefinition<VnResult> => ({
    code: `xien${k}`,
    picks: { min: k, max: k + 6 },
    numbers: two,
    rule: { kind: 'combos', k },
    lines: (picks) => combinations(picks, k),
    hits: (line, result) => xienHit(result, line),
    maxHits: 1,
    expectedHits: xienChance(prizesWithDigits(tiers, 2), k),
    ...settings[`xien${k}`],
  });
  return [
    {
      code: 'lo2',
      picks: { min: 1, max: 100 },
      numbers: two,
      rule: { kind: 'each' },
      lines: single,
      hits: ([n], result) => loHits(result, 2, n as number),
      maxHits: prizesWithDigits(tiers, 2),
      expectedHits: loExpected(tiers, 2),
      ...settings.lo2,
    },
    {
      code: 'lo3',
      picks: { min: 1, max: 100 },
      numbers: three,
      rule: { kind: 'each' },
      lines: single,
      hits: ([n], result) => loHits(result, 3, n as number),
      maxHits: prizesWithDigits(tiers, 3),
      expectedHits: loExpected(tiers, 3),
      ...settings.lo3,
    },
    {
      code: 'de',
      picks: { min: 1, max: 100 },
      numbers: two,
      rule: { kind: 'each' },
      lines: single,
      hits: ([n], result) => deHit(result, n as number),
      maxHits: 1,
      expectedHits: fraction(1, 100),
      ...settings.de,
    },
    {
      code: 'dedau',
      picks: { min: 1, max: 100 },
      numbers: two,
      rule: { kind: 'each' },
      lines: single,
      hits: ([n], result) => deDauHit(result, n as number),
      maxHits: 1,
      expectedHits: fraction(1, 100),
      ...settings.dedau,
    },
    {
      code: 'bacang',
      picks: { min: 1, max: 100 },
      numbers: three,
      rule: { kind: 'each' },
      lines: single,
      hits: ([n], result) => baCangHit(result, n as number),
      maxHits: 1,
      expectedHits: fraction(1, 1000),
      ...settings.bacang,
    },
    xien(2),
    xien(3),
    xien(4),
  ];
}
