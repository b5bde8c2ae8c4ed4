import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { sql } from 'kysely';
import pg from 'pg';
import type { Database } from '../apps/server/src/db/database.ts';

/** What every bench file gets: the real PostgreSQL server to measure against (and run pgbench on). */
export type BenchContext = { postgresUrl: string; root: string };
export type BenchSection = { title: string; markdown: string };
export type Bench = (ctx: BenchContext) => Promise<BenchSection>;

export const root = path.resolve(import.meta.dirname, '..');

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** A new empty database on the real server; dropped by the returned function. */
export async function scratchDatabase(postgresUrl: string, prefix: string) {
  const name = `${prefix}_${crypto.randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: postgresUrl });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(postgresUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: postgresUrl });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

/** Starts the built server; resolves once /healthz answers, with the milliseconds that took. */
export async function startServer(
  env: Record<string, string>,
): Promise<{ baseUrl: string; child: ChildProcess; readyMs: number; stop: () => Promise<void> }> {
  const port = 6100 + Math.floor(Math.random() * 800);
  const dataDir = env.DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'tala-bench-'));
  const started = performance.now();
  const child = spawn(process.execPath, [path.join(root, 'apps/server/dist/main.js')], {
    env: {
      ...process.env,
      PORT: String(port),
      LOG_LEVEL: 'warn',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('server exited during start');
    try {
      if ((await fetch(`${baseUrl}/healthz`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  const readyMs = performance.now() - started;
  return {
    baseUrl,
    child,
    readyMs,
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
    },
  };
}

/** Requests per second and latency percentiles of one autocannon run. */
export async function load(options: {
  url: string;
  connections: number;
  seconds: number;
  headers?: Record<string, string>;
  rate?: number;
}) {
  const result = await autocannon({
    url: options.url,
    connections: options.connections,
    duration: options.seconds,
    headers: options.headers ?? {},
    ...(options.rate ? { overallRate: options.rate } : {}),
  });
  if (result.non2xx > 0 || result.errors > 0)
    throw new Error(`${options.url}: ${result.non2xx} non-2xx, ${result.errors} errors`);
  return { rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

let clockTicks: number | undefined;
export type CpuSnapshot = { postgres: Map<number, number>; other: number; self: number };

/**
 * CPU seconds used so far (Linux /proc): by each PostgreSQL server process, by the process `pid`, and by this one.
 * Differences over a run (`cpuUsedBetween`), divided by the work done, say which process spends the cores on it.
 */
export function cpuSeconds(pid?: number): CpuSnapshot {
  clockTicks ??= Number(execFileSync('getconf', ['CLK_TCK']).toString()) || 100;
  const postgres = new Map<number, number>();
  let other = 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
    // After the name: state is field 3, utime and stime fields 14 and 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const used = (Number(fields[11]) + Number(fields[12])) / clockTicks;
    if (name === 'postgres') postgres.set(Number(entry), used);
    else if (Number(entry) === pid) other += used;
  }
  const own = process.cpuUsage();
  return { postgres, other, self: (own.user + own.system) / 1e6 };
}

/**
 * CPU seconds used between two snapshots. PostgreSQL's are summed over the server processes alive at the end (a
 * connection closed meanwhile, say by a pool's idle timeout, would otherwise take its whole life's CPU off the sum).
 */
export function cpuUsedBetween(before: CpuSnapshot, after: CpuSnapshot) {
  let postgres = 0;
  for (const [pid, used] of after.postgres) postgres += used - (before.postgres.get(pid) ?? 0);
  return { postgres, other: after.other - before.other, self: after.self - before.self };
}

/** Runs `work` for 0..count-1, `width` at a time. */
export async function inParallel(count: number, width: number, work: (i: number) => Promise<void>) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      for (let i = next++; i < count; i = next++) await work(i);
    }),
  );
}

/**
 * A member's calls to the server over kept-alive HTTP connections (at most `width` open), as a site's players make
 * them: `call(method, path, token, body)` answers the status and the parsed body. `close()` ends the connections.
 */
export function memberCaller(baseUrl: string, width: number, merchant = 'tala') {
  const target = new URL(baseUrl);
  const agent = new Agent({ keepAlive: true, maxSockets: width });
  const call = (method: 'GET' | 'POST', path: string, token: string, body?: object) =>
    new Promise<{ status: number; json: { value?: unknown; errorCode?: string } }>((resolve, reject) => {
      const raw = body === undefined ? undefined : JSON.stringify(body);
      const req = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path,
          method,
          agent,
          headers: {
            merchant,
            authorization: token,
            ...(raw === undefined
              ? {}
              : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(raw) }),
          },
        },
        (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => {
            text += chunk;
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, json: JSON.parse(text) }));
        },
      );
      req.on('error', reject);
      req.end(raw);
    });
  return { call, close: () => agent.destroy() };
}

/**
 * This machine's PostgreSQL runs with autovacuum off; a real server vacuums a hot table every minute or so (a balance
 * row is updated by every entry, so the ledger's balance rows leave hundreds of thousands of dead versions over a
 * run, and every posting walks them). A bench that posts for minutes does autovacuum's work itself: `vacuum()` (the
 * whole database, or the tables named) before each measured phase, and the balance rows every ten seconds until
 * `stop()`.
 */
export function ledgerVacuum(db: Database) {
  const vacuum = (tables = '') => sql.raw(`VACUUM ANALYZE ${tables}`).execute(db);
  let running = true;
  const loop = (async () => {
    while (running) {
      await new Promise((resolve) => setTimeout(resolve, 10_000));
      if (running) await vacuum('ledger_balances');
    }
  })();
  return {
    vacuum,
    stop: async () => {
      running = false;
      await loop;
    },
  };
}
