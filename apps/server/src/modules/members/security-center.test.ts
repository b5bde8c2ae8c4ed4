import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';
import { lastEmail, lastSmsCode, newMember, solvedChallenge, uniqueName } from './member-fixtures.ts';

const { app, services, database } = await testApp();

async function actions(name: string) {
  const rows = await database.db
    .selectFrom('audit_log')
    .select(['action', 'before', 'after'])
    .where('actor_name', '=', name)
    .orderBy('id')
    .execute();
  return rows;
}

function as(token: string) {
  return (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object, ip = '10.46.0.1') =>
    app.inject({
      method,
      url,
      remoteAddress: ip,
      headers: { authorization: token },
      ...(payload ? { payload: payload as Record<string, unknown> } : {}),
    });
}

function codeOf(text: string) {
  const code = /\b([0-9]{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no code in ${text}`);
  return code;
}

describe('nickname', () => {
  it('changes the nickname (audited) and refuses empty, over-long, look-alike and wrong-type ones', async () => {
    const { username, token } = await newMember(app, { ip: '10.46.1.1' });
    const call = as(token);
    const named = await call('PUT', '/wps/member/info', { nickname: '  Lucky Ana ' });
    expect(named.json().value).toMatchObject({ nickname: 'Lucky Ana' });
    for (const nickname of ['   ', 'x'.repeat(31), 7, null]) {
      const bad = await call('PUT', '/wps/member/info', { nickname });
      expect(bad.statusCode, String(nickname)).toBe(400);
      expect(bad.json()).toMatchObject({ errorCode: 'validation_failed', field: 'nickname' });
    }
    for (const nickname of ['Ａna', 'An\u200Ba']) {
      const confusable = await call('PUT', '/wps/member/info', { nickname });
      expect(confusable.json()).toMatchObject({ errorCode: 'validation_failed', field: 'nickname' });
    }
    expect((await call('GET', '/wps/member/info')).json().value.nickname).toBe('Lucky Ana');
    const logged = await actions(username);
    expect(logged.filter((a) => a.action === 'member.profile.update')).toEqual([
      expect.objectContaining({ before: { nickname: null }, after: { nickname: 'Lucky Ana' } }),
    ]);
  });
});

describe('binding an e-mail address by code', () => {
  it('sends a code to the new address, binds it once with that code, and audits the change', async () => {
    const { username, token } = await newMember(app, { ip: '10.46.2.1' });
    const call = as(token);
    const email = `${username}@Example.com`;
    const sent = await call('POST', '/wps/member/contact/code', { channel: 'email', email });
    expect(sent.json(), sent.body).toEqual({ success: true, value: { expiredMinutes: 10 } });
    const mail = await lastEmail(services, email.toLowerCase());
    const code = codeOf(mail.text);

    const wrong = await call('PUT', '/wps/member/contact', {
      channel: 'email',
      email,
      verificationCode: code === '000000' ? '111111' : '000000',
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ errorCode: 'verification_code_error', field: 'verificationCode' });
    const malformed = await call('PUT', '/wps/member/contact', {
      channel: 'email',
      email,
      verificationCode: 'abc',
    });
    expect(malformed.json()).toMatchObject({ errorCode: 'verification_code_error' });

    const bound = await call('PUT', '/wps/member/contact', {
      channel: 'email',
      email,
      verificationCode: code,
    });
    expect(bound.json(), bound.body).toMatchObject({ success: true });
    expect(bound.json().value.maskedEmail).toMatch(/^me\*+@example\.com$/);

    // The same code cannot bind again (the contact is now the member's own, and the code is used up).
    const again = await call('PUT', '/wps/member/contact', {
      channel: 'email',
      email,
      verificationCode: code,
    });
    expect(again.json()).toMatchObject({ errorCode: 'contact_unchanged', field: 'email' });
    const logged = await actions(username);
    expect(logged.find((a) => a.action === 'member.contact.change')).toMatchObject({
      before: { email: null },
      after: { email: expect.stringMatching(/@example\.com$/) },
    });
    // The outbox keeps the message with the code masked.
    const outbox = await database.db
      .selectFrom('message_outbox')
      .selectAll()
      .where('purpose', '=', 'contact')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(outbox)).not.toContain(code);
  });

  it('refuses a reused code, an expired code and a bad address', async () => {
    const first = await newMember(app, { ip: '10.46.3.1' });
    const second = await newMember(app, { ip: '10.46.3.2' });
    const emailA = `${first.username}@example.com`;
    await as(first.token)('POST', '/wps/member/contact/code', { channel: 'email', email: emailA });
    const code = codeOf((await lastEmail(services, emailA)).text);
    expect(
      (
        await as(first.token)('PUT', '/wps/member/contact', {
          channel: 'email',
          email: emailA,
          verificationCode: code,
        })
      ).statusCode,
    ).toBe(200);
    // Reused: a fresh address with the used code of another.
    const emailB = `${second.username}@example.com`;
    const reused = await as(second.token)('PUT', '/wps/member/contact', {
      channel: 'email',
      email: emailB,
      verificationCode: code,
    });
    expect(reused.json()).toMatchObject({ errorCode: 'verification_code_error' });

    await as(second.token)('POST', '/wps/member/contact/code', { channel: 'email', email: emailB });
    const late = codeOf((await lastEmail(services, emailB)).text);
    await database.db
      .updateTable('verification_codes')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('destination', '=', emailB)
      .execute();
    const expired = await as(second.token)('PUT', '/wps/member/contact', {
      channel: 'email',
      email: emailB,
      verificationCode: late,
    });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({
      errorCode: 'verification_code_expired',
      field: 'verificationCode',
    });

    for (const email of ['nope', '', 'x'.repeat(300), 'ａ@example.com']) {
      const bad = await as(second.token)('POST', '/wps/member/contact/code', { channel: 'email', email });
      expect(bad.statusCode, email).toBe(400);
      expect(bad.json().field, email).toBe('email');
    }
    const wrongType = await as(second.token)('POST', '/wps/member/contact/code', {
      channel: 'fax',
      email: emailB,
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it("refuses another member's address, at the code and at the binding", async () => {
    const holder = await newMember(app, { ip: '10.46.4.1' }, { email: `${uniqueName('held')}@example.com` });
    const heldEmail = (
      await database.db
        .selectFrom('members')
        .select('email')
        .where('username', '=', holder.username)
        .executeTakeFirstOrThrow()
    ).email as string;
    const other = await newMember(app, { ip: '10.46.4.2' });
    const taken = await as(other.token)('POST', '/wps/member/contact/code', {
      channel: 'email',
      email: heldEmail.toUpperCase(),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errorCode: 'email_taken', field: 'email' });

    // The address is free when the code is sent and taken before it is used.
    const free = `${other.username}@example.com`;
    await as(other.token)('POST', '/wps/member/contact/code', { channel: 'email', email: free });
    const code = codeOf((await lastEmail(services, free)).text);
    await database.db
      .updateTable('members')
      .set({ email: free })
      .where('username', '=', holder.username)
      .execute();
    const late = await as(other.token)('PUT', '/wps/member/contact', {
      channel: 'email',
      email: free,
      verificationCode: code,
    });
    expect(late.json()).toMatchObject({ errorCode: 'email_taken', field: 'email' });
    const info = await as(other.token)('GET', '/wps/member/info');
    expect(info.json().value.maskedEmail).toBeNull();
  });

  it('replaces a bound address only with the login password', async () => {
    const { token, username } = await newMember(
      app,
      { ip: '10.46.5.1' },
      { email: `${uniqueName('old')}@example.com` },
    );
    const email = `${username}.new@example.com`;
    await as(token)('POST', '/wps/member/contact/code', { channel: 'email', email });
    const code = codeOf((await lastEmail(services, email)).text);
    const bind = (password?: string) =>
      as(token)('PUT', '/wps/member/contact', {
        channel: 'email',
        email,
        verificationCode: code,
        ...(password ? { password } : {}),
      });
    expect((await bind()).json()).toMatchObject({ errorCode: 'validation_failed', field: 'password' });
    expect((await bind('not-it-123')).json()).toMatchObject({
      errorCode: 'old_password_incorrect',
      field: 'password',
    });
    const ok = await bind('secret123');
    expect(ok.json(), ok.body).toMatchObject({ success: true });
  });
});

describe('binding a mobile number by code', () => {
  it('sends an SMS code to the new number and binds it; refuses a held number and a barred country', async () => {
    const { token, username } = await newMember(app, { ip: '10.46.6.1' });
    const number = `917${String(Date.now()).slice(-7)}`;
    const sent = await as(token)('POST', '/wps/member/contact/code', {
      channel: 'sms',
      mobileNum: number,
      countryDialingCode: '+63',
    });
    expect(sent.json(), sent.body).toEqual({ success: true, value: { expiredMinutes: 10 } });
    const code = await lastSmsCode(services, `+63${number}`);
    const bound = await as(token)('PUT', '/wps/member/contact', {
      channel: 'sms',
      mobileNum: number,
      countryDialingCode: '+63',
      verificationCode: code,
    });
    expect(bound.json().value.maskedMobile).toMatch(/^\+63 91\*+\d\d$/);
    expect((await actions(username)).map((a) => a.action)).toContain('member.contact.change');

    const other = await newMember(app, { ip: '10.46.6.2' });
    const taken = await as(other.token)('POST', '/wps/member/contact/code', {
      channel: 'sms',
      mobileNum: number,
      countryDialingCode: '+63',
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ errorCode: 'mobile_taken', field: 'mobileNum' });
    const barred = await as(other.token)('POST', '/wps/member/contact/code', {
      channel: 'sms',
      mobileNum: '9171234567',
      countryDialingCode: '+1',
    });
    expect(barred.json()).toMatchObject({ errorCode: 'sms_country_not_allowed' });
    const noCode = await as(other.token)('POST', '/wps/member/contact/code', {
      channel: 'sms',
      mobileNum: '9171234567',
    });
    expect(noCode.json()).toMatchObject({ errorCode: 'validation_failed', field: 'countryDialingCode' });
    const letters = await as(other.token)('POST', '/wps/member/contact/code', {
      channel: 'sms',
      mobileNum: 'abc',
      countryDialingCode: '+63',
    });
    expect(letters.statusCode).toBe(400);
    expect(letters.json().field).toBe('mobileNum');
  });

  it('is refused to a free-play (trial) member and without a session', async () => {
    const trial = await app.inject({
      method: 'POST',
      url: '/wps/session/login/freeplay',
      remoteAddress: '10.46.6.9',
      headers: { 'gateway-version': '3' },
      payload: {
        os: 'Linux',
        platform: 'W',
        random: 'abc',
        challenge: await solvedChallenge(app, '10.46.6.9'),
      },
    });
    expect(trial.statusCode, trial.body).toBe(200);
    const trialCall = as(trial.json().value.token as string);
    for (const [method, url] of [
      ['POST', '/wps/member/contact/code'],
      ['PUT', '/wps/member/contact'],
    ] as const) {
      const refused = await trialCall(method, url, {
        channel: 'email',
        email: 'trial@example.com',
        verificationCode: '123456',
      });
      expect(refused.json(), url).toMatchObject({ errorCode: 'in_need_true_account' });
    }
    expect((await trialCall('PUT', '/wps/member/info', { nickname: 'Trial' })).json()).toMatchObject({
      errorCode: 'in_need_true_account',
    });

    const response = await app.inject({
      method: 'POST',
      url: '/wps/member/contact/code',
      payload: { channel: 'email', email: 'a@example.com' },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('recent logins', () => {
  it("lists the member's own latest logins with address and country, newest first", async () => {
    const { token } = await newMember(app, { ip: '8.8.8.8' });
    const other = await newMember(app, { ip: '10.46.7.2' });
    const mine = (await as(token)('GET', '/wps/member/logins')).json().value;
    expect(mine).toEqual([
      expect.objectContaining({ ip: '8.8.8.8', country: 'US', method: 'register', outcome: 'success' }),
    ]);
    const theirs = (await as(other.token)('GET', '/wps/member/logins')).json().value;
    expect(theirs).toEqual([expect.objectContaining({ ip: '10.46.7.2', country: null })]);
  });
});

describe('payment password (members service)', () => {
  it('sets with the login password, checks the rule, changes later, verifies and throttles wrong tries', async () => {
    const { username } = await newMember(app, { ip: '10.46.8.1' });
    const row = await services.members.repository.byUsername(1, username);
    if (!row) throw new Error('member missing');
    const signedIn = { ...row, tokenHash: Buffer.alloc(32) };
    const { members } = services;
    expect(await members.paymentPasswordIsSet(row.id)).toBe(false);
    await expect(members.verifyPaymentPassword(row, '123456')).rejects.toMatchObject({
      code: 'payment_password_not_set',
    });
    await expect(
      members.setPaymentPassword(
        signedIn,
        { loginPassword: 'wrong-pass', paymentPassword: '123456' },
        '10.46.8.1',
      ),
    ).rejects.toMatchObject({ code: 'old_password_incorrect' });
    await expect(
      members.setPaymentPassword(
        signedIn,
        { loginPassword: 'secret123', paymentPassword: '12ab' },
        '10.46.8.1',
      ),
    ).rejects.toMatchObject({ code: 'rule_violation' });
    await members.setPaymentPassword(
      signedIn,
      { loginPassword: 'secret123', paymentPassword: '123456' },
      '10.46.8.1',
    );
    await members.verifyPaymentPassword(row, '123456');
    await members.setPaymentPassword(
      signedIn,
      { loginPassword: 'secret123', paymentPassword: '654321' },
      '10.46.8.1',
    );
    await expect(members.verifyPaymentPassword(row, '123456')).rejects.toMatchObject({
      code: 'payment_password_incorrect',
    });
    for (let i = 0; i < 4; i++)
      await expect(members.verifyPaymentPassword(row, '000000')).rejects.toMatchObject({
        code: 'payment_password_incorrect',
      });
    await expect(members.verifyPaymentPassword(row, '654321')).rejects.toMatchObject({
      code: 'too_many_attempts',
    });
    expect((await actions(username)).map((a) => a.action)).toEqual(
      expect.arrayContaining(['member.payment_password.set', 'member.payment_password.change']),
    );
  });
});

describe('badge counts', () => {
  it('counts unread platform messages; a new member has no promotion, mission or reward to claim', async () => {
    const { token, username } = await newMember(app, { ip: '10.46.9.1' });
    const counts = () => as(token)('GET', '/wps/member/counts').then((r) => r.json().value);
    expect(await counts()).toEqual({ message: 0, promotion: 0, mission: 0, reward: 0, unclaimed: 0 });
    const row = await services.members.repository.byUsername(1, username);
    if (!row) throw new Error('member missing');
    const identity = {
      id: row.id,
      merchantId: row.merchant_id,
      account: row.username,
      nickname: null,
      type: row.type,
      vipLevel: 0,
    };
    const feedback = await services.support.submitFeedback(
      identity,
      {
        questionType: 'deposit',
        content: 'My deposit from this morning has not arrived in my wallet yet, please check.',
      },
      [],
      'EN',
      '10.46.9.1',
    );
    await services.support.answerFeedback(
      { id: 1, name: 'owner', ip: '127.0.0.1' },
      feedback.id,
      'It has arrived now.',
    );
    expect(await counts()).toEqual({ message: 1, promotion: 0, mission: 0, reward: 0, unclaimed: 1 });
    const other = await newMember(app, { ip: '10.46.9.2' });
    expect((await as(other.token)('GET', '/wps/member/counts')).json().value.message).toBe(0);
    expect((await app.inject({ url: '/wps/member/counts' })).statusCode).toBe(401);
  });
});
