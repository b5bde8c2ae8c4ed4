import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.ts';

/** The migrations folder, found from this file in the source tree and from the bundle in dist/. */
function migrationsDir(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  for (let i = 0; i < 5; i++) {
    const candidate = path.join(dir, 'migrations');
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  throw new Error('migrations folder not found');
}

/** Applies every numbered plain-SQL migration not yet applied, each in its own transaction, in order. */
export async function migrate(db: Database): Promise<string[]> {
  const dir = migrationsDir();
  const files = fs
    .readdirSync(dir)
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort();
  await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
    name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(db);
  const applied: string[] = [];
  for (const name of files) {
    const done = await db.transaction().execute(async (trx) => {
      // One migrator at a time, even with several servers starting together.
      await sql`SELECT pg_advisory_xact_lock(7243001)`.execute(trx);
      const seen = await sql<{
        name: string;
      }>`SELECT name FROM schema_migrations WHERE name = ${name}`.execute(trx);
      if (seen.rows.length > 0) return false;
      await sql.raw(fs.readFileSync(path.join(dir, name), 'utf8')).execute(trx);
      await sql`INSERT INTO schema_migrations (name) VALUES (${name})`.execute(trx);
      return true;
    });
    if (done) applied.push(name);
  }
  return applied;
}
