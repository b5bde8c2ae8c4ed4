import type { Card } from '@tala/live/cards';
import { legalPlays, type PusoyView, pusoyRules } from '@tala/live/pusoy';
import { cardKey } from './cards.tsx';

/** The plays the member could make now, and the cards that take part in at least one (lit in the hand). */
export function pusoyChoices(view: PusoyView): { plays: Card[][]; playable: Set<string> } {
  if (!view.hand || view.toAct === null || view.toAct !== view.seat)
    return { plays: [], playable: new Set() };
  const plays = legalPlays(view.hand, view.table?.cards ?? null, view.opening);
  return { plays, playable: new Set(plays.flat().map(cardKey)) };
}

/** Whether the picked cards are one of the legal plays. */
export function isLegalPick(plays: readonly Card[][], picked: ReadonlySet<string>): boolean {
  return plays.some((play) => play.length === picked.size && play.every((c) => picked.has(cardKey(c))));
}

/** Adds or takes away a card from the pick. */
export function togglePick(picked: ReadonlySet<string>, card: Card): Set<string> {
  const next = new Set(picked);
  const key = cardKey(card);
  if (next.has(key)) next.delete(key);
  else next.add(key);
  return next;
}

/** The picked cards of the hand, in the hand's order. */
export function pickedCards(hand: readonly Card[], picked: ReadonlySet<string>): Card[] {
  return hand.filter((c) => picked.has(cardKey(c))).map((c) => ({ rank: c.rank, suit: c.suit }));
}

const set = (cards: readonly Card[]) => cards.map(cardKey).sort().join(',');

/**
 * The hand re-dealt from the revealed deck (Pusoy Dos deals round the table from the seat after the button): every
 * seat's 13 cards are what it held at the end plus what it played. Whoever had the button, one of the seats must
 * give exactly those hands.
 */
export function pusoyDealtMatches(
  deck: readonly Card[],
  endView: unknown,
  seats: readonly number[],
): boolean | null {
  const view = endView as PusoyView | null;
  if (view?.game !== 'PUSOY' || view.winner === null) return null;
  if (view.seats.some((s) => !s.hand)) return null;
  const held = new Map<number, Card[]>(view.seats.map((s) => [s.seat, [...(s.hand ?? [])]]));
  for (const m of view.moves) if (m.cards) held.get(m.seat)?.push(...m.cards);
  const order = [...seats].sort((a, b) => a - b);
  for (const button of order) {
    try {
      const state = pusoyRules.deal({
        seats: order.map((seat) => ({ seat, stack: 1_000_000 })),
        button,
        stake: 1,
        rakeBps: 0,
        rakeCap: 0,
        deck,
      });
      if (state.players.every((p) => set(p.hand) === set(held.get(p.seat) ?? []))) return true;
    } catch {
      return false;
    }
  }
  return false;
}
