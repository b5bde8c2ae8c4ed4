import type { LiveRound } from '@tala/contracts/live';
import type { BaccaratResult } from '@tala/live/baccarat';
import type { Card } from '@tala/live/cards';

/** Chip values in minor units: ₱10, ₱50, ₱100, ₱500 and ₱1,000. */
export const chipValues = [1_000, 5_000, 10_000, 50_000, 100_000] as const;

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
