// The group-commit scheduler alone, against a recording stand-in for the repository: which entries travel
// together, in which order, and where an error lands.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { postBatcher } from './post-batcher.ts';
import type { Executor, PostOutcome, PostRow, WalletRepository } from './wallet.repository.ts';

const row = (key: string, accountIds: number[]): PostRow => ({
  merchantId: 1,
  idempotencyKey: key,
  requestHash: Buffer.alloc(32),
  type: 'transfer',
  memo: null,
  actorType: 'system',
  actorId: null,
  reversesEntryId: null,
  accountIds,
  amounts: accountIds.map((_, i) => (i === 0 ? -1 : 1)),
});

const posted = (key: string): PostOutcome => ({
  status: 'posted',
  entryId: Number(key.replace(/\D/g, '')) || 1,
  createdAt: new Date(0),
  failedAccount: null,
  balancesAfter: [],
});

/** A repository that records every call and finishes each one when the test says so (or after a tick). */
function recorder(
  options: { failBatchWith?: (rows: PostRow[]) => unknown; failRowWith?: (row: PostRow) => unknown } = {},
) {
  const calls: { kind: 'one' | 'batch' | 'vendor'; keys: string[] }[] = [];
  let active = 0;
  let maxActive = 0;
  const activeLocks: Set<number>[] = [];
  const overlaps: string[] = [];
  const enter = (rows: PostRow[], locks: Set<number>, vendor = false) => {
    for (const other of activeLocks) {
      for (const id of locks) if (other.has(id)) overlaps.push(`${id}`);
    }
    activeLocks.push(locks);
    active++;
    maxActive = Math.max(maxActive, active);
    const kind = vendor ? 'vendor' : rows.length === 1 ? 'one' : 'batch';
    calls.push({ kind, keys: rows.map((r) => r.idempotencyKey) });
  };
  const leave = (locks: Set<number>) => {
    activeLocks.splice(activeLocks.indexOf(locks), 1);
    active--;
  };
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
  const repository = {
    async post(_executor: Executor, r: PostRow) {
      const locks = new Set(r.accountIds.filter((id) => id < 1000));
      enter([r], locks);
      await tick();
      leave(locks);
      const failure = options.failRowWith?.(r);
      if (failure) throw failure;
      return posted(r.idempotencyKey);
    },
    async postBatch(_executor: Executor, rows: PostRow[]) {
      const locks = new Set(rows.flatMap((r) => r.accountIds.filter((id) => id < 1000)));
      enter(rows, locks);
      await tick();
      leave(locks);
      const failure = options.failBatchWith?.(rows);
      if (failure) throw failure;
      return rows.map((r) => posted(r.idempotencyKey));
    },
    async vendorPostBatch(_executor: Executor, rows: PostRow[]) {
      if (rows.some((r) => !r.claim)) throw new Error('a plain entry in vendor_post_batch');
      const locks = new Set(rows.flatMap((r) => r.accountIds.filter((id) => id < 1000)));
      enter(rows, locks, true);
      await tick();
      leave(locks);
      const failure = options.failBatchWith?.(rows);
      if (failure) throw failure;
      return rows.map((r) => posted(r.idempotencyKey));
    },
  } as unknown as WalletRepository;
  return { repository, calls, overlaps, maxActive: () => maxActive };
}

// Account ids below 1000 stand for members (single rows); 1000 and up for sharded house accounts.
const locksOf = (ids: number[]) => ids.filter((id) => id < 1000);

describe('group commit', () => {
  it('sends a lone request at once, alone', async () => {
    const { repository, calls } = recorder();
    const batcher = postBatcher({} as Executor, repository);
    await batcher.submit(row('k1', [1, 2]), [1, 2]);
    expect(calls).toEqual([{ kind: 'one', keys: ['k1'] }]);
  });

  it('never has two batches on one member in flight, and keeps each member’s arrival order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.boolean()), {
          minLength: 1,
          maxLength: 80,
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 16 }),
        async (requests, slots, maxBatch) => {
          const { repository, calls, overlaps } = recorder();
          const batcher = postBatcher({} as Executor, repository, { slots, maxBatch });
          const order: string[] = [];
          await Promise.all(
            requests.map(([a, b, house], i) => {
              const ids = house ? [a, 1000] : a === b ? [a, 1001] : [a, b];
              return batcher.submit(row(`k${i}`, ids), locksOf(ids)).then(() => order.push(`k${i}`));
            }),
          );
          expect(overlaps).toEqual([]);
          expect(order).toHaveLength(requests.length);
          expect(calls.every((c) => c.keys.length <= maxBatch)).toBe(true);
          // Per member, the sequence of calls carrying it follows the arrival order.
          const sent = calls.flatMap((c) => c.keys);
          expect(new Set(sent).size).toBe(requests.length);
          for (let member = 1; member <= 12; member++) {
            const arrival = requests.flatMap(([a, b, house], i) =>
              (house ? [a] : [a, b]).includes(member) ? [`k${i}`] : [],
            );
            expect(sent.filter((k) => arrival.includes(k))).toEqual(arrival);
          }
        },
      ),
      { numRuns: 60 },
    );
  });

  it('lets requests on other members go beside a batch in flight', async () => {
    const { repository, maxActive } = recorder();
    const batcher = postBatcher({} as Executor, repository, { slots: 4 });
    await Promise.all([
      batcher.submit(row('k1', [1, 2]), [1, 2]),
      batcher.submit(row('k2', [3, 4]), [3, 4]),
      batcher.submit(row('k3', [5, 1000]), [5]),
    ]);
    expect(maxActive()).toBeGreaterThan(1);
  });

  it('gives a failing batch’s error only to the request that causes it', async () => {
    const poison = (r: PostRow) => r.idempotencyKey === 'bad';
    const { repository, calls } = recorder({
      failBatchWith: (rows) => (rows.some(poison) ? new Error('boom') : undefined),
      failRowWith: (r) => (poison(r) ? new Error('boom') : undefined),
    });
    const batcher = postBatcher({} as Executor, repository, { slots: 1 });
    const results = await Promise.allSettled([
      batcher.submit(row('first', [1, 2]), [1, 2]),
      batcher.submit(row('good', [1, 3]), [1, 3]),
      batcher.submit(row('bad', [2, 3]), [2, 3]),
      batcher.submit(row('also-good', [4, 5]), [4, 5]),
    ]);
    expect(results.map((r) => r.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'fulfilled']);
    expect(calls.some((c) => c.kind === 'batch' && c.keys.includes('bad'))).toBe(true);
  });

  it('retries a batch that lost a deadlock', async () => {
    let failures = 1;
    const deadlock = Object.assign(new Error('deadlock detected'), { code: '40P01' });
    const { repository, calls } = recorder({
      failBatchWith: () => (failures-- > 0 ? deadlock : undefined),
    });
    const batcher = postBatcher({} as Executor, repository, { slots: 1 });
    const outcomes = await Promise.all(
      ['a1', 'a2', 'a3'].map((key, i) => batcher.submit(row(key, [i + 1, i + 2]), [i + 1, i + 2])),
    );
    expect(outcomes.map((o) => o.status)).toEqual(['posted', 'posted', 'posted']);
    expect(calls.filter((c) => c.kind === 'batch').map((c) => c.keys)).toEqual([
      ['a2', 'a3'],
      ['a2', 'a3'],
    ]);
  });

  it('sends vendor calls through vendor_post_batch apart from the plain entries of their batch, so a failure re-runs only its own half', async () => {
    const { repository, calls } = recorder({
      failBatchWith: (rows) => (rows.length > 1 && rows.some((r) => r.claim) ? new Error('boom') : undefined),
    });
    const batcher = postBatcher({} as Executor, repository, { slots: 1 });
    const claim = (transactionId: string) => ({
      vendorCode: 'V',
      nonce: `nonce-${transactionId}`,
      transactionId,
      kind: 'bet' as const,
      memberId: 1,
      memberAccountId: 1,
      sessionId: null,
      sessionSince: null,
      sessionLatest: false,
      roundId: transactionId,
      gameNodeId: null,
      amount: 1,
      demo: false,
      requestHash: Buffer.alloc(32),
    });
    const vendorRow = (key: string, ids: number[]) => ({ ...row(key, ids), claim: claim(key) });
    const outcomes = await Promise.all([
      batcher.submit(row('first', [1, 2]), [1, 2]),
      batcher.submit(row('p1', [3, 1000]), [3]),
      batcher.submit(vendorRow('v1', [4, 1000]), [4]),
      batcher.submit(vendorRow('v2', [5, 1000]), [5]),
      batcher.submit(row('p2', [6, 1000]), [6]),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual(['posted', 'posted', 'posted', 'posted', 'posted']);
    expect(calls[0]).toEqual({ kind: 'one', keys: ['first'] });
    expect(calls.slice(1)).toEqual(
      expect.arrayContaining([
        { kind: 'batch', keys: ['p1', 'p2'] },
        { kind: 'vendor', keys: ['v1', 'v2'] },
        { kind: 'vendor', keys: ['v1'] },
        { kind: 'vendor', keys: ['v2'] },
      ]),
    );
    // The failed vendor half re-ran entry by entry; the plain half, committed, was never sent again.
    expect(calls).toHaveLength(5);
  });
});
