import crypto from 'node:crypto';
import { CompiledQuery, sql, type Transaction } from 'kysely';
import PgBoss from 'pg-boss';
import type { Database } from '../db/database.ts';
import type { DB } from '../db/schema.ts';

/**
 * The one way to schedule work (GUIDE §11): a pg-boss queue in the `pgboss` schema of our own database, on the
 * real server and on the embedded one alike. pg-boss talks through our Kysely pool (no second pool: the embedded
 * database has one connection), keeps cron schedules once across every server process, hands each job to one
 * worker at a time and retries a job whose handler failed or whose process died.
 *
 * pg-boss delivers at least once, so a handler must be safe to run twice: the effect of a job (a bill, a draw's
 * settlement) is made exactly once by a unique key in the module's own tables, never by the queue
 * (docs/decisions/025-job-queue.md).
 */
export type JobHandler<T> = (data: T, job: { id: string; name: string }) => Promise<void>;

export type JobOptions = {
  /** A cron expression (five fields, minute precision): the job is sent once per tick across all processes. */
  cron?: string;
  /** Time zone of the cron expression (default UTC); a merchant's periods use the merchant's zone. */
  tz?: string;
  /** How often an idle worker looks for work (default 2 s; at least 0.5 s). */
  pollingSeconds?: number;
  /** Jobs of this name fetched at once by one worker, handled one after another (default 1). */
  batchSize?: number;
  /** Retries after a failure, with growing delays (default 5). */
  retryLimit?: number;
  /**
   * A job running longer than this is taken as failed (its process died, or it hangs) and retried while retries are
   * left (default 15 minutes). A scheduled job must name its own, shorter than its period: a tick held by a process
   * that was killed then fails (and is retried) before the next tick is due instead of staying active for 15 minutes
   * (decision 067). pg-boss also stops waiting for a handler past it, so it is an upper bound on one run.
   */
  expireInSeconds?: number;
};

export type SendOptions = {
  /** Not before this instant. */
  startAfter?: Date;
  /** At most one job ever with this key and name, while pg-boss keeps it (a second send answers null). */
  key?: string;
};

type Registration = { name: string; handler: JobHandler<object>; options: JobOptions };
type Log = { error: (object: object, message: string) => void };

export type JobQueue = ReturnType<typeof createJobQueue>;

/** pg-boss's database port over a Kysely pool or transaction: statements without values go by the simple protocol. */
function executor(db: Database | Transaction<DB>) {
  return {
    executeSql: async (text: string, values?: unknown[]) => {
      const query = CompiledQuery.raw(text, values ?? []);
      if (db.isTransaction) return { rows: (await db.executeQuery(query)).rows as unknown[] };
      // pg-boss makes its schema with one script that opens a transaction (BEGIN; …; COMMIT). Two processes starting
      // together both make it, and the second's script fails ("already exists", which pg-boss expects and ignores),
      // leaving its connection in the failed transaction: rolled back here before the connection goes back to the
      // pool, where it would fail every later statement.
      return db.connection().execute(async (connection) => {
        try {
          return { rows: (await connection.executeQuery(query)).rows as unknown[] };
        } catch (error) {
          if (!values?.length) await connection.executeQuery(CompiledQuery.raw('ROLLBACK')).catch(() => {});
          throw error;
        }
      });
    },
  };
}

/**
 * pg-boss makes a queue (its partition of the job table) without a lock of its own: two processes making queues at
 * once can deadlock, and PostgreSQL fails one of them (40P01), whose queue is then made again.
 */
async function createQueue(b: PgBoss, name: string, policy: Parameters<PgBoss['createQueue']>[1]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await b.createQueue(name, policy);
    } catch (error) {
      if ((error as { code?: string }).code !== '40P01' || attempt >= 5) throw error;
    }
  }
}

/** PostgreSQL's codes for two sessions making the same schema objects at once: a name taken, a deadlock. */
const schemaRace = new Set(['23505', '42P06', '42P07', '42710', '40P01']);

/** A job id made from a key (a UUID-shaped SHA-256 prefix): sending the same key again inserts nothing. */
function uuidOf(key: string): string {
  const hex = crypto.createHash('sha256').update(key).digest('hex');
  const variant = ((Number.parseInt(hex[16] ?? '0', 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

export function createJobQueue(db: Database, options: { log?: Log } = {}) {
  const registrations = new Map<string, Registration>();
  let boss: PgBoss | undefined;
  let starting: Promise<PgBoss> | undefined;
  const log: Log = options.log ?? { error: (o, m) => console.error(m, o) };

  async function attach(b: PgBoss, r: Registration) {
    const { retryLimit = 5, expireInSeconds = 15 * 60 } = r.options;
    const policy = { name: r.name, retryLimit, retryBackoff: true, expireInSeconds };
    await createQueue(b, r.name, policy);
    // createQueue leaves a queue that exists as it was: a database made by an earlier release would keep that
    // release's expiry and retries. The registration is the truth, so it is written every start.
    await b.updateQueue(r.name, policy);
    await b.work<object>(
      r.name,
      { batchSize: r.options.batchSize ?? 1, pollingIntervalSeconds: r.options.pollingSeconds ?? 2 },
      async (jobs) => {
        for (const job of jobs) await r.handler(job.data ?? {}, { id: job.id, name: job.name });
      },
    );
    if (r.options.cron) await b.schedule(r.name, r.options.cron, {}, { tz: r.options.tz ?? 'UTC' });
  }

  async function running(): Promise<PgBoss> {
    const b = boss ?? (await starting);
    if (!b) throw new Error('the job queue is not started');
    return b;
  }

  return {
    /** Declares the handler of a job name (and its cron schedule); attached now if the queue runs, else at start. */
    async register<T extends object>(name: string, handler: JobHandler<T>, jobOptions: JobOptions = {}) {
      if (registrations.has(name)) throw new Error(`job ${name} registered twice`);
      if (jobOptions.cron && jobOptions.expireInSeconds === undefined)
        throw new Error(
          `job ${name} is scheduled (${jobOptions.cron}): give it an expireInSeconds shorter than its period`,
        );
      const registration = { name, handler: handler as JobHandler<object>, options: jobOptions };
      registrations.set(name, registration);
      if (boss) await attach(boss, registration);
    },

    /**
     * Queues a job. Inside a transaction (`trx`) the job is queued with it: committed together or not at all.
     * Answers the job id, or null when a job with the same key was already sent.
     */
    async send<T extends object>(
      name: string,
      data: T,
      sendOptions: SendOptions = {},
      trx?: Transaction<DB>,
    ): Promise<string | null> {
      const b = await running();
      const { startAfter, key } = sendOptions;
      return b.send(name, data, {
        ...(startAfter ? { startAfter } : {}),
        ...(key ? { id: uuidOf(`${name}\u0000${key}`) } : {}),
        ...(trx ? { db: executor(trx) } : {}),
      });
    },

    /** Starts pg-boss (creating its schema on first use) and every registered worker and schedule. */
    async start() {
      if (starting) return starting;
      starting = (async () => {
        // Maintenance (one process at a time) fails the jobs past their expiry: every 30 s instead of pg-boss's 2
        // minutes, so that a killed process's every-minute tick is retried within the minute after its expiry.
        const make = () => {
          const b = new PgBoss({
            db: executor(db),
            schema: 'pgboss',
            retentionDays: 7,
            maintenanceIntervalSeconds: 30,
          });
          b.on('error', (error) => log.error({ err: error }, 'job queue error'));
          return b;
        };
        // On a new database pg-boss makes its schema, and two processes starting together both try: the one that
        // loses may fail with the name taken (which pg-boss only expects as "already exists"), and starts again with
        // a new instance (a failed one does not start twice), finding the schema made.
        let b = make();
        for (let attempt = 1; ; attempt++) {
          try {
            await b.start();
            break;
          } catch (error) {
            if (!schemaRace.has((error as { code?: string }).code ?? '') || attempt >= 5) throw error;
            b = make();
          }
        }
        for (const registration of registrations.values()) await attach(b, registration);
        boss = b;
        return b;
      })();
      return starting;
    },

    /** Stops taking work and waits (up to `timeoutMs`) for running handlers to finish. */
    async stop(timeoutMs = 10_000) {
      const b = boss ?? (await starting?.catch(() => undefined));
      boss = undefined;
      starting = undefined;
      if (b) await b.stop({ graceful: true, wait: true, timeout: timeoutMs });
    },

    /**
     * Every registered queue's jobs waiting (queued or waiting to retry) and active, in one statement on pg-boss's
     * table (the metrics' tala_job_queue_depth; works whether or not this process runs workers).
     */
    async depths(): Promise<Array<{ name: string; waiting: number; active: number }>> {
      const counted = await sql<{ name: string; waiting: number; active: number }>`
        SELECT name, count(*) FILTER (WHERE state < 'active')::int AS waiting,
               count(*) FILTER (WHERE state = 'active')::int AS active
        FROM pgboss.job WHERE state <= 'active' GROUP BY name`.execute(db);
      const byName = new Map(counted.rows.map((row) => [row.name, row]));
      return [...registrations.keys()].sort().map((name) => ({
        name,
        waiting: byName.get(name)?.waiting ?? 0,
        active: byName.get(name)?.active ?? 0,
      }));
    },

    /** What each registered job was declared with (its schedule and expiry): for the tests of those declarations. */
    registered(): Array<{ name: string } & JobOptions> {
      return [...registrations.values()].map((r) => ({ name: r.name, ...r.options }));
    },

    /** Jobs of a name not yet started (queued or waiting to retry): queue depth for tests and operations. */
    async waiting(name: string) {
      return (await running()).getQueueSize(name, { before: 'active' });
    },
  };
}
