import { fraction } from '@tala/slots/fraction';
import { type ByteSource, uniformBelow } from '@tala/slots/random';
import { bsoe, isIntRow, numberType, optionType, perPickType } from './bet-type.ts';
import type { BetTypeDefinition } from './game.ts';

/** K3 (快3, decision 041): three dice, each 1–6, in the order thrown. */
export type K3Result = { dice: number[] };

export function drawK3(source: ByteSource): K3Result {
  return { dice: Array.from({ length: 3 }, () => 1 + uniformBelow(source, 6)) };
}

export const isK3Result = (value: unknown): value is K3Result =>
  isIntRow((value as { dice?: unknown } | null)?.dice, 3, 1, 6);

// --- Win rules ---

export const diceSum = (r: K3Result) => r.dice.reduce((a, b) => a + b, 0);
export const isTriple = (r: K3Result) => r.dice[0] === r.dice[1] && r.dice[1] === r.dice[2];
const count = (r: K3Result, value: number) => r.dice.filter((d) => d === value).length;

/** Sum: the three dice add up to the number. */
export const sumHit = (r: K3Result, sum: number) => (diceSum(r) === sum ? 1 : 0);
/** Specific triple: all three dice show the number. */
export const tripleHit = (r: K3Result, value: number) => (count(r, value) === 3 ? 1 : 0);
/** Any triple: the three dice are the same. */
export const anyTripleHit = (r: K3Result) => (isTriple(r) ? 1 : 0);
/** Pair: at least two dice show the number (a triple of it too). */
export const pairHit = (r: K3Result, value: number) => (count(r, value) >= 2 ? 1 : 0);
/** Two different: both numbers are among the dice. */
export const twoDifferentHit = (r: K3Result, [a, b]: readonly number[]) =>
  count(r, a as number) > 0 && count(r, b as number) > 0 ? 1 : 0;
/** Three different: the dice are the line's three numbers, one each. */
export const threeDifferentHit = (r: K3Result, line: readonly number[]) =>
  line.every((n) => count(r, n) === 1) ? 1 : 0;
/**
 * Big (sum 11–17), small (4–10), odd, even: house rule, any triple loses all four (as in sic bo), so each wins 105
 * of the 216 throws.
 */
export function sumIs(r: K3Result, option: number): boolean {
  if (isTriple(r)) return false;
  const sum = diceSum(r);
  return [sum >= 11, sum <= 10, sum % 2 === 1, sum % 2 === 0][option] ?? false;
}

// --- Bet types ---

/** Throws of three dice (of 216) that sum to s. */
export function sumWays(s: number): number {
  let ways = 0;
  for (let a = 1; a <= 6; a++) for (let b = 1; b <= 6; b++) if (s - a - b >= 1 && s - a - b <= 6) ways += 1;
  return ways;
}

const die = { min: 1, max: 6, digits: 1 };
const stake = { min: 100, max: 500_000 };

export function k3BetTypes(): BetTypeDefinition<K3Result>[] {
  return [
    perPickType<K3Result>({
      code: 'hz',
      numbers: { min: 3, max: 18, digits: 2 },
      hits: ([s], r) => sumHit(r, s as number),
      chances: Array.from({ length: 16 }, (_, i) => ({
        pick: i + 3,
        expectedHits: fraction(sumWays(i + 3), 216),
      })),
      stake: { min: 100, max: 100_000 },
    }),
    numberType<K3Result>({
      code: 'sthdx',
      picks: { min: 1, max: 6 },
      numbers: die,
      rule: { kind: 'each' },
      hits: ([n], r) => tripleHit(r, n as number),
      expectedHits: fraction(1, 216),
      stake: { min: 100, max: 50_000 },
    }),
    optionType<K3Result>({
      code: 'sthtx',
      picks: { min: 1, max: 1 },
      options: ['anyTriple'],
      hits: (_line, r) => anyTripleHit(r),
      expectedHits: fraction(6, 216),
      stake: { min: 100, max: 100_000 },
    }),
    numberType<K3Result>({
      code: 'ethfx',
      picks: { min: 1, max: 6 },
      numbers: die,
      rule: { kind: 'each' },
      hits: ([n], r) => pairHit(r, n as number),
      // Exactly two (3 places for the odd die × 5 values) or three: 16 of 216.
      expectedHits: fraction(16, 216),
      stake: { min: 100, max: 100_000 },
    }),
    numberType<K3Result>({
      code: 'ebth',
      picks: { min: 2, max: 6 },
      numbers: die,
      rule: { kind: 'combos', k: 2 },
      hits: (line, r) => twoDifferentHit(r, line),
      // 216 − 125 (no a) − 125 (no b) + 64 (neither) = 30.
      expectedHits: fraction(30, 216),
      stake: { min: 100, max: 100_000 },
    }),
    numberType<K3Result>({
      code: 'sbth',
      picks: { min: 3, max: 6 },
      numbers: die,
      rule: { kind: 'combos', k: 3 },
      hits: (line, r) => threeDifferentHit(r, line),
      expectedHits: fraction(6, 216),
      stake: { min: 100, max: 100_000 },
    }),
    optionType<K3Result>({
      code: 'dxds',
      picks: { min: 1, max: 4 },
      options: bsoe,
      hits: ([o], r) => (sumIs(r, o as number) ? 1 : 0),
      expectedHits: fraction(105, 216),
      stake,
    }),
  ];
}
