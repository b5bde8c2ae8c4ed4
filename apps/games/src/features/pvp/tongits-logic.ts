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
