import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, cardLabel, orderedShoe, type Suit } from './cards.ts';
import { pvpDeck } from './pvp.ts';
import {
  cardPoints,
  handPoints,
  meldKind,
  tongitsRules as rules,
  type TongitsMove,
  type TongitsState,
  tongitsTimeoutDiscard,
  tongitsView,
} from './tongits.ts';

/** "AS", "10H", "KD" → the card. */
function card(label: string): Card {
  const rank = { A: 1, J: 11, Q: 12, K: 13 }[label.slice(0, -1)] ?? Number(label.slice(0, -1));
  return { rank, suit: label.slice(-1) as Suit };
}
const cards = (labels: string): Card[] => labels.split(/\s+/).filter(Boolean).map(card);

/**
 * A deck that deals the given hands (in play order from the dealer: 13, 12 and 12 cards) and starts the stock with
 * `stock`; the cards not named fill short hands, then the stock, in the ordered deck's order.
 */
function deckFor(hands: readonly [string, string, string], stock = ''): Card[] {
  const named = new Set([...hands, stock].flatMap((h) => cards(h).map(cardLabel)));
  const spare = orderedShoe(1).filter((c) => !named.has(cardLabel(c)));
  const [d, a, b] = hands.map((h, i) => {
    const hand = cards(h);
    return [...hand, ...spare.splice(0, (i === 0 ? 13 : 12) - hand.length)];
  }) as [Card[], Card[], Card[]];
  const deck: Card[] = [];
  for (let round = 0; round < 12; round++) deck.push(d[round] as Card, a[round] as Card, b[round] as Card);
  deck.push(d[12] as Card, ...cards(stock), ...spare);
  expect(new Set(deck.map(cardLabel)).size).toBe(52);
  return deck;
}

type Table = { stacks?: number[]; stake?: number; rakeBps?: number; rakeCap?: number };

/** Seats 0, 1, 2 with the button (the dealer) at seat 0; stake 10, rake 5% capped at 1000. */
function dealt(hands: readonly [string, string, string], stock = '', table: Table = {}): TongitsState {
  const stacks = table.stacks ?? [1000, 1000, 1000];
  return rules.deal({
    seats: stacks.map((stack, seat) => ({ seat, stack })),
    button: 0,
    stake: table.stake ?? 10,
    rakeBps: table.rakeBps ?? 500,
    rakeCap: table.rakeCap ?? 1000,
    deck: deckFor(hands, stock),
  });
}

/** Plays the moves in order, each of which must be accepted; the state is sent through JSON between moves. */
function play(state: TongitsState, moves: [number, TongitsMove][]): TongitsState {
  let s = state;
  for (const [seat, move] of moves) {
    const r = rules.apply(JSON.parse(JSON.stringify(s)), seat, move);
    if (!r.ok) throw new Error(`${JSON.stringify(move)} by seat ${seat}: ${r.code}`);
    s = r.state;
  }
  return s;
}

function refused(state: TongitsState, seat: number, move: TongitsMove): string {
  const r = rules.apply(state, seat, move);
  return r.ok ? 'accepted' : r.code;
}

const meld = (labels: string): TongitsMove => ({ type: 'meld', cards: cards(labels) });
const sapaw = (meldId: number, labels: string): TongitsMove => ({
  type: 'sapaw',
  meldId,
  cards: cards(labels),
});
const take = (labels: string): TongitsMove => ({ type: 'take', meld: cards(labels) });
const discard = (label: string): TongitsMove => ({ type: 'discard', card: card(label) });
const draw: TongitsMove = { type: 'draw' };

// The hands most tests deal. Dealer (seat 0): a spade run A-4, a set of sevens; QS QH 9C JC 6S 8S left (53 points).
// Seat 1: a heart run 4-6, a set of kings, a pair of jacks; 2D 7S 5S 8D. Seat 2: heart runs A-3 and 8-10, a club
// run 4-6; 9D 10D QD.
const hands = [
  'AS 2S 3S 4S 7H 7D 7C QS QH 9C JC 6S 8S',
  '4H 5H 6H KS KH KC 2D 7S 5S 8D JH JD',
  '9D 10D QD 2H 3H 8H 9H 10H 4C 5C 6C AH',
] as const;

/**
 * One round with the stock starting 3D KD: the dealer melds A-4 of spades (meld 1) and the sevens (2) and
 * discards QS (left: QH 9C JC 6S 8S = 43); seat 1 draws 3D, melds 4-6 of hearts (3) and the kings (4) and discards
 * `oneDiscards` (left with JD: 2D 7S 5S 8D JH 3D = 35; with 2D: 7S 5S 8D JH JD 3D = 43); seat 2 draws KD, melds
 * 8-10 of hearts (5) unless `twoMelds` is false, and discards QD (left 9D 10D 2H 3H 4C 5C 6C AH KD = 50, or 77 with
 * 8H 9H 10H). It is then the dealer's draw phase.
 */
function firstRound(opts: { oneDiscards?: string; twoMelds?: boolean; table?: Table } = {}): TongitsState {
  const s = dealt(hands, '3D KD', opts.table);
  return play(s, [
    [0, meld('AS 2S 3S 4S')],
    [0, meld('7H 7D 7C')],
    [0, discard('QS')],
    [1, draw],
    [1, meld('4H 5H 6H')],
    [1, meld('KS KH KC')],
    [1, discard(opts.oneDiscards ?? 'JD')],
    [2, draw],
    ...(opts.twoMelds === false ? [] : ([[2, meld('8H 9H 10H')]] as [number, TongitsMove][])),
    [2, discard('QD')],
  ]);
}

const points = (s: TongitsState) => s.players.map((p) => handPoints(p.hand));
const chips = (stacks: readonly number[]) => stacks.reduce((a, b) => a + b, 0);

describe('tongits: cards and melds', () => {
  it('counts ace 1, two to ten at face value, jack, queen and king 10', () => {
    expect(cards('AS 2H 9D 10C JS QH KD').map(cardPoints)).toEqual([1, 2, 9, 10, 10, 10, 10]);
    expect(handPoints(cards(hands[0]))).toBe(6 + 4 + 21 + 20 + 9 + 10 + 6 + 8);
    expect(handPoints([])).toBe(0);
  });

  it('takes sets of three or four of a rank and runs of three or more in a suit, the ace low only', () => {
    expect(meldKind(cards('7H 7D 7C'))).toBe('set');
    expect(meldKind(cards('KS KH KD KC'))).toBe('set');
    expect(meldKind(cards('AS 2S 3S'))).toBe('run');
    expect(meldKind(cards('3C 7C 5C 4C 6C'))).toBe('run'); // in any order
    expect(meldKind(cards('9D 10D JD QD KD'))).toBe('run');
    expect(meldKind(cards('QS KS AS'))).toBeNull(); // the ace is not high
    expect(meldKind(cards('KS AS 2S'))).toBeNull(); // no wrap
    expect(meldKind(cards('4H 5H 6D'))).toBeNull(); // two suits
    expect(meldKind(cards('4H 5H 7H'))).toBeNull(); // a gap
    expect(meldKind(cards('7H 7D'))).toBeNull(); // too few
    expect(meldKind(cards('4H 5H'))).toBeNull();
    expect(meldKind(cards('7H 7D 7H'))).toBeNull(); // a card twice
    expect(meldKind(cards('7H 7D 7C 7S 7H'))).toBeNull();
    expect(meldKind(cards('7H 7D 8D'))).toBeNull();
  });
});

describe('tongits: the deal', () => {
  it('deals one card at a time from the dealer in seat order, the dealer a 13th, and leaves 15 in the stock', () => {
    const deck = orderedShoe(1); // AS 2S … KS, AH … KH, AD … KD, AC … KC
    const s = rules.deal({
      seats: [
        { seat: 3, stack: 500 },
        { seat: 5, stack: 600 },
        { seat: 7, stack: 700 },
      ],
      button: 5,
      stake: 10,
      rakeBps: 500,
      rakeCap: 100,
      deck,
    });
    const handOf = (seat: number) => s.players.find((p) => p.seat === seat)?.hand;
    expect(handOf(5)?.map(cardLabel).join(' ')).toBe('AS 4S 7S 10S KS 3H 6H 9H QH 2D 5D 8D JD');
    expect(handOf(5)).toEqual([...Array.from({ length: 12 }, (_, r) => deck[3 * r]), deck[36]]);
    expect(handOf(7)).toEqual(Array.from({ length: 12 }, (_, r) => deck[3 * r + 1]));
    expect(handOf(3)).toEqual(Array.from({ length: 12 }, (_, r) => deck[3 * r + 2]));
    expect(s.stock).toEqual(deck.slice(37));
    expect(s.stock[0]).toEqual(card('QD'));
    // The dealer starts, without drawing; then seat 7, seat 3, back to seat 5.
    expect(rules.toAct(s)).toBe(5);
    expect(s.phase).toBe('play');
    expect(refused(s, 5, draw)).toBe('pvp_illegal_move');
    const after = play(s, [[5, discard('KS')]]);
    expect(rules.toAct(after)).toBe(7);
    expect(after.phase).toBe('draw');
    expect(
      rules.toAct(
        play(after, [
          [7, draw],
          [7, { type: 'discard', card: after.stock[0] as Card }],
        ]),
      ),
    ).toBe(3);
    expect(JSON.parse(JSON.stringify(s))).toEqual(s);
  });

  it('refuses a table that is not three seats, a button not at the table, or a deck that is not one deck', () => {
    const input = {
      seats: [0, 1, 2].map((seat) => ({ seat, stack: 100 })),
      button: 0,
      stake: 10,
      rakeBps: 500,
      rakeCap: 100,
      deck: orderedShoe(1),
    };
    expect(() => rules.deal(input)).not.toThrow();
    expect(() => rules.deal({ ...input, seats: input.seats.slice(0, 2) })).toThrow(RangeError);
    expect(() => rules.deal({ ...input, button: 4 })).toThrow(RangeError);
    expect(() => rules.deal({ ...input, deck: orderedShoe(1).slice(1) })).toThrow(RangeError);
    expect(() => rules.deal({ ...input, deck: [...orderedShoe(1).slice(1), card('KC')] })).toThrow(
      RangeError,
    );
    expect(() => rules.deal({ ...input, stake: 0 })).toThrow(RangeError);
    expect(() => rules.deal({ ...input, rakeBps: 10_001 })).toThrow(RangeError);
    expect(rules).toMatchObject({ code: 'TONGITS', minSeats: 3, maxSeats: 3, minStackStakes: 3 });
  });
});

describe('tongits: turns', () => {
  it('lets a seat take the top discard only when it makes a meld with cards from its hand', () => {
    const s = play(dealt(hands), [
      [0, meld('AS 2S 3S 4S')],
      [0, discard('JC')],
    ]);
    expect(refused(s, 1, take('2D 8D'))).toBe('pvp_illegal_move'); // no meld
    expect(refused(s, 1, take('JH 5S'))).toBe('pvp_illegal_move');
    expect(refused(s, 1, take('JH JS'))).toBe('pvp_illegal_move'); // JS is not held
    expect(refused(s, 1, take('JH JH'))).toBe('pvp_illegal_move'); // the same card twice
    expect(refused(s, 1, take('JH'))).toBe('pvp_illegal_move'); // one card from the hand is not enough
    const taken = play(s, [[1, take('JH JD')]]);
    expect(taken.melds.at(-1)).toEqual({ id: 2, owner: 1, cards: cards('JH JD JC') });
    expect(taken.discards).toEqual([]);
    expect(taken.players[1]?.hand).toEqual(cards('4H 5H 6H KS KH KC 2D 7S 5S 8D'));
    expect(taken.phase).toBe('play');
    // Naming the top card as well is the same take.
    expect(play(s, [[1, take('JH JC JD')]]).melds.at(-1)?.cards).toEqual(cards('JH JD JC'));
    // With the pile empty there is nothing to take.
    const bare: TongitsState = { ...s, discards: [] };
    expect(refused(bare, 1, take('JH JD'))).toBe('pvp_illegal_move');
  });

  it('lets a seat add to its own meld and to other seats’ melds, ends of runs and fourth cards of sets', () => {
    const s = play(dealt(hands), [
      [0, meld('AS 2S 3S')],
      [0, sapaw(1, '4S')], // the dealer's own run: A-4
      [0, meld('7H 7D 7C')],
      [0, discard('QS')],
      [1, draw],
      [1, meld('4H 5H 6H')],
    ]);
    expect(s.melds[0]).toEqual({ id: 1, owner: 0, cards: cards('AS 2S 3S 4S') });
    expect(s.players[0]?.sapawed).toBe(false); // one's own meld blocks nothing
    expect(refused(s, 1, sapaw(1, '8D'))).toBe('pvp_illegal_move'); // wrong suit
    expect(refused(s, 1, sapaw(1, '7S'))).toBe('pvp_illegal_move'); // a gap
    expect(refused(s, 1, sapaw(2, '2D'))).toBe('pvp_illegal_move'); // not a seven
    expect(refused(s, 1, sapaw(9, '5S'))).toBe('pvp_illegal_move'); // no meld 9
    expect(refused(s, 1, sapaw(1, '5H'))).toBe('pvp_illegal_move'); // 5H is in seat 1's meld, not its hand
    expect(refused(s, 1, { type: 'sapaw', meldId: 1, cards: [] })).toBe('pvp_illegal_move');
    const after = play(s, [
      [1, sapaw(1, '5S')],
      [1, sapaw(2, '7S')],
      [1, discard('8D')],
      [2, draw],
      [2, sapaw(3, '2H 3H')], // the low end of seat 1's run
      [2, sapaw(3, 'AH')],
    ]);
    expect(after.melds.map((m) => [m.id, m.owner, m.cards.map(cardLabel).join(' ')])).toEqual([
      [1, 0, 'AS 2S 3S 4S 5S'],
      [2, 0, '7S 7H 7D 7C'],
      [3, 1, 'AH 2H 3H 4H 5H 6H'],
    ]);
    expect(after.players.map((p) => p.sapawed)).toEqual([true, true, false]);
    expect(after.players[1]?.hand).toEqual(cards('KS KH KC 2D JH JD 9S')); // 9S: the first card not named, drawn
  });
});

const callDraw: TongitsMove = { type: 'callDraw' };
const fight: TongitsMove = { type: 'fight' };
const fold: TongitsMove = { type: 'fold' };
const results = (s: TongitsState) => rules.outcome(s)?.seats.map((r) => [r.seat, r.net, r.hand]);

describe('tongits: a called draw', () => {
  it('bars a seat whose meld was added to by another seat from calling a draw on its next turn only', () => {
    let s = play(dealt(hands, '3D KD 9S 10S'), [
      [0, meld('AS 2S 3S 4S')],
      [0, meld('7H 7D 7C')],
      [0, discard('QS')],
      [1, draw], // 3D
      [1, meld('4H 5H 6H')],
      [1, sapaw(1, '5S')], // on the dealer's run
      [1, discard('JD')],
      [2, draw], // KD
      [2, sapaw(3, '3H')], // on seat 1's run
      [2, discard('QD')],
    ]);
    expect(tongitsView(s, 0).canCallDraw).toBe(false);
    expect(refused(s, 0, callDraw)).toBe('pvp_illegal_move');
    s = play(s, [
      [0, draw], // 9S
      [0, discard('9S')],
    ]);
    expect(refused(s, 1, callDraw)).toBe('pvp_illegal_move');
    s = play(s, [
      [1, draw], // 10S
      [1, discard('10S')],
    ]);
    // Seat 2 has no meld of its own (adding to another's does not count): it may not call a draw.
    expect(refused(s, 2, callDraw)).toBe('pvp_illegal_move');
    s = play(s, [
      [2, draw], // JS, the first card not named
      [2, discard('JS')],
    ]);
    // A full round later the dealer may call; seat 2, with no meld, is not asked: seat 1 answers alone.
    expect(tongitsView(s, 0).canCallDraw).toBe(true);
    expect(tongitsView(s, 1).canCallDraw).toBe(false); // not its turn
    s = play(s, [[0, callDraw]]);
    expect([s.phase, rules.toAct(s)]).toEqual(['answer', 1]);
    s = play(s, [[1, fold]]);
    expect(rules.toAct(s)).toBeNull();
    expect(results(s)).toEqual([
      [0, 29, 'drawWin'],
      [1, -10, 'lost'],
      [2, -20, 'burned'],
    ]);
  });

  it('still lets a blocked seat fight a draw another seat calls', () => {
    const s = play(firstRound(), [
      [0, draw], // 9S
      [0, discard('9S')],
      [1, draw], // 10S
      [1, sapaw(1, '5S')], // on the dealer's run: the dealer may not call on its next turn
      [1, discard('10S')],
      [2, draw], // JS
      [2, discard('JS')],
    ]);
    expect(refused(s, 0, callDraw)).toBe('pvp_illegal_move');
    const called = play(s, [
      [0, draw], // AD
      [0, discard('AD')],
      [1, callDraw],
    ]);
    expect(rules.toAct(called)).toBe(2); // asked in play order after the caller: seat 2, then the dealer
    const over = play(called, [
      [2, fold],
      [0, fight],
    ]);
    // The caller holds 2D 7S 8D JH 3D = 30 against the dealer's 43.
    expect(points(over)).toEqual([43, 30, 50]);
    expect(results(over)).toEqual([
      [0, -10, 'lost'],
      [1, 19, 'drawWin'],
      [2, -10, 'lost'],
    ]);
  });

  it('pays the caller when everyone folds: 1 stake from each loser, the rake 5% rounded down', () => {
    const s = firstRound();
    expect(points(s)).toEqual([43, 35, 50]);
    const called = play(s, [[0, callDraw]]);
    expect(rules.toAct(called)).toBe(1);
    expect(rules.outcome(called)).toBeNull();
    const answered = play(called, [[1, fold]]);
    expect(rules.toAct(answered)).toBe(2);
    const over = play(answered, [[2, fold]]);
    expect(rules.toAct(over)).toBeNull();
    // 10 + 10 = 20 won; rake ⌊20 × 5%⌋ = 1.
    expect(rules.outcome(over)).toEqual({
      seats: [
        { seat: 0, stack: 1019, net: 19, hand: 'drawWin' },
        { seat: 1, stack: 990, net: -10, hand: 'lost' },
        { seat: 2, stack: 990, net: -10, hand: 'lost' },
      ],
      rake: 1,
      pots: [{ amount: 19, winners: [0] }],
    });
  });

  it('gives the hand to the lowest points among the caller and the fighters; the caller loses ties', () => {
    // Seat 1 (35) fights the dealer (43) and wins; seat 2 folds and pays as well.
    const won = play(firstRound(), [
      [0, callDraw],
      [1, fight],
      [2, fold],
    ]);
    expect(results(won)).toEqual([
      [0, -10, 'lost'],
      [1, 19, 'fightWin'],
      [2, -10, 'lost'],
    ]);
    // Seat 2 (50) fights alone and loses to the dealer (43).
    const lost = play(firstRound(), [
      [0, callDraw],
      [1, fold],
      [2, fight],
    ]);
    expect(results(lost)).toEqual([
      [0, 19, 'drawWin'],
      [1, -10, 'lost'],
      [2, -10, 'lost'],
    ]);
    // Seat 1 kept JD and threw 2D: 43 against the dealer's 43: the challenger wins the tie.
    const tied = firstRound({ oneDiscards: '2D' });
    expect(points(tied)).toEqual([43, 43, 50]);
    const tie = play(tied, [
      [0, callDraw],
      [1, fight],
      [2, fight],
    ]);
    expect(results(tie)).toEqual([
      [0, -10, 'lost'],
      [1, 19, 'fightWin'],
      [2, -10, 'lost'],
    ]);
    expect(tongitsView(tie, 2).seats.map((v) => [v.answer, v.points])).toEqual([
      [null, 43],
      ['fight', 43],
      ['fight', 50],
    ]);
  });

  it('asks only seats with a meld; burned seats pay one stake more', () => {
    // Seat 2 never melded (77 points): it is not asked, and pays 2 stakes.
    const s = firstRound({ twoMelds: false });
    expect(points(s)).toEqual([43, 35, 77]);
    const over = play(s, [
      [0, callDraw],
      [1, fold],
    ]);
    expect(results(over)).toEqual([
      [0, 29, 'drawWin'],
      [1, -10, 'lost'],
      [2, -20, 'burned'],
    ]);
    expect(rules.outcome(over)?.rake).toBe(1); // ⌊30 × 5%⌋
    // With no one to ask, the call ends the hand at once: 20 from each burned seat, rake 2.
    const alone = play(dealt(hands, '3D KD'), [
      [0, meld('AS 2S 3S 4S')],
      [0, discard('QS')],
      [1, draw],
      [1, discard('3D')],
      [2, draw],
      [2, discard('KD')],
      [0, callDraw],
    ]);
    expect(results(alone)).toEqual([
      [0, 38, 'drawWin'],
      [1, -20, 'burned'],
      [2, -20, 'burned'],
    ]);
  });
});

describe('tongits: Tongits', () => {
  const quick = ['AS 2S 3S 4S 5H 5D 5C 5S 9S 9H 9D 9C QD', '', ''] as const;

  it('wins when a seat discards its last card: 2 stakes from each loser, 3 from the burned', () => {
    const s = play(dealt(quick), [
      [0, meld('AS 2S 3S 4S')],
      [0, meld('5H 5D 5C 5S')],
      [0, meld('9S 9H 9D 9C')],
    ]);
    expect(s.players[0]?.hand).toEqual(cards('QD'));
    const over = play(s, [[0, discard('QD')]]);
    expect(over.end).toEqual({ reason: 'tongits', winner: 0 });
    // Both others burned: 3 stakes = 30 each, 60 won, rake ⌊60 × 5%⌋ = 3.
    expect(rules.outcome(over)).toEqual({
      seats: [
        { seat: 0, stack: 1057, net: 57, hand: 'tongits' },
        { seat: 1, stack: 970, net: -30, hand: 'burned' },
        { seat: 2, stack: 970, net: -30, hand: 'burned' },
      ],
      rake: 3,
      pots: [{ amount: 57, winners: [0] }],
    });
  });

  it('wins the moment the hand is empty after laying down, without a discard', () => {
    const over = play(dealt(['AS 2S 3S 4S 5S 9S 9H 9D 9C KS KH KD KC', '', '']), [
      [0, meld('AS 2S 3S 4S 5S')],
      [0, meld('9S 9H 9D 9C')],
      [0, meld('KS KH KD KC')],
    ]);
    expect([over.phase, rules.toAct(over), over.discards]).toEqual(['over', null, []]);
    expect(results(over)?.[0]).toEqual([0, 57, 'tongits']);
  });

  it('wins by a take or a sapaw that uses the last cards; losers with melds pay 2 stakes', () => {
    // A position set up from a played round: seat 1 is left holding JH JD 8D when the dealer throws JC.
    const s = play(firstRound(), [
      [0, draw],
      [0, discard('JC')],
    ]);
    const held = (labels: string): TongitsState => ({
      ...s,
      players: s.players.map((p) => (p.seat === 1 ? { ...p, hand: cards(labels) } : p)),
    });
    const byDiscard = play(held('JH JD 8D'), [
      [1, take('JH JD')],
      [1, discard('8D')],
    ]);
    // 20 + 20 = 40 won, rake 2.
    expect(results(byDiscard)).toEqual([
      [0, -20, 'lost'],
      [1, 38, 'tongits'],
      [2, -20, 'lost'],
    ]);
    const byTake = play(held('JH JD'), [[1, take('JH JD')]]);
    expect([byTake.end, results(byTake)?.[1]]).toEqual([
      { reason: 'tongits', winner: 1 },
      [1, 38, 'tongits'],
    ]);
    const bySapaw = play(held('JH JD 7S'), [
      [1, take('JH JD')],
      [1, sapaw(2, '7S')],
    ]);
    expect(bySapaw.end).toEqual({ reason: 'tongits', winner: 1 });
  });

  it('never takes more than a loser’s stack, and caps the rake', () => {
    const capped = play(dealt(quick, '', { stacks: [1000, 1000, 25] }), [
      [0, meld('AS 2S 3S 4S')],
      [0, meld('5H 5D 5C 5S')],
      [0, meld('9S 9H 9D 9C')],
      [0, discard('QD')],
    ]);
    // Seat 2 owes 30 and has 25: 55 won, rake ⌊55 × 5%⌋ = 2.
    expect(rules.outcome(capped)).toMatchObject({
      seats: [
        { seat: 0, stack: 1053, net: 53 },
        { seat: 1, stack: 970, net: -30 },
        { seat: 2, stack: 0, net: -25 },
      ],
      rake: 2,
      pots: [{ amount: 53, winners: [0] }],
    });
    const raked = play(dealt(quick, '', { rakeBps: 1000, rakeCap: 4 }), [
      [0, meld('AS 2S 3S 4S')],
      [0, meld('5H 5D 5C 5S')],
      [0, meld('9S 9H 9D 9C')],
      [0, discard('QD')],
    ]);
    // 10% of 60 is 6, capped at 4.
    expect(rules.outcome(raked)).toMatchObject({ rake: 4, seats: [{ net: 56 }, { net: -30 }, { net: -30 }] });
    const free = play(dealt(quick, '', { rakeBps: 0 }), [
      [0, meld('AS 2S 3S 4S')],
      [0, meld('5H 5D 5C 5S')],
      [0, meld('9S 9H 9D 9C')],
      [0, discard('QD')],
    ]);
    expect(rules.outcome(free)).toMatchObject({ rake: 0, seats: [{ net: 60 }, { net: -30 }, { net: -30 }] });
  });
});

/** Every seat draws from the stock and throws the card it drew, until the hand ends. */
function drawAndThrowToTheEnd(state: TongitsState): { state: TongitsState; drawers: number[] } {
  let s = state;
  const drawers: number[] = [];
  for (let seat = rules.toAct(s); seat !== null; seat = rules.toAct(s)) {
    const top = s.stock[0] as Card;
    drawers.push(seat);
    s = play(s, [
      [seat, draw],
      [seat, { type: 'discard', card: top }],
    ]);
  }
  return { state: s, drawers };
}

describe('tongits: the stock runs out', () => {
  it('ends when the last stock card is drawn and thrown; the lowest hand wins', () => {
    const s = firstRound();
    expect(s.stock).toHaveLength(13);
    const { state: over, drawers } = drawAndThrowToTheEnd(s);
    expect(drawers).toEqual([0, 1, 2, 0, 1, 2, 0, 1, 2, 0, 1, 2, 0]);
    expect(over.stock).toEqual([]);
    expect(points(over)).toEqual([43, 35, 50]);
    expect(over.end).toEqual({ reason: 'stock', winner: 1 });
    expect(results(over)).toEqual([
      [0, -10, 'lost'],
      [1, 19, 'lowest'],
      [2, -10, 'lost'],
    ]);
  });

  it('gives a tie to the seat that drew the last card, and never lets a burned seat win on points', () => {
    // The dealer (who draws last) and seat 1 both hold 43.
    const tie = drawAndThrowToTheEnd(firstRound({ oneDiscards: '2D' })).state;
    expect(points(tie)).toEqual([43, 43, 50]);
    expect(results(tie)).toEqual([
      [0, 19, 'lowest'],
      [1, -10, 'lost'],
      [2, -10, 'lost'],
    ]);
    // A tie between seats 1 and 2, neither the last to draw: seat 1 comes first after the dealer.
    const other = { ...firstRound({ oneDiscards: '2D' }) };
    other.players = other.players.map((p) => (p.seat === 0 ? { ...p, hand: cards('KC QC 10C 10S 8S') } : p));
    const later = drawAndThrowToTheEnd(other).state;
    expect(points(later)).toEqual([48, 43, 50]);
    expect(later.end).toEqual({ reason: 'stock', winner: 1 });
    // Seat 2 holds 77 without a meld: burned. With every seat burned, no one wins and no chips move.
    const burned = drawAndThrowToTheEnd(firstRound({ twoMelds: false })).state;
    expect(results(burned)?.[2]).toEqual([2, -20, 'burned']);
    let none = dealt(hands);
    for (let seat = rules.toAct(none); seat !== null; seat = rules.toAct(none))
      none = play(none, [[seat, rules.timeoutMove(none, seat)]]);
    expect(none.end).toEqual({ reason: 'stock', winner: null });
    expect(rules.outcome(none)).toEqual({
      seats: [0, 1, 2].map((seat) => ({ seat, stack: 1000, net: 0, hand: 'burned' })),
      rake: 0,
      pots: [],
    });
  });
});

describe('tongits: moves refused', () => {
  it('answers each refusal with its code and leaves the state as it was', () => {
    const s = dealt(hands);
    const before = JSON.stringify(s);
    // Not the seat's turn: the dealer plays first; seat 9 is not at the table.
    expect(refused(s, 1, draw)).toBe('pvp_not_your_turn');
    expect(refused(s, 9, discard('QS'))).toBe('pvp_not_your_turn');
    // Not allowed in the play phase, or not possible with the dealer's cards.
    for (const move of [draw, take('QS QH'), callDraw, fight, fold])
      expect(refused(s, 0, move)).toBe('pvp_illegal_move');
    expect(refused(s, 0, discard('KD'))).toBe('pvp_illegal_move'); // not held
    expect(refused(s, 0, meld('QS QH JC'))).toBe('pvp_illegal_move'); // not a meld
    expect(refused(s, 0, meld('AS 2S 3S 4S 5S'))).toBe('pvp_illegal_move'); // 5S is not held
    expect(refused(s, 0, sapaw(1, '4S'))).toBe('pvp_illegal_move'); // no meld yet
    expect(JSON.stringify(s)).toBe(before);
    // The draw phase takes only draw, take and callDraw; answers only fight or fold.
    const drawPhase = play(s, [[0, discard('QS')]]);
    for (const move of [discard('2D'), meld('4H 5H 6H'), sapaw(1, '5S'), fight, fold, callDraw])
      expect(refused(drawPhase, 1, move)).toBe('pvp_illegal_move');
    expect(refused(drawPhase, 0, draw)).toBe('pvp_not_your_turn');
    const answering = play(firstRound(), [[0, callDraw]]);
    for (const move of [draw, discard('2D'), callDraw])
      expect(refused(answering, 1, move)).toBe('pvp_illegal_move');
    expect(refused(answering, 0, fold)).toBe('pvp_not_your_turn');
    expect(refused(answering, 2, fight)).toBe('pvp_not_your_turn');
    // After the end, any move by anyone.
    const over = play(answering, [
      [1, fold],
      [2, fold],
    ]);
    for (const seat of [0, 1, 2, 9]) expect(refused(over, seat, fold)).toBe('pvp_hand_over');
    expect(refused(over, 1, draw)).toBe('pvp_hand_over');
  });

  it('reads moves from hostile JSON, copying only what a move holds', () => {
    const parse = rules.parseMove;
    expect(parse({ type: 'draw', extra: 'x' })).toEqual({ type: 'draw' });
    for (const type of ['callDraw', 'fight', 'fold']) expect(parse({ type })).toEqual({ type });
    expect(parse({ type: 'take', meld: [card('JH'), card('JD')] })).toEqual(take('JH JD'));
    expect(parse({ type: 'meld', cards: cards('7H 7D 7C') })).toEqual(meld('7H 7D 7C'));
    expect(parse({ type: 'sapaw', meldId: 3, cards: [{ rank: 5, suit: 'S', x: 1 }] })).toEqual(
      sapaw(3, '5S'),
    );
    expect(parse({ type: 'discard', card: { rank: 12, suit: 'S' } })).toEqual(discard('QS'));
    const bad: unknown[] = [
      null,
      undefined,
      'draw',
      42,
      [],
      [{ type: 'draw' }],
      {},
      { type: 'DRAW' },
      { type: 'toString' },
      { type: 'take' },
      { type: 'take', meld: [card('JH')] },
      { type: 'take', meld: 'JH JD' },
      { type: 'meld', cards: cards('7H 7D') },
      { type: 'meld', cards: [card('7H'), card('7D'), null] },
      { type: 'meld', cards: cards('AS 2S 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS AH') },
      { type: 'meld', cards: [card('7H'), card('7D'), { rank: 7, suit: 'X' }] },
      { type: 'sapaw', meldId: 0, cards: cards('5S') },
      { type: 'sapaw', meldId: 1.5, cards: cards('5S') },
      { type: 'sapaw', meldId: '1', cards: cards('5S') },
      { type: 'sapaw', meldId: 1, cards: [] },
      { type: 'discard' },
      { type: 'discard', card: { rank: 0, suit: 'S' } },
      { type: 'discard', card: { rank: 14, suit: 'S' } },
      { type: 'discard', card: { rank: 2.5, suit: 'S' } },
      { type: 'discard', card: { rank: '2', suit: 'S' } },
      { type: 'discard', card: { rank: 2, suit: 's' } },
      { type: 'discard', card: [2, 'S'] },
    ];
    for (const raw of bad) expect(parse(raw)).toBeNull();
    // A move that skipped parseMove is refused, not a crash.
    for (const raw of bad.slice(5))
      expect(refused(dealt(hands), 0, raw as TongitsMove)).toBe('pvp_illegal_move');
  });
});

describe('tongits: timeouts and views', () => {
  it('draws in the draw phase, throws the highest card in the play phase, folds when asked', () => {
    const s = dealt(hands);
    // QS QH JC are 10 points each: the queens are higher, spades come first.
    expect(rules.timeoutMove(s, 0)).toEqual(discard('QS'));
    expect(tongitsTimeoutDiscard(cards('10S KC 2D KD 9H'))).toEqual(card('KD'));
    expect(tongitsTimeoutDiscard([])).toBeNull();
    const drawPhase = play(s, [[0, discard('QS')]]);
    expect(rules.timeoutMove(drawPhase, 1)).toEqual(draw);
    const drawn = play(drawPhase, [[1, rules.timeoutMove(drawPhase, 1)]]);
    expect(drawn.players[1]?.hand).toHaveLength(13);
    expect(rules.timeoutMove(drawn, 1)).toEqual(discard('KS')); // the kings, spades first
    const answering = play(firstRound(), [[0, callDraw]]);
    expect(rules.timeoutMove(answering, 1)).toEqual(fold);
    expect(play(answering, [[1, rules.timeoutMove(answering, 1)]]).players[1]?.answer).toBe('fold');
  });

  it('shows a seat its own hand and everyone the melds, the discard top and the counts; every hand at the end', () => {
    const s = play(firstRound(), [[0, draw]]);
    const mine = tongitsView(s, 1);
    expect(mine).toMatchObject({
      game: 'TONGITS',
      phase: 'play',
      toAct: 0,
      turn: 0,
      dealer: 0,
      stock: 12,
      discardTop: card('QD'),
      discards: 3,
      hand: cards('2D 7S 5S 8D JH 3D'),
      canCallDraw: false,
      caller: null,
      end: null,
    });
    expect(mine.melds.map((m) => [m.id, m.owner, m.cards.length])).toEqual([
      [1, 0, 4],
      [2, 0, 3],
      [3, 1, 3],
      [4, 1, 3],
      [5, 2, 3],
    ]);
    expect(mine.seats).toEqual([
      { seat: 0, stack: 1000, cards: 6, melded: true, sapawed: false, answer: null },
      { seat: 1, stack: 1000, cards: 6, melded: true, sapawed: false, answer: null },
      { seat: 2, stack: 1000, cards: 9, melded: true, sapawed: false, answer: null },
    ]);
    // No card another seat holds appears anywhere in seat 1's view, nor any held card in a spectator's.
    const text = (v: unknown) => JSON.stringify(v);
    const held = (seat: number) => s.players[seat]?.hand.map((c) => text(c)) ?? [];
    for (const c of [...held(0), ...held(2)]) expect(text(mine)).not.toContain(c);
    const spectator = tongitsView(s, null);
    expect(spectator.hand).toBeNull();
    for (const c of [...held(0), ...held(1), ...held(2)]) expect(text(spectator)).not.toContain(c);
    expect(rules.view(s, 0)).toMatchObject({ hand: s.players[0]?.hand, canCallDraw: false });
    // At the end, every hand and its points.
    const over = play(firstRound(), [
      [0, callDraw],
      [1, fold],
      [2, fold],
    ]);
    expect(tongitsView(over, null).seats.map((v) => [v.hand?.length, v.points])).toEqual([
      [5, 43],
      [6, 35],
      [9, 50],
    ]);
    expect(tongitsView(over, null)).toMatchObject({
      phase: 'over',
      toAct: null,
      end: { reason: 'draw', winner: 0 },
    });
  });
});

/** Every meld of three cards in `hand` (sets and runs alike). */
function meldsOf(hand: readonly Card[]): Card[][] {
  const found: Card[][] = [];
  for (let i = 0; i < hand.length; i++)
    for (let j = i + 1; j < hand.length; j++)
      for (let k = j + 1; k < hand.length; k++) {
        const three = [hand[i], hand[j], hand[k]] as Card[];
        if (meldKind(three)) found.push(three);
      }
  return found;
}

/**
 * A legal move chosen by `pick` (a number below n): call a draw now and then, take the discard when it melds,
 * else draw; lay down melds and sapaw single cards when possible, then throw a random card; fight or fold at random.
 */
function randomMove(s: TongitsState, seat: number, pick: (n: number) => number): TongitsMove {
  const hand = s.players.find((p) => p.seat === seat)?.hand ?? [];
  if (s.phase === 'answer') return pick(2) === 0 ? fight : fold;
  if (s.phase === 'draw') {
    if (tongitsView(s, seat).canCallDraw && pick(6) === 0) return callDraw;
    const top = s.discards.at(-1);
    const takes = top ? meldsOf([...hand, top]).filter((m) => m.includes(top)) : [];
    const chosen = takes[pick(takes.length + 1)];
    return chosen && top ? { type: 'take', meld: chosen.filter((c) => c !== top) } : draw;
  }
  const melds = meldsOf(hand);
  if (melds.length > 0 && pick(3) > 0) return { type: 'meld', cards: melds[pick(melds.length)] as Card[] };
  const sapaws = s.melds.flatMap((m) =>
    hand.filter((c) => meldKind([...m.cards, c])).map((c) => ({ meldId: m.id, cards: [c] })),
  );
  if (sapaws.length > 0 && pick(3) > 0)
    return { type: 'sapaw', ...(sapaws[pick(sapaws.length)] as { meldId: number; cards: Card[] }) };
  return pick(4) === 0
    ? rules.timeoutMove(s, seat)
    : { type: 'discard', card: hand[pick(hand.length)] as Card };
}

describe('tongits: any hand', () => {
  it('always ends, every move offered is accepted, and Σ stacks before = Σ stacks after + rake', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 8 }),
        fc.integer({ min: 0, max: 2 }),
        fc.array(fc.integer({ min: 0, max: 200 }), { minLength: 3, maxLength: 3 }),
        fc.integer({ min: 1, max: 50 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 100 }),
        fc.array(fc.nat(), { minLength: 1, maxLength: 64 }),
        fc.nat(3),
        (seed, button, stacks, stake, rakeBps, rakeCap, choices, mode) => {
          // One hand in four is played by the timer alone (draw, throw the highest card): no one melds.
          const timeoutsOnly = mode === 0;
          let s = rules.deal({
            seats: stacks.map((stack, k) => ({ seat: 2 * k + 1, stack })),
            button: 2 * button + 1,
            stake,
            rakeBps,
            rakeCap,
            deck: pvpDeck(seed, 'TG1', 7),
          });
          let n = 0;
          const pick = (k: number) => (k <= 1 ? 0 : (choices[n++ % choices.length] as number) % k);
          let moves = 0;
          for (let seat = rules.toAct(s); seat !== null; seat = rules.toAct(s)) {
            expect(rules.outcome(s)).toBeNull();
            const move = timeoutsOnly ? rules.timeoutMove(s, seat) : randomMove(s, seat, pick);
            expect(rules.parseMove(JSON.parse(JSON.stringify(move)))).toEqual(move);
            const r = rules.apply(s, seat, move);
            if (!r.ok) throw new Error(`${JSON.stringify(move)} refused: ${r.code}`);
            s = JSON.parse(JSON.stringify(r.state));
            expect(s).toEqual(r.state);
            moves += 1;
            expect(moves).toBeLessThan(200);
          }
          const out = rules.outcome(s);
          if (!out) throw new Error('no outcome once over');
          expect(chips(out.seats.map((r) => r.stack)) + out.rake).toBe(chips(stacks));
          expect(out.rake).toBeGreaterThanOrEqual(0);
          expect(out.rake).toBeLessThanOrEqual(rakeCap);
          for (const [k, r] of out.seats.entries()) {
            expect(r.stack).toBe((stacks[k] as number) + r.net);
            expect(r.stack).toBeGreaterThanOrEqual(0);
            if (r.net < 0) expect(-r.net).toBeLessThanOrEqual(rules.minStackStakes * stake);
          }
          const paid = out.pots.reduce((a, p) => a + p.amount, 0);
          expect(paid + out.rake).toBe(chips(out.seats.filter((r) => r.net < 0).map((r) => -r.net)));
        },
      ),
      { numRuns: 200 },
    );
  });
});
