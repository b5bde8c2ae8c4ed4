import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { buildApp } from '../app.ts';
import { openDatabase } from '../db/database.ts';
import { migrate } from '../db/migrate.ts';
import { seedDemo } from '../seed/demo.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated and seeded database to copy for each test file: a template database, or a dumped PGlite. */
    seeded: { kind: 'postgres'; template: string } | { kind: 'embedded'; dump: string } | null;
  }
}

/** The catalogue size of the seeded copy: testApp's default. */
export const seededCatalogueScale = 0.03;

/**
 * Migrates and seeds one database for the whole run, which every test file's testApp copies (a `CREATE DATABASE …
 * TEMPLATE` on the real server, a dumped data folder loaded into PGlite) instead of migrating and seeding its own:
 * that work was over a third of the unit tests' time. Torn down at the end of the run.
 */
export default async function setup(project: TestProject) {
  const env = project.config.env ?? {};
  const url = 'DATABASE_URL' in env ? env.DATABASE_URL : process.env.DATABASE_URL;
  const seed = async (handle: Awaited<ReturnType<typeof openDatabase>>) => {
    await migrate(handle.db);
    const built = await buildApp({
      db: handle.db,
      serveApps: false,
      trustProxy: false,
      logger: false,
      simulatorUrl: () => 'http://vendor-simulator.test',
    });
    await seedDemo(built.services, { catalogueScale: seededCatalogueScale });
    await built.app.close();
  };

  if (url) {
    const template = `tala_seeded_${crypto.randomBytes(5).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${template}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${template}`;
    const handle = await openDatabase({ databaseUrl: target.toString(), dataDir: null });
    try {
      await seed(handle);
    } finally {
      await handle.close();
    }
    project.provide('seeded', { kind: 'postgres', template });
    return async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      await client.query(`DROP DATABASE IF EXISTS ${template} WITH (FORCE)`);
      await client.end();
    };
  }

  const handle = await openDatabase({ dataDir: null });
  let dump: Blob;
  try {
    await seed(handle);
    if (!handle.dump) throw new Error('an embedded database can be dumped');
    dump = await handle.dump();
  } finally {
    await handle.close();
  }
  const file = path.join(os.tmpdir(), `tala-seeded-${crypto.randomBytes(5).toString('hex')}.tar`);
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('seeded', { kind: 'embedded', dump: file });
  return () => fs.rmSync(file, { force: true });
}
