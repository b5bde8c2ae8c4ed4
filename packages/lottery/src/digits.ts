import { fraction } from '@tala/slots/fraction';
import { type ByteSource, uniformBelow } from '@tala/slots/random';
import { bsoe, isIntRow, numberType, optionType } from './bet-type.ts';
import { type BetTypeDefinition, splitPick } from './game.ts';

/**
 * Digit games (decision 041): SSC (时时彩, five digits), LF (低频 "3D" style, three digits) and CHAIN (five digits
 * from a public hash chain). A result is its digits in order, each independent and uniform 0–9.
 */
export type DigitsResult = { digits: number[] };

export function drawDigits(count: number, source: ByteSource): DigitsResult {
  return { digits: Array.from({ length: count }, () => uniformBelow(source, 10)) };
}

export const isDigitsResult =
  (count: number) =>
  (value: unknown): value is DigitsResult =>
    isIntRow((value as { digits?: unknown } | null)?.digits, count, 0, 9);

// --- Win rules ---

/** The digit at a position is the value. */
export const digitAt = (r: DigitsResult, position: number, value: number) =>
  r.digits[position] === value ? 1 : 0;

/** A digit's big (5–9), small (0–4), odd, even: option index of `bsoe`. */
export function digitIs(digit: number, option: number): boolean {
  return [digit >= 5, digit <= 4, digit % 2 === 1, digit % 2 === 0][option] ?? false;
}

/** The sum of all digits: big above half the top sum (SSC 23–45, three digits 14–27), small the rest, odd, even. */
export function sumIs(r: DigitsResult, option: number): boolean {
  const sum = r.digits.reduce((a, b) => a + b, 0);
  const top = 9 * r.digits.length;
  return [2 * sum > top, 2 * sum < top, sum % 2 === 1, sum % 2 === 0][option] ?? false;
}

const window = (r: DigitsResult, start: number) => r.digits.slice(start, start + 3);

/** Direct: the three digits of the window are the line's, in order. */
export const directHit = (r: DigitsResult, start: number, line: readonly number[]) =>
  window(r, start).every((d, i) => d === line[i]) ? 1 : 0;

const sortedKey = (values: readonly number[]) => [...values].sort((a, b) => a - b).join(',');

/** Group-3: the window holds the line's first digit twice and its second once, in any order. */
export const group3Hit = (r: DigitsResult, start: number, [a, b]: readonly number[]) =>
  sortedKey(window(r, start)) === sortedKey([a as number, a as number, b as number]) ? 1 : 0;

/** Group-6: the window is the line's three different digits in any order. */
export const group6Hit = (r: DigitsResult, start: number, line: readonly number[]) =>
  sortedKey(window(r, start)) === sortedKey(line) ? 1 : 0;

// --- Bet types ---

const stake = { min: 100, max: 500_000 };
const digit = { min: 0, max: 9, digits: 1 };

/** The bet types of a draw of `count` digits (5: SSC and CHAIN, 3: LF). */
export function digitsBetTypes(count: 3 | 5): BetTypeDefinition<DigitsResult>[] {
  const positions = Array.from({ length: count }, (_, i) => `pos${i + 1}`);
  const windows: { prefix: string; start: number }[] =
    count === 5
      ? [
          { prefix: 'q3', start: 0 },
          { prefix: 'z3', start: 1 },
          { prefix: 'h3', start: 2 },
        ]
      : [{ prefix: '', start: 0 }];
  return [
    numberType<DigitsResult>({
      code: 'dw',
      picks: { min: 1, max: 10 * count },
      numbers: digit,
      positions,
      rule: { kind: 'each' },
      hits: ([pick], r) => {
        const { position, value } = splitPick(pick as number);
        return digitAt(r, position, value);
      },
      expectedHits: fraction(1, 10),
      stake,
    }),
    ...windows.flatMap(({ prefix, start }) => [
      numberType<DigitsResult>({
        code: `${prefix}zx`,
        picks: { min: 3, max: 30 },
        numbers: digit,
        positions: positions.slice(start, start + 3),
        rule: { kind: 'product', positions: 3, distinct: false },
        hits: (line, r) => directHit(r, start, line),
        expectedHits: fraction(1, 1000),
        stake: { min: 100, max: 50_000 },
      }),
      numberType<DigitsResult>({
        code: `${prefix}z3`,
        picks: { min: 2, max: 10 },
        numbers: digit,
        rule: { kind: 'pairs' },
        hits: (line, r) => group3Hit(r, start, line),
        // {a, a, b} falls in 3 of the 1000 orders of three digits.
        expectedHits: fraction(3, 1000),
        stake: { min: 100, max: 100_000 },
      }),
      numberType<DigitsResult>({
        code: `${prefix}z6`,
        picks: { min: 3, max: 10 },
        numbers: digit,
        rule: { kind: 'combos', k: 3 },
        hits: (line, r) => group6Hit(r, start, line),
        expectedHits: fraction(6, 1000),
        stake: { min: 100, max: 100_000 },
      }),
    ]),
    {
      ...optionType<DigitsResult>({
        code: 'dxds',
        picks: { min: 1, max: 4 * count },
        options: bsoe,
        positions,
        hits: ([pick], r) => {
          const { position, value } = splitPick(pick as number);
          return digitIs(r.digits[position] as number, value) ? 1 : 0;
        },
        expectedHits: fraction(1, 2),
        stake,
      }),
    },
    optionType<DigitsResult>({
      code: 'zh',
      picks: { min: 1, max: 4 },
      options: bsoe,
      hits: ([option], r) => (sumIs(r, option as number) ? 1 : 0),
      // The sum is symmetric about half its top (which no sum equals): big and small, odd and even, half each.
      expectedHits: fraction(1, 2),
      stake,
    }),
  ];
}
