import { type Fraction, fraction } from '@tala/slots/fraction';
import { type ByteSource, uniformBelow } from '@tala/slots/random';

/** European single-zero roulette: a number 0–36 from the round's stream. */
export type RouletteResult = { number: number };

export function spinRoulette(source: ByteSource): RouletteResult {
  return { number: uniformBelow(source, 37) };
}

export const redNumbers: ReadonlySet<number> = new Set([
  1, 3, 5, 7, 9, 12, 14, 16, 18, 19, 21, 23, 25, 27, 30, 32, 34, 36,
]);

/** Inside bets name their numbers; dozen and column name 1–3; the even-money bets name nothing. */
export type InsideType = 'straight' | 'split' | 'street' | 'corner' | 'sixLine';
export type EvenType = 'red' | 'black' | 'odd' | 'even' | 'low' | 'high';
export type RouletteBet =
  | { type: InsideType; numbers: number[]; stake: bigint }
  | { type: 'dozen' | 'column'; index: 1 | 2 | 3; stake: bigint }
  | { type: EvenType; stake: bigint };
export type RouletteBetType = RouletteBet['type'];

/** Winnings per unit (the return is this plus the stake). */
export const roulettePayouts: Record<RouletteBetType, number> = {
  straight: 35,
  split: 17,
  street: 11,
  corner: 8,
  sixLine: 5,
  dozen: 2,
  column: 2,
  red: 1,
  black: 1,
  odd: 1,
  even: 1,
  low: 1,
  high: 1,
};

const key = (numbers: readonly number[]) => [...numbers].sort((a, b) => a - b).join('-');
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * Every legal inside bet on the standard layout (three numbers across a row: 1-2-3 … 34-35-36): straights 0–36;
 * splits of two neighbours across or down, and 0 with 1, 2 or 3; streets of a row, and the trios 0-1-2, 0-2-3;
 * corners of four numbers, and the first four 0-1-2-3; six lines of two neighbouring rows.
 */
function insideBets(): Record<InsideType, number[][]> {
  const sets: Record<InsideType, number[][]> = {
    straight: [],
    split: [],
    street: [],
    corner: [],
    sixLine: [],
  };
  for (let n = 0; n <= 36; n++) sets.straight.push([n]);
  sets.split.push([0, 1], [0, 2], [0, 3]);
  for (let n = 1; n <= 36; n++) {
    if (n % 3 !== 0) sets.split.push([n, n + 1]);
    if (n <= 33) sets.split.push([n, n + 3]);
  }
  sets.street.push([0, 1, 2], [0, 2, 3]);
  for (let n = 1; n <= 34; n += 3) sets.street.push([n, n + 1, n + 2]);
  sets.corner.push([0, 1, 2, 3]);
  for (let n = 1; n <= 32; n++) if (n % 3 !== 0) sets.corner.push([n, n + 1, n + 3, n + 4]);
  for (let n = 1; n <= 31; n += 3) sets.sixLine.push(range(n, n + 5));
  return sets;
}

export const legalInsideBets: Readonly<Record<InsideType, readonly number[][]>> = insideBets();
const legalKeys = Object.fromEntries(
  Object.entries(legalInsideBets).map(([type, sets]) => [type, new Set(sets.map(key))]),
) as Record<InsideType, Set<string>>;

/** The numbers a bet covers; throws a RangeError for a bet the layout does not have. */
export function coveredNumbers(bet: RouletteBet): number[] {
  switch (bet.type) {
    case 'straight':
    case 'split':
    case 'street':
    case 'corner':
    case 'sixLine':
      if (!Array.isArray(bet.numbers) || !legalKeys[bet.type].has(key(bet.numbers)))
        throw new RangeError(`not a ${bet.type} on the layout: ${String(bet.numbers)}`);
      return [...bet.numbers].sort((a, b) => a - b);
    case 'dozen':
    case 'column':
      if (bet.index !== 1 && bet.index !== 2 && bet.index !== 3)
        throw new RangeError(`no ${bet.type} ${bet.index}`);
      return bet.type === 'dozen'
        ? range(bet.index * 12 - 11, bet.index * 12)
        : range(1, 36).filter((n) => (n - bet.index) % 3 === 0);
    case 'red':
      return range(1, 36).filter((n) => redNumbers.has(n));
    case 'black':
      return range(1, 36).filter((n) => !redNumbers.has(n));
    case 'odd':
      return range(1, 36).filter((n) => n % 2 === 1);
    case 'even':
      return range(1, 36).filter((n) => n % 2 === 0);
    case 'low':
      return range(1, 18);
    case 'high':
      return range(19, 36);
    default:
      throw new RangeError(`unknown bet type ${(bet as { type: unknown }).type}`);
  }
}

/** Whether a bet is legal on the layout (the validator the server runs before accepting it). */
export function isLegalBet(bet: RouletteBet): boolean {
  try {
    coveredNumbers(bet);
    return typeof bet.stake === 'bigint' && bet.stake > 0n;
  } catch {
    return false;
  }
}

/** A bet's return, stake included, in minor units (0 when lost; zero loses every outside bet). */
export function rouletteReturn(result: RouletteResult, bet: RouletteBet): bigint {
  if (typeof bet.stake !== 'bigint' || bet.stake <= 0n)
    throw new RangeError('a stake is a positive number of minor units');
  return coveredNumbers(bet).includes(result.number) ? bet.stake * BigInt(roulettePayouts[bet.type] + 1) : 0n;
}

export function settleRoulette(result: RouletteResult, bets: readonly RouletteBet[]): bigint[] {
  return bets.map((bet) => rouletteReturn(result, bet));
}

/** The exact return of one unit on a bet: covered numbers × (payout + 1) / 37 (36/37 for every legal bet). */
export function rouletteBetReturn(bet: RouletteBet): Fraction {
  return fraction(BigInt(coveredNumbers(bet).length * (roulettePayouts[bet.type] + 1)), 37n);
}
