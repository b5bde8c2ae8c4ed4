import { choose, fraction } from '@tala/slots/fraction';
import { type ByteSource, uniformBelow } from '@tala/slots/random';
import { bsoe, isIntRow, numberType, optionType, perPickType } from './bet-type.ts';
import type { BetTypeDefinition } from './game.ts';

/** LHC (六合彩 style, decision 041): six regular numbers of 1–49 and a seventh, the special, all different. */
export type LhcResult = { regular: number[]; special: number };

/** Seven of 1–49 without repeats (partial Fisher–Yates); the seventh is the special number. */
export function drawLhc(source: ByteSource): LhcResult {
  const urn = Array.from({ length: 49 }, (_, i) => i + 1);
  for (let i = 0; i < 7; i++) {
    const j = i + uniformBelow(source, 49 - i);
    [urn[i], urn[j]] = [urn[j] as number, urn[i] as number];
  }
  return { regular: urn.slice(0, 6), special: urn[6] as number };
}

export function isLhcResult(value: unknown): value is LhcResult {
  const r = value as Partial<LhcResult> | null;
  return (
    isIntRow(r?.regular, 6, 1, 49, true) &&
    Number.isInteger(r?.special) &&
    isIntRow([...(r?.regular ?? []), r?.special], 7, 1, 49, true)
  );
}

/** Hong Kong Mark Six colour waves: red 17 numbers, blue 16, green 16. */
export const waves: Readonly<Record<'red' | 'blue' | 'green', readonly number[]>> = {
  red: [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46],
  blue: [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48],
  green: [5, 6, 11, 16, 17, 21, 22, 27, 28, 32, 33, 38, 39, 43, 44, 49],
};
const waveCodes = ['red', 'blue', 'green'] as const;

// --- Win rules ---

export const specialHit = (r: LhcResult, n: number) => (r.special === n ? 1 : 0);

/** The special's big (25–48), small (1–24), odd, even; house rule: a special of 49 loses all four (24 of 49 each). */
export function specialIs(r: LhcResult, option: number): boolean {
  const s = r.special;
  if (s === 49) return false;
  return [s >= 25, s <= 24, s % 2 === 1, s % 2 === 0][option] ?? false;
}

export const waveHit = (r: LhcResult, option: number) =>
  waves[waveCodes[option] as 'red'].includes(r.special) ? 1 : 0;

/** N of regular: every number of the line is among the six regular numbers (the special does not count). */
export const regularHit = (r: LhcResult, line: readonly number[]) =>
  line.every((n) => r.regular.includes(n)) ? 1 : 0;

// --- Bet types ---

const ball = { min: 1, max: 49, digits: 2 };

/** The chance that k given numbers are all among the six regular: C(49 − k, 6 − k) / C(49, 6). */
export const regularChance = (k: number) => fraction(choose(49 - k, 6 - k), choose(49, 6));

export function lhcBetTypes(): BetTypeDefinition<LhcResult>[] {
  return [
    numberType<LhcResult>({
      code: 'tm',
      picks: { min: 1, max: 49 },
      numbers: ball,
      rule: { kind: 'each' },
      hits: ([n], r) => specialHit(r, n as number),
      expectedHits: fraction(1, 49),
      stake: { min: 100, max: 100_000 },
    }),
    optionType<LhcResult>({
      code: 'tmdxds',
      picks: { min: 1, max: 4 },
      options: bsoe,
      hits: ([o], r) => (specialIs(r, o as number) ? 1 : 0),
      expectedHits: fraction(24, 49),
      stake: { min: 100, max: 500_000 },
    }),
    perPickType<LhcResult>({
      code: 'bs',
      numbers: { min: 0, max: 2, digits: 1 },
      options: waveCodes,
      hits: ([o], r) => waveHit(r, o as number),
      chances: waveCodes.map((c, o) => ({ pick: o, expectedHits: fraction(waves[c].length, 49) })),
      stake: { min: 100, max: 500_000 },
    }),
    numberType<LhcResult>({
      code: 'zm1',
      picks: { min: 1, max: 49 },
      numbers: ball,
      rule: { kind: 'each' },
      hits: (line, r) => regularHit(r, line),
      expectedHits: regularChance(1),
      stake: { min: 100, max: 200_000 },
    }),
    ...[2, 3].map((k) =>
      numberType<LhcResult>({
        code: `lm${k}`,
        picks: { min: k, max: 10 },
        numbers: ball,
        rule: { kind: 'combos', k },
        hits: (line, r) => regularHit(r, line),
        expectedHits: regularChance(k),
        stake: { min: 100, max: 50_000 },
      }),
    ),
  ];
}
