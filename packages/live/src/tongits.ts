import { type Card, isCard, type Suit, suits } from './cards.ts';
import type {
  PvpDealInput,
  PvpMoveError,
  PvpMoveResult,
  PvpOutcome,
  PvpRules,
  PvpSeatResult,
} from './pvp.ts';

/**
 * Tongits as played in the Philippines, for three members at a card table (issue 17). The rules, precisely:
 *
 * Deal. Three seats, in the order `input.seats` gives (that order is also the order of play). The dealer is the
 * seat with the button. From `input.deck`, one card at a time, starting with the dealer and going round in play
 * order, twelve rounds (deck[0..35]); then the dealer's thirteenth card (deck[36]). The 15 cards left are the stock,
 * deck[37] its top (drawn first). The discard pile starts empty. The dealer begins, without drawing: its first turn
 * starts at the meld/sapaw/discard phase.
 *
 * Cards and melds. Points: ace 1, 2–10 face value, J/Q/K 10. A meld is a set (3 or 4 cards of one rank) or a run
 * (3 or more cards of one suit with consecutive ranks, the ace low only: A-2-3 is a run, Q-K-A and K-A-2 are not).
 *
 * A turn has two phases. Draw phase: draw the stock's top card (`draw`), or take the discard pile's top card when
 * it makes a meld with two or more cards from the hand (`take`, the meld is laid down at once), or — instead of
 * drawing — call a draw (`callDraw`, below). Play phase: lay down any number of melds from the hand (`meld`) and
 * add cards from the hand to any exposed meld, one's own or another seat's, as long as the meld stays a meld
 * (`sapaw`); then discard one card (`discard`), which ends the turn. A seat needs no meld of its own to sapaw.
 *
 * The discard taken can only start a new meld with hand cards, never be added to an exposed one.
 *
 * Sapaw blocks a draw. When a seat adds cards to a meld owned by another seat, that owner may not call a draw on
 * its next turn (the block ends when that turn ends). Adding to one's own meld blocks nothing. The block is on
 * calling only: a blocked seat may still fight a draw another seat calls.
 *
 * Endings.
 * 1. Tongits: a seat whose hand becomes empty — by laying down or adding its last cards, by a take, or by
 *    discarding its last card — wins at once.
 * 2. A called draw: at the start of its turn, before drawing, a seat that has an exposed meld and is not blocked by
 *    a sapaw may call a draw. Each other seat that has an exposed meld then answers in play order, one move each:
 *    `fight` (challenge) or `fold`. Seats with no exposed meld are not asked: they fold. If no one fights, the
 *    caller wins. Otherwise the lowest hand points among the caller and the fighters wins; the caller loses ties
 *    (a challenger who equals the caller wins), and between tied fighters the first in play order after the caller
 *    wins.
 * 3. The stock runs out: when the seat that drew the stock's last card discards (without going Tongits), the hand
 *    ends at once (no one may take that last discard); the lowest hand points among the seats with an exposed meld
 *    wins. Ties go to the seat that drew the last
 *    card when it is tied, else to the first tied seat in play order after it. If no seat has an exposed meld, no
 *    one wins and no chips move.
 * Hand points are the points of every card still held (melds kept hidden in the hand count too: there is no bonus
 * or discount for hidden melds or four of a kind). A seat without an exposed meld of its own at the end is
 * "burned": it loses and can never win by points.
 *
 * Scoring, in stakes (`input.stake` each): every loser pays the winner 1 stake, 1 more when the winner went
 * Tongits, and 1 more when the loser is burned — at most 3 stakes (`minStackStakes`), and never more than the
 * loser's stack. The house takes `rakeBps` of what the winner won from the others, rounded down, at most
 * `rakeCap`. The pot is what the winner receives after the rake, so Σ stacks before = Σ stacks after + rake.
 * The outcome's `hand` keys: the winner 'tongits', 'drawWin' (the caller of a draw), 'fightWin' (a challenger who
 * beat the caller) or 'lowest' (the stock ran out); each loser 'burned' (no exposed meld) or 'lost'.
 */

export const tongitsHandSize = 12;
export const tongitsStockSize = 52 - 3 * tongitsHandSize - 1;
/** What each loser pays, in stakes: the base, and the extras for a Tongits win and for being burned. */
export const tongitsStakes = { base: 1, tongits: 1, burned: 1 } as const;

export type TongitsMeldKind = 'set' | 'run';
export type TongitsMeld = { id: number; owner: number; cards: Card[] };
export type TongitsPhase = 'draw' | 'play' | 'answer' | 'over';
export type TongitsEndReason = 'tongits' | 'draw' | 'stock';

export type TongitsPlayer = {
  seat: number;
  /** The stack at the deal; the rules never change it (the outcome gives the stack after). */
  stack: number;
  hand: Card[];
  /** Another seat added to one of this seat's melds since this seat's last turn ended: no draw call this turn. */
  sapawed: boolean;
  /** The answer to a called draw, once given. */
  answer: 'fight' | 'fold' | null;
};

/**
 * Plain JSON: the server keeps it in the hand's row. `turn`, `caller` and `asking` are positions in `players`
 * (play order); `dealer`, a meld's `owner` and the winner are seat numbers as at the table.
 */
export type TongitsState = {
  game: 'TONGITS';
  stake: number;
  rakeBps: number;
  rakeCap: number;
  players: TongitsPlayer[];
  dealer: number;
  /** Whose turn it is (during a called draw: the caller). */
  turn: number;
  phase: TongitsPhase;
  /** During a called draw: the seat that called it and the seat asked to fight or fold. */
  caller: number | null;
  asking: number | null;
  /** The stock, its top first; the discard pile, its top last. */
  stock: Card[];
  discards: Card[];
  melds: TongitsMeld[];
  nextMeldId: number;
  /** Set when the hand is over: why, and the winner's seat number (null when every seat was burned). */
  end: { reason: TongitsEndReason; winner: number | null } | null;
};

export type TongitsMove =
  | { type: 'draw' }
  /** Take the discard pile's top card with the hand cards it makes a meld with (the top card may be listed too). */
  | { type: 'take'; meld: Card[] }
  | { type: 'meld'; cards: Card[] }
  | { type: 'sapaw'; meldId: number; cards: Card[] }
  | { type: 'discard'; card: Card }
  | { type: 'callDraw' }
  | { type: 'fight' }
  | { type: 'fold' };

export function cardPoints(card: Card): number {
  return Math.min(card.rank, 10);
}

export function handPoints(cards: readonly Card[]): number {
  return cards.reduce((sum, card) => sum + cardPoints(card), 0);
}

const sameCard = (a: Card, b: Card) => a.rank === b.rank && a.suit === b.suit;
const cardKey = (card: Card) => `${card.rank}${card.suit}`;
const suitIndex = (suit: Suit) => suits.indexOf(suit);

/** Whether `cards` is a meld, and which kind: a set of 3 or 4 of one rank, or a run of 3+ in one suit, ace low. */
export function meldKind(cards: readonly Card[]): TongitsMeldKind | null {
  if (cards.length < 3 || new Set(cards.map(cardKey)).size !== cards.length) return null;
  const first = cards[0] as Card;
  if (cards.every((c) => c.rank === first.rank)) return cards.length <= 4 ? 'set' : null;
  if (!cards.every((c) => c.suit === first.suit)) return null;
  const ranks = cards.map((c) => c.rank).sort((a, b) => a - b);
  return ranks.every((r, i) => i === 0 || r === (ranks[i - 1] as number) + 1) ? 'run' : null;
}

/** A meld's cards as shown: a run by rank, a set by suit order. */
function sortMeld(cards: Card[]): Card[] {
  return [...cards].sort((a, b) => a.rank - b.rank || suitIndex(a.suit) - suitIndex(b.suit));
}

/** The hand without `cards`, or null when a card is not held or is listed twice. */
function without(hand: readonly Card[], cards: readonly Card[]): Card[] | null {
  const rest = [...hand];
  for (const card of cards) {
    const i = rest.findIndex((c) => sameCard(c, card));
    if (i < 0) return null;
    rest.splice(i, 1);
  }
  return rest;
}

const hasMeld = (state: TongitsState, seat: number) => state.melds.some((m) => m.owner === seat);
const next = (i: number) => (i + 1) % 3;

/** The position in play order of the seat whose move it is, or null when the hand is over. */
function actor(state: TongitsState): number | null {
  if (state.phase === 'over') return null;
  return state.phase === 'answer' ? state.asking : state.turn;
}

/** Whether `seat` may call a draw now: its draw phase, an exposed meld, and no sapaw since its last turn. */
export function tongitsCanCallDraw(state: TongitsState, seat: number): boolean {
  const i = state.players.findIndex((p) => p.seat === seat);
  const player = state.players[i];
  return (
    player !== undefined &&
    state.phase === 'draw' &&
    state.turn === i &&
    !player.sapawed &&
    hasMeld(state, seat)
  );
}

function finish(state: TongitsState, reason: TongitsEndReason, winner: number | null): void {
  state.phase = 'over';
  state.asking = null;
  state.end = { reason, winner: winner === null ? null : (state.players[winner] as TongitsPlayer).seat };
}

/** After a seat's hand changed: Tongits when it is empty. */
function tongitsIfEmpty(state: TongitsState, i: number): void {
  if ((state.players[i] as TongitsPlayer).hand.length === 0) finish(state, 'tongits', i);
}

/** The first seat, in play order from `from` (itself first), among `candidates` with the fewest hand points. */
function lowest(state: TongitsState, from: number, candidates: readonly number[]): number | null {
  let best: number | null = null;
  let bestPoints = Number.POSITIVE_INFINITY;
  for (let k = 0; k < 3; k++) {
    const i = (from + k) % 3;
    if (!candidates.includes(i)) continue;
    const points = handPoints((state.players[i] as TongitsPlayer).hand);
    if (points < bestPoints) [best, bestPoints] = [i, points];
  }
  return best;
}

/** The called draw is settled once every seat asked has answered. */
function settleDraw(state: TongitsState): void {
  const caller = state.caller as number;
  const fighters = [next(caller), next(next(caller))].filter((i) => state.players[i]?.answer === 'fight');
  // The caller loses ties: the fighters are looked at first (in play order after the caller), the caller last.
  const winner =
    fighters.length === 0 ? caller : (lowest(state, next(caller), [...fighters, caller]) as number);
  finish(state, 'draw', winner);
}

/** The next seat after `after` (in play order, never past the caller) that must answer the called draw. */
function nextAsked(state: TongitsState, after: number): number | null {
  const caller = state.caller as number;
  for (let i = next(after); i !== caller; i = next(i))
    if (hasMeld(state, (state.players[i] as TongitsPlayer).seat)) return i;
  return null;
}

function addMeld(state: TongitsState, owner: number, cards: Card[]): void {
  state.melds.push({ id: state.nextMeldId, owner, cards: sortMeld(cards) });
  state.nextMeldId += 1;
}

/** Applies `move` for the seat at `i` (its turn) to `state` (a copy); false when the move is illegal. */
function step(state: TongitsState, i: number, move: TongitsMove): boolean {
  const player = state.players[i] as TongitsPlayer;
  if (state.phase === 'answer') {
    if (move.type !== 'fight' && move.type !== 'fold') return false;
    player.answer = move.type;
    state.asking = nextAsked(state, i);
    if (state.asking === null) settleDraw(state);
    return true;
  }
  if (state.phase === 'draw') {
    switch (move.type) {
      case 'draw': {
        const card = state.stock.shift();
        if (!card) return false;
        player.hand.push(card);
        state.phase = 'play';
        return true;
      }
      case 'take': {
        const top = state.discards.at(-1);
        if (!top) return false;
        const fromHand = [...move.meld];
        const listed = fromHand.findIndex((c) => sameCard(c, top));
        if (listed >= 0) fromHand.splice(listed, 1);
        const rest = without(player.hand, fromHand);
        if (!rest || meldKind([...fromHand, top]) === null) return false;
        state.discards.pop();
        player.hand = rest;
        addMeld(state, player.seat, [...fromHand, top]);
        state.phase = 'play';
        tongitsIfEmpty(state, i);
        return true;
      }
      case 'callDraw': {
        if (!tongitsCanCallDraw(state, player.seat)) return false;
        state.caller = i;
        state.phase = 'answer';
        state.asking = nextAsked(state, i);
        if (state.asking === null) settleDraw(state);
        return true;
      }
      default:
        return false;
    }
  }
  switch (move.type) {
    case 'meld': {
      const rest = without(player.hand, move.cards);
      if (!rest || meldKind(move.cards) === null) return false;
      player.hand = rest;
      addMeld(state, player.seat, [...move.cards]);
      tongitsIfEmpty(state, i);
      return true;
    }
    case 'sapaw': {
      const meld = state.melds.find((m) => m.id === move.meldId);
      const rest = without(player.hand, move.cards);
      if (!meld || !rest || move.cards.length === 0 || meldKind([...meld.cards, ...move.cards]) === null)
        return false;
      player.hand = rest;
      meld.cards = sortMeld([...meld.cards, ...move.cards]);
      const owner = state.players.find((p) => p.seat === meld.owner);
      if (owner && owner !== player) owner.sapawed = true;
      tongitsIfEmpty(state, i);
      return true;
    }
    case 'discard': {
      const rest = without(player.hand, [move.card]);
      if (!rest) return false;
      player.hand = rest;
      state.discards.push({ rank: move.card.rank, suit: move.card.suit });
      player.sapawed = false;
      if (rest.length === 0) finish(state, 'tongits', i);
      else if (state.stock.length === 0) {
        const melded = [0, 1, 2].filter((k) => hasMeld(state, (state.players[k] as TongitsPlayer).seat));
        finish(state, 'stock', lowest(state, i, melded));
      } else {
        state.turn = next(i);
        state.phase = 'draw';
      }
      return true;
    }
    default:
      return false;
  }
}

const isIntegerIn = (n: unknown, min: number, max = Number.MAX_SAFE_INTEGER): n is number =>
  Number.isSafeInteger(n) && (n as number) >= min && (n as number) <= max;

/** A list of cards from the wire: an array of at most 13 cards, copied; null for anything else. */
function parseCards(raw: unknown, min: number): Card[] | null {
  if (!Array.isArray(raw) || raw.length < min || raw.length > 13) return null;
  const cards: Card[] = [];
  for (const item of raw) {
    if (!isCard(item)) return null;
    cards.push({ rank: item.rank, suit: item.suit });
  }
  return cards;
}

/** The card a timed-out seat discards: the most points, then the highest rank, then the first suit (S H D C). */
export function tongitsTimeoutDiscard(hand: readonly Card[]): Card | null {
  let best: Card | null = null;
  for (const card of hand) {
    if (
      !best ||
      cardPoints(card) > cardPoints(best) ||
      (cardPoints(card) === cardPoints(best) &&
        (card.rank > best.rank || (card.rank === best.rank && suitIndex(card.suit) < suitIndex(best.suit))))
    )
      best = card;
  }
  return best;
}

/** The chips each seat ends with, and the rake (see the scoring rules at the top). */
function settle(state: TongitsState): PvpOutcome {
  const end = state.end as NonNullable<TongitsState['end']>;
  const burned = (p: TongitsPlayer) => !hasMeld(state, p.seat);
  if (end.winner === null) {
    return {
      seats: state.players.map((p) => ({ seat: p.seat, stack: p.stack, net: 0, hand: 'burned' })),
      rake: 0,
      pots: [],
    };
  }
  const paid = state.players.map((p) => {
    if (p.seat === end.winner) return 0;
    const stakes =
      tongitsStakes.base +
      (end.reason === 'tongits' ? tongitsStakes.tongits : 0) +
      (burned(p) ? tongitsStakes.burned : 0);
    return Math.min(stakes * state.stake, p.stack);
  });
  const won = paid.reduce((a, b) => a + b, 0);
  const rake = Math.min(Number((BigInt(won) * BigInt(state.rakeBps)) / 10_000n), state.rakeCap);
  const caller = state.caller === null ? null : (state.players[state.caller] as TongitsPlayer).seat;
  const winKey =
    end.reason === 'tongits'
      ? 'tongits'
      : end.reason === 'stock'
        ? 'lowest'
        : end.winner === caller
          ? 'drawWin'
          : 'fightWin';
  const seats: PvpSeatResult[] = state.players.map((p, k) => {
    const net = p.seat === end.winner ? won - rake : -(paid[k] as number);
    const hand = p.seat === end.winner ? winKey : burned(p) ? 'burned' : 'lost';
    return { seat: p.seat, stack: p.stack + net, net, hand };
  });
  return { seats, rake, pots: [{ amount: won - rake, winners: [end.winner] }] };
}

function fail<S>(code: PvpMoveError): PvpMoveResult<S> {
  return { ok: false, code };
}

export const tongitsRules: PvpRules<TongitsState, TongitsMove> = {
  code: 'TONGITS',
  minSeats: 3,
  maxSeats: 3,
  minStackStakes: tongitsStakes.base + tongitsStakes.tongits + tongitsStakes.burned,

  deal(input: PvpDealInput): TongitsState {
    const { seats, deck } = input;
    if (seats.length !== 3) throw new RangeError('Tongits is played by three seats');
    if (new Set(seats.map((s) => s.seat)).size !== 3 || !seats.every((s) => isIntegerIn(s.seat, 0)))
      throw new RangeError('seat numbers are distinct non-negative integers');
    if (!seats.every((s) => isIntegerIn(s.stack, 0)))
      throw new RangeError('a stack is a non-negative integer');
    const dealer = seats.findIndex((s) => s.seat === input.button);
    if (dealer < 0) throw new RangeError('the button is not at one of the seats');
    if (!isIntegerIn(input.stake, 1)) throw new RangeError('the stake is a positive integer');
    if (!isIntegerIn(input.rakeBps, 0, 10_000) || !isIntegerIn(input.rakeCap, 0))
      throw new RangeError('the rake is 0–10000 basis points with a non-negative cap');
    if (deck.length !== 52 || !deck.every(isCard) || new Set(deck.map(cardKey)).size !== 52)
      throw new RangeError('the deck is one 52-card deck');
    const cards = deck.map((c) => ({ rank: c.rank, suit: c.suit }));
    const hands: Card[][] = [[], [], []];
    let k = 0;
    for (let round = 0; round < tongitsHandSize; round++)
      for (let j = 0; j < 3; j++) (hands[(dealer + j) % 3] as Card[]).push(cards[k++] as Card);
    (hands[dealer] as Card[]).push(cards[k++] as Card);
    return {
      game: 'TONGITS',
      stake: input.stake,
      rakeBps: input.rakeBps,
      rakeCap: input.rakeCap,
      players: seats.map((s, j) => ({
        seat: s.seat,
        stack: s.stack,
        hand: hands[j] as Card[],
        sapawed: false,
        answer: null,
      })),
      dealer: input.button,
      turn: dealer,
      phase: 'play',
      caller: null,
      asking: null,
      stock: cards.slice(k),
      discards: [],
      melds: [],
      nextMeldId: 1,
      end: null,
    };
  },

  toAct(state: TongitsState): number | null {
    const i = actor(state);
    return i === null ? null : (state.players[i] as TongitsPlayer).seat;
  },

  parseMove(raw: unknown): TongitsMove | null {
    if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
    const r = raw as Record<string, unknown>;
    switch (r.type) {
      case 'draw':
      case 'callDraw':
      case 'fight':
      case 'fold':
        return { type: r.type };
      case 'take': {
        const meld = parseCards(r.meld, 2);
        return meld && { type: 'take', meld };
      }
      case 'meld': {
        const cards = parseCards(r.cards, 3);
        return cards && { type: 'meld', cards };
      }
      case 'sapaw': {
        const cards = parseCards(r.cards, 1);
        return cards && isIntegerIn(r.meldId, 1) ? { type: 'sapaw', meldId: r.meldId, cards } : null;
      }
      case 'discard':
        return isCard(r.card) ? { type: 'discard', card: { rank: r.card.rank, suit: r.card.suit } } : null;
      default:
        return null;
    }
  },

  apply(state: TongitsState, seat: number, move: TongitsMove): PvpMoveResult<TongitsState> {
    const i = actor(state);
    if (i === null) return fail('pvp_hand_over');
    if ((state.players[i] as TongitsPlayer).seat !== seat) return fail('pvp_not_your_turn');
    // The move is read again, so a move that skipped parseMove is refused rather than crashing the table.
    const checked = tongitsRules.parseMove(move);
    const copy = structuredClone(state);
    return checked && step(copy, i, checked) ? { ok: true, state: copy } : fail('pvp_illegal_move');
  },

  timeoutMove(state: TongitsState, seat: number): TongitsMove {
    if (state.phase === 'draw') return { type: 'draw' };
    if (state.phase === 'play') {
      const card = tongitsTimeoutDiscard(state.players.find((p) => p.seat === seat)?.hand ?? []);
      if (card) return { type: 'discard', card: { ...card } };
    }
    return { type: 'fold' };
  },

  view: (state: TongitsState, seat: number | null) => tongitsView(state, seat),

  outcome(state: TongitsState): PvpOutcome | null {
    return state.phase === 'over' ? settle(state) : null;
  },
};

/** What one seat (or a spectator, with no hand) sees of the table. */
export type TongitsView = {
  game: 'TONGITS';
  phase: TongitsPhase;
  toAct: number | null;
  turn: number | null;
  dealer: number;
  stake: number;
  /** The stock's size; the discard pile's top card and size. */
  stock: number;
  discardTop: Card | null;
  discards: number;
  melds: TongitsMeld[];
  /** Per seat: stack at the deal, cards held, whether it has an exposed meld; every hand and its points at the end. */
  seats: {
    seat: number;
    stack: number;
    cards: number;
    melded: boolean;
    sapawed: boolean;
    answer: 'fight' | 'fold' | null;
    hand?: Card[];
    points?: number;
  }[];
  hand: Card[] | null;
  canCallDraw: boolean;
  caller: number | null;
  end: TongitsState['end'];
};

/** What `seat` sees (`rules.view`): its own hand only; null, a spectator, sees no hand. Every hand at the end. */
export function tongitsView(state: TongitsState, seat: number | null): TongitsView {
  const over = state.phase === 'over';
  const me = seat === null ? undefined : state.players.find((p) => p.seat === seat);
  const seatOf = (i: number | null) => (i === null ? null : (state.players[i] as TongitsPlayer).seat);
  return {
    game: 'TONGITS',
    phase: state.phase,
    toAct: tongitsRules.toAct(state),
    turn: seatOf(state.turn),
    dealer: state.dealer,
    stake: state.stake,
    stock: state.stock.length,
    discardTop: state.discards.length > 0 ? { ...(state.discards.at(-1) as Card) } : null,
    discards: state.discards.length,
    melds: state.melds.map((m) => ({ id: m.id, owner: m.owner, cards: m.cards.map((c) => ({ ...c })) })),
    seats: state.players.map((p) => ({
      seat: p.seat,
      stack: p.stack,
      cards: p.hand.length,
      melded: hasMeld(state, p.seat),
      sapawed: p.sapawed,
      answer: p.answer,
      ...(over ? { hand: p.hand.map((c) => ({ ...c })), points: handPoints(p.hand) } : {}),
    })),
    hand: me ? me.hand.map((c) => ({ ...c })) : null,
    canCallDraw: me ? tongitsCanCallDraw(state, me.seat) : false,
    caller: seatOf(state.caller),
    end: state.end && { ...state.end },
  };
}
