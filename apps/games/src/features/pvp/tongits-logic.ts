import type { Card } from '@tala/live/cards';
import { meldKind, type TongitsView } from '@tala/live/tongits';

export type TongitsChoices = {
  draw: boolean;
  /** The picked cards with the discard pile's top make a meld: it may be taken. */
  take: boolean;
  callDraw: boolean;
  /** The picked cards are a meld of their own. */
  meld: boolean;
  /** The picked cards added to the chosen meld keep it a meld. */
  sapaw: boolean;
  /** Exactly one card is picked: it may be discarded. */
  discard: boolean;
  answer: boolean;
};

const none: TongitsChoices = {
  draw: false,
  take: false,
  callDraw: false,
  meld: false,
  sapaw: false,
  discard: false,
  answer: false,
};

/** What the member may do with the cards picked (and the meld chosen for a sapaw), by the phase of their turn. */
export function tongitsChoices(
  view: TongitsView,
  mySeat: number | null,
  picked: readonly Card[],
  meldId: number | null,
): TongitsChoices {
  if (mySeat === null || view.toAct !== mySeat || view.phase === 'over') return none;
  if (view.phase === 'answer') return { ...none, answer: true };
  if (view.phase === 'draw')
    return {
      ...none,
      draw: view.stock > 0,
      take: view.discardTop !== null && picked.length >= 2 && meldKind([...picked, view.discardTop]) !== null,
      callDraw: view.canCallDraw,
    };
  const target = meldId === null ? null : view.melds.find((m) => m.id === meldId);
  return {
    ...none,
    meld: picked.length >= 3 && meldKind(picked) !== null,
    sapaw:
      target !== undefined &&
      target !== null &&
      picked.length >= 1 &&
      meldKind([...target.cards, ...picked]) !== null,
    discard: picked.length === 1,
  };
}

/** The hand's points (ace 1, court cards 10): what counts at a called draw or when the stock runs out. */
export function points(cards: readonly Card[]): number {
  return cards.reduce((sum, c) => sum + Math.min(c.rank, 10), 0);
}

/** The hand sorted for the eye: by suit, then rank (runs side by side). */
export function sortTongits(cards: readonly Card[]): Card[] {
  const suitOrder = { S: 0, H: 1, C: 2, D: 3 } as const;
  return [...cards].sort((a, b) => suitOrder[a.suit] - suitOrder[b.suit] || a.rank - b.rank);
}

const key = (c: Card) => `${c.rank}${c.suit}`;

/**
 * The cards of the hand that take part in some meld, to light them: in the draw phase those that make a meld with the
 * discard pile's top card (what a take would lay down), in the play phase those of a set (3 or 4 of a rank) or a run
 * (3 or more in a row of one suit, the ace low) inside the hand.
 */
export function meldCards(hand: readonly Card[], top: Card | null): Set<string> {
  const lit = new Set<string>();
  const pool = top ? [...hand, top] : [...hand];
  const byRank = new Map<number, Card[]>();
  const bySuit = new Map<Card['suit'], Card[]>();
  for (const c of pool) {
    byRank.set(c.rank, [...(byRank.get(c.rank) ?? []), c]);
    bySuit.set(c.suit, [...(bySuit.get(c.suit) ?? []), c]);
  }
  const consider = (cards: Card[]) => {
    if (top && !cards.some((c) => key(c) === key(top))) return;
    for (const c of cards) if (!top || key(c) !== key(top)) lit.add(key(c));
  };
  for (const cards of byRank.values()) if (cards.length >= 3) consider(cards);
  for (const cards of bySuit.values()) {
    const sorted = [...cards].sort((a, b) => a.rank - b.rank);
    let run: Card[] = [];
    for (const c of sorted) {
      if (run.length > 0 && c.rank === (run.at(-1) as Card).rank + 1) run.push(c);
      else {
        if (run.length >= 3) consider(run);
        run = [c];
      }
    }
    if (run.length >= 3) consider(run);
  }
  return lit;
}
