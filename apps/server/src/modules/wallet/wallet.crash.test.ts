// Crash: SIGKILL during load, start again, and every acknowledged movement is there exactly once, with nothing
// half-written. Three cases: the embedded database (PGlite lives in the killed process), the application process on
// the real server, and the real PostgreSQL server itself (a private cluster, so no one else's database is harmed).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { dropDatabase } from '../../testing/test-app.ts';
import { auditService } from '../audit/audit.service.ts';
import { walletService } from './wallet.service.ts';

const worker = path.join(import.meta.dirname, 'crash-worker.ts');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/** Starts the worker, waits for `acks` acknowledged keys (or it to die), then SIGKILLs it mid-load. */
async function runAndKill(args: string[], acks: number, killAlso?: () => void) {
  const child = spawn(process.execPath, ['--import', 'tsx', worker, ...args], {
    cwd: path.resolve(import.meta.dirname, '../../..'),
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const acknowledged: string[] = [];
  let stderr = '';
  let buffer = '';
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const enough = new Promise<void>((resolve, reject) => {
    child.stdout.on('data', (chunk: Buffer) => {
      buffer += chunk.toString();
      const lines = buffer.split('\n');
      buffer = lines.pop() ?? '';
      for (const line of lines) if (line.startsWith('ack ')) acknowledged.push(line.slice(4));
      if (acknowledged.length >= acks) resolve();
    });
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    void exited.then(() => reject(new Error(`the worker exited before the kill:\n${stderr}`)));
  });
  await enough;
  if (killAlso) killAlso();
  child.kill('SIGKILL');
  await exited;
  // Lines already in the pipe when the process died are still read.
  for (const line of buffer.split('\n')) if (line.startsWith('ack ')) acknowledged.push(line.slice(4));
  return acknowledged;
}

/** Every acknowledged key is there exactly once, and the ledger's invariants hold. */
async function verify(handle: DatabaseHandle, acknowledged: string[]) {
  const db = handle.db;
  const wallet = walletService(db, auditService(db));
  const merchant = await db
    .selectFrom('merchants')
    .select('id')
    .where('code', '=', 'crash')
    .executeTakeFirstOrThrow();
  const found = await db
    .selectFrom('ledger_entries')
    .select(['idempotency_key'])
    .select((eb) => eb.fn.countAll<number>().as('copies'))
    .where('merchant_id', '=', merchant.id)
    .where('idempotency_key', 'in', acknowledged)
    .groupBy('idempotency_key')
    .execute();
  expect(acknowledged.length).toBeGreaterThan(0);
  expect(new Set(acknowledged).size).toBe(acknowledged.length);
  expect(found.length).toBe(acknowledged.length);
  expect(found.every((row) => Number(row.copies) === 1)).toBe(true);
  const report = await wallet.reconcile(merchant.id);
  expect(report).toMatchObject({
    ok: true,
    total: 0,
    unbalancedEntries: [],
    projectionMismatches: [],
    negativeMemberBalances: [],
  });
  expect(report.entries).toBeGreaterThanOrEqual(acknowledged.length);
  // A caller's two-entry transaction is never half there.
  const keys = await db
    .selectFrom('ledger_entries')
    .select('idempotency_key')
    .where('merchant_id', '=', merchant.id)
    .where('idempotency_key', 'like', '%-bet')
    .execute();
  const wins = new Set(
    (
      await db
        .selectFrom('ledger_entries')
        .select('idempotency_key')
        .where('merchant_id', '=', merchant.id)
        .where('idempotency_key', 'like', '%-win')
        .execute()
    ).map((r) => r.idempotency_key),
  );
  expect(keys.filter((k) => !wins.has(k.idempotency_key.replace(/-bet$/, '-win')))).toEqual([]);
  expect(wins.size).toBe(keys.length);
}

describe('kill -9 during load', () => {
  it('loses no acknowledged movement of the embedded database, and half-writes none', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tala-crash-'));
    cleanups.push(() => fs.rmSync(dataDir, { recursive: true, force: true }));
    const acknowledged = await runAndKill(['embedded', dataDir], 100);
    const handle = await openDatabase({ dataDir });
    try {
      await verify(handle, acknowledged);
    } finally {
      await handle.close();
    }
  }, 180_000);

  it.skipIf(!process.env.DATABASE_URL)(
    'loses nothing when the application process dies on the real server (needs DATABASE_URL)',
    async () => {
      const url = process.env.DATABASE_URL as string;
      const name = `tala_crash_${crypto.randomBytes(4).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name}`);
      await admin.end();
      cleanups.push(() => dropDatabase(url, name));
      const target = new URL(url);
      target.pathname = `/${name}`;
      const acknowledged = await runAndKill(['postgres', target.toString()], 200);
      const handle = await openDatabase({ databaseUrl: target.toString(), dataDir: null, poolSize: 4 });
      try {
        await verify(handle, acknowledged);
      } finally {
        await handle.close();
      }
    },
    120_000,
  );

  const bin = postgresBin();
  it.skipIf(!process.env.DATABASE_URL || !bin)(
    'loses nothing when the PostgreSQL server itself is killed and recovers (private cluster; needs DATABASE_URL)',
    async () => {
      const cluster = await privateCluster(bin as string);
      cleanups.push(() => cluster.destroy());
      const acknowledged = await runAndKill(['postgres', cluster.url], 200, () => cluster.kill());
      await cluster.start();
      expect(cluster.log()).toMatch(/not properly shut down; automatic recovery in progress/);
      const handle = await openDatabase({ databaseUrl: cluster.url, dataDir: null, poolSize: 4 });
      try {
        await verify(handle, acknowledged);
      } finally {
        await handle.close();
      }
    },
    240_000,
  );
});

/** The folder of the PostgreSQL server binaries (initdb, postgres), if installed. */
function postgresBin(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config: look where Debian puts the server
  }
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/**
 * A throw-away PostgreSQL cluster on a free port, run as the `postgres` user when this process is root (the server
 * refuses to run as root). `kill()` SIGKILLs the postmaster and every backend at once, like a crash.
 */
async function privateCluster(bin: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tala-pgcrash-'));
  const asUser: { uid?: number; gid?: number } = {};
  if (process.getuid?.() === 0) {
    asUser.uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
    asUser.gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
    fs.chownSync(dir, asUser.uid, asUser.gid);
  }
  const data = path.join(dir, 'data');
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '-A', 'trust', '-N', '-E', 'UTF8', '--locale=C'],
    {
      ...asUser,
      stdio: 'ignore',
    },
  );
  const log = path.join(dir, 'server.log');
  const port = await freePort();
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let server: ChildProcess | undefined;

  /**
   * Starts the server and waits until it answers a query. Crash recovery first fsyncs the whole data folder, which on
   * a machine busy with other tests can take many seconds, so the wait is bounded by the server itself: while it
   * runs we keep waiting (up to `deadlineMs`); if it exits (say it still found the old server's shared memory in
   * use), it is started again a few times before giving up, and the error carries the server's log.
   */
  const start = async (deadlineMs = 100_000) => {
    const until = Date.now() + deadlineMs;
    for (let attempt = 1; ; attempt++) {
      const logFd = fs.openSync(log, 'a');
      const child = spawn(
        path.join(bin, 'postgres'),
        [
          '-D',
          data,
          '-p',
          String(port),
          '-c',
          'listen_addresses=127.0.0.1',
          '-c',
          `unix_socket_directories=${dir}`,
          '-c',
          'max_connections=40',
          '-c',
          'fsync=on',
        ],
        { ...asUser, detached: true, stdio: ['ignore', 'ignore', logFd] },
      );
      server = child;
      fs.closeSync(logFd);
      while (child.exitCode === null && child.signalCode === null && Date.now() < until) {
        const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
        try {
          await client.connect();
          await client.query('SELECT 1');
          await client.end();
          return;
        } catch {
          await client.end().catch(() => undefined);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
      }
      const exited = child.exitCode !== null || child.signalCode !== null;
      if (!exited || attempt >= 5 || Date.now() >= until) {
        throw new Error(
          `the private PostgreSQL cluster did not start (${exited ? `it exited, attempt ${attempt}` : `still starting after ${deadlineMs / 1000} s`}); its log ends:\n${fs.readFileSync(log, 'utf8').slice(-3000)}`,
        );
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    }
  };

  const kill = () => {
    // The postmaster and its backends share its process group.
    if (server?.pid) process.kill(-server.pid, 'SIGKILL');
  };

  const destroy = async () => {
    if (server?.pid && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      process.kill(-server.pid, 'SIGQUIT');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  await start();
  return {
    url,
    log: () => fs.readFileSync(log, 'utf8'),
    kill,
    destroy,
    start: async () => {
      // Wait until the killed processes are gone, then start on the same data: crash recovery replays the WAL.
      if (server && server.exitCode === null && server.signalCode === null) {
        await new Promise((resolve) => server?.once('exit', resolve));
      }
      const group = server?.pid;
      for (let i = 0; group && i < 50; i++) {
        try {
          process.kill(-group, 0);
          await new Promise((resolve) => setTimeout(resolve, 100));
        } catch {
          break; // no process of the old server is left
        }
      }
      await start();
    },
  };
}

/**
 * A loopback port below the kernel's ephemeral range (so no outgoing connection takes it while the server is down
 * between the kill and the restart) that nothing listens on now.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 5400 + Math.floor(Math.random() * 500);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
