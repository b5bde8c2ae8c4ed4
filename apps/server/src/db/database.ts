import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { withCommitHooks } from './commit-hooks.ts';
import { openReplica, type ReplicaState } from './replica.ts';
import type { DB } from './schema.ts';

// bigint columns come back as strings by default; money is always within Number.MAX_SAFE_INTEGER minor units
// only if we check it, so parse them as BigInt-safe numbers and let the wallet enforce the range.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number(value));
// A `date` is a calendar day, not an instant: keep it as its 'YYYY-MM-DD' text, never shifted by a time zone.
pg.types.setTypeParser(pg.types.builtins.DATE, (value) => value);

export type Database = Kysely<DB>;

export type DatabaseHandle = {
  db: Database;
  /**
   * Reads that tolerate a few seconds of lag: back-office reports, exports and lists (decision 062). The replica
   * (DATABASE_REPLICA_URL) while it is good, else the primary; without a replica, and on PGlite, `db` itself.
   */
  replica: Database;
  /** The replica's state, when there is one. */
  replicaState?: () => ReplicaState;
  kind: 'embedded' | 'postgres';
  close: () => Promise<void>;
  /** The pool's use now (the metrics' tala_db_pool_connections). */
  poolStats: () => { total: number; idle: number; waiting: number; max: number };
  /** The embedded database's data folder as a tar, to open again with `load` (tests copy one seeded database). */
  dump?: () => Promise<Blob>;
};

/**
 * A connection can break while idle in the pool (the pool reports it) or while checked out between two queries of
 * a transaction (the client itself emits 'error', and nothing listens): without a listener either one ends the
 * process. Both are only told; the broken client is not queryable any more and the pool replaces it.
 */
function watchConnections(pool: pg.Pool, onError: (error: Error) => void) {
  pool.on('error', onError);
  pool.on('connect', (client) => client.on('error', onError));
}

function statsOf(pool: pg.Pool, max: number) {
  return () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount, max });
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

function prepareDataDir(dataDir: string, template: string | undefined) {
  const fresh = !fs.existsSync(path.join(dataDir, 'PG_VERSION'));
  if (fresh && template && fs.existsSync(path.join(template, 'PG_VERSION'))) {
    fs.cpSync(template, dataDir, { recursive: true });
  } else {
    fs.mkdirSync(dataDir, { recursive: true });
  }
}

/**
 * Opens the database. With a URL: the real PostgreSQL server. Without: an embedded PGlite kept in `dataDir`,
 * served on a loopback socket so the ordinary `pg` driver talks to it and there is one code path for both
 * (docs/decisions/003-embedded-database.md). `dataDir` null keeps the embedded database in memory (tests).
 */
export async function openDatabase(options: {
  databaseUrl?: string | undefined;
  dataDir: string | null;
  /** A prepared data folder to copy into an empty `dataDir` (dist/embedded-template, made by the build). */
  template?: string | undefined;
  /** An in-memory embedded database's contents to start from (a `dump` of another). */
  load?: Blob | undefined;
  poolSize?: number;
  /**
   * Told when an idle pooled connection breaks (the database stopped or restarted). The pool drops that connection
   * and opens a new one on the next query; without a listener, Node would end the process on the 'error' event.
   */
  onConnectionError?: (error: Error) => void;
  /** A streaming replica of `databaseUrl`'s database (with `databaseUrl` only). */
  replicaUrl?: string | undefined;
  /** Lag past which the replica's readers read the primary (seconds; default 30). */
  replicaMaxLagSeconds?: number;
  /** How often the replica is checked (ms; default 5,000). */
  replicaCheckEveryMs?: number;
  log?: () => {
    warn: (object: object, message: string) => void;
    info: (object: object, message: string) => void;
  };
}): Promise<DatabaseHandle> {
  const onConnectionError = options.onConnectionError ?? (() => {});
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 20 });
    watchConnections(pool, onConnectionError);
    const db = withCommitHooks(new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }));
    const poolStats = statsOf(pool, options.poolSize ?? 20);
    if (!options.replicaUrl)
      return { db, replica: db, kind: 'postgres', close: () => db.destroy(), poolStats };
    let replica: Awaited<ReturnType<typeof openReplica>>;
    try {
      replica = await openReplica({
        url: options.replicaUrl,
        primaryPool: pool,
        maxLagSeconds: options.replicaMaxLagSeconds ?? 30,
        ...(options.replicaCheckEveryMs ? { checkEveryMs: options.replicaCheckEveryMs } : {}),
        ...(options.log ? { log: options.log } : {}),
      });
    } catch (error) {
      await db.destroy();
      throw error;
    }
    return {
      db,
      replica: replica.db,
      replicaState: replica.state,
      kind: 'postgres',
      poolStats,
      close: async () => {
        await replica.close();
        await db.destroy();
      },
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { PGLiteSocketServer } = await import('@electric-sql/pglite-socket');
  if (options.dataDir) prepareDataDir(options.dataDir, options.template);
  const pglite = await PGlite.create(
    options.dataDir ? { dataDir: options.dataDir } : options.load ? { loadDataDir: options.load } : {},
  );
  const port = await freePort();
  const maxConnections = options.poolSize ?? 8;
  const socketServer = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port, maxConnections });
  await socketServer.start();
  // One pooled connection: PGlite is a single session, and the socket server keeps only a transaction's
  // messages together, so statements of two connections outside transactions could interleave (an unnamed
  // prepared statement of one replaced by the other's). One connection serialises every query and transaction.
  const pool = new pg.Pool({
    host: '127.0.0.1',
    port,
    user: 'postgres',
    database: 'postgres',
    max: 1,
  });
  watchConnections(pool, onConnectionError);
  const db = withCommitHooks(new Kysely<DB>({ dialect: new PostgresDialect({ pool }) }));
  return {
    db,
    // One embedded database: the replica's readers read it too.
    replica: db,
    kind: 'embedded',
    poolStats: statsOf(pool, 1),
    close: async () => {
      await db.destroy();
      await socketServer.stop();
      await pglite.close();
    },
    dump: () => pglite.dumpDataDir('none'),
  };
}
