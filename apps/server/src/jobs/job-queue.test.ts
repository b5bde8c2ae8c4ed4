import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { freshDatabase } from '../testing/test-app.ts';
import { createJobQueue, type JobQueue } from './job-queue.ts';

async function until(check: () => boolean, timeoutMs = 20_000) {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('job queue (pg-boss on our database)', () => {
  let database: DatabaseHandle;
  const queues: JobQueue[] = [];
  const quiet = { error: () => {} };

  beforeAll(async () => {
    database = await freshDatabase();
  });
  afterAll(async () => {
    for (const queue of queues) await queue.stop();
    await database.close();
  });

  function queue() {
    const q = createJobQueue(database.db, { log: quiet });
    queues.push(q);
    return q;
  }

  it('hands every job to exactly one of two queues (two server processes) on the same database', async () => {
    const seen: Array<{ n: number; by: string }> = [];
    const [a, b] = [queue(), queue()];
    for (const [q, by] of [
      [a, 'a'],
      [b, 'b'],
    ] as const) {
      await q.register<{ n: number }>(
        'test-shared',
        async ({ n }) => {
          seen.push({ n, by });
        },
        { pollingSeconds: 0.5, batchSize: 3 },
      );
      await q.start();
    }
    for (let n = 0; n < 30; n++) await (n % 2 ? a : b).send('test-shared', { n });
    await until(() => seen.length >= 30);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(seen.map((s) => s.n).sort((x, y) => x - y)).toEqual(Array.from({ length: 30 }, (_, n) => n));
  });

  it('starts two queues at once (two server processes starting together) on queues neither has made yet', async () => {
    // pg-boss makes a queue's partition of its job table without a lock of its own: two processes making queues at
    // the same moment deadlock, and the one PostgreSQL picks failed to start.
    // On a new database, both make pg-boss's schema too.
    const fresh = await freshDatabase();
    const pair = [0, 1].map(() => createJobQueue(fresh.db, { log: quiet }));
    try {
      const names = Array.from({ length: 4 }, (_, i) => `test-together-${i}`);
      for (const q of pair) for (const name of names) await q.register(name, async () => {});
      await Promise.all(pair.map((q) => q.start()));
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM pgboss.queue WHERE name LIKE 'test-together-%'`.execute(fresh.db);
      expect(rows[0]?.n).toBe(names.length);
    } finally {
      for (const q of pair) await q.stop();
      await fresh.close();
    }
  });

  it('queues a job with a transaction: never if it rolls back, once if it commits', async () => {
    const seen: string[] = [];
    const q = queue();
    await q.register<{ tag: string }>('test-trx', async ({ tag }) => void seen.push(tag), {
      pollingSeconds: 0.5,
    });
    await q.start();
    await database.db
      .transaction()
      .execute(async (trx) => {
        await q.send('test-trx', { tag: 'rolled-back' }, {}, trx);
        throw new Error('roll back');
      })
      .catch(() => {});
    await database.db.transaction().execute(async (trx) => {
      await sql`SELECT 1`.execute(trx);
      await q.send('test-trx', { tag: 'committed' }, {}, trx);
    });
    await until(() => seen.length >= 1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(seen).toEqual(['committed']);
  });

  it('retries a job whose handler failed, and sends one job per key', async () => {
    let attempts = 0;
    const q = queue();
    await q.register(
      'test-retry',
      async () => {
        attempts++;
        if (attempts === 1) throw new Error('first try fails');
      },
      { pollingSeconds: 0.5, retryLimit: 3 },
    );
    await q.start();
    const first = await q.send('test-retry', {}, { key: 'once', startAfter: new Date(Date.now() + 500) });
    const second = await q.send('test-retry', {}, { key: 'once' });
    expect(first).toEqual(expect.any(String));
    expect(second).toBeNull();
    await until(() => attempts >= 2, 30_000);
    expect(await q.waiting('test-retry')).toBe(0);
  });

  it("writes a registration's expiry and retries over the queue an earlier release made", async () => {
    const policy = async () =>
      (
        await sql<{ expire_seconds: number; retry_limit: number }>`
          SELECT expire_seconds, retry_limit FROM pgboss.queue WHERE name = 'test-policy'`.execute(
          database.db,
        )
      ).rows[0];
    const earlier = queue();
    await earlier.register('test-policy', async () => {}, { retryLimit: 5 });
    await earlier.start();
    expect(await policy()).toEqual({ expire_seconds: 15 * 60, retry_limit: 5 });
    await earlier.stop();
    const later = queue();
    await later.register('test-policy', async () => {}, { retryLimit: 1, expireInSeconds: 50 });
    await later.start();
    expect(await policy()).toEqual({ expire_seconds: 50, retry_limit: 1 });
  });

  it('refuses a scheduled job without an expiry', async () => {
    await expect(queue().register('test-cron', async () => {}, { cron: '* * * * *' })).rejects.toThrow(
      /test-cron is scheduled .*expireInSeconds/,
    );
  });

  it("gives every scheduled job of the server an expiry shorter than its period (a dead process's tick is retried before the next)", async () => {
    // The shapes of cron expression the modules use; another shape fails here until its period is added.
    const periodOf = (cron: string) => {
      if (cron === '* * * * *') return 60;
      const every = /^\*\/(\d+) \* \* \* \*$/.exec(cron);
      if (every) return Number(every[1]) * 60;
      if (/^\d+ \* \* \* \*$/.test(cron)) return 3600;
      if (/^\d+ \d+ \* \* \*$/.test(cron)) return 24 * 3600;
      throw new Error(`no period known for ${cron}`);
    };
    const { app, services } = await buildApp({ db: database.db, serveApps: false, logger: false });
    try {
      const scheduled = services.jobs.registered().filter((job) => job.cron);
      expect(scheduled.map((job) => job.name)).toContain('payments-sweep');
      for (const job of scheduled) {
        const period = periodOf(job.cron as string);
        expect(job.expireInSeconds, job.name).toBeLessThan(period);
        // Not so short that a busy run is cut off: at least most of a minute.
        expect(job.expireInSeconds, job.name).toBeGreaterThanOrEqual(Math.min(45, period - 10));
      }
    } finally {
      await app.close();
    }
  });
});
