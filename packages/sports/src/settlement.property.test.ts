import { add, fraction } from '@tala/slots/fraction';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cashOutValue } from './cash-out.ts';
import type { Selection } from './markets.ts';
import { settleParlay } from './parlay.ts';
import {
  type LegResult,
  lineResult,
  resettlement,
  resultFromFeed,
  resultFromScore,
  resultFromStandings,
  selectionReturn,
  voided,
} from './settlement.ts';
import { equals, one } from './shares.ts';

const stakes = fc.bigInt({ min: 0n, max: 10n ** 13n });
const prices = fc.integer({ min: 1_001, max: 1_000_000 });
/** Every result the feed can send: won or lost, void 0, ½ or 1, a dead heat of 1/k. */
const results: fc.Arbitrary<LegResult> = fc
  .record({
    result: fc.constantFrom(0, 1),
    voidFactor: fc.constantFrom(0, 0.5, 1),
    tied: fc.integer({ min: 1, max: 10 }),
  })
  .map(({ result, voidFactor, tied }) => {
    const read = resultFromFeed({ result, voidFactor, deadHeatFactor: (1 / tied).toFixed(6) });
    if (!read) throw new Error('a well-formed settlement reads');
    return read;
  });
const outright =
  (places: number) =>
  (competitor: string): Selection => ({
    eventId: 'sr:season:1',
    market: 'outright',
    specifiers: { places: String(places) },
    outcome: competitor,
  });
const goals = fc.integer({ min: 0, max: 12 });
const quarters = fc.integer({ min: -24, max: 24 });
const lineText = (q: number) => (q / 4).toString();

describe('settlement properties', () => {
  it('returns between 0 and stake × price', () => {
    fc.assert(
      fc.property(stakes, prices, results, (stake, price, result) => {
        const paid = selectionReturn(stake, price, result);
        expect(paid >= 0n).toBe(true);
        expect(paid <= (stake * BigInt(price)) / 1_000n).toBe(true);
      }),
    );
  });

  it('rounds down by less than one minor unit', () => {
    fc.assert(
      fc.property(stakes, prices, results, (stake, price, result) => {
        const paid = selectionReturn(stake, price, result);
        // exact return × 1000 × win.d × void.d, compared in integers
        const { win, voided: refund } = result;
        const scaled = stake * (BigInt(price) * win.n * refund.d + 1_000n * refund.n * win.d);
        const unit = 1_000n * win.d * refund.d;
        expect(paid * unit <= scaled && scaled < (paid + 1n) * unit).toBe(true);
      }),
    );
  });

  it('posts nothing when a bet is resettled a second time to the same result', () => {
    fc.assert(
      fc.property(stakes, prices, results, results, (stake, price, first, second) => {
        const before = selectionReturn(stake, price, first);
        const after = selectionReturn(stake, price, second);
        const once = resettlement(before, after);
        expect(once.net).toBe(after - before);
        const moved = once.entries.reduce((sum, e) => sum + (e.kind === 'payout' ? e.amount : -e.amount), 0n);
        expect(moved).toBe(once.net);
        expect(resettlement(after, selectionReturn(stake, price, second))).toEqual({ entries: [], net: 0n });
      }),
    );
  });

  it('splits every handicap between its two sides: both push alike, and the wins and the push make the stake', () => {
    fc.assert(
      fc.property(goals, goals, quarters, (home, away, q) => {
        const on = (market: 'asian_handicap' | 'map_handicap', outcome: string): Selection => ({
          eventId: 'e',
          market,
          specifiers: { hcp: lineText(q) },
          outcome,
        });
        const a = resultFromScore(on('asian_handicap', 'home'), { home, away });
        const b = resultFromScore(on('asian_handicap', 'away'), { home, away });
        expect(equals(a.voided, b.voided)).toBe(true);
        expect(equals(add(add(a.win, b.win), a.voided), one)).toBe(true);
        expect(resultFromScore(on('map_handicap', 'home'), { home, away })).toEqual(a);
      }),
    );
  });

  it('splits every total between over and under the same way', () => {
    fc.assert(
      fc.property(goals, goals, fc.integer({ min: 0, max: 40 }), (home, away, q) => {
        const on = (outcome: string): Selection => ({
          eventId: 'e',
          market: 'over_under',
          specifiers: { total: lineText(q) },
          outcome,
        });
        const over = resultFromScore(on('over'), { home, away });
        const under = resultFromScore(on('under'), { home, away });
        expect(equals(over.voided, under.voided)).toBe(true);
        expect(equals(add(add(over.win, under.win), over.voided), one)).toBe(true);
      }),
    );
  });

  it('settles a quarter line as half the stake on each neighbouring line', () => {
    fc.assert(
      fc.property(fc.integer({ min: -200, max: 200 }), (m) => {
        const odd = 2 * m + 1;
        const [lower, upper, mixed] = [lineResult(odd - 1), lineResult(odd + 1), lineResult(odd)];
        expect(equals(add(mixed.win, mixed.win), add(lower.win, upper.win))).toBe(true);
        expect(equals(add(mixed.voided, mixed.voided), add(lower.voided, upper.voided))).toBe(true);
      }),
    );
  });
});

describe('dead-heat properties', () => {
  it('pays out exactly the places paid among all competitors, however they tie', () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer({ min: 1, max: 6 }), { minLength: 1, maxLength: 12 }),
        fc.integer({ min: 1, max: 5 }),
        (scores, places) => {
          // standard competition ranking of arbitrary scores, higher first: ties share a position
          const standings = scores.map((score, i) => ({
            competitor: `c${i}`,
            position: 1 + scores.filter((other) => other > score).length,
          }));
          const paid = standings.reduce(
            (sum, s) => add(sum, resultFromStandings(outright(places)(s.competitor), standings).win),
            fraction(0),
          );
          expect(equals(paid, fraction(Math.min(places, standings.length)))).toBe(true);
        },
      ),
    );
  });
});

describe('parlay and cash-out properties', () => {
  const legs = fc.array(fc.record({ price: prices, result: results }), { minLength: 1, maxLength: 8 });

  it('a parlay returns between 0 and stake × the product of its prices, a one-leg parlay as the single', () => {
    fc.assert(
      fc.property(stakes, legs, (stake, placed) => {
        const outcome = settleParlay(stake, placed);
        if (outcome.state !== 'settled') throw new Error('every leg settled');
        const top =
          placed.reduce((acc, leg) => acc * BigInt(leg.price), stake) / 1_000n ** BigInt(placed.length);
        expect(outcome.return >= 0n && outcome.return <= top).toBe(true);
        const first = placed[0]!;
        expect(settleParlay(stake, [first])).toMatchObject({
          return: selectionReturn(stake, first.price, first.result),
        });
        expect(
          settleParlay(
            stake,
            placed.map((leg) => ({ ...leg, result: voided })),
          ),
        ).toMatchObject({
          return: stake,
        });
      }),
    );
  });

  it('a parlay never pays past its maximum payout', () => {
    fc.assert(
      fc.property(stakes, legs, fc.bigInt({ min: 0n, max: 10n ** 12n }), (stake, placed, cap) => {
        const outcome = settleParlay(stake, placed, cap);
        if (outcome.state === 'settled') expect(outcome.return <= cap).toBe(true);
      }),
    );
  });

  it('a cash-out is worth no more than the bet would return if it won', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 13n }),
        prices,
        prices,
        fc.integer({ min: 0, max: 999 }),
        (stake, placedPrice, currentPrice, marginThousandths) => {
          const value = cashOutValue({
            stake,
            placedPrice,
            currentPrice,
            marginThousandths,
            marketStatus: 'active',
            betOpen: true,
            legs: 1,
          });
          // No more than: at no margin and an unchanged price a tiny stake's value rounds to its whole return.
          if (value.ok) expect(value.value <= (stake * BigInt(placedPrice)) / 1_000n).toBe(true);
          else expect(value.code).toBe('sports_cashout_unavailable');
        },
      ),
    );
  });
});
