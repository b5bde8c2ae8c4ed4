import type { LiveGame, LiveRound } from '@tala/contracts/live';
import type { BaccaratResult } from '@tala/live/baccarat';
import type { Card } from '@tala/live/cards';
import type { DragonTigerResult } from '@tala/live/dragon-tiger';
import { type RouletteBet, type RouletteResult, redNumbers, rouletteReturn } from '@tala/live/roulette';
import { type SicBoBet, type SicBoResult, sicBoReturn } from '@tala/live/sicbo';

/**
 * The peso table's chips in minor units (₱10, ₱50, ₱100, ₱500 and ₱1,000), until the table arrives: the server sends
 * each table's chips in the merchant's currency (decision 069: 10,000 ₫ … 1,000,000 ₫ for the dong).
 */
export const chipValues: readonly number[] = [1_000, 5_000, 10_000, 50_000, 100_000];

/** A chip's colour class: by its place among the table's chips, so every currency's chips wear the same colours. */
export function chipClass(value: number, values: readonly number[] = chipValues): string {
  const index = [...values].sort((a, b) => a - b).indexOf(value);
  return `chip--c${index < 0 ? 0 : index}`;
}

/** Stakes per spot, in minor units. */
export type Chips = Record<string, number>;

/**
 * How far the server's clock is ahead of this browser's (ms), from a `serverTime` the server stamped. The message
 * took some time to arrive, so the estimate is a little behind; half the request's round trip is added when known.
 */
export function clockOffset(serverTime: string, receivedAt: number, roundTripMs = 0): number {
  const server = Date.parse(serverTime);
  if (Number.isNaN(server)) return 0;
  return server + roundTripMs / 2 - receivedAt;
}

/** The server's time now, from this browser's clock and the offset. */
export const serverNow = (offsetMs: number, localNow = Date.now()) => localNow + offsetMs;

export type Phase = 'betting' | 'closed' | 'result' | 'void';

/** Where a round is at the server's time `now`: taking bets, closed and waiting for the deal, dealt or voided. */
export function roundPhase(round: LiveRound, now: number): Phase {
  if (round.status === 'void') return 'void';
  if (round.status === 'settled') return 'result';
  return now < Date.parse(round.closesAt) ? 'betting' : 'closed';
}

/** Whole seconds left until `iso` (rounded up; never below 0). */
export function secondsLeft(iso: string, now: number): number {
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

export function addChip(chips: Chips, spot: string, amount: number): Chips {
  return { ...chips, [spot]: (chips[spot] ?? 0) + amount };
}

export function chipTotal(chips: Chips): number {
  return Object.values(chips).reduce((sum, amount) => sum + amount, 0);
}

/** Adds placed stakes together, spot by spot. */
export function mergeChips(a: Chips, b: Chips): Chips {
  const out = { ...a };
  for (const [spot, amount] of Object.entries(b)) out[spot] = (out[spot] ?? 0) + amount;
  return out;
}

/** The chips that make up an amount, largest first (for drawing a stack on a spot). */
export function chipStack(amount: number, values: readonly number[] = chipValues): number[] {
  const stack: number[] = [];
  let rest = amount;
  for (const value of [...values].sort((a, b) => b - a)) {
    while (rest >= value && stack.length < 12) {
      stack.push(value);
      rest -= value;
    }
  }
  return stack;
}

export type DealtCard = { hand: 'player' | 'banker'; index: number; card: Card };

/** The cards in dealing order: player, banker, player, banker, then the player's third, then the banker's. */
export function dealOrder(result: BaccaratResult): DealtCard[] {
  const order: DealtCard[] = [];
  const at = (hand: 'player' | 'banker', index: number) => {
    const card = result[hand][index];
    if (card) order.push({ hand, index, card });
  };
  at('player', 0);
  at('banker', 0);
  at('player', 1);
  at('banker', 1);
  at('player', 2);
  at('banker', 2);
  return order;
}

/** Whether a value has the shape of a baccarat result (what the server stores is not typed on the wire). */
export function isBaccaratResult(value: unknown): value is BaccaratResult {
  const r = value as BaccaratResult | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    Array.isArray(r.player) &&
    Array.isArray(r.banker) &&
    (r.winner === 'player' || r.winner === 'banker' || r.winner === 'tie')
  );
}

/**
 * The key a placement keeps across retries: the same round and chips sent again reuse the request id, so that a
 * retry after a lost answer cannot place twice; anything else gets a fresh one.
 */
export function placementKey(roundNo: number, chips: Chips): string {
  return `${roundNo}:${JSON.stringify(Object.entries(chips).sort(([a], [b]) => a.localeCompare(b)))}`;
}

/** The engine's name of each table game (for `verifyRound`). */
export const engineGames = {
  baccarat: 'baccarat',
  dragon_tiger: 'dragonTiger',
  sicbo: 'sicbo',
  roulette: 'roulette',
} as const satisfies Record<LiveGame, string>;

export function isDragonTigerResult(value: unknown): value is DragonTigerResult {
  const r = value as DragonTigerResult | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    typeof r.dragon === 'object' &&
    typeof r.tiger === 'object' &&
    (r.winner === 'dragon' || r.winner === 'tiger' || r.winner === 'tie')
  );
}

export function isSicBoResult(value: unknown): value is SicBoResult {
  const r = value as SicBoResult | null;
  return (
    typeof r === 'object' &&
    r !== null &&
    Array.isArray(r.dice) &&
    r.dice.length === 3 &&
    r.dice.every((d) => Number.isInteger(d) && d >= 1 && d <= 6)
  );
}

export function isRouletteResult(value: unknown): value is RouletteResult {
  const r = value as RouletteResult | null;
  return typeof r === 'object' && r !== null && Number.isInteger(r.number) && r.number >= 0 && r.number <= 36;
}

/** Whether a value has the shape of this game's result. */
export function isResultOf(game: LiveGame, value: unknown): boolean {
  switch (game) {
    case 'baccarat':
      return isBaccaratResult(value);
    case 'dragon_tiger':
      return isDragonTigerResult(value);
    case 'sicbo':
      return isSicBoResult(value);
    case 'roulette':
      return isRouletteResult(value);
  }
}

/** A spot code's kind and numbers (`total-10` → total, [10]); as the server reads them. */
export function parseSpot(spot: string): { kind: string; numbers: number[] } {
  const [kind = '', ...rest] = spot.split('-');
  return { kind, numbers: rest.map(Number) };
}

function sicBoBet(spot: string): SicBoBet | undefined {
  const { kind, numbers } = parseSpot(spot);
  const [a = 0, b = 0] = numbers;
  if (kind === 'small' || kind === 'big' || kind === 'anyTriple') return { type: kind, stake: 1n };
  if (kind === 'triple' || kind === 'double' || kind === 'single')
    return { type: kind, number: a, stake: 1n };
  if (kind === 'total') return { type: 'total', total: a, stake: 1n };
  if (kind === 'combination') return { type: 'combination', numbers: [a, b], stake: 1n };
  return undefined;
}

function rouletteBet(spot: string): RouletteBet | undefined {
  const { kind, numbers } = parseSpot(spot);
  if (['straight', 'split', 'street', 'corner', 'sixLine'].includes(kind))
    return { type: kind as 'straight', numbers, stake: 1n };
  if (kind === 'dozen' || kind === 'column') return { type: kind, index: numbers[0] as 1, stake: 1n };
  if (['red', 'black', 'odd', 'even', 'low', 'high'].includes(kind))
    return { type: kind as 'red', stake: 1n };
  return undefined;
}

/** Whether a spot won on this result (by the engine's own rules; a push such as dragon on a tie does not count). */
export function spotWins(game: LiveGame, result: unknown, spot: string): boolean {
  try {
    if (game === 'baccarat' && isBaccaratResult(result)) {
      if (spot === 'playerPair') return result.playerPair;
      if (spot === 'bankerPair') return result.bankerPair;
      return result.winner === spot;
    }
    if (game === 'dragon_tiger' && isDragonTigerResult(result)) return result.winner === spot;
    if (game === 'sicbo' && isSicBoResult(result)) {
      const bet = sicBoBet(spot);
      return bet !== undefined && sicBoReturn(result, bet) > 0n;
    }
    if (game === 'roulette' && isRouletteResult(result)) {
      const bet = rouletteBet(spot);
      return bet !== undefined && rouletteReturn(result, bet) > 0n;
    }
  } catch {
    // A spot the layout does not have never wins.
  }
  return false;
}

/** The roulette colour of a number. */
export const rouletteColour = (n: number): 'red' | 'black' | 'green' =>
  n === 0 ? 'green' : redNumbers.has(n) ? 'red' : 'black';

/**
 * A spot's name in the page's language: the kind's text with its numbers (`total-10` → "Total 10",
 * `combination-1-6` → "1 & 6", `split-17-20` → "Split 17/20").
 */
export function spotLabel(
  t: (key: string, values?: Record<string, unknown>) => string,
  spot: string,
): string {
  const { kind, numbers } = parseSpot(spot);
  return t(`spot_${kind}`, { n: numbers[0], a: numbers[0], b: numbers[1], numbers: numbers.join('/') });
}
