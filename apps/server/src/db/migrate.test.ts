// Two servers starting together on a fresh database: one migrates, the other waits for it instead of racing
// (a race fails on the second CREATE TABLE or applies a migration twice).
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { dropDatabase } from '../testing/test-app.ts';
import { openDatabase } from './database.ts';
import { migrate, migrationNames, pendingMigrations } from './migrate.ts';

const url = process.env.DATABASE_URL;
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

describe('migrate', () => {
  it.skipIf(!url)('lets a second migrator wait for the first on a fresh database', async () => {
    const name = `tala_migrate_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${name}`);
    await admin.end();
    cleanups.push(() => dropDatabase(url as string, name));
    const target = new URL(url as string);
    target.pathname = `/${name}`;
    // Two pools are two processes as far as PostgreSQL's locks go: separate sessions.
    const first = await openDatabase({ databaseUrl: target.toString(), dataDir: null, poolSize: 2 });
    const second = await openDatabase({ databaseUrl: target.toString(), dataDir: null, poolSize: 2 });
    cleanups.push(
      () => first.close(),
      () => second.close(),
    );

    const all = migrationNames();
    expect(await pendingMigrations(first.db, all)).toEqual(all);
    const waits: string[] = [];
    const [a, b] = await Promise.all([
      migrate(first.db, { onWait: (message) => waits.push(`first: ${message}`) }),
      migrate(second.db, { onWait: (message) => waits.push(`second: ${message}`) }),
    ]);
    // One applied everything, in order; the other waited, then found nothing to do, and said so.
    expect([a, b].sort((x, y) => y.length - x.length)).toEqual([all, []]);
    expect(waits).toHaveLength(1);
    expect(waits[0]).toMatch(/waiting for it to finish/);
    expect(await pendingMigrations(second.db, all)).toEqual([]);
    expect(await migrate(first.db)).toEqual([]);
  });
});
