import type {
  BingoCardView,
  BingoGame,
  BingoPatternCode,
  BingoRoom,
  BingoRound,
} from '@tala/contracts/bingo';
import { type BingoCard, card75, completedAt, ticket90 } from '@tala/live/bingo';
import { roundResult } from '@tala/live/verify';
import { hashServerSeed, roundStream } from '@tala/slots/fairness';

export const ballsOf = (game: BingoGame): 75 | 90 => (game === 'bingo75' ? 75 : 90);

/** A card as the engine reads it. */
export const engineCard = (game: BingoGame, card: Pick<BingoCardView, 'rows'>): BingoCard => ({
  balls: ballsOf(game),
  rows: card.rows,
});

/** The column letter of a 75-ball number (B 1–15, I 16–30, N 31–45, G 46–60, O 61–75); none for 90-ball. */
export function ballLetter(game: BingoGame, ball: number): string {
  if (game !== 'bingo75') return '';
  return 'BINGO'[Math.min(4, Math.floor((ball - 1) / 15))] ?? '';
}

/** Whether a cell is daubed: a called number, or the free centre (a null cell of a 75-ball card). */
export function isDaubed(game: BingoGame, n: number | null, called: ReadonlySet<number>): boolean {
  if (n === null) return game === 'bingo75';
  return called.has(n);
}

type Cell = [row: number, column: number];
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);
const diagonals: Cell[][] = [range(0, 4).map((i) => [i, i]), range(0, 4).map((i) => [i, 4 - i])];
const lines75: Cell[][] = [
  ...range(0, 4).map((r) => range(0, 4).map((c): Cell => [r, c])),
  ...range(0, 4).map((c) => range(0, 4).map((r): Cell => [r, c])),
  ...diagonals,
];
const corners: Cell[] = [
  [0, 0],
  [0, 4],
  [4, 0],
  [4, 4],
];

/**
 * How many more numbers the card needs to complete a pattern (0 once complete), by the engine's rules: two lines
 * are two different lines, the 75-ball free centre is daubed from the start.
 */
export function toGo(card: BingoCard, pattern: BingoPatternCode, called: ReadonlySet<number>): number {
  const open = (cells: Iterable<Cell>) => {
    const missing = new Set<number>();
    for (const [r, c] of cells) {
      const n = card.rows[r]?.[c];
      if (n !== null && n !== undefined && !called.has(n)) missing.add(n);
    }
    return missing;
  };
  const numbered = card.rows.flatMap((row, r) => row.flatMap((n, c): Cell[] => (n === null ? [] : [[r, c]])));
  if (card.balls === 75) {
    if (pattern === 'line') return Math.min(...lines75.map((l) => open(l).size));
    if (pattern === 'twoLines') {
      let best = Number.POSITIVE_INFINITY;
      for (let i = 0; i < lines75.length; i++)
        for (let j = i + 1; j < lines75.length; j++)
          best = Math.min(best, open([...lines75[i]!, ...lines75[j]!]).size);
      return best;
    }
    if (pattern === 'fullHouse') return open(numbered).size;
    if (pattern === 'fourCorners') return open(corners).size;
    if (pattern === 'x') return open(diagonals.flat()).size;
    throw new RangeError(`${pattern} is not a 75-ball pattern`);
  }
  const rows = [0, 1, 2].map((r) => open(numbered.filter(([row]) => row === r)).size).sort((a, b) => a - b);
  if (pattern === 'oneLine') return rows[0]!;
  if (pattern === 'twoLines') return rows[0]! + rows[1]!;
  if (pattern === 'fullHouse') return rows[0]! + rows[1]! + rows[2]!;
  throw new RangeError(`${pattern} is not a 90-ball pattern`);
}

/** The prize being played for now: the first of the room's prizes in play order that nobody has won yet. */
export function nextPrize(room: BingoRoom, round: BingoRound | null): BingoPatternCode | null {
  const won = new Set(round?.winners.map((w) => w.pattern) ?? []);
  return room.prizes.find((p) => !won.has(p.pattern))?.pattern ?? null;
}

/**
 * Which of the member's cards won a decided prize: those completing its pattern on the very ball that decided it
 * (the socket's frames do not name the member's cards; every card completing it on that ball shares).
 */
export function myWinningCards(
  game: BingoGame,
  cards: readonly BingoCardView[],
  winner: { pattern: BingoPatternCode; callIndex: number; mine: readonly number[] },
  calls: readonly number[],
): number[] {
  const ids = new Set(winner.mine);
  for (const card of cards)
    if (completedAt(engineCard(game, card), winner.pattern, calls) === winner.callIndex) ids.add(card.id);
  return cards.filter((c) => ids.has(c.id)).map((c) => c.id);
}

export type Phase = 'sale' | 'starting' | 'drawing' | 'over' | 'void';

/** Where a game is at the server's time `now`: selling cards, about to draw, drawing, over or void. */
export function gamePhase(round: BingoRound, now: number): Phase {
  if (round.status === 'void') return 'void';
  if (round.status === 'settled') return 'over';
  if (round.status === 'drawing') return 'drawing';
  return now < Date.parse(round.closesAt) ? 'sale' : 'starting';
}

/** Whole seconds left until `iso` (rounded up; never below 0). */
export function secondsLeft(iso: string | null, now: number): number {
  if (!iso) return 0;
  return Math.max(0, Math.ceil((Date.parse(iso) - now) / 1000));
}

/** How many more cards the member may buy in this game: the room's most, less those held; never below 0. */
export function cardsLeftToBuy(room: BingoRoom, held: number): number {
  return Math.max(0, room.maxCards - held);
}

/** The count stepper kept within 1 and what may still be bought (0 when nothing may be). */
export function clampCount(count: number, most: number): number {
  if (most <= 0) return 0;
  return Math.min(most, Math.max(1, Math.trunc(count) || 1));
}

/** A fresh client seed from the browser's CSPRNG: 32 hex digits (the contract takes 16 to 64). */
export function newClientSeed(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * A card's numbers recomputed from what the buyer holds: the HMAC-SHA256 stream keyed by the card's client seed
 * over `${roomCode}/${roundNo}:${requestId}:${index}:${counter}` (packages/live's cardSource), read by the engine's
 * card maker, as the server made it.
 */
export function recomputeCard(game: BingoGame, card: BingoCardView): (number | null)[][] {
  const source = roundStream(
    card.clientSeed,
    `${card.roomCode}/${card.roundNo}:${card.requestId}`,
    card.index,
  );
  return (game === 'bingo75' ? card75(source) : ticket90(source)).rows;
}

export type Verification = {
  /** The seed shown hashes to the commitment shown before the sale. */
  seedMatches: boolean;
  /** The balls called (none when no card was sold) are the start of the draw recomputed from the seed. */
  callsMatch: boolean;
  /** Each of the member's cards is what its client seed makes. */
  cardsMatch: boolean;
};

/** The browser's own check of a settled game: commitment, draw and the member's cards. */
export function verifyGame(
  game: BingoGame,
  round: BingoRound,
  cards: readonly BingoCardView[],
): Verification | null {
  if (!round.serverSeed) return null;
  const order = roundResult(game, round.serverSeed, round.roomCode, round.roundNo) as number[];
  return {
    seedMatches: hashServerSeed(round.serverSeed) === round.serverSeedHash,
    // A game that sold no card calls no ball: nothing to compare but the seed.
    callsMatch: round.calls.every((ball, i) => order[i] === ball),
    cardsMatch: cards.every(
      (card) => JSON.stringify(recomputeCard(game, card)) === JSON.stringify(card.rows),
    ),
  };
}

/** The numbers of the board of calls: 75-ball in five rows of B, I, N, G, O; 90-ball in nine rows of ten. */
export function boardRows(game: BingoGame): number[][] {
  if (game === 'bingo75') return range(0, 4).map((c) => range(c * 15 + 1, c * 15 + 15));
  return range(0, 8).map((r) => range(r * 10 + 1, r * 10 + 10));
}
