import type { Executor, PostOutcome, PostRow, WalletRepository } from './wallet.repository.ts';

type Waiting = {
  row: PostRow;
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
 * Requests queue in arrival order. Whenever fewer than `slots` batches are in flight, everything waiting (up to
 * `maxBatch`) leaves together: one transaction, one round trip, one commit. Two batches in flight may share a
 * member: each batch locks all its members' rows in account order before anything else, so the later one waits in
 * PostgreSQL for the earlier one's commit and then runs at once, with no deadlock and no round trip lost, while
 * batches on other members run beside it. (Keeping such batches apart in memory instead left the hot-member case
 * with one batch at a time and a round trip between them: 10 members ran at 0.72-0.84x the rate of 50.)
 *
 * The outcome of every entry is its own: a refusal (insufficient funds, a used key) is an answer, not an error, so
 * it never spoils the others. Should a batch itself fail, each entry is tried again alone, so that an error reaches
 * only the request that caused it.
 */
export function postBatcher(
  db: Executor,
  repository: WalletRepository,
  options: {
    slots?: number | undefined;
    maxBatch?: number | undefined;
    /** Told each batch's size as it leaves (the metrics' tala_ledger_batch_size). */
    onBatch?: ((size: number) => void) | undefined;
  } = {},
) {
  // About the database server's cores: more batches at once only queue for them (LEDGER_BATCH_SLOTS; 2 here).
  const slots = options.slots ?? 2;
  const maxBatch = options.maxBatch ?? 64;
  let waiting: Waiting[] = [];
  let inFlight = 0;

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
    while (inFlight < slots && waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(maxBatch);
      inFlight++;
      options.onBatch?.(batch.length);
      void flush(batch).finally(() => {
        inFlight--;
        pump();
      });
    }
  }

  return {
    submit(row: PostRow): Promise<PostOutcome> {
      return new Promise((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        pump();
      });
    },
  };
}
