import type { Transaction, TransactionBuilder } from 'kysely';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';

/**
 * Work to run once a transaction has ended, keyed by the transaction's query executor (a transaction's
 * `withTables()` view shares it, so a repository's typed view of the caller's `trx` finds the same list).
 */
const pending = new WeakMap<object, Array<() => void>>();

/**
 * Runs `hook` when `executor`'s transaction has ended (committed or rolled back: the hooks here only drop cached
 * copies, which is never wrong), or at once when `executor` is not a transaction this process opened.
 */
export function afterCommit(executor: Database, hook: () => void) {
  const hooks = executor.isTransaction ? pending.get(executor.getExecutor()) : undefined;
  if (hooks) hooks.push(hook);
  else hook();
}

/** Whether `executor` is a transaction whose end `afterCommit` will see. */
export function inTrackedTransaction(executor: Database) {
  return executor.isTransaction && pending.has(executor.getExecutor());
}

function tracked(builder: TransactionBuilder<DB>): TransactionBuilder<DB> {
  const wrapped = {
    setAccessMode: (mode: Parameters<TransactionBuilder<DB>['setAccessMode']>[0]) =>
      tracked(builder.setAccessMode(mode)),
    setIsolationLevel: (level: Parameters<TransactionBuilder<DB>['setIsolationLevel']>[0]) =>
      tracked(builder.setIsolationLevel(level)),
    async execute<T>(callback: (trx: Transaction<DB>) => Promise<T>): Promise<T> {
      const hooks: Array<() => void> = [];
      try {
        return await builder.execute((trx) => {
          pending.set(trx.getExecutor(), hooks);
          return callback(trx);
        });
      } finally {
        for (const hook of hooks) hook();
      }
    },
  };
  return wrapped as unknown as TransactionBuilder<DB>;
}

/**
 * Makes every `db.transaction()` of this database run its `afterCommit` hooks when it ends, so a cache dropped by a
 * write is dropped again once the write is visible to other connections (a reader that loaded the old row between
 * the write and the commit cannot leave it cached). Other Kysely instances derived from `db` (`withTables()`) do not
 * open transactions in this code base.
 */
export function withCommitHooks(db: Database): Database {
  const open = db.transaction.bind(db);
  db.transaction = () => tracked(open());
  return db;
}
