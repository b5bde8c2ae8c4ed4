import { fraction } from '@tala/slots/fraction';
import { type ByteSource, uniformBelow } from '@tala/slots/random';
import { bsoe, isIntRow, numberType, optionType, perPickType } from './bet-type.ts';
import { type BetTypeDefinition, splitPick } from './game.ts';

/** PK10 (北京赛车 style, decision 041): cars 1–10 in finishing order, places[0] the champion. */
export type Pk10Result = { places: number[] };

/** A uniform permutation of 1–10 (Fisher–Yates, each step uniform by rejection). */
export function drawPk10(source: ByteSource): Pk10Result {
  const places = Array.from({ length: 10 }, (_, i) => i + 1);
  for (let i = 0; i < 9; i++) {
    const j = i + uniformBelow(source, 10 - i);
    [places[i], places[j]] = [places[j] as number, places[i] as number];
  }
  return { places };
}

export const isPk10Result = (value: unknown): value is Pk10Result =>
  isIntRow((value as { places?: unknown } | null)?.places, 10, 1, 10, true);

// --- Win rules ---

/** Number per place: the car at the place is the number. */
export const placeHit = (r: Pk10Result, place: number, car: number) => (r.places[place] === car ? 1 : 0);

/** A car number's big (6–10), small (1–5), odd, even. */
export function carIs(car: number, option: number): boolean {
  return [car >= 6, car <= 5, car % 2 === 1, car % 2 === 0][option] ?? false;
}

/** Dragon/tiger of pair i (0: 1st v 10th, ... 4: 5th v 6th): dragon when the upper place's car is the bigger. */
export function dragonTiger(r: Pk10Result, pair: number, option: number): boolean {
  const upper = r.places[pair] as number;
  const lower = r.places[9 - pair] as number;
  return option === 0 ? upper > lower : upper < lower;
}

/** Champion + runner-up sum (3–19). */
export const topTwoSum = (r: Pk10Result) => (r.places[0] as number) + (r.places[1] as number);

/** The sum's big (12–19), small (3–11), odd, even: uneven chances (40, 50, 50, 40 of 90), so each its own odds. */
export function topTwoSumIs(sum: number, option: number): boolean {
  return [sum >= 12, sum <= 11, sum % 2 === 1, sum % 2 === 0][option] ?? false;
}

/** Ordered pairs of two different cars (of 90) with this sum. */
export function topTwoWays(sum: number): number {
  let ways = 0;
  for (let a = 1; a <= 10; a++) {
    const b = sum - a;
    if (b >= 1 && b <= 10 && b !== a) ways += 1;
  }
  return ways;
}

// --- Bet types ---

const places = Array.from({ length: 10 }, (_, i) => `pos${i + 1}`);
const stake = { min: 100, max: 500_000 };

export function pk10BetTypes(): BetTypeDefinition<Pk10Result>[] {
  const sums = Array.from({ length: 17 }, (_, i) => i + 3);
  return [
    numberType<Pk10Result>({
      code: 'dw',
      picks: { min: 1, max: 100 },
      numbers: { min: 1, max: 10, digits: 2 },
      positions: places,
      rule: { kind: 'each' },
      hits: ([pick], r) => {
        const { position, value } = splitPick(pick as number);
        return placeHit(r, position, value);
      },
      expectedHits: fraction(1, 10),
      stake,
    }),
    optionType<Pk10Result>({
      code: 'dxds',
      picks: { min: 1, max: 40 },
      options: bsoe,
      positions: places,
      hits: ([pick], r) => {
        const { position, value } = splitPick(pick as number);
        return carIs(r.places[position] as number, value) ? 1 : 0;
      },
      expectedHits: fraction(1, 2),
      stake,
    }),
    optionType<Pk10Result>({
      code: 'lh',
      picks: { min: 1, max: 10 },
      options: ['dragon', 'tiger'],
      positions: ['dt1', 'dt2', 'dt3', 'dt4', 'dt5'],
      hits: ([pick], r) => {
        const { position, value } = splitPick(pick as number);
        return dragonTiger(r, position, value) ? 1 : 0;
      },
      expectedHits: fraction(1, 2),
      stake,
    }),
    perPickType<Pk10Result>({
      code: 'gyh',
      numbers: { min: 3, max: 19, digits: 2 },
      hits: ([s], r) => (topTwoSum(r) === s ? 1 : 0),
      chances: sums.map((s) => ({ pick: s, expectedHits: fraction(topTwoWays(s), 90) })),
      stake: { min: 100, max: 100_000 },
    }),
    perPickType<Pk10Result>({
      code: 'gydxds',
      numbers: { min: 0, max: 3, digits: 1 },
      options: bsoe,
      hits: ([o], r) => (topTwoSumIs(topTwoSum(r), o as number) ? 1 : 0),
      chances: bsoe.map((_, o) => ({
        pick: o,
        expectedHits: fraction(
          sums.filter((s) => topTwoSumIs(s, o)).reduce((a, s) => a + topTwoWays(s), 0),
          90,
        ),
      })),
      stake,
    }),
  ];
}
