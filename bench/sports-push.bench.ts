// The sportsbook's push budget (issue 15): "an odds change reaches a connected client within 2× the feed's own
// delivery time". `npm run bench -- sports-push`; SPORTS_BENCH_SECONDS (default 20) and SPORTS_BENCH_RATE (extra
// pre-match odds changes a second, default 50) change its size.
//
// Real processes: the odds feed simulator (apps/server/dist/odds-feed.js) and the built server consuming it
// (ODDS_FEED_URL) on a scratch database. Two clients on this machine's clock: one on the feed's own push channel
// (/v1/stream, the feed's delivery), one on our live socket watching SPORTS (the sportsbook's sportsOdds frames).
// Each odds change is timed from its feed timestamp to its arrival at each client; our frame is matched to the feed's
// message by the prices it carries (every market of the message at the message's prices), so a change coalesced
// into a later frame is counted at that later frame.
import WebSocket from 'ws';
import { startOddsFeedProcess } from '../apps/server/src/modules/sports-feed/feed-process.ts';
import { type Bench, median, scratchDatabase, startServer } from './bench-kit.ts';

const SECONDS = Number(process.env.SPORTS_BENCH_SECONDS ?? 20);
const RATE = Number(process.env.SPORTS_BENCH_RATE ?? 50);

type FeedOdds = {
  type: string;
  event_id: string;
  timestamp: number;
  markets: { id: string; specifiers: string; outcomes: { id: string; odds?: number }[] }[];
};
type OurOdds = {
  type: string;
  eventId: string;
  markets: { type: string; specifiers: string; outcomes: { id: string; price: number | null }[] }[];
};

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};

function open(url: string) {
  const socket = new WebSocket(url);
  return new Promise<WebSocket>((resolve, reject) => {
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

const bench: Bench = async ({ postgresUrl }) => {
  const database = await scratchDatabase(postgresUrl, 'bench_sports');
  const feed = await startOddsFeedProcess({
    env: { FEED_RATE: String(RATE), FEED_ALIVE_MS: '1000', FEED_SEED: 'bench' },
  });
  if (!feed) throw new Error('the odds feed simulator is not built: npm run build -w apps/server');
  const server = await startServer({
    DATABASE_URL: database.url,
    ODDS_FEED_URL: feed.url,
    VENDOR_SIMULATOR: 'false',
  });
  try {
    // The server has the feed's events once its snapshot is in.
    for (let i = 0; ; i++) {
      const body = (await (await fetch(`${server.baseUrl}/wps/sports/sports?product=SPORTS`)).json()) as {
        value?: { list: unknown[] };
      };
      if ((body.value?.list.length ?? 0) > 0) break;
      if (i > 600) throw new Error('the server took no events from the feed');
      await new Promise((r) => setTimeout(r, 100));
    }
    const direct: { message: FeedOdds; at: number }[] = [];
    const ours: { frame: OurOdds; at: number }[] = [];
    const feedSocket = await open(`${feed.url.replace('http', 'ws')}/v1/stream`);
    feedSocket.on('message', (data) => {
      const at = Date.now();
      const message = JSON.parse(data.toString()) as FeedOdds;
      if (message.type === 'odds_change') direct.push({ message, at });
    });
    const ourSocket = await open(`${server.baseUrl.replace('http', 'ws')}/wps/live/socket?merchant=tala`);
    const frameTypes = new Map<string, number>();
    ourSocket.on('message', (data) => {
      const at = Date.now();
      const frame = JSON.parse(data.toString()) as OurOdds;
      frameTypes.set(frame.type, (frameTypes.get(frame.type) ?? 0) + 1);
      if (process.env.SPORTS_BENCH_DEBUG && frameTypes.get(frame.type) === 1)
        console.log(data.toString().slice(0, 400));
      if (frame.type === 'sportsOdds') ours.push({ frame, at });
    });
    ourSocket.send(JSON.stringify({ type: 'watch', tables: ['SPORTS'] }));
    await new Promise((r) => setTimeout(r, SECONDS * 1000));
    // Changes published in the last 2 s may still be on their way: not counted.
    const until = Date.now() - 2_000;
    await new Promise((r) => setTimeout(r, 2_000));
    feedSocket.close();
    ourSocket.close();

    // The simulator's clock (its messages' timestamps) runs behind the wall clock by the time it took to build its
    // world; that offset is the same for every message, so it is taken out as the smallest delay the direct client
    // saw. The feed's own delivery time is then counted from that fastest delivery (a lower bound, which makes the
    // budget stricter, not looser).
    const counted = direct.filter((d) => d.at <= until);
    const offset = Math.min(...counted.map((d) => d.at - d.message.timestamp));
    const feedTimes: number[] = [];
    const ourTimes: number[] = [];
    const added: number[] = [];
    let missed = 0;
    const byEvent = new Map<string, { frame: OurOdds; at: number }[]>();
    for (const o of ours) byEvent.set(o.frame.eventId, [...(byEvent.get(o.frame.eventId) ?? []), o]);
    for (const { message, at } of counted) {
      const carries = (frame: OurOdds) =>
        message.markets.every((m) => {
          const mine = frame.markets.find((f) => f.type === m.id && f.specifiers === m.specifiers);
          return (
            mine !== undefined &&
            m.outcomes.every((o) => mine.outcomes.find((x) => x.id === o.id)?.price === (o.odds ?? null))
          );
        });
      const reached = (byEvent.get(message.event_id) ?? []).find((o) => o.at >= at - 5 && carries(o.frame));
      const published = message.timestamp + offset;
      // A loopback delivery is at least a millisecond.
      feedTimes.push(Math.max(1, at - published));
      if (reached) {
        ourTimes.push(Math.max(1, reached.at - published));
        added.push(reached.at - at);
      } else missed += 1;
    }
    const feedMedian = median(feedTimes);
    const ourMedian = median(ourTimes);
    const ratio = ourMedian / Math.max(feedMedian, 1);
    const ms = (v: number) => `${v.toFixed(1)} ms`;
    const markdown = [
      `Odds feed simulator and the built server as their own processes on PostgreSQL, ${SECONDS} s at FEED_RATE=${RATE}`,
      `(extra pre-match odds changes a second) on top of the simulated schedule; every time from the feed's publication`,
      `(its timestamp, less the simulator clock's constant lag) to the client's arrival, on one machine's clock. Our client watches SPORTS on /wps/live/socket; the feed's own`,
      `client reads /v1/stream.`,
      '',
      '| | odds changes | median | p95 | p99 |',
      '|---|---:|---:|---:|---:|',
      `| feed → a direct feed client | ${feedTimes.length} | ${ms(feedMedian)} | ${ms(percentile(feedTimes, 95))} | ${ms(percentile(feedTimes, 99))} |`,
      `| feed → server → our client | ${ourTimes.length} | ${ms(ourMedian)} | ${ms(percentile(ourTimes, 95))} | ${ms(percentile(ourTimes, 99))} |`,
      `| added by the server (ours − direct, same change) | ${added.length} | ${ms(median(added))} | ${ms(percentile(added, 95))} | ${ms(percentile(added, 99))} |`,
      '',
      `Changes not seen by our client (coalesced frames carry the newest prices; a change overtaken within the same`,
      `read is not shown): ${missed} of ${feedTimes.length}.`,
      '',
      `Budget: our median ≤ 2× the feed's own median delivery: ${ratio.toFixed(2)}× — ${ratio <= 2 ? 'met' : 'NOT met'}.`,
      `(The simulator delivers over loopback in about a millisecond, where a real provider's delivery is tens to`,
      `hundreds of milliseconds.) An odds change of an event the server knows is pushed as it arrives, forecast from`,
      `the event's rows, before its write (decision 058); the first change of an event, or the first after a bet stop or`,
      `a settlement, waits for its write and, in the simulator's bursts, for the writes queued before it: that is the`,
      `long p95/p99.`,
    ].join('\n');
    return { title: 'Sportsbook: odds change to a connected client (issue 15)', markdown };
  } finally {
    await server.stop();
    await feed.stop();
    await database.drop();
  }
};

export default bench;
