import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Card, cardLabel, orderedShoe, type Suit } from './cards.ts';
import {
  beats,
  classifyPlay,
  legalPlays,
  type PusoyMove,
  type PusoyState,
  type PusoyView,
  pusoyCardValue,
  pusoyMultiplier,
  pusoyRules,
  sortPusoy,
} from './pusoy.ts';
import type { PvpDealInput, PvpSeatIn } from './pvp.ts';

const rules = pusoyRules;

/** '3C' → 3 of clubs, 'AS', '10H', 'KD' … (the labels `cardLabel` writes). */
function card(label: string): Card {
  const rank = { A: 1, J: 11, Q: 12, K: 13 }[label.slice(0, -1)] ?? Number(label.slice(0, -1));
  return { rank, suit: label.slice(-1) as Suit };
}
const cards = (labels: string): Card[] => labels.split(' ').map(card);
const labels = (list: readonly Card[]): string => list.map(cardLabel).join(' ');

/**
 * A deck that deals `hands` (13 labels each, in the deal order: first the seat left of the button) and then the
 * rest of the 52 cards, which stay out when fewer than 4 seats play.
 */
function deckFor(hands: string[]): Card[] {
  const dealt = hands.map(cards);
  const deck: Card[] = [];
  for (let k = 0; k < 13 * dealt.length; k++)
    deck.push(dealt[k % dealt.length]![Math.floor(k / dealt.length)]!);
  const used = new Set(deck.map(cardLabel));
  return [...deck, ...orderedShoe(1).filter((c) => !used.has(cardLabel(c)))];
}

const play = (labelList: string): PusoyMove => ({ type: 'play', cards: cards(labelList) });
const pass: PusoyMove = { type: 'pass' };

function dealInput(over: Partial<PvpDealInput> & { deck: readonly Card[] }): PvpDealInput {
  const seats: PvpSeatIn[] = [0, 1, 2, 3].map((seat) => ({ seat, stack: 1000 }));
  return { seats, button: 3, stake: 10, rakeBps: 500, rakeCap: 100, ...over };
}

/** Applies the moves in order, each by the seat named, and fails the test on a refused move. */
function run(state: PusoyState, moves: [number, PusoyMove][]): PusoyState {
  let s = state;
  for (const [seat, move] of moves) {
    const r = rules.apply(s, seat, move);
    if (!r.ok) throw new Error(`seat ${seat} ${JSON.stringify(move)}: ${r.code}`);
    s = r.state;
  }
  return s;
}

// The complete game: seat 0 holds 3♣ and goes out in four plays while the others hold 7, 7 and 10 cards.
const gameHands = [
  '3C 4D 5D 6D 7D 8C 8S 8H 9C 9S KC KS KH',
  '4H 6H 9H JH QH 4C 2C 2S 3S 3H 7C 7S 5H',
  'QC 10S 10H JC JS JD 6C 6S 10D 9D 8D 3D 7H',
  'AC 5C 5S 10C AS 4S QS AH 2H AD 2D QD KD',
];
const gameMoves: [number, PusoyMove][] = [
  [0, play('3C 4D 5D 6D 7D')], // a straight with 3♣, the first play
  [1, play('4H 6H 9H JH QH')], // a flush beats it
  [2, pass],
  [3, pass],
  [0, pass], // everyone else passed: seat 1 leads
  [1, play('4C')],
  [2, play('QC')],
  [3, play('AC')],
  [0, pass],
  [1, pass],
  [2, pass], // seat 3 leads
  [3, play('5C 5S')],
  [0, pass],
  [1, pass],
  [2, play('10S 10H')],
  [3, pass], // seats 0, 1 and 3 passed: seat 2 leads
  [2, play('JC JS JD')],
  [3, pass],
  [0, play('KC KS KH')],
  [1, pass],
  [2, pass], // seat 3 passed earlier in this trick: seat 0 leads
  [0, play('8C 8S 8H 9C 9S')], // seat 0's last cards
];

describe('pusoy dos: card order and combinations', () => {
  it('orders singles 3 low … K, A, 2 high, and within a rank clubs < spades < hearts < diamonds', () => {
    expect(pusoyCardValue(card('3C'))).toBe(0);
    expect(pusoyCardValue(card('2D'))).toBe(51);
    expect(labels(sortPusoy(cards('2C AD KS 3D 3C 10H 3H 3S 2D JC')))).toBe('3C 3S 3H 3D 10H JC KS AD 2C 2D');
    const all = sortPusoy(orderedShoe(1));
    expect(all.map(pusoyCardValue)).toEqual([...Array(52).keys()]);
    expect(beats(cards('3S'), cards('3C'))).toBe(true);
    expect(beats(cards('3C'), cards('3S'))).toBe(false);
    expect(beats(cards('3D'), cards('3H'))).toBe(true);
    expect(beats(cards('4C'), cards('3D'))).toBe(true);
    expect(beats(cards('AC'), cards('KD'))).toBe(true);
    expect(beats(cards('2C'), cards('AD'))).toBe(true);
    expect(beats(cards('AD'), cards('2C'))).toBe(false);
    expect(beats(cards('5H'), cards('5H'))).toBe(false);
  });

  it('compares pairs by their higher card and triples by rank', () => {
    expect(classifyPlay(cards('9C 9D'))).toEqual({
      kind: 'pair',
      size: 2,
      key: [pusoyCardValue(card('9D'))],
    });
    expect(beats(cards('9D 9C'), cards('9H 9S'))).toBe(true); // 9♦ over 9♥
    expect(beats(cards('9H 9S'), cards('9D 9C'))).toBe(false);
    expect(beats(cards('2C 2S'), cards('AH AD'))).toBe(true);
    expect(beats(cards('5C 5S'), cards('4H 4D'))).toBe(true);
    expect(beats(cards('3C 3S 3H'), cards('KC KS KD'))).toBe(false);
    expect(beats(cards('2C 2S 2H'), cards('AC AS AD'))).toBe(true);
    expect(beats(cards('KC KS KD'), cards('QC QS QD'))).toBe(true);
    // A play of another size never beats the table, however high.
    expect(beats(cards('2D'), cards('3C 3S'))).toBe(false);
    expect(beats(cards('2C 2D'), cards('3C'))).toBe(false);
    expect(beats(cards('2C 2S 2D'), cards('3C 4C 5C 6C 8C'))).toBe(false);
    expect(beats(cards('2C 2S 2H 2D AC'), cards('3C 3S'))).toBe(false); // no bombs
  });

  const classes = [
    ['straight', '3C 4D 5H 6S 7C'],
    ['flush', '3H 5H 8H 9H JH'],
    ['fullHouse', '4C 4S 4H 9C 9S'],
    ['fourOfAKind', '5C 5S 5H 5D 3D'],
    ['straightFlush', '3S 4S 5S 6S 7S'],
  ] as const;

  it('ranks five-card hands straight < flush < full house < four of a kind < straight flush', () => {
    for (const [kind, hand] of classes) expect(classifyPlay(cards(hand))?.kind).toBe(kind);
    classes.forEach(([, low], i) => {
      classes.forEach(([, high], j) => {
        expect(beats(cards(high), cards(low))).toBe(j > i);
      });
    });
  });

  it('compares straights by their highest card, the 2 highest; A-2-3-4-5 and 2-3-4-5-6 count, no wrapping past A', () => {
    expect(beats(cards('4C 5D 6H 7S 8C'), cards('3C 4D 5H 6S 7D'))).toBe(true);
    expect(beats(cards('3D 4D 5H 6S 7D'), cards('3C 4C 5H 6S 7C'))).toBe(true); // 7♦ over 7♣
    expect(beats(cards('10C JD QH KS AC'), cards('9D 10D JH QS KD'))).toBe(true); // an ace over a king
    expect(classifyPlay(cards('AC 2D 3H 4S 5C'))?.kind).toBe('straight');
    expect(classifyPlay(cards('2C 3D 4H 5S 6C'))?.kind).toBe('straight');
    expect(beats(cards('AC 2S 3H 4S 5C'), cards('10D JD QH KS AD'))).toBe(true); // topped by a 2
    expect(beats(cards('2D 3D 4H 5S 6C'), cards('AC 2C 3H 4S 5C'))).toBe(true); // 2♦ over 2♣
    expect(beats(cards('AC 2H 3H 4S 5C'), cards('2S 3D 4H 5S 6C'))).toBe(true); // 2♥ over 2♠
    for (const wrap of ['JC QD KH AS 2C', 'QC KD AH 2S 3C', 'KC AD 2H 3S 4C'])
      expect(classifyPlay(cards(wrap))).toBeNull();
    // Straight flushes the same way, and any straight flush over four of a kind.
    expect(beats(cards('3H 4H 5H 6H 7H'), cards('3S 4S 5S 6S 7S'))).toBe(true);
    expect(beats(cards('10C JC QC KC AC'), cards('9D 10D JD QD KD'))).toBe(true);
    expect(beats(cards('3C 4C 5C 6C 7C'), cards('2C 2S 2H 2D AC'))).toBe(true);
  });

  it('compares flushes rank by rank from the highest, then by suit; full houses and fours by their rank', () => {
    expect(beats(cards('3C 4C 5C 6C AC'), cards('9D 10D JD QD 3D'))).toBe(true); // an ace over a queen
    expect(beats(cards('9D 10D JD QD 3D'), cards('3C 4C 5C 6C AC'))).toBe(false);
    expect(beats(cards('2C 3C 4C 5C 7C'), cards('AD KD QD JD 9D'))).toBe(true); // a 2 over an ace
    expect(beats(cards('AD 9D 6D 5D 3D'), cards('AH 8H 7H 6H 4H'))).toBe(true); // A = A, then 9 over 8
    expect(beats(cards('AH 8H 7H 6H 4H'), cards('AD 9D 6D 5D 3D'))).toBe(false);
    expect(beats(cards('3D 5D 8D 9D JD'), cards('3H 5H 8H 9H JH'))).toBe(true); // same ranks: diamonds
    expect(beats(cards('3S 5S 8S 9S JS'), cards('3C 5C 8C 9C JC'))).toBe(true);
    expect(beats(cards('4C 4S 4H 3C 3S'), cards('3D 3H 3C 2C 2S'))).toBe(true);
    expect(beats(cards('2C 2S 2H 3C 3S'), cards('AC AS AH KC KS'))).toBe(true);
    expect(beats(cards('4C 4S 4H 4D 3S'), cards('3C 3S 3H 3D 2D'))).toBe(true);
    expect(beats(cards('2C 2S 2H 2D 3C'), cards('AC AS AH AD KD'))).toBe(true);
  });

  it('refuses combinations that are no play', () => {
    for (const bad of [
      '', // nothing
      '4C 4S 4H 4D', // four cards, even four of a kind
      '3C 5D 6S',
      '3C 4D 5H 6S 8C', // a straight with a gap
      '3C 4C 5C 6C', // four to a straight flush
      '3C 4D', // a "pair" of two ranks
      '3C 3S 4H', // a "triple" of two ranks
      '3C 3S 4C 4S 5C', // two pairs and a card
      '3C 3S 3H 4C 5D', // three of a kind and two cards
      '3C 4C 5C 6C 7C 8C', // six cards
    ])
      expect(classifyPlay(bad === '' ? [] : cards(bad))).toBeNull();
    expect(classifyPlay(cards('3C 3C'))).toBeNull(); // the same card twice
    expect(classifyPlay([{ rank: 14, suit: 'C' }])).toBeNull();
    expect(beats(cards('3C 4D'), null)).toBe(false);
    expect(beats(cards('3C 3S'), null)).toBe(true); // on an empty table any real play does
  });

  it('lists the legal plays on a table and for the opening lead', () => {
    const hand = cards('10C 9D 3D 9C 3C');
    expect(legalPlays(hand, cards('9H 9S')).map(labels)).toEqual(['9C 9D']);
    expect(legalPlays(hand, cards('9D 9S'))).toEqual([]);
    expect(legalPlays(hand, cards('9C'), null).map(labels)).toEqual(['9D', '10C']);
    expect(legalPlays(hand, null, card('3C')).map(labels)).toEqual(['3C', '3C 3D']);
    expect(legalPlays(hand, null)).toHaveLength(5 + 2);
  });
});

describe('pusoy dos: the deal and the tricks', () => {
  it('deals 13 cards one at a time from the seat after the button, and 3♣ leads', () => {
    const deck = orderedShoe(1); // A♠ … K♠, A♥ … K♥, A♦ … K♦, A♣ … K♣
    const s = rules.deal(dealInput({ deck, button: 1 }));
    const dealtTo = (seat: number) =>
      deck
        .filter((_, k) => [2, 3, 0, 1][k % 4] === seat)
        .map(cardLabel)
        .sort();
    for (const p of s.players) expect(p.hand.map(cardLabel).sort()).toEqual(dealtTo(p.seat));
    expect(s.players[2]!.hand.some((c) => cardLabel(c) === 'AS')).toBe(true); // the first card to seat 2
    // 3♣ is card 41 of the deck: 41 mod 4 = 1, the second seat dealt (seat 3), which leads.
    expect(s.opening).toEqual(card('3C'));
    expect(rules.toAct(s)).toBe(3);
    expect(s.players.every((p) => p.hand.length === 13)).toBe(true);
    expect(labels(s.players[0]!.hand)).toBe(labels(sortPusoy(s.players[0]!.hand)));
  });

  it('deals 13 each to fewer seats and leaves the rest out; without 3♣ the lowest card dealt leads', () => {
    const seats = [2, 5, 7].map((seat) => ({ seat, stack: 500 }));
    const deck = deckFor([
      '4C 4S 4H 4D 5C 5S 5H 5D 6C 6S 6H 6D 7C',
      '8C 8S 8H 8D 9C 9S 9H 9D 10C 10S 10H 10D JC',
      'JS JH JD QC QS QH QD KC KS KH KD AC AS',
    ]); // 3♣ and the other threes stay out
    const s = rules.deal(dealInput({ deck, seats, button: 5 })); // the deal starts at seat 7
    expect(s.players.map((p) => p.seat)).toEqual([2, 5, 7]);
    expect(labels(s.players[2]!.hand)).toBe('4C 4S 4H 4D 5C 5S 5H 5D 6C 6S 6H 6D 7C');
    expect(s.players.flatMap((p) => p.hand.map(cardLabel))).not.toContain('3C');
    expect(s.opening).toEqual(card('4C'));
    expect(rules.toAct(s)).toBe(7);
    expect(rules.apply(s, 7, play('4S'))).toEqual({ ok: false, code: 'pvp_illegal_move' });
    const r = rules.apply(s, 7, play('4C 4S'));
    expect(r.ok && rules.toAct(r.state)).toBe(2); // seat order wraps from 7 to 2
  });

  it('refuses a deal it cannot play', () => {
    const deck = orderedShoe(1);
    const bad: Partial<PvpDealInput>[] = [
      { seats: [{ seat: 0, stack: 100 }] },
      { seats: [0, 1, 2, 3, 4].map((seat) => ({ seat, stack: 100 })) },
      {
        seats: [
          { seat: 1, stack: 100 },
          { seat: 1, stack: 100 },
        ],
      },
      {
        seats: [
          { seat: 0, stack: -1 },
          { seat: 1, stack: 100 },
        ],
      },
      { stake: 0 },
      { rakeBps: 10_001 },
      { deck: deck.slice(1) },
      { deck: [...deck.slice(1), deck[0]!, deck[0]!].slice(1) },
    ];
    for (const over of bad) expect(() => rules.deal(dealInput({ deck, ...over }))).toThrow(RangeError);
  });

  it('makes the first play contain 3♣, lets only the seat to act move, and never lets the leader pass', () => {
    const s = rules.deal(dealInput({ deck: deckFor(gameHands) }));
    expect(rules.toAct(s)).toBe(0);
    expect(rules.apply(s, 1, play('4C'))).toEqual({ ok: false, code: 'pvp_not_your_turn' });
    expect(rules.apply(s, 9, pass)).toEqual({ ok: false, code: 'pvp_not_your_turn' });
    expect(rules.apply(s, 0, play('4D'))).toEqual({ ok: false, code: 'pvp_illegal_move' }); // no 3♣
    expect(rules.apply(s, 0, play('4D 5D 6D 7D 8C'))).toEqual({ ok: false, code: 'pvp_illegal_move' });
    expect(rules.apply(s, 0, pass)).toEqual({ ok: false, code: 'pvp_illegal_move' });
    const r = rules.apply(s, 0, play('3C'));
    expect(r.ok && rules.toAct(r.state)).toBe(1);
    expect(r.ok && r.state.opening).toBeNull();
  });

  it('refuses cards not held, a card twice, a non-play, the wrong size and a play that does not beat the table', () => {
    const s = run(rules.deal(dealInput({ deck: deckFor(gameHands) })), [[0, play('3C 4D 5D 6D 7D')]]);
    const illegal = { ok: false, code: 'pvp_illegal_move' };
    expect(rules.apply(s, 1, play('AC 2C 3S 4H 5H'))).toEqual(illegal); // A♣ is seat 3's
    expect(rules.apply(s, 1, play('4H 4H 6H 9H JH'))).toEqual(illegal);
    expect(rules.apply(s, 1, play('2C 2S 3S 3H 4C'))).toEqual(illegal); // two pairs and a card
    expect(rules.apply(s, 1, play('2C 2S'))).toEqual(illegal); // a pair on a five-card hand
    expect(rules.apply(s, 1, play('2C'))).toEqual(illegal);
    expect(rules.apply(s, 1, { type: 'play', cards: [] })).toEqual(illegal);
    expect(rules.apply(s, 1, { type: 'bet' } as unknown as PusoyMove)).toEqual(illegal);
    expect(legalPlays(s.players[1]!.hand, s.table!.cards).map(labels)).toContain('4H 6H 9H JH QH');
    const flush = rules.apply(s, 1, play('4H 6H 9H JH QH'));
    expect(flush.ok).toBe(true);
    // Seat 2's diamond flush is topped by a jack, the hearts by a queen: it does not beat the table.
    if (flush.ok) expect(rules.apply(flush.state, 2, play('3D 8D 9D 10D JD'))).toEqual(illegal);
  });

  it('ends a trick when every other seat passed: the last seat to play leads, and a seat that passed sits out', () => {
    const s = rules.deal(dealInput({ deck: deckFor(gameHands) }));
    const afterFlush = run(s, gameMoves.slice(0, 4));
    expect(afterFlush.passed).toEqual([2, 3]);
    expect(rules.toAct(afterFlush)).toBe(0);
    const reset = run(afterFlush, [[0, pass]]);
    expect(reset.table).toBeNull();
    expect(reset.passed).toEqual([]);
    expect(rules.toAct(reset)).toBe(1);
    expect(rules.apply(reset, 1, pass)).toEqual({ ok: false, code: 'pvp_illegal_move' });
    // Seat 3 passes on the pair of tens after seats 0 and 1 passed on the fives: seat 2 leads, and on its triple
    // seat 3's pass keeps it out, so after seats 1 and 2 pass the turn goes back to seat 0.
    const tens = run(s, gameMoves.slice(0, 16));
    expect(tens.table).toBeNull();
    expect(rules.toAct(tens)).toBe(2);
    const kings = run(tens, gameMoves.slice(16, 20));
    expect(kings.passed).toEqual([3, 1]);
    expect(rules.toAct(kings)).toBe(2);
    const back = run(kings, [[2, pass]]);
    expect(back.table).toBeNull();
    expect(rules.toAct(back)).toBe(0);
  });

  it('does not change the state it is given', () => {
    const s = rules.deal(dealInput({ deck: deckFor(gameHands) }));
    const before = structuredClone(s);
    run(s, gameMoves);
    expect(s).toEqual(before);
  });
});

describe('pusoy dos: a complete hand and its scoring', () => {
  it('plays a hand move by move: seat 0 goes out, the others pay stake × cards left, ×2 from 10 cards', () => {
    const start = rules.deal(dealInput({ deck: deckFor(gameHands) }));
    const end = run(start, gameMoves);
    expect(rules.toAct(end)).toBeNull();
    expect(end.winner).toBe(0);
    expect(end.players.map((p) => p.hand.length)).toEqual([0, 7, 7, 10]);
    // Seats 1 and 2: 10 × 7 = 70 each; seat 3: 10 × 10 × 2 = 200. Paid 340; the rake 5% = 17 (cap 100).
    expect(rules.outcome(end)).toEqual({
      seats: [
        { seat: 0, stack: 1323, net: 323, hand: 'winner' },
        { seat: 1, stack: 930, net: -70, hand: 'cardsLeft:7' },
        { seat: 2, stack: 930, net: -70, hand: 'cardsLeft:7' },
        { seat: 3, stack: 800, net: -200, hand: 'cardsLeft:10' },
      ],
      rake: 17,
      pots: [{ amount: 340, winners: [0] }],
    });
    expect(rules.outcome(run(start, gameMoves.slice(0, -1)))).toBeNull();
    expect(rules.apply(end, 1, pass)).toEqual({ ok: false, code: 'pvp_hand_over' });
    expect(rules.apply(end, 0, play('3C'))).toEqual({ ok: false, code: 'pvp_hand_over' });
  });

  it('takes no more than a loser has, rounds the rake down and caps it', () => {
    const seats = [
      { seat: 0, stack: 1000 },
      { seat: 1, stack: 1000 },
      { seat: 2, stack: 45 },
      { seat: 3, stack: 150 },
    ];
    const capped = rules.outcome(run(rules.deal(dealInput({ deck: deckFor(gameHands), seats })), gameMoves))!;
    // 70 + 45 + 150 = 265 paid; 5% is 13.25: 13.
    expect(capped.seats.map((s) => [s.stack, s.net])).toEqual([
      [1252, 252],
      [930, -70],
      [0, -45],
      [0, -150],
    ]);
    expect(capped.rake).toBe(13);
    const input = dealInput({ deck: deckFor(gameHands), rakeBps: 1000, rakeCap: 25 });
    const cap = rules.outcome(run(rules.deal(input), gameMoves))!;
    expect(cap.rake).toBe(25); // 10% of 340 is 34, the cap 25
    expect(cap.seats[0]).toEqual({ seat: 0, stack: 1315, net: 315, hand: 'winner' });
    const free = rules.outcome(run(rules.deal({ ...input, rakeBps: 0 }), gameMoves))!;
    expect(free.rake).toBe(0);
    expect(free.seats[0]!.net).toBe(340);
  });

  it('multiplies ×1 up to 9 cards, ×2 for 10–12 and ×3 for 13, and seats cover 39 stakes', () => {
    expect([1, 9, 10, 12, 13].map(pusoyMultiplier)).toEqual([1, 1, 2, 2, 3]);
    expect(rules.minStackStakes).toBe(39);
    expect([rules.minSeats, rules.maxSeats, rules.code]).toEqual([2, 4, 'PUSOY']);
  });
});

describe('pusoy dos: timeouts, views and moves from the wire', () => {
  it('times out to the opening card, to a pass when passing is allowed, and to the lowest card when leading', () => {
    const s = rules.deal(dealInput({ deck: deckFor(gameHands) }));
    expect(rules.timeoutMove(s, 0)).toEqual(play('3C'));
    expect(rules.timeoutMove(s, 1)).toEqual(pass); // not its turn: the server gets pvp_not_your_turn
    const onStraight = run(s, gameMoves.slice(0, 1));
    expect(rules.timeoutMove(onStraight, 1)).toEqual(pass);
    const leading = run(s, gameMoves.slice(0, 5));
    expect(rules.timeoutMove(leading, 1)).toEqual(play('3S'));
    expect(rules.apply(leading, 1, rules.timeoutMove(leading, 1)).ok).toBe(true);
    expect(rules.apply(s, 0, rules.timeoutMove(s, 0)).ok).toBe(true);
  });

  it("shows a seat its own cards and only the number of everyone else's; at the end every hand", () => {
    const s = run(rules.deal(dealInput({ deck: deckFor(gameHands) })), gameMoves.slice(0, 3));
    const v = rules.view(s, 1) as PusoyView;
    expect(v.seat).toBe(1);
    expect(labels(v.hand!)).toBe('3S 3H 4C 5H 7C 7S 2C 2S');
    expect(v.seats).toEqual([
      { seat: 0, cards: 8, passed: false },
      { seat: 1, cards: 8, passed: false },
      { seat: 2, cards: 13, passed: true },
      { seat: 3, cards: 13, passed: false },
    ]);
    expect(v.table).toEqual({ seat: 1, cards: cards('4H 6H 9H JH QH'), kind: 'flush' });
    expect(v.toAct).toBe(3);
    expect(v.leading).toBe(false);
    const text = JSON.stringify(v);
    for (const other of [...cards(gameHands[0]!).slice(5), ...cards(gameHands[2]!), ...cards(gameHands[3]!)])
      expect(text).not.toContain(JSON.stringify(other));
    const spectator = rules.view(s, null) as PusoyView;
    expect(spectator.hand).toBeNull();
    expect(spectator.seat).toBeNull();
    expect((rules.view(s, 8) as PusoyView).hand).toBeNull(); // a seat not in the hand sees what a spectator does
    expect(JSON.stringify(spectator)).not.toContain('"rank":8,"suit":"C"');

    const end = rules.view(
      run(rules.deal(dealInput({ deck: deckFor(gameHands) })), gameMoves),
      null,
    ) as PusoyView;
    expect(end.winner).toBe(0);
    expect(end.toAct).toBeNull();
    expect(end.seats.map((x) => labels(x.hand!))).toEqual([
      '',
      '3S 3H 5H 7C 7S 2C 2S',
      '3D 6C 6S 7H 8D 9D 10D',
      '4S 10C QS QD KD AS AH AD 2H 2D',
    ]);
  });

  it('parses a move from hostile JSON or refuses it', () => {
    expect(rules.parseMove({ type: 'pass' })).toEqual(pass);
    expect(
      rules.parseMove(JSON.parse('{"type":"play","cards":[{"rank":3,"suit":"C"},{"suit":"S","rank":3}]}')),
    ).toEqual(play('3C 3S'));
    const five = cards('3C 4C 5C 6C 7C');
    expect(rules.parseMove({ type: 'play', cards: five })).toEqual({ type: 'play', cards: five });
    for (const raw of [
      null,
      undefined,
      'pass',
      7,
      [],
      ['pass'],
      {},
      { type: 'fold' },
      { type: 'pass', cards: [] },
      { type: 'play' },
      { type: 'play', cards: [] },
      { type: 'play', cards: 'AC' },
      { type: 'play', cards: [...five, card('8C')] },
      { type: 'play', cards: [{ rank: 0, suit: 'C' }] },
      { type: 'play', cards: [{ rank: 14, suit: 'C' }] },
      { type: 'play', cards: [{ rank: 1.5, suit: 'C' }] },
      { type: 'play', cards: [{ rank: '3', suit: 'C' }] },
      { type: 'play', cards: [{ rank: 3, suit: 'c' }] },
      { type: 'play', cards: [{ rank: 3, suit: 'X' }] },
      { type: 'play', cards: [{ rank: 3 }] },
      { type: 'play', cards: [{ rank: 3, suit: 'C', joker: true }] },
      { type: 'play', cards: [null] },
      { type: 'play', cards: [[3, 'C']] },
      { type: 'play', cards: [card('3C')], seat: 2 },
      JSON.parse('{"type":"play","cards":[{"rank":3,"suit":"C"}],"__proto__":{"x":1}}'),
      Object.create({ type: 'pass' }),
    ])
      expect(rules.parseMove(raw)).toBeNull();
  });
});

/** A small seeded generator for the property test's choices (mulberry32). */
function choices(seed: number): (n: number) => number {
  let a = seed >>> 0;
  return (n) => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 2 ** 32) * n);
  };
}

/** Every subset of `hand` of 1, 2, 3 or 5 cards that `beats` the table: the slow way, to check `legalPlays`. */
function everyPlay(hand: readonly Card[], table: readonly Card[] | null, mustInclude: Card | null): string[] {
  const out: string[] = [];
  for (let mask = 1; mask < 1 << hand.length; mask++) {
    const set = hand.filter((_, i) => mask & (1 << i));
    if (mustInclude !== null && !set.some((c) => cardLabel(c) === cardLabel(mustInclude))) continue;
    if (beats(set, table) && (table === null || set.length === table.length))
      out.push(labels(sortPusoy(set)));
  }
  return out.sort();
}

describe('pusoy dos: any hand', () => {
  it('lists exactly the plays that beat the table', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(orderedShoe(1), { minLength: 26, maxLength: 26 }),
        fc.integer({ min: 0, max: 13 }),
        fc.boolean(),
        (dealt, t, opening) => {
          const hand = dealt.slice(0, 13);
          const tables = legalPlays(dealt.slice(13), null);
          const table = t === 13 ? null : tables[(t * 7919) % tables.length]!;
          const must = opening ? hand[t % 13]! : null;
          expect(legalPlays(hand, table, must).map(labels).sort()).toEqual(everyPlay(hand, table, must));
        },
      ),
      { numRuns: 40 },
    );
  });

  it('orders any two plays of one size from different cards: exactly one beats the other', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(orderedShoe(1), { minLength: 26, maxLength: 26 }),
        fc.integer(),
        (cardsDealt, seed) => {
          const pick = choices(seed);
          const [mine, theirs] = [
            legalPlays(cardsDealt.slice(0, 13), null),
            legalPlays(cardsDealt.slice(13), null),
          ];
          for (let i = 0; i < 20; i++) {
            const a = mine[pick(mine.length)]!;
            const same = theirs.filter((b) => b.length === a.length);
            if (same.length === 0) continue;
            const b = same[pick(same.length)]!;
            expect(beats(a, b)).not.toBe(beats(b, a));
            expect(legalPlays(cardsDealt.slice(13), a).some((c) => labels(c) === labels(b))).toBe(
              beats(b, a),
            );
          }
        },
      ),
      { numRuns: 50 },
    );
  });

  it('always ends, keeps every card in one place and conserves the chips (stacks before = after + rake)', () => {
    fc.assert(
      fc.property(
        fc.shuffledSubarray(orderedShoe(1), { minLength: 52, maxLength: 52 }),
        fc.array(fc.integer({ min: 0, max: 5000 }), { minLength: 2, maxLength: 4 }),
        fc.integer({ min: 1, max: 100 }),
        fc.integer({ min: 0, max: 10_000 }),
        fc.integer({ min: 0, max: 1000 }),
        fc.integer({ min: 0, max: 9 }),
        fc.integer(),
        (deck, stacks, stake, rakeBps, rakeCap, button, seed) => {
          const pick = choices(seed);
          const seats = stacks.map((stack, i) => ({ seat: i * 2, stack }));
          let state = rules.deal({ seats, button, stake, rakeBps, rakeCap, deck });
          const dealt = deck
            .slice(0, 13 * seats.length)
            .map(cardLabel)
            .sort()
            .join(' ');
          let steps = 0;
          while (rules.toAct(state) !== null) {
            steps += 1;
            expect(steps).toBeLessThanOrEqual(13 * 4 * 4);
            const seat = rules.toAct(state)!;
            const other = seats.find((s) => s.seat !== seat)!.seat;
            expect(rules.apply(state, other, pass)).toEqual({ ok: false, code: 'pvp_not_your_turn' });
            const hand = state.players.find((p) => p.seat === seat)!.hand;
            const options: PusoyMove[] = legalPlays(hand, state.table?.cards ?? null, state.opening).map(
              (c) => ({
                type: 'play',
                cards: c,
              }),
            );
            if (state.table !== null) options.push(pass, pass, pass); // passing is common
            const move = pick(5) === 0 ? rules.timeoutMove(state, seat) : options[pick(options.length)]!;
            const r = rules.apply(state, seat, move);
            expect(r.ok).toBe(true);
            if (!r.ok) return;
            state = JSON.parse(JSON.stringify(r.state)) as PusoyState; // as the server reads it back from jsonb
            const held = state.players.flatMap((p) => p.hand.map(cardLabel));
            const played = state.moves.flatMap((m) => (m.cards ?? []).map(cardLabel));
            expect([...held, ...played].sort().join(' ')).toBe(dealt); // each dealt card once: held or played
          }
          const out = rules.outcome(state)!;
          const before = stacks.reduce((a, b) => a + b, 0);
          const after = out.seats.reduce((a, s) => a + s.stack, 0);
          expect(after + out.rake).toBe(before);
          expect(out.rake).toBeLessThanOrEqual(rakeCap);
          expect(out.pots).toEqual([
            { amount: out.rake + out.seats.find((s) => s.hand === 'winner')!.net, winners: [state.winner] },
          ]);
          for (const s of out.seats) {
            expect(s.stack).toBeGreaterThanOrEqual(0);
            expect(s.net).toBe(s.stack - stacks[s.seat / 2]!);
            if (s.hand !== 'winner') expect(-s.net).toBeLessThanOrEqual(stake * 39);
          }
        },
      ),
      { numRuns: 100 },
    );
  }, 30_000); // about a second alone; room for a busy machine (speed is measured in benches, not here)
});
