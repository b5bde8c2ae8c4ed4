import type { Card } from './cards.ts';
import { orderedShoe, shuffle } from './cards.ts';
import { roundSource } from './round.ts';

/**
 * Card games members play against each other (issue 17): the rules of each game behind one interface, so the
 * server's table loop (seating, turn timers, the ledger) is written once. A game's state is plain JSON: the server
 * keeps it in the hand's row and applies one move at a time under that row's lock, so any process may take the
 * next move. The rules never touch money: stacks go in, stacks and the rake come out, and the server checks that
 * the chips before equal the chips after plus the rake.
 */
export type PvpGameCode = 'HOLDEM' | 'PUSOY' | 'TONGITS';

export type PvpSeatIn = { seat: number; stack: number };

export type PvpDealInput = {
  /** The seats taking part, in seat order (seat numbers as at the table, not necessarily 0..n-1). */
  seats: readonly PvpSeatIn[];
  /** The seat that has the button (hold'em) or deals (Tongits); it moves one seat on each hand. */
  button: number;
  /** Hold'em: the big blind (the small blind is half, rounded down). Pusoy Dos and Tongits: the value of one point. */
  stake: number;
  /** The house's share of what is won, in basis points, and its most per hand (minor units). */
  rakeBps: number;
  rakeCap: number;
  /** One 52-card deck in the order the committed shuffle gives (`pvpDeck`). */
  deck: readonly Card[];
};

/** Why a move was refused: each its own error code on the wire. */
export type PvpMoveError = 'pvp_not_your_turn' | 'pvp_illegal_move' | 'pvp_bet_above_stack' | 'pvp_hand_over';

export type PvpMoveResult<S> = { ok: true; state: S } | { ok: false; code: PvpMoveError };

export type PvpSeatResult = {
  seat: number;
  /** The stack after the hand. */
  stack: number;
  /** stack after − stack before (the rake already taken). */
  net: number;
  /** A short description of what the seat ended with, in English words the client translates by key: e.g. 'flush'. */
  hand?: string;
};

export type PvpOutcome = {
  seats: PvpSeatResult[];
  /** The house's share: Σ stacks before = Σ stacks after + rake, always. */
  rake: number;
  /** Pots as split (hold'em side pots; one pot for the other games): amount and the seats paid from it. */
  pots: { amount: number; winners: number[] }[];
};

export interface PvpRules<S, M> {
  code: PvpGameCode;
  minSeats: number;
  maxSeats: number;
  /** The smallest stack allowed to sit or to take part in a hand, in stakes (it covers the worst loss of one hand
   *  in Pusoy Dos and Tongits; twenty big blinds in hold'em). */
  minStackStakes: number;
  deal(input: PvpDealInput): S;
  /** The seat whose move it is, or null when the hand is over. */
  toAct(state: S): number | null;
  /** Validates a move from the wire (hostile JSON): the move, or null when it is not a move of this game. */
  parseMove(raw: unknown): M | null;
  apply(state: S, seat: number, move: M): PvpMoveResult<S>;
  /** The move made for a seat whose turn timer ran out or who left: never a choice a player would regret more
   *  than needed (check or fold, pass, draw and discard the highest card). */
  timeoutMove(state: S, seat: number): M;
  /** What `seat` may see (its own cards, everyone's public cards and bets); null for a spectator or the history.
   *  When the hand is over, the cards shown at the showdown are visible to all. */
  view(state: S, seat: number | null): unknown;
  /** The result once the hand is over, else null. */
  outcome(state: S): PvpOutcome | null;
}

/**
 * A hand's deck: one 52-card deck shuffled from the hand's committed stream, HMAC-SHA256(key = server seed,
 * message = `${table}/${hand}:0:${counter}`), the live tables' scheme. The seed's hash is shown before the deal;
 * the seed after the hand, so anyone can deal the same deck again.
 */
export function pvpDeck(serverSeed: string, tableCode: string, handNo: number): Card[] {
  return shuffle(orderedShoe(1), roundSource(serverSeed, tableCode, handNo));
}
