// Operators' second factor and sign-in limits on the real server (decision 031): enrolment at first sign-in, codes
// accepted once, recovery codes, remembered browsers, the owner's settings and resets, and the limits per account
// and address that never lock the real operator out. The captcha text is fixed here so the tests can answer it.
import { sql } from 'kysely';
import { describe, expect, it, vi } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { currentCode } from '../totp/totp.service.ts';
import { OPERATOR_FAILURES_BEFORE_CHALLENGE, OPERATOR_IP_FAILURES_PER_HOUR } from './sign-in.ts';

vi.mock('svg-captcha', async (original) => {
  const real = ((await original()) as { default: typeof import('svg-captcha') }).default;
  return { default: { ...real, create: (o: object) => ({ ...real.create(o), text: 'kwxyz' }) } };
});

const { app, database } = await testApp();
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
// Signed in (and remembered) up front: a test below spends finance's current code, which works only once.
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');

type Json = Record<string, unknown>;

async function signIn(body: Json, ip = '10.70.0.1', cookie?: string) {
  const response = await app.inject({
    method: 'POST',
    url: '/admin-api/session',
    payload: body,
    remoteAddress: ip,
    headers: cookie ? { cookie } : {},
  });
  return { status: response.statusCode, json: response.json(), headers: response.headers };
}

async function call(auth: string, method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: Json) {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: auth },
    ...(payload ? { payload } : {}),
  });
  return { status: response.statusCode, json: response.json() };
}

/** A fresh code of a key: the factor's last accepted step is wound back first (only the replay test needs it). */
async function code(key: string) {
  await sql`UPDATE totp_factors SET last_step = 0 WHERE secret = ${key}`.execute(database.db);
  return currentCode(key);
}

async function newOperator(username: string, role: string) {
  const created = await call(owner, 'POST', '/admin-api/operators', {
    username,
    password: 'a-long-password-1',
    role,
  });
  expect(created.status).toBe(200);
  return created.json.value as { id: number };
}

async function auditActions(target?: string) {
  const rows = await database.db
    .selectFrom('audit_log')
    .select(['action', 'actor_name', 'target'])
    .orderBy('id')
    .execute();
  return rows.filter((r) => (target ? r.target === target : true)).map((r) => r.action);
}

describe('enrolment at first sign-in', () => {
  it('makes a finance operator set up an authenticator: QR, a code, recovery codes shown once', async () => {
    await newOperator('fin.two', 'finance');
    const first = await signIn({ username: 'fin.two', password: 'a-long-password-1' });
    expect(first.status).toBe(200);
    const { ticket, enrolment } = first.json.value;
    expect(first.json.value.status).toBe('enrolment_required');
    expect(first.json.value.token).toBeUndefined();
    expect(enrolment.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect(Buffer.from(enrolment.qr.split(',')[1], 'base64').toString()).toContain('<svg');
    expect(enrolment.uri).toMatch(/^otpauth:\/\/totp\/Tala%20back%20office:fin\.two\?/);
    expect(enrolment.uri).toContain(`secret=${enrolment.secret}`);

    const enrol = (body: Json) =>
      app.inject({
        method: 'POST',
        url: '/admin-api/session/enrolment',
        payload: body,
        remoteAddress: '10.70.0.1',
      });
    const wrong = await enrol({
      ticket,
      code: '000000' === currentCode(enrolment.secret) ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: 'totp_invalid', field: 'code' });
    // A wrong code leaves the ticket usable; the right one signs in and shows ten recovery codes.
    const done = await enrol({ ticket, code: currentCode(enrolment.secret) });
    expect(done.statusCode, done.body).toBe(200);
    const value = done.json().value;
    expect(value).toMatchObject({ status: 'signed_in', operator: { username: 'fin.two', role: 'finance' } });
    expect(value.recoveryCodes).toHaveLength(10);
    expect(new Set(value.recoveryCodes).size).toBe(10);
    expect(value.recoveryCodes[0]).toMatch(/^[a-z2-9]{4}-[a-z2-9]{4}-[a-z2-9]{4}$/);
    const again = await enrol({ ticket, code: await code(enrolment.secret) });
    expect(again.json()).toMatchObject({ errorCode: 'sign_in_ticket_invalid', field: 'ticket' });

    // From now on the password alone is not enough; a recovery code works once, in place of the app's code.
    expect((await signIn({ username: 'fin.two', password: 'a-long-password-1' })).json.value).toEqual({
      status: 'code_required',
    });
    const recovery = value.recoveryCodes[3].toUpperCase().replaceAll('-', ' ');
    const byRecovery = await signIn({ username: 'fin.two', password: 'a-long-password-1', code: recovery });
    expect(byRecovery.json.value.status).toBe('signed_in');
    const reused = await signIn({ username: 'fin.two', password: 'a-long-password-1', code: recovery });
    expect(reused.json).toMatchObject({ errorCode: 'totp_invalid' });
    const status = await call(`Bearer ${byRecovery.json.value.token}`, 'GET', '/admin-api/me/second-factor');
    expect(status.json.value).toEqual({ enabled: true, required: true, recoveryCodesLeft: 9 });

    const stored = await database.db.selectFrom('totp_recovery_codes').select('code_hash').execute();
    expect(JSON.stringify(stored)).not.toContain(value.recoveryCodes[0]);
    expect(await auditActions()).toEqual(expect.arrayContaining(['operator.second_factor.enable']));
  });

  it('refuses a made-up ticket and malformed codes with the field named', async () => {
    const made = await app.inject({
      method: 'POST',
      url: '/admin-api/session/enrolment',
      payload: { ticket: 'made-up', code: '123456' },
    });
    expect(made.json()).toMatchObject({ errorCode: 'sign_in_ticket_invalid', field: 'ticket' });
    const long = await signIn({ username: 'owner', password: 'owner-demo-1', code: 'x'.repeat(21) });
    expect(long.status).toBe(400);
    expect(long.json).toMatchObject({ errorCode: 'validation_failed', field: 'code' });
    const letters = await signIn(
      { username: 'owner', password: 'owner-demo-1', code: 'abcdef' },
      '10.70.9.1',
    );
    expect(letters.json).toMatchObject({ errorCode: 'totp_invalid', field: 'code' });
  });
});

describe('remembered browsers', () => {
  it('skips the code in a browser that asked to be remembered, for that operator only, until a reset', async () => {
    const { id } = await newOperator('fin.three', 'finance');
    const first = await signIn({ username: 'fin.three', password: 'a-long-password-1' }, '10.71.0.1');
    const { ticket, enrolment } = first.json.value;
    const done = await app.inject({
      method: 'POST',
      url: '/admin-api/session/enrolment',
      payload: { ticket, code: currentCode(enrolment.secret), rememberDevice: true },
    });
    const setCookie = String(done.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^tala_admin_device=[\w-]{43}; Path=\/admin-api\/session; Max-Age=2592000; HttpOnly; SameSite=Strict$/,
    );
    const cookie = setCookie.split(';')[0] as string;

    const remembered = await signIn(
      { username: 'fin.three', password: 'a-long-password-1' },
      '10.71.0.2',
      cookie,
    );
    expect(remembered.json.value.status).toBe('signed_in');
    // The cookie is this operator's: another one still needs a code, and a forged one is ignored.
    expect(
      (await signIn({ username: 'finance', password: 'finance-demo-1' }, '10.71.0.2', cookie)).json.value,
    ).toEqual({
      status: 'code_required',
    });
    // A shared computer remembers each operator who asks: the cookie then holds both.
    const financeKey = 'TALADEMOFINANCEKEYTALADEMOFINANC';
    const second = await signIn(
      { username: 'finance', password: 'finance-demo-1', code: await code(financeKey), rememberDevice: true },
      '10.71.0.2',
      cookie,
    );
    const both = String(second.headers['set-cookie']).split(';')[0] as string;
    expect(both).toMatch(/^tala_admin_device=[\w-]{43}\.[\w-]{43}$/);
    expect(
      (await signIn({ username: 'finance', password: 'finance-demo-1' }, '10.71.0.3', both)).json.value
        .status,
    ).toBe('signed_in');
    expect(
      (await signIn({ username: 'fin.three', password: 'a-long-password-1' }, '10.71.0.3', both)).json.value
        .status,
    ).toBe('signed_in');
    const forged = await signIn(
      { username: 'fin.three', password: 'a-long-password-1' },
      '10.71.0.2',
      `tala_admin_device=${'a'.repeat(43)}`,
    );
    expect(forged.json.value.status).toBe('code_required');

    // An owner resets the authenticator (a lost phone): sessions end, the browser is forgotten, set-up starts again.
    const session = `Bearer ${remembered.json.value.token}`;
    expect((await call(owner, 'DELETE', `/admin-api/operators/${id}/second-factor`)).status).toBe(200);
    expect((await call(session, 'GET', '/admin-api/session')).status).toBe(401);
    const after = await signIn({ username: 'fin.three', password: 'a-long-password-1' }, '10.71.0.2', cookie);
    expect(after.json.value.status).toBe('enrolment_required');
    expect(await auditActions('fin.three')).toEqual(expect.arrayContaining(['operator.second_factor.reset']));
  });
});

describe("an operator's own authenticator", () => {
  it('is optional for support: set up, then needed at sign-in, then turned off with a code', async () => {
    await newOperator('help.desk', 'support');
    const plain = await signIn({ username: 'help.desk', password: 'a-long-password-1' }, '10.72.0.1');
    expect(plain.json.value.status).toBe('signed_in');
    const auth = `Bearer ${plain.json.value.token}`;
    expect((await call(auth, 'GET', '/admin-api/me/second-factor')).json.value).toEqual({
      enabled: false,
      required: false,
      recoveryCodesLeft: 0,
    });
    const started = await call(auth, 'POST', '/admin-api/me/second-factor');
    const secret = started.json.value.secret as string;
    expect(started.json.value.qr).toMatch(/^data:image\/svg\+xml;base64,/);
    expect((await call(auth, 'PUT', '/admin-api/me/second-factor', { code: '12' })).json).toMatchObject({
      errorCode: 'totp_invalid',
    });
    const confirmed = await call(auth, 'PUT', '/admin-api/me/second-factor', { code: currentCode(secret) });
    expect(confirmed.json.value.recoveryCodes).toHaveLength(10);
    expect((await call(auth, 'POST', '/admin-api/me/second-factor')).json).toMatchObject({
      errorCode: 'totp_already_enabled',
    });
    expect(
      (await signIn({ username: 'help.desk', password: 'a-long-password-1' }, '10.72.0.1')).json.value.status,
    ).toBe('code_required');
    // New recovery codes replace the old ones.
    const renewed = await call(auth, 'POST', '/admin-api/me/second-factor/recovery-codes', {
      code: await code(secret),
    });
    expect(renewed.json.value.recoveryCodes).toHaveLength(10);
    const oldCode = confirmed.json.value.recoveryCodes[0] as string;
    const withOld = await signIn(
      { username: 'help.desk', password: 'a-long-password-1', code: oldCode },
      '10.72.0.1',
    );
    expect(withOld.json).toMatchObject({ errorCode: 'totp_invalid' });

    expect((await call(auth, 'POST', '/admin-api/me/second-factor/off', { code: '000000' })).status).toBe(
      400,
    );
    const off = await call(auth, 'POST', '/admin-api/me/second-factor/off', { code: await code(secret) });
    expect(off.status).toBe(200);
    expect(
      (await signIn({ username: 'help.desk', password: 'a-long-password-1' }, '10.72.0.1')).json.value.status,
    ).toBe('signed_in');
    expect(await auditActions()).toEqual(
      expect.arrayContaining(['operator.second_factor.recovery_codes', 'operator.second_factor.disable']),
    );
  });

  it('cannot be turned off by a role that must use it', async () => {
    const refused = await call(finance, 'POST', '/admin-api/me/second-factor/off', { code: '123456' });
    expect(refused.status).toBe(409);
    expect(refused.json).toMatchObject({ errorCode: 'totp_required_by_role', field: 'code' });
  });
});

describe("the owner's settings", () => {
  it('sets which roles must use an authenticator; only owners; audited', async () => {
    expect((await call(owner, 'GET', '/admin-api/security')).json.value).toEqual({
      totpRequiredRoles: ['owner', 'finance'],
    });
    await newOperator('content.two', 'content');
    const put = await call(owner, 'PUT', '/admin-api/security', {
      totpRequiredRoles: ['owner', 'finance', 'content'],
    });
    expect(put.json.value).toEqual({ totpRequiredRoles: ['owner', 'finance', 'content'] });
    const next = await signIn({ username: 'content.two', password: 'a-long-password-1' }, '10.73.0.1');
    expect(next.json.value.status).toBe('enrolment_required');

    for (const bad of [
      { totpRequiredRoles: ['owner', 'admin'] },
      { totpRequiredRoles: ['owner', 'owner'] },
      {},
    ]) {
      const response = await call(owner, 'PUT', '/admin-api/security', bad);
      expect(response.status).toBe(400);
      expect(response.json).toMatchObject({ errorCode: 'validation_failed' });
    }
    expect((await call(finance, 'PUT', '/admin-api/security', { totpRequiredRoles: [] })).status).toBe(403);
    expect((await call(finance, 'GET', '/admin-api/security')).status).toBe(403);
    expect((await call(finance, 'DELETE', '/admin-api/operators/1/second-factor')).status).toBe(403);
    const ownerId = (await call(owner, 'GET', '/admin-api/session')).json.value.id;
    expect((await call(owner, 'DELETE', `/admin-api/operators/${ownerId}/second-factor`)).json).toMatchObject(
      {
        errorCode: 'cannot_change_own_account',
      },
    );
    expect((await call(owner, 'DELETE', '/admin-api/operators/99999/second-factor')).status).toBe(404);
    await call(owner, 'PUT', '/admin-api/security', { totpRequiredRoles: ['owner', 'finance'] });
    expect(await auditActions()).toEqual(expect.arrayContaining(['back_office.security.update']));
    const list = (await call(owner, 'GET', '/admin-api/operators')).json.value as Array<Json>;
    expect(list.find((o) => o.username === 'owner')).toMatchObject({ twoFactor: true });
    expect(list.find((o) => o.username === 'support')).toMatchObject({ twoFactor: false });
  });
});

describe('sign-in limits that never lock the operator out', () => {
  it('makes one address wait longer after each failure, while the operator signs in from elsewhere', async () => {
    await newOperator('wait.test', 'support');
    const codes: string[] = [];
    for (let i = 0; i < 5; i++)
      codes.push(
        (await signIn({ username: 'wait.test', password: 'wrong-password' }, '10.74.0.1')).json.errorCode,
      );
    expect(codes.slice(0, 3)).toEqual(['login_failed', 'login_failed', 'login_failed']);
    expect(codes[3]).toBe('too_many_attempts');
    const waiting = await signIn({ username: 'wait.test', password: 'a-long-password-1' }, '10.74.0.1');
    expect(waiting.status).toBe(429);
    expect(waiting.json.message).toMatch(/wait 1 seconds/);
    const elsewhere = await signIn({ username: 'wait.test', password: 'a-long-password-1' }, '10.74.0.2');
    expect(elsewhere.json.value.status).toBe('signed_in');
  });

  it(`asks new addresses for a captcha after ${OPERATOR_FAILURES_BEFORE_CHALLENGE} failures in the hour, never the operator's own`, async () => {
    await newOperator('cap.test', 'support');
    // The operator's own address: a sign-in from it.
    expect((await signIn({ username: 'cap.test', password: 'a-long-password-1' }, '10.75.9.9')).status).toBe(
      200,
    );
    const answers = [];
    for (let i = 1; i <= OPERATOR_FAILURES_BEFORE_CHALLENGE; i++)
      answers.push((await signIn({ username: 'cap.test', password: 'guess' }, `10.75.0.${i}`)).json);
    expect(answers.every((a) => a.errorCode === 'login_failed')).toBe(true);
    expect(answers.at(-1)?.captcha).toBe(true);
    const without = await signIn({ username: 'cap.test', password: 'a-long-password-1' }, '10.75.1.1');
    expect(without.status).toBe(400);
    expect(without.json).toMatchObject({ errorCode: 'captcha_required', field: 'captcha', captcha: true });
    const captcha = (await app.inject({ url: '/admin-api/captcha' })).json().value;
    expect(captcha.image).toMatch(/^data:image\/svg\+xml;base64,/);
    const wrong = await signIn(
      { username: 'cap.test', password: 'a-long-password-1', captcha: 'nope', captchaId: captcha.id },
      '10.75.1.1',
    );
    expect(wrong.json).toMatchObject({ errorCode: 'captcha_error', captcha: true });
    const fresh = (await app.inject({ url: '/admin-api/captcha' })).json().value;
    const solved = await signIn(
      { username: 'cap.test', password: 'a-long-password-1', captcha: 'KWXYZ', captchaId: fresh.id },
      '10.75.1.1',
    );
    expect(solved.json.value.status).toBe('signed_in');
    // From the operator's own address, no captcha at all.
    expect(
      (await signIn({ username: 'cap.test', password: 'a-long-password-1' }, '10.75.9.9')).json.value.status,
    ).toBe('signed_in');
  });

  it(`refuses an address after ${OPERATOR_IP_FAILURES_PER_HOUR} failures in the hour across accounts`, async () => {
    await database.db
      .insertInto('operator_sign_in_attempts')
      .values(
        Array.from({ length: OPERATOR_IP_FAILURES_PER_HOUR }, (_, i) => ({
          username: `stuffed${i}`,
          operator_id: null,
          ip: '10.76.0.1',
          known: false,
          outcome: 'failure' as const,
        })),
      )
      .execute();
    const refused = await signIn({ username: 'support', password: 'support-demo-1' }, '10.76.0.1');
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ errorCode: 'too_many_attempts', field: 'username' });
    expect((await signIn({ username: 'support', password: 'support-demo-1' }, '10.76.0.2')).status).toBe(200);
  });
});
