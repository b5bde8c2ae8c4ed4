import { describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import type { Database } from '../../db/database.ts';
import { changeFeed } from '../../lib/change-feed.ts';
import { sportsPush } from './sports-push.ts';

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

function setup(watching: boolean) {
  const feed = changeFeed();
  const sent: string[] = [];
  const sentTo: Record<number, string[]> = { 1: [], 2: [] };
  let reads = 0;
  const readFor: (number | undefined)[] = [];
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
    },
  );
  return {
    push,
    sent,
    sentTo,
    readFor,
    reads: () => reads,
    addWatcher: (merchantId: 1 | 2) => others.push(socketOf(merchantId)),
  };
}

const settle = () => new Promise((r) => setTimeout(r, 50));

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
    expect(sent.length).toBe(reads());
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
