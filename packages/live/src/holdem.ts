import { type Card, isCard } from './cards.ts';
import { evaluateHand, type HandCategory } from './holdem-hands.ts';
import type { PvpDealInput, PvpMoveResult, PvpOutcome, PvpRules } from './pvp.ts';

/**
 * No-limit Texas Hold'em for 2–6 members (issue 17), behind the PvP rules interface. The state is plain JSON: the
 * server stores it in the hand's row and applies one move at a time. It holds every card of the hand (the hole
 * cards and the five board cards still face down), so it never leaves the server: clients get `view`.
 *
 * Rules, where tables differ:
 * - Blinds: small = ⌊stake/2⌋, big = stake, posted by the two seats after the button; heads-up the button posts the
 *   small blind and acts first before the flop, last after. A seat short of its blind posts what it has (all-in);
 *   the others still owe the full big blind, and what nobody matched comes back at the end.
 * - Deal, from the committed deck in order: one card to each seat starting left of the button, a second round the
 *   same way; then burn, flop (3), burn, turn, burn, river. Card k of the deck is always the same card of the hand.
 * - A raise is at least the last full raise of the round (at least the big blind; a bet counts as a raise from 0).
 *   An all-in for less does not reopen the betting for seats that already acted since the last full raise: they
 *   may only call or fold (a check is an action: after a check, an all-in bet below the big blind may be called
 *   or folded, not raised). Nobody may raise when no other seat in the hand has chips left to answer with.
 * - Folding is allowed even when checking is free. At a showdown every seat still in the hand shows (no mucking);
 *   folded cards are never shown. A seat that wins because everyone else folded shows nothing.
 * - The uncalled part of the last bet goes back to its owner before the pots are made; pots are built from the
 *   all-in levels and each is split among the best hands of the seats still in the hand that covered it.
 * - Odd chips of a split pot go one by one to the winners in order clockwise from the first seat left of the
 *   button.
 * - Rake: ⌊pot × rakeBps / 10000⌋ from each pot, main pot first, the total capped at `rakeCap`, and none when the
 *   hand ends before the flop ("no flop, no drop"; a hand whose board is run out after an all-in did see a flop).
 */
export type HoldemMove =
  | { type: 'fold' }
  | { type: 'check' }
  | { type: 'call' }
  /** `to` is the seat's whole bet in this betting round (a bet when nothing is bet yet). */
  | { type: 'raise'; to: number }
  | { type: 'allIn' };

export type HoldemStreet = 'preflop' | 'flop' | 'turn' | 'river' | 'over';

export type HoldemPlayer = {
  seat: number;
  /** The stack when the hand began. */
  start: number;
  /** The chips not yet bet. */
  stack: number;
  hole: Card[];
  /** Bet in this betting round. */
  bet: number;
  /** Bet in the whole hand (this round included). */
  committed: number;
  folded: boolean;
  allIn: boolean;
  /** Acted since the last full raise: such a seat may call or fold a short all-in but not raise it. */
  acted: boolean;
  /** At a showdown: what the seat showed, and its best five cards. */
  hand: HandCategory | null;
  best: Card[] | null;
};

export type HoldemPot = {
  /** Chips paid to the winners, the pot's rake taken out. */
  amount: number;
  rake: number;
  /** The seats in the hand that covered this pot. */
  eligible: number[];
  winners: number[];
};

export type HoldemState = {
  game: 'HOLDEM';
  button: number;
  smallBlind: number;
  bigBlind: number;
  rakeBps: number;
  rakeCap: number;
  /** In seat order. */
  players: HoldemPlayer[];
  /** The five board cards in the order they are turned (flop, turn, river): secret until `board` shows them. */
  runout: Card[];
  board: Card[];
  street: HoldemStreet;
  toAct: number | null;
  /** The highest bet of this round, and the size of its last full raise (the next raise's minimum). */
  currentBet: number;
  minRaise: number;
  result: {
    pots: HoldemPot[];
    rake: number;
    /** The uncalled bet given back to its owner. */
    returned: { seat: number; amount: number } | null;
    showdown: boolean;
  } | null;
};

export type HoldemSeatView = {
  seat: number;
  stack: number;
  bet: number;
  committed: number;
  folded: boolean;
  allIn: boolean;
  /** The seat's own cards, or everyone's shown at the showdown; otherwise null. */
  cards: Card[] | null;
  hand: HandCategory | null;
  best: Card[] | null;
};

export type HoldemView = {
  game: 'HOLDEM';
  street: HoldemStreet;
  button: number;
  smallBlind: number;
  bigBlind: number;
  board: Card[];
  /** During the hand: the chips of earlier rounds by pot (this round's are in the seats' `bet`); after: as paid. */
  pots: { amount: number; eligible: number[]; winners?: number[]; rake?: number }[];
  seats: HoldemSeatView[];
  toAct: number | null;
  /** What the seat to act may do: the chips a call adds, and the raise's `to` range (null when it may not raise). */
  action: { seat: number; toCall: number; minRaiseTo: number | null; maxRaiseTo: number | null } | null;
  rake: number | null;
  returned: { seat: number; amount: number } | null;
};

const moveTypes = new Set(['fold', 'check', 'call', 'raise', 'allIn']);

const indexOf = (state: HoldemState, seat: number): number => state.players.findIndex((p) => p.seat === seat);
const buttonIndex = (state: HoldemState): number => indexOf(state, state.button);
const inHand = (state: HoldemState): HoldemPlayer[] => state.players.filter((p) => !p.folded);
/** Seats that can still bet: in the hand and not all-in. */
const live = (state: HoldemState): HoldemPlayer[] => state.players.filter((p) => !p.folded && !p.allIn);

/** Seats in order clockwise from the first seat left of the button (the deal's and the odd chips' order). */
function clockwise(state: HoldemState, seats: readonly number[]): number[] {
  const n = state.players.length;
  const b = buttonIndex(state);
  const place = (seat: number) => (indexOf(state, seat) - b - 1 + n) % n;
  return [...seats].sort((x, y) => place(x) - place(y));
}

function put(player: HoldemPlayer, chips: number): void {
  const amount = Math.min(chips, player.stack);
  player.stack -= amount;
  player.bet += amount;
  player.committed += amount;
  if (player.stack === 0) player.allIn = true;
}

/** Another seat in the hand still has chips, so a raise could be answered. */
const anyoneToAnswer = (state: HoldemState, player: HoldemPlayer): boolean =>
  live(state).some((p) => p !== player);

function mayRaise(state: HoldemState, player: HoldemPlayer): boolean {
  return !player.acted && anyoneToAnswer(state, player) && player.bet + player.stack > state.currentBet;
}

/**
 * The round is over when every seat that can bet has acted since the last full raise and matched the highest bet.
 * With one such seat left, it has nobody to bet against: once it has matched, the round is over too.
 */
function roundComplete(state: HoldemState): boolean {
  const canBet = live(state);
  if (canBet.length === 0) return true;
  if (canBet.length === 1) return canBet[0]!.bet >= state.currentBet;
  return canBet.every((p) => p.acted && p.bet === state.currentBet);
}

/** The first seat after index `from` (clockwise) that can bet and owes an action. */
function nextToAct(state: HoldemState, from: number): number {
  const n = state.players.length;
  for (let k = 1; k <= n; k++) {
    const p = state.players[(from + k) % n]!;
    if (!p.folded && !p.allIn && (!p.acted || p.bet < state.currentBet)) return p.seat;
  }
  throw new Error('no seat owes an action in an open betting round');
}

/** Ends the round: bets go to the pot and the next street is turned. */
function nextStreet(state: HoldemState): void {
  for (const p of state.players) {
    p.bet = 0;
    p.acted = false;
  }
  state.currentBet = 0;
  state.minRaise = state.bigBlind;
  const shown = { preflop: 3, flop: 4, turn: 5 } as Record<HoldemStreet, number>;
  state.board = state.runout.slice(0, shown[state.street]);
  state.street = state.street === 'preflop' ? 'flop' : state.street === 'flop' ? 'turn' : 'river';
}

/** After the deal or a move by the seat at index `from`: the next seat to act, the next street or the end. */
function progress(state: HoldemState, from: number): void {
  if (inHand(state).length === 1) {
    finish(state, false);
    return;
  }
  let after = from;
  while (roundComplete(state)) {
    if (state.street === 'river') {
      finish(state, true);
      return;
    }
    nextStreet(state);
    after = buttonIndex(state);
  }
  state.toAct = nextToAct(state, after);
}

/**
 * Pots by level: each level is a contribution of a seat still in the hand (an all-in, or what the last seats
 * standing all put in); a pot takes from every seat, folded or not, what it put in between the previous level and
 * this one, and the seats in the hand that reached the level are eligible for it.
 */
function buildPots(
  players: readonly HoldemPlayer[],
  amount: (p: HoldemPlayer) => number,
): { amount: number; eligible: number[] }[] {
  const contenders = players.filter((p) => !p.folded);
  const levels = [...new Set(contenders.map(amount))].filter((l) => l > 0).sort((a, b) => a - b);
  const pots: { amount: number; eligible: number[] }[] = [];
  let previous = 0;
  for (const level of levels) {
    const chips = players.reduce(
      (sum, p) => sum + Math.min(amount(p), level) - Math.min(amount(p), previous),
      0,
    );
    pots.push({ amount: chips, eligible: contenders.filter((p) => amount(p) >= level).map((p) => p.seat) });
    previous = level;
  }
  // Chips folded above the top level (none once the uncalled bet is back, but never lose a chip) join the last pot.
  const above = players.reduce((sum, p) => sum + Math.max(0, amount(p) - previous), 0);
  if (above > 0 && pots.length > 0) pots[pots.length - 1]!.amount += above;
  return pots;
}

/** ⌊amount × bps / 10000⌋ without leaving safe integers for any safe amount. */
const share = (amount: number, bps: number): number =>
  Math.floor(amount / 10000) * bps + Math.floor(((amount % 10000) * bps) / 10000);

function finish(state: HoldemState, showdown: boolean): void {
  state.toAct = null;
  // The uncalled part of the biggest contribution goes back: nobody could win it.
  const byCommitted = [...state.players].sort((a, b) => b.committed - a.committed);
  const [top, second] = [byCommitted[0]!, byCommitted[1]!];
  let returned: { seat: number; amount: number } | null = null;
  if (top.committed > second.committed) {
    const amount = top.committed - second.committed;
    top.committed -= amount;
    top.stack += amount;
    returned = { seat: top.seat, amount };
  }
  // Everyone still in shows at a showdown; a seat left alone by folds wins unseen (all scores equal).
  const scores = new Map<number, number>();
  if (showdown) state.board = state.runout.slice(0, 5);
  for (const p of inHand(state)) {
    if (!showdown) {
      scores.set(p.seat, 0);
      continue;
    }
    const value = evaluateHand([...p.hole, ...state.board]);
    p.hand = value.category;
    p.best = value.cards;
    scores.set(p.seat, value.score);
  }
  const flopSeen = state.board.length >= 3;
  let rake = 0;
  const pots: HoldemPot[] = [];
  for (const pot of buildPots(state.players, (p) => p.committed)) {
    const bestScore = Math.max(...pot.eligible.map((seat) => scores.get(seat)!));
    const winners = clockwise(
      state,
      pot.eligible.filter((seat) => scores.get(seat) === bestScore),
    );
    const potRake = flopSeen ? Math.min(share(pot.amount, state.rakeBps), state.rakeCap - rake) : 0;
    rake += potRake;
    const paid = pot.amount - potRake;
    const each = Math.floor(paid / winners.length);
    const odd = paid - each * winners.length;
    winners.forEach((seat, i) => {
      state.players[indexOf(state, seat)]!.stack += each + (i < odd ? 1 : 0);
    });
    pots.push({ amount: paid, rake: potRake, eligible: pot.eligible, winners });
  }
  for (const p of state.players) p.bet = 0;
  state.street = 'over';
  state.result = { pots, rake, returned, showdown };
}

function checkInput(input: PvpDealInput): void {
  const { seats, stake, rakeBps, rakeCap, deck } = input;
  if (seats.length < 2 || seats.length > 6) throw new RangeError("hold'em is for 2 to 6 seats");
  if (new Set(seats.map((s) => s.seat)).size !== seats.length) throw new RangeError('a seat is listed twice');
  for (const s of seats) {
    if (!Number.isSafeInteger(s.seat) || s.seat < 0)
      throw new RangeError('a seat number is a whole number ≥ 0');
    if (!Number.isSafeInteger(s.stack) || s.stack <= 0)
      throw new RangeError('a stack is a positive whole number');
  }
  if (!seats.some((s) => s.seat === input.button)) throw new RangeError('the button is not one of the seats');
  if (!Number.isSafeInteger(stake) || stake < 2) throw new RangeError('the big blind is a whole number ≥ 2');
  if (!Number.isInteger(rakeBps) || rakeBps < 0 || rakeBps > 10000)
    throw new RangeError('rakeBps is 0 to 10000');
  if (!Number.isSafeInteger(rakeCap) || rakeCap < 0) throw new RangeError('rakeCap is a whole number ≥ 0');
  if (deck.length < 2 * seats.length + 8 || !deck.every(isCard))
    throw new RangeError('the deck is too short');
  if (new Set(deck.map((c) => `${c.rank}${c.suit}`)).size !== deck.length)
    throw new RangeError('a card repeats');
}

function deal(input: PvpDealInput): HoldemState {
  checkInput(input);
  const players: HoldemPlayer[] = [...input.seats]
    .sort((a, b) => a.seat - b.seat)
    .map((s) => ({
      seat: s.seat,
      start: s.stack,
      stack: s.stack,
      hole: [],
      bet: 0,
      committed: 0,
      folded: false,
      allIn: false,
      acted: false,
      hand: null,
      best: null,
    }));
  const n = players.length;
  const card = (k: number): Card => ({ rank: input.deck[k]!.rank, suit: input.deck[k]!.suit });
  const b = players.findIndex((p) => p.seat === input.button);
  for (let round = 0; round < 2; round++)
    for (let k = 0; k < n; k++) players[(b + 1 + k) % n]!.hole.push(card(round * n + k));
  const runout = [2 * n + 1, 2 * n + 2, 2 * n + 3, 2 * n + 5, 2 * n + 7].map(card); // burns at 2n, 2n+4, 2n+6
  const state: HoldemState = {
    game: 'HOLDEM',
    button: input.button,
    smallBlind: Math.floor(input.stake / 2),
    bigBlind: input.stake,
    rakeBps: input.rakeBps,
    rakeCap: input.rakeCap,
    players,
    runout,
    board: [],
    street: 'preflop',
    toAct: null,
    currentBet: input.stake,
    minRaise: input.stake,
    result: null,
  };
  // Heads-up the button is the small blind; otherwise the two seats after it post.
  const sb = n === 2 ? b : (b + 1) % n;
  const bb = (sb + 1) % n;
  put(players[sb]!, state.smallBlind);
  put(players[bb]!, state.bigBlind);
  progress(state, bb);
  return state;
}

function parseMove(raw: unknown): HoldemMove | null {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return null;
  const record = raw as Record<string, unknown>;
  const keys = Object.keys(record);
  const type = record.type;
  if (typeof type !== 'string' || !moveTypes.has(type)) return null;
  if (type === 'raise') {
    const to = record.to;
    if (keys.length !== 2 || typeof to !== 'number' || !Number.isSafeInteger(to) || to < 1) return null;
    return { type, to };
  }
  if (keys.length !== 1) return null;
  return { type } as HoldemMove;
}

/** Raises the seat's bet to `to` (a legal raise, checked by the caller); a full raise reopens the betting. */
function raiseTo(state: HoldemState, player: HoldemPlayer, to: number): void {
  const size = to - state.currentBet;
  if (size >= state.minRaise) {
    state.minRaise = size;
    for (const p of state.players) if (p !== player) p.acted = false;
  }
  state.currentBet = to;
  put(player, to - player.bet);
}

function apply(state: HoldemState, seat: number, move: HoldemMove): PvpMoveResult<HoldemState> {
  if (state.street === 'over' || state.toAct === null) return { ok: false, code: 'pvp_hand_over' };
  if (seat !== state.toAct) return { ok: false, code: 'pvp_not_your_turn' };
  const next = structuredClone(state);
  const index = indexOf(next, seat);
  const player = next.players[index]!;
  const toCall = next.currentBet - player.bet;
  const illegal = { ok: false, code: 'pvp_illegal_move' } as const;
  switch (move?.type) {
    case 'fold':
      player.folded = true;
      break;
    case 'check':
      if (toCall > 0) return illegal;
      break;
    case 'call':
      if (toCall <= 0) return illegal;
      put(player, toCall);
      break;
    case 'raise': {
      const to = move.to;
      if (!Number.isSafeInteger(to)) return illegal;
      if (to - player.bet > player.stack) return { ok: false, code: 'pvp_bet_above_stack' };
      if (to <= next.currentBet || !mayRaise(next, player)) return illegal;
      const allIn = to - player.bet === player.stack;
      if (!allIn && to < next.currentBet + next.minRaise) return illegal;
      raiseTo(next, player, to);
      break;
    }
    case 'allIn': {
      const to = player.bet + player.stack;
      if (to <= next.currentBet) put(player, player.stack);
      else if (mayRaise(next, player)) raiseTo(next, player, to);
      else return illegal;
      break;
    }
    default:
      return illegal;
  }
  player.acted = true;
  progress(next, index);
  return { ok: true, state: next };
}

function timeoutMove(state: HoldemState, seat: number): HoldemMove {
  const player = state.players[indexOf(state, seat)];
  return player && player.bet >= state.currentBet ? { type: 'check' } : { type: 'fold' };
}

function view(state: HoldemState, seat: number | null): HoldemView {
  const showdown = state.result?.showdown === true;
  const seats = state.players.map((p): HoldemSeatView => {
    const shown = showdown && !p.folded;
    return {
      seat: p.seat,
      stack: p.stack,
      bet: p.bet,
      committed: p.committed,
      folded: p.folded,
      allIn: p.allIn,
      cards: shown || p.seat === seat ? p.hole.map((c) => ({ ...c })) : null,
      hand: shown ? p.hand : null,
      best: shown && p.best ? p.best.map((c) => ({ ...c })) : null,
    };
  });
  let action: HoldemView['action'] = null;
  if (state.toAct !== null) {
    const p = state.players[indexOf(state, state.toAct)]!;
    const max = p.bet + p.stack;
    const canRaise = mayRaise(state, p);
    action = {
      seat: p.seat,
      toCall: Math.min(state.currentBet - p.bet, p.stack),
      minRaiseTo: canRaise ? Math.min(state.currentBet + state.minRaise, max) : null,
      maxRaiseTo: canRaise ? max : null,
    };
  }
  return {
    game: 'HOLDEM',
    street: state.street,
    button: state.button,
    smallBlind: state.smallBlind,
    bigBlind: state.bigBlind,
    board: state.board.map((c) => ({ ...c })),
    pots: state.result
      ? state.result.pots.map((pot) => ({ ...pot }))
      : buildPots(state.players, (p) => p.committed - p.bet),
    seats,
    toAct: state.toAct,
    action,
    rake: state.result?.rake ?? null,
    returned: state.result?.returned ?? null,
  };
}

function outcome(state: HoldemState): PvpOutcome | null {
  if (!state.result) return null;
  return {
    seats: state.players.map((p) => ({
      seat: p.seat,
      stack: p.stack,
      net: p.stack - p.start,
      ...(p.hand ? { hand: p.hand } : {}),
    })),
    rake: state.result.rake,
    pots: state.result.pots.map((pot) => ({ amount: pot.amount, winners: [...pot.winners] })),
  };
}

/** Hold'em's rules for the PvP table loop. */
export const holdem: PvpRules<HoldemState, HoldemMove> = {
  code: 'HOLDEM',
  minSeats: 2,
  maxSeats: 6,
  minStackStakes: 20,
  deal,
  toAct: (state) => state.toAct,
  parseMove,
  apply,
  timeoutMove,
  view,
  outcome,
};
