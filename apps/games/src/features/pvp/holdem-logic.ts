import type { Card } from '@tala/live/cards';
import { type HoldemMove, type HoldemView, holdem } from '@tala/live/holdem';
import { cardKey } from './cards.tsx';

export type HoldemChoices = {
  fold: boolean;
  check: boolean;
  /** The chips a call adds (0: no call, a check instead). */
  call: number;
  /** The raise's `to` range, or null when the seat may not raise. */
  raise: { min: number; max: number } | null;
  allIn: boolean;
  /** The seat's bet in this round and its stack behind. */
  bet: number;
  stack: number;
};

/** What the member may do now, read from the view's `action` (null when it is not their turn). */
export function holdemChoices(view: HoldemView, mySeat: number | null): HoldemChoices | null {
  const action = view.action;
  if (!action || mySeat === null || action.seat !== mySeat) return null;
  const me = view.seats.find((s) => s.seat === mySeat);
  if (!me) return null;
  return {
    fold: true,
    check: action.toCall === 0,
    call: action.toCall,
    raise:
      action.minRaiseTo !== null && action.maxRaiseTo !== null
        ? { min: action.minRaiseTo, max: action.maxRaiseTo }
        : null,
    allIn: me.stack > 0,
    bet: me.bet,
    stack: me.stack,
  };
}

/** All the chips in the middle: the pots of earlier rounds and this round's bets. */
export function potTotal(view: HoldemView): number {
  return view.pots.reduce((sum, p) => sum + p.amount, 0) + view.seats.reduce((sum, s) => sum + s.bet, 0);
}

/**
 * Quick raise sizes: the least raise, half the pot, three quarters, the pot (a pot-sized raise calls first, then
 * raises by the pot after the call), each kept within the allowed range; duplicates dropped.
 */
export function quickRaises(view: HoldemView, choices: HoldemChoices): { key: string; to: number }[] {
  if (!choices.raise) return [];
  const { min, max } = choices.raise;
  const current = choices.bet + choices.call;
  const afterCall = potTotal(view) + choices.call;
  const sizes: { key: string; to: number }[] = [
    { key: 'min', to: min },
    { key: 'halfPot', to: current + Math.floor(afterCall / 2) },
    { key: 'threeQuarterPot', to: current + Math.floor((afterCall * 3) / 4) },
    { key: 'pot', to: current + afterCall },
  ];
  const seen = new Set<number>();
  return sizes
    .map((s) => ({ ...s, to: Math.min(max, Math.max(min, s.to)) }))
    .filter((s) => {
      if (seen.has(s.to) || s.to >= max) return false;
      seen.add(s.to);
      return true;
    });
}

/** The move for a raise to `to`: the whole stack is an all-in (the rules take either). */
export function raiseMove(choices: HoldemChoices, to: number): HoldemMove {
  if (!choices.raise) return { type: 'allIn' };
  const amount = Math.min(choices.raise.max, Math.max(choices.raise.min, Math.round(to)));
  return amount >= choices.raise.max ? { type: 'allIn' } : { type: 'raise', to: amount };
}

/**
 * The hand dealt again from the revealed deck with the view's seats and button: every card the end view shows (the
 * board, hole cards shown or the member's own) must be where the deal puts it.
 */
export function holdemDealtMatches(
  deck: readonly Card[],
  endView: unknown,
  seats: readonly number[],
): boolean | null {
  const view = endView as HoldemView | null;
  if (view?.game !== 'HOLDEM') return null;
  const order = [...new Set([...seats, ...view.seats.map((s) => s.seat)])].sort((a, b) => a - b);
  const state = holdem.deal({
    seats: order.map((seat) => ({ seat, stack: 1_000_000 })),
    button: view.button,
    stake: view.bigBlind || 2,
    rakeBps: 0,
    rakeCap: 0,
    deck,
  });
  const keys = (cards: readonly Card[]) => cards.map(cardKey).sort().join(',');
  for (const s of view.seats) {
    if (!s.cards) continue;
    const dealt = state.players.find((p) => p.seat === s.seat);
    if (!dealt || keys(dealt.hole) !== keys(s.cards)) return false;
  }
  if (view.board.some((c, i) => cardKey(c) !== cardKey(state.runout[i] as Card))) return false;
  return true;
}
