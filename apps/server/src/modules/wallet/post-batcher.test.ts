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
  const enter = (rows: PostRow[], vendor = false) => {
    active++;
    maxActive = Math.max(maxActive, active);
    const kind = vendor ? 'vendor' : rows.length === 1 ? 'one' : 'batch';
    calls.push({ kind, keys: rows.map((r) => r.idempotencyKey) });
  };
  const leave = () => {
    active--;
  };
  const tick = () => new Promise((resolve) => setTimeout(resolve, 1));
  const repository = {
    async post(_executor: Executor, r: PostRow) {
      enter([r]);
      await tick();
      leave();
      const failure = options.failRowWith?.(r);
      if (failure) throw failure;
      return posted(r.idempotencyKey);
    },
    async postBatch(_executor: Executor, rows: PostRow[]) {
      enter(rows);
      await tick();
      leave();
      const failure = options.failBatchWith?.(rows);
      if (failure) throw failure;
      return rows.map((r) => posted(r.idempotencyKey));
    },
    async vendorPostBatch(_executor: Executor, rows: PostRow[]) {
      if (rows.some((r) => !r.claim)) throw new Error('a plain entry in vendor_post_batch');
      enter(rows, true);
      await tick();
      leave();
      const failure = options.failBatchWith?.(rows);
      if (failure) throw failure;
      return rows.map((r) => posted(r.idempotencyKey));
    },
  } as unknown as WalletRepository;
  return { repository, calls, maxActive: () => maxActive };
}

describe('group commit', () => {
  it('sends a lone request at once, alone', async () => {
    const { repository, calls } = recorder();
    const batcher = postBatcher({} as Executor, repository);
    await batcher.submit(row('k1', [1, 2]));
    expect(calls).toEqual([{ kind: 'one', keys: ['k1'] }]);
  });

  it('sends every request once, in arrival order, in at most `slots` batches at once of at most `maxBatch`', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 12 }), fc.integer({ min: 1, max: 12 }), fc.boolean()), {
          minLength: 1,
          maxLength: 80,
        }),
        fc.integer({ min: 1, max: 4 }),
        fc.integer({ min: 1, max: 16 }),
        async (requests, slots, maxBatch) => {
          const { repository, calls, maxActive } = recorder();
          const batcher = postBatcher({} as Executor, repository, { slots, maxBatch });
          const answered: string[] = [];
          await Promise.all(
            requests.map(([a, b, house], i) => {
              // Members share rows freely: batches that meet on one wait for each other in PostgreSQL.
              const ids = house ? [a, 1000] : a === b ? [a, 1001] : [a, b];
              return batcher.submit(row(`k${i}`, ids)).then(() => answered.push(`k${i}`));
            }),
          );
          const arrival = requests.map((_, i) => `k${i}`);
          expect(calls.flatMap((c) => c.keys)).toEqual(arrival);
          expect(answered.sort()).toEqual([...arrival].sort());
          expect(calls.every((c) => c.keys.length <= maxBatch)).toBe(true);
          expect(maxActive()).toBeLessThanOrEqual(slots);
        },
      ),
      { numRuns: 60 },
    );
  });

  it('runs batches beside each other', async () => {
    const { repository, maxActive } = recorder();
    const batcher = postBatcher({} as Executor, repository, { slots: 4 });
    await Promise.all([
      batcher.submit(row('k1', [1, 2])),
      batcher.submit(row('k2', [3, 4])),
      batcher.submit(row('k3', [5, 1000])),
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
      batcher.submit(row('first', [1, 2])),
      batcher.submit(row('good', [1, 3])),
      batcher.submit(row('bad', [2, 3])),
      batcher.submit(row('also-good', [4, 5])),
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
      ['a1', 'a2', 'a3'].map((key, i) => batcher.submit(row(key, [i + 1, i + 2]))),
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
      freeRoundAccountId: null,
    });
    const vendorRow = (key: string, ids: number[]) => ({ ...row(key, ids), claim: claim(key) });
    const outcomes = await Promise.all([
      batcher.submit(row('first', [1, 2])),
      batcher.submit(row('p1', [3, 1000])),
      batcher.submit(vendorRow('v1', [4, 1000])),
      batcher.submit(vendorRow('v2', [5, 1000])),
      batcher.submit(row('p2', [6, 1000])),
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
