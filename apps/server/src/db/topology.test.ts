import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../testing/test-app.ts';
import type { DatabaseHandle } from './database.ts';
import { migrate } from './migrate.ts';
import { tablePlacement } from './topology.ts';

// Decision 063: every table of the migrated (and seeded) schema is placed for sharding by merchant, every table to be
// distributed by merchant carries the key, and every child table gets it from its parent on insert through the
// triggers of migrations 081 and 083 when the writer does not give it.
describe('the schema sharded by merchant', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    const seeded = inject('seeded');
    database = await freshDatabase(seeded ?? undefined);
    if (!seeded) await migrate(database.db);
  }, 60_000);
  afterAll(async () => database?.close());

  const columns = async () =>
    (
      await sql<{ table: string; nullable: boolean | null }>`
        SELECT t.table_name AS "table", (c.is_nullable = 'YES') AS nullable
          FROM information_schema.tables t
          LEFT JOIN information_schema.columns c
            ON c.table_schema = t.table_schema AND c.table_name = t.table_name AND c.column_name = 'merchant_id'
         WHERE t.table_schema = 'public' AND t.table_type = 'BASE TABLE'
         ORDER BY 1`.execute(database.db)
    ).rows;

  it('places every table, and only tables that exist', async () => {
    const tables = (await columns()).map((row) => row.table);
    expect(tables.filter((table) => !(table in tablePlacement))).toEqual([]);
    expect(Object.keys(tablePlacement).filter((table) => !tables.includes(table))).toEqual([]);
  });

  it('gives every distributed table its merchant_id, not null unless the decision says why', async () => {
    const wrong = (await columns())
      .filter((row) => tablePlacement[row.table]?.kind === 'distributed')
      .flatMap((row) => {
        const placement = tablePlacement[row.table] as { nullableKey?: string };
        if (row.nullable === null) return [`${row.table}: no merchant_id`];
        if (row.nullable && !placement.nullableKey) return [`${row.table}: merchant_id may be null`];
        return [];
      });
    expect(wrong).toEqual([]);
  });

  const children = Object.entries(tablePlacement).flatMap(([table, placement]) =>
    placement.kind === 'distributed' && placement.from
      ? [{ table, from: placement.from, keyWrittenBy: placement.keyWrittenBy }]
      : [],
  );

  it("fills a child row's key from its parent when the writer does not give it, and keeps one it gives", async () => {
    // Every child table is written the way a writer that does not know the merchant would: only the column naming
    // its parent. Parents are made with a merchant of their own, their other columns relaxed (and foreign keys not
    // checked) so that no table needs a hand-written row; a last BEFORE INSERT trigger records the key the merchant
    // key's trigger left and drops the row, so the child's other columns are never checked either. All of it is
    // rolled back.
    const seen: { table: string; by: string; given: number | null; merchant: number | null }[] = [];
    const want: typeof seen = [];
    const rolledBack = new Error('rolled back');
    const run = database.db.transaction().execute(async (trx) => {
      const parents = new Map<string, { id: string; merchant: number }>();
      await sql`SET LOCAL session_replication_role = replica`.execute(trx);
      for (const parent of new Set(children.flatMap((c) => c.from.map((f) => f.table)))) {
        const { rows: relax } = await sql<{ statement: string }>`
          SELECT format('ALTER TABLE %I ALTER COLUMN %I DROP NOT NULL', ${parent}::text, a.attname) AS statement
            FROM pg_attribute a
           WHERE a.attrelid = ${parent}::regclass AND a.attnum > 0 AND NOT a.attisdropped AND a.attnotnull
             AND a.attname <> 'merchant_id'
             AND NOT EXISTS (SELECT 1 FROM pg_index i WHERE i.indrelid = a.attrelid AND i.indisprimary
                                                        AND a.attnum = ANY (i.indkey))
          UNION ALL
          SELECT format('ALTER TABLE %I DROP CONSTRAINT %I', ${parent}::text, c.conname)
            FROM pg_constraint c WHERE c.conrelid = ${parent}::regclass AND c.contype = 'c'`.execute(trx);
        for (const { statement } of relax) await sql.raw(statement).execute(trx);
        const merchant = 9_000 + parents.size;
        const { rows } = await sql<{ id: string }>`
          INSERT INTO ${sql.table(parent)} (merchant_id) VALUES (${merchant}) RETURNING id::text AS id`.execute(
          trx,
        );
        parents.set(parent, { id: rows[0]?.id as string, merchant });
      }
      await sql`SET LOCAL session_replication_role = origin`.execute(trx);
      await sql`CREATE TABLE merchant_key_seen (n serial, tbl text, merchant integer)`.execute(trx);
      await sql`
        CREATE FUNCTION merchant_key_probe() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN
          INSERT INTO merchant_key_seen (tbl, merchant) VALUES (TG_TABLE_NAME, NEW.merchant_id);
          RETURN NULL;
        END $$`.execute(trx);
      const written: { by: string; given: number | null }[] = [];
      for (const child of children) {
        // Triggers of one event fire in the order of their names: this one after `<table>_merchant_key`.
        await sql`CREATE TRIGGER zzz_merchant_key_probe BEFORE INSERT ON ${sql.table(child.table)}
                  FOR EACH ROW EXECUTE FUNCTION merchant_key_probe()`.execute(trx);
        for (const { table, by } of child.from) {
          const parent = parents.get(table) as { id: string; merchant: number };
          for (const given of [null, 77]) {
            await sql`INSERT INTO ${sql.table(child.table)} (${sql.ref(by)}, merchant_id)
                      VALUES (${parent.id}, ${given})`.execute(trx);
            written.push({ by, given });
            // A table whose writer passes the key (ledger_postings) has no trigger: the key stays empty.
            const merchant = given ?? (child.keyWrittenBy ? null : parent.merchant);
            want.push({ table: child.table, by, given, merchant });
          }
        }
      }
      const { rows } = await sql<{ table: string; merchant: number | null }>`
        SELECT tbl AS "table", merchant FROM merchant_key_seen ORDER BY n`.execute(trx);
      seen.push(
        ...rows.map((row, i) => ({ ...row, ...(written[i] as { by: string; given: number | null }) })),
      );
      throw rolledBack;
    });
    await expect(run).rejects.toBe(rolledBack);
    expect(children.length).toBeGreaterThan(25);
    expect(seen).toEqual(want);
  });

  it('copies each key with one function per parent and column, none of them caching a sequential scan', async () => {
    const { rows } = await sql<{ table: string; fn: string; config: string[] | null }>`
      SELECT c.relname AS "table", p.proname AS fn, p.proconfig AS config
        FROM pg_trigger t JOIN pg_class c ON c.oid = t.tgrelid JOIN pg_proc p ON p.oid = t.tgfoid
       WHERE NOT t.tgisinternal AND t.tgname = c.relname || '_merchant_key'`.execute(database.db);
    const fnOf = new Map(rows.map((row) => [row.table, row.fn]));
    const copied = children.filter((child) => !child.keyWrittenBy);
    expect([...fnOf.keys()].sort()).toEqual(copied.map((child) => child.table).sort());
    // Tables with the same parents share a function; tables with different ones do not.
    const fnOfParents = new Map<string, Set<string>>();
    for (const child of copied) {
      const parents = JSON.stringify(child.from);
      fnOfParents.set(parents, (fnOfParents.get(parents) ?? new Set()).add(fnOf.get(child.table) as string));
    }
    expect([...fnOfParents.values()].filter((fns) => fns.size !== 1)).toEqual([]);
    expect(new Set(rows.map((row) => row.fn)).size).toBe(fnOfParents.size);
    for (const row of rows) expect(row.config, row.fn).toContain('enable_seqscan=off');
    // Migration 081's functions, one per table, are gone.
    const { rows: left } = await sql<{ fn: string }>`
      SELECT proname AS fn FROM pg_proc WHERE proname LIKE '%\\_merchant\\_key'`.execute(database.db);
    expect(left).toEqual([]);
  });

  it("finds the seeded postings and member trees with their parents' merchant", async () => {
    // The seed wrote postings (through ledger_post, which passes the key) and member trees (through the trigger).
    const { rows } = await sql<{ postings: number; wrong: number; trees: number; wrongTrees: number }>`
      SELECT (SELECT count(*)::int FROM ledger_postings) AS postings,
             (SELECT count(*)::int FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id
               WHERE p.merchant_id <> e.merchant_id) AS wrong,
             (SELECT count(*)::int FROM member_tree) AS trees,
             (SELECT count(*)::int FROM member_tree t JOIN members m ON m.id = t.ancestor_id
               WHERE t.merchant_id <> m.merchant_id) AS "wrongTrees"`.execute(database.db);
    const found = rows[0];
    expect(found?.wrong).toBe(0);
    expect(found?.wrongTrees).toBe(0);
    if (inject('seeded')) {
      expect(found?.postings).toBeGreaterThan(0);
      expect(found?.trees).toBeGreaterThan(0);
    }
  });
});
