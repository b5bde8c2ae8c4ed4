import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, orderedShoe, type Suit } from './cards.ts';
import { type HoldemMove, type HoldemState, type HoldemView, holdem } from './holdem.ts';
import { evaluateHand, type HandCategory } from './holdem-hands.ts';
import { pvpDeck } from './pvp.ts';

/** "AS", "10H", "KD": the labels of `cardLabel`. */
const card = (label: string): Card => {
  const rank = { A: 1, J: 11, Q: 12, K: 13 }[label.slice(0, -1)] ?? Number(label.slice(0, -1));
  return { rank, suit: label.slice(-1) as Suit };
};
const cards = (labels: string) => labels.split(' ').map(card);
const hand = (labels: string) => evaluateHand(cards(labels));

type Rig = {
  /** Seats in seat order with their stacks and, optionally, their hole cards ("AS KD"). */
  seats: { seat: number; stack: number; hole?: string }[];
  button: number;
  /** The five board cards, flop first. */
  board?: string;
  stake?: number;
  rakeBps?: number;
  rakeCap?: number;
};

/**
 * A deck stacked so the hand deals the given cards: hole cards one at a time from the seat left of the button,
 * then burn, flop, burn, turn, burn, river; every other position is filled with the cards left, in order.
 */
function rig(r: Rig): HoldemState {
  const n = r.seats.length;
  const b = r.seats.findIndex((s) => s.seat === r.button);
  const wanted = new Map<number, Card>();
  r.seats.forEach((s, i) => {
    if (!s.hole) return;
    const [first, second] = cards(s.hole);
    const k = (i - b - 1 + n) % n; // place in the deal
    wanted.set(k, first!);
    wanted.set(n + k, second!);
  });
  if (r.board) for (const [i, c] of cards(r.board).entries()) wanted.set([1, 2, 3, 5, 7][i]! + 2 * n, c);
  const used = new Set([...wanted.values()].map((c) => `${c.rank}${c.suit}`));
  const rest = orderedShoe(1).filter((c) => !used.has(`${c.rank}${c.suit}`));
  const deck = Array.from({ length: 52 }, (_, k) => wanted.get(k) ?? rest.shift()!);
  return holdem.deal({
    seats: r.seats.map(({ seat, stack }) => ({ seat, stack })),
    button: r.button,
    stake: r.stake ?? 100,
    rakeBps: r.rakeBps ?? 0,
    rakeCap: r.rakeCap ?? 0,
    deck,
  });
}

const fold = { type: 'fold' } as const;
const check = { type: 'check' } as const;
const call = { type: 'call' } as const;
const allIn = { type: 'allIn' } as const;
const raise = (to: number) => ({ type: 'raise', to }) as const;

/** Applies moves as [seat, move] in order, failing loudly on a refused one. */
function play(state: HoldemState, ...moves: [number, HoldemMove][]): HoldemState {
  let s = state;
  for (const [seat, move] of moves) {
    const result = holdem.apply(s, seat, move);
    if (!result.ok) throw new Error(`seat ${seat} ${JSON.stringify(move)}: ${result.code}`);
    s = result.state;
  }
  return s;
}

const stacks = (state: HoldemState) => Object.fromEntries(state.players.map((p) => [p.seat, p.stack]));
const actionOf = (state: HoldemState) => (holdem.view(state, null) as HoldemView).action;

describe("hold'em hand ranking", () => {
  it('orders the nine categories, the wheel lowest of the straights', () => {
    const ladder: [string, HandCategory][] = [
      ['AS KD 9H 7C 4S 3D 2H', 'highCard'],
      ['2S 2D 9H 7C 4S 3D KH', 'pair'],
      ['2S 2D 3H 3C 9S 7D KH', 'twoPair'],
      ['2S 2D 2H 9C 7S 4D KH', 'threeOfAKind'],
      ['AS 2D 3H 4C 5S 9D KH', 'straight'],
      ['6S 2D 3H 4C 5S 9D KH', 'straight'],
      ['10S JD QH KC AS 2D 2H', 'straight'],
      ['2H 4H 6H 8H 10H AS AD', 'flush'],
      ['3H 4H 6H 8H 10H AS AD', 'flush'],
      ['2S 2D 2H 3C 3S 9D KH', 'fullHouse'],
      ['2S 2D 2H 2C 3S 9D KH', 'fourOfAKind'],
      ['AH 2H 3H 4H 5H KD KS', 'straightFlush'],
      ['10H JH QH KH AH KD KS', 'straightFlush'],
    ];
    const values = ladder.map(([labels]) => hand(labels));
    expect(values.map((v) => v.category)).toEqual(ladder.map(([, category]) => category));
    for (let i = 1; i < values.length; i++) expect(values[i]!.score).toBeGreaterThan(values[i - 1]!.score);
  });

  it('finds the wheel and its five, but never a straight round the corner (Q-K-A-2-3)', () => {
    expect(hand('AS 2D 3H 4C 5S KD KH').cards).toEqual(cards('AS 2D 3H 4C 5S'));
    expect(hand('QS KD AH 2C 3S 8D 9H').category).toBe('highCard');
    // A six-high straight beats the wheel; the wheel's ace does not play as a high card.
    expect(hand('AS 2D 3H 4C 5S 6D KH').cards).toEqual(cards('2D 3H 4C 5S 6D'));
  });

  it('compares kickers: pair, two pair, trips, flush card by card, high card to the fifth', () => {
    expect(hand('KS KD AH 9C 7S 3D 2H').score).toBeGreaterThan(hand('KH KC QH 9D 7C 3S 2D').score);
    // Same two pair (J and 4): the kicker ace beats the king.
    expect(hand('JS JD 4H 4C AS 3D 2H').score).toBeGreaterThan(hand('JH JC 4S 4D KS 3C 2S').score);
    // Three pairs: the best two plus the best other card (the third pair's card counts as a kicker).
    expect(hand('QS QD 9H 9C 5S 5D 2H').cards.map((c) => c.rank)).toEqual([12, 12, 9, 9, 5]);
    expect(hand('7S 7D 7H KC 2S 3D 9H').score).toBeGreaterThan(hand('7S 7D 7H QC JS 3D 9H').score);
    expect(hand('AH JH 9H 6H 3H').score).toBeGreaterThan(hand('AS JS 9S 6S 2S').score);
    expect(hand('AH KD 9S 6C 4H').score).toBeGreaterThan(hand('AS KS 9D 6H 3C').score);
    // Full houses compare trips first: 3-3-3-A-A loses to 4-4-4-2-2.
    expect(hand('4S 4D 4H 2C 2S').score).toBeGreaterThan(hand('3S 3D 3H AC AS').score);
    expect(hand('9S 9D 9H 9C AS').score).toBeGreaterThan(hand('9S 9D 9H 9C KS').score);
  });

  it('splits when the board plays for both, and ignores suits between equal hands', () => {
    const board = '10S JD QH KC AS';
    expect(hand(`${board} 2D 3H`).score).toBe(hand(`${board} 4C 4H`).score);
    expect(hand('KS KD 8H 8C 5S 3D 2H').score).toBe(hand('KH KC 8S 8D 5D 3C 2C').score);
    // A kicker below the board's fifth card does not play.
    expect(hand('AS AD KH QC 9S 3D 2H').score).toBe(hand('AS AD KH QC 9S 4D 2H').score);
  });

  it('refuses fewer than five or more than seven cards', () => {
    expect(() => evaluateHand(cards('AS KS QS JS'))).toThrow(RangeError);
    expect(() => evaluateHand(cards('AS KS QS JS 10S 9S 8S 7S'))).toThrow(RangeError);
  });
});

describe("hold'em deal and blinds", () => {
  it('deals one card at a time from left of the button, burns one before each street', () => {
    const deck = orderedShoe(1);
    const s = holdem.deal({
      seats: [
        { seat: 1, stack: 5000 },
        { seat: 3, stack: 5000 },
        { seat: 5, stack: 5000 },
      ],
      button: 5,
      stake: 100,
      rakeBps: 0,
      rakeCap: 0,
      deck,
    });
    // Seat 1 is left of the button 5: deck[0] and deck[3]; seat 3: deck[1], deck[4]; seat 5: deck[2], deck[5].
    expect(s.players.map((p) => p.hole)).toEqual([
      [deck[0], deck[3]],
      [deck[1], deck[4]],
      [deck[2], deck[5]],
    ]);
    // Burn deck[6], flop 7-9, burn 10, turn 11, burn 12, river 13.
    expect(s.runout).toEqual([deck[7], deck[8], deck[9], deck[11], deck[13]]);
    expect(s.board).toEqual([]);
    // Small blind seat 1, big blind seat 3, first to act the button.
    expect(s.players.map((p) => p.bet)).toEqual([50, 100, 0]);
    expect(holdem.toAct(s)).toBe(5);
  });

  it('heads-up: the button posts the small blind and acts first before the flop, last after it', () => {
    let s = rig({
      seats: [
        { seat: 2, stack: 3000 },
        { seat: 7, stack: 3000 },
      ],
      button: 7,
      stake: 101,
    });
    expect(s.players.map((p) => [p.seat, p.bet])).toEqual([
      [2, 101],
      [7, 50],
    ]);
    expect(holdem.toAct(s)).toBe(7);
    expect(actionOf(s)).toEqual({ seat: 7, toCall: 51, minRaiseTo: 202, maxRaiseTo: 3000 });
    s = play(s, [7, call]);
    // The big blind has the option: check or raise.
    expect(actionOf(s)).toEqual({ seat: 2, toCall: 0, minRaiseTo: 202, maxRaiseTo: 3000 });
    s = play(s, [2, check]);
    expect(s.street).toBe('flop');
    expect(holdem.toAct(s)).toBe(2);
    s = play(s, [2, check]);
    expect(holdem.toAct(s)).toBe(7);
  });

  it('wraps the blinds round the table and lets a short blind post what it has, all-in', () => {
    let s = rig({
      seats: [
        { seat: 0, stack: 60 },
        { seat: 4, stack: 5000 },
        { seat: 6, stack: 5000 },
      ],
      button: 4,
    });
    // Small blind seat 6, big blind seat 0 (wrapping), who has only 60: all-in. Seat 4 acts first.
    expect(s.players.map((p) => [p.seat, p.bet, p.allIn])).toEqual([
      [0, 60, true],
      [4, 0, false],
      [6, 50, false],
    ]);
    // The others still owe the full big blind.
    expect(actionOf(s)).toEqual({ seat: 4, toCall: 100, minRaiseTo: 200, maxRaiseTo: 5000 });
    s = play(s, [4, call], [6, call]);
    // The round closes without the all-in big blind; the flop is out.
    expect(s.street).toBe('flop');
    expect(s.board).toHaveLength(3);
  });

  it('runs the board out at once when a blind leaves only one seat able to bet', () => {
    const s = rig({
      seats: [
        { seat: 0, stack: 5000, hole: 'AS AD' },
        { seat: 1, stack: 30, hole: 'KS KD' },
      ],
      button: 0,
      board: '2C 7D 9H JS 4C',
    });
    // Heads-up, the button posts 50; the big blind's 30 is all it has. The button still owes the full big blind
    // and may not raise (nobody could answer); once it calls, the board is dealt and the 70 unmatched come back.
    expect(actionOf(s)).toEqual({ seat: 0, toCall: 50, minRaiseTo: null, maxRaiseTo: null });
    const end = play(s, [0, call]);
    expect(end.street).toBe('over');
    expect(end.board).toEqual(cards('2C 7D 9H JS 4C'));
    expect(end.result?.returned).toEqual({ seat: 0, amount: 70 });
    expect(stacks(end)).toEqual({ 0: 5030, 1: 0 });
  });

  it('refuses a table it cannot deal', () => {
    const base = {
      seats: [
        { seat: 0, stack: 1000 },
        { seat: 1, stack: 1000 },
      ],
      button: 0,
      stake: 100,
      rakeBps: 0,
      rakeCap: 0,
      deck: orderedShoe(1),
    };
    expect(() => holdem.deal({ ...base, seats: [{ seat: 0, stack: 1000 }] })).toThrow(RangeError);
    expect(() => holdem.deal({ ...base, button: 3 })).toThrow(RangeError);
    expect(() => holdem.deal({ ...base, stake: 1 })).toThrow(RangeError);
    expect(() => holdem.deal({ ...base, seats: [base.seats[0]!, { seat: 1, stack: 0 }] })).toThrow(
      RangeError,
    );
    expect(() => holdem.deal({ ...base, deck: [...orderedShoe(1).slice(1), orderedShoe(1)[1]!] })).toThrow(
      RangeError,
    );
    expect(() => holdem.deal({ ...base, rakeBps: 10001 })).toThrow(RangeError);
    expect(holdem).toMatchObject({ code: 'HOLDEM', minSeats: 2, maxSeats: 6, minStackStakes: 20 });
  });
});

describe("hold'em betting", () => {
  const three = (bbStack = 5000) =>
    rig({
      seats: [
        { seat: 0, stack: 5000 },
        { seat: 1, stack: 5000 },
        { seat: 2, stack: bbStack },
      ],
      button: 0,
    });

  it('takes a raise of at least the last raise, and the big blind for a first bet', () => {
    let s = three();
    expect(holdem.apply(s, 0, raise(199))).toEqual({ ok: false, code: 'pvp_illegal_move' });
    s = play(s, [0, raise(350)]); // a raise of 250
    expect(actionOf(s)).toEqual({ seat: 1, toCall: 300, minRaiseTo: 600, maxRaiseTo: 5000 });
    expect(holdem.apply(s, 1, raise(599))).toEqual({ ok: false, code: 'pvp_illegal_move' });
    s = play(s, [1, raise(600)], [2, fold], [0, call]);
    expect(s.street).toBe('flop');
    // A new round: the first bet is at least the big blind; then a raise at least the bet.
    expect(actionOf(s)).toEqual({ seat: 1, toCall: 0, minRaiseTo: 100, maxRaiseTo: 4400 });
    expect(holdem.apply(s, 1, raise(99))).toEqual({ ok: false, code: 'pvp_illegal_move' });
    s = play(s, [1, raise(150)]);
    expect(actionOf(s)).toEqual({ seat: 0, toCall: 150, minRaiseTo: 300, maxRaiseTo: 4400 });
  });

  it('does not reopen the betting after an all-in below a full raise', () => {
    // Seat 0 raises to 300 (a raise of 200), seat 1 calls; the big blind goes all-in for 450, a raise of 150.
    let s = play(three(450), [0, raise(300)], [1, call], [2, raise(450)]);
    expect(s.currentBet).toBe(450);
    expect(actionOf(s)).toEqual({ seat: 0, toCall: 150, minRaiseTo: null, maxRaiseTo: null });
    expect(holdem.apply(s, 0, raise(650))).toEqual({ ok: false, code: 'pvp_illegal_move' });
    expect(holdem.apply(s, 0, allIn)).toEqual({ ok: false, code: 'pvp_illegal_move' });
    s = play(s, [0, call], [1, call]);
    expect(s.street).toBe('flop');
    expect(s.players.map((p) => p.committed)).toEqual([450, 450, 450]);
  });

  it('reopens the betting after an all-in of a full raise or more', () => {
    let s = play(three(600), [0, raise(300)], [1, call], [2, allIn]); // to 600: a raise of 300
    expect(actionOf(s)).toEqual({ seat: 0, toCall: 300, minRaiseTo: 900, maxRaiseTo: 5000 });
    s = play(s, [0, raise(900)]);
    // Seat 1 acted before the full raises: it may raise again (the big blind is all-in and stays out of it).
    expect(actionOf(s)).toEqual({ seat: 1, toCall: 600, minRaiseTo: 1200, maxRaiseTo: 5000 });
  });

  it('lets a seat that has not acted raise over a short all-in, by the last full raise', () => {
    let s = rig({
      seats: [
        { seat: 0, stack: 250 },
        { seat: 1, stack: 5000 },
        { seat: 2, stack: 5000 },
        { seat: 3, stack: 5000 },
      ],
      button: 0,
    });
    // Under the gun raises to 200 (a raise of 100); the button's all-in to 250 raises by only 50.
    s = play(s, [3, raise(200)], [0, allIn]);
    expect(actionOf(s)).toEqual({ seat: 1, toCall: 200, minRaiseTo: 350, maxRaiseTo: 5000 });
    s = play(s, [1, call]);
    expect(actionOf(s)).toEqual({ seat: 2, toCall: 150, minRaiseTo: 350, maxRaiseTo: 5000 });
    s = play(s, [2, call]);
    // Back to the raiser, who has acted since the last full raise: call or fold only.
    expect(actionOf(s)).toEqual({ seat: 3, toCall: 50, minRaiseTo: null, maxRaiseTo: null });
  });

  it('lets a seat that checked only call or fold an all-in bet below the big blind', () => {
    let s = play(three(140), [0, call], [1, call], [2, check]);
    // Flop: the small blind checks; the big blind bets its last 40, less than a full bet of 100.
    s = play(s, [1, check], [2, allIn]);
    // The button has not acted: it may raise, to 40 + 100 at least.
    expect(actionOf(s)).toEqual({ seat: 0, toCall: 40, minRaiseTo: 140, maxRaiseTo: 4900 });
    s = play(s, [0, call]);
    expect(actionOf(s)).toEqual({ seat: 1, toCall: 40, minRaiseTo: null, maxRaiseTo: null });
    expect(holdem.apply(s, 1, raise(140))).toEqual({ ok: false, code: 'pvp_illegal_move' });
    s = play(s, [1, call]);
    expect(s.street).toBe('turn');
  });

  it('plays a hand move by move to the expected stacks', () => {
    let s = rig({
      seats: [
        { seat: 0, stack: 2000, hole: 'AH KH' },
        { seat: 1, stack: 2000, hole: '9C 9D' },
        { seat: 2, stack: 2000, hole: '7S 2D' },
      ],
      button: 0,
      board: 'KD 9S 4H 2C JH',
      rakeBps: 500,
      rakeCap: 300,
    });
    // Pre-flop: button raises to 300, small blind calls, big blind folds. Pot 700.
    s = play(s, [0, raise(300)], [1, call], [2, fold]);
    expect(s.board).toEqual(cards('KD 9S 4H'));
    expect((holdem.view(s, null) as HoldemView).pots).toEqual([{ amount: 700, eligible: [0, 1] }]);
    // Flop: small blind bets 400, button calls. Pot 1500.
    s = play(s, [1, raise(400)], [0, call]);
    expect(s.board).toHaveLength(4);
    // Turn: check, the button bets 500, the set check-raises to 1300, all it has left; the button calls.
    s = play(s, [1, check], [0, raise(500)], [1, raise(1300)]);
    expect(s.players[1]!.allIn).toBe(true);
    s = play(s, [0, call]);
    // Nobody left to bet against: the river is dealt with no more moves. Pot 1500 + 2600 = 4100.
    expect(s.street).toBe('over');
    expect(s.board).toEqual(cards('KD 9S 4H 2C JH'));
    const out = holdem.outcome(s)!;
    // Rake 5% of 4100 = 205.
    expect(out.rake).toBe(205);
    expect(out.pots).toEqual([{ amount: 3895, winners: [1] }]);
    expect(out.seats).toEqual([
      { seat: 0, stack: 0, net: -2000, hand: 'pair' },
      { seat: 1, stack: 3895, net: 1895, hand: 'threeOfAKind' },
      { seat: 2, stack: 1900, net: -100 },
    ]);
    expect(holdem.toAct(s)).toBeNull();
  });

  it('gives the pot to the last seat in without a showdown, and returns the uncalled raise', () => {
    const s = play(three(), [0, raise(300)], [1, fold], [2, fold]);
    expect(s.result?.returned).toEqual({ seat: 0, amount: 200 });
    const out = holdem.outcome(s)!;
    expect(out).toEqual({
      seats: [
        { seat: 0, stack: 5150, net: 150 },
        { seat: 1, stack: 4950, net: -50 },
        { seat: 2, stack: 4900, net: -100 },
      ],
      rake: 0,
      pots: [{ amount: 250, winners: [0] }],
    });
  });
});

describe("hold'em pots", () => {
  it('builds side pots from three all-ins of different sizes and pays each to its best eligible hand', () => {
    let s = rig({
      seats: [
        { seat: 0, stack: 2000, hole: '3H 8S' },
        { seat: 1, stack: 300, hole: 'AS AD' },
        { seat: 2, stack: 600, hole: 'KS KD' },
        { seat: 3, stack: 1000, hole: 'QS QD' },
      ],
      button: 0,
      board: '2C 7D 9H JS 4C',
      rakeBps: 500,
      rakeCap: 100,
    });
    s = play(s, [3, allIn], [0, call], [1, allIn], [2, allIn]);
    expect(s.street).toBe('over');
    // Main pot 4 × 300 = 1200 (all four), side pot 3 × 300 = 900 (seats 0, 2, 3), side pot 2 × 400 = 800 (0, 3).
    // Rake 5%: 60 from the main pot, 45 from the first side pot but only 40 left under the cap of 100, then none.
    expect(s.result!.pots).toEqual([
      { amount: 1140, rake: 60, eligible: [0, 1, 2, 3], winners: [1] },
      { amount: 860, rake: 40, eligible: [0, 2, 3], winners: [2] },
      { amount: 800, rake: 0, eligible: [0, 3], winners: [3] },
    ]);
    expect(stacks(s)).toEqual({ 0: 1000, 1: 1140, 2: 860, 3: 800 });
    expect(holdem.outcome(s)!.rake).toBe(100);
  });

  it('keeps folded chips in the pots they were bet into', () => {
    let s = rig({
      seats: [
        { seat: 0, stack: 5000, hole: 'AS AD' },
        { seat: 1, stack: 200, hole: 'KS KD' },
        { seat: 2, stack: 5000, hole: 'QS QD' },
      ],
      button: 0,
      board: '2C 7D 9H JS 4C',
    });
    // Seat 1 (small blind) goes all-in for 200 after the button's raise to 600; the big blind calls and folds later.
    s = play(s, [0, raise(600)], [1, allIn], [2, call], [2, check], [0, raise(1000)], [2, fold]);
    // Main pot 3 × 200 = 600, side pot 400 + 400 = 800 (seat 2's folded chips); seat 0's 1000 comes back.
    expect(s.result!.returned).toEqual({ seat: 0, amount: 1000 });
    expect(s.result!.pots).toEqual([
      { amount: 600, rake: 0, eligible: [0, 1], winners: [0] },
      { amount: 800, rake: 0, eligible: [0], winners: [0] },
    ]);
    expect(stacks(s)).toEqual({ 0: 5800, 1: 0, 2: 4400 });
  });

  it('splits a pot with the odd chips one each clockwise from left of the button', () => {
    let s = rig({
      seats: [
        { seat: 0, stack: 2000, hole: '2D 3H' },
        { seat: 1, stack: 2000, hole: '4S 5S' },
        { seat: 2, stack: 2000, hole: '6C 7H' },
        { seat: 3, stack: 2000, hole: '2C 3D' },
      ],
      button: 0,
      board: '10S JD QH KC AS',
    });
    // Three call 100, the small blind folds its 50: 350 chips, the board's straight for all three: 116 each and 2
    // odd chips, to seats 2 and 3 (seat 1, first left of the button, folded).
    s = play(s, [3, call], [0, call], [1, fold], [2, check]);
    for (let street = 0; street < 3; street++) s = play(s, [2, check], [3, check], [0, check]);
    expect(s.result!.pots).toEqual([{ amount: 350, rake: 0, eligible: [0, 2, 3], winners: [2, 3, 0] }]);
    expect(stacks(s)).toEqual({ 0: 2016, 1: 1950, 2: 2017, 3: 2017 });
  });

  it('gives a single odd chip to the first winner left of the button, wrapping round the table', () => {
    let s = rig({
      seats: [
        { seat: 1, stack: 1000, hole: '2D 3H' },
        { seat: 4, stack: 1000, hole: '2C 3D' },
        { seat: 5, stack: 1000, hole: '4C 4D' },
      ],
      button: 4,
      stake: 50,
      board: '10S JD QH KC AS',
    });
    // Seat 5's small blind of 25 folds; seats 1 and 4 share 125: seat 1, first left of the button after the
    // folded seat 5, gets the odd chip (63).
    s = play(s, [4, call], [5, fold], [1, check]);
    expect(s.street).toBe('flop');
    for (let street = 0; street < 3; street++) s = play(s, [1, check], [4, check]);
    expect(s.result!.pots).toEqual([{ amount: 125, rake: 0, eligible: [1, 4], winners: [1, 4] }]);
    expect(stacks(s)).toEqual({ 1: 1013, 4: 1012, 5: 975 });
  });
});

describe("hold'em rake", () => {
  const table = (rakeBps: number, rakeCap: number) =>
    rig({
      seats: [
        { seat: 0, stack: 5000, hole: 'AS AD' },
        { seat: 1, stack: 5000, hole: 'KS KD' },
      ],
      button: 0,
      board: '2C 7D 9H JS 4C',
      rakeBps,
      rakeCap,
    });

  it('takes no rake when the hand ends before the flop', () => {
    const s = play(table(1000, 10_000), [0, raise(2000)], [1, raise(4000)], [0, fold]);
    expect(holdem.outcome(s)).toMatchObject({ rake: 0, pots: [{ amount: 4000, winners: [1] }] });
    expect(stacks(s)).toEqual({ 0: 3000, 1: 7000 });
  });

  it('rakes a board run out after a pre-flop all-in, rounded down and capped', () => {
    // 10 000 in the pot at 2.5%: 250, capped at 240.
    let s = play(table(250, 240), [0, allIn], [1, call]);
    expect(holdem.outcome(s)).toMatchObject({ rake: 240, pots: [{ amount: 9760, winners: [0] }] });
    // 0.33% of 10 000 is 33; of a 410-chip pot 1.353, so 1.
    s = play(table(33, 1000), [0, allIn], [1, call]);
    expect(holdem.outcome(s)!.rake).toBe(33);
    s = play(table(33, 1000), [0, call], [1, check], [1, raise(105)], [0, call]);
    s = play(s, [1, check], [0, check], [1, check], [0, check]);
    expect(holdem.outcome(s)).toMatchObject({ rake: 1, pots: [{ amount: 409, winners: [0] }] });
  });
});

describe("hold'em moves from the wire", () => {
  it('parses the five moves and nothing else', () => {
    expect(holdem.parseMove({ type: 'fold' })).toEqual(fold);
    expect(holdem.parseMove({ type: 'check' })).toEqual(check);
    expect(holdem.parseMove({ type: 'call' })).toEqual(call);
    expect(holdem.parseMove({ type: 'allIn' })).toEqual(allIn);
    expect(holdem.parseMove(JSON.parse('{"type":"raise","to":500}'))).toEqual(raise(500));
    for (const junk of [
      null,
      undefined,
      'fold',
      42,
      [],
      ['fold'],
      {},
      { type: 'bet', to: 500 },
      { type: 'FOLD' },
      { type: 'fold', to: 1 },
      { type: 'check', extra: true },
      { type: 'raise' },
      { type: 'raise', to: '500' },
      { type: 'raise', to: 500.5 },
      { type: 'raise', to: 0 },
      { type: 'raise', to: -100 },
      { type: 'raise', to: Number.NaN },
      { type: 'raise', to: Number.POSITIVE_INFINITY },
      { type: 'raise', to: 2 ** 53 },
      { type: 'raise', to: 500, seat: 1 },
      JSON.parse('{"type":"fold","__proto__":{"x":1}}'),
      { type: { toString: () => 'fold' } },
    ])
      expect(holdem.parseMove(junk), JSON.stringify(junk) ?? String(junk)).toBeNull();
  });

  it('answers each bad move with its own code and leaves the state as it was', () => {
    const s = rig({
      seats: [
        { seat: 0, stack: 1000 },
        { seat: 1, stack: 1000 },
        { seat: 2, stack: 1000 },
      ],
      button: 0,
    });
    const before = JSON.stringify(s);
    expect(holdem.apply(s, 1, fold)).toEqual({ ok: false, code: 'pvp_not_your_turn' });
    expect(holdem.apply(s, 9, fold)).toEqual({ ok: false, code: 'pvp_not_your_turn' });
    expect(holdem.apply(s, 0, check)).toEqual({ ok: false, code: 'pvp_illegal_move' });
    expect(holdem.apply(s, 0, raise(150))).toEqual({ ok: false, code: 'pvp_illegal_move' });
    expect(holdem.apply(s, 0, raise(100))).toEqual({ ok: false, code: 'pvp_illegal_move' });
    expect(holdem.apply(s, 0, raise(250.5))).toEqual({ ok: false, code: 'pvp_illegal_move' });
    expect(holdem.apply(s, 0, { type: 'bet' } as unknown as HoldemMove)).toEqual({
      ok: false,
      code: 'pvp_illegal_move',
    });
    expect(holdem.apply(s, 0, raise(1001))).toEqual({ ok: false, code: 'pvp_bet_above_stack' });
    expect(JSON.stringify(s)).toBe(before);
    // Calling with nothing to call is not a move either (the big blind's option is a check).
    const option = play(s, [0, call], [1, call]);
    expect(holdem.apply(option, 2, call)).toEqual({ ok: false, code: 'pvp_illegal_move' });
    const over = play(s, [0, fold], [1, fold]);
    for (const seat of [0, 1, 2])
      expect(holdem.apply(over, seat, check)).toEqual({ ok: false, code: 'pvp_hand_over' });
  });

  it('times a seat out with a check when it can, else a fold', () => {
    let s = rig({
      seats: [
        { seat: 0, stack: 1000 },
        { seat: 1, stack: 1000 },
      ],
      button: 0,
    });
    expect(holdem.timeoutMove(s, 0)).toEqual(fold);
    s = play(s, [0, call]);
    expect(holdem.timeoutMove(s, 1)).toEqual(check);
    s = play(s, [1, holdem.timeoutMove(s, 1)]);
    expect(s.street).toBe('flop');
    s = play(s, [1, raise(100)]);
    s = play(s, [0, holdem.timeoutMove(s, 0)]);
    expect(holdem.outcome(s)).toMatchObject({ pots: [{ amount: 200, winners: [1] }] });
  });
});

describe("hold'em views", () => {
  const showdown = () =>
    rig({
      seats: [
        { seat: 0, stack: 1000, hole: 'AS AD' },
        { seat: 1, stack: 1000, hole: 'KS KD' },
        { seat: 2, stack: 1000, hole: 'QS QD' },
      ],
      button: 0,
      board: '2C 7D 9H JS 4C',
    });

  it("shows a seat its own cards and nobody else's, and never the cards still to come", () => {
    const s = showdown();
    const mine = holdem.view(s, 1) as HoldemView;
    expect(mine.seats.map((x) => x.cards)).toEqual([null, cards('KS KD'), null]);
    const spectator = holdem.view(s, null) as HoldemView;
    expect(spectator.seats.every((x) => x.cards === null)).toBe(true);
    // Nothing of the other hands or the board to come leaks anywhere in the view.
    const text = JSON.stringify(spectator);
    for (const c of cards('AS AD KS KD QS QD 2C 7D 9H JS 4C')) expect(text).not.toContain(JSON.stringify(c));
    expect(holdem.view(s, 7)).toMatchObject({ seats: [{ cards: null }, { cards: null }, { cards: null }] });
    expect(mine).toMatchObject({
      street: 'preflop',
      button: 0,
      smallBlind: 50,
      bigBlind: 100,
      board: [],
      toAct: 0,
      action: { seat: 0, toCall: 100, minRaiseTo: 200, maxRaiseTo: 1000 },
    });
  });

  it('shows the hands still in at the showdown to everyone, never a folded one', () => {
    const s = play(showdown(), [0, raise(300)], [1, call], [2, fold]);
    const flop = holdem.view(s, 2) as HoldemView;
    expect(flop.board).toEqual(cards('2C 7D 9H'));
    expect(flop.pots).toEqual([{ amount: 700, eligible: [0, 1] }]);
    let end = s;
    for (let street = 0; street < 3; street++) end = play(end, [1, check], [0, check]);
    const seen = holdem.view(end, null) as HoldemView;
    expect(seen.seats.map((x) => [x.cards, x.hand])).toEqual([
      [cards('AS AD'), 'pair'],
      [cards('KS KD'), 'pair'],
      [null, null],
    ]);
    expect((holdem.view(end, 2) as HoldemView).seats[2]!.cards).toEqual(cards('QS QD'));
    expect(seen).toMatchObject({ street: 'over', toAct: null, action: null, rake: 0 });
  });

  it('shows nothing of the winner when everyone else folds', () => {
    const s = play(showdown(), [0, fold], [1, fold]);
    expect((holdem.view(s, null) as HoldemView).seats.every((x) => x.cards === null)).toBe(true);
    expect(holdem.outcome(s)!.seats.every((x) => x.hand === undefined)).toBe(true);
  });
});

describe("hold'em, any hand", () => {
  /** Moves a player could make, from the view of the seat to act; `pick` chooses. */
  function someMove(view: HoldemView, pick: number, fraction: number): HoldemMove {
    const a = view.action!;
    const options: HoldemMove[] = [fold, a.toCall > 0 ? call : check];
    if (a.minRaiseTo !== null && a.maxRaiseTo !== null) {
      options.push(raise(a.minRaiseTo + Math.floor((a.maxRaiseTo - a.minRaiseTo) * fraction)), allIn);
    }
    // Passive moves more often, so that hands reach the river.
    return options[pick % (options.length + 2)] ?? options[1]!;
  }

  it('conserves every chip and always ends, over random decks, tables and legal moves', () => {
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.integer({ min: 1, max: 400 }), { minLength: 2, maxLength: 6 }),
        fc.nat(),
        fc.integer({ min: 2, max: 200 }),
        fc.integer({ min: 0, max: 10000 }),
        fc.nat({ max: 5000 }),
        fc.array(fc.tuple(fc.nat(), fc.double({ min: 0, max: 1, noNaN: true })), { minLength: 200 }),
        (seed, stackBbs, buttonPick, stake, rakeBps, rakeCap, picks) => {
          const seats = stackBbs.map((bbs, i) => ({ seat: i * 2 + 1, stack: bbs * stake + (i % 3) }));
          const total = seats.reduce((sum, s) => sum + s.stack, 0);
          let s = holdem.deal({
            seats,
            button: seats[buttonPick % seats.length]!.seat,
            stake,
            rakeBps,
            rakeCap,
            deck: pvpDeck(seed, 'HE1', buttonPick),
          });
          let moves = 0;
          while (holdem.toAct(s) !== null) {
            expect(JSON.parse(JSON.stringify(s))).toEqual(s);
            const inPlay = s.players.reduce((sum, p) => sum + p.stack + p.committed, 0);
            expect(inPlay).toBe(total);
            const seat = holdem.toAct(s)!;
            const other = s.players.find((p) => p.seat !== seat)!.seat;
            expect(holdem.apply(s, other, fold)).toEqual({ ok: false, code: 'pvp_not_your_turn' });
            const [pick, fraction] = picks[moves % picks.length]!;
            const move = someMove(holdem.view(s, seat) as HoldemView, pick, fraction);
            const result = holdem.apply(s, seat, move);
            expect(result.ok, JSON.stringify(move)).toBe(true);
            if (result.ok) s = result.state;
            moves += 1;
            expect(moves).toBeLessThan(1000);
          }
          const out = holdem.outcome(s)!;
          expect(out.seats.reduce((sum, x) => sum + x.stack, 0) + out.rake).toBe(total);
          expect(out.seats.reduce((sum, x) => sum + x.net, 0) + out.rake).toBe(0);
          expect(out.pots.reduce((sum, pot) => sum + pot.amount, 0) + out.rake).toBe(
            s.players.reduce((sum, p) => sum + p.committed, 0),
          );
          expect(out.seats.every((x) => x.stack >= 0)).toBe(true);
          expect(out.rake).toBeLessThanOrEqual(rakeCap);
          if (s.board.length < 3) expect(out.rake).toBe(0);
          expect(holdem.apply(s, seats[0]!.seat, fold)).toEqual({ ok: false, code: 'pvp_hand_over' });
          expect(holdem.outcome(s)).not.toBeNull();
        },
      ),
      { numRuns: 300 },
    );
  });

  it('refuses hostile moves without a crash or a chip moved, and times any hand out to its end', () => {
    const rawMove = fc.oneof(
      fc.constantFrom('fold', 'check', 'call', 'allIn', 'bet', '').map((type) => ({ type })),
      fc.record({ type: fc.constant('raise'), to: fc.oneof(fc.integer(), fc.double(), fc.string()) }),
      fc.anything(),
    );
    fc.assert(
      fc.property(
        fc.string(),
        fc.array(fc.integer({ min: 1, max: 60 }), { minLength: 2, maxLength: 6 }),
        fc.array(fc.tuple(fc.nat({ max: 12 }), rawMove), { maxLength: 60 }),
        (seed, stackBbs, attempts) => {
          const seats = stackBbs.map((bbs, i) => ({ seat: i, stack: bbs * 10 }));
          const total = seats.reduce((sum, s) => sum + s.stack, 0);
          let s = holdem.deal({
            seats,
            button: 0,
            stake: 10,
            rakeBps: 500,
            rakeCap: 30,
            deck: pvpDeck(seed, 'HE2', 1),
          });
          for (const [seat, raw] of attempts) {
            const move = holdem.parseMove(raw);
            if (move === null) continue;
            const before = JSON.stringify(s);
            const result = holdem.apply(s, seat, move);
            expect(JSON.stringify(s)).toBe(before);
            if (result.ok) s = result.state;
            // Chips in play: behind or bet (until the end pays the pots out).
            if (holdem.toAct(s) !== null)
              expect(s.players.reduce((sum, p) => sum + p.stack + p.committed, 0)).toBe(total);
          }
          for (let i = 0; holdem.toAct(s) !== null; i++) {
            const seat = holdem.toAct(s)!;
            s = play(s, [seat, holdem.timeoutMove(s, seat)]);
            expect(i).toBeLessThan(30);
          }
          const out = holdem.outcome(s)!;
          expect(out.seats.reduce((sum, x) => sum + x.stack, 0) + out.rake).toBe(total);
        },
      ),
      { numRuns: 200 },
    );
  });
});
