import type { PvpGame, PvpTable } from '@tala/contracts/pvp';
import type { Card } from '@tala/live/cards';
import type { TFunction } from 'i18next';
import type { ComponentType } from 'react';

/** What a game's controls get: its view for this member, whether it is their turn, and the sender of a move. */
export type ControlsProps<V> = {
  view: V;
  table: PvpTable;
  mySeat: number;
  myTurn: boolean;
  busy: boolean;
  symbol: string;
  send: (move: unknown) => void;
};

/** One card game's parts of the table page: the felt's middle, a seat's extra, the member's hand and actions. */
export type GameParts<V> = {
  game: PvpGame;
  /** Whether a view from the server is this game's (an older or newer server never breaks the page). */
  isView: (view: unknown) => view is V;
  Felt: ComponentType<{ view: V; symbol: string }>;
  Controls: ComponentType<ControlsProps<V>>;
  /** A seat's stack as the hand has it now (hold'em: the chips not yet bet), else the table's. */
  seatStack?: (view: V, seat: number) => number | null;
  /** A seat's cards as the viewer sees them round the oval (backs for hidden cards), or null. */
  seatCards: (view: V, seat: number, mySeat: number | null) => { cards: Card[]; backs: number } | null;
  /** A short line under a seat's name (a bet, cards left, passed), or null. */
  seatNote: (view: V, seat: number, t: TFunction, symbol: string) => string | null;
  /** A move of the hand history in words. */
  moveText: (move: unknown, t: TFunction, symbol: string) => string;
  /**
   * Whether the deck re-dealt from the revealed seed gives the cards this hand showed (its end view): true, false,
   * or null when the view shows too little to tell.
   */
  dealtMatches: (deck: readonly Card[], endView: unknown, seats: readonly number[]) => boolean | null;
};
