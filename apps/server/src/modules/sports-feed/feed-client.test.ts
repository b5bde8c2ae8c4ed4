import type { FeedMessage } from '@tala/contracts/odds-feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FeedClientEvents, OddsFeedClient } from './feed-client.ts';
import { startOddsFeedProcess } from './feed-process.ts';
import { feedLog, post, waitFor } from './feed-testing.ts';

/**
 * The feed consumer against the simulator in its own process: malformed messages skipped, and after a dropped run
 * of messages, a cut socket and a silent producer, every message handed on once and in order, as the feed logged it.
 */
let feed: { url: string; stop: () => Promise<void> };

beforeAll(async () => {
  const started = await startOddsFeedProcess({
    source: true,
    env: {
      FEED_SEED: 'client',
      FEED_SPEED: '300',
      FEED_RATE: '400',
      FEED_ALIVE_MS: '150',
      FEED_SAMPLES: '100',
      FEED_TEST_HOOKS: '1',
    },
  });
  if (!started) throw new Error('the simulator did not start');
  feed = started;
}, 60_000);

afterAll(async () => {
  await feed?.stop();
});

type Recorded = { [K in keyof FeedClientEvents]?: FeedClientEvents[K][] };

function record(client: OddsFeedClient) {
  const seen: Recorded = {};
  const keep =
    <K extends keyof FeedClientEvents>(type: K) =>
    (event: FeedClientEvents[K]) => {
      const list = (seen[type] ?? []) as FeedClientEvents[K][];
      list.push(event);
      (seen as Record<string, unknown>)[type] = list;
    };
  for (const type of [
    'message',
    'snapshot',
    'producer_down',
    'producer_up',
    'malformed',
    'recovered',
  ] as const)
    client.on(type, keep(type));
  return seen;
}

const warnings: string[] = [];
const logger = {
  info: () => {},
  warn: (_: object, message: string) => warnings.push(message),
  error: (_: object, message: string) => warnings.push(message),
};

describe('odds feed client', () => {
  it('skips malformed messages and recovers from a gap, a cut socket and a silent producer without loss', async () => {
    const client = new OddsFeedClient({ url: feed.url, aliveTimeoutMs: 1_500, reconnectMinMs: 50, logger });
    const seen = record(client);
    const odds: string[] = [];
    client.on('odds_change', (m) => {
      odds.push(m.event_id);
    });
    const arrivals: number[] = [];
    client.onArrival((m) => arrivals.push(m.sequence));
    try {
      await client.start();
      const snapshot = seen.snapshot?.[0];
      if (!snapshot) throw new Error('no snapshot');
      expect(snapshot.fixtures.length).toBeGreaterThan(100);
      const delivered = () => seen.message?.length ?? 0;
      const reaches = async (sequence: number, what: string) =>
        waitFor(() => (client.handledSequence ?? 0) >= sequence, 20_000, what);

      await waitFor(() => delivered() > 50, 10_000, 'live messages');
      // Sent to the open socket only (they have no place in the feed's log): sent again should the socket be
      // between connections at that moment on a loaded machine.
      const junk = [
        '{ not json',
        '{"type":"odds_change","sequence":"seven"}',
        '{"type":"goal_scored"}',
        '[]',
      ];
      await waitFor(
        async () => {
          const before = seen.malformed?.length ?? 0;
          for (const raw of junk) await fetch(`${feed.url}/test/inject`, { method: 'POST', body: raw });
          const arrived = await waitFor(
            () => (seen.malformed?.length ?? 0) >= before + 4,
            3_000,
            'junk',
          ).catch(() => false);
          return arrived || undefined;
        },
        20_000,
        'four malformed messages',
      );
      expect(seen.malformed?.map((m) => m.raw)).toEqual(expect.arrayContaining(junk));
      expect(warnings).toContain('odds feed message malformed: skipped');

      // Five messages never reach the socket: the next one shows the gap.
      const dropped = (await post(`${feed.url}/test/drop?count=5`)) as { last_sequence: number };
      await reaches(dropped.last_sequence + 20, 'past the dropped messages');
      expect(seen.producer_down?.some((d) => d.reason === 'gap')).toBe(true);

      const cut = (await post(`${feed.url}/test/disconnect`)) as { last_sequence: number };
      await reaches(cut.last_sequence + 20, 'past the cut');
      expect(seen.producer_down?.some((d) => d.reason === 'disconnected')).toBe(true);

      const quiet = (await post(`${feed.url}/test/silence?ms=3000`)) as { last_sequence: number };
      await waitFor(
        () => seen.producer_down?.some((d) => d.reason === 'alive_timeout'),
        5_000,
        'an alive timeout',
      );
      await reaches(quiet.last_sequence + 600, 'past the silence');
      await waitFor(() => !client.isDown('live') && !client.isDown('prematch'), 5_000, 'both producers up');
      expect(seen.producer_up?.length).toBeGreaterThanOrEqual(3);
      expect(odds.length).toBeGreaterThan(0);

      await client.stop();
      const messages = seen.message as FeedMessage[];
      const sequences = messages.map((m) => m.sequence);
      const first = snapshot.sequence + 1;
      expect(sequences).toEqual(Array.from({ length: sequences.length }, (_, i) => first + i));
      // Each one as the feed logged it, and never a second snapshot (the feed kept everything missed).
      const log = await feedLog(feed.url, snapshot.sequence);
      const bySequence = new Map(log.map((m) => [m.sequence, m]));
      for (const m of messages) expect(m).toEqual(bySequence.get(m.sequence));
      // Live messages are handed over as they arrive too, in order; what the recoveries fetched is not.
      expect(arrivals.length).toBeGreaterThan(50);
      expect(arrivals).toEqual([...arrivals].sort((a, b) => a - b));
      const handedOn = new Set(sequences);
      expect(arrivals.every((s) => handedOn.has(s))).toBe(true);
      expect(arrivals.length).toBeLessThan(sequences.length);
      expect(client.stats.snapshots).toBe(1);
      expect(client.stats.recoveries).toBeGreaterThanOrEqual(4);
    } finally {
      await client.stop();
    }
  });

  it('resumes after a sequence number, or from a snapshot when the feed no longer keeps it', async () => {
    const producers = (await (await fetch(`${feed.url}/v1/producers`)).json()) as { last_sequence: number };
    const resume = producers.last_sequence - 100;
    const client = new OddsFeedClient({ url: feed.url, afterSequence: resume, reconnectMinMs: 50 });
    const seen = record(client);
    try {
      await client.start();
      await waitFor(() => (seen.message?.length ?? 0) >= 150, 10_000, 'messages after the resume point');
      expect(seen.snapshot).toBeUndefined();
      expect(seen.message?.[0]?.sequence).toBe(resume + 1);
    } finally {
      await client.stop();
    }

    // The feed forgets all but its last 100 messages: sequence 1 is gone, so the client starts from the whole state.
    await post(`${feed.url}/test/trim?keep=100`);
    expect((await fetch(`${feed.url}/v1/messages?after=1&limit=1`)).status).toBe(410);
    const late = new OddsFeedClient({ url: feed.url, afterSequence: 1, reconnectMinMs: 50 });
    const lateSeen = record(late);
    try {
      await late.start();
      const snapshot = lateSeen.snapshot?.[0];
      expect(snapshot?.sequence).toBeGreaterThan(1);
      await waitFor(() => (lateSeen.message?.length ?? 0) > 0, 10_000, 'messages after the snapshot');
      expect(lateSeen.message?.[0]?.sequence).toBe((snapshot?.sequence ?? 0) + 1);
    } finally {
      await late.stop();
    }
  });
});
