import { choose, fraction } from '@tala/slots/fraction';
import { type ByteSource, uniformBelow } from '@tala/slots/random';
import { isIntRow, numberType } from './bet-type.ts';
import type { BetTypeDefinition } from './game.ts';

/** 11X5 (11选5, decision 041): five different balls of 1–11, in the order drawn. */
export type ElevenFiveResult = { balls: number[] };

/** Draws five of 1–11 without repeats: a partial Fisher–Yates shuffle, each step uniform by rejection. */
export function drawElevenFive(source: ByteSource): ElevenFiveResult {
  const urn = Array.from({ length: 11 }, (_, i) => i + 1);
  const balls: number[] = [];
  for (let i = 0; i < 5; i++) {
    const j = i + uniformBelow(source, 11 - i);
    [urn[i], urn[j]] = [urn[j] as number, urn[i] as number];
    balls.push(urn[i] as number);
  }
  return { balls };
}

export const isElevenFiveResult = (value: unknown): value is ElevenFiveResult =>
  isIntRow((value as { balls?: unknown } | null)?.balls, 5, 1, 11, true);

// --- Win rules ---

/**
 * Any-k: for k ≤ 5, every number of the line is among the five drawn; for k ≥ 5 (any-6 to any-8), all five drawn
 * are among the line's numbers.
 */
export function anyHit(r: ElevenFiveResult, line: readonly number[]): number {
  const drawn = new Set(r.balls);
  if (line.length <= 5) return line.every((n) => drawn.has(n)) ? 1 : 0;
  return r.balls.every((b) => line.includes(b)) ? 1 : 0;
}

/** Front-k direct: the first k balls are the line's, in order. */
export const frontDirect = (r: ElevenFiveResult, line: readonly number[]) =>
  line.every((n, i) => r.balls[i] === n) ? 1 : 0;

/** Front-k group: the first k balls are the line's, in any order. */
export const frontGroup = (r: ElevenFiveResult, line: readonly number[]) =>
  r.balls.slice(0, line.length).every((b) => line.includes(b)) ? 1 : 0;

// --- Bet types ---

const ball = { min: 1, max: 11, digits: 2 };
const total = choose(11, 5);

/** The chance of any-k: C(11 − k, 5 − k) / C(11, 5) up to five, C(6, k − 5) / C(11, k) from five. */
export function anyChance(k: number) {
  return k <= 5 ? fraction(choose(11 - k, 5 - k), total) : fraction(choose(6, k - 5), choose(11, k));
}

export function elevenFiveBetTypes(): BetTypeDefinition<ElevenFiveResult>[] {
  const any = [1, 2, 3, 4, 5, 6, 7, 8].map((k) =>
    numberType<ElevenFiveResult>({
      code: `rx${k}`,
      picks: { min: k, max: 11 },
      numbers: ball,
      rule: k === 1 ? { kind: 'each' } : { kind: 'combos', k },
      hits: (line, r) => anyHit(r, line),
      expectedHits: anyChance(k),
      stake: { min: 100, max: k >= 5 ? 50_000 : 200_000 },
    }),
  );
  const front = [2, 3].flatMap((k) => {
    const orders = k === 2 ? 11 * 10 : 11 * 10 * 9;
    return [
      numberType<ElevenFiveResult>({
        code: `q${k}zx`,
        picks: { min: k, max: 11 * k },
        numbers: ball,
        positions: ['pos1', 'pos2', 'pos3'].slice(0, k),
        rule: { kind: 'product', positions: k, distinct: true },
        hits: (line, r) => frontDirect(r, line),
        expectedHits: fraction(1, orders),
        stake: { min: 100, max: 50_000 },
      }),
      numberType<ElevenFiveResult>({
        code: `q${k}zu`,
        picks: { min: k, max: 11 },
        numbers: ball,
        rule: { kind: 'combos', k },
        hits: (line, r) => frontGroup(r, line),
        expectedHits: fraction(k === 2 ? 2 : 6, orders),
        stake: { min: 100, max: 100_000 },
      }),
    ];
  });
  return [...any, ...front];
}
