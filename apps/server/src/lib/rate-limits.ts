// The one rate-limit counter of the server (docs/decisions/064-stateless-processes.md): every route's limit
// (@fastify/rate-limit, through `rateLimitStore`) and every other abuse counter kept outside the database's own
// tables (live chat's flood limit) count here, so that any number of server processes count together.
import { Redis } from 'ioredis';
import { CompiledQuery, sql } from 'kysely';
import {
  type RateLimiterAbstract,
  RateLimiterMemory,
  RateLimiterPostgres,
  RateLimiterRedis,
} from 'rate-limiter-flexible';
import type { Database } from '../db/database.ts';

/**
 * Where the counts live. `redis`: REDIS_URL (PostgreSQL, then this process's memory, stand in while Redis does not
 * answer); `postgres`: the rate_limits table (this process's memory stands in while it does not answer); `memory`:
 * this process only (the embedded database, which serves one process; tests).
 */
export type RateLimitStoreKind = 'redis' | 'postgres' | 'memory';

type Log = {
  warn: (object: object, message: string) => void;
  error: (object: object, message: string) => void;
};

/** Every limit counts with a large allowance: the caller compares the count with its own maximum. */
const UNBOUNDED = 1_000_000_000;
/** A Redis command that takes longer than this is given up for the stand-in store. */
const REDIS_COMMAND_MS = 500;

export type RateLimits = {
  readonly kind: RateLimitStoreKind;
  /** Counts one event of `key` under the limit `name` in windows of `windowMs`: the count so far and the window's rest. */
  hit(name: string, windowMs: number, key: string): Promise<{ count: number; msLeft: number }>;
  /** The count of the current window without counting. */
  peek(name: string, windowMs: number, key: string): Promise<{ count: number; msLeft: number }>;
  close(): Promise<void>;
};

/** Counts in this process only. */
export function memoryRateLimits(): RateLimits {
  return limitsOver(
    'memory',
    'rl',
    (options) => new RateLimiterMemory(options),
    async () => {},
  );
}

/**
 * The counts of every process: in Redis when `redisUrl` is set, else in PostgreSQL (`db`). A Redis that does not
 * answer at start is logged as an error, never a refusal to start: PostgreSQL counts until it answers (and again
 * whenever it stops answering), then Redis counts again.
 */
export async function sharedRateLimits(options: {
  db: Database;
  redisUrl?: string | undefined;
  log?: Log | undefined;
}): Promise<RateLimits> {
  const { db, log } = options;
  // rate-limiter-flexible's PostgreSQL limiter asks a `pg` pool; this one runs its statements on our Kysely pool.
  const pool = {
    query: (q: { text: string; values: unknown[] }) => db.executeQuery(CompiledQuery.raw(q.text, q.values)),
  };
  const postgresLimiters: RateLimiterPostgres[] = [];
  const postgres = (o: { keyPrefix: string; points: number; duration: number }) => {
    const limiter = new RateLimiterPostgres({
      ...o,
      storeClient: pool,
      storeType: 'pool',
      tableName: 'rate_limits',
      tableCreated: true,
      insuranceLimiter: new RateLimiterMemory(o),
    });
    postgresLimiters.push(limiter);
    return limiter;
  };
  const closePostgres = async () => {
    for (const limiter of postgresLimiters) {
      const timer = (limiter as unknown as { _clearExpiredTimeoutId?: NodeJS.Timeout })
        ._clearExpiredTimeoutId;
      if (timer) clearTimeout(timer);
    }
  };
  if (!options.redisUrl) return limitsOver('postgres', 'rl', postgres, closePostgres);

  const shown = redactedUrl(options.redisUrl);
  const redis = new Redis(options.redisUrl, {
    lazyConnect: true,
    // A command while disconnected fails at once (and PostgreSQL counts it) instead of waiting in a queue.
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    connectTimeout: 2_000,
    commandTimeout: REDIS_COMMAND_MS,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
  });
  // Said once per outage, not on every reconnection attempt.
  let down = false;
  redis.on('error', (error: Error) => {
    if (down) return;
    down = true;
    log?.error(
      { err: error },
      `Redis at ${shown} (REDIS_URL) does not answer: rate limits are counted in PostgreSQL until it does`,
    );
  });
  redis.on('ready', () => {
    if (!down) return;
    down = false;
    log?.warn({}, `Redis at ${shown} answers again: rate limits are counted in Redis`);
  });
  await redis.connect().catch(() => {
    // Logged by the error handler; ioredis keeps trying in the background.
  });
  // One Redis may serve several deployments (and test runs): each counts under its database's name.
  const database = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(db)).rows[0]?.name;
  return limitsOver(
    'redis',
    `rl:${database}`,
    (o) =>
      new RateLimiterRedis({
        ...o,
        storeClient: redis,
        rejectIfRedisNotReady: true,
        insuranceLimiter: postgres(o),
      }),
    async () => {
      await closePostgres();
      redis.disconnect();
    },
  );
}

function limitsOver(
  kind: RateLimitStoreKind,
  prefix: string,
  create: (options: { keyPrefix: string; points: number; duration: number }) => RateLimiterAbstract,
  close: () => Promise<void>,
): RateLimits {
  const limiters = new Map<string, RateLimiterAbstract>();
  function limiter(name: string, windowMs: number) {
    const id = `${name}|${windowMs}`;
    let found = limiters.get(id);
    if (!found) {
      // Windows are whole seconds in every store.
      const duration = Math.max(1, Math.ceil(windowMs / 1000));
      found = create({ keyPrefix: `${prefix}:${name}:${duration}`, points: UNBOUNDED, duration });
      limiters.set(id, found);
    }
    return found;
  }
  return {
    kind,
    async hit(name, windowMs, key) {
      const res = await limiter(name, windowMs).penalty(key, 1);
      return { count: res.consumedPoints, msLeft: Math.max(0, res.msBeforeNext) };
    },
    async peek(name, windowMs, key) {
      const res = await limiter(name, windowMs).get(key);
      return res
        ? { count: res.consumedPoints, msLeft: Math.max(0, res.msBeforeNext) }
        : { count: 0, msLeft: 0 };
    },
    close,
  };
}

/** REDIS_URL without its password, for log lines. */
function redactedUrl(url: string) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return 'REDIS_URL';
  }
}

type RouteParams = { routeInfo?: { method?: string | string[]; url?: string } };

/**
 * @fastify/rate-limit's store over `limits`: each route (method and path) is its own limit, keyed by what the
 * route's key generator answers (the visitor's address unless it says otherwise).
 */
export function rateLimitStore(limits: RateLimits) {
  return class SharedRateLimitStore {
    private readonly name: string;

    // @fastify/rate-limit hands the route's merged limit options, whose routeInfo names the route.
    constructor(options: unknown) {
      const params = options as RouteParams;
      const method = params.routeInfo?.method;
      this.name = `${Array.isArray(method) ? method.join(',') : (method ?? '*')} ${params.routeInfo?.url ?? '*'}`;
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      limits.hit(this.name, timeWindow, key).then(
        (r) => callback(null, { current: r.count, ttl: r.msLeft }),
        (error: Error) => callback(error),
      );
    }

    read(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      limits.peek(this.name, timeWindow, key).then(
        (r) => callback(null, { current: r.count, ttl: r.msLeft }),
        (error: Error) => callback(error),
      );
    }

    child(options: unknown) {
      return new SharedRateLimitStore(options);
    }
  };
}
