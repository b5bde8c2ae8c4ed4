import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { newMember } from '../modules/members/member-fixtures.ts';
import { operatorAuth, testApp } from '../testing/test-app.ts';

/**
 * Schema-driven fuzzing of the whole API: every operation of the OpenAPI document, called as a guest, a member and
 * an operator (owner) with malformed path parameters, queries, bodies and headers. Any 5xx fails. The default run
 * is bounded (a few cases per operation and role); FUZZ_RUNS=<n> multiplies it (npm run bench runs a long one).
 */
const RUNS = Number(process.env.FUZZ_RUNS ?? 1);

type Schema = {
  type?: string | string[];
  properties?: Record<string, Schema>;
  items?: Schema;
  enum?: unknown[];
  anyOf?: Schema[];
  oneOf?: Schema[];
  required?: string[];
};
type Operation = {
  parameters?: Array<{ name: string; in: 'path' | 'query' | 'header'; schema?: Schema }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};

const nasty: unknown[] = [
  'a\u0000b',
  '\ud800',
  '',
  ' ',
  '-1',
  '0',
  '1e309',
  '99999999999999999999999',
  '1.005',
  'NaN',
  '%',
  '../../etc/passwd',
  '<script>alert(1)</script>',
  "' OR 1=1 --",
  'x'.repeat(5000),
  '2026-13-45',
  '😀'.repeat(50),
  -1,
  0,
  1.5,
  2 ** 53,
  -(2 ** 63),
  1e308,
  true,
  null,
  [],
  {},
  [1, 'a'],
  { $gt: '' },
];

/** A value shaped like the schema, with one of the nasty values somewhere in it. */
function malformed(schema: Schema | undefined, rnd: () => number, depth = 0): unknown {
  const pick = () => nasty[Math.floor(rnd() * nasty.length)];
  if (!schema || depth > 3 || rnd() < 0.35) return pick();
  const variant = schema.anyOf ?? schema.oneOf;
  if (variant?.length) return malformed(variant[Math.floor(rnd() * variant.length)], rnd, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'object' || schema.properties) {
    const out: Record<string, unknown> = {};
    for (const [key, child] of Object.entries(schema.properties ?? {})) {
      if (rnd() < 0.8) out[key] = rnd() < 0.5 ? malformed(child, rnd, depth + 1) : plausible(child, rnd);
    }
    if (rnd() < 0.1) out['extra\u0000'] = pick();
    return out;
  }
  if (type === 'array') return [malformed(schema.items, rnd, depth + 1), pick()];
  return pick();
}

/** A value of the right type (so the nasty one elsewhere gets past the first checks). */
function plausible(schema: Schema, rnd: () => number): unknown {
  if (schema.enum?.length) return schema.enum[Math.floor(rnd() * schema.enum.length)];
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'string') return ['abc', '1', 'x'.repeat(40), '2026-01-01'][Math.floor(rnd() * 4)];
  if (type === 'integer' || type === 'number') return [1, 100, 0][Math.floor(rnd() * 3)];
  if (type === 'boolean') return rnd() < 0.5;
  if (type === 'array') return [];
  return {};
}

/** Raw, already-encoded path and query pieces: a NUL, a UTF-8 surrogate, an overlong NUL, a lone byte. */
const rawEncoded = ['%00', '%ED%A0%80', '%C0%80', '%FF', '%', '%2e%2e%2f'];

function encodePart(value: unknown, rnd: () => number): string {
  if (rnd() < 0.3) return rawEncoded[Math.floor(rnd() * rawEncoded.length)] as string;
  return encodeURIComponent(asText(value).replace(/[\ud800-\udfff]/g, '\ufffd'));
}

function isText(schema: Schema | undefined): boolean {
  const type = Array.isArray(schema?.type) ? schema?.type[0] : schema?.type;
  return !schema || type === 'string' || Boolean((schema.anyOf ?? schema.oneOf)?.some(isText));
}

type Slot = { in: 'path' | 'query' | 'body'; name: string };
type Built = { url: string; query: string[]; headers: Record<string, string>; body: string | undefined };

/** Every text field of an operation: path parameters, text query parameters, top-level text body properties. */
function textSlots(path: string, op: Operation, body: Schema | undefined): Slot[] {
  const slots: Slot[] = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    in: 'path' as const,
    name: m[1] as string,
  }));
  for (const p of op.parameters ?? [])
    if (p.in === 'query' && isText(p.schema)) slots.push({ in: 'query', name: p.name });
  for (const [name, child] of Object.entries(body?.properties ?? {}))
    if (isText(child)) slots.push({ in: 'body', name });
  return slots;
}

/** One request: a NUL in the `nul` slot and plausible values elsewhere, or (no slot) malformed values anywhere. */
function build(
  path: string,
  op: Operation,
  hasBody: boolean,
  body: Schema | undefined,
  rnd: () => number,
  nul?: Slot,
): Built {
  const url = path.replace(/\{(\w+)\}/g, (_, name: string) => {
    if (nul) return nul.in === 'path' && nul.name === name ? 'a%00b' : '1';
    return encodePart(malformed(undefined, rnd), rnd);
  });
  const query: string[] = [];
  const headers: Record<string, string> = {};
  for (const p of op.parameters ?? []) {
    if (p.in === 'query') {
      if (nul) {
        const value =
          nul.in === 'query' && nul.name === p.name
            ? 'a%00b'
            : encodePart(
                plausible(p.schema ?? {}, () => 0),
                () => 1,
              );
        query.push(`${p.name}=${value}`);
      } else if (rnd() < 0.7) query.push(`${p.name}=${encodePart(malformed(p.schema, rnd), rnd)}`);
    }
    if (p.in === 'header' && !nul && rnd() < 0.5)
      headers[p.name] = asText(malformed(p.schema, rnd)).slice(0, 200);
  }
  if (!nul) {
    if (rnd() < 0.2) headers.language = ['xx', 'EN\u00ff', ''][Math.floor(rnd() * 3)] as string;
    if (rnd() < 0.1) headers.merchant = 'nope';
    if (rnd() < 0.1)
      headers.authorization = ['Bearer x', 'x'.repeat(600), 'Bearer '][Math.floor(rnd() * 3)] as string;
  }
  let payload: string | undefined;
  if (hasBody) {
    if (nul) {
      const value = Object.fromEntries(
        Object.entries(body?.properties ?? {}).map(([key, child]) => [
          key,
          nul.in === 'body' && nul.name === key ? 'a\u0000b' : plausible(child, () => 0),
        ]),
      );
      payload = JSON.stringify(value);
    } else {
      const r = rnd();
      payload = r < 0.1 ? '{"broken": ' : r < 0.15 ? '[]' : JSON.stringify(malformed(body, rnd) ?? {});
    }
  }
  return { url, query, headers, body: payload };
}

function asText(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value);
}

describe('API fuzz: no input gets a 5xx', () => {
  let app: Awaited<ReturnType<typeof testApp>>['app'];
  let operations: Array<{ method: string; path: string; op: Operation }>;
  const auth: Record<'guest' | 'member' | 'operator', Record<string, string>> = {
    guest: {},
    member: {},
    operator: {},
  };

  beforeAll(async () => {
    ({ app } = await testApp());
    const docs = (await app.inject({ method: 'GET', url: '/api-docs/json' })).json() as {
      paths: Record<string, Record<string, Operation>>;
    };
    operations = Object.entries(docs.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, op]) => ({ method: method.toUpperCase(), path, op })),
    );
    const member = await newMember(app);
    auth.member = { authorization: member.token };
    auth.operator = { authorization: await operatorAuth(app, 'owner', 'owner-demo-1') };
  }, 120_000);

  it('walks every operation as guest, member and operator', { timeout: 600_000 }, async () => {
    expect(operations.length).toBeGreaterThan(100);
    const failures: string[] = [];
    let calls = 0;
    let seed = 20261124;
    const rnd = () => {
      // mulberry32: a reproducible stream, so a failure can be replayed from its seed.
      seed = (seed + 0x6d2b79f5) | 0;
      let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
      t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
    };

    async function call(role: keyof typeof auth, method: string, request: Built) {
      const headers: Record<string, string> = { ...auth[role], ...request.headers };
      if (request.body !== undefined) headers['content-type'] = 'application/json';
      const qs = request.query.join('&');
      const response = await app.inject({
        method: method as 'GET',
        url: `${request.url}${qs ? `?${qs}` : ''}`,
        headers,
        // A new address per call, so the per-address rate limits do not stop the walk before the routes.
        remoteAddress: `10.${(calls >> 16) & 255}.${(calls >> 8) & 255}.${calls & 255}`,
        ...(request.body === undefined ? {} : { payload: request.body }),
      });
      calls++;
      if (response.statusCode >= 500) {
        failures.push(
          `${role} ${method} ${request.url}?${qs} ${request.body?.slice(0, 200)} -> ${response.statusCode} ${response.body.slice(0, 200)}`,
        );
      }
    }

    for (const { method, path, op } of operations) {
      // Ending the session being fuzzed with would only turn the rest into 401s.
      if (method === 'DELETE' && /session|logout/.test(path)) continue;
      const hasBody = method !== 'GET' && method !== 'HEAD';
      const bodySchema = op.requestBody?.content?.['application/json']?.schema;
      const slots = textSlots(path, op, hasBody ? bodySchema : undefined);
      for (const role of ['guest', 'member', 'operator'] as const) {
        // One call per text field with a NUL in that field and plausible values everywhere else...
        for (const slot of slots) await call(role, method, build(path, op, hasBody, bodySchema, rnd, slot));
        // ...then random malformed calls.
        for (let run = 0; run < 2 * RUNS; run++) {
          await call(role, method, build(path, op, hasBody, bodySchema, rnd, undefined));
        }
      }
    }
    expect(calls).toBeGreaterThan(operations.length * 3);
    expect(failures).toEqual([]);
  });

  it('refuses unstorable text in every kind of field with 400 text_not_storable and its name', async () => {
    const cases = [
      { method: 'GET' as const, url: '/wps/agent/affiliate?code=a%00b', field: 'code' },
      { method: 'POST' as const, url: '/vendor-api/a%00b/balance', field: 'vendorCode', payload: {} },
      {
        method: 'POST' as const,
        url: '/admin-api/session',
        field: 'username',
        payload: { username: 'a\u0000b', password: 'x' },
      },
      {
        method: 'POST' as const,
        url: '/wps/session/login',
        field: 'username',
        payload: { username: '\ud800', password: 'x', type: 'username' },
      },
    ];
    for (const c of cases) {
      const response = await app.inject({
        method: c.method,
        url: c.url,
        remoteAddress: '192.0.2.10',
        ...(c.payload ? { payload: c.payload } : {}),
      });
      expect(response.statusCode, c.url).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'text_not_storable', field: c.field });
    }
    // The back-office lists and their CSV exports, with a NUL in their search filter.
    for (const url of [
      '/admin-api/members?q=a%00b',
      '/admin-api/payments/deposits?q=a%00b',
      '/admin-api/payments/withdrawals?q=a%00b',
      '/admin-api/messages?destination=a%00b',
    ]) {
      const response = await app.inject({ method: 'GET', url, headers: auth.operator });
      expect(response.statusCode, url).toBe(400);
    }
  });

  it('never answers 5xx to random bodies of the login and registration (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue(),
        fc.constantFrom('/wps/session/login', '/wps/member/register'),
        async (body, url) => {
          const response = await app.inject({
            method: url.endsWith('login') ? 'POST' : 'PUT',
            url,
            payload: JSON.stringify(body),
            headers: { 'content-type': 'application/json' },
            remoteAddress: '192.0.2.11',
          });
          return response.statusCode < 500;
        },
      ),
      { numRuns: 60 * RUNS, seed: 7 },
    );
  });
});
