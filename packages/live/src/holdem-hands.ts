import type { Card } from './cards.ts';

/**
 * Poker hand ranking for hold'em's showdown: the best five of seven cards. Kept apart from the betting engine
 * (holdem.ts) because it is the part a verifier or another poker game reuses as is.
 */
export const handCategories = [
  'highCard',
  'pair',
  'twoPair',
  'threeOfAKind',
  'straight',
  'flush',
  'fullHouse',
  'fourOfAKind',
  'straightFlush',
] as const;
export type HandCategory = (typeof handCategories)[number];

/** A hand's value: `score` orders hands (higher wins, equal splits); `cards` are the five that make it. */
export type HandValue = { category: HandCategory; score: number; cards: Card[] };

/** Aces count high (14) everywhere except in the wheel, A-2-3-4-5, where the five is the straight's top. */
const value = (card: Card): number => (card.rank === 1 ? 14 : card.rank);

/**
 * A five-card hand's score: the category, then up to five tie-break ranks, as digits in base 15 (ranks are 2–14),
 * so comparing two hands is comparing two numbers. Ranks grouped by count then rank (e.g. a full house is trips
 * then pair; two pair is the high pair, the low pair, the kicker) give the tie-break order of every category
 * except the straights, which compare on their top card only.
 */
function scoreFive(cards: readonly Card[]): { category: number; score: number } {
  const counts = new Map<number, number>();
  for (const card of cards) counts.set(value(card), (counts.get(value(card)) ?? 0) + 1);
  const groups = [...counts].sort((a, b) => b[1] - a[1] || b[0] - a[0]);
  const ordered = groups.map(([rank]) => rank);
  const flush = cards.every((card) => card.suit === cards[0]!.suit);
  let straightTop = 0;
  if (groups.length === 5) {
    if (ordered[0]! - ordered[4]! === 4) straightTop = ordered[0]!;
    else if (ordered[0] === 14 && ordered[1] === 5) straightTop = 5; // the wheel: 5-4-3-2-A
  }
  const [first, second] = [groups[0]![1], groups[1]?.[1] ?? 0];
  let category: number;
  if (straightTop && flush) category = 8;
  else if (first === 4) category = 7;
  else if (first === 3 && second === 2) category = 6;
  else if (flush) category = 5;
  else if (straightTop) category = 4;
  else if (first === 3) category = 3;
  else if (first === 2 && second === 2) category = 2;
  else if (first === 2) category = 1;
  else category = 0;
  const ties = straightTop ? [straightTop] : ordered;
  let score = category;
  for (let i = 0; i < 5; i++) score = score * 15 + (ties[i] ?? 0);
  return { category, score };
}

/** The best five-card hand from five to seven cards (every five of them is tried, 21 at most: simple and exact). */
export function evaluateHand(cards: readonly Card[]): HandValue {
  if (cards.length < 5 || cards.length > 7) throw new RangeError('a poker hand is five to seven cards');
  const n = cards.length;
  // The cards left out: none of five, each one of six, each pair of seven.
  const leftOut: number[][] = [];
  if (n === 5) leftOut.push([]);
  for (let a = 0; a < n; a++) {
    if (n === 6) leftOut.push([a]);
    if (n === 7) for (let b = a + 1; b < n; b++) leftOut.push([a, b]);
  }
  let best: { category: number; score: number; cards: Card[] } | null = null;
  for (const out of leftOut) {
    const five = cards.filter((_, i) => !out.includes(i));
    const scored = scoreFive(five);
    if (!best || scored.score > best.score) best = { ...scored, cards: five };
  }
  return { category: handCategories[best!.category]!, score: best!.score, cards: best!.cards };
}
