// Crash: SIGKILL during load, start again, and every acknowledged movement is there exactly once, with nothing
// half-written. Three cases: the embedded database (PGlite lives in the killed process), the application process on
// the real server, and the real PostgreSQL server itself (a private cluster, so no one else's database is harmed).
import { spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../db/database.ts';
import { postgresBin, privateCluster } from '../../testing/private-cluster.ts';
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
    currencies: [{ currency: 'PHP', total: 0 }],
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
