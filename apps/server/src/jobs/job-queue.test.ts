import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
});
