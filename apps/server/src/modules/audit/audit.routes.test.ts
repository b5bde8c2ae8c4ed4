import type { AuditEntry } from '@tala/contracts/admin';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';

const { app, database } = await testApp();
// The seed may record events of its own; this file's assertions are about the events after it.
const seeded = await database.db
  .selectFrom('audit_log')
  .select((eb) => eb.fn.max('id').as('id'))
  .executeTakeFirstOrThrow();
const lastSeededId = Number(seeded.id ?? 0);
const seededCount = Number(
  (
    await database.db
      .selectFrom('audit_log')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow()
  ).n,
);
const fresh = (rows: AuditEntry[]) => rows.filter((r) => r.id > lastSeededId);
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
await operatorAuth(app, 'finance', 'finance-demo-1');
await app.inject({
  method: 'POST',
  url: '/admin-api/session',
  payload: { username: 'finance', password: 'wrong-password' },
  remoteAddress: '203.0.113.7',
});
const settings = (
  await app.inject({ url: '/admin-api/merchants/tala/settings', headers: { authorization: owner } })
).json().value;
await app.inject({
  method: 'PUT',
  url: '/admin-api/merchants/tala/settings',
  headers: { authorization: owner },
  payload: { ...settings, minimumAge: 21 },
});

function list(query: string) {
  return app.inject({ url: `/admin-api/audit?${query}`, headers: { authorization: owner } });
}

describe('audit log', () => {
  it('lists the newest events first with who, what, target, merchant and address', async () => {
    const response = await list('pageSize=200');
    expect(response.statusCode).toBe(200);
    const { list: all, total, totalPages, pageNo } = response.json().value;
    const rows = fresh(all);
    expect(rows.map((r: { action: string }) => r.action)).toEqual([
      'merchant.settings.update',
      'operator.login.failed',
      'operator.login',
      'operator.login',
    ]);
    expect(total).toBe(seededCount + 4);
    expect(totalPages).toBe(1);
    expect(pageNo).toBe(1);
    expect(rows[0]).toMatchObject({
      operator: 'owner',
      merchantCode: 'tala',
      target: 'tala',
      ip: '127.0.0.1',
    });
    expect(rows[0]?.before).toMatchObject({ minimumAge: 18 });
    expect(rows[0]?.after).toMatchObject({ minimumAge: 21 });
    expect(new Date(rows[0]?.at as string).getTime()).toBeGreaterThan(Date.now() - 60_000);
    expect(rows[1]).toMatchObject({
      operator: 'finance',
      ip: '203.0.113.7',
      before: null,
      after: { reason: 'credentials' },
    });
  });

  it('pages through the events', async () => {
    const first = (await list('pageSize=3&pageNo=1')).json().value;
    const second = (await list('pageSize=3&pageNo=2')).json().value;
    expect(first.totalPages).toBeGreaterThanOrEqual(2);
    expect(first.list).toHaveLength(3);
    const ids = [...first.list, ...second.list].map((r: { id: number }) => r.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('filters by one action exactly, or by a prefix', async () => {
    const logins = fresh((await list('action=operator.login')).json().value.list);
    expect(logins.map((r: { action: string }) => r.action)).toEqual(['operator.login', 'operator.login']);
    const operatorEvents = fresh((await list('action=operator.*')).json().value.list);
    expect(new Set(operatorEvents.map((r: { action: string }) => r.action))).toEqual(
      new Set(['operator.login', 'operator.login.failed']),
    );
    const none = (await list('action=nothing.here')).json().value;
    expect(none).toMatchObject({ list: [], total: 0, totalPages: 0 });
  });

  it('refuses a malformed filter or page with the field named', async () => {
    const filter = await list(`action=${encodeURIComponent("x' OR 1=1 --")}`);
    expect(filter.statusCode).toBe(400);
    expect(filter.json()).toMatchObject({ errorCode: 'validation_failed', field: 'action' });
    const page = await list('pageSize=1000');
    expect(page.json()).toMatchObject({ errorCode: 'validation_failed', field: 'pageSize' });
  });

  it('is append-only: the database refuses UPDATE, DELETE and TRUNCATE', async () => {
    const count = async () =>
      Number(
        (
          await database.db
            .selectFrom('audit_log')
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await count();
    await expect(sql`UPDATE audit_log SET action = 'forged'`.execute(database.db)).rejects.toMatchObject({
      message: 'audit_log is append-only',
      code: '42501',
    });
    await expect(sql`DELETE FROM audit_log`.execute(database.db)).rejects.toMatchObject({
      message: 'audit_log is append-only',
      code: '42501',
    });
    await expect(sql`TRUNCATE audit_log`.execute(database.db)).rejects.toMatchObject({
      message: 'audit_log is append-only',
    });
    expect(await count()).toBe(before);
    const forged = await database.db
      .selectFrom('audit_log')
      .select('id')
      .where('action', '=', 'forged')
      .execute();
    expect(forged).toEqual([]);
  });
});
