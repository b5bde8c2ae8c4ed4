import { collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';

/** The database pool's use at one instant (pg.Pool's own counts). */
export type PoolStats = { total: number; idle: number; waiting: number; max: number };

/**
 * The process's Prometheus metrics (decisions/065-operations.md; the names are listed in docs/operations.md). One
 * registry per app, not prom-client's global one, so test files that build several apps do not collide.
 * Gauges of state kept elsewhere (pool, job queue, sockets) are read when Prometheus scrapes, not kept up to date.
 */
export function createMetrics(options: { processMetrics?: boolean } = {}) {
  const registry = new Registry();
  // CPU, memory, heap, event-loop lag, handles, GC: only in a served process (main.ts), where they mean something.
  if (options.processMetrics) collectDefaultMetrics({ register: registry });

  const httpDuration = new Histogram({
    name: 'tala_http_request_duration_seconds',
    help: 'HTTP requests by method, route pattern and status code, and how long they took to answer',
    labelNames: ['method', 'route', 'status_code'] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  const ledgerBatchSize = new Histogram({
    name: 'tala_ledger_batch_size',
    help: "Ledger entries committed together by the wallet's group commit, per batch",
    buckets: [1, 2, 4, 8, 16, 32, 64],
    registers: [registry],
  });

  let poolStats: (() => PoolStats) | undefined;
  const pool = new Gauge({
    name: 'tala_db_pool_connections',
    help: "The database pool's connections: in_use, idle, waiting (queries waiting for a connection), max",
    labelNames: ['state'] as const,
    registers: [registry],
    collect() {
      const stats = poolStats?.();
      if (!stats) return;
      this.set({ state: 'in_use' }, stats.total - stats.idle);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
      this.set({ state: 'max' }, stats.max);
    },
  });

  let jobDepths: (() => Promise<Array<{ name: string; waiting: number; active: number }>>) | undefined;
  new Gauge({
    name: 'tala_job_queue_depth',
    help: 'Jobs per queue: waiting (queued or waiting to retry) and active (being handled)',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
    async collect() {
      if (!jobDepths) return;
      // Unreadable (the database is away): no series rather than the last ones, which would look current.
      const depths = await jobDepths().catch(() => []);
      this.reset();
      for (const d of depths) {
        this.set({ queue: d.name, state: 'waiting' }, d.waiting);
        this.set({ queue: d.name, state: 'active' }, d.active);
      }
    },
  });

  const websockets = new Gauge({
    name: 'tala_websocket_connections',
    help: 'Open WebSocket connections by path',
    labelNames: ['path'] as const,
    registers: [registry],
  });

  return {
    registry,
    httpDuration,
    ledgerBatchSize,
    websockets,
    pool,
    /** Where the pool's counts come from (the database handle; absent in apps built on a bare Kysely). */
    readPool(read: () => PoolStats) {
      poolStats = read;
    },
    /** Where the job queue's depth comes from. */
    readJobs(read: () => Promise<Array<{ name: string; waiting: number; active: number }>>) {
      jobDepths = read;
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
