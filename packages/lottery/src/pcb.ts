import { fraction } from '@tala/slots/fraction';
import { bsoe, optionType, perPickType } from './bet-type.ts';
import type { DigitsResult } from './digits.ts';
import type { BetTypeDefinition } from './game.ts';

/**
 * PCB (PC蛋蛋, "PC28", decision 041): three digits 0–9 (drawn as the digit games draw them), and the game is their sum
 * 0–27. No special-sum rule: 13 and 14 pay as any small and big sum.
 */
export const pcbSum = (r: DigitsResult) => r.digits.reduce((a, b) => a + b, 0);

/** Throws of three digits (of 1000) that sum to s. */
export function pcbWays(s: number): number {
  let ways = 0;
  for (let a = 0; a <= 9; a++) for (let b = 0; b <= 9; b++) if (s - a - b >= 0 && s - a - b <= 9) ways += 1;
  return ways;
}

/** Big 14–27, small 0–13, odd, even (half each: the sum is symmetric about 13.5). */
export function pcbIs(sum: number, option: number): boolean {
  return [sum >= 14, sum <= 13, sum % 2 === 1, sum % 2 === 0][option] ?? false;
}

export const combos = ['bigOdd', 'bigEven', 'smallOdd', 'smallEven'] as const;
/** Big-odd, big-even, small-odd, small-even: uneven chances (so each its own odds). */
export function pcbComboIs(sum: number, option: number): boolean {
  const big = sum >= 14;
  const odd = sum % 2 === 1;
  return [big && odd, big && !odd, !big && odd, !big && !odd][option] ?? false;
}

/** Extremes: extreme big 22–27, extreme small 0–5 (74 of 1000 each). */
export const pcbExtremeIs = (sum: number, option: number) => (option === 0 ? sum >= 22 : sum <= 5);

const sums = Array.from({ length: 28 }, (_, s) => s);
const chanceOf = (win: (s: number) => boolean) =>
  fraction(
    sums.filter(win).reduce((a, s) => a + pcbWays(s), 0),
    1000,
  );

export function pcbBetTypes(): BetTypeDefinition<DigitsResult>[] {
  return [
    perPickType<DigitsResult>({
      code: 'hz',
      numbers: { min: 0, max: 27, digits: 2 },
      hits: ([s], r) => (pcbSum(r) === s ? 1 : 0),
      chances: sums.map((s) => ({ pick: s, expectedHits: fraction(pcbWays(s), 1000) })),
      stake: { min: 100, max: 100_000 },
    }),
    optionType<DigitsResult>({
      code: 'dxds',
      picks: { min: 1, max: 4 },
      options: bsoe,
      hits: ([o], r) => (pcbIs(pcbSum(r), o as number) ? 1 : 0),
      expectedHits: fraction(1, 2),
      stake: { min: 100, max: 500_000 },
    }),
    perPickType<DigitsResult>({
      code: 'zh',
      numbers: { min: 0, max: 3, digits: 1 },
      options: combos,
      hits: ([o], r) => (pcbComboIs(pcbSum(r), o as number) ? 1 : 0),
      chances: combos.map((_, o) => ({ pick: o, expectedHits: chanceOf((s) => pcbComboIs(s, o)) })),
      stake: { min: 100, max: 500_000 },
    }),
    optionType<DigitsResult>({
      code: 'jz',
      picks: { min: 1, max: 2 },
      options: ['extremeBig', 'extremeSmall'],
      hits: ([o], r) => (pcbExtremeIs(pcbSum(r), o as number) ? 1 : 0),
      expectedHits: chanceOf((s) => pcbExtremeIs(s, 0)),
      stake: { min: 100, max: 200_000 },
    }),
  ];
}
