import type { FeedMessage } from '@tala/contracts/odds-feed';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import { type FeedClientEvents, OddsFeedClient } from '../sports-feed/feed-client.ts';
import { startOddsFeedProcess } from '../sports-feed/feed-process.ts';
import { waitFor } from '../sports-feed/feed-testing.ts';
import { linkOddsFeed } from './sportsbook-feed-link.ts';
import { feedKey, feedPosition } from './sportsbook-feed-position.ts';
import { betOnPricedEvents } from './sportsbook-testing.ts';

/**
 * The sportsbook's place in the odds feed kept in PostgreSQL (migration 087): a consumer stopped and started again
 * from the stored position resumes after it through the feed's recovery (no snapshot, nothing missed), a replay from
 * an older position (a crash before the last write) changes no money, and the stored position never goes backwards.
 * The simulator runs in its own process, over real HTTP and WebSocket.
 */
const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const feed = await startOddsFeedProcess({
  source: true,
  env: { FEED_SEED: 'position', FEED_SPEED: '600', FEED_SAMPLES: '60', FEED_ALIVE_MS: '500' },
});
if (!feed) throw new Error('the odds feed simulator did not start');
const feedUrl = feed.url;
const position = feedPosition(services.db, feedKey(feed.url));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
  await feed.stop();
  await app.close();
});

/** A client linked to the sportsbook and the stored position, recording what it hands on. */
function consumer(afterSequence: number | undefined) {
  const client = new OddsFeedClient({ url: feedUrl, afterSequence, reconnectMinMs: 50 });
  const seen = {
    messages: [] as FeedMessage[],
    snapshots: 0,
    recovered: [] as FeedClientEvents['recovered'][],
  };
  client.on('message', (m) => {
    seen.messages.push(m);
  });
  client.on('snapshot', () => {
    seen.snapshots += 1;
  });
  client.on('recovered', (r) => {
    seen.recovered.push(r);
  });
  const unlink = linkOddsFeed(client, services.sportsbook, { position, saveEveryMs: 100 });
  const stop = async () => {
    await client.stop();
    await unlink();
  };
  cleanups.push(stop);
  return { client, seen, stop };
}

const contiguous = (messages: FeedMessage[], after: number) =>
  messages.every((m, i) => m.sequence === after + 1 + i);

type Settlement = { id: string; bet_id: string; version: number; feed_sequence: string; change: string };
async function settlementsOf(betIds: number[]) {
  const { rows } = await sql<Settlement>`
    SELECT id, bet_id, version, feed_sequence, new_return - previous_return AS change
      FROM sports_settlements WHERE bet_id = ANY(${betIds}) ORDER BY id`.execute(services.db);
  return rows;
}

describe('the sportsbook position in the odds feed', () => {
  it('only moves forward, whatever order the writers come in, unless the feed numbers from the start again', async () => {
    const p = feedPosition(services.db, 'http://forward.test');
    expect(await p.read()).toBeUndefined();
    await p.save(100);
    await p.save(90);
    expect(await p.read()).toBe(100);
    await Promise.all([120, 110, 130, 125, 101].map((s) => p.save(s)));
    expect(await p.read()).toBe(130);
    await p.save(7, { restarted: true });
    expect(await p.read()).toBe(7);
    expect(feedKey('https://user:pw@feed.example/bridge/?token=x')).toBe('https://feed.example/bridge');
  });

  it('resumes after the stored sequence on a restart, and a replay from before it changes no money', async () => {
    expect(await position.read()).toBeUndefined();
    const first = consumer(undefined);
    await first.client.start();
    expect(first.seen.snapshots).toBe(1);

    // Bets on a few priced pre-match events, then the feed's settlement of one of them.
    const events = await waitFor(
      async () => {
        const list = await services.sportsbook.events(tala, { product: 'SPORTS' });
        const open = list.filter((e) => e.openMarkets > 0 && !e.inPlay);
        return open.length > 0 ? open : undefined;
      },
      30_000,
      'priced events',
    );
    const member = await fundedMember(services, tala, 1_000_000);
    const account = await services.wallet.memberAccount(tala.id, member.id);
    const placed = await betOnPricedEvents(
      app,
      services.sportsbook,
      member.token,
      events.slice(0, 8).map((e) => e.id),
      'position',
    );
    expect(placed.length).toBeGreaterThan(0);
    const settled = await waitFor(
      async () => {
        const rows = await settlementsOf(placed);
        return rows.length > 0 ? rows : undefined;
      },
      120_000,
      'a settled bet',
    );
    const settledAt = Math.min(...settled.map((s) => Number(s.feed_sequence)));

    // The position is written as the sportsbook goes, never ahead of what it has applied.
    await waitFor(async () => ((await position.read()) ?? 0) >= settledAt, 10_000, 'the position written');
    expect(await position.read()).toBeLessThanOrEqual(first.client.handledSequence ?? 0);

    // Stopped: the last position applied is written.
    await first.stop();
    const stopped = first.client.handledSequence as number;
    expect(await position.read()).toBe(stopped);
    const balance = await services.wallet.balance(account);
    const before = await settlementsOf(placed);

    // Started again from the store: the feed's recovery after it, no snapshot, nothing missed.
    const stored = await position.read();
    expect(stored).toBe(stopped);
    const second = consumer(stored);
    await second.client.start();
    await waitFor(
      () => second.seen.recovered.length > 0 && second.seen.messages.length > 50,
      30_000,
      'the recovery and live messages after the restart',
    );
    expect(second.seen.snapshots).toBe(0);
    expect(second.seen.recovered[0]).toMatchObject({ after: stopped, snapshot: false });
    expect(second.seen.messages[0]?.sequence).toBe(stopped + 1);
    expect(contiguous(second.seen.messages, stopped)).toBe(true);

    // A crash after applying more than was written: another consumer replays from before the settlement, beside the
    // one running (two processes of a cluster). The stored position does not go back meanwhile.
    const third = consumer(settledAt - 1);
    const readings: number[] = [];
    const sample = setInterval(() => {
      void position.read().then((p) => readings.push(p ?? 0));
    }, 50);
    try {
      await third.client.start();
      const target = (second.client.handledSequence ?? 0) + 20;
      await waitFor(() => (third.client.handledSequence ?? 0) >= target, 30_000, 'the replay caught up');
    } finally {
      clearInterval(sample);
    }
    expect(third.seen.snapshots).toBe(0);
    expect(third.seen.messages[0]?.sequence).toBe(settledAt);
    expect(contiguous(third.seen.messages, settledAt - 1)).toBe(true);
    expect(readings.length).toBeGreaterThan(0);
    expect(readings.every((r, i) => r >= stopped && (i === 0 || r >= (readings[i - 1] as number)))).toBe(
      true,
    );

    // Money: the settlements before the restart are the same rows, and the member's balance moved only by the
    // settlements of messages after it.
    await second.stop();
    await third.stop();
    const after = await settlementsOf(placed);
    expect(after.slice(0, before.length)).toEqual(before);
    const added = after.slice(before.length);
    // Every settlement added came from a message after the restart: the replay of older settlement messages, and
    // of a settlement rolled back and settled again since, wrote nothing (the market's settlement_sequence).
    expect(added.every((s) => Number(s.feed_sequence) > stopped)).toBe(true);
    const change = added.reduce((sum, s) => sum + Number(s.change), 0);
    expect(await services.wallet.balance(account)).toBe(balance + change);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    expect(await position.read()).toBeGreaterThanOrEqual(third.client.handledSequence ?? 0);
  }, 200_000);

  it('starts from a snapshot when the stored position is past the feed (a feed that numbers from the start again)', async () => {
    const restartedFeed = feedPosition(services.db, `${feedKey(feed.url)}/restarted`);
    await restartedFeed.save(1_000_000_000);
    const client = new OddsFeedClient({
      url: feed.url,
      afterSequence: (await restartedFeed.read()) as number,
    });
    let snapshot: number | undefined;
    client.on('snapshot', (s) => {
      snapshot = s.sequence;
    });
    const unlink = linkOddsFeed(client, services.sportsbook, { position: restartedFeed, saveEveryMs: 100 });
    cleanups.push(async () => {
      await client.stop();
      await unlink();
    });
    await client.start();
    expect(snapshot).toBeDefined();
    await waitFor(
      async () => ((await restartedFeed.read()) ?? 0) < 1_000_000_000,
      10_000,
      'the position replaced',
    );
    expect(await restartedFeed.read()).toBeGreaterThanOrEqual(snapshot as number);
  }, 60_000);
});
