// Build step: an embedded database already migrated and seeded, copied into an empty DATA_DIR on first start.
// Creating a PGlite cluster (initdb) takes seconds; copying a prepared one takes milliseconds.
import fs from 'node:fs';
import path from 'node:path';
import { buildApp } from '../app.ts';
import { seedDemo } from '../seed/demo.ts';
import { openDatabase } from './database.ts';
import { migrate } from './migrate.ts';

const target = path.resolve(process.argv[2] ?? 'dist/embedded-template');
fs.rmSync(target, { recursive: true, force: true });
const database = await openDatabase({ dataDir: target });
await migrate(database.db);
const { app, services } = await buildApp({ db: database.db, serveApps: false });
await seedDemo(services);
// The job queue's own schema, so a first start need not create it.
await services.jobs.start();
await services.jobs.stop();
await app.close();
await database.close();
