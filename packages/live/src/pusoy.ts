import { type Card, isCard, type Suit } from './cards.ts';
import type { PvpDealInput, PvpMoveResult, PvpOutcome, PvpRules, PvpSeatResult } from './pvp.ts';

/**
 * Pusoy Dos ("Big Two") as played in the Philippines, for the members-vs-members tables (issue 17). The rules, as
 * the engine applies them:
 *
 * - Seats: 2 to 4. One 52-card deck (`input.deck`, the committed shuffle) is dealt one card at a time round the
 *   table in seat order, starting with the first seat after `input.button` (wrapping to the lowest seat), until each
 *   seat holds 13 cards; with fewer than 4 seats the rest of the deck stays out, unseen. Play also moves round the
 *   table in seat order (to the next seat number, wrapping).
 * - Card order: rank 3 lowest, then 4 … 10, J, Q, K, A, and 2 highest; within a rank the suits go, lowest to
 *   highest, clubs < spades < hearts < diamonds. So 3♣ is the lowest card and 2♦ the highest.
 * - The holder of 3♣ leads the first trick, and that first play must contain 3♣. With fewer than 4 seats 3♣ may be
 *   out of play: then the holder of the lowest card dealt leads and the first play must contain that card.
 * - Plays: a single; a pair (two cards of a rank); three of a kind; or a five-card hand. Four cards, or a pair or
 *   triple of mixed ranks, are not plays. Singles compare by card; pairs by their higher card (rank, then that
 *   card's suit: 9♦9♣ beats 9♥9♠); triples by rank.
 * - Five-card hands, lowest class to highest: straight < flush < full house < four of a kind (with any fifth card)
 *   < straight flush. A higher class beats any hand of a lower class. Within a class:
 *   - straight: five consecutive ranks, the ace high (10-J-Q-K-A) or low (A-2-3-4-5), and 2-3-4-5-6 also counts;
 *     no wrapping past the ace (J-Q-K-A-2, Q-K-A-2-3, K-A-2-3-4 are not straights). Straights (and straight
 *     flushes) rank by their highest card in Pusoy order, rank then suit, the 2 highest: so 3-4-5-6-7 is the
 *     lowest straight, 10-J-Q-K-A is above 9-10-J-Q-K, and A-2-3-4-5 and 2-3-4-5-6 (whose highest card is the 2) are
 *     the highest, between themselves by the suit of the 2;
 *   - flush: the ranks from the highest down, the first difference decides (as in poker, in Pusoy rank order);
 *     five equal ranks are decided by the suit (diamonds highest);
 *   - full house: the rank of the three; four of a kind: the rank of the four.
 * - A play must have as many cards as the trick's lead and beat the play on the table. There are no bombs: a four
 *   of a kind beats only five-card hands. A seat may pass instead of playing, except the seat that leads a new
 *   trick; a seat that passed sits out the rest of that trick. When every other seat has passed since the last
 *   play, the trick ends and the seat that made that play leads a new trick with any play.
 * - The hand ends as soon as a seat has played its last card: that seat wins. Each loser pays `stake` × the cards
 *   left in its hand × a multiplier: ×1 for 1–9 cards left, ×2 for 10–12, ×3 for 13 (never played); never more than
 *   the loser's stack (the server seats at least `minStackStakes` = 39 stakes, 13 × 3, so the cap only matters
 *   when a stack fell below that). The winner receives what the losers paid minus the rake: `rakeBps` of it,
 *   rounded down, at most `rakeCap`. Σ stacks before = Σ stacks after + rake.
 *
 * The state is plain JSON (the server keeps it in jsonb): cards as `{ rank, suit }`, seats by their table number.
 */

export type PusoyMove = { type: 'play'; cards: Card[] } | { type: 'pass' };

/** Suits from lowest to highest, the Philippine order. */
export const pusoySuitOrder: readonly Suit[] = ['C', 'S', 'H', 'D'];

/** A rank's place in Pusoy order: 0 for a 3 … 10 for a king, 11 for an ace, 12 for a 2. */
export function pusoyRankPower(rank: number): number {
  return (rank + 10) % 13;
}

/** A card's place among the 52, 0 (3♣) to 51 (2♦): rank first, then suit. */
export function pusoyCardValue(card: Card): number {
  return pusoyRankPower(card.rank) * 4 + pusoySuitOrder.indexOf(card.suit);
}

export function comparePusoyCards(a: Card, b: Card): number {
  return pusoyCardValue(a) - pusoyCardValue(b);
}

/** Copies of `cards`, lowest first in Pusoy order. */
export function sortPusoy(cards: readonly Card[]): Card[] {
  return cards.map((c) => ({ rank: c.rank, suit: c.suit })).sort(comparePusoyCards);
}

export const pusoyFiveCardKinds = ['straight', 'flush', 'fullHouse', 'fourOfAKind', 'straightFlush'] as const;
export type PusoyFiveCardKind = (typeof pusoyFiveCardKinds)[number];
export type PusoyPlayKind = 'single' | 'pair' | 'triple' | PusoyFiveCardKind;

/**
 * A classified play: its kind, size and a key compared number by number (higher wins) against plays of the same
 * kind. The key is what the rules above compare: a card value, a rank power, or ranks then suit for a flush.
 */
export type PusoyPlay = { kind: PusoyPlayKind; size: 1 | 2 | 3 | 5; key: number[] };

const cardId = (card: Card): string => `${card.rank}${card.suit}`;

/** Five consecutive ranks, ace low or high, no wrapping past the ace: A-2-3-4-5 … 10-J-Q-K-A. */
function isStraight(cards: readonly Card[]): boolean {
  const ranks = [...new Set(cards.map((c) => c.rank))].sort((a, b) => a - b);
  if (ranks.length !== 5) return false;
  return ranks[4]! - ranks[0]! === 4 || ranks.join(',') === '1,10,11,12,13';
}

function classifyFive(cards: readonly Card[]): PusoyPlay | null {
  const sorted = [...cards].sort(comparePusoyCards);
  const top = pusoyCardValue(sorted[4]!);
  const flush = sorted.every((c) => c.suit === sorted[0]!.suit);
  const straight = isStraight(sorted);
  if (straight && flush) return { kind: 'straightFlush', size: 5, key: [top] };
  const counts = new Map<number, number>();
  for (const c of sorted) counts.set(c.rank, (counts.get(c.rank) ?? 0) + 1);
  const groups = [...counts].sort((a, b) => b[1] - a[1]);
  const [most, next] = [groups[0]!, groups[1]!];
  if (most[1] === 4) return { kind: 'fourOfAKind', size: 5, key: [pusoyRankPower(most[0])] };
  if (most[1] === 3 && next[1] === 2) return { kind: 'fullHouse', size: 5, key: [pusoyRankPower(most[0])] };
  if (flush) {
    const powers = sorted.map((c) => pusoyRankPower(c.rank)).reverse();
    return { kind: 'flush', size: 5, key: [...powers, pusoySuitOrder.indexOf(sorted[0]!.suit)] };
  }
  if (straight) return { kind: 'straight', size: 5, key: [top] };
  return null;
}

/** What `cards` make as a play, or null when they are not one (not cards, a card twice, four cards, a gap …). */
export function classifyPlay(cards: readonly Card[]): PusoyPlay | null {
  if (!Array.isArray(cards) || !cards.every(isCard)) return null;
  if (new Set(cards.map(cardId)).size !== cards.length) return null;
  const sameRank = cards.every((c) => c.rank === cards[0]?.rank);
  switch (cards.length) {
    case 1:
      return { kind: 'single', size: 1, key: [pusoyCardValue(cards[0]!)] };
    case 2:
      return sameRank ? { kind: 'pair', size: 2, key: [Math.max(...cards.map(pusoyCardValue))] } : null;
    case 3:
      return sameRank ? { kind: 'triple', size: 3, key: [pusoyRankPower(cards[0]!.rank)] } : null;
    case 5:
      return classifyFive(cards);
    default:
      return null;
  }
}

/** > 0 when `a` is stronger than `b`, < 0 when weaker, 0 when equal; null when they cannot meet (sizes differ). */
export function comparePlays(a: PusoyPlay, b: PusoyPlay): number | null {
  if (a.size !== b.size) return null;
  if (a.size === 5) {
    const byKind =
      pusoyFiveCardKinds.indexOf(a.kind as PusoyFiveCardKind) -
      pusoyFiveCardKinds.indexOf(b.kind as PusoyFiveCardKind);
    if (byKind !== 0) return byKind;
  }
  for (let i = 0; i < Math.max(a.key.length, b.key.length); i++) {
    const d = (a.key[i] ?? -1) - (b.key[i] ?? -1);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * Whether `cards` may be played on `table`: a valid play of the same size that is stronger. With nothing on the
 * table (a new trick) any valid play does. Only the combination is checked, not who holds the cards.
 */
export function beats(cards: readonly Card[], table: readonly Card[] | null): boolean {
  const play = classifyPlay(cards);
  if (play === null) return false;
  if (table === null) return true;
  const lead = classifyPlay(table);
  if (lead === null) return false;
  const order = comparePlays(play, lead);
  return order !== null && order > 0;
}

function combinations<T>(items: readonly T[], size: number): T[][] {
  const out: T[][] = [];
  const pick: T[] = [];
  const walk = (from: number) => {
    if (pick.length === size) {
      out.push([...pick]);
      return;
    }
    for (let i = from; i <= items.length - (size - pick.length); i++) {
      pick.push(items[i]!);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

/** Groups `cards` (already in Pusoy order) by a property, keeping that order within each group. */
function groupBy<K>(cards: readonly Card[], key: (card: Card) => K): Map<K, Card[]> {
  const groups = new Map<K, Card[]>();
  for (const c of cards) groups.set(key(c), [...(groups.get(key(c)) ?? []), c]);
  return groups;
}

/** Each straight's ranks, ace low (A-2-3-4-5) to ace high (10-J-Q-K-A). */
const straightRanks = Array.from({ length: 10 }, (_, i) =>
  [1, 2, 3, 4, 5].map((r) => ((r + i - 1) % 13) + 1),
);

/**
 * The candidate sets of `size` cards that can be a play: built from the ranks and suits held rather than by trying
 * all 1,287 five-card subsets of 13 cards, so the client can list plays on every turn. Straight flushes come from
 * both the straights and the flushes; duplicates are dropped by the caller.
 */
function candidates(sorted: readonly Card[], size: number): Card[][] {
  const byRank = groupBy(sorted, (c) => c.rank);
  if (size === 1) return sorted.map((c) => [c]);
  if (size === 2 || size === 3) return [...byRank.values()].flatMap((g) => combinations(g, size));
  if (size !== 5) return [];
  const out: Card[][] = [];
  for (const ranks of straightRanks) {
    let partial: Card[][] = [[]];
    for (const r of ranks) partial = partial.flatMap((p) => (byRank.get(r) ?? []).map((c) => [...p, c]));
    out.push(...partial);
  }
  for (const suited of groupBy(sorted, (c) => c.suit).values()) out.push(...combinations(suited, 5));
  for (const [rank, group] of byRank) {
    const others = sorted.filter((c) => c.rank !== rank);
    for (const three of combinations(group, 3))
      for (const [r2, g2] of byRank)
        if (r2 !== rank) for (const two of combinations(g2, 2)) out.push([...three, ...two]);
    if (group.length === 4) for (const c of others) out.push([...group, c]);
  }
  return out;
}

/**
 * Every play `hand` could make on `table` (null: leading), weakest first by size and strength; `mustInclude` is the
 * card the hand's first play has to contain. For the client to light up playable cards, and for timeouts and tests.
 */
export function legalPlays(
  hand: readonly Card[],
  table: readonly Card[] | null,
  mustInclude: Card | null = null,
): Card[][] {
  const sorted = sortPusoy(hand);
  const lead = table === null ? null : classifyPlay(table);
  if (table !== null && lead === null) return [];
  const sizes = lead === null ? [1, 2, 3, 5] : [lead.size];
  const found = new Map<string, { cards: Card[]; play: PusoyPlay }>();
  for (const size of sizes) {
    for (const set of candidates(sorted, size)) {
      const cards = sortPusoy(set);
      if (mustInclude !== null && !cards.some((c) => cardId(c) === cardId(mustInclude))) continue;
      const play = classifyPlay(cards);
      if (play === null) continue;
      if (lead !== null && (comparePlays(play, lead) ?? 0) <= 0) continue;
      found.set(cards.map(cardId).join(' '), { cards, play });
    }
  }
  return [...found.values()]
    .sort((a, b) => a.play.size - b.play.size || (comparePlays(a.play, b.play) ?? 0))
    .map((f) => f.cards);
}

/** The loss multiplier for the cards a loser still holds: ×3 for all 13, ×2 for 10–12, ×1 below. */
export function pusoyMultiplier(cardsLeft: number): number {
  return cardsLeft >= 13 ? 3 : cardsLeft >= 10 ? 2 : 1;
}

/** The most a loser can owe in one hand, in stakes: 13 cards × 3. */
export const pusoyWorstLossStakes = 13 * pusoyMultiplier(13);

export type PusoyPlayer = { seat: number; stackBefore: number; hand: Card[] };

export type PusoyState = {
  game: 'PUSOY';
  stake: number;
  rakeBps: number;
  rakeCap: number;
  /** In seat order; `hand` is what the seat still holds, lowest first. */
  players: PusoyPlayer[];
  /** The seat to move, null once the hand is over. */
  toAct: number | null;
  /** The play to beat and who made it; null when the seat to act leads a new trick. At the end: the last play. */
  table: { seat: number; cards: Card[] } | null;
  /** Seats that passed in this trick: they sit it out until a new trick starts. */
  passed: number[];
  /** The card the hand's first play must contain (3♣, or the lowest card dealt); null once it is played. */
  opening: Card | null;
  winner: number | null;
  /** Every move in order, for the hand history: the cards played, or null for a pass. */
  moves: { seat: number; cards: Card[] | null }[];
};

const isWhole = (n: unknown, min = 0): n is number => Number.isSafeInteger(n) && (n as number) >= min;

function dealPusoy(input: PvpDealInput): PusoyState {
  const { seats, deck } = input;
  if (seats.length < 2 || seats.length > 4) throw new RangeError('Pusoy Dos is played by 2 to 4 seats');
  seats.forEach((s, i) => {
    if (!Number.isSafeInteger(s.seat) || (i > 0 && s.seat <= seats[i - 1]!.seat))
      throw new RangeError('seats must be distinct integers in seat order');
    if (!isWhole(s.stack)) throw new RangeError('a stack is a whole number of minor units');
  });
  if (!isWhole(input.stake, 1)) throw new RangeError('the stake is a positive whole number of minor units');
  if (!isWhole(input.rakeBps) || input.rakeBps > 10_000) throw new RangeError('rakeBps is 0 to 10000');
  if (!isWhole(input.rakeCap)) throw new RangeError('rakeCap is a whole number of minor units');
  if (!Number.isSafeInteger(input.button)) throw new RangeError('the button is a seat number');
  if (deck.length !== 52 || !deck.every(isCard) || new Set(deck.map(cardId)).size !== 52)
    throw new RangeError('the deck must be the 52 cards of one deck');

  const n = seats.length;
  const after = seats.findIndex((s) => s.seat > input.button);
  const first = after === -1 ? 0 : after;
  const hands: Card[][] = seats.map(() => []);
  for (let k = 0; k < 13 * n; k++) {
    const card = deck[k]!;
    hands[(first + k) % n]!.push({ rank: card.rank, suit: card.suit });
  }
  const players = seats.map((s, i) => ({ seat: s.seat, stackBefore: s.stack, hand: sortPusoy(hands[i]!) }));
  // The opening card is the lowest dealt: 3♣ whenever it is in play.
  const opening = sortPusoy(hands.flat())[0]!;
  const leader = players.find((p) => p.hand.some((c) => cardId(c) === cardId(opening)))!;
  return {
    game: 'PUSOY',
    stake: input.stake,
    rakeBps: input.rakeBps,
    rakeCap: input.rakeCap,
    players,
    toAct: leader.seat,
    table: null,
    passed: [],
    opening,
    winner: null,
    moves: [],
  };
}

const refuse = (
  code: 'pvp_not_your_turn' | 'pvp_illegal_move' | 'pvp_hand_over',
): PvpMoveResult<PusoyState> => ({
  ok: false,
  code,
});

/** Moves the turn on from the player at `from`: the next seat that has not passed; reaching the seat whose play is
 *  on the table means every other seat passed, so that seat leads a new trick. */
function passTurn(state: PusoyState, from: number): void {
  const n = state.players.length;
  for (let k = 1; k <= n; k++) {
    const seat = state.players[(from + k) % n]!.seat;
    if (state.table !== null && seat === state.table.seat) {
      state.table = null;
      state.passed = [];
      state.toAct = seat;
      return;
    }
    if (!state.passed.includes(seat)) {
      state.toAct = seat;
      return;
    }
  }
}

/**
 * One move. States are values: the state given is never changed, and the next one shares the parts the move leaves
 * alone (hands of other seats, earlier moves) instead of deep-copying the whole hand on every move.
 */
function applyPusoy(state: PusoyState, seat: number, move: PusoyMove): PvpMoveResult<PusoyState> {
  if (state.winner !== null || state.toAct === null) return refuse('pvp_hand_over');
  if (seat !== state.toAct) return refuse('pvp_not_your_turn');
  const at = state.players.findIndex((p) => p.seat === seat);
  if (at === -1) return refuse('pvp_not_your_turn');
  const next: PusoyState = {
    ...state,
    players: state.players.map((p) => ({ ...p })),
    passed: [...state.passed],
    moves: [...state.moves],
  };

  if (move?.type === 'pass') {
    if (state.table === null) return refuse('pvp_illegal_move'); // the leader must play
    next.passed.push(seat);
    next.moves.push({ seat, cards: null });
    passTurn(next, at);
    return { ok: true, state: next };
  }
  if (move?.type !== 'play' || !Array.isArray(move.cards)) return refuse('pvp_illegal_move');
  const cards = move.cards;
  if (classifyPlay(cards) === null) return refuse('pvp_illegal_move');
  const player = next.players[at]!;
  const held = new Set(player.hand.map(cardId));
  if (!cards.every((c) => held.has(cardId(c)))) return refuse('pvp_illegal_move');
  const opening = state.opening;
  if (opening !== null && !cards.some((c) => cardId(c) === cardId(opening)))
    return refuse('pvp_illegal_move');
  if (!beats(cards, state.table?.cards ?? null)) return refuse('pvp_illegal_move');

  const played = new Set(cards.map(cardId));
  player.hand = player.hand.filter((c) => !played.has(cardId(c)));
  next.table = { seat, cards: sortPusoy(cards) };
  next.opening = null;
  next.moves.push({ seat, cards: sortPusoy(cards) });
  if (player.hand.length === 0) {
    next.winner = seat;
    next.toAct = null;
    next.passed = [];
  } else {
    passTurn(next, at);
  }
  return { ok: true, state: next };
}

/** Hostile JSON to a move: `{type:'pass'}` or `{type:'play', cards:[{rank,suit}, …1–5]}`, nothing more. */
function parsePusoyMove(raw: unknown): PusoyMove | null {
  const plain = (v: unknown): v is Record<string, unknown> =>
    typeof v === 'object' &&
    v !== null &&
    !Array.isArray(v) &&
    [Object.prototype, null].includes(Object.getPrototypeOf(v));
  const only = (v: Record<string, unknown>, keys: string[]) =>
    Object.keys(v).length === keys.length && keys.every((k) => Object.hasOwn(v, k));
  if (!plain(raw)) return null;
  if (raw.type === 'pass') return only(raw, ['type']) ? { type: 'pass' } : null;
  if (raw.type !== 'play' || !only(raw, ['type', 'cards'])) return null;
  const list = raw.cards;
  if (!Array.isArray(list) || list.length < 1 || list.length > 5) return null;
  const cards: Card[] = [];
  for (const c of list) {
    if (!plain(c) || !only(c, ['rank', 'suit']) || !isCard(c)) return null;
    cards.push({ rank: c.rank, suit: c.suit });
  }
  return { type: 'play', cards };
}

/** On a timeout or a leave: pass when passing is allowed; when leading, the lowest card alone (on the first play
 *  that is the opening card, 3♣). Keeps the seat's strong cards and gives away as little as possible. */
function pusoyTimeoutMove(state: PusoyState, seat: number): PusoyMove {
  if (state.toAct !== seat || state.table !== null) return { type: 'pass' };
  const hand = state.players.find((p) => p.seat === seat)?.hand ?? [];
  const lowest = state.opening ?? sortPusoy(hand)[0];
  return lowest === undefined
    ? { type: 'pass' }
    : { type: 'play', cards: [{ rank: lowest.rank, suit: lowest.suit }] };
}

export type PusoyView = {
  game: 'PUSOY';
  /** The viewer's seat, null for a spectator (or a seat not in this hand). */
  seat: number | null;
  /** The viewer's own cards, lowest first; null for a spectator. */
  hand: Card[] | null;
  /** Every seat: how many cards it holds, whether it passed this trick; `hand` only once the hand is over. */
  seats: { seat: number; cards: number; passed: boolean; hand?: Card[] }[];
  table: { seat: number; cards: Card[]; kind: PusoyPlayKind } | null;
  toAct: number | null;
  /** The seat to act leads a new trick (may play anything, may not pass). */
  leading: boolean;
  opening: Card | null;
  winner: number | null;
  stake: number;
  moves: { seat: number; cards: Card[] | null }[];
};

function viewPusoy(state: PusoyState, seat: number | null): PusoyView {
  const over = state.winner !== null;
  const me = state.players.find((p) => p.seat === seat) ?? null;
  const lead = state.table === null ? null : classifyPlay(state.table.cards);
  return {
    game: 'PUSOY',
    seat: me?.seat ?? null,
    hand: me === null ? null : sortPusoy(me.hand),
    seats: state.players.map((p) => ({
      seat: p.seat,
      cards: p.hand.length,
      passed: state.passed.includes(p.seat),
      ...(over ? { hand: sortPusoy(p.hand) } : {}),
    })),
    table:
      state.table === null || lead === null
        ? null
        : { seat: state.table.seat, cards: sortPusoy(state.table.cards), kind: lead.kind },
    toAct: state.toAct,
    leading: state.toAct !== null && state.table === null,
    opening: state.opening,
    winner: state.winner,
    stake: state.stake,
    moves: state.moves.map((m) => ({ seat: m.seat, cards: m.cards === null ? null : sortPusoy(m.cards) })),
  };
}

/**
 * The settlement: each loser pays stake × cards left × multiplier, capped at its stack; the winner gets the sum
 * less the rake. One pot: `amount` is what the losers paid (the winner receives amount − rake).
 */
function outcomePusoy(state: PusoyState): PvpOutcome | null {
  if (state.winner === null) return null;
  let paid = 0;
  const seats: PvpSeatResult[] = state.players.map((p) => {
    if (p.seat === state.winner) return { seat: p.seat, stack: p.stackBefore, net: 0, hand: 'winner' };
    const owed = state.stake * p.hand.length * pusoyMultiplier(p.hand.length);
    const pays = Math.min(owed, p.stackBefore);
    paid += pays;
    // 0 − pays, not −pays: a loser with nothing to pay nets 0, never −0.
    return { seat: p.seat, stack: p.stackBefore - pays, net: 0 - pays, hand: `cardsLeft:${p.hand.length}` };
  });
  // BigInt: a large pot × basis points may pass 2^53 before the division.
  const rake = Math.min(Number((BigInt(paid) * BigInt(state.rakeBps)) / 10_000n), state.rakeCap);
  const winner = seats.find((s) => s.seat === state.winner)!;
  winner.stack += paid - rake;
  winner.net = paid - rake;
  return { seats, rake, pots: [{ amount: paid, winners: [state.winner] }] };
}

export const pusoyRules: PvpRules<PusoyState, PusoyMove> = {
  code: 'PUSOY',
  minSeats: 2,
  maxSeats: 4,
  minStackStakes: pusoyWorstLossStakes,
  deal: dealPusoy,
  toAct: (state) => state.toAct,
  parseMove: parsePusoyMove,
  apply: applyPusoy,
  timeoutMove: pusoyTimeoutMove,
  view: viewPusoy,
  outcome: outcomePusoy,
};
