import type { BingoCardView, BingoRoom, BingoRound } from '@tala/contracts/bingo';
import {
  type BingoCard,
  card75,
  completedAt,
  drawOrder,
  patterns75,
  patterns90,
  ticket90,
} from '@tala/live/bingo';
import { roundSource } from '@tala/live/round';
import { hashServerSeed, roundStream } from '@tala/slots/fairness';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  ballLetter,
  boardRows,
  cardsLeftToBuy,
  clampCount,
  gamePhase,
  isDaubed,
  myWinningCards,
  newClientSeed,
  nextPrize,
  recomputeCard,
  secondsLeft,
  toGo,
  verifyGame,
} from './logic.ts';
import { newerRound } from './use-room.ts';

const card75Fixed: BingoCard = {
  balls: 75,
  rows: [
    [1, 16, 31, 46, 61],
    [2, 17, 32, 47, 62],
    [3, 18, null, 48, 63],
    [4, 19, 34, 49, 64],
    [5, 20, 35, 50, 65],
  ],
};
const ticket: BingoCard = {
  balls: 90,
  rows: [
    [1, null, 20, null, 40, null, 60, null, 80],
    [null, 11, null, 30, null, 50, null, 70, 85],
    [5, 12, 25, null, null, 55, null, 75, null],
  ],
};

describe('daubing and "to go"', () => {
  it('daubs called numbers and the 75-ball free centre only', () => {
    const called = new Set([16, 48]);
    expect(isDaubed('bingo75', 16, called)).toBe(true);
    expect(isDaubed('bingo75', 17, called)).toBe(false);
    expect(isDaubed('bingo75', null, called)).toBe(true);
    expect(isDaubed('bingo90', null, called)).toBe(false);
  });

  it('counts what a 75-ball card still needs, the free centre counted as daubed', () => {
    const none = new Set<number>();
    // The middle row and the middle column have the free centre: four numbers each.
    expect(toGo(card75Fixed, 'line', none)).toBe(4);
    expect(toGo(card75Fixed, 'fullHouse', none)).toBe(24);
    expect(toGo(card75Fixed, 'fourCorners', none)).toBe(4);
    expect(toGo(card75Fixed, 'x', none)).toBe(8);
    // The middle row and the middle column share the centre: 8 numbers for both.
    expect(toGo(card75Fixed, 'twoLines', none)).toBe(8);
    const called = new Set([3, 18, 48]);
    expect(toGo(card75Fixed, 'line', called)).toBe(1);
    expect(toGo(card75Fixed, 'twoLines', called)).toBe(5);
    expect(toGo(card75Fixed, 'fourCorners', new Set([1, 5, 61]))).toBe(1);
  });

  it('counts what a 90-ball ticket still needs, row by row', () => {
    const called = new Set([1, 20, 40, 11, 30]);
    expect(toGo(ticket, 'oneLine', called)).toBe(2);
    expect(toGo(ticket, 'twoLines', called)).toBe(5);
    expect(toGo(ticket, 'fullHouse', called)).toBe(10);
    expect(() => toGo(ticket, 'x', called)).toThrow(RangeError);
  });

  it('reaches 0 exactly when the engine says the pattern is complete, on any card and any calls', () => {
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 12 }),
        fc.boolean(),
        fc.integer({ min: 0, max: 90 }),
        (seed, seventyFive, taken) => {
          const card = seventyFive
            ? card75(roundStream(seed, 'card', 0))
            : ticket90(roundStream(seed, 'card', 0));
          const order = drawOrder(roundStream(seed, 'draw', 0), card.balls);
          const calls = order.slice(0, Math.min(taken, card.balls));
          const called = new Set(calls);
          for (const pattern of seventyFive ? patterns75 : patterns90) {
            const left = toGo(card, pattern, called);
            expect(left === 0).toBe(completedAt(card, pattern, calls) !== null);
            // Calling the missing numbers completes it: never more than `left` balls away.
            if (left > 0) {
              const rest = order.filter((b) => !called.has(b));
              const done = completedAt(card, pattern, [...calls, ...rest]);
              expect(done).not.toBeNull();
              expect(done! + 1 - calls.length).toBeGreaterThanOrEqual(left);
            }
          }
        },
      ),
      { numRuns: 150 },
    );
  });
});

const room = {
  code: 'BNG-1',
  game: 'bingo75',
  name: 'Room',
  currency: 'PHP',
  cardPrice: 500,
  maxCards: 6,
  saleSeconds: 30,
  ballMs: 2000,
  prizes: [
    { pattern: 'line', sharePermille: 300 },
    { pattern: 'fullHouse', sharePermille: 550 },
  ],
  rtp: '85.0',
  maintenance: false,
} satisfies BingoRoom;

function roundOf(over: Partial<BingoRound>): BingoRound {
  return {
    roomCode: 'BNG-1',
    roundNo: 7,
    opensAt: '2026-11-26T10:00:00.000Z',
    closesAt: '2026-11-26T10:00:30.000Z',
    endsAt: '2026-11-26T10:03:00.000Z',
    serverSeedHash: 'h',
    status: 'open',
    cardsSold: 0,
    sales: 0,
    pools: [],
    calls: [],
    nextBallAt: null,
    winners: [],
    serverSeed: null,
    ...over,
  };
}

const view = (id: number, rows: (number | null)[][]): BingoCardView => ({
  id,
  roomCode: 'BNG-1',
  roundNo: 7,
  cardNo: id,
  rows,
  clientSeed: 'ab'.repeat(8),
  requestId: 'request-1',
  index: 0,
  price: 500,
  won: 0,
});

describe('a game’s state', () => {
  it('plays the prizes in the room’s order, each until won', () => {
    expect(nextPrize(room, null)).toBe('line');
    const winner = { pattern: 'line' as const, callIndex: 4, cards: 1, each: 100, mine: [] };
    expect(nextPrize(room, roundOf({ winners: [winner] }))).toBe('fullHouse');
    expect(
      nextPrize(room, roundOf({ winners: [winner, { ...winner, pattern: 'fullHouse', callIndex: 50 }] })),
    ).toBeNull();
  });

  it('finds the member’s cards that won a prize on the very ball that decided it', () => {
    const calls = [1, 16, 31, 46, 61, 2];
    const a = view(1, card75Fixed.rows);
    const b = view(2, [[6, 21, 36, 51, 66], ...card75Fixed.rows.slice(1)]);
    const winner = { pattern: 'line' as const, callIndex: 4, cards: 3, each: 50, mine: [] };
    expect(myWinningCards('bingo75', [a, b], winner, calls)).toEqual([1]);
    // A card that completed the line later does not share it; the HTTP answer's own ids count too.
    expect(myWinningCards('bingo75', [a, b], { ...winner, callIndex: 3 }, calls)).toEqual([]);
    expect(myWinningCards('bingo75', [a, b], { ...winner, mine: [2] }, calls)).toEqual([1, 2]);
  });

  it('moves from the sale to the draw by the server’s clock, then to its end', () => {
    const at = (iso: string) => Date.parse(iso);
    expect(gamePhase(roundOf({}), at('2026-11-26T10:00:29.000Z'))).toBe('sale');
    expect(gamePhase(roundOf({}), at('2026-11-26T10:00:30.000Z'))).toBe('starting');
    expect(gamePhase(roundOf({ status: 'drawing' }), 0)).toBe('drawing');
    expect(gamePhase(roundOf({ status: 'settled' }), 0)).toBe('over');
    expect(gamePhase(roundOf({ status: 'void' }), 0)).toBe('void');
    expect(secondsLeft('2026-11-26T10:00:30.000Z', at('2026-11-26T10:00:28.100Z'))).toBe(2);
    expect(secondsLeft(null, 0)).toBe(0);
  });

  it('keeps the newer view of a game when the socket and an HTTP answer cross', () => {
    const open = roundOf({ sales: 100 });
    const drawing = roundOf({ status: 'drawing', calls: [5, 9] });
    const later = roundOf({ status: 'drawing', calls: [5, 9, 12] });
    expect(newerRound(drawing, open)).toBe(drawing);
    expect(newerRound(drawing, later)).toBe(later);
    expect(newerRound(later, drawing)).toBe(later);
    expect(newerRound(later, roundOf({ roundNo: 8 }))?.roundNo).toBe(8);
    expect(newerRound(roundOf({ roundNo: 8 }), later)?.roundNo).toBe(8);
    expect(newerRound(null, open)).toBe(open);
  });

  it('lets the count of cards go from 1 to what may still be bought', () => {
    expect(cardsLeftToBuy(room, 4)).toBe(2);
    expect(cardsLeftToBuy(room, 9)).toBe(0);
    expect(clampCount(5, 2)).toBe(2);
    expect(clampCount(0, 2)).toBe(1);
    expect(clampCount(Number.NaN, 2)).toBe(1);
    expect(clampCount(3, 0)).toBe(0);
  });

  it('makes client seeds the contract takes, each new', () => {
    const seed = newClientSeed();
    expect(seed).toMatch(/^[0-9a-f]{32}$/);
    expect(newClientSeed()).not.toBe(seed);
  });

  it('labels balls and lays out the board for each game', () => {
    expect([1, 15, 16, 45, 46, 75].map((n) => ballLetter('bingo75', n)).join('')).toBe('BBINGO');
    expect(ballLetter('bingo90', 12)).toBe('');
    expect(boardRows('bingo75').map((r) => r.length)).toEqual([15, 15, 15, 15, 15]);
    expect(boardRows('bingo90').flat()).toHaveLength(90);
  });
});

describe('the fair panel’s check', () => {
  const serverSeed = 'f'.repeat(64);
  const order = drawOrder(roundSource(serverSeed, 'BNG-1', 7), 75);
  const mine = view(1, []);
  mine.rows = card75(roundStream(mine.clientSeed, 'BNG-1/7:request-1', 0)).rows;

  it('recomputes the draw and the cards from the seeds', () => {
    expect(recomputeCard('bingo75', mine)).toEqual(mine.rows);
    const settled = roundOf({
      status: 'settled',
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
      calls: order.slice(0, 40),
    });
    expect(verifyGame('bingo75', settled, [mine])).toEqual({
      seedMatches: true,
      callsMatch: true,
      cardsMatch: true,
    });
  });

  it('names what does not match', () => {
    const settled = roundOf({
      status: 'settled',
      serverSeed,
      serverSeedHash: 'x',
      calls: order.slice(0, 40),
    });
    expect(verifyGame('bingo75', settled, [mine])?.seedMatches).toBe(false);
    const swapped = [order[1]!, order[0]!, ...order.slice(2, 40)];
    expect(verifyGame('bingo75', { ...settled, calls: swapped }, [mine])?.callsMatch).toBe(false);
    expect(verifyGame('bingo75', settled, [{ ...mine, index: 1 }])?.cardsMatch).toBe(false);
    expect(verifyGame('bingo75', roundOf({}), [mine])).toBeNull();
    // A game that sold no card called no ball: the seed is all there is to check.
    const empty = roundOf({ status: 'settled', serverSeed, serverSeedHash: hashServerSeed(serverSeed) });
    expect(verifyGame('bingo75', empty, [])).toEqual({
      seedMatches: true,
      callsMatch: true,
      cardsMatch: true,
    });
  });
});
