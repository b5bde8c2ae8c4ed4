import { Kysely, PostgresDialect, type PostgresPool, type PostgresPoolClient } from 'kysely';
import pg from 'pg';
import type { Database } from './database.ts';
import type { DB } from './schema.ts';

/**
 * The read replica (decision 062): a second Kysely instance for back-office reports, exports and lists that tolerate
 * a few seconds of lag. Its connections come from the replica while the replica is known good, and from the
 * primary otherwise, so a wrong or broken replica costs the primary some reads, never a wrong answer:
 *
 * - at start, a replica of another server or another database, or a server that is not a standby, is refused
 *   with a message naming DATABASE_REPLICA_URL (ReplicaConfigError; main.ts exits 2);
 * - a replica that cannot be reached (at start or later), stops being a standby (promoted), or lags more than
 *   maxLagSeconds behind the primary is left aside until a check finds it good again; each change is logged.
 */
export class ReplicaConfigError extends Error {}

export type ReplicaState = {
  /** Whether the replica's readers read the replica now (else the primary). */
  inUse: boolean;
  /** Why not, when not. */
  reason: string | null;
  /** How long the oldest write the replica has not replayed yet has been committed on the primary (s). */
  lagSeconds: number;
};

export type ReplicaHandle = {
  db: Database;
  state: () => ReplicaState;
  /** Checks the replica now (the timer does it every checkEveryMs). */
  check: () => Promise<ReplicaState>;
  close: () => Promise<void>;
};

type Identity = { system: string | null; database: string; recovery: boolean };

async function identityOf(client: { query: pg.Pool['query'] }): Promise<Identity> {
  const { rows } = await client.query<{ database: string; recovery: boolean }>(
    'SELECT current_database() AS database, pg_is_in_recovery() AS recovery',
  );
  const row = rows[0] as { database: string; recovery: boolean };
  let system: string | null = null;
  try {
    const result = await client.query<{ system: string }>(
      'SELECT system_identifier::text AS system FROM pg_control_system()',
    );
    system = result.rows[0]?.system ?? null;
  } catch {
    // pg_control_system() is not readable by this role: the cluster's identity is not compared
  }
  return { system, database: row.database, recovery: row.recovery };
}

function described(url: string) {
  const parsed = new URL(url);
  return `${parsed.hostname}:${parsed.port || '5432'}${parsed.pathname}`;
}

export async function openReplica(options: {
  url: string;
  primaryPool: pg.Pool;
  maxLagSeconds: number;
  poolSize?: number;
  checkEveryMs?: number;
  log?: () => {
    warn: (object: object, message: string) => void;
    info: (object: object, message: string) => void;
  };
}): Promise<ReplicaHandle> {
  const where = described(options.url);
  const replicaPool = new pg.Pool({
    connectionString: options.url,
    max: options.poolSize ?? 10,
    connectionTimeoutMillis: 5_000,
  });
  replicaPool.on('error', () => {});
  replicaPool.on('connect', (client) => client.on('error', () => {}));
  const primary = await identityOf(options.primaryPool);

  let state: ReplicaState = { inUse: false, reason: 'not checked yet', lagSeconds: 0 };
  /** A primary position the replica had not replayed when last looked at, and since when. */
  let behind: { lsn: string; since: number } | null = null;

  function set(next: ReplicaState) {
    const log = options.log?.();
    if (next.inUse !== state.inUse || next.reason !== state.reason) {
      if (next.inUse) log?.info({ replica: where }, 'reports read the replica (DATABASE_REPLICA_URL)');
      else log?.warn({ replica: where, reason: next.reason }, 'reports read the primary: replica left aside');
    }
    state = next;
    return state;
  }

  /** What is wrong with the replica as a copy of the primary's database, if anything (a configuration error). */
  function mismatch(replica: Identity): string | null {
    if (replica.database !== primary.database)
      return `its database is "${replica.database}", DATABASE_URL's is "${primary.database}"`;
    if (replica.system && primary.system && replica.system !== primary.system)
      return `it is another PostgreSQL cluster (system identifier ${replica.system}, the primary's ${primary.system}), not a copy of DATABASE_URL's`;
    if (!replica.recovery)
      return 'it is not a standby (pg_is_in_recovery() is false): a primary or a promoted replica, which does not follow DATABASE_URL';
    return null;
  }

  async function check(): Promise<ReplicaState> {
    let client: pg.PoolClient | undefined;
    let failed: Error | undefined;
    try {
      client = await replicaPool.connect();
      const wrong = mismatch(await identityOf(client));
      if (wrong) return set({ inUse: false, reason: wrong, lagSeconds: 0 });
      const { rows: p } = await options.primaryPool.query<{ lsn: string }>(
        'SELECT pg_current_wal_lsn()::text AS lsn',
      );
      const primaryLsn = (p[0] as { lsn: string }).lsn;
      const caughtUp = async (lsn: string) => {
        const { rows } = await (client as pg.PoolClient).query<{ ok: boolean }>(
          'SELECT coalesce(pg_last_wal_replay_lsn() >= $1::pg_lsn, false) AS ok',
          [lsn],
        );
        return rows[0]?.ok === true;
      };
      if (behind && (await caughtUp(behind.lsn))) behind = null;
      if (!behind && !(await caughtUp(primaryLsn))) behind = { lsn: primaryLsn, since: Date.now() };
      const lagSeconds = behind ? (Date.now() - behind.since) / 1000 : 0;
      if (lagSeconds > options.maxLagSeconds) {
        return set({
          inUse: false,
          reason: `it lags ${Math.round(lagSeconds)} s behind the primary (DATABASE_REPLICA_MAX_LAG_S=${options.maxLagSeconds})`,
          lagSeconds,
        });
      }
      return set({ inUse: true, reason: null, lagSeconds });
    } catch (error) {
      failed = error as Error;
      return set({
        inUse: false,
        reason: `it cannot be reached: ${(error as Error).message}`,
        lagSeconds: 0,
      });
    } finally {
      client?.release(failed);
    }
  }

  const first = await check();
  if (!first.inUse && first.reason && !first.reason.startsWith('it cannot be reached')) {
    await replicaPool.end();
    throw new ReplicaConfigError(
      `Invalid configuration:\n  DATABASE_REPLICA_URL (${where}) is not a streaming replica of DATABASE_URL's database: ${first.reason}. Name a standby of the primary, or unset it to read the primary.`,
    );
  }
  if (!first.inUse) {
    // Unreachable at start: an outage, not a wrong setting. Reports read the primary until it answers.
    options.log?.()?.warn({ replica: where, reason: first.reason }, 'reports read the primary for now');
  }
  const timer = setInterval(() => void check(), options.checkEveryMs ?? 5_000);
  timer.unref();

  // The pool Kysely sees: the replica's while it is good, the primary's otherwise or when a connection fails.
  const routed: PostgresPool = {
    async connect(): Promise<PostgresPoolClient> {
      if (state.inUse) {
        try {
          return (await replicaPool.connect()) as unknown as PostgresPoolClient;
        } catch (error) {
          set({ inUse: false, reason: `it cannot be reached: ${(error as Error).message}`, lagSeconds: 0 });
        }
      }
      return (await options.primaryPool.connect()) as unknown as PostgresPoolClient;
    },
    async end() {
      // The primary's pool is the primary's Kysely to end.
      await replicaPool.end();
    },
  };
  const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: routed }) });
  return {
    db,
    state: () => state,
    check,
    close: async () => {
      clearInterval(timer);
      await db.destroy();
    },
  };
}
