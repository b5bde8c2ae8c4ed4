import { type ByteSource, uniformBelow } from '@tala/slots/random';

/** A playing card: rank 1 (ace) to 13 (king), and a suit. */
export type Suit = 'S' | 'H' | 'D' | 'C';
export type Card = { rank: number; suit: Suit };

export const suits: readonly Suit[] = ['S', 'H', 'D', 'C'];
export const ranks: readonly number[] = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13];

/** `decks` standard 52-card decks in a fixed order (deck by deck, suit by suit, rank by rank). */
export function orderedShoe(decks: number): Card[] {
  if (!Number.isInteger(decks) || decks < 1) throw new RangeError('decks must be a positive integer');
  const cards: Card[] = [];
  for (let d = 0; d < decks; d++)
    for (const suit of suits) for (const rank of ranks) cards.push({ rank, suit });
  return cards;
}

const orderedShoes = new Map<number, readonly Card[]>();

/** The ordered shoe of `decks` decks, built once and frozen (dealt cards are shared, never changed). */
function frozenShoe(decks: number): readonly Card[] {
  let cards = orderedShoes.get(decks);
  if (!cards) {
    cards = Object.freeze(orderedShoe(decks).map((card) => Object.freeze(card)));
    orderedShoes.set(decks, cards);
  }
  return cards;
}

/**
 * A shoe dealt by a forward Fisher–Yates shuffle done one step per card: the i-th deal swaps position i with a
 * uniform position in [i, n) and returns it. The dealt cards are exactly the first cards of the fully shuffled
 * shoe (`shuffle`), so a round reads only the bytes of the cards it deals. Only moved positions are stored.
 */
export class Shoe {
  private readonly cards: readonly Card[];
  private readonly moved = new Map<number, number>();
  private dealt = 0;

  constructor(
    private readonly source: ByteSource,
    decks = 8,
  ) {
    this.cards = frozenShoe(decks);
  }

  get remaining(): number {
    return this.cards.length - this.dealt;
  }

  deal(): Card {
    const i = this.dealt;
    if (i >= this.cards.length) throw new RangeError('the shoe is empty');
    const j = i + uniformBelow(this.source, this.cards.length - i);
    const card = this.moved.get(j) ?? j;
    this.moved.set(j, this.moved.get(i) ?? i);
    this.dealt += 1;
    return this.cards[card]!;
  }
}

/** A copy of `items` in uniformly random order: the same forward Fisher–Yates as `Shoe` (the last step is free). */
export function shuffle<T>(items: readonly T[], source: ByteSource): T[] {
  const out = [...items];
  for (let i = 0; i < out.length - 1; i++) {
    const j = i + uniformBelow(source, out.length - i);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A fresh shoe of `decks` decks, fully shuffled. */
export function shuffledShoe(source: ByteSource, decks = 8): Card[] {
  return shuffle(orderedShoe(decks), source);
}

/** Baccarat points: ace 1, 2–9 face value, tens and court cards 0. */
export function baccaratValue(card: Card): number {
  return card.rank >= 10 ? 0 : card.rank;
}

/** A baccarat hand's total: the points' sum modulo 10. */
export function baccaratTotal(cards: readonly Card[]): number {
  return cards.reduce((sum, c) => sum + baccaratValue(c), 0) % 10;
}

/** "AS", "10H", "KD" and so on. */
export function cardLabel(card: Card): string {
  const rank =
    ({ 1: 'A', 11: 'J', 12: 'Q', 13: 'K' } as Record<number, string>)[card.rank] ?? String(card.rank);
  return `${rank}${card.suit}`;
}

export function isCard(value: unknown): value is Card {
  if (typeof value !== 'object' || value === null) return false;
  const { rank, suit } = value as Card;
  return Number.isInteger(rank) && rank >= 1 && rank <= 13 && suits.includes(suit);
}
