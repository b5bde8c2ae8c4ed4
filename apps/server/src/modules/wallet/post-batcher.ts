import type { Executor, PostOutcome, PostRow, WalletRepository } from './wallet.repository.ts';

type Waiting = {
  row: PostRow;
  /** The single-row (member) accounts the entry locks; house accounts are sharded and never wait. */
  locks: number[];
  resolve: (outcome: PostOutcome) => void;
  reject: (error: unknown) => void;
};

/** PostgreSQL's deadlock and serialisation failures: safe to retry, since every entry replays by its key. */
export function retryable(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return code === '40P01' || code === '40001';
}

/**
 * Group commit for entries that commit on their own (docs/decisions/004-ledger.md).
 *
 * Requests queue in arrival order. Whenever fewer than `slots` batches are in flight, the queue is scanned and every
 * request that touches no member account of an in-flight batch joins a new batch: one transaction, one round trip,
 * one commit for up to `maxBatch` entries. A request that does touch one waits, and so does every later request on
 * any of its accounts, so each account's entries commit in arrival order and none is overtaken for ever. Batches
 * in flight therefore never wait on each other's row locks: a busy member's entries queue in memory and go
 * together, instead of queueing on a row lock held across one commit after another.
 *
 * The outcome of every entry is its own: a refusal (insufficient funds, a used key) is an answer, not an error, so
 * it never spoils the others. Should a batch itself fail, each entry is tried again alone, so that an error reaches
 * only the request that caused it.
 */
export function postBatcher(
  db: Executor,
  repository: WalletRepository,
  options: { slots?: number | undefined; maxBatch?: number | undefined } = {},
) {
  const slots = options.slots ?? 4;
  const maxBatch = options.maxBatch ?? 64;
  let waiting: Waiting[] = [];
  const inFlight = new Set<Set<number>>();

  async function alone(row: PostRow): Promise<PostOutcome> {
    for (let attempt = 1; ; attempt++) {
      try {
        if (row.claim) return (await repository.vendorPostBatch(db, [row]))[0] as PostOutcome;
        return await repository.post(db, row);
      } catch (error) {
        if (attempt >= 4 || !retryable(error)) throw error;
      }
    }
  }

  /**
   * Vendor calls go through vendor_post_batch(), which writes their nonces and claims with their money; the other
   * entries through ledger_post_batch(). A batch holding both runs them as two transactions at once (they share no
   * member row), each with its own retries, so that neither's failure can re-run the other's committed entries.
   */
  async function flush(batch: Waiting[]) {
    const vendor = batch.filter((w) => w.row.claim);
    if (vendor.length === 0 || vendor.length === batch.length) return flushGroup(batch);
    await Promise.all([flushGroup(vendor), flushGroup(batch.filter((w) => !w.row.claim))]);
  }

  async function flushGroup(batch: Waiting[]) {
    if (batch.length === 1) {
      const only = batch[0] as Waiting;
      await alone(only.row).then(only.resolve, only.reject);
      return;
    }
    let outcomes: PostOutcome[] | undefined;
    for (let attempt = 1; attempt <= 3 && !outcomes; attempt++) {
      try {
        const rows = batch.map((w) => w.row);
        outcomes = await (rows[0]?.claim
          ? repository.vendorPostBatch(db, rows)
          : repository.postBatch(db, rows));
      } catch (error) {
        if (!retryable(error)) break;
      }
    }
    if (outcomes) {
      outcomes.forEach((outcome, i) => {
        batch[i]?.resolve(outcome);
      });
      return;
    }
    // One by one, in order, so that each account's entries still commit in arrival order.
    for (const w of batch) await alone(w.row).then(w.resolve, w.reject);
  }

  function pump() {
    while (inFlight.size < slots && waiting.length > 0) {
      const blocked = new Set<number>();
      for (const accounts of inFlight) for (const id of accounts) blocked.add(id);
      const batch: Waiting[] = [];
      const accounts = new Set<number>();
      const rest: Waiting[] = [];
      for (const w of waiting) {
        if (batch.length >= maxBatch || w.locks.some((id) => blocked.has(id))) {
          // Later requests on these accounts must not overtake this one.
          for (const id of w.locks) blocked.add(id);
          rest.push(w);
        } else {
          batch.push(w);
          for (const id of w.locks) accounts.add(id);
        }
      }
      if (batch.length === 0) return;
      waiting = rest;
      inFlight.add(accounts);
      void flush(batch).finally(() => {
        inFlight.delete(accounts);
        pump();
      });
    }
  }

  return {
    submit(row: PostRow, locks: number[]): Promise<PostOutcome> {
      return new Promise((resolve, reject) => {
        waiting.push({ row, locks, resolve, reject });
        pump();
      });
    },
  };
}
