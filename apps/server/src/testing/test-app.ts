import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll } from 'vitest';
import { buildApp } from '../app.ts';
import { type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemo } from '../seed/demo.ts';

/**
 * A fresh, migrated and seeded database for one test file: a new database on the real PostgreSQL server when
 * DATABASE_URL is set (CI), else an in-memory PGlite. Closed and dropped after the file.
 */
export async function freshDatabase(): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) return openDatabase({ dataDir: null });
  const name = `tala_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: target.toString(), dataDir: null, poolSize: 40 });
  return {
    ...handle,
    close: async () => {
      await handle.close();
      await dropDatabase(url, name);
    },
  };
}

/**
 * Drops a test database once its last connections have gone. A pool's clients may still be saying goodbye after
 * end(); a forced drop would kill them mid-way and their 'terminating connection' errors would surface in whichever
 * test file runs next, so this waits for them and forces only after five seconds.
 */
export async function dropDatabase(serverUrl: string, name: string) {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        await client.query(`DROP DATABASE IF EXISTS ${name}${attempt >= 100 ? ' WITH (FORCE)' : ''}`);
        return;
      } catch (error) {
        if ((error as { code?: string }).code !== '55006' || attempt >= 100) throw error;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
  } finally {
    await client.end();
  }
}

/** The whole server on a fresh seeded database, for `app.inject` tests; torn down after the file. */
export async function testApp(options: { catalogueScale?: number; trustProxy?: boolean } = {}) {
  const database = await freshDatabase();
  await migrate(database.db);
  // Launch addresses of simulated vendors point here; route tests call the vendor API directly.
  const built = await buildApp({
    db: database.db,
    serveApps: false,
    trustProxy: options.trustProxy ?? false,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    simulatorUrl: () => 'http://vendor-simulator.test',
  });
  // A small catalogue of the same shape keeps test files fast; the full 10,000 games are seeded by `npm start`.
  await seedDemo(built.services, { catalogueScale: options.catalogueScale ?? 0.03 });
  afterAll(async () => {
    await built.app.close();
    await database.close();
  });
  return { ...built, database };
}

/** Logs in a demo operator and returns the Authorization header value. */
export async function operatorAuth(
  app: Awaited<ReturnType<typeof testApp>>['app'],
  username: string,
  password: string,
) {
  const response = await app.inject({
    method: 'POST',
    url: '/admin-api/session',
    payload: { username, password },
  });
  return `Bearer ${response.json().value.token as string}`;
}
