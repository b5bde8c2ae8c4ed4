// The rate limits' stores on the real PostgreSQL server and the real Redis (decision 064): two processes' counters
// (here two instances on one database) count together in each store; a Redis that does not answer at start is said
// in the log and PostgreSQL counts; a Redis that stops answering mid-run hands the counting to PostgreSQL, no error.
import net from 'node:net';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../testing/test-app.ts';
import { memoryRateLimits, type RateLimits, sharedRateLimits } from './rate-limits.ts';

const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const database = await freshDatabase(inject('seeded'));
const opened: RateLimits[] = [];
afterAll(async () => {
  for (const limits of opened) await limits.close();
  await database.close();
});

function logs() {
  const lines: string[] = [];
  return {
    lines,
    log: {
      warn: (_: object, message: string) => lines.push(`warn: ${message}`),
      error: (_: object, message: string) => lines.push(`error: ${message}`),
    },
  };
}

async function open(options: { redisUrl?: string; log?: ReturnType<typeof logs>['log'] } = {}) {
  const limits = await sharedRateLimits({ db: database.db, ...options });
  opened.push(limits);
  return limits;
}

/** Five hits alternating between two processes' counters: the counts they answer. */
async function alternate(one: RateLimits, two: RateLimits, name: string) {
  const counts: number[] = [];
  for (let i = 0; i < 5; i++) counts.push((await (i % 2 ? two : one).hit(name, 60_000, '10.1.2.3')).count);
  return counts;
}

/** A TCP relay to Redis that can be cut: every connection through it is destroyed at once. */
async function cuttableRedis() {
  const target = new URL(redisUrl);
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(Number(target.port || 6379), target.hostname);
    sockets.add(client).add(upstream);
    client.pipe(upstream).pipe(client);
    const drop = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', drop).on('close', drop);
    upstream.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  return {
    url: `redis://127.0.0.1:${address.port}`,
    cut: async () => {
      await new Promise<void>((resolve) => {
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      });
    },
  };
}

describe.skipIf(!process.env.DATABASE_URL)('rate limits shared between processes', () => {
  it('counts together in PostgreSQL without Redis', async () => {
    const [one, two] = [await open(), await open()];
    expect(one.kind).toBe('postgres');
    expect(await alternate(one, two, 'pg-shared')).toEqual([1, 2, 3, 4, 5]);
    expect((await two.peek('pg-shared', 60_000, '10.1.2.3')).count).toBe(5);
    // Another limit, another window or another party counts apart.
    expect((await one.hit('pg-shared', 10_000, '10.1.2.3')).count).toBe(1);
    expect((await one.hit('pg-shared', 60_000, '10.1.2.4')).count).toBe(1);
  });

  it('counts together in Redis, each database under its own name', async () => {
    const [one, two] = [await open({ redisUrl }), await open({ redisUrl })];
    expect(one.kind).toBe('redis');
    expect(await alternate(one, two, 'redis-shared')).toEqual([1, 2, 3, 4, 5]);
    const { msLeft } = await one.peek('redis-shared', 60_000, '10.1.2.3');
    expect(msLeft).toBeGreaterThan(50_000);
    expect(msLeft).toBeLessThanOrEqual(60_000);
  });

  it('says at start that Redis does not answer, and counts in PostgreSQL', async () => {
    const { lines, log } = logs();
    const closed = await cuttableRedis();
    await closed.cut();
    const [one, two] = [await open({ redisUrl: closed.url, log }), await open({ redisUrl: closed.url })];
    expect(lines).toEqual([
      `error: Redis at ${closed.url} (REDIS_URL) does not answer: rate limits are counted in PostgreSQL until it does`,
    ]);
    expect(await alternate(one, two, 'redis-down')).toEqual([1, 2, 3, 4, 5]);
  });

  it('keeps counting in PostgreSQL when Redis stops answering mid-run', async () => {
    const { lines, log } = logs();
    const redis = await cuttableRedis();
    const one = await open({ redisUrl: redis.url, log });
    const two = await open({ redisUrl: redis.url });
    expect(await alternate(one, two, 'redis-cut')).toEqual([1, 2, 3, 4, 5]);
    await redis.cut();
    // PostgreSQL takes over (its own count, from the cut on), shared by both: never an error.
    const after = await alternate(one, two, 'redis-cut');
    expect(after).toEqual([1, 2, 3, 4, 5]);
    expect(lines.some((l) => l.startsWith('error: Redis at'))).toBe(true);
  });
});

describe('rate limits of one process', () => {
  it('counts in memory per window, and starts again after it', async () => {
    const limits = memoryRateLimits();
    expect((await limits.hit('memory', 1_000, 'x')).count).toBe(1);
    expect((await limits.hit('memory', 1_000, 'x')).count).toBe(2);
    await new Promise((resolve) => setTimeout(resolve, 1_100));
    expect((await limits.hit('memory', 1_000, 'x')).count).toBe(1);
  });
});
