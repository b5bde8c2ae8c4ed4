import path from 'node:path';
import { z } from 'zod';

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65_535).default(3000),
  HOST: z.string().min(1).default('127.0.0.1'),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_REPLICA_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_DIRECT_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, 'must start with postgres:// or postgresql://')
    .optional(),
  DATABASE_REPLICA_MAX_LAG_S: z.coerce.number().int().min(1).max(3600).default(30),
  DATA_DIR: z.string().min(1).default('./.data'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  VENDOR_SIMULATOR: z.enum(['true', 'false']).default('true'),
  ADMIN_SIGN_INS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  LEDGER_BATCH_SLOTS: z.coerce.number().int().min(1).max(64).default(2),
  CHANGE_RELAY: z.enum(['postgres', 'off']).default('postgres'),
  REALITY_CHECK_MINUTE_MS: z.coerce.number().int().min(100).max(60_000).default(60_000),
});

export type Config = {
  port: number;
  host: string;
  databaseUrl: string | undefined;
  /**
   * A streaming read replica of DATABASE_URL's database: back-office reports, exports and lists that tolerate a few
   * seconds of lag read from it (decision 062). Unset: they read the primary.
   */
  databaseReplicaUrl: string | undefined;
  /**
   * A direct (not pooled) connection to the primary, for what needs a session of its own: the change relay's
   * LISTEN. Set it when DATABASE_URL goes through PgBouncer in transaction mode; unset, DATABASE_URL is used.
   */
  databaseDirectUrl: string | undefined;
  /** Replication lag past which the replica's readers go to the primary instead (seconds). */
  replicaMaxLagSeconds: number;
  dataDir: string;
  logLevel: z.infer<typeof schema>['LOG_LEVEL'];
  trustProxy: boolean;
  seedDemo: boolean;
  /** Run the in-repo game-vendor simulator for vendors without a real integration. */
  vendorSimulator: boolean;
  /** Back-office sign-in attempts allowed per visitor address and minute. */
  adminSignInsPerMinute: number;
  /** Ledger batches in flight at once (the group commit's slots; about the database server's cores). */
  ledgerBatchSlots: number;
  /**
   * Whether the in-memory caches (sessions, counts) hear the other processes' changes through PostgreSQL
   * LISTEN/NOTIFY (with DATABASE_URL only; the embedded database serves one process).
   */
  changeRelay: boolean;
  /** How long a minute of the reality-check intervals lasts: 60,000 ms; browser tests shorten it (decision 049). */
  realityCheckMinuteMs: number;
};

export class ConfigError extends Error {}

/** Reads the environment; a wrong setting throws an error that names it. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const present = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const parsed = schema.safeParse(present);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((issue) => {
      const name = String(issue.path[0]);
      return `  ${name}=${JSON.stringify(env[name])}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const c = parsed.data;
  // A replica or a direct connection of a database that is not named: PGlite has neither.
  const orphans = (['DATABASE_REPLICA_URL', 'DATABASE_DIRECT_URL'] as const).filter(
    (name) => c[name] && !c.DATABASE_URL,
  );
  if (orphans.length > 0) {
    throw new ConfigError(
      `Invalid configuration:\n${orphans
        .map(
          (name) =>
            `  ${name} is set but DATABASE_URL is not: it names a second connection to DATABASE_URL's database`,
        )
        .join('\n')}`,
    );
  }
  return {
    port: c.PORT,
    host: c.HOST,
    databaseUrl: c.DATABASE_URL,
    databaseReplicaUrl: c.DATABASE_REPLICA_URL,
    databaseDirectUrl: c.DATABASE_DIRECT_URL,
    replicaMaxLagSeconds: c.DATABASE_REPLICA_MAX_LAG_S,
    dataDir: path.resolve(c.DATA_DIR),
    logLevel: c.LOG_LEVEL,
    trustProxy: c.TRUST_PROXY === 'true',
    seedDemo: c.SEED_DEMO === 'true',
    vendorSimulator: c.VENDOR_SIMULATOR === 'true',
    adminSignInsPerMinute: c.ADMIN_SIGN_INS_PER_MINUTE,
    ledgerBatchSlots: c.LEDGER_BATCH_SLOTS,
    changeRelay: c.CHANGE_RELAY === 'postgres',
    realityCheckMinuteMs: c.REALITY_CHECK_MINUTE_MS,
  };
}
