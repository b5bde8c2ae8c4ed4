import { checkRule, defaultRegistrationRules, rule } from '@tala/contracts/registration-rules';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lastSmsCode, register, solvedChallenge, uniqueName, withSettings } from './member-fixtures.ts';

const { app, services, database } = await testApp();

async function memberCount() {
  const row = await database.db
    .selectFrom('members')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

describe('registration settings', () => {
  it('delivers the rule set, the flags and the age', async () => {
    const response = await app.inject({ url: '/wps/system/setting/register' });
    expect(response.statusCode).toBe(200);
    const value = response.json().value;
    expect(value.rules).toEqual(defaultRegistrationRules());
    expect(value).toMatchObject({
      usernameRegistration: true,
      mobileRegistration: true,
      smsVerification: false,
      minimumAge: 18,
      allowedDialingCodes: ['+63'],
      codeExpiredMinutes: 10,
    });
  });
});

describe('username registration', () => {
  it('creates the member with what the rules show, records where it came from, and logs in', async () => {
    const username = uniqueName('Full');
    const response = await register(
      app,
      {
        username,
        payeeName: 'Ana Reyes',
        email: `${username}@example.com`,
        mobileNum: '9175550001',
        countryDialingCode: '+63',
        qqNum: '12345',
        referralCode: 'FRIEND42',
        domain: 'tala.localhost',
        registerUrl: 'http://tala.localhost/register?referralCode=FRIEND42',
      },
      { ip: '10.30.0.1' },
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().value).toMatchObject({
      token: expect.any(String),
      cpw: false,
      firstTimeLogin: true,
    });
    const row = await database.db
      .selectFrom('members')
      .selectAll()
      .where('username', '=', username.toLowerCase())
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      payee_name: 'Ana Reyes',
      mobile_dialing_code: '+63',
      mobile_number: '9175550001',
      referral_code: 'FRIEND42',
      register_domain: 'tala.localhost',
      register_method: 'WEB',
      register_ip: '10.30.0.1',
      // qqNum is hidden by the default rules: its value is ignored.
      qq_num: null,
      type: 0,
    });
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
    expect(row.register_url).toContain('referralCode=FRIEND42');
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('actor_name', '=', username.toLowerCase())
      .execute();
    expect(audit).toEqual(expect.arrayContaining([{ action: 'member.register', actor_type: 'member' }]));
  });

  it('names every field that fails its rule, each with its localised message, and creates nothing', async () => {
    const before = await memberCount();
    const response = await register(
      app,
      {
        username: '1bad',
        password: 'short',
        confirmPassword: 'other',
        email: 'not-an-email',
        mobileNum: '12',
        countryDialingCode: '+63',
        payeeName: 'R2D2',
      },
      { ip: '10.30.1.1', language: 'TY' },
    );
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body).toMatchObject({ success: false, errorCode: 'rule_violation', field: 'username' });
    expect(body.fields.map((f: { field: string }) => f.field).sort()).toEqual(
      ['confirmPassword', 'email', 'mobileNum', 'password', 'payeeName', 'username'].sort(),
    );
    const mobile = body.fields.find((f: { field: string }) => f.field === 'mobileNum');
    expect(mobile.message).toBe('Mga numero lamang; 10 na numero.');
    const confirm = body.fields.find((f: { field: string }) => f.field === 'confirmPassword');
    expect(confirm.message).toBe('Hindi magkapareho ang dalawang password.');
    expect(await memberCount()).toBe(before);
  });

  it('agrees with the shared checker for any username and password (property, on the server)', async () => {
    const rules = defaultRegistrationRules();
    const usernameRule = rules.find((r) => r.field === 'username') ?? rule('username', 'ANY', 1, 1);
    const passwordRule = rules.find((r) => r.field === 'password') ?? rule('password', 'ANY', 1, 1);
    let n = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.stringMatching(/^[a-z][a-z0-9]{5,15}$/),
          fc.string({ minLength: 1, maxLength: 20 }),
          fc.stringMatching(/^[0-9a-z]{1,20}$/),
        ),
        fc.oneof(fc.stringMatching(/^[a-z]{1,10}[0-9]{1,10}$/), fc.string({ minLength: 1, maxLength: 25 })),
        async (raw, password) => {
          n += 1;
          const username = `${raw}`.slice(0, 16);
          const expectedFailures = [checkRule(username, usernameRule), checkRule(password, passwordRule)]
            .filter((f) => f !== null)
            .map((f) => f?.field);
          const before = await memberCount();
          const response = await register(
            app,
            { username, password, confirmPassword: password },
            { ip: `10.31.${Math.floor(n / 200)}.${n % 200}` },
          );
          if (expectedFailures.length > 0) {
            expect(response.statusCode, response.body).toBe(400);
            expect(response.json().fields.map((f: { field: string }) => f.field)).toEqual(expectedFailures);
            expect(await memberCount()).toBe(before);
          } else {
            // A valid pair either registers or meets a name registered earlier in the run.
            expect([200, 409], response.body).toContain(response.statusCode);
            expect(await memberCount()).toBe(before + (response.statusCode === 200 ? 1 : 0));
          }
        },
      ),
      { numRuns: 40 },
    );
  });

  it('refuses a taken username case-insensitively', async () => {
    const username = uniqueName('dup');
    expect((await register(app, { username }, { ip: '10.30.2.1' })).statusCode).toBe(200);
    const again = await register(app, { username: username.toUpperCase() }, { ip: '10.30.2.1' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'username_taken', field: 'username' });
  });

  it('answers over-long, empty, wrong-type and look-alike input with a 4xx naming the field', async () => {
    const before = await memberCount();
    const cases: [Record<string, unknown>, string][] = [
      [{ username: 'a'.repeat(300) }, 'username'],
      [{ username: '' }, 'username'],
      [{ username: 12345 }, 'username'],
      [{ password: ['secret123'] }, 'password'],
      [{ email: { address: 'x@y.z' } }, 'email'],
      [{ username: 'ｄｅｍｏｕｓｅｒ' }, 'username'],
      [{ username: 'demouser\u200b' }, 'username'],
      [{ username: 'dеmouser' }, 'username'], // Cyrillic е
      [{ acceptTerms: false }, 'acceptTerms'],
      [{ confirmAge: 'yes' }, 'confirmAge'],
      [{ countryDialingCode: '63' }, 'countryDialingCode'],
    ];
    for (const [fields, field] of cases) {
      const response = await register(app, fields, { ip: '10.30.3.1' });
      expect(response.statusCode, JSON.stringify(fields)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(fields)).toBeLessThan(500);
      expect(response.json().field, JSON.stringify(fields)).toBe(field);
    }
    const notJson = await app.inject({
      method: 'PUT',
      url: '/wps/member/register',
      headers: { 'content-type': 'application/json' },
      payload: '{"username":',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await memberCount()).toBe(before);
  });

  it('requires the proof of work and creates nothing without it', async () => {
    const before = await memberCount();
    const response = await register(app, { challenge: 'eyJ9' }, { ip: '10.30.4.1' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ errorCode: 'challenge_required', field: 'challenge' });
    expect(await memberCount()).toBe(before);
  });

  it('joins an agent downline through the affiliate code, and refuses an invalid one', async () => {
    const check = await app.inject({ url: '/wps/agent/affiliate?code=agent1&domain=tala.localhost' });
    expect(check.json()).toEqual({ success: true, value: { code: 'AGENT1', valid: true } });
    const bad = await app.inject({ url: '/wps/agent/affiliate?code=NOPE99', headers: { language: 'TY' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({
      success: false,
      errorCode: 'invitation_code_error',
      message: 'Hindi wasto ang invitation code.',
      field: 'code',
    });
    // An agent code of another merchant is not valid here.
    const elsewhere = await app.inject({
      url: '/wps/agent/affiliate?code=AGENT1',
      headers: { merchant: 'lucky' },
    });
    expect(elsewhere.json().errorCode).toBe('invitation_code_error');

    const username = uniqueName('down');
    const joined = await register(app, { username, affiliateCode: 'agent1' }, { ip: '10.30.5.1' });
    expect(joined.statusCode, joined.body).toBe(200);
    const info = await app.inject({
      url: '/wps/member/info',
      headers: { authorization: joined.json().value.token },
    });
    expect(info.json().value).toMatchObject({ uplineAccount: 'agent1', toUpline: true });

    const before = await memberCount();
    const refused = await register(app, { affiliateCode: 'WRONG1' }, { ip: '10.30.5.1' });
    expect(refused.json()).toMatchObject({ errorCode: 'invitation_code_error', field: 'affiliateCode' });
    expect(await memberCount()).toBe(before);
  });

  it('does not log in when login is false', async () => {
    const response = await register(app, { login: false }, { ip: '10.30.6.1' });
    expect(response.json()).toEqual({ success: true, value: null });
  });

  it('is refused when username registration is switched off', async () => {
    const response = await withSettings(
      services,
      'lucky',
      (s) => {
        s.modules.usernameRegistration = false;
      },
      () => register(app, {}, { ip: '10.30.7.1', merchant: 'lucky' }),
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('function_disabled');
  });
});

describe('registration with an SMS code', () => {
  it('requires the code sent to the number, uses it once, and leaves it usable after a failed attempt', async () => {
    await withSettings(
      services,
      'tala',
      (s) => {
        s.modules.registrationSms = true;
      },
      async () => {
        const mobile = '9176660001';
        const sent = await app.inject({
          method: 'POST',
          url: '/wps/verification/sms/register',
          remoteAddress: '10.32.0.1',
          payload: { mobileNo: mobile, countryDialingCode: '+63' },
        });
        expect(sent.json(), sent.body).toEqual({ success: true, value: { expiredMinutes: 10 } });
        const code = await lastSmsCode(services, `+63${mobile}`);
        const fields = { mobileNum: mobile, countryDialingCode: '+63' };

        const noCode = await register(app, fields, { ip: '10.32.0.1' });
        expect(noCode.json()).toMatchObject({
          errorCode: 'verification_code_error',
          field: 'verificationCode',
        });
        // A failure after the code check (a taken name) leaves the code usable.
        const taken = await register(
          app,
          { ...fields, username: 'player1', verificationCode: code },
          { ip: '10.32.0.1' },
        );
        expect(taken.json()).toMatchObject({ errorCode: 'username_taken' });
        const ok = await register(app, { ...fields, verificationCode: code }, { ip: '10.32.0.1' });
        expect(ok.statusCode, ok.body).toBe(200);
        const reused = await register(
          app,
          { ...fields, mobileNum: mobile, verificationCode: code },
          { ip: '10.32.0.1' },
        );
        expect(reused.statusCode).toBe(400);
        expect(reused.json().errorCode).toBe('verification_code_error');
      },
    );
  });

  it('registers by mobile number alone (mobile registration), then logs in by SMS code', async () => {
    await withSettings(
      services,
      'tala',
      (s) => {
        s.modules.registrationSms = true;
      },
      async () => {
        const mobile = '9177770002';
        await app.inject({
          method: 'POST',
          url: '/wps/verification/sms/register',
          remoteAddress: '10.32.1.1',
          payload: { mobileNo: mobile, countryDialingCode: '+63' },
        });
        const code = await lastSmsCode(services, `+63${mobile}`);
        const response = await app.inject({
          method: 'PUT',
          url: '/wps/member/register/mobile',
          remoteAddress: '10.32.1.1',
          payload: {
            mobileNum: mobile,
            countryDialingCode: '+63',
            verificationCode: code,
            acceptTerms: true,
            confirmAge: true,
            acceptPrivacy: true,
            challenge: await solvedChallenge(app, '10.32.1.1'),
          },
        });
        expect(response.statusCode, response.body).toBe(200);
        const info = await app.inject({
          url: '/wps/member/info',
          headers: { authorization: response.json().value.token },
        });
        expect(info.json().value).toMatchObject({ account: 'm639177770002', hasPassword: false });

        const again = await app.inject({
          method: 'PUT',
          url: '/wps/member/register/mobile',
          remoteAddress: '10.32.1.1',
          payload: {
            mobileNum: mobile,
            countryDialingCode: '+63',
            verificationCode: code,
            acceptTerms: true,
            confirmAge: true,
            acceptPrivacy: true,
            challenge: await solvedChallenge(app, '10.32.1.1'),
          },
        });
        expect(again.statusCode).toBe(400);
      },
    );
  });

  it('refuses numbers of countries not on the list and malformed numbers', async () => {
    const foreign = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      remoteAddress: '10.32.2.1',
      payload: { mobileNo: '2025550123', countryDialingCode: '+1' },
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json()).toMatchObject({
      errorCode: 'sms_country_not_allowed',
      field: 'countryDialingCode',
    });
    const malformed = await app.inject({
      method: 'POST',
      url: '/wps/verification/sms/register',
      remoteAddress: '10.32.2.1',
      payload: { mobileNo: '91x7', countryDialingCode: '+63' },
    });
    expect(malformed.json()).toMatchObject({ errorCode: 'invalid_phone', field: 'mobileNo' });
  });
});

describe('registration rules in the back office', () => {
  it('lets owners change the rules, which the dialog and the server then follow', async () => {
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const current = await app.inject({
      url: '/admin-api/merchants/lucky/registration-rules',
      headers: { authorization: owner },
    });
    const rules = current.json().value as ReturnType<typeof defaultRegistrationRules>;
    const changed = rules.map((r) =>
      r.field === 'qqNum'
        ? { ...r, show: true, required: true }
        : r.field === 'username'
          ? rule('username', 'DIGITS', 6, 8, { required: true })
          : r,
    );
    const saved = await app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/lucky/registration-rules',
      headers: { authorization: owner },
      payload: changed,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const settings = await app.inject({
      url: '/wps/system/setting/register',
      headers: { merchant: 'lucky' },
    });
    expect(settings.json().value.rules.find((r: { field: string }) => r.field === 'qqNum')).toMatchObject({
      show: true,
      required: true,
    });
    const refused = await register(app, { username: 'abcdefg' }, { ip: '10.33.0.1', merchant: 'lucky' });
    expect(refused.json().fields.map((f: { field: string }) => f.field)).toEqual(['username', 'qqNum']);
    const ok = await register(
      app,
      { username: `${Date.now()}`.slice(-7), qqNum: '123456' },
      { ip: '10.33.0.1', merchant: 'lucky' },
    );
    expect(ok.statusCode, ok.body).toBe(200);
    const audit = await sql<{
      action: string;
    }>`SELECT action FROM audit_log WHERE action = 'registration.rules.update'`.execute(database.db);
    expect(audit.rows).toHaveLength(1);
  });

  it('refuses a forged pattern, a missing field and a non-owner', async () => {
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const rules = defaultRegistrationRules();
    const forged = await app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/tala/registration-rules',
      headers: { authorization: owner },
      payload: rules.map((r) => (r.field === 'email' ? { ...r, acceptedPattern: '(a+)+$' } : r)),
    });
    expect(forged.statusCode).toBe(400);
    expect(forged.json().field).toMatch(/acceptedPattern/);
    const missing = await app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/tala/registration-rules',
      headers: { authorization: owner },
      payload: rules.slice(1),
    });
    expect(missing.statusCode).toBe(400);
    const support = await operatorAuth(app, 'support', 'support-demo-1');
    const refused = await app.inject({
      method: 'PUT',
      url: '/admin-api/merchants/tala/registration-rules',
      headers: { authorization: support },
      payload: rules,
    });
    expect(refused.statusCode).toBe(403);
  });
});

describe('API documentation', () => {
  it('documents every member, session and verification route from the contract schemas', async () => {
    const response = await app.inject({ url: '/api-docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/wps/session/login',
      '/wps/session/login/freeplay',
      '/wps/session/login/secondCheck',
      '/wps/session/login/secondCheck/send',
      '/wps/session/logout',
      '/wps/member/register',
      '/wps/member/register/mobile',
      '/wps/member/info',
      '/wps/member/info/icon',
      '/wps/relay/MCSFE_getPlayerAvatar',
      '/wps/member/password',
      '/wps/member/password/email',
      '/wps/member/password/reset',
      '/wps/member/password/verification',
      '/wps/verification/sms/noLogin',
      '/wps/verification/sms/register',
      '/wps/agent/affiliate',
      '/wps/system/setting/register',
      '/wps/system/challenge',
      '/wps/captcha',
      '/admin-api/members',
      '/admin-api/members/{id}',
      '/admin-api/members/{id}/lock',
      '/admin-api/members/{id}/unlock',
      '/admin-api/members/{id}/password-reset',
      '/admin-api/merchants/{code}/registration-rules',
      '/admin-api/messages',
    ])
      expect(paths, path).toContain(path);
  });
});
