import { fraction } from '@tala/slots/fraction';
import { describe, expect, it } from 'vitest';
import {
  checkMarket,
  checkMarketOpen,
  checkSelection,
  currentPrice,
  formatSpecifiers,
  type Market,
  marketKey,
  marketStatusFromFeed,
  parseLine,
  parseScore,
  parseSelectionKey,
  parseSpecifiers,
  type Selection,
  selectionKey,
} from './markets.ts';
import { fromDecimal } from './shares.ts';

describe('specifiers and lines', () => {
  it("reads the feed's specifier string and writes one spelling of it", () => {
    expect(parseSpecifiers('hcp=-0.75|map=2')).toEqual({ hcp: '-0.75', map: '2' });
    expect(parseSpecifiers('')).toEqual({});
    expect(parseSpecifiers('score=2:1')).toEqual({ score: '2:1' });
    for (const bad of ['hcp', 'hcp=', '=1', 'hcp=1|hcp=2', 'HCP=1', 'hcp=1||map=2', 'a=b/c'])
      expect(parseSpecifiers(bad)).toBeNull();
    expect(formatSpecifiers({ map: '2', hcp: '-1.5' })).toBe('hcp=-1.5|map=2');
  });

  it('reads handicaps and totals as whole quarters', () => {
    const table: [string, number | null][] = [
      ['0', 0],
      ['-0.25', -1],
      ['+0.25', 1],
      ['0.5', 2],
      ['-0.75', -3],
      ['1', 4],
      ['+1.25', 5],
      ['2.50', 10],
      ['-10', -40],
      ['0.3', null],
      ['0.125', null],
      ['1.', null],
      ['.5', null],
      ['abc', null],
      ['', null],
    ];
    for (const [text, quarters] of table) expect(parseLine(text)).toBe(quarters);
  });

  it('reads scores', () => {
    expect(parseScore('2:1')).toEqual({ home: 2, away: 1 });
    for (const bad of ['2-1', '2:', ':1', '-1:0', '1.5:0']) expect(parseScore(bad)).toBeNull();
  });
});

describe('market status', () => {
  it("maps the feed's numbers and takes bets on active markets only", () => {
    expect([1, -1, 0, -2, -3, -4, 7].map(marketStatusFromFeed)).toEqual([
      'active',
      'suspended',
      'deactivated',
      'deactivated',
      'settled',
      'cancelled',
      null,
    ]);
    expect(checkMarketOpen('active').ok).toBe(true);
    expect(checkMarketOpen('suspended')).toEqual({ ok: false, code: 'sports_market_suspended' });
    for (const status of ['deactivated', 'settled', 'cancelled'] as const)
      expect(checkMarketOpen(status)).toEqual({ ok: false, code: 'sports_market_closed' });
  });
});

describe('selections', () => {
  const ah: Selection = {
    eventId: 'sr:match:42',
    market: 'asian_handicap',
    specifiers: { hcp: '-0.75' },
    outcome: 'home',
  };

  it('gives one key per market and selection, whatever order the specifiers came in', () => {
    expect(selectionKey(ah)).toBe('sr:match:42/asian_handicap/hcp=-0.75/home');
    const a = { ...ah, market: 'map_handicap' as const, specifiers: { hcp: '-1.5', map: '2' } };
    const b = { ...ah, market: 'map_handicap' as const, specifiers: { map: '2', hcp: '-1.5' } };
    expect(marketKey(a)).toBe(marketKey(b));
  });

  it('takes every market type with its specifiers and outcomes', () => {
    const good: Selection[] = [
      { eventId: 'e1', market: '1x2', specifiers: {}, outcome: 'draw' },
      { eventId: 'e1', market: '1x2', specifiers: { score: '1:0' }, outcome: 'home' },
      ah,
      { eventId: 'e1', market: 'asian_handicap', specifiers: { hcp: '+1.25' }, outcome: 'away' },
      { eventId: 'e1', market: 'over_under', specifiers: { total: '2.75' }, outcome: 'under' },
      { eventId: 'e1', market: 'odd_even', specifiers: {}, outcome: 'odd' },
      { eventId: 'e1', market: 'btts', specifiers: {}, outcome: 'no' },
      { eventId: 'e1', market: 'correct_score', specifiers: {}, outcome: '2:1' },
      { eventId: 'sr:season:9', market: 'outright', specifiers: {}, outcome: 'sr:competitor:17' },
      {
        eventId: 'sr:season:9',
        market: 'outright',
        specifiers: { places: '3' },
        outcome: 'sr:competitor:17',
      },
      { eventId: 'e2', market: 'match_winner', specifiers: {}, outcome: 'away' },
      { eventId: 'e2', market: 'match_winner', specifiers: { map: '2' }, outcome: 'home' },
      { eventId: 'e2', market: 'map_handicap', specifiers: { hcp: '-1.5' }, outcome: 'home' },
      { eventId: 'e2', market: 'map_total', specifiers: { total: '2.5' }, outcome: 'over' },
    ];
    for (const selection of good) expect(checkSelection(selection)).toEqual({ ok: true, value: selection });
  });

  it('refuses unknown markets, bad specifiers and unknown outcomes, each with its code', () => {
    const refusals: [Partial<Selection> & Record<string, unknown>, string][] = [
      [{ market: 'moneyline' as never }, 'sports_unknown_market'],
      [{ eventId: 'a/b' }, 'sports_unknown_market'],
      [{ specifiers: {} }, 'sports_bad_specifier'],
      [{ specifiers: { hcp: '-0.3' } }, 'sports_bad_specifier'],
      [{ specifiers: { hcp: '-0.75', total: '2.5' } }, 'sports_bad_specifier'],
      [{ market: 'over_under', specifiers: { total: '-2.5' }, outcome: 'over' }, 'sports_bad_specifier'],
      [{ market: 'match_winner', specifiers: { map: '0' } }, 'sports_bad_specifier'],
      [{ outcome: 'draw' }, 'sports_unknown_outcome'],
      [{ market: 'correct_score', specifiers: {}, outcome: 'two-one' }, 'sports_unknown_outcome'],
      [{ market: 'outright', specifiers: {}, outcome: 'a b' }, 'sports_unknown_outcome'],
    ];
    for (const [change, code] of refusals)
      expect(checkSelection({ ...ah, ...change } as Selection)).toEqual({ ok: false, code });
  });
});

describe('factors written as decimals', () => {
  it('reads them exactly, and a third as a third', () => {
    expect(fromDecimal('0.5')).toEqual(fraction(1, 2));
    expect(fromDecimal('1')).toEqual(fraction(1));
    expect(fromDecimal('0.333333')).toEqual(fraction(1, 3));
    expect(fromDecimal('0.3333333333')).toEqual(fraction(1, 3));
    expect(fromDecimal('0.666667')).toEqual(fraction(2, 3));
    expect(fromDecimal('0.142857')).toEqual(fraction(1, 7));
    expect(fromDecimal('0.25')).toEqual(fraction(1, 4));
    expect(fromDecimal('0.217391')).toEqual(fraction(5, 23)); // five places among 23 tied golfers
    expect(fromDecimal('0.33')).toEqual(fraction(1, 3));
    expect(fromDecimal('0.3334')).toEqual(fraction(3_334, 10_000)); // not the rounding of a third
    expect(fromDecimal('0.123457')).toEqual(fraction(123_457, 1_000_000));
    for (const bad of ['-0.5', 'half', '.5', '0.5e1']) expect(() => fromDecimal(bad)).toThrow(RangeError);
  });
});

describe('markets from the feed', () => {
  const market: Market = {
    eventId: 'sr:match:42',
    market: 'over_under',
    specifiers: { total: '2.25' },
    status: 'active',
    outcomes: [
      { outcome: 'over', price: 1_950, active: true },
      { outcome: 'under', price: 1_900, active: false },
    ],
  };

  it('reads selection keys back', () => {
    const selection: Selection = { ...market, outcome: 'over' };
    const { status: _, outcomes: __, ...ref } = market;
    expect(parseSelectionKey(selectionKey(selection))).toEqual({ ...ref, outcome: 'over' });
    for (const bad of ['e/1x2//home/x', 'e/1x3//home', 'e/1x2//both', 'e/over_under/total=x/over'])
      expect(parseSelectionKey(bad)).toBeNull();
  });

  it('checks a market: type, specifiers, outcomes once each, prices or none', () => {
    expect(checkMarket(market).ok).toBe(true);
    const refusals: [Partial<Market>, string][] = [
      [{ status: 'open' as never }, 'sports_malformed_market'],
      [{ outcomes: [] }, 'sports_malformed_market'],
      [{ outcomes: [market.outcomes[0]!, market.outcomes[0]!] }, 'sports_malformed_market'],
      [{ outcomes: [{ outcome: 'over', price: 1_000, active: true }] }, 'sports_malformed_market'],
      [{ outcomes: [{ outcome: 'yes', price: 1_950, active: true }] }, 'sports_unknown_outcome'],
      [{ specifiers: { total: '2.3' } }, 'sports_bad_specifier'],
    ];
    for (const [change, code] of refusals)
      expect(checkMarket({ ...market, ...change })).toEqual({ ok: false, code });
  });

  it('quotes the price of an outcome that takes bets now', () => {
    expect(currentPrice(market, 'over')).toEqual({ ok: true, value: 1_950 });
    expect(currentPrice(market, 'under')).toEqual({ ok: false, code: 'sports_market_suspended' });
    expect(currentPrice(market, 'odd')).toEqual({ ok: false, code: 'sports_unknown_outcome' });
    expect(currentPrice({ ...market, status: 'suspended' }, 'over')).toEqual({
      ok: false,
      code: 'sports_market_suspended',
    });
    expect(currentPrice({ ...market, status: 'settled' }, 'over')).toEqual({
      ok: false,
      code: 'sports_market_closed',
    });
  });
});
