import { operatorRoles } from '@tala/contracts/admin';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';

const { app } = await testApp();

const passwords = {
  owner: 'owner-demo-1',
  finance: 'finance-demo-1',
  support: 'support-demo-1',
  content: 'content-demo-1',
} as const;
type Caller = (typeof operatorRoles)[number] | 'no token';

const auth: Record<string, string> = {};
for (const role of operatorRoles) auth[role] = await operatorAuth(app, role, passwords[role]);
const settings = (
  await app.inject({ url: '/admin-api/merchants/lucky/settings', headers: { authorization: auth.owner } })
).json().value;
const operators = (
  await app.inject({ url: '/admin-api/operators', headers: { authorization: auth.owner } })
).json().value as { id: number; username: string }[];
const contentId = operators.find((o) => o.username === 'content')?.id;

let created = 0;
/** Every back-office call that needs a session, with the roles allowed to make it. */
const endpoints: {
  method: 'GET' | 'PUT' | 'POST' | 'PATCH';
  url: string;
  allowed: readonly Caller[];
  payload?: () => unknown;
}[] = [
  { method: 'GET', url: '/admin-api/session', allowed: operatorRoles },
  { method: 'GET', url: '/admin-api/merchants', allowed: operatorRoles },
  { method: 'GET', url: '/admin-api/merchants/tala/settings', allowed: operatorRoles },
  { method: 'PUT', url: '/admin-api/merchants/lucky/settings', allowed: ['owner'], payload: () => settings },
  { method: 'GET', url: '/admin-api/audit', allowed: ['owner'] },
  { method: 'GET', url: '/admin-api/operators', allowed: ['owner'] },
  {
    method: 'POST',
    url: '/admin-api/operators',
    allowed: ['owner'],
    payload: () => ({
      username: `new-operator-${++created}`,
      password: 'a-long-password-1',
      role: 'content',
    }),
  },
  {
    method: 'PATCH',
    url: `/admin-api/operators/${contentId}`,
    allowed: ['owner'],
    payload: () => ({ disabled: false }),
  },
];

describe('back-office access by role', () => {
  for (const endpoint of endpoints) {
    for (const caller of [...operatorRoles, 'no token'] as const) {
      const allowed = endpoint.allowed.includes(caller);
      const expected = allowed ? 200 : caller === 'no token' ? 401 : 403;
      it(`${endpoint.method} ${endpoint.url} as ${caller}: ${expected}`, async () => {
        const response = await app.inject({
          method: endpoint.method,
          url: endpoint.url,
          headers: caller === 'no token' ? {} : { authorization: auth[caller] as string },
          ...(endpoint.payload ? { payload: endpoint.payload() as object } : {}),
        });
        expect(response.statusCode).toBe(expected);
        if (allowed) {
          expect(response.json().success).toBe(true);
        } else {
          expect(response.json()).toMatchObject({
            success: false,
            errorCode: caller === 'no token' ? 'not_logged_in' : 'forbidden',
          });
        }
      });
    }
  }

  it('checks the session before the body, so a refused caller learns nothing of the rules', async () => {
    const response = await app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/tala/settings',
      headers: { authorization: auth.support as string },
      payload: { nonsense: true },
    });
    expect(response.statusCode).toBe(403);
    const anonymous = await app.inject({ method: 'POST', url: '/admin-api/operators', payload: {} });
    expect(anonymous.statusCode).toBe(401);
  });

  it('lets every role log out', async () => {
    for (const role of operatorRoles) {
      const token = await operatorAuth(app, role, passwords[role]);
      const response = await app.inject({
        method: 'DELETE',
        url: '/admin-api/session',
        headers: { authorization: token },
      });
      expect(response.statusCode).toBe(200);
    }
    const anonymous = await app.inject({ method: 'DELETE', url: '/admin-api/session' });
    expect(anonymous.statusCode).toBe(401);
  });
});
