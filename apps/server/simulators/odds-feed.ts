// A sports odds feed, simulated: its own process, speaking the contract of docs/odds-feed.md
// (packages/contracts/src/odds-feed.ts) over real HTTP and a WebSocket, modelled on Sportradar's Unified Odds Feed.
//   FEED_SEED        the world it plays (default "tala"); the same seed and epoch give the same messages
//   FEED_SPEED       feed seconds per wall second (default 1; 60 = a minute a second)
//   FEED_EPOCH       the feed's clock at start, ISO time or Unix ms (default now)
//   FEED_RATE        extra pre-match odds changes per wall second, as load for benchmarks (default 0)
//   FEED_ALIVE_MS    heartbeat interval in wall milliseconds (default 10000)
//   FEED_SAMPLES     finishes imagined per pricing (default 400)
//   FEED_LOG_SIZE    messages kept for recovery (default 100000)
//   FEED_TEST_HOOKS  1 to serve POST /test/... (inject raw text, drop, silence, disconnect, trim the log)
//   PORT             where to listen (0 = any free port); the first stdout line is {"port": N}
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { type FeedSport, feedProducers } from '@tala/contracts/odds-feed';
import { WebSocket, WebSocketServer } from 'ws';
import { World, type WorldOptions } from './odds-feed/world.ts';

export type OddsFeedOptions = Partial<WorldOptions> & {
  port?: number;
  host?: string;
  aliveMs?: number;
  testHooks?: boolean;
};

export type OddsFeedSimulator = { url: string; world: World; close: () => Promise<void> };

/** A consumer that cannot keep up is cut off (it reconnects and recovers) rather than grow our memory. */
const MAX_BUFFERED = 16 * 1024 * 1024;
const MAX_PAGE = 10_000;

export async function startOddsFeed(options: OddsFeedOptions = {}): Promise<OddsFeedSimulator> {
  const world = new World({
    seed: options.seed ?? 'tala',
    speed: options.speed ?? 1,
    epoch: options.epoch ?? Date.now(),
    rate: options.rate ?? 0,
    samples: options.samples ?? 400,
    logSize: options.logSize ?? 100_000,
  });
  const aliveMs = options.aliveMs ?? 10_000;
  let dropNext = 0;
  let silentUntil = 0;
  const sockets = new Set<WebSocket>();

  const send = (text: string) => {
    for (const socket of sockets) {
      if (socket.readyState !== WebSocket.OPEN) continue;
      if (socket.bufferedAmount > MAX_BUFFERED) socket.terminate();
      else socket.send(text);
    }
  };
  world.onMessage((_message, json) => {
    if (Date.now() < silentUntil) return;
    if (dropNext > 0) {
      dropNext -= 1;
      return;
    }
    send(json);
  });

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.statusCode = status;
    res.setHeader('content-type', 'application/json');
    res.end(JSON.stringify(body));
  };
  const readBody = async (req: http.IncomingMessage) => {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 1024 * 1024) throw new Error('too large');
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  };
  const intParam = (url: URL, name: string) => {
    const raw = url.searchParams.get(name);
    if (raw === null) return undefined;
    const n = Number(raw);
    return Number.isSafeInteger(n) && n >= 0 ? n : Number.NaN;
  };

  const server = http.createServer((req, res) => {
    (async () => {
      const url = new URL(req.url ?? '/', 'http://feed');
      const path = url.pathname;
      if (req.method === 'GET' && path === '/health') return json(res, 200, { ok: true });
      if (req.method === 'GET' && path === '/v1/producers') {
        const up = Date.now() >= silentUntil;
        return json(res, 200, {
          clock: world.clock(),
          speed: world.options.speed,
          last_sequence: world.lastSequence(),
          producers: feedProducers.map((producer) => ({ producer, up, last_alive: world.clock() })),
        });
      }
      if (req.method === 'GET' && path === '/v1/fixtures') {
        const sport = url.searchParams.get('sport') as FeedSport | null;
        const status = url.searchParams.get('status');
        const fixtures = [...world.fixtures.values()]
          .map((f) => f.info)
          .filter((f) => (!sport || f.sport === sport) && (!status || f.status === status))
          .sort((a, b) => a.start_time - b.start_time);
        return json(res, 200, { fixtures });
      }
      const match = /^\/v1\/fixtures\/([^/]+)$/.exec(path);
      if (req.method === 'GET' && match) {
        const detail = world.detail(decodeURIComponent(match[1] as string));
        return detail ? json(res, 200, detail) : json(res, 404, { error: 'not_found' });
      }
      if (req.method === 'GET' && path === '/v1/snapshot') {
        const sequence = world.lastSequence();
        const fixtures = [...world.fixtures.keys()].map((id) => world.detail(id));
        return json(res, 200, { sequence, fixtures });
      }
      if (req.method === 'GET' && path === '/v1/messages') {
        const after = intParam(url, 'after');
        const since = intParam(url, 'since');
        const limit = Math.min(MAX_PAGE, intParam(url, 'limit') ?? MAX_PAGE);
        if (
          Number.isNaN(after) ||
          Number.isNaN(since) ||
          Number.isNaN(limit) ||
          (after === undefined) === (since === undefined)
        )
          return json(res, 400, {
            error: 'bad_request',
            message: 'give one of after=<sequence> or since=<ms>',
          });
        const page =
          after !== undefined
            ? world.messagesAfter(after, limit)
            : world.messagesSince(since as number, limit);
        if (!page)
          return json(res, 410, { error: 'recovery_too_old', oldest_sequence: world.oldestSequence() });
        // The log holds each message's JSON as it was pushed: the answer is put together from it as it is.
        res.setHeader('content-type', 'application/json');
        return res.end(
          `{"messages":[${page.messages.join(',')}],"last_sequence":${world.lastSequence()},"complete":${page.complete}}`,
        );
      }
      if (options.testHooks && req.method === 'POST' && path.startsWith('/test/')) {
        if (path === '/test/inject') {
          send(await readBody(req));
          return json(res, 200, { ok: true });
        }
        if (path === '/test/drop') {
          dropNext += intParam(url, 'count') || 1;
          return json(res, 200, { ok: true, last_sequence: world.lastSequence() });
        }
        if (path === '/test/silence') {
          silentUntil = Date.now() + (intParam(url, 'ms') || 1000);
          return json(res, 200, { ok: true, last_sequence: world.lastSequence() });
        }
        if (path === '/test/trim') {
          world.trimLog(intParam(url, 'keep') || 0);
          return json(res, 200, { ok: true, oldest_sequence: world.oldestSequence() });
        }
        if (path === '/test/disconnect') {
          for (const socket of sockets) socket.terminate();
          return json(res, 200, { ok: true, last_sequence: world.lastSequence() });
        }
      }
      json(res, 404, { error: 'not_found' });
    })().catch(() => {
      if (!res.headersSent) json(res, 400, { error: 'bad_request' });
    });
  });

  const wss = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req, socket, head) => {
    const url = new URL(req.url ?? '/', 'http://feed');
    if (url.pathname !== '/v1/stream') {
      socket.destroy();
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => {
      sockets.add(ws);
      ws.on('close', () => sockets.delete(ws));
      ws.on('error', () => sockets.delete(ws));
    });
  });

  world.start();
  const alive = setInterval(() => {
    for (const producer of feedProducers) world.alive(producer);
  }, aliveMs);
  await new Promise<void>((resolve) =>
    server.listen(options.port ?? 0, options.host ?? '127.0.0.1', resolve),
  );
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    world,
    close: () =>
      new Promise((resolve) => {
        world.stop();
        clearInterval(alive);
        for (const socket of sockets) socket.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function epochFrom(raw: string | undefined) {
  if (!raw) return undefined;
  const n = Number(raw);
  if (Number.isFinite(n)) return n;
  const parsed = Date.parse(raw);
  if (Number.isNaN(parsed)) throw new Error(`FEED_EPOCH is not a time: ${raw}`);
  return parsed;
}

const positive = (raw: string | undefined, fallback: number) => {
  const n = Number(raw);
  return raw && Number.isFinite(n) && n > 0 ? n : fallback;
};

if (process.argv[1]?.endsWith('odds-feed.ts') || process.argv[1]?.endsWith('odds-feed.js')) {
  const env = process.env;
  const simulator = await startOddsFeed({
    port: Number(env.PORT ?? 0),
    host: env.HOST ?? '127.0.0.1',
    seed: env.FEED_SEED || 'tala',
    speed: positive(env.FEED_SPEED, 1),
    epoch: epochFrom(env.FEED_EPOCH),
    rate: Number(env.FEED_RATE ?? 0) || 0,
    aliveMs: positive(env.FEED_ALIVE_MS, 10_000),
    samples: positive(env.FEED_SAMPLES, 400),
    logSize: positive(env.FEED_LOG_SIZE, 100_000),
    testHooks: env.FEED_TEST_HOOKS === '1',
  });
  console.log(JSON.stringify({ port: Number(new URL(simulator.url).port) }));
  const stop = () => void simulator.close().then(() => process.exit(0));
  process.on('SIGTERM', stop);
  process.on('SIGINT', stop);
}
