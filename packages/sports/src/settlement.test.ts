import { fraction } from '@tala/slots/fraction';
import { describe, expect, it } from 'vitest';
import type { MarketTypeId, Selection } from './markets.ts';
import {
  cancelApplies,
  deadHeat,
  halfLost,
  halfWon,
  lost,
  outrightResult,
  resettlement,
  resultFromFeed,
  resultFromScore,
  resultFromStandings,
  resultLabel,
  selectionReturn,
  voided,
  won,
} from './settlement.ts';

const sel = (market: MarketTypeId, outcome: string, specifiers: Record<string, string> = {}): Selection => ({
  eventId: 'sr:match:1',
  market,
  specifiers,
  outcome,
});
const score = (text: string) => {
  const [home, away] = text.split(':').map(Number) as [number, number];
  return { home, away };
};

// Stake 100.00 (10,000 minor units) at 1.950: won 19,500; half won 5,000 × 1.95 + 5,000 = 14,750; void 10,000;
// half lost 5,000; lost 0.
const stake = 10_000n;
const price = 1_950;
const W = 19_500n;
const HW = 14_750n;
const V = 10_000n;
const HL = 5_000n;
const L = 0n;

describe('Asian handicap from the final score', () => {
  // Home side's returns on each line; the home margin of the five scores is 0, +1, +2, −1, −2.
  const scores = ['0:0', '1:0', '2:0', '0:1', '0:2'];
  const table: [string, bigint[]][] = [
    ['0', [V, W, W, L, L]],
    ['-0.25', [HL, W, W, L, L]],
    ['0.25', [HW, W, W, L, L]],
    ['-0.5', [L, W, W, L, L]],
    ['+0.5', [W, W, W, L, L]],
    ['-0.75', [L, HW, W, L, L]],
    ['0.75', [W, W, W, HL, L]],
    ['-1', [L, V, W, L, L]],
    ['1', [W, W, W, V, L]],
    ['-1.25', [L, HL, W, L, L]],
    ['1.25', [W, W, W, HW, L]],
  ];
  it.each(table)('home %s returns as hand-computed on 0:0, 1:0, 2:0, 0:1, 0:2', (hcp, returns) => {
    const got = scores.map((s) =>
      selectionReturn(stake, price, resultFromScore(sel('asian_handicap', 'home', { hcp }), score(s))),
    );
    expect(got).toEqual(returns);
  });

  it('settles the away side on the same line from its own view (it receives what home gives)', () => {
    const away = (hcp: string, s: string) =>
      selectionReturn(stake, price, resultFromScore(sel('asian_handicap', 'away', { hcp }), score(s)));
    expect(away('-0.75', '1:0')).toBe(HL); // away +0.75 losing by one: +0.5 loses, +1 pushes
    expect(away('-0.75', '0:0')).toBe(W);
    expect(away('-0.25', '0:0')).toBe(HW); // away +0.25 on a draw: 0 pushes, +0.5 wins
    expect(away('0.25', '0:0')).toBe(HL);
    expect(away('-1', '1:0')).toBe(V);
    expect(away('1.25', '0:1')).toBe(HL); // away −1.25 winning by one: −1 pushes, −1.5 loses
    expect(away('1.25', '0:2')).toBe(W);
    expect(away('1.25', '1:1')).toBe(L);
  });

  it('uses the margin, not the goals: 2:1 and 3:2 settle like 1:0', () => {
    for (const s of ['1:0', '2:1', '3:2']) {
      const r = resultFromScore(sel('asian_handicap', 'home', { hcp: '-0.75' }), score(s));
      expect(resultLabel(r)).toBe('half_won');
    }
    expect(resultLabel(resultFromScore(sel('asian_handicap', 'home', { hcp: '-1.25' }), score('3:1')))).toBe(
      'won',
    );
  });

  it('counts only the goals after the score an in-play market opened at', () => {
    const r = resultFromScore(sel('asian_handicap', 'home', { hcp: '-0.5', score: '1:0' }), score('2:1'));
    expect(r).toEqual(lost); // 1:1 after the bet
    expect(resultFromScore(sel('1x2', 'draw', { score: '1:0' }), score('1:0'))).toEqual(won);
    expect(() => resultFromScore(sel('1x2', 'draw', { score: '2:0' }), score('1:0'))).toThrow(RangeError);
  });

  it('rounds the return down once, on the exact total', () => {
    // 7 at 1.950 half won: 3.5 × 1.95 + 3.5 = 10.325 → 10 (rounding each half first would give 6 + 3 = 9).
    expect(selectionReturn(7n, 1_950, halfWon)).toBe(10n);
    // 333 at 1.875 half won: 333 × 1.4375 = 478.6875 → 478.
    expect(selectionReturn(333n, 1_875, halfWon)).toBe(478n);
    // 1 at 1.999 won: 1.999 → 1.
    expect(selectionReturn(1n, 1_999, won)).toBe(1n);
  });
});

describe('over/under from the final score', () => {
  // Total goals of the five scores: 0, 1, 2, 3, 4.
  const scores = ['0:0', '1:0', '1:1', '2:1', '2:2'];
  const table: [string, bigint[], bigint[]][] = [
    // total   over                 under
    ['0.75', [L, HW, W, W, W], [W, HL, L, L, L]],
    ['2', [L, L, V, W, W], [W, W, V, L, L]],
    ['2.25', [L, L, HL, W, W], [W, W, HW, L, L]],
    ['2.5', [L, L, L, W, W], [W, W, W, L, L]],
    ['2.75', [L, L, L, HW, W], [W, W, W, HL, L]],
    ['3', [L, L, L, V, W], [W, W, W, V, L]],
    ['3.25', [L, L, L, HL, W], [W, W, W, HW, L]],
  ];
  it.each(table)('total %s returns as hand-computed on 0 to 4 goals', (total, over, under) => {
    const returns = (outcome: string) =>
      scores.map((s) =>
        selectionReturn(stake, price, resultFromScore(sel('over_under', outcome, { total }), score(s))),
      );
    expect(returns('over')).toEqual(over);
    expect(returns('under')).toEqual(under);
  });
});

describe('the other football markets from the final score', () => {
  const ret = (market: MarketTypeId, outcome: string, s: string, p = price) =>
    selectionReturn(stake, p, resultFromScore(sel(market, outcome), score(s)));

  it('1x2', () => {
    expect([ret('1x2', 'home', '2:1'), ret('1x2', 'draw', '2:1'), ret('1x2', 'away', '2:1')]).toEqual([
      W,
      L,
      L,
    ]);
    expect([ret('1x2', 'home', '1:1'), ret('1x2', 'draw', '1:1', 3_400), ret('1x2', 'away', '1:1')]).toEqual([
      L,
      34_000n,
      L,
    ]);
  });

  it('correct score at 8.500', () => {
    expect(selectionReturn(stake, 8_500, resultFromScore(sel('correct_score', '2:1'), score('2:1')))).toBe(
      85_000n,
    );
    expect(ret('correct_score', '2:1', '1:2')).toBe(L);
    expect(ret('correct_score', '0:0', '0:0')).toBe(W);
  });

  it('both teams to score', () => {
    expect([ret('btts', 'yes', '1:1'), ret('btts', 'no', '1:1')]).toEqual([W, L]);
    expect([ret('btts', 'yes', '3:0'), ret('btts', 'no', '3:0')]).toEqual([L, W]);
    expect([ret('btts', 'yes', '0:0'), ret('btts', 'no', '0:0')]).toEqual([L, W]);
  });

  it('odd/even on the total, nil being even', () => {
    expect([ret('odd_even', 'odd', '0:0'), ret('odd_even', 'even', '0:0')]).toEqual([L, W]);
    expect([ret('odd_even', 'odd', '2:1'), ret('odd_even', 'even', '2:1')]).toEqual([W, L]);
    expect([ret('odd_even', 'odd', '2:2'), ret('odd_even', 'even', '2:2')]).toEqual([L, W]);
  });
});

describe('esports from the maps won', () => {
  const ret = (market: MarketTypeId, outcome: string, s: string, specifiers: Record<string, string> = {}) =>
    selectionReturn(stake, price, resultFromScore(sel(market, outcome, specifiers), score(s)));

  it('match winner (2-way), void when a best-of-two ends level', () => {
    expect([ret('match_winner', 'home', '2:1'), ret('match_winner', 'away', '2:1')]).toEqual([W, L]);
    expect([ret('match_winner', 'home', '1:1'), ret('match_winner', 'away', '1:1')]).toEqual([V, V]);
    // map 2's winner, settled on map 2's rounds (13:11)
    expect(ret('match_winner', 'home', '13:11', { map: '2' })).toBe(W);
  });

  it('map handicap', () => {
    // best of three 2:1: home −1.5 loses, away +1.5 wins; 2:0 home −1.5 wins
    expect([
      ret('map_handicap', 'home', '2:1', { hcp: '-1.5' }),
      ret('map_handicap', 'away', '2:1', { hcp: '-1.5' }),
    ]).toEqual([L, W]);
    expect(ret('map_handicap', 'home', '2:0', { hcp: '-1.5' })).toBe(W);
    // best of five 3:2: home −1.5 loses; home +1.5 on 2:3 wins; a whole line of −1 on 3:2 pushes
    expect(ret('map_handicap', 'home', '3:2', { hcp: '-1.5' })).toBe(L);
    expect(ret('map_handicap', 'home', '2:3', { hcp: '1.5' })).toBe(W);
    expect(ret('map_handicap', 'home', '3:2', { hcp: '-1' })).toBe(V);
  });

  it('map totals', () => {
    expect([
      ret('map_total', 'over', '2:1', { total: '2.5' }),
      ret('map_total', 'under', '2:1', { total: '2.5' }),
    ]).toEqual([W, L]);
    expect([
      ret('map_total', 'over', '2:0', { total: '2.5' }),
      ret('map_total', 'under', '2:0', { total: '2.5' }),
    ]).toEqual([L, W]);
    expect(ret('map_total', 'over', '3:1', { total: '4' })).toBe(V);
  });
});

describe('outrights and dead heats', () => {
  it('a two-way tie for first pays half, a three-way tie a third', () => {
    const two = [
      { competitor: 'a', position: 1 },
      { competitor: 'b', position: 1 },
      { competitor: 'c', position: 3 },
    ];
    // 100.00 at 5.000, half of it wins: 10,000 × 5 × ½ = 25,000
    expect(selectionReturn(stake, 5_000, outrightResult(two, 'a'))).toBe(25_000n);
    expect(selectionReturn(stake, 5_000, outrightResult(two, 'c'))).toBe(0n);
    const three = [...two.slice(0, 2), { competitor: 'c', position: 1 }];
    // 10,000 × 7 × ⅓ = 23,333.33… → 23,333
    expect(selectionReturn(stake, 7_000, outrightResult(three, 'c'))).toBe(23_333n);
    expect(resultLabel(outrightResult(three, 'a'))).toBe('dead_heat');
  });

  it('places paid: a tie across the last paid place shares it; a non-runner is void', () => {
    const table = [
      { competitor: 'a', position: 1 },
      { competitor: 'b', position: 2 },
      { competitor: 'c', position: 3 },
      { competitor: 'd', position: 3 },
      { competitor: 'e', position: 5 },
    ];
    expect(outrightResult(table, 'b', 3)).toEqual(won);
    expect(outrightResult(table, 'd', 3)).toEqual(deadHeat(fraction(1, 2)));
    expect(outrightResult(table, 'd', 4)).toEqual(won);
    expect(outrightResult(table, 'e', 3)).toEqual(lost);
    expect(outrightResult(table, 'z', 3)).toEqual(lost);
    expect(outrightResult(table, 'z', 3, ['z'])).toEqual(voided);
    const place = (outcome: string, places?: string): Selection => ({
      ...sel('outright', outcome, places ? { places } : {}),
      eventId: 'sr:season:9',
    });
    expect(resultFromStandings(place('d', '3'), table)).toEqual(deadHeat(fraction(1, 2)));
    expect(resultFromStandings(place('a'), table)).toEqual(won);
    expect(resultFromStandings(place('b'), table)).toEqual(lost);
    expect(() => resultFromStandings(sel('1x2', 'home'), table)).toThrow(RangeError);
  });
});

describe("the feed's settlement of an outcome", () => {
  it('reads result, void factor and dead-heat factor', () => {
    expect(resultFromFeed({ result: 1 })).toEqual(won);
    expect(resultFromFeed({ result: 0 })).toEqual(lost);
    expect(resultFromFeed({ result: 0, voidFactor: 1 })).toEqual(voided);
    expect(resultFromFeed({ result: 1, voidFactor: 1 })).toEqual(voided);
    expect(resultFromFeed({ result: 1, voidFactor: 0.5 })).toEqual(halfWon);
    expect(resultFromFeed({ result: 0, voidFactor: '0.5' })).toEqual(halfLost);
    expect(resultFromFeed({ result: 1, deadHeatFactor: 0.5 })).toEqual(deadHeat(fraction(1, 2)));
    expect(resultFromFeed({ result: 1, deadHeatFactor: '0.333333' })).toEqual(deadHeat(fraction(1, 3)));
    expect(resultFromFeed({ result: 1, deadHeatFactor: 1 / 3 })).toEqual(deadHeat(fraction(1, 3)));
    expect(resultFromFeed({ result: 0, deadHeatFactor: 0.5 })).toEqual(lost);
  });

  it('pays the hand-computed returns', () => {
    const ret = (s: Parameters<typeof resultFromFeed>[0], p = price) =>
      selectionReturn(stake, p, resultFromFeed(s) ?? lost);
    expect(ret({ result: 1, voidFactor: 0.5 })).toBe(HW);
    expect(ret({ result: 0, voidFactor: 0.5 })).toBe(HL);
    expect(ret({ result: 0, voidFactor: 1 })).toBe(V);
    expect(ret({ result: 1, deadHeatFactor: '0.333333' }, 4_000)).toBe(13_333n); // 40,000 ⅓
  });

  it('refuses malformed settlements (null: logged and skipped)', () => {
    for (const bad of [
      { result: 2 },
      { result: -1 },
      { result: 1, voidFactor: 0.3 },
      { result: 1, voidFactor: 'half' },
      { result: 1, deadHeatFactor: 0 },
      { result: 1, deadHeatFactor: 1.5 },
      { result: 1, deadHeatFactor: Number.NaN },
      { result: Number.NaN },
    ])
      expect(resultFromFeed(bad)).toBeNull();
  });
});

describe('resettlement', () => {
  it('reverses the old return and pays the new one, in full', () => {
    expect(resettlement(W, L)).toEqual({ entries: [{ kind: 'reversal', amount: W }], net: -W });
    expect(resettlement(L, W)).toEqual({ entries: [{ kind: 'payout', amount: W }], net: W });
    expect(resettlement(HW, W)).toEqual({
      entries: [
        { kind: 'reversal', amount: HW },
        { kind: 'payout', amount: W },
      ],
      net: 4_750n,
    });
    expect(resettlement(W, V).net).toBe(-9_500n);
  });

  it('posts nothing when the return does not change, and reverses only on a rollback', () => {
    expect(resettlement(W, W)).toEqual({ entries: [], net: 0n });
    expect(resettlement(L, L)).toEqual({ entries: [], net: 0n });
    expect(resettlement(W, null)).toEqual({ entries: [{ kind: 'reversal', amount: W }], net: -W });
    expect(resettlement(L, null)).toEqual({ entries: [], net: 0n });
  });
});

describe('bet cancels over a time window', () => {
  it('voids the bets placed in [start, end), all of them without a window', () => {
    const window = { start: 1_000, end: 2_000 };
    expect([999, 1_000, 1_999, 2_000].map((t) => cancelApplies(t, window))).toEqual([
      false,
      true,
      true,
      false,
    ]);
    expect(cancelApplies(5, {})).toBe(true);
    expect(cancelApplies(5_000, { start: 1_000 })).toBe(true);
    expect(cancelApplies(5_000, { end: 1_000, start: null })).toBe(false);
    // cancelled: the stake back; the cancel rolled back: the refund reversed, the bet open again
    expect(selectionReturn(stake, price, voided)).toBe(V);
    expect(resettlement(V, null)).toEqual({ entries: [{ kind: 'reversal', amount: V }], net: -V });
  });
});

describe('bad input', () => {
  it('throws on what a caller must never pass', () => {
    expect(() => selectionReturn(-1n, price, won)).toThrow(RangeError);
    expect(() => selectionReturn(stake, 1_000, won)).toThrow(RangeError);
    expect(() => resultFromScore(sel('1x2', 'home'), { home: -1, away: 0 })).toThrow(RangeError);
    expect(() => resultFromScore(sel('1x2', 'both'), score('1:0'))).toThrow(RangeError);
    expect(() => resultFromScore(sel('outright', 'a'), score('1:0'))).toThrow(RangeError);
    expect(() => selectionReturn(stake, price, { win: fraction(3, 4), voided: fraction(1, 2) })).toThrow(
      RangeError,
    );
    expect(() => selectionReturn(stake, price, { win: fraction(-1, 2), voided: fraction(1, 2) })).toThrow(
      RangeError,
    );
  });
});
