import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';

/**
 * Scoped operators (issue 19 item 2, decision 060), table-driven over the OpenAPI document: every back-office
 * operation that names a merchant (its path, an object's id or a merchant query), called by the owner of merchant
 * `lucky` against merchant `tala`'s objects, is refused before anything is read or written; the operations of no
 * merchant are the platform's. The same operator still works on its own merchant.
 */
const { app, services } = await testApp();

type Parameter = { name: string; in: 'path' | 'query' | 'header' };
type Operation = { parameters?: Parameter[]; requestBody?: unknown };
const docs = (await app.inject({ url: '/api-docs/json' })).json() as {
  paths: Record<string, Record<string, Operation>>;
};

const platformOwner = await operatorAuth(app, 'owner', 'owner-demo-1');
const luckyOwner = await operatorAuth(app, 'lucky-owner', 'lucky-owner-1');

const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');
const memberOf = async (merchantId: number) =>
  (
    await services.db
      .selectFrom('members')
      .select('id')
      .where('merchant_id', '=', merchantId)
      .orderBy('id')
      .executeTakeFirstOrThrow()
  ).id;
const talaMember = await memberOf(tala.id);

/** The operator's own calls (session, second factor, its merchant list) and the calls made before a session. */
const own = /^\/admin-api\/(session|captcha|me\/|merchants$)/;

const operations = Object.entries(docs.paths)
  .filter(([path]) => path.startsWith('/admin-api/') && !own.test(path))
  .flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
  );

/** Tala's object for every path parameter: its code, its first member's id for any id. */
function talaUrl(path: string, op: Operation): string {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (name === 'code' && path.startsWith('/admin-api/merchants/{code}')) return 'tala';
    if (/id$/i.test(name)) return String(talaMember);
    return 'TALA';
  });
  const query = (op.parameters ?? [])
    .filter((p) => p.in === 'query' && (p.name === 'merchantCode' || p.name === 'merchant'))
    .map((p) => `${p.name}=tala`);
  return query.length ? `${url}?${query.join('&')}` : url;
}

async function auditCount() {
  const row = await services.db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('actor_name', '=', 'lucky-owner')
    .where('action', 'not like', 'operator.login%')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('an operator of one merchant against another merchant, over every back-office operation', () => {
  it('walks enough of the document to mean something', () => {
    expect(operations.length).toBeGreaterThan(150);
  });

  it('is refused on each, 403 with its own code, never 2xx, and nothing changes', async () => {
    const before = await auditCount();
    const failures: string[] = [];
    for (const { method, path, op } of operations) {
      const url = talaUrl(path, op);
      const response = await app.inject({
        method: method as 'GET',
        url,
        headers: { authorization: luckyOwner, 'content-type': 'application/json' },
        ...(['POST', 'PUT', 'PATCH'].includes(method) ? { payload: '{}' } : {}),
      });
      const code = response.headers['content-type']?.toString().includes('json')
        ? response.json().errorCode
        : undefined;
      if (
        response.statusCode !== 403 ||
        !['outside_operator_merchants', 'platform_operators_only'].includes(code)
      ) {
        failures.push(`${method} ${url}: ${response.statusCode} ${code ?? response.body.slice(0, 80)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await auditCount()).toBe(before);
  });

  it('names the merchant at fault: outside its merchants, or the platform only', async () => {
    const settings = await app.inject({
      url: '/admin-api/merchants/tala/settings',
      headers: { authorization: luckyOwner },
    });
    expect(settings.json()).toMatchObject({ errorCode: 'outside_operator_merchants' });
    const member = await app.inject({
      url: `/admin-api/members/${talaMember}`,
      headers: { authorization: luckyOwner },
    });
    expect(member.json()).toMatchObject({ errorCode: 'outside_operator_merchants' });
    const operators = await app.inject({
      url: '/admin-api/operators',
      headers: { authorization: luckyOwner },
    });
    expect(operators.json()).toMatchObject({ errorCode: 'platform_operators_only' });
    const asked = await app.inject({
      url: '/admin-api/members?merchantCode=tala',
      headers: { authorization: luckyOwner },
    });
    expect(asked.statusCode).toBe(403);
  });

  it('still works on its own merchant, and its lists hold only that merchant', async () => {
    const merchants = await app.inject({
      url: '/admin-api/merchants',
      headers: { authorization: luckyOwner },
    });
    expect(merchants.json().value.map((m: { code: string }) => m.code)).toEqual(['lucky']);
    const settings = await app.inject({
      url: '/admin-api/merchants/lucky/settings',
      headers: { authorization: luckyOwner },
    });
    expect(settings.statusCode).toBe(200);
    const members = await app.inject({ url: '/admin-api/members', headers: { authorization: luckyOwner } });
    expect(members.statusCode).toBe(200);
    const list = members.json().value.list as { merchantCode: string; id: number }[];
    expect(list.every((m) => m.merchantCode === 'lucky')).toBe(true);
    const session = await app.inject({ url: '/admin-api/session', headers: { authorization: luckyOwner } });
    expect(session.json().value).toMatchObject({
      username: 'lucky-owner',
      platform: false,
      merchantRoles: [{ merchantCode: 'lucky', role: 'owner' }],
    });
    // The platform owner still sees every merchant (the three of the demo).
    const all = await app.inject({ url: '/admin-api/merchants', headers: { authorization: platformOwner } });
    expect((all.json().value as { code: string }[]).map((m) => m.code).sort()).toEqual([
      'lucky',
      'saomai',
      'tala',
    ]);
    void lucky;
  });
});
