// Time-out, self-exclusion, family and operator exclusion, closure (issue 18 item 3;
// docs/decisions/047-time-out-and-self-exclusion.md): every member call refused with the break's own code outside
// the allow-list, exclusions across the merchants of a group by each shared identifier, never shortened, the effects
// (bonuses forfeited with balanced entries, chases refunded, vendor bets refused, marketing skipped) and what still
// works (withdrawals paid).
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { changes } from '../../lib/change-feed.ts';
import { timeInZone } from '../../lib/format-time.ts';
import { operatorAuth, testApp, vendorCaller } from '../../testing/test-app.ts';
import { chaseHoldVendor } from '../lottery/chases.ts';
import { testDraw } from '../lottery/lottery-testing.ts';
import { normaliseIdNumber } from '../members/member-identity.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { withPromotionTables } from '../promotions/promotions.tables.ts';

const { app, services } = await testApp();
const vendorCall = await vendorCaller({ app, services });
const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');
// A merchant outside the demo merchants' exclusion group.
await services.merchants.create(
  'solo',
  { ...(await services.merchants.storedSettings('tala')), exclusionGroup: null },
  ['solo.localhost'],
);
const solo = await services.merchants.byCode('solo');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
const PAY = '246810';

let calls = 0;
type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';
function call(token: string | undefined, method: Method, url: string, payload?: unknown, merchant = 'tala') {
  calls += 1;
  return app.inject({
    method,
    url,
    // A new address per call, so per-address rate limits never answer instead of the route.
    remoteAddress: `10.9.${(calls >> 8) & 255}.${calls & 255}`,
    headers: { merchant, ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const admin = (token: string, method: Method, url: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

type Identifiers = {
  mobile?: string;
  mobileVerified?: boolean;
  email?: string;
  emailVerified?: boolean;
  idNumber?: string;
};

/** A member with a login password, a payment password, funds and the identifiers given; and a session. */
async function member(merchant: Merchant = tala, funds = 0, ids: Identifiers = {}) {
  const username = `x${crypto.randomBytes(5).toString('hex')}`;
  const id = await services.members.create(merchant, {
    username,
    password: 'secret123',
    payeeName: 'Ana Reyes',
  });
  const identifiers = {
    ...(ids.mobile
      ? {
          mobile_dialing_code: '+63',
          mobile_number: ids.mobile,
          mobile_verified_at: ids.mobileVerified === false ? null : new Date(),
        }
      : {}),
    ...(ids.email
      ? { email: ids.email, email_verified_at: ids.emailVerified === false ? null : new Date() }
      : {}),
    ...(ids.idNumber ? { verified_id_number: normaliseIdNumber(ids.idNumber) } : {}),
  };
  if (Object.keys(identifiers).length > 0)
    await services.db.updateTable('members').set(identifiers).where('id', '=', id).execute();
  if (funds > 0) {
    await services.wallet.transfer(services.db, {
      merchantId: merchant.id,
      idempotencyKey: `excl-test-fund-${id}`,
      type: 'deposit',
      from: await services.wallet.houseAccount(merchant.id, 'house_deposit_clearing'),
      to: await services.wallet.memberAccount(merchant.id, id),
      amount: funds,
      actor: { type: 'system' },
    });
  }
  const { token } = await services.db
    .transaction()
    .execute((trx) => services.members.startSession(trx, merchant, id, '127.0.0.1'));
  return { id, username, token, merchant };
}
type Member = Awaited<ReturnType<typeof member>>;

const balanceOf = async (m: Member) =>
  services.wallet.balance(await services.wallet.memberAccount(m.merchant.id, m.id));
const timeOut = (m: Member, hours: unknown = 24) =>
  call(m.token, 'POST', '/wps/member/breaks/timeout', { hours, confirm: true }, m.merchant.code);
const selfExclude = (m: Member, period: unknown = '6m') =>
  call(m.token, 'POST', '/wps/member/breaks/self-exclusion', { period, confirm: true }, m.merchant.code);
const closeAccount = (m: Member) =>
  call(m.token, 'POST', '/wps/member/breaks/closure', { confirm: true }, m.merchant.code);
const balanceCall = (m: Member) =>
  call(m.token, 'GET', '/wps/v2/wallets/balance', undefined, m.merchant.code);
const breaksRows = async (memberId: number) =>
  services.db.selectFrom('member_exclusions').selectAll().where('member_id', '=', memberId).execute();
/** A change made behind the service's back (the test clock): every cached session is read again. */
const dropCaches = () => changes.publish(services.db, { on: 'all' });

describe('every member call while restricted (walks the OpenAPI document)', () => {
  it('refuses each operation outside the allow-list with the break’s own code, and the allow-list still works', async () => {
    const docs = (await app.inject({ url: '/api-docs/json' })).json() as {
      paths: Record<string, Record<string, unknown>>;
    };
    const operations = Object.entries(docs.paths)
      .filter(([path]) => path.startsWith('/wps/') || path.startsWith('/lgw/'))
      .flatMap(([path, methods]) =>
        Object.keys(methods).map((method) => ({ method: method.toUpperCase() as Method, path })),
      )
      // Logging out ends the session the walk uses; it is checked last.
      .filter((op) => op.path !== '/wps/session/logout');
    const urlOf = (path: string) => path.replace(/\{\w+\}/g, '1');
    // The member operations: those a guest is refused with not_logged_in.
    const memberOps: typeof operations = [];
    for (const op of operations) {
      const guest = await call(undefined, op.method, urlOf(op.path), op.method === 'GET' ? undefined : {});
      if (guest.statusCode === 401 && guest.json().errorCode === 'not_logged_in') memberOps.push(op);
    }
    expect(memberOps.length).toBeGreaterThan(80);

    // What a restricted member keeps: balance, withdrawals, own information and records, the breaks, logout.
    const stillOpen = [
      'GET /wps/v2/wallets/balance',
      'GET /wps/member/info',
      'GET /wps/member/breaks',
      'GET /wps/member/logins',
      'GET /wps/relay/PAY_withdrawLimits',
      'GET /wps/relay/PAY_withdrawList',
      'GET /wps/relay/PAY_bankCards',
      'GET /wps/relay/PAY_transactionHistory',
    ];
    // What it loses, among others: launches, spins, lottery bets and chases, deposits, bonuses, missions, points.
    const mustRefuse = [
      'GET /wps/relay/GCS_gameLaunchFB',
      'POST /wps/relay/SLOTS_spin',
      'POST /lgw/vn/bets',
      'POST /lgw/vn/chases',
      'POST /wps/relay/PAY_depositBank',
      'POST /wps/relay/PAY_depositGateway',
      'GET /wps/relay/PAY_depositChannels',
      'POST /wps/relay/MCS2_claimPromotion',
      'POST /wps/relay/MCS2_claimMissionReward',
      'POST /wps/relay/passwordCheck/MCS2_redeemPointReward',
      'POST /wps/relay/PAY_transferDownline',
    ];
    // Messages from support, feedback and the site's pop-up notices read the session through content's member
    // identity, not the member guard: they stay open to a restricted member (decision 047).
    const supportChannels = [
      'GET /wps/relay/MCSFE_getMessageListV2',
      'GET /wps/relay/MCSFE_getUnreadMessageV2',
      'POST /wps/relay/MCSFE_readMessageV2',
      'GET /wps/feedback',
      'PUT /wps/feedback',
      'GET /wps/relay/MCSFE_getPopupAnnouncements',
    ];
    const names = new Set(memberOps.map((op) => `${op.method} ${op.path}`));
    for (const name of [...stillOpen, ...mustRefuse]) expect(names, name).toContain(name);

    const setups: [string, (m: Member) => Promise<unknown>][] = [
      ['timed_out', (m) => timeOut(m, 48)],
      ['self_excluded', (m) => selfExclude(m, '1y')],
      ['account_closed', (m) => closeAccount(m)],
    ];
    for (const [code, start] of setups) {
      const m = await member(tala, 50_000);
      const started = (await start(m)) as Awaited<ReturnType<typeof call>>;
      expect(started.statusCode, started.body).toBe(200);
      const wrong: string[] = [];
      for (const op of memberOps) {
        const name = `${op.method} ${op.path}`;
        const response = await call(m.token, op.method, urlOf(op.path), op.method === 'GET' ? undefined : {});
        // A file (the activity statement's CSV or PDF) is an answer too, with no JSON envelope.
        const body = String(response.headers['content-type'] ?? '').includes('json')
          ? (response.json() as { errorCode?: string; message?: string })
          : {};
        const refused = response.statusCode === 403 && body.errorCode === code;
        const open = stillOpen.includes(name);
        if (mustRefuse.includes(name) && !refused)
          wrong.push(`${name} not refused: ${response.body.slice(0, 120)}`);
        if (open && response.statusCode !== 200)
          wrong.push(`${name} not open: ${response.body.slice(0, 120)}`);
        // Every answer is either the refusal or the route's own answer; never a 5xx, never the wrong break.
        if (response.statusCode >= 500) wrong.push(`${name} 5xx`);
        if (
          !refused &&
          ['timed_out', 'self_excluded', 'account_closed', 'excluded_by_operator'].includes(
            body.errorCode ?? '',
          )
        )
          wrong.push(`${name} answered ${body.errorCode}`);
        if (refused && code !== 'account_closed')
          // The end, in the merchant's time zone (Asia/Manila for the demo merchant): `3 Dec 2026, 16:00`.
          expect(body.message).toMatch(/\d{1,2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2}/);
        if (!refused && !open && !supportChannels.includes(name)) {
          // An operation neither refused nor in the hand-written list must be one the guard's list allows.
          const { allowedWhileRestricted } = await import('../members/restricted-access.ts');
          const allowed = allowedWhileRestricted({
            method: op.method,
            routeOptions: { url: op.path.replace(/\{(\w+)\}/g, ':$1') },
          } as never);
          if (!allowed)
            wrong.push(
              `${name} neither refused nor allowed: ${response.statusCode} ${response.body.slice(0, 120)}`,
            );
        }
      }
      expect(wrong, code).toEqual([]);
      // The message is localised.
      const ty = await app.inject({
        url: '/wps/relay/PAY_depositChannels',
        headers: { merchant: 'tala', authorization: m.token, language: 'TY' },
      });
      expect(ty.json().errorCode).toBe(code);
      expect(ty.json().message).not.toBe(
        (
          await app.inject({
            url: '/wps/relay/PAY_depositChannels',
            headers: { merchant: 'tala', authorization: m.token, language: 'EN' },
          })
        ).json().message,
      );
      // And logging out still works.
      expect((await call(m.token, 'DELETE', '/wps/session/logout')).statusCode).toBe(200);
    }
  }, 600_000);
});

describe('never shortened; bad input gets its own code and changes nothing', () => {
  it('refuses invalid durations, an unconfirmed break and a shorter one', async () => {
    const m = await member();
    for (const hours of [23, 1009, 24.5, -24, 'abc', null, '']) {
      const res = await timeOut(m, hours);
      expect(res.statusCode, String(hours)).toBe(400);
      expect(res.json()).toMatchObject({
        errorCode: expect.stringMatching(/^(timeout_period_invalid|validation_failed)$/),
      });
    }
    expect((await timeOut(m, 23)).json()).toMatchObject({
      errorCode: 'timeout_period_invalid',
      field: 'hours',
    });
    for (const period of ['2y', '6M', 6, '', '1m']) {
      const res = await selfExclude(m, period);
      expect(res.json(), String(period)).toMatchObject({
        errorCode: 'exclusion_period_invalid',
        field: 'period',
      });
    }
    const unconfirmed = await call(m.token, 'POST', '/wps/member/breaks/self-exclusion', { period: '1y' });
    expect(unconfirmed.json()).toMatchObject({ errorCode: 'exclusion_not_confirmed', field: 'confirm' });
    expect(await breaksRows(m.id)).toHaveLength(0);
    expect((await balanceCall(m)).statusCode).toBe(200);

    // A two-week time-out: a one-day one would end sooner and is refused; a longer one is taken.
    expect((await timeOut(m, 336)).statusCode).toBe(200);
    const shorter = await timeOut(m, 24);
    expect(shorter.json()).toMatchObject({ errorCode: 'exclusion_shorter', field: 'hours' });
    const [running] = await breaksRows(m.id);
    expect(shorter.json().message).toContain(timeInZone(running?.ends_at as Date, 'Asia/Manila'));
    expect(await breaksRows(m.id)).toHaveLength(1);
    expect((await timeOut(m, 1008)).statusCode).toBe(200);

    // A year of self-exclusion: 6 months and any time-out are shorter; 5 years is longer.
    expect((await selfExclude(m, '1y')).statusCode).toBe(200);
    expect((await selfExclude(m, '6m')).json()).toMatchObject({
      errorCode: 'exclusion_shorter',
      field: 'period',
    });
    expect((await timeOut(m, 1008)).json()).toMatchObject({ errorCode: 'exclusion_shorter' });
    expect(await breaksRows(m.id)).toHaveLength(3);
    const state = (await call(m.token, 'GET', '/wps/member/breaks')).json().value;
    expect(state.restriction).toMatchObject({ kind: 'self', code: 'self_excluded' });
    const selfRow = state.history.find((e: { kind: string }) => e.kind === 'self');
    const months = (Date.parse(selfRow.endsAt) - Date.parse(selfRow.startsAt)) / 86_400_000;
    expect(months).toBeGreaterThan(364.9);
    expect(months).toBeLessThanOrEqual(366);
    expect((await selfExclude(m, '5y')).statusCode).toBe(200);
  });

  it('lifts a self-exclusion only at the member’s request after its end, and 24 hours later', async () => {
    const m = await member();
    expect((await selfExclude(m, '6m')).statusCode).toBe(200);
    const [row] = await breaksRows(m.id);
    const lift = () => call(m.token, 'POST', '/wps/member/breaks/lift', { exclusionId: Number(row!.id) });
    expect((await lift()).json()).toMatchObject({ errorCode: 'exclusion_not_ended', field: 'exclusionId' });
    // The test clock: the six months have passed. It does not lift itself.
    await services.db
      .updateTable('member_exclusions')
      .set({
        starts_at: new Date(Date.now() - 200 * 86_400_000),
        ends_at: new Date(Date.now() - 10 * 86_400_000),
      })
      .where('id', '=', row!.id)
      .execute();
    dropCaches();
    expect((await balanceCall(m)).statusCode).toBe(200);
    expect((await call(m.token, 'GET', '/wps/relay/PAY_depositChannels')).json().errorCode).toBe(
      'self_excluded',
    );
    const state = (await call(m.token, 'GET', '/wps/member/breaks')).json().value;
    expect(state.history[0]).toMatchObject({ liftable: true, active: true });
    const asked = await lift();
    expect(asked.statusCode, asked.body).toBe(200);
    const liftsAt = Date.parse(asked.json().value.history[0].liftsAt);
    expect(liftsAt - Date.now()).toBeGreaterThan(23.9 * 3_600_000);
    expect(asked.json().value.restriction).toMatchObject({ code: 'self_excluded' });
    expect((await lift()).json().errorCode).toBe('exclusion_lift_requested');
    // The cooling-off passes: play is open again.
    await services.db
      .updateTable('member_exclusions')
      .set({ lifts_at: new Date(Date.now() - 1000) })
      .where('id', '=', row!.id)
      .execute();
    dropCaches();
    expect((await call(m.token, 'GET', '/wps/relay/PAY_depositChannels')).statusCode).toBe(200);
    // Another member's break cannot be lifted by it.
    const other = await member();
    expect(
      (await call(other.token, 'POST', '/wps/member/breaks/lift', { exclusionId: Number(row!.id) })).json()
        .errorCode,
    ).toBe('exclusion_not_found');
  });

  it('ends a time-out by itself at its end', async () => {
    const m = await member();
    expect((await timeOut(m, 24)).statusCode).toBe(200);
    expect((await call(m.token, 'GET', '/wps/relay/PAY_depositChannels')).json().errorCode).toBe('timed_out');
    await services.db
      .updateTable('member_exclusions')
      .set({ starts_at: new Date(Date.now() - 25 * 3_600_000), ends_at: new Date(Date.now() - 3_600_000) })
      .where('member_id', '=', m.id)
      .execute();
    dropCaches();
    expect((await call(m.token, 'GET', '/wps/relay/PAY_depositChannels')).statusCode).toBe(200);
  });
});

describe('self-exclusion across the merchants of a group', () => {
  const cases: [string, (tag: string) => Identifiers, (tag: string) => Identifiers][] = [
    ['verified mobile', (t) => ({ mobile: `917${t}` }), (t) => ({ mobile: `917${t}` })],
    ['verified e-mail', (t) => ({ email: `p${t}@example.com` }), (t) => ({ email: `p${t}@example.com` })],
    ['ID number', (t) => ({ idNumber: `ID-${t}` }), (t) => ({ idNumber: `id ${t}` })],
  ];
  for (const [name, mine, theirs] of cases) {
    it(`covers the accounts sharing the ${name}, and none outside the group`, async () => {
      const tag = String(crypto.randomInt(1_000_000, 9_999_999));
      const a = await member(tala, 0, mine(tag));
      const sameGroup = await member(lucky, 0, theirs(tag));
      const otherGroup = await member(solo, 0, theirs(tag));
      const unrelated = await member(lucky);
      expect((await selfExclude(a, '1y')).statusCode).toBe(200);
      const deposit = (m: Member) =>
        call(m.token, 'GET', '/wps/relay/PAY_depositChannels', undefined, m.merchant.code);
      expect((await deposit(a)).json().errorCode).toBe('self_excluded');
      expect((await deposit(sameGroup)).json().errorCode).toBe('self_excluded');
      expect((await deposit(otherGroup)).statusCode).toBe(200);
      expect((await deposit(unrelated)).statusCode).toBe(200);
      const theirState = (await call(sameGroup.token, 'GET', '/wps/member/breaks', undefined, 'lucky')).json()
        .value;
      expect(theirState.history[0]).toMatchObject({ kind: 'self', inherited: true, liftable: false });
    });
  }

  it('links only proven contacts, and a time-out or a closure stays with its account', async () => {
    const tag = String(crypto.randomInt(1_000_000, 9_999_999));
    const a = await member(tala, 0, { email: `q${tag}@example.com`, mobile: `918${tag}` });
    const unproven = await member(lucky, 0, { email: `q${tag}@example.com`, emailVerified: false });
    const timedOutTwin = await member(lucky, 0, { mobile: `918${tag}` });
    expect((await timeOut(a, 24)).statusCode).toBe(200);
    expect(
      (await call(timedOutTwin.token, 'GET', '/wps/relay/PAY_depositChannels', undefined, 'lucky'))
        .statusCode,
    ).toBe(200);
    expect((await selfExclude(a, '6m')).statusCode).toBe(200);
    expect(
      (await call(unproven.token, 'GET', '/wps/relay/PAY_depositChannels', undefined, 'lucky')).statusCode,
    ).toBe(200);
    expect(
      (await call(timedOutTwin.token, 'GET', '/wps/relay/PAY_depositChannels', undefined, 'lucky')).json()
        .errorCode,
    ).toBe('self_excluded');
  });
});

describe('what a break stops and what still works', () => {
  it('forfeits pending bonuses with balanced entries, refunds running chases and ends vendor sessions', async () => {
    const m = await member(tala, 100_000);
    // A bonus under wagering (paid at once) and one waiting for a second operator.
    const small = await admin(finance, 'POST', '/admin-api/merchants/tala/manual-bonuses', {
      username: m.username,
      amount: 5_000,
      turnoverMultiple: 5,
      title: 'Welcome back',
      reason: 'Test',
    });
    expect(small.json().value, small.body).toMatchObject({ status: 'issued' });
    const big = await admin(finance, 'POST', '/admin-api/merchants/tala/manual-bonuses', {
      username: m.username,
      amount: 50_000_000,
      turnoverMultiple: 1,
      title: 'Big one',
      reason: 'Test',
    });
    expect(big.json().value).toMatchObject({ status: 'pending' });
    // A running chase over three issues.
    const draws = [];
    for (const closes of [60_000, 120_000, 180_000]) draws.push(await testDraw(services, tala, { closes }));
    const chase = await call(m.token, 'POST', '/lgw/vn/chases', {
      gameCode: 'VNN1',
      issueNo: draws[0]!.issueNo,
      betType: 'de',
      prizeMode: 'Lott',
      picks: [7],
      stakePerLine: 200,
      issues: 3,
      stopOnWin: false,
      requestId: `excl-chase-${m.id}`,
    });
    expect(chase.statusCode, chase.body).toBe(200);
    const chaseId = chase.json().value.chase.chaseId as number;
    expect(chase.json().value.chase.held).toBe(400);
    // An open vendor session.
    const game = (
      await app.inject({
        url: '/wps/relay/GCSGAME_gameList?vassalage=MABUHAY_RNG&pageSize=1',
        headers: { merchant: 'tala' },
      })
    ).json().value.list[0];
    const launched = await call(m.token, 'GET', `/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`);
    expect(launched.statusCode, launched.body).toBe(200);
    const gameToken = new URL(launched.json().value.url, 'http://x').searchParams.get('token') as string;
    const auth = (await vendorCall('authenticate', { token: gameToken })).json().value;
    const vendorBet = (transactionId: string) =>
      vendorCall('bet', {
        token: gameToken,
        playerId: auth.playerId,
        transactionId,
        roundId: transactionId,
        gameCode: auth.gameCode,
        amount: 100,
      });
    expect((await vendorBet(`before-${m.id}`)).statusCode).toBe(200);
    const before = await balanceOf(m);

    expect((await selfExclude(m, '6m')).statusCode).toBe(200);

    // The bonus: what is left of it (all of it) went back to the promotion expense in one balanced entry.
    const bonus = await withPromotionTables(services.db)
      .selectFrom('bonuses')
      .selectAll()
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(bonus.status).toBe('forfeited');
    expect(Number(bonus.forfeited_amount)).toBe(5_000);
    const postings = await sql<{ amount: string; n: string }>`
      SELECT COALESCE(sum(p.amount), 0)::bigint AS amount, count(*)::int AS n
      FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
      WHERE e.idempotency_key = ${`bonus-forfeit:${bonus.id}`}`.execute(services.db);
    expect(Number(postings.rows[0]!.amount)).toBe(0);
    expect(Number(postings.rows[0]!.n)).toBeGreaterThanOrEqual(2);
    const pendingGrant = await withPromotionTables(services.db)
      .selectFrom('manual_bonuses')
      .select('status')
      .where('id', '=', big.json().value.id)
      .executeTakeFirstOrThrow();
    expect(pendingGrant.status).toBe('rejected');
    // The chase: stopped, what it held came back.
    const stopped = await sql<{ status: string; held: string; refunded: string }>`
      SELECT status, held, refunded FROM lottery_chases WHERE id = ${chaseId}`.execute(services.db);
    expect(stopped.rows[0]).toMatchObject({ status: 'cancelled' });
    expect(Number(stopped.rows[0]!.refunded)).toBe(400);
    expect(await balanceOf(m)).toBe(before - 5_000 + 400);
    const hold = await services.wallet.balance(
      await services.wallet.houseAccount(tala.id, 'house_vendor', chaseHoldVendor),
    );
    const held = await sql<{
      held: string;
    }>`SELECT COALESCE(sum(held), 0)::bigint AS held FROM lottery_chases WHERE merchant_id = ${tala.id}`.execute(
      services.db,
    );
    expect(hold).toBe(Number(held.rows[0]!.held));
    // The vendor's session is over: its bets are refused and nothing moves.
    const refused = await vendorBet(`after-${m.id}`);
    expect(refused.json().errorCode).toBe('session_expired');
    expect(await balanceOf(m)).toBe(before - 5_000 + 400);
    // A new launch is refused by the guard.
    expect(
      (await call(m.token, 'GET', `/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`)).json().errorCode,
    ).toBe('self_excluded');
    // Recorded in the audit log and marked done.
    const audits = await services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', 'in', ['member.exclusion.self', 'promotion.forfeit_pending'])
      .where((eb) => eb.or([eb('target', '=', m.username), eb('target', '=', String(m.id))]))
      .execute();
    expect(audits.map((a) => a.action).sort()).toEqual([
      'member.exclusion.self',
      'promotion.forfeit_pending',
    ]);
    expect((await breaksRows(m.id))[0]!.effects_done_at).not.toBeNull();
    // Running the effects again moves nothing more.
    await services.db
      .updateTable('member_exclusions')
      .set({ effects_done_at: null })
      .where('member_id', '=', m.id)
      .execute();
    await services.exclusions.runPendingEffects();
    expect(await balanceOf(m)).toBe(before - 5_000 + 400);
  });

  it('still takes and pays a withdrawal of a timed-out member', async () => {
    const m = await member(tala, 100_000);
    const set = await call(m.token, 'POST', '/wps/relay/PAY_paymentPassword', {
      loginPassword: 'secret123',
      paymentPassword: PAY,
    });
    expect(set.statusCode, set.body).toBe(200);
    const card = await call(m.token, 'POST', '/wps/relay/PAY_bankCards', {
      bankName: 'BPI',
      accountNumber: `${Date.now()}`.slice(-10),
      payeeName: 'Ana Reyes',
      paymentPassword: PAY,
    });
    expect(card.statusCode, card.body).toBe(200);
    const pending = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 20_000,
      bankCardId: card.json().value.id,
      paymentPassword: PAY,
    });
    expect(pending.statusCode, pending.body).toBe(200);
    // Money in a transfer vendor's wallet comes back to the main balance; nothing more goes in.
    const moveIn = await call(m.token, 'POST', '/wps/relay/GCS_walletTransfer', {
      vendorCode: 'TALA_SPORTS',
      direction: 'in',
      amount: 10_000,
    });
    expect(moveIn.statusCode, moveIn.body).toBe(200);
    expect((await timeOut(m, 168)).statusCode).toBe(200);
    const again = await call(m.token, 'POST', '/wps/relay/GCS_walletTransfer', {
      vendorCode: 'TALA_SPORTS',
      direction: 'in',
      amount: 1_000,
    });
    expect(again.json()).toMatchObject({ errorCode: 'timed_out' });
    const out = await call(m.token, 'POST', '/wps/relay/GCS_walletTransfer', {
      vendorCode: 'TALA_SPORTS',
      direction: 'out',
      amount: 10_000,
    });
    expect(out.json().value, out.body).toMatchObject({ mainBalance: 80_000, vendorBalance: 0 });
    // The balance can still be withdrawn while timed out.
    const more = await call(m.token, 'POST', '/wps/relay/PAY_withdraw', {
      amount: 30_000,
      bankCardId: card.json().value.id,
      paymentPassword: PAY,
    });
    expect(more.statusCode, more.body).toBe(200);
    expect(await balanceOf(m)).toBe(50_000);
    for (const w of [pending, more]) {
      const id = w.json().value.id;
      const approved = await admin(finance, 'POST', `/admin-api/payments/withdrawals/${id}/approve`);
      expect(approved.json().value, approved.body).toMatchObject({ status: 'approved' });
      const paid = await admin(owner, 'POST', `/admin-api/payments/withdrawals/${id}/paid`, {
        paidAmount: w === pending ? 20_000 : 30_000,
      });
      expect(paid.json().value, paid.body).toMatchObject({ status: 'paid' });
    }
    const list = await call(m.token, 'GET', '/wps/relay/PAY_withdrawList');
    expect(list.statusCode).toBe(200);
  });

  it('leaves restricted members out of marketing broadcasts; their messages still reach them', async () => {
    const excluded = await member();
    const closed = await member();
    const open = await member();
    expect((await selfExclude(excluded, '6m')).statusCode).toBe(200);
    expect((await closeAccount(closed)).statusCode).toBe(200);
    const actor = { id: 1, name: 'owner', ip: '127.0.0.1' };
    const created = await services.support.createBroadcast(actor, 'tala', {
      format: 'text',
      scheduledAt: null,
      expiresAt: null,
      segment: { kind: 'usernames', usernames: [excluded.username, closed.username, open.username] },
      texts: {
        EN: { title: 'Double points weekend', body: 'Play slots this weekend for double points.' },
        TY: {
          title: 'Dobleng puntos ngayong weekend',
          body: 'Maglaro ng slots ngayong weekend para sa dobleng puntos.',
        },
      },
    });
    const recipients = await sql<{ member_id: number }>`
      SELECT member_id FROM broadcast_recipients WHERE broadcast_id = ${created.id}`.execute(services.db);
    expect(recipients.rows.map((r) => Number(r.member_id))).toEqual([open.id]);
    const everyone = await services.support.createBroadcast(actor, 'tala', {
      format: 'text',
      scheduledAt: null,
      expiresAt: null,
      segment: { kind: 'all' },
      texts: {
        EN: { title: 'New games', body: 'Ten new slots are live.' },
        TY: { title: 'Mga bagong laro', body: 'Sampung bagong slots ang bukas na.' },
      },
    });
    const all = await sql<{ member_id: number }>`
      SELECT member_id FROM broadcast_recipients WHERE broadcast_id = ${everyone.id}`.execute(services.db);
    const ids = all.rows.map((r) => Number(r.member_id));
    expect(ids).toContain(open.id);
    expect(ids).not.toContain(excluded.id);
    expect(ids).not.toContain(closed.id);
    // The member's messages stay readable.
    expect((await call(excluded.token, 'GET', '/wps/relay/MCSFE_getMessageListV2')).statusCode).toBe(200);
  });
});

describe('family and operator exclusions and closures in the back office', () => {
  it('records them with a reason by the roles that should, audited, and lifts or reopens them', async () => {
    const m = await member();
    const url = `/admin-api/members/${m.id}/exclusions`;
    const body = { kind: 'family', period: '1y', reason: 'His sister called: he is borrowing to play.' };
    expect((await admin(finance, 'POST', url, body)).statusCode).toBe(403);
    expect((await admin(finance, 'GET', url)).statusCode).toBe(200);
    expect((await admin(support, 'POST', url, { ...body, reason: '  ' })).json()).toMatchObject({
      errorCode: 'exclusion_reason_required',
      field: 'reason',
    });
    expect((await admin(support, 'POST', url, { ...body, kind: 'self' })).json()).toMatchObject({
      errorCode: 'exclusion_kind_invalid',
    });
    expect((await admin(support, 'POST', url, { ...body, period: '3y' })).json()).toMatchObject({
      errorCode: 'exclusion_period_invalid',
    });
    expect(await breaksRows(m.id)).toHaveLength(0);
    const recorded = await admin(support, 'POST', url, body);
    expect(recorded.statusCode, recorded.body).toBe(200);
    const entry = recorded.json().value.history[0];
    expect(entry).toMatchObject({
      kind: 'family',
      reason: body.reason,
      createdByName: 'support',
      active: true,
    });
    const refused = await call(m.token, 'GET', '/wps/relay/PAY_depositChannels');
    expect(refused.json()).toMatchObject({ errorCode: 'excluded_by_operator' });
    // The member sees it, without the family's words.
    const mine = (await call(m.token, 'GET', '/wps/member/breaks')).json().value;
    expect(mine.history[0]).toMatchObject({ kind: 'family', reason: null, liftable: false });
    // Lifted by an operator with a reason.
    const liftUrl = `${url}/${entry.id}/lift`;
    expect((await admin(support, 'POST', liftUrl, { reason: '' })).json().errorCode).toBe(
      'exclusion_reason_required',
    );
    const lifted = await admin(owner, 'POST', liftUrl, {
      reason: 'The family withdrew the request in writing.',
    });
    expect(lifted.json().value.history[0]).toMatchObject({ active: false, liftedByName: 'owner' });
    expect((await call(m.token, 'GET', '/wps/relay/PAY_depositChannels')).statusCode).toBe(200);
    const audit = await services.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', m.username)
      .where('action', 'like', 'member.exclusion%')
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['member.exclusion.family', 'member.exclusion.lift']);

    // A closure: reopened by support only after the wait.
    expect((await closeAccount(m)).statusCode).toBe(200);
    expect((await closeAccount(m)).json().errorCode).toBe('account_already_closed');
    const closure = (await breaksRows(m.id)).find((r) => r.kind === 'closure')!;
    const reopen = () =>
      admin(support, 'POST', `${url}/${closure.id}/lift`, { reason: 'Member asked to come back.' });
    expect((await reopen()).json().errorCode).toBe('closure_reopen_too_early');
    // A member's own self-exclusion is never lifted by staff.
    const selfM = await member();
    await selfExclude(selfM, '6m');
    const selfRow = (await breaksRows(selfM.id))[0]!;
    expect(
      (
        await admin(owner, 'POST', `/admin-api/members/${selfM.id}/exclusions/${selfRow.id}/lift`, {
          reason: 'x',
        })
      ).json().errorCode,
    ).toBe('exclusion_not_liftable');
    await services.db
      .updateTable('member_exclusions')
      .set({ starts_at: new Date(Date.now() - 8 * 86_400_000) })
      .where('id', '=', closure.id)
      .execute();
    expect((await reopen()).statusCode).toBe(200);
    expect((await call(m.token, 'GET', '/wps/relay/PAY_depositChannels')).statusCode).toBe(200);
  });
});
