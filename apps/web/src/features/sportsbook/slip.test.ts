import type { SportsListedEvent } from '@tala/contracts/sportsbook';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import {
  marketGroup,
  parlayAllowed,
  parlayPrice,
  parseStake,
  potentialReturn,
  priceMove,
  repriced,
  type SlipSelection,
  showPrice,
  slipLimits,
  stakeProblem,
  toggleSelection,
} from './slip.ts';
import { applyPush, type EventDetail, eventKey } from './use-sports-push.ts';

const pick = (eventId: string, marketId: number, outcome: string, price: number): SlipSelection => ({
  eventId,
  eventName: eventId,
  marketId,
  marketName: '1x2',
  outcome,
  outcomeName: outcome,
  price,
  inPlay: false,
});

describe('odds display', () => {
  it('shows a price in each format, two decimals, signed where Malay and Indonesian go negative', () => {
    expect(showPrice('decimal', 1_950)).toBe('1.95');
    expect(showPrice('hongkong', 1_950)).toBe('0.95');
    expect(showPrice('malay', 1_950)).toBe('0.95');
    expect(showPrice('indonesian', 1_950)).toBe('-1.05');
    expect(showPrice('decimal', 2_500)).toBe('2.50');
    expect(showPrice('hongkong', 2_500)).toBe('1.50');
    expect(showPrice('malay', 2_500)).toBe('-0.67');
    expect(showPrice('indonesian', 2_500)).toBe('1.50');
    expect(showPrice('malay', 2_000)).toBe('1.00');
    expect(showPrice('indonesian', 2_000)).toBe('1.00');
  });

  it('shows a dash for a price not offered or out of range', () => {
    expect(showPrice('decimal', null)).toBe('–');
    expect(showPrice('decimal', 1_000)).toBe('–');
  });

  it('flashes up or down only when the price moved', () => {
    expect(priceMove(1_900, 2_000)).toBe('up');
    expect(priceMove(2_000, 1_900)).toBe('down');
    expect(priceMove(2_000, 2_000)).toBeNull();
    expect(priceMove(null, 2_000)).toBeNull();
    expect(priceMove(2_000, null)).toBeNull();
  });
});

describe('the slip', () => {
  it('adds a selection, replaces another outcome of its market, and takes it off on a second tap', () => {
    let slip = toggleSelection([], pick('a', 1, 'home', 2_000));
    slip = toggleSelection(slip, pick('a', 1, 'away', 3_800));
    expect(slip.map((s) => s.outcome)).toEqual(['away']);
    slip = toggleSelection(slip, pick('b', 2, 'home', 1_500));
    expect(slip).toHaveLength(2);
    slip = toggleSelection(slip, pick('b', 2, 'home', 1_500));
    expect(slip.map((s) => s.eventId)).toEqual(['a']);
  });

  it('prices a parlay as the product of its legs, rounded down, and only across events', () => {
    const legs = [pick('a', 1, 'home', 2_000), pick('b', 2, 'home', 1_500), pick('c', 3, 'over', 1_910)];
    expect(parlayAllowed(legs)).toBe(true);
    expect(parlayPrice(legs)).toBe(5_730);
    expect(parlayPrice([pick('a', 1, 'home', 1_333), pick('b', 2, 'home', 1_333)])).toBe(1_776); // 1.776889
    expect(parlayPrice([legs[0] as SlipSelection])).toBeNull();
    expect(parlayAllowed([pick('a', 1, 'home', 2_000), pick('a', 4, 'over', 1_900)])).toBe(false);
  });

  it('computes the potential return from the exact product, capped at the maximum payout', () => {
    expect(potentialReturn(1_000, [1_950], slipLimits.single.maxPayout)).toBe(1_950);
    // 10.00 × 1.333 × 1.333 = 17.76889: paid 17.76, from the exact product, not the rounded price.
    expect(potentialReturn(1_000, [1_333, 1_333], slipLimits.parlay.maxPayout)).toBe(1_776);
    expect(potentialReturn(1_000_000, [100_000, 100_000], slipLimits.parlay.maxPayout)).toBe(
      slipLimits.parlay.maxPayout,
    );
    expect(potentialReturn(0, [2_000], 1_000)).toBe(0);
  });

  it('reads stakes in major units and refuses fractions of a cent', () => {
    expect(parseStake('10', 2)).toBe(1_000);
    expect(parseStake('10.5', 2)).toBe(1_050);
    expect(parseStake(' 0.01 ', 2)).toBe(1);
    expect(parseStake('10.505', 2)).toBeNull();
    expect(parseStake('-1', 2)).toBeNull();
    expect(parseStake('1e3', 2)).toBeNull();
    expect(parseStake('12', 0)).toBe(12);
  });

  it('tells a stake outside the limits', () => {
    const limits = slipLimits.single;
    expect(stakeProblem('', 2, limits)).toBeNull();
    expect(stakeProblem('0.99', 2, limits)).toBe('belowMinimum');
    expect(stakeProblem('1', 2, limits)).toBeNull();
    expect(stakeProblem('50000', 2, limits)).toBeNull();
    expect(stakeProblem('50000.01', 2, limits)).toBe('aboveMaximum');
    expect(stakeProblem('abc', 2, limits)).toBe('invalid');
    expect(stakeProblem('0', 2, limits)).toBe('invalid');
  });

  it('takes the price now for selections whose odds moved', () => {
    const slip = [pick('a', 1, 'home', 2_000), pick('b', 2, 'home', 1_500)];
    const now = repriced(slip, (s) => (s.eventId === 'a' ? 2_100 : 1_500));
    expect(now.map((s) => s.price)).toEqual([2_100, 1_500]);
  });

  it('groups markets by their feed type', () => {
    expect(marketGroup('1x2')).toBe('main');
    expect(marketGroup('winner')).toBe('main');
    expect(marketGroup('asian_handicap')).toBe('handicap');
    expect(marketGroup('map_handicap')).toBe('maps');
    expect(marketGroup('total')).toBe('totals');
    expect(marketGroup('total_maps')).toBe('totals');
    expect(marketGroup('odd_even')).toBe('oddEven');
    expect(marketGroup('btts')).toBe('btts');
    expect(marketGroup('correct_score')).toBe('correctScore');
    expect(marketGroup('highest_scoring_half')).toBe('other');
  });
});

describe('pushed frames', () => {
  const detail: EventDetail = {
    oddsFormat: 'decimal',
    event: {
      id: 'sr:match:1',
      kind: 'match',
      sport: 'football',
      product: 'SPORTS',
      category: 'PH',
      league: { id: 'l', name: 'L' },
      competitors: [],
      startTime: new Date().toISOString(),
      status: 'live',
      bettingStatus: 'open',
      inPlay: true,
      score: { home: 0, away: 0 },
      state: null,
      openMarkets: 1,
    },
    markets: [
      {
        id: 7,
        type: '1x2',
        specifiers: '',
        name: '1x2',
        status: 'active',
        priceVersion: 2,
        outcomes: [{ id: 'home', name: 'Home', price: 2_000, display: '2.00', active: true }],
      },
    ],
  };

  it('updates the cached event page with newer prices and scores, never older ones', () => {
    const client = new QueryClient();
    client.setQueryData(eventKey('sr:match:1'), detail);
    const outcomes = [{ id: 'home', name: 'Home', price: 2_200, display: '2.20', active: true }];
    applyPush(client, {
      type: 'sportsOdds',
      eventId: 'sr:match:1',
      bettingStatus: 'open',
      openMarkets: 1,
      markets: [{ id: 7, status: 'suspended', priceVersion: 3, outcomes }],
    });
    applyPush(client, {
      type: 'sportsOdds',
      eventId: 'sr:match:1',
      bettingStatus: 'open',
      openMarkets: 1,
      markets: [{ id: 7, status: 'active', priceVersion: 1, outcomes: detail.markets[0]?.outcomes ?? [] }],
    });
    applyPush(client, {
      type: 'sportsScore',
      eventId: 'sr:match:1',
      status: 'live',
      inPlay: true,
      score: { home: 1, away: 0 },
      state: { period_name: '1st half' },
    });
    const now = client.getQueryData<EventDetail>(eventKey('sr:match:1'));
    expect(now?.markets[0]?.outcomes[0]?.price).toBe(2_200);
    expect(now?.markets[0]?.status).toBe('suspended');
    expect(now?.event.score).toEqual({ home: 1, away: 0 });
  });

  it("updates a list's row: the event and the main market it shows, and no other event's", () => {
    const client = new QueryClient();
    const key = ['sports', 'events', 'SPORTS', undefined, undefined, 'inplay'];
    const other = { ...detail.event, id: 'sr:match:2' };
    const main = detail.markets[0] ?? null;
    client.setQueryData(key, {
      list: [
        { ...detail.event, mainMarket: main },
        { ...other, mainMarket: main },
      ],
    });
    const outcomes = [{ id: 'home', name: 'Home', price: 1_800, display: '1.80', active: true }];
    applyPush(client, {
      type: 'sportsOdds',
      eventId: 'sr:match:1',
      bettingStatus: 'suspended',
      openMarkets: 0,
      markets: [{ id: 7, status: 'suspended', priceVersion: 3, outcomes }],
    });
    const rows = client.getQueryData<{ list: SportsListedEvent[] }>(key)?.list ?? [];
    expect(rows[0]?.bettingStatus).toBe('suspended');
    expect(rows[0]?.mainMarket?.outcomes[0]?.price).toBe(1_800);
    expect(rows[0]?.mainMarket?.status).toBe('suspended');
    expect(rows[1]?.mainMarket?.outcomes[0]?.price).toBe(2_000);
    expect(rows[1]?.bettingStatus).toBe('open');
  });
});
