import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freshDatabase } from '../testing/test-app.ts';
import type { DatabaseHandle } from './database.ts';
import { migrate } from './migrate.ts';
import { tablePlacement } from './topology.ts';

// Decision 063: every table of the migrated (and seeded) schema is placed for sharding by merchant, and every table
// to be distributed by merchant carries the key, filled for the rows the seed wrote through the triggers of 081.
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

  it("fills a child row's key from its parent when the writer does not give it", async () => {
    // The seed wrote postings, balances and member trees without naming the merchant: the triggers did.
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
