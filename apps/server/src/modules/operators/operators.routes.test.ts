import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { demoTotpKey } from '../../seed/demo.ts';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { currentCode } from '../totp/totp.service.ts';

const { app, database } = await testApp();

async function login(
  username: string,
  password: string,
  remoteAddress = '127.0.0.1',
  language = 'EN',
  extra: object = {},
) {
  return app.inject({
    method: 'POST',
    url: '/admin-api/session',
    payload: { username, password, ...extra },
    remoteAddress,
    headers: { language },
  });
}

async function auditRows(action: string) {
  return database.db.selectFrom('audit_log').selectAll().where('action', '=', action).orderBy('id').execute();
}

describe('operator sign-in', () => {
  it('signs finance in with the password and then the authenticator code, once, and records the login', async () => {
    const first = await login('finance', 'finance-demo-1', '10.1.0.1');
    expect(first.json()).toEqual({ success: true, value: { status: 'code_required' } });
    const code = currentCode(demoTotpKey('finance') as string);
    const response = await login('finance', 'finance-demo-1', '10.1.0.1', 'EN', { code });
    expect(response.statusCode).toBe(200);
    const { value } = response.json();
    expect(value).toMatchObject({ status: 'signed_in', operator: { username: 'finance', role: 'finance' } });
    expect(value.token).toMatch(/^[\w-]{40,}$/);

    const me = await app.inject({
      url: '/admin-api/session',
      headers: { authorization: `Bearer ${value.token}` },
    });
    expect(me.json()).toMatchObject({ success: true, value: { username: 'finance', role: 'finance' } });

    // The same code never works twice.
    const replay = await login('finance', 'finance-demo-1', '10.1.0.1', 'EN', { code });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ errorCode: 'totp_invalid', field: 'code' });

    const rows = await auditRows('operator.login');
    expect(rows.at(-1)).toMatchObject({ actor_name: 'finance', ip: '10.1.0.1', after: { method: 'totp' } });
  });

  it('answers a wrong password and an unknown user with the same localised error', async () => {
    const wrong = await login('owner', 'not-the-password', '10.1.0.2', 'TY');
    const unknown = await login('nobody-here', 'not-the-password', '10.1.0.2', 'TY');
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        success: false,
        errorCode: 'login_failed',
        message: 'Mali ang username o password.',
      });
    }
    const failures = await auditRows('operator.login.failed');
    expect(failures.map((r) => r.actor_name)).toEqual(expect.arrayContaining(['owner', 'nobody-here']));
  });

  it('refuses an empty username with the field named', async () => {
    const response = await login('  ', 'whatever', '10.1.0.3');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'validation_failed', field: 'username' });
  });

  it('limits sign-in requests from one address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++)
      statuses.push((await login(`nobody${i}`, 'wrong-password', '10.9.9.9')).statusCode);
    expect(statuses.slice(0, 20).every((s) => s === 401)).toBe(true);
    expect(statuses[20]).toBe(429);
    const limited = await login('support', 'support-demo-1', '10.9.9.9');
    expect(limited.json()).toMatchObject({ success: false, errorCode: 'rate_limited' });
    // Another address is not affected.
    expect((await login('support', 'support-demo-1', '10.9.9.10')).statusCode).toBe(200);
  });
});

describe('operator sessions', () => {
  it('revokes the token at logout', async () => {
    const auth = await operatorAuth(app, 'support', 'support-demo-1');
    const out = await app.inject({
      method: 'DELETE',
      url: '/admin-api/session',
      headers: { authorization: auth },
    });
    expect(out.json()).toEqual({ success: true, value: null });
    const after = await app.inject({ url: '/admin-api/session', headers: { authorization: auth } });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ errorCode: 'not_logged_in' });
    const twice = await app.inject({
      method: 'DELETE',
      url: '/admin-api/session',
      headers: { authorization: auth },
    });
    expect(twice.statusCode).toBe(401);
    expect((await auditRows('operator.logout')).at(-1)).toMatchObject({ actor_name: 'support' });
  });

  it('ends a session left idle for longer than an hour', async () => {
    const auth = await operatorAuth(app, 'content', 'content-demo-1');
    await sql`UPDATE operator_sessions SET last_seen_at = now() - interval '61 minutes'`.execute(database.db);
    const response = await app.inject({ url: '/admin-api/session', headers: { authorization: auth } });
    expect(response.statusCode).toBe(401);
  });

  it('does not accept a made-up token or a token without the Bearer scheme', async () => {
    const fake = await app.inject({
      url: '/admin-api/session',
      headers: { authorization: 'Bearer made-up' },
    });
    expect(fake.statusCode).toBe(401);
    const auth = await operatorAuth(app, 'owner', 'owner-demo-1');
    const raw = await app.inject({ url: '/admin-api/session', headers: { authorization: auth.slice(7) } });
    expect(raw.statusCode).toBe(401);
  });
});

describe('operator management by owners', () => {
  it('creates an operator who can then log in, and audits it without the password', async () => {
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const created = await app.inject({
      method: 'POST',
      url: '/admin-api/operators',
      headers: { authorization: owner },
      payload: { username: 'Maria.Santos', password: 'a-long-password-1', role: 'finance' },
    });
    expect(created.statusCode).toBe(200);
    expect(created.json().value).toMatchObject({
      username: 'maria.santos',
      role: 'finance',
      disabled: false,
      twoFactor: false,
    });

    const list = await app.inject({ url: '/admin-api/operators', headers: { authorization: owner } });
    expect(list.json().value.map((o: { username: string }) => o.username)).toEqual(
      expect.arrayContaining(['owner', 'finance', 'support', 'content', 'maria.santos']),
    );

    // Finance must use an authenticator: the first sign-in asks the new operator to set one up.
    const first = await login('maria.santos', 'a-long-password-1', '10.1.1.1');
    expect(first.json().value).toMatchObject({ status: 'enrolment_required', ticket: expect.any(String) });

    const [row] = await auditRows('operator.create');
    expect(row).toMatchObject({ actor_name: 'owner', target: 'maria.santos' });
    expect(row?.after).toEqual({
      username: 'maria.santos',
      role: 'finance',
      platform: true,
      merchantRoles: [],
      disabled: false,
    });
    expect(JSON.stringify(row)).not.toContain('a-long-password-1');
  });

  it('refuses a taken username, a short password and an unknown role, creating nothing', async () => {
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const before = (
      await app.inject({ url: '/admin-api/operators', headers: { authorization: owner } })
    ).json().value.length;
    const cases = [
      {
        payload: { username: 'finance', password: 'a-long-password-1', role: 'finance' },
        status: 409,
        field: 'username',
        code: 'username_taken',
      },
      {
        payload: { username: 'newbie', password: 'short', role: 'finance' },
        status: 400,
        field: 'password',
        code: 'validation_failed',
      },
      {
        payload: { username: 'newbie', password: 'a-long-password-1', role: 'admin' },
        status: 400,
        field: 'role',
        code: 'validation_failed',
      },
      {
        payload: { username: 'x', password: 'a-long-password-1', role: 'support' },
        status: 400,
        field: 'username',
        code: 'validation_failed',
      },
    ];
    for (const c of cases) {
      const response = await app.inject({
        method: 'POST',
        url: '/admin-api/operators',
        headers: { authorization: owner },
        payload: c.payload,
      });
      expect(response.statusCode).toBe(c.status);
      expect(response.json()).toMatchObject({ success: false, errorCode: c.code, field: c.field });
    }
    const after = (
      await app.inject({ url: '/admin-api/operators', headers: { authorization: owner } })
    ).json().value.length;
    expect(after).toBe(before);
  });

  it('disables an operator, ending their sessions at once, and enables them again', async () => {
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const support = await operatorAuth(app, 'support', 'support-demo-1');
    const list = (await app.inject({ url: '/admin-api/operators', headers: { authorization: owner } })).json()
      .value;
    const target = list.find((o: { username: string }) => o.username === 'support');

    const disabled = await app.inject({
      method: 'PATCH',
      url: `/admin-api/operators/${target.id}`,
      headers: { authorization: owner },
      payload: { disabled: true },
    });
    expect(disabled.json().value).toMatchObject({ username: 'support', disabled: true });
    expect(
      (await app.inject({ url: '/admin-api/session', headers: { authorization: support } })).statusCode,
    ).toBe(401);
    const refused = await login('support', 'support-demo-1', '10.1.2.1');
    expect(refused.json()).toMatchObject({ errorCode: 'login_failed' });

    await app.inject({
      method: 'PATCH',
      url: `/admin-api/operators/${target.id}`,
      headers: { authorization: owner },
      payload: { disabled: false },
    });
    expect((await login('support', 'support-demo-1', '10.1.2.1')).statusCode).toBe(200);

    const updates = await auditRows('operator.update');
    expect(updates.map((r) => [r.before, r.after])).toEqual([
      [
        { username: 'support', role: 'support', disabled: false },
        { username: 'support', role: 'support', disabled: true },
      ],
      [
        { username: 'support', role: 'support', disabled: true },
        { username: 'support', role: 'support', disabled: false },
      ],
    ]);
  });

  it('refuses to disable oneself and an unknown operator', async () => {
    const auth = await operatorAuth(app, 'owner', 'owner-demo-1');
    const token = auth.slice(7);
    const operator = (
      await app.inject({ url: '/admin-api/session', headers: { authorization: auth } })
    ).json().value;
    const self = await app.inject({
      method: 'PATCH',
      url: `/admin-api/operators/${operator.id}`,
      headers: { authorization: `Bearer ${token}` },
      payload: { disabled: true },
    });
    expect(self.statusCode).toBe(400);
    expect(self.json()).toMatchObject({ errorCode: 'cannot_change_own_account' });
    const unknown = await app.inject({
      method: 'PATCH',
      url: '/admin-api/operators/99999',
      headers: { authorization: `Bearer ${token}` },
      payload: { disabled: true },
    });
    expect(unknown.statusCode).toBe(404);
    const badId = await app.inject({
      method: 'PATCH',
      url: '/admin-api/operators/abc',
      headers: { authorization: `Bearer ${token}` },
      payload: { disabled: true },
    });
    expect(badId.json()).toMatchObject({ errorCode: 'validation_failed', field: 'id' });
  });
});
