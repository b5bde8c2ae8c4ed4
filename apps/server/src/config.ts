import net from 'node:net';
import path from 'node:path';
import { z } from 'zod';

/** proxy-addr's names for address ranges, which Fastify's trustProxy list accepts beside addresses and CIDRs. */
const RANGE_NAMES = ['loopback', 'linklocal', 'uniquelocal'];

/** Where a reverse proxy normally sits: what `TRUST_PROXY=true` trusts. */
export const PRIVATE_HOPS = 'loopback,linklocal,uniquelocal';

/** One entry of a TRUST_PROXY list: an address, a CIDR range, or one of proxy-addr's range names. */
function trustedHop(entry: string): boolean {
  if (RANGE_NAMES.includes(entry)) return true;
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}

const trustProxySetting = z
  .string()
  .transform((value) => value.trim())
  .superRefine((value, context) => {
    if (value === 'true' || value === 'false') return;
    const wrong = value
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => !trustedHop(entry));
    if (wrong.length > 0) {
      context.addIssue({
        code: 'custom',
        message: `must be false, true (the loopback and private networks) or a comma-separated list of the proxies' addresses, CIDR ranges or loopback/linklocal/uniquelocal; not an address: ${wrong.map((w) => JSON.stringify(w)).join(', ')}`,
      });
    }
  });

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
  TRUST_PROXY: trustProxySetting.default('false'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  VENDOR_SIMULATOR: z.enum(['true', 'false']).default('true'),
  ADMIN_SIGN_INS_PER_MINUTE: z.coerce.number().int().min(1).max(100_000).default(20),
  LEDGER_BATCH_SLOTS: z.coerce.number().int().min(1).max(64).default(2),
  CHANGE_RELAY: z.enum(['postgres', 'off']).default('postgres'),
  REDIS_URL: z
    .string()
    .regex(/^rediss?:\/\//, 'must start with redis:// or rediss://')
    .optional(),
  REALITY_CHECK_MINUTE_MS: z.coerce.number().int().min(100).max(60_000).default(60_000),
  METRICS_PORT: z.coerce.number().int().min(0).max(65_535).optional(),
  METRICS_HOST: z.string().min(1).optional(),
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(1_000).max(600_000).default(10_000),
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
  /**
   * Which hops' X-Forwarded-For (and -Proto, -Host) to believe: false (none: the socket's peer is the visitor), or a
   * list of the proxies' addresses for Fastify's trustProxy (`TRUST_PROXY=true` is the loopback and private networks).
   * Never "every hop": then a visitor's own X-Forwarded-For, which a proxy appends to, would name any address.
   */
  trustProxy: false | string;
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
  /**
   * Where the rate limits count (decision 064): Redis when set; otherwise the database's rate_limits table with
   * DATABASE_URL, or this process's memory on the embedded database (one process). A Redis that does not answer is
   * logged and PostgreSQL counts until it does.
   */
  redisUrl: string | undefined;
  /** How long a minute of the reality-check intervals lasts: 60,000 ms; browser tests shorten it (decision 049). */
  realityCheckMinuteMs: number;
  /**
   * Prometheus metrics (decisions/065-operations.md): on their own listener at this port when set; otherwise at
   * /metrics of the main port with `Authorization: Bearer <metricsToken>` when a token is set; otherwise not served.
   */
  metrics: { port: number | undefined; host: string; token: string | undefined };
  /** How long a SIGTERM waits for requests, sockets and jobs to finish before the process exits anyway. */
  shutdownTimeoutMs: number;
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
    trustProxy: c.TRUST_PROXY === 'false' ? false : c.TRUST_PROXY === 'true' ? PRIVATE_HOPS : c.TRUST_PROXY,
    seedDemo: c.SEED_DEMO === 'true',
    vendorSimulator: c.VENDOR_SIMULATOR === 'true',
    adminSignInsPerMinute: c.ADMIN_SIGN_INS_PER_MINUTE,
    ledgerBatchSlots: c.LEDGER_BATCH_SLOTS,
    changeRelay: c.CHANGE_RELAY === 'postgres',
    redisUrl: c.REDIS_URL,
    realityCheckMinuteMs: c.REALITY_CHECK_MINUTE_MS,
    metrics: { port: c.METRICS_PORT, host: c.METRICS_HOST ?? c.HOST, token: c.METRICS_TOKEN },
    shutdownTimeoutMs: c.SHUTDOWN_TIMEOUT_MS,
  };
}
