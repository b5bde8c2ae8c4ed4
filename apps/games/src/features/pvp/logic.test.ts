import type { PvpTable } from '@tala/contracts/pvp';
import type { Card } from '@tala/live/cards';
import { type HoldemView, holdem } from '@tala/live/holdem';
import { type PusoyView, pusoyRules } from '@tala/live/pusoy';
import { pvpDeck } from '@tala/live/pvp';
import { type TongitsView, tongitsRules } from '@tala/live/tongits';
import { describe, expect, it } from 'vitest';
import { cardKey, cardName } from './cards.tsx';
import { holdemChoices, holdemDealtMatches, potTotal, quickRaises, raiseMove } from './holdem-logic.ts';
import { buyInRange, clamp, firstFreeSeat, percentOf, seatLayout, secondsLeft, turnShare } from './logic.ts';
import { isLegalPick, pickedCards, pusoyChoices, pusoyDealtMatches, togglePick } from './pusoy-logic.ts';
import { meldCards, tongitsChoices } from './tongits-logic.ts';

const table: PvpTable = {
  code: 'HOLDEM-10',
  game: 'HOLDEM',
  name: "Hold'em",
  stake: 1_000,
  seats: 6,
  seated: 2,
  minBuyIn: 20_000,
  maxBuyIn: 100_000,
  rakeBps: 500,
  rakeCap: 3_000,
  turnSeconds: 20,
  maintenance: false,
};
const card = (rank: number, suit: Card['suit']): Card => ({ rank, suit });
const deal = (game: 'HOLDEM' | 'PUSOY' | 'TONGITS', seats: number[], button: number, seed = 'seed-1') => ({
  seats: seats.map((seat) => ({ seat, stack: 100_000 })),
  button,
  stake: 1_000,
  rakeBps: 500,
  rakeCap: 3_000,
  deck: pvpDeck(seed, `${game}-T`, 1),
});

describe('the seats round the oval', () => {
  it('puts the member’s own seat at the bottom in the middle and the others clockwise', () => {
    const six = seatLayout(6, 3);
    expect(six.find((s) => s.seat === 3)).toMatchObject({ seat: 3, left: 50, top: 90, dx: 0, dy: 1 });
    // The seat after the member's is to their left (clockwise on screen: bottom → left → top → right).
    const next = six.find((s) => s.seat === 4)!;
    expect(next.left).toBeLessThan(50);
    expect(next.top).toBeGreaterThan(50);
    expect(six.find((s) => s.seat === 0)).toMatchObject({ seat: 0, left: 50, top: 10, dx: 0, dy: -1 });
    // Without a seat of their own, seat 0 is at the bottom; every seat is inside the box.
    const three = seatLayout(3, null);
    expect(three[0]).toMatchObject({ seat: 0, left: 50, top: 90 });
    for (const s of [...six, ...three, ...seatLayout(4, 9)]) {
      expect(s.left).toBeGreaterThanOrEqual(0);
      expect(s.left).toBeLessThanOrEqual(100);
      expect(s.top).toBeGreaterThanOrEqual(0);
      expect(s.top).toBeLessThanOrEqual(100);
    }
  });

  it('finds the first free seat, or none at a full table', () => {
    const seat = (n: number) => ({
      seat: n,
      name: 'x',
      stack: 1,
      mine: false,
      inHand: false,
      leaving: false,
    });
    expect(firstFreeSeat(table, [seat(0), seat(2)])).toBe(1);
    expect(firstFreeSeat({ ...table, seats: 2 }, [seat(0), seat(1)])).toBeNull();
  });
});

describe('the turn timer', () => {
  const deadline = '2026-11-26T10:00:20.000Z';
  const at = (iso: string) => new Date(iso).getTime();

  it('counts whole seconds down to the deadline by the server’s clock, never below 0', () => {
    expect(secondsLeft(deadline, at('2026-11-26T10:00:00.000Z'))).toBe(20);
    expect(secondsLeft(deadline, at('2026-11-26T10:00:10.200Z'))).toBe(10);
    expect(secondsLeft(deadline, at('2026-11-26T10:00:19.999Z'))).toBe(1);
    expect(secondsLeft(deadline, at('2026-11-26T10:00:25.000Z'))).toBe(0);
    expect(secondsLeft(null, 0)).toBe(0);
  });

  it('gives the share of the turn left for its ring', () => {
    expect(turnShare(deadline, at('2026-11-26T10:00:10.000Z'), 20)).toBe(0.5);
    expect(turnShare(deadline, at('2026-11-26T09:59:50.000Z'), 20)).toBe(1);
    expect(turnShare(deadline, at('2026-11-26T10:00:30.000Z'), 20)).toBe(0);
    expect(turnShare(null, 0, 20)).toBe(0);
  });
});

describe('sitting down', () => {
  it('keeps the buy-in between the table’s least and most and under the balance', () => {
    expect(buyInRange(table, undefined)).toEqual({ min: 20_000, max: 100_000 });
    expect(buyInRange(table, 55_000)).toEqual({ min: 20_000, max: 55_000 });
    expect(buyInRange(table, 19_999)).toBeNull();
    expect(clamp(150_000, 20_000, 55_000)).toBe(55_000);
    expect(clamp(Number.NaN, 20_000, 55_000)).toBe(20_000);
  });

  it('states the rake in percent', () => {
    expect(percentOf(500)).toBe('5');
    expect(percentOf(250)).toBe('2.5');
    expect(percentOf(125)).toBe('1.25');
  });
});

describe('Pusoy Dos picks', () => {
  const state = pusoyRules.deal(deal('PUSOY', [0, 1, 2, 3], 3));
  const leader = state.toAct!;
  const view = pusoyRules.view(state, leader) as PusoyView;

  it('lights only the cards of a legal first play (it must hold 3♣) and accepts only a legal pick', () => {
    const { plays, playable } = pusoyChoices(view);
    expect(view.opening).toEqual(card(3, 'C'));
    expect(playable.has('3C')).toBe(true);
    expect(plays.every((p) => p.some((c) => cardKey(c) === '3C'))).toBe(true);
    // 3♣ alone is a legal single; any other single is not (the first play must hold 3♣).
    expect(isLegalPick(plays, new Set(['3C']))).toBe(true);
    const other = view.hand!.find((c) => cardKey(c) !== '3C')!;
    expect(isLegalPick(plays, new Set([cardKey(other)]))).toBe(false);
    expect(isLegalPick(plays, new Set())).toBe(false);
  });

  it('toggles cards in and out of the pick and sends them in the hand’s order', () => {
    const hand = view.hand!;
    let picked = togglePick(new Set(), hand[2]!);
    picked = togglePick(picked, hand[0]!);
    expect(pickedCards(hand, picked)).toEqual([hand[0], hand[2]]);
    picked = togglePick(picked, hand[2]!);
    expect(pickedCards(hand, picked)).toEqual([hand[0]]);
  });

  it('has no choices when it is not the member’s turn', () => {
    const other = pusoyRules.view(state, (leader + 1) % 4) as PusoyView;
    expect(pusoyChoices(other).plays).toEqual([]);
  });

  it('re-deals the revealed deck to the hands the end view shows, and notices a different deck', () => {
    let s = state;
    // Play the hand out by the timer's moves.
    for (let i = 0; i < 400 && pusoyRules.toAct(s) !== null; i++) {
      const seat = pusoyRules.toAct(s)!;
      const r = pusoyRules.apply(s, seat, pusoyRules.timeoutMove(s, seat));
      if (!r.ok) throw new Error(r.code);
      s = r.state;
    }
    const end = pusoyRules.view(s, null);
    expect(pusoyDealtMatches(pvpDeck('seed-1', 'PUSOY-T', 1), end, [0, 1, 2, 3])).toBe(true);
    expect(pusoyDealtMatches(pvpDeck('seed-2', 'PUSOY-T', 1), end, [0, 1, 2, 3])).toBe(false);
    expect(pusoyDealtMatches(pvpDeck('seed-1', 'PUSOY-T', 1), view, [0, 1, 2, 3])).toBeNull();
  });
});

describe('hold’em moves', () => {
  const state = holdem.deal(deal('HOLDEM', [1, 4], 1));
  const first = holdem.toAct(state)!;
  const view = holdem.view(state, first) as HoldemView;

  it('reads what the member may do from the view', () => {
    const choices = holdemChoices(view, first)!;
    // Heads-up the button posts the small blind (500) and acts first: 500 to call, raises from 2,000.
    expect(first).toBe(1);
    expect(choices.check).toBe(false);
    expect(choices.call).toBe(500);
    expect(choices.raise).toEqual({ min: 2_000, max: 100_000 });
    expect(holdemChoices(view, 4)).toBeNull();
    expect(potTotal(view)).toBe(1_500);
  });

  it('builds raises within the range, the whole stack as all in', () => {
    const choices = holdemChoices(view, first)!;
    expect(raiseMove(choices, 5_000)).toEqual({ type: 'raise', to: 5_000 });
    expect(raiseMove(choices, 10)).toEqual({ type: 'raise', to: 2_000 });
    expect(raiseMove(choices, 100_000)).toEqual({ type: 'allIn' });
    expect(raiseMove(choices, 1e9)).toEqual({ type: 'allIn' });
    // Pot-sized: call 500 to 1,000, then raise by the 2,000 in the middle: to 3,000.
    expect(quickRaises(view, choices)).toEqual([
      { key: 'min', to: 2_000 },
      { key: 'threeQuarterPot', to: 2_500 },
      { key: 'pot', to: 3_000 },
    ]);
    for (const move of [raiseMove(choices, 3_000), { type: 'fold' }, { type: 'call' }])
      expect(holdem.apply(state, first, holdem.parseMove(move)!).ok).toBe(true);
  });

  it('re-deals the revealed deck to the cards shown, and notices a different deck', () => {
    const called = holdem.apply(state, first, { type: 'call' });
    if (!called.ok) throw new Error(called.code);
    const mine = holdem.view(called.state, 4);
    expect(holdemDealtMatches(pvpDeck('seed-1', 'HOLDEM-T', 1), mine, [1, 4])).toBe(true);
    expect(holdemDealtMatches(pvpDeck('seed-9', 'HOLDEM-T', 1), mine, [1, 4])).toBe(false);
  });
});

describe('Tongits moves', () => {
  const state = tongitsRules.deal(deal('TONGITS', [0, 1, 2], 0));

  it('lets the dealer meld, sapaw or discard (no draw on the first turn), and others nothing', () => {
    const view = tongitsRules.view(state, 0) as TongitsView;
    expect(view.phase).toBe('play');
    const one = tongitsChoices(view, 0, [view.hand![0]!], null);
    expect(one).toMatchObject({ discard: true, meld: false, draw: false });
    const other = tongitsRules.view(state, 1) as TongitsView;
    expect(tongitsChoices(other, 1, [other.hand![0]!], null).discard).toBe(false);
  });

  it('knows a meld from three cards of a rank or a run, and a take from two cards that meld with the discard', () => {
    const base = tongitsRules.view(state, 0) as TongitsView;
    const view: TongitsView = { ...base, phase: 'play', toAct: 0 };
    expect(tongitsChoices(view, 0, [card(5, 'S'), card(5, 'H'), card(5, 'D')], null).meld).toBe(true);
    expect(tongitsChoices(view, 0, [card(5, 'S'), card(6, 'S'), card(7, 'S')], null).meld).toBe(true);
    expect(tongitsChoices(view, 0, [card(5, 'S'), card(6, 'H'), card(7, 'S')], null).meld).toBe(false);
    const melds = [{ id: 7, owner: 1, cards: [card(9, 'C'), card(10, 'C'), card(11, 'C')] }];
    expect(tongitsChoices({ ...view, melds }, 0, [card(12, 'C')], 7).sapaw).toBe(true);
    expect(tongitsChoices({ ...view, melds }, 0, [card(12, 'H')], 7).sapaw).toBe(false);
    const drawing: TongitsView = { ...view, phase: 'draw', discardTop: card(4, 'D'), stock: 10 };
    expect(tongitsChoices(drawing, 0, [card(4, 'S'), card(4, 'H')], null)).toMatchObject({
      take: true,
      draw: true,
    });
    expect(tongitsChoices(drawing, 0, [card(4, 'S')], null).take).toBe(false);
    expect(tongitsChoices({ ...view, phase: 'answer' }, 0, [], null).answer).toBe(true);
  });
});

describe('Tongits meld lighting', () => {
  it('lights the cards of sets and runs in the hand, and those that meld with the discard', () => {
    const hand = [
      card(5, 'S'),
      card(5, 'H'),
      card(5, 'D'),
      card(1, 'C'),
      card(2, 'C'),
      card(3, 'C'),
      card(9, 'H'),
      card(13, 'S'),
    ];
    expect([...meldCards(hand, null)].sort()).toEqual(['1C', '2C', '3C', '5D', '5H', '5S'].sort());
    // With the 10♥ on the pile, 9♥ alone makes no run; with the J♥ too it would.
    expect([...meldCards([...hand, card(11, 'H')], card(10, 'H'))].sort()).toEqual(['11H', '9H']);
    expect([...meldCards(hand, card(13, 'D'))]).toEqual([]);
    // Q-K-A is no run (the ace is low).
    expect([...meldCards([card(12, 'S'), card(13, 'S'), card(1, 'S')], null)]).toEqual([]);
  });
});

describe('card names', () => {
  it('name court cards and aces by letter with the suit sign', () => {
    expect(cardName(card(1, 'S'))).toBe('A♠');
    expect(cardName(card(10, 'H'))).toBe('10♥');
    expect(cardName(card(12, 'D'))).toBe('Q♦');
  });
});
