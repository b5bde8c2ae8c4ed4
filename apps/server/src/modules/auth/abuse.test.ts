// The abuse limits on the real server: a listening Fastify on loopback, many requests at once over HTTP, the
// visitor address taken from X-Forwarded-For (TRUST_PROXY). The proof of work is made trivial and the captcha text
// fixed here, so the tests measure the limits rather than the solver.
import type { AddressInfo } from 'node:net';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { sql } from 'kysely';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { migrate } from '../../db/migrate.ts';
import { seedDemo } from '../../seed/demo.ts';
import { freshDatabase } from '../../testing/test-app.ts';
import { lastEmail, lastSmsCode, uniqueName, withSettings } from '../members/member-fixtures.ts';
import { RESETS_FROM_STRANGERS_PER_DAY, RESETS_PER_ADDRESS_PER_HOUR } from '../members/members.service.ts';
import { UNTRUSTED_CODES_PER_HOUR } from '../verification/verification.service.ts';
import { ACCOUNT_FAILURES_PER_HOUR, IP_FAILURES_PER_HOUR } from './auth.service.ts';

vi.mock('altcha-lib', async (original) => {
  const real = (await original()) as typeof import('altcha-lib');
  return { ...real, randomInt: () => 3 };
});
vi.mock('svg-captcha', async (original) => {
  const real = ((await original()) as { default: typeof import('svg-captcha') }).default;
  return { default: { ...real, create: (o: object) => ({ ...real.create(o), text: 'kwxyz' }) } };
});

const database = await freshDatabase();
await migrate(database.db);
const { app, services } = await buildApp({ db: database.db, serveApps: false, trustProxy: true });
await seedDemo(services);
await app.listen({ port: 0, host: '127.0.0.1' });
const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
afterAll(async () => {
  await app.close();
  await database.close();
});

async function call(
  method: string,
  path: string,
  ip: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      'x-forwarded-for': ip,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return {
    status: response.status,
    headers: response.headers,
    // biome-ignore lint/suspicious/noExplicitAny: test reads arbitrary envelopes
    json: (await response.json()) as Record<string, any>,
  };
}

/** A solved challenge, made by the service (the challenge route's own per-address limit is not under test here). */
async function challenge() {
  const made = await services.verification.challenge();
  const solution = await solveChallenge({ challenge: made, deriveKey });
  return Buffer.from(JSON.stringify({ challenge: made, solution })).toString('base64');
}

async function attempt(username: string, password: string, ip: string, extra: object = {}) {
  return call('POST', '/wps/session/login', ip, {
    username,
    password,
    challenge: await challenge(),
    ...extra,
  });
}

describe('failed logins', () => {
  it('takes at most 100 failures an hour on one account from unknown addresses, however many arrive at once', async () => {
    const tala = await services.merchants.byCode('tala');
    const username = uniqueName('target');
    await services.members.create(tala, { username, password: 'right-pass-1' });
    // The member's own address, known from an earlier login.
    expect((await attempt(username, 'right-pass-1', '10.50.0.1')).status).toBe(200);

    const attackers = Array.from(
      { length: ACCOUNT_FAILURES_PER_HOUR + 30 },
      (_, i) => `10.51.${Math.floor(i / 250)}.${(i % 250) + 1}`,
    );
    const results = await Promise.all(attackers.map((ip) => attempt(username, 'guess-0000', ip)));
    const codes = results.map((r) => r.json.errorCode);
    expect(codes.filter((c) => c === 'login_failed')).toHaveLength(ACCOUNT_FAILURES_PER_HOUR);
    expect(codes.filter((c) => c === 'too_many_attempts')).toHaveLength(30);
    const refused = results.find((r) => r.json.errorCode === 'too_many_attempts');
    expect(refused?.status).toBe(429);
    expect(Number(refused?.headers.get('retry-after'))).toBeGreaterThan(0);

    const failures = await database.db
      .selectFrom('login_attempts')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('username', '=', username)
      .where('outcome', '=', 'failure')
      .executeTakeFirstOrThrow();
    expect(Number(failures.n)).toBe(ACCOUNT_FAILURES_PER_HOUR);

    // Even the right password is refused from yet another new address for the hour…
    expect((await attempt(username, 'right-pass-1', '10.52.0.1')).json.errorCode).toBe('too_many_attempts');
    // …but the attacker cannot lock the member out: from the address the member used, the login works.
    const home = await attempt(username, 'right-pass-1', '10.50.0.1');
    expect(home.status, JSON.stringify(home.json)).toBe(200);
    expect(home.json.value.token).toEqual(expect.any(String));
  });

  it('asks for the captcha after the first failure and makes each further failure wait longer', async () => {
    const tala = await services.merchants.byCode('tala');
    const username = uniqueName('slow');
    await services.members.create(tala, { username, password: 'right-pass-1' });
    const ip = '10.53.0.1';
    const first = await attempt(username, 'wrong-1', ip);
    expect(first.json).toMatchObject({ errorCode: 'login_failed', captcha: true });
    const waits: (number | undefined)[] = [];
    for (let i = 0; i < 5; i++) {
      const image = await call('GET', '/wps/captcha', ip);
      const captchaId = image.headers.get('captcha-id') as string;
      const response = await attempt(username, 'wrong-1', ip, { captcha: 'KWXYZ', captchaId });
      waits.push(response.json.retryAfterSeconds);
      if (response.json.errorCode === 'too_many_attempts') {
        // Let the wait pass without sleeping: move the failures back in time.
        await sql`UPDATE login_attempts SET at = at - interval '10 minutes' WHERE username = ${username}`.execute(
          database.db,
        );
      }
    }
    // Three failures, then 1 s, then (after another failure) 2 s.
    expect(waits).toEqual([undefined, undefined, 1, undefined, 2]);
  });

  it('accepts one parallel burst of right passwords without double-counting or errors', async () => {
    const { status } = await attempt('demo', 'demo-pass-1', '10.54.0.1');
    expect(status).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 20 }, () => attempt('demo', 'demo-pass-1', '10.54.0.1')),
    );
    expect(results.map((r) => r.json.errorCode ?? r.status)).toEqual(results.map(() => 200));
    const live = await database.db
      .selectFrom('member_sessions')
      .innerJoin('members', 'members.id', 'member_sessions.member_id')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('members.username', '=', 'demo')
      .where('member_sessions.revoked_at', 'is', null)
      .executeTakeFirstOrThrow();
    // One session per member: of twenty simultaneous logins, exactly one session is live.
    expect(Number(live.n)).toBe(1);
  });
});

describe('credential stuffing from one address', () => {
  it('asks for the captcha after 5 failures on any accounts and refuses the address after 200 an hour', async () => {
    const tala = await services.merchants.byCode('tala');
    const ip = '10.55.0.1';
    const statuses: string[] = [];
    for (let batch = 0; batch < 11; batch++) {
      const results = await Promise.all(
        Array.from({ length: 20 }, async (_, i) => {
          const { id } = await services.verification.captcha(tala.id);
          return attempt(`stuffed${batch}x${i}`, 'guess-0000', ip, { captcha: 'kwxyz', captchaId: id });
        }),
      );
      statuses.push(...results.map((r) => r.json.errorCode as string));
    }
    expect(statuses.filter((c) => c === 'login_failed')).toHaveLength(IP_FAILURES_PER_HOUR);
    expect(statuses.filter((c) => c === 'too_many_attempts')).toHaveLength(220 - IP_FAILURES_PER_HOUR);
    const withoutCaptcha = await attempt('someone-new', 'guess-0000', ip);
    expect(withoutCaptcha.json).toMatchObject({ errorCode: 'captcha_required', captcha: true });
    // Another address is not affected.
    expect((await attempt('someone-new', 'guess-0000', '10.55.0.2')).json.errorCode).toBe('login_failed');
  }, 240_000);
});

describe('SMS pumping limits', () => {
  const send = (ip: string, mobileNo: string) =>
    call('POST', '/wps/verification/sms/register', ip, { mobileNo, countryDialingCode: '+63' });

  it('sends one address one code to a number however often it asks at once, then makes it wait longer each time', async () => {
    const results = await Promise.all(Array.from({ length: 6 }, () => send('10.60.0.1', '9170001234')));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    const refused = results.filter((r) => r.json.errorCode === 'sms_too_many_requests');
    expect(refused).toHaveLength(5);
    expect(refused[0]?.status).toBe(429);
    expect(refused[0]?.json.message).toMatch(/retry after 1 minutes/);
    const { sms } = await services.messaging.localSimulators();
    expect(sms.messages('+639170001234')).toHaveLength(1);
    // The wait grows with each code this address asked for the number in the day.
    await sql`UPDATE verification_codes SET created_at = created_at - interval '61 seconds' WHERE destination = '+639170001234'`.execute(
      database.db,
    );
    expect((await send('10.60.0.1', '9170001234')).status).toBe(200);
    const third = await send('10.60.0.1', '9170001234');
    expect(third.json).toMatchObject({ errorCode: 'sms_too_many_requests' });
    expect(third.json.message).toMatch(/retry after 2 minutes/);
    // Another address has its own wait.
    expect((await send('10.60.0.2', '9170001234')).status).toBe(200);
  });

  it(`lets strangers together send a number ${UNTRUSTED_CODES_PER_HOUR} codes an hour, from however many addresses`, async () => {
    const results = await Promise.all(
      Array.from({ length: 15 }, (_, i) => send(`10.60.1.${i + 1}`, '9170004321')),
    );
    expect(results.filter((r) => r.status === 200)).toHaveLength(UNTRUSTED_CODES_PER_HOUR);
    expect(results.filter((r) => r.json.errorCode === 'sms_too_many_requests')).toHaveLength(
      15 - UNTRUSTED_CODES_PER_HOUR,
    );
    const { sms } = await services.messaging.localSimulators();
    expect(sms.messages('+639170004321')).toHaveLength(UNTRUSTED_CODES_PER_HOUR);
  });

  it('caps the codes one address may ask for in a day', async () => {
    await withSettings(
      services,
      'tala',
      (s) => {
        s.members.smsDailyCapPerIp = 3;
      },
      async () => {
        const results = await Promise.all(
          Array.from({ length: 6 }, (_, i) => send('10.61.0.1', `91710000${String(i).padStart(2, '0')}`)),
        );
        expect(results.filter((r) => r.status === 200)).toHaveLength(3);
        expect(results.filter((r) => r.json.errorCode === 'sms_quota_exceeded')).toHaveLength(3);
      },
    );
  });

  it('caps the codes to one dialling code in a day, and sends only to allowed countries', async () => {
    await withSettings(
      services,
      'tala',
      (s) => {
        s.members.smsDailyCapPerDialingCode = 4;
        s.members.smsAllowedDialingCodes = ['+63', '+84'];
      },
      async () => {
        const results = await Promise.all(
          Array.from({ length: 7 }, (_, i) =>
            call('POST', '/wps/verification/sms/register', `10.62.0.${i + 1}`, {
              mobileNo: `90100000${i}`,
              countryDialingCode: '+84',
            }),
          ),
        );
        expect(results.filter((r) => r.status === 200)).toHaveLength(4);
        expect(results.filter((r) => r.json.errorCode === 'sms_quota_exceeded')).toHaveLength(3);
        const blocked = await call('POST', '/wps/verification/sms/register', '10.62.1.1', {
          mobileNo: '9012345678',
          countryDialingCode: '+855',
        });
        expect(blocked.json.errorCode).toBe('sms_country_not_allowed');
      },
    );
  });
});

describe('codes', () => {
  it('are six digits, live ten minutes and die after five wrong tries', async () => {
    const mobile = '9170009999';
    expect(
      (
        await call('POST', '/wps/verification/sms/register', '10.63.0.1', {
          mobileNo: mobile,
          countryDialingCode: '+63',
        })
      ).status,
    ).toBe(200);
    const row = await database.db
      .selectFrom('verification_codes')
      .select(['created_at', 'expires_at'])
      .where('destination', '=', `+63${mobile}`)
      .executeTakeFirstOrThrow();
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeGreaterThanOrEqual(10 * 60_000 - 1000);
    expect(row.expires_at.getTime() - row.created_at.getTime()).toBeLessThanOrEqual(10 * 60_000 + 1000);
    const { sms } = await services.messaging.localSimulators();
    const code = /\b([0-9]{6})\b/.exec(sms.messages(`+63${mobile}`).at(-1)?.text ?? '')?.[1] as string;
    expect(code).toMatch(/^[0-9]{6}$/);
    const tala = await services.merchants.byCode('tala');
    const check = (value: string) =>
      services.verification
        .checkCode({
          merchantId: tala.id,
          purpose: 'register',
          destination: `+63${mobile}`,
          code: value,
          field: 'code',
        })
        .then(
          () => 'ok',
          (error: { code: string }) => error.code,
        );
    const wrong = code === '000000' ? '000001' : '000000';
    for (let i = 0; i < 5; i++) expect(await check(wrong)).toBe('verification_code_error');
    expect(await check(code)).toBe('verification_code_error');
  });
});

describe('limits a stranger cannot turn against a member', () => {
  async function memberWithContacts(mobile: string, email: string, knownIp: string) {
    const tala = await services.merchants.byCode('tala');
    const username = uniqueName('owned');
    const id = await services.members.create(tala, {
      username,
      password: 'right-pass-1',
      mobile: { dialingCode: '+63', number: mobile },
      email,
    });
    await services.members.repository.rememberIp(database.db, id, knownIp);
    return { username, id };
  }

  it("never delays the member's own SMS login code, and a stranger's later code does not void it", async () => {
    const mobile = '9175557001';
    const to = `+63${mobile}`;
    await memberWithContacts(mobile, 'sms-owner@example.test', '10.64.9.9');
    const ask = (ip: string) =>
      call('POST', '/wps/verification/sms/noLogin', ip, { mobileNum: mobile, countryDialingCode: '+63' });
    // A stranger floods the number from many addresses and again from one: the budget and its wait are spent.
    const flood = await Promise.all(Array.from({ length: 12 }, (_, i) => ask(`10.64.0.${i + 1}`)));
    expect(flood.filter((r) => r.status === 200)).toHaveLength(UNTRUSTED_CODES_PER_HOUR);
    expect((await ask('10.64.0.1')).json.errorCode).toBe('sms_too_many_requests');
    // The member, from an address of theirs, still gets a code at once…
    const own = await ask('10.64.9.9');
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    const code = await lastSmsCode(services, to);
    // …which a stranger's code asked for later does not replace.
    await sql`UPDATE verification_codes SET created_at = created_at - interval '2 hours' WHERE destination = ${to} AND NOT trusted`.execute(
      database.db,
    );
    expect((await ask('10.64.1.1')).status).toBe(200);
    const login = await call('POST', '/wps/session/login', '10.64.9.9', {
      type: 'sms',
      username: mobile,
      countryDialingCode: '+63',
      password: code,
    });
    expect(login.status, JSON.stringify(login.json)).toBe(200);
    expect(login.json.value.token).toEqual(expect.any(String));
  });

  it("never blocks the member's own password-reset e-mail, and bounds a stranger's flood of the inbox", async () => {
    const email = `reset-owner-${Date.now()}@example.test`;
    const { username } = await memberWithContacts('9175557002', email, '10.65.9.9');
    const forgot = (ip: string) => call('POST', '/wps/member/password/email', ip, { username, email });
    const { smtp } = await services.messaging.localSimulators();
    const sent = () => smtp.messages(email).length;
    // One address gets a few an hour…
    for (let i = 0; i < RESETS_PER_ADDRESS_PER_HOUR; i++)
      expect((await forgot('10.65.0.1')).status).toBe(200);
    const refused = await forgot('10.65.0.1');
    expect(refused.status).toBe(429);
    expect(refused.json).toMatchObject({ errorCode: 'too_many_attempts', field: 'email' });
    // …strangers together a few a day…
    const others = Array.from({ length: RESETS_FROM_STRANGERS_PER_DAY }, (_, i) =>
      forgot(`10.65.1.${i + 1}`),
    );
    const answers = await Promise.all(others);
    expect(answers.filter((r) => r.status === 200)).toHaveLength(
      RESETS_FROM_STRANGERS_PER_DAY - RESETS_PER_ADDRESS_PER_HOUR,
    );
    expect(sent()).toBe(RESETS_FROM_STRANGERS_PER_DAY);
    // …and the member, from an address of theirs, still gets the link.
    const own = await forgot('10.65.9.9');
    expect(own.status, JSON.stringify(own.json)).toBe(200);
    expect(sent()).toBe(RESETS_FROM_STRANGERS_PER_DAY + 1);
    expect((await lastEmail(services, email)).text).toContain('resetToken=');
  });

  it('limits the accounts one address registers in a day (setting), writing nothing when refused', async () => {
    await withSettings(
      services,
      'tala',
      (s) => {
        s.members.registrationsPerIpPerDay = 2;
      },
      async () => {
        const register = async (ip: string) =>
          call('PUT', '/wps/member/register', ip, {
            username: uniqueName('ipreg'),
            password: 'secret123',
            confirmPassword: 'secret123',
            acceptTerms: true,
            confirmAge: true,
            acceptPrivacy: true,
            challenge: await challenge(),
          });
        const results = await Promise.all(Array.from({ length: 4 }, () => register('10.66.0.1')));
        expect(results.filter((r) => r.status === 200)).toHaveLength(2);
        const refused = results.filter((r) => r.status === 429);
        expect(refused).toHaveLength(2);
        expect(refused[0]?.json).toMatchObject({ errorCode: 'too_many_registrations', field: 'username' });
        expect(refused[0]?.json.message).toMatch(/registered 2 accounts today/);
        const { count } = await database.db
          .selectFrom('members')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('register_ip', '=', '10.66.0.1')
          .executeTakeFirstOrThrow();
        expect(Number(count)).toBe(2);
        expect((await register('10.66.0.2')).status).toBe(200);
      },
    );
  });
});
