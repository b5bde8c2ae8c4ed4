import type { FeedMessage } from '@tala/contracts/odds-feed';
import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { Database } from '../../db/database.ts';
import { changeFeed } from '../../lib/change-feed.ts';
import { sportsPush } from './sports-push.ts';
import type { MarketRow } from './sportsbook.repository.ts';

const event = {
  id: 'sr:match:1',
  product: 'SPORTS',
  bettingStatus: 'open',
  openMarkets: 1,
  status: 'live',
  inPlay: true,
  score: { home: 1, away: 0 },
  state: { period: 1 },
};

/** An odds change's rows as the database answers them (sports_apply_odds). */
const eventRow = { id: 'sr:match:1', sport: 'soccer' } as never;
const marketRow: MarketRow = {
  id: 7,
  event_id: 'sr:match:1',
  market_type: '1x2',
  specifiers: '',
  name: '1x2',
  status: 'active',
  price_version: 3,
  outcomes: [{ id: 'home', name: 'Home', price: 2_600, active: true }],
  suspended_at: null,
  result: null,
  updated_at: new Date(),
} as MarketRow;

function setup(watching: boolean) {
  const feed = changeFeed();
  const sent: string[] = [];
  const sentTo: Record<number, string[]> = { 1: [], 2: [] };
  let reads = 0;
  const readFor: (number | undefined)[] = [];
  const offered: number[] = [];
  const socketOf = (merchantId: 1 | 2) =>
    ({
      OPEN: 1,
      readyState: 1,
      merchantId,
      send: (text: string) => {
        if (merchantId === 1) sent.push(text);
        sentTo[merchantId]?.push(text);
      },
    }) as unknown as WebSocket;
  const socket = socketOf(1);
  const others: WebSocket[] = [];
  const push = sportsPush(
    {
      applyFeedMessage: async (raw: unknown) => ({
        applied: true as const,
        type: (raw as { type: string }).type as 'odds_change',
        ...((raw as { rows?: boolean }).rows ? { changed: { event: eventRow, markets: [marketRow] } } : {}),
      }),
      eventPage: (_event: unknown, markets: readonly MarketRow[]) => ({
        event: event as never,
        markets: markets.map((m) => ({
          id: m.id,
          type: m.market_type,
          name: m.name,
          specifiers: m.specifiers,
          status: m.status,
          priceVersion: m.price_version,
          outcomes: m.outcomes.map((o) => ({ ...o, display: String(o.price), active: true })),
        })) as never,
        oddsFormat: 'decimal' as const,
      }),
      event: async (_eventId: string, _format?: string, merchant?: { id: number }) => {
        reads += 1;
        readFor.push(merchant?.id);
        await new Promise((r) => setTimeout(r, 5));
        return {
          event: event as never,
          markets: [
            {
              id: 7,
              type: '1x2',
              specifiers: '',
              name: '1x2',
              status: 'active' as const,
              priceVersion: 2,
              outcomes: [
                {
                  id: 'home',
                  name: 'Home',
                  price: merchant?.id === 2 ? 1_900 : 2_000,
                  display: merchant?.id === 2 ? '1.90' : '2.00',
                  active: true,
                },
              ],
            },
          ],
          oddsFormat: 'decimal' as const,
        };
      },
    },
    {
      db: { isTransaction: false } as unknown as Database,
      hub: {
        everyWatcherOf: (code) => (watching && code === 'SPORTS' ? [socket, ...others] : []),
        merchantOfSocket: (s) => (s as unknown as { merchantId: number }).merchantId,
      },
      feed,
      offers: {
        offered: async (merchantId: number, _events: unknown, markets: readonly unknown[]) => {
          offered.push(merchantId);
          const [m] = markets as MarketRow[];
          return [
            { ...m, outcomes: [{ ...m?.outcomes[0], price: merchantId === 2 ? 2_400 : 2_500 }] },
          ] as never;
        },
      },
    },
  );
  return {
    push,
    feed,
    offered,
    sent,
    sentTo,
    readFor,
    reads: () => reads,
    addWatcher: (merchantId: 1 | 2) => others.push(socketOf(merchantId)),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 250));

describe('the sportsbook push', () => {
  it('pushes an odds change and a score to the sockets watching SPORTS', async () => {
    const { push, sent } = setup(true);
    await push.applyFeedMessage({ type: 'odds_change', event_id: 'sr:match:1' });
    await push.applyFeedMessage({ type: 'score', event_id: 'sr:match:1' });
    await settle();
    const frames = sent.map((s) => JSON.parse(s) as { type: string; markets?: unknown[]; score?: unknown });
    expect(frames.map((f) => f.type)).toEqual(['sportsOdds', 'sportsScore']);
    expect(frames[0]?.markets).toEqual([
      {
        id: 7,
        type: '1x2',
        specifiers: '',
        status: 'active',
        priceVersion: 2,
        outcomes: [{ id: 'home', name: 'Home', price: 2_000, display: '2.00', active: true }],
      },
    ]);
    expect(frames[1]?.score).toEqual({ home: 1, away: 0 });
    push.stop();
  });

  it("sends each merchant's sockets the prices as that merchant offers them", async () => {
    const { push, sentTo, readFor, addWatcher } = setup(true);
    addWatcher(2);
    addWatcher(2);
    await push.applyFeedMessage({ type: 'odds_change', event_id: 'sr:match:1' });
    await settle();
    expect(readFor.sort()).toEqual([1, 2]);
    const price = (text: string | undefined) =>
      (JSON.parse(text ?? '{}') as { markets: { outcomes: { price: number }[] }[] }).markets[0]?.outcomes[0]
        ?.price;
    expect(sentTo[1]?.map(price)).toEqual([2_000]);
    expect(sentTo[2]?.map(price)).toEqual([1_900, 1_900]);
    push.stop();
  });

  it('coalesces a burst of changes to one event into one more read', async () => {
    const { push, sent, reads } = setup(true);
    for (let i = 0; i < 10; i++) await push.applyFeedMessage({ type: 'odds_change', event_id: 'sr:match:1' });
    await settle();
    expect(reads()).toBeLessThanOrEqual(2);
    // Each read found the same event: its frame is sent once.
    expect(sent.length).toBe(1);
    push.stop();
  });

  it('pushes an applied odds change from the rows the database answered: no read, each merchant its offer', async () => {
    const { push, feed, sentTo, reads, offered, addWatcher } = setup(true);
    addWatcher(2);
    const relayed: unknown[] = [];
    await feed.connect({ send: (change) => relayed.push(change), close: async () => {} });
    await push.applyFeedMessage({ type: 'odds_change', event_id: 'sr:match:1', rows: true });
    await settle();
    expect(reads()).toBe(0);
    expect(offered.sort()).toEqual([1, 2]);
    const market = (text: string | undefined) =>
      (JSON.parse(text ?? '{}') as { markets: { priceVersion: number; outcomes: { price: number }[] }[] })
        .markets[0];
    expect(sentTo[1]?.map(market)).toEqual([expect.objectContaining({ priceVersion: 3 })]);
    expect(sentTo[1]?.map((t) => market(t)?.outcomes[0]?.price)).toEqual([2_500]);
    expect(sentTo[2]?.map((t) => market(t)?.outcomes[0]?.price)).toEqual([2_400]);
    // The other processes are told, and read it themselves.
    expect(relayed).toEqual([{ on: 'sportsEvent', eventId: 'sr:match:1', what: 'odds' }]);
    push.stop();
  });

  it('reads nothing while no socket watches, and announces nothing for a skipped message', async () => {
    const { push, reads } = setup(false);
    await push.applyFeedMessage({ type: 'odds_change', event_id: 'sr:match:1' });
    await settle();
    expect(reads()).toBe(0);
    push.stop();
  });
});

describe('the odds pushed before they are written', () => {
  /** A feed odds change of the test market at `price`, as the feed client hands it over. */
  const change = (sequence: number, price: number, status: 'active' | 'suspended' = 'active') => ({
    type: 'odds_change',
    producer: 'live',
    sequence,
    timestamp: Date.now(),
    event_id: 'sr:match:1',
    betting_status: 'open',
    markets: [
      {
        id: '1x2',
        specifiers: '',
        name: '1x2',
        status,
        outcomes: [{ id: 'home', name: 'Home', odds: price, active: true }],
      },
    ],
  });
  const rowsAfter = (sequence: number, price: number, version: number) => ({
    event: { id: 'sr:match:1', sport: 'soccer', betting_status: 'open', odds_sequence: sequence } as never,
    markets: [
      {
        ...marketRow,
        price_version: version,
        outcomes: [{ id: 'home', name: 'Home', price, active: true }],
      },
    ],
  });

  function setupHeld() {
    const sent: { price: number; version: number }[] = [];
    let reads = 0;
    /** Each apply waits until the test lets it answer. */
    const waiting: ((answer: unknown) => void)[] = [];
    const socket = {
      OPEN: 1,
      readyState: 1,
      send: (text: string) => {
        const frame = JSON.parse(text) as {
          markets: { priceVersion: number; outcomes: { price: number }[] }[];
        };
        sent.push({
          price: frame.markets[0]?.outcomes[0]?.price ?? 0,
          version: frame.markets[0]?.priceVersion ?? 0,
        });
      },
    } as unknown as WebSocket;
    const push = sportsPush(
      {
        applyFeedMessage: () => new Promise((resolve) => waiting.push(resolve as (answer: unknown) => void)),
        eventPage: (_event: unknown, markets: readonly MarketRow[]) => ({
          event: event as never,
          markets: markets.map((m) => ({
            id: m.id,
            type: m.market_type,
            specifiers: m.specifiers,
            status: m.status,
            priceVersion: m.price_version,
            outcomes: m.outcomes,
          })) as never,
          oddsFormat: 'decimal' as const,
        }),
        event: async () => {
          reads += 1;
          return { event: event as never, markets: [] as never, oddsFormat: 'decimal' as const };
        },
      },
      {
        db: { isTransaction: false } as unknown as Database,
        hub: { everyWatcherOf: (code) => (code === 'SPORTS' ? [socket] : []), merchantOfSocket: () => null },
        feed: changeFeed(),
      },
    );
    const answer = async (value: unknown) => {
      while (waiting.length === 0) await new Promise((r) => setTimeout(r, 1));
      waiting.shift()?.(value);
    };
    return { push, sent, answer, reads: () => reads };
  }

  it('pushes the new prices as the message arrives, and the written event only where it differs', async () => {
    const { push, sent, answer, reads } = setupHeld();
    // The first change of an event is pushed once written (nothing to forecast from yet).
    const first = push.applyFeedMessage(change(10, 2_000));
    await answer({ applied: true, type: 'odds_change', changed: rowsAfter(10, 2_000, 1) });
    await first;
    await settle();
    expect(sent).toEqual([{ price: 2_000, version: 1 }]);

    // The next is on the socket as it arrives, before the database answers, as the write will make it (a new price
    // version).
    push.foresee(change(11, 2_200) as FeedMessage);
    const second = push.applyFeedMessage(change(11, 2_200));
    await settle();
    expect(sent.at(-1)).toEqual({ price: 2_200, version: 2 });
    await answer({ applied: true, type: 'odds_change', changed: rowsAfter(11, 2_200, 2) });
    await second;
    await settle();
    // The written event is what was pushed: not sent again.
    expect(sent).toHaveLength(2);

    // A written event that differs from the forecast (another writer moved the market meanwhile) is sent.
    push.foresee(change(12, 2_400) as FeedMessage);
    const third = push.applyFeedMessage(change(12, 2_400));
    await settle();
    expect(sent.at(-1)).toEqual({ price: 2_400, version: 3 });
    await answer({ applied: true, type: 'odds_change', changed: rowsAfter(12, 2_400, 4) });
    await third;
    await settle();
    expect(sent.at(-1)).toEqual({ price: 2_400, version: 4 });
    expect(reads()).toBe(0);
    push.stop();
  });

  it('forgets what it knew of an event when a message other than prices arrives for it', async () => {
    const { push, sent, answer } = setupHeld();
    const first = push.applyFeedMessage(change(10, 2_000));
    await answer({ applied: true, type: 'odds_change', changed: rowsAfter(10, 2_000, 1) });
    await first;
    push.foresee({
      type: 'bet_stop',
      producer: 'live',
      sequence: 11,
      timestamp: Date.now(),
      event_id: 'sr:match:1',
      markets: 'all',
      reason: 'goal',
    });
    push.foresee(change(12, 2_200) as FeedMessage);
    await settle();
    expect(sent).toEqual([{ price: 2_000, version: 1 }]);
    push.stop();
  });

  it('reads the event again and pushes it when the database refuses a change already pushed', async () => {
    const { push, sent, answer, reads } = setupHeld();
    const first = push.applyFeedMessage(change(10, 2_000));
    await answer({ applied: true, type: 'odds_change', changed: rowsAfter(10, 2_000, 1) });
    await first;
    push.foresee(change(11, 2_200) as FeedMessage);
    const refused = push.applyFeedMessage(change(11, 2_200));
    await settle();
    expect(sent.at(-1)).toEqual({ price: 2_200, version: 2 });
    await answer({ applied: false, type: 'odds_change', reason: 'stale odds change 11' });
    await refused;
    await settle();
    expect(reads()).toBe(1);
    // With nothing known of the event any more, the change after it waits for the write.
    push.foresee(change(12, 2_300) as FeedMessage);
    const next = push.applyFeedMessage(change(12, 2_300));
    await settle();
    expect(sent.at(-1)?.price).not.toBe(2_300);
    await answer({ applied: true, type: 'odds_change', changed: rowsAfter(12, 2_300, 3) });
    await next;
    await settle();
    expect(sent.at(-1)).toEqual({ price: 2_300, version: 3 });
    push.stop();
  });
});
