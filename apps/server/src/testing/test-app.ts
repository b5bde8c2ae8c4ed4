import crypto from 'node:crypto';
import fs from 'node:fs';
import pg from 'pg';
import { afterAll, inject, type ProvidedContext } from 'vitest';
import { buildApp } from '../app.ts';
import { type Database, type DatabaseHandle, openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import type { RateLimits } from '../lib/rate-limits.ts';
import { signedHeaders } from '../lib/vendor-signature.ts';
import { currentCode } from '../modules/totp/totp.service.ts';
import { demoTotpKey, seedDemo } from '../seed/demo.ts';
import { seededCatalogueScale } from './global-setup.ts';
import { settle } from './server-process.ts';

/**
 * A fresh, migrated and seeded database for one test file: a new database on the real PostgreSQL server when
 * DATABASE_URL is set (CI), else an in-memory PGlite. Closed and dropped after the file.
 */
export async function freshDatabase(from?: ProvidedContext['seeded']): Promise<DatabaseHandle> {
  const url = process.env.DATABASE_URL;
  if (!url) {
    const load = from?.kind === 'embedded' ? new Blob([fs.readFileSync(from.dump)]) : undefined;
    return openDatabase({ dataDir: null, load });
  }
  const name = `tala_test_${crypto.randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  const template = from?.kind === 'postgres' ? ` TEMPLATE ${from.template}` : '';
  await admin.query(`CREATE DATABASE ${name}${template}`);
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

/**
 * The whole server on a fresh seeded database, for `app.inject` tests; torn down after the file. The database is a
 * copy of the one the run's global setup migrated and seeded (global-setup.ts), unless the file asks for another
 * catalogue size or runs without that setup.
 */
export async function testApp(
  options: {
    catalogueScale?: number;
    trustProxy?: boolean | string;
    metricsToken?: string;
    /** Where the rate limits count (this process's memory unless given: multi-process tests share them). */
    rateLimits?: (db: Database) => Promise<RateLimits>;
  } = {},
) {
  const catalogueScale = options.catalogueScale ?? seededCatalogueScale;
  const seeded = catalogueScale === seededCatalogueScale ? inject('seeded') : null;
  const database = await freshDatabase(seeded ?? undefined);
  if (!seeded) await migrate(database.db);
  // Launch addresses of simulated vendors point here; route tests call the vendor API directly.
  const built = await buildApp({
    db: database.db,
    serveApps: false,
    trustProxy: options.trustProxy ?? false,
    poolStats: database.poolStats,
    metricsToken: options.metricsToken,
    logger: process.env.TEST_LOG ? { level: 'error' } : false,
    simulatorUrl: () => 'http://vendor-simulator.test',
    ...(options.rateLimits ? { rateLimits: await options.rateLimits(database.db) } : {}),
  });
  // A small catalogue of the same shape keeps test files fast; the full 10,000 games are seeded by `npm start`.
  if (!seeded) await seedDemo(built.services, { catalogueScale });
  afterAll(async () => {
    await settle('closing the app', built.app.close(), 20_000);
    await database.close();
  });
  return { ...built, database };
}

const rememberedBrowsers = new WeakMap<object, Map<string, string>>();

/**
 * Signs an operator in and returns the Authorization header value. Owner and finance use the demo's published
 * authenticator keys: the first sign-in per app passes the code and asks to be remembered, later ones send the
 * remembered-browser cookie (an authenticator code is accepted once, so each sign-in cannot use a fresh one).
 */
export async function operatorAuth(
  app: Awaited<ReturnType<typeof testApp>>['app'],
  username: string,
  password: string,
) {
  const browsers = rememberedBrowsers.get(app) ?? new Map<string, string>();
  rememberedBrowsers.set(app, browsers);
  const cookie = browsers.get(username);
  const signIn = (payload: object) =>
    app.inject({
      method: 'POST',
      url: '/admin-api/session',
      payload: { username, password, ...payload },
      headers: cookie ? { cookie } : {},
    });
  let response = await signIn({});
  if (response.json().value?.status === 'code_required') {
    const key = demoTotpKey(username);
    if (!key) throw new Error(`${username} has an authenticator the tests do not know`);
    response = await signIn({ code: currentCode(key), rememberDevice: true });
    const set = String(response.headers['set-cookie'] ?? '');
    browsers.set(username, set.split(';')[0] as string);
  }
  const token = response.json().value?.token;
  if (!token) throw new Error(`sign-in of ${username} failed: ${response.body}`);
  return `Bearer ${token as string}`;
}

/**
 * A simulated game vendor's signed calls to the seamless wallet (`POST /vendor-api/<vendor>/<path>`), as the vendor's
 * server makes them: its simulated credentials are made if missing.
 */
export async function vendorCaller(
  built: Pick<Awaited<ReturnType<typeof testApp>>, 'app' | 'services'>,
  vendorCode = 'MABUHAY',
) {
  const { secret } = (await built.services.seamless.ensureSimulatedCredentials([vendorCode])).find(
    (c) => c.vendorCode === vendorCode,
  ) as { secret: string };
  return (path: string, body: unknown) => {
    const raw = JSON.stringify(body);
    return built.app.inject({
      method: 'POST',
      url: `/vendor-api/${vendorCode}/${path}`,
      headers: signedHeaders(secret, raw),
      payload: raw,
    });
  };
}
