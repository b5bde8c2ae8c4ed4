import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { sql } from 'kysely';
import type { Database } from './database.ts';

/** The advisory lock every migrator holds for its whole run (any bigint that nothing else uses). */
const MIGRATION_LOCK = 7243001;

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

/** The names of this build's migrations, in the order they apply. */
export function migrationNames(): string[] {
  return fs
    .readdirSync(migrationsDir())
    .filter((name) => /^\d{3}_[\w-]+\.sql$/.test(name))
    .sort();
}

/**
 * Applies every numbered plain-SQL migration not yet applied, each in its own transaction, in order.
 *
 * The whole run holds a session-level advisory lock on one connection, so servers that start together never race:
 * the first migrates, the others wait for it (told through `onWait`) and then find nothing left to do. A process
 * that dies mid-way loses its connection and with it the lock; the migration it was applying rolls back.
 */
export async function migrate(
  db: Database,
  options: { onWait?: (message: string) => void } = {},
): Promise<string[]> {
  const dir = migrationsDir();
  const files = migrationNames();
  return db.connection().execute(async (conn) => {
    const tried = await sql<{
      locked: boolean;
    }>`SELECT pg_try_advisory_lock(${MIGRATION_LOCK}) AS locked`.execute(conn);
    if (!tried.rows[0]?.locked) {
      options.onWait?.('another process is migrating the database: waiting for it to finish');
      await sql`SELECT pg_advisory_lock(${MIGRATION_LOCK})`.execute(conn);
    }
    try {
      await sql`CREATE TABLE IF NOT EXISTS schema_migrations (
        name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`.execute(conn);
      const seen = new Set(
        (await sql<{ name: string }>`SELECT name FROM schema_migrations`.execute(conn)).rows.map(
          (r) => r.name,
        ),
      );
      const applied: string[] = [];
      for (const name of files) {
        if (seen.has(name)) continue;
        await conn.transaction().execute(async (trx) => {
          await sql.raw(fs.readFileSync(path.join(dir, name), 'utf8')).execute(trx);
          await sql`INSERT INTO schema_migrations (name) VALUES (${name})`.execute(trx);
        });
        applied.push(name);
      }
      return applied;
    } finally {
      // A broken connection has released the lock already.
      await sql`SELECT pg_advisory_unlock(${MIGRATION_LOCK})`.execute(conn).catch(() => undefined);
    }
  });
}

/** This build's migrations that the database has not applied (none: the schema is current for this build). */
export async function pendingMigrations(db: Database, names: string[]): Promise<string[]> {
  const table = await sql<{
    found: string | null;
  }>`SELECT to_regclass('schema_migrations')::text AS found`.execute(db);
  if (!table.rows[0]?.found) return names;
  const applied = await sql<{
    name: string;
  }>`SELECT name FROM schema_migrations WHERE name = ANY(${names})`.execute(db);
  const done = new Set(applied.rows.map((r) => r.name));
  return names.filter((name) => !done.has(name));
}
