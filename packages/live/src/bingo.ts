import { type ByteSource, uniformBelow } from '@tala/slots/random';
import { shuffle } from './cards.ts';

/**
 * Bingo: 75-ball cards (5 × 5, column B holds 1–15 … O 61–75, a free centre) and 90-ball tickets (3 rows × 9
 * columns, 5 numbers a row, 15 in all; column 0 holds 1–9, column c 10c–10c+9, column 8 80–90, sorted downwards).
 * A card is `rows` of numbers, null for a free or empty cell.
 */
export type BingoCard = { balls: 75 | 90; rows: (number | null)[][] };

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** `k` items from `items` by the first k steps of a forward Fisher–Yates shuffle, in the order picked. */
function pick<T>(items: readonly T[], k: number, source: ByteSource): T[] {
  const pool = [...items];
  for (let i = 0; i < k; i++) {
    const j = i + uniformBelow(source, pool.length - i);
    [pool[i], pool[j]] = [pool[j]!, pool[i]!];
  }
  return pool.slice(0, k);
}

/** A 75-ball card: each column's numbers in the order picked (four in N, around the free centre). */
export function card75(source: ByteSource): BingoCard {
  const rows: (number | null)[][] = Array.from({ length: 5 }, () => new Array<number | null>(5).fill(null));
  for (let c = 0; c < 5; c++) {
    const numbers = pick(range(c * 15 + 1, c * 15 + 15), c === 2 ? 4 : 5, source);
    const cellRows = c === 2 ? [0, 1, 3, 4] : [0, 1, 2, 3, 4];
    cellRows.forEach((r, i) => {
      rows[r]![c] = numbers[i]!;
    });
  }
  return { balls: 75, rows };
}

const column90 = (c: number) => (c === 0 ? range(1, 9) : c === 8 ? range(80, 90) : range(c * 10, c * 10 + 9));

/**
 * A 90-ball ticket: each row's five columns are picked from the nine, again until every column has a number
 * (rejection keeps every such layout equally likely); then each column's numbers, sorted top to bottom.
 */
export function ticket90(source: ByteSource): BingoCard {
  let layout: number[][];
  do {
    layout = [0, 1, 2].map(() => pick(range(0, 8), 5, source));
  } while (range(0, 8).some((c) => !layout.some((row) => row.includes(c))));
  const rows: (number | null)[][] = Array.from({ length: 3 }, () => new Array<number | null>(9).fill(null));
  for (let c = 0; c < 9; c++) {
    const cellRows = [0, 1, 2].filter((r) => layout[r]!.includes(c));
    const numbers = pick(column90(c), cellRows.length, source).sort((a, b) => a - b);
    cellRows.forEach((r, i) => {
      rows[r]![c] = numbers[i]!;
    });
  }
  return { balls: 90, rows };
}

/** The order in which every ball is called: a shuffle of 1 … balls from the round's stream. */
export function drawOrder(source: ByteSource, balls: 75 | 90): number[] {
  return shuffle(range(1, balls), source);
}

export type Pattern75 = 'line' | 'twoLines' | 'fullHouse' | 'fourCorners' | 'x';
export type Pattern90 = 'oneLine' | 'twoLines' | 'fullHouse';
export type BingoPattern = Pattern75 | Pattern90;

export const patterns75: readonly Pattern75[] = ['line', 'twoLines', 'fullHouse', 'fourCorners', 'x'];
export const patterns90: readonly Pattern90[] = ['oneLine', 'twoLines', 'fullHouse'];

type Cell = [row: number, column: number];
const diagonals: Cell[][] = [range(0, 4).map((i) => [i, i]), range(0, 4).map((i) => [i, 4 - i])];
const lines75: Cell[][] = [
  ...range(0, 4).map((r) => range(0, 4).map((c): Cell => [r, c])),
  ...range(0, 4).map((c) => range(0, 4).map((r): Cell => [r, c])),
  ...diagonals,
];

/**
 * The index in `calls` of the call that completes the pattern on the card (every called number is daubed, the
 * free centre from the start), or null if the calls never complete it. Two lines are two different lines, so
 * the second-earliest line's time.
 */
export function completedAt(card: BingoCard, pattern: BingoPattern, calls: readonly number[]): number | null {
  const calledAt = new Map(calls.map((ball, i) => [ball, i]));
  const time = ([r, c]: Cell) => {
    const n = card.rows[r]![c];
    if (n === null || n === undefined) return -1;
    return calledAt.get(n) ?? Number.POSITIVE_INFINITY;
  };
  // A set of no cells is never complete (a malformed card wins nothing).
  const all = (cells: Cell[]) => (cells.length ? Math.max(...cells.map(time)) : Number.POSITIVE_INFINITY);
  const numbered = card.rows.flatMap((row, r) => row.flatMap((n, c): Cell[] => (n === null ? [] : [[r, c]])));
  let at: number;
  if (card.balls === 75) {
    const lineTimes = lines75.map(all).sort((a, b) => a - b);
    const of: Record<Pattern75, () => number> = {
      line: () => lineTimes[0]!,
      twoLines: () => lineTimes[1]!,
      fullHouse: () => all(numbered),
      fourCorners: () =>
        all([
          [0, 0],
          [0, 4],
          [4, 0],
          [4, 4],
        ]),
      x: () => all(diagonals.flat()),
    };
    if (!(pattern in of)) throw new RangeError(`${pattern} is not a 75-ball pattern`);
    at = of[pattern as Pattern75]();
  } else {
    const rowTimes = [0, 1, 2].map((r) => all(numbered.filter(([row]) => row === r))).sort((a, b) => a - b);
    const of: Record<Pattern90, number> = {
      oneLine: rowTimes[0]!,
      twoLines: rowTimes[1]!,
      fullHouse: rowTimes[2]!,
    };
    if (!(pattern in of)) throw new RangeError(`${pattern} is not a 90-ball pattern`);
    at = of[pattern as Pattern90];
  }
  return Number.isFinite(at) ? at : null;
}

/** A pattern's prize pool: its share (in thousandths) of the round's sales, rounded down to the minor unit. */
export function prizePool(sales: bigint, sharePermille: number): bigint {
  if (sales < 0n) throw new RangeError('sales cannot be negative');
  if (!Number.isInteger(sharePermille) || sharePermille < 0 || sharePermille > 1000)
    throw new RangeError('a share is 0 to 1000 thousandths');
  return (sales * BigInt(sharePermille)) / 1000n;
}

/** A pool split equally among `winners`, rounded down; what is left (all of it when nobody won) goes to the house. */
export function splitPrize(pool: bigint, winners: number): { each: bigint; house: bigint } {
  if (!Number.isInteger(winners) || winners < 0) throw new RangeError('winners is a count');
  if (winners === 0) return { each: 0n, house: pool };
  const each = pool / BigInt(winners);
  return { each, house: pool - each * BigInt(winners) };
}

export type PatternSettlement = {
  pool: bigint;
  /** The call that first completed the pattern on any card, or null. */
  callIndex: number | null;
  /** The cards (by index) that completed it on that same call, and what each wins. */
  winners: { card: number; amount: bigint }[];
  house: bigint;
};

/** Who wins a pattern and how much: every card completing it on the earliest call shares its pool. */
export function settlePattern(
  cards: readonly BingoCard[],
  pattern: BingoPattern,
  calls: readonly number[],
  sales: bigint,
  sharePermille: number,
): PatternSettlement {
  const pool = prizePool(sales, sharePermille);
  const times = cards.map((card) => completedAt(card, pattern, calls));
  const finished = times.filter((t): t is number => t !== null);
  const callIndex = finished.length ? Math.min(...finished) : null;
  const indexes = times.flatMap((t, card) => (t !== null && t === callIndex ? [card] : []));
  const { each, house } = splitPrize(pool, indexes.length);
  return { pool, callIndex, winners: indexes.map((card) => ({ card, amount: each })), house };
}

/** A card of a room's game: a 75-ball card or a 90-ball ticket. */
export function cardOf(balls: 75 | 90, source: ByteSource): BingoCard {
  return balls === 75 ? card75(source) : ticket90(source);
}
