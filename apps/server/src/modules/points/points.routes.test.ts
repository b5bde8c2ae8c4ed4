// The point mall (issue 13 item 6): accrual from bets and deposits (idempotent), the player calls and who may use
// them, redeeming and converting with every refusal and nothing moved, the fulfilment queue, and stock and points
// that never go below zero under 50 simultaneous redemptions.
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { tokenOf, uniqueName } from '../members/member-fixtures.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
services.slots.settings.paceMs = 0;
const PAY = '246810';

function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { merchant: 'tala', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
function admin(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
async function member() {
  const username = uniqueName('pt');
  const id = await services.members.create(tala, { username, password: 'secret123', payeeName: 'Ana Reyes' });
  const token = await tokenOf(app, username, 'secret123');
  const set = await call(token, 'POST', '/wps/relay/PAY_paymentPassword', {
    loginPassword: 'secret123',
    paymentPassword: PAY,
  });
  expect(set.statusCode, set.body).toBe(200);
  return { id, username, token };
}
async function deposit(who: { token: string }, amount: number) {
  const signedIn = await services.members.authenticate(tala, who.token);
  const made = await services.payments.depositByBank(
    tala,
    signedIn,
    { amount: String(amount), bankAccountId: 'bdo-main', payerName: 'Ana Reyes', reference: 'REF-4455' },
    [],
  );
  const approved = await admin(finance, 'POST', `/admin-api/payments/deposits/${made.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
}
const points = async (token: string) =>
  (await call(token, 'GET', '/wps/relay/MCS2_getPointBalance')).json().value.points as number;
const cashOf = async (id: number) =>
  services.wallet.balance(await services.wallet.memberAccount(tala.id, id));
// The accrual reads up to now (the job leaves a minute of lag; tests need not wait).
const soon = () => new Date();

const settings = {
  earnRates: { live: 10_000, lottery: 10_000, pvp: 10_000, slots: 10_000, sports: 10_000, deposit: 1_000 },
  cashPerPoint: 10,
  minConvertPoints: 50,
};
async function reward(overrides: Record<string, unknown> = {}) {
  const made = await admin(content, 'POST', '/admin-api/merchants/tala/points/rewards', {
    names: { EN: `Mug ${uniqueName('r')}`, TY: 'Tasa' },
    points: 100,
    stock: 5,
    maxPerOrder: 3,
    active: true,
    ...overrides,
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().value.id as number;
}
/** A member with points from a deposit (P1,000 = 100 000 minor at 1 000 per point = 100 points per P1,000). */
async function memberWithPoints(depositAmount: number) {
  const m = await member();
  await deposit(m, depositAmount);
  await services.points.accrue(tala, soon());
  return m;
}
const redeemOf = (rewardId: number, overrides: Record<string, unknown> = {}) => ({
  rewardId,
  quantity: 1,
  address: '12 Mabini St, Quezon City',
  mobile: '09171234567',
  remark: 'Leave at the gate',
  paymentPassword: PAY,
  ...overrides,
});

describe('point mall', () => {
  it('lets owners and finance set the ratios, content build the catalogue, and refuses the others', async () => {
    expect(
      (await admin(content, 'PUT', '/admin-api/merchants/tala/points/settings', settings)).statusCode,
    ).toBe(403);
    expect(
      (await admin(support, 'PUT', '/admin-api/merchants/tala/points/settings', settings)).statusCode,
    ).toBe(403);
    const saved = await admin(finance, 'PUT', '/admin-api/merchants/tala/points/settings', settings);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().value).toEqual(settings);
    const bad = await admin(owner, 'PUT', '/admin-api/merchants/tala/points/settings', {
      ...settings,
      cashPerPoint: -1,
    });
    expect(bad.statusCode).toBe(400);
    const body = { names: { EN: 'Cap' }, points: 10, stock: 1, maxPerOrder: 1, active: true };
    expect((await admin(finance, 'POST', '/admin-api/merchants/tala/points/rewards', body)).statusCode).toBe(
      403,
    );
    expect((await admin(support, 'POST', '/admin-api/merchants/tala/points/rewards', body)).statusCode).toBe(
      403,
    );
    expect(
      (
        await admin(owner, 'POST', '/admin-api/merchants/tala/points/rewards', {
          ...body,
          names: { TY: 'x' },
        })
      ).statusCode,
    ).toBe(400);
    expect((await admin(support, 'GET', '/admin-api/merchants/tala/points/rewards')).statusCode).toBe(200);
    const audit = await services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'points.settings.update')
      .execute();
    expect(audit.length).toBeGreaterThan(0);
  });

  it('earns points from deposits and valid bets once, whatever how often the accrual runs', async () => {
    const m = await member();
    await deposit(m, 250_000);
    for (let i = 0; i < 3; i++) {
      const spin = await call(m.token, 'POST', '/wps/relay/SLOTS_spin', {
        gameCode: 'TALA-RNG-0001',
        bet: 10_000,
        requestId: `pt-spin-${m.id}-${i}`,
      });
      expect(spin.statusCode, spin.body).toBe(200);
    }
    const until = soon();
    await services.points.accrue(tala, until);
    await services.points.accrue(tala, until);
    await services.points.accrueAll();
    // 250 000 / 1 000 = 250 for the deposit; 30 000 of slots / 10 000 = 3.
    expect(await points(m.token)).toBe(253);
    const history = (await call(m.token, 'GET', '/wps/relay/ODSFE2_MemTransDet')).json().value;
    expect(
      history.list.map((l: { type: string; changedPoints: number }) => [l.type, l.changedPoints]).sort(),
    ).toEqual([
      ['deposit', 250],
      ['slots', 3],
    ]);
    const onlySlots = (await call(m.token, 'GET', '/wps/relay/ODSFE2_MemTransDet?type=slots')).json().value;
    expect(onlySlots.total).toBe(1);
    // Part of a point carries to the next batch: 5 000 more of slots with the 0 left makes no point yet.
    const spin = await call(m.token, 'POST', '/wps/relay/SLOTS_spin', {
      gameCode: 'TALA-RNG-0001',
      bet: 5_000,
      requestId: `pt-spin-${m.id}-carry`,
    });
    expect(spin.statusCode).toBe(200);
    await services.points.accrue(tala, soon());
    expect(await points(m.token)).toBe(253);
    expect((await services.points.reconcile(tala.id)).ok).toBe(true);
    const config = (await call(m.token, 'POST', '/wps/relay/MCS2_getPointConfig')).json().value;
    expect(config).toEqual(settings);
  });

  it('asks for a token and refuses trial members', async () => {
    expect((await call(null, 'GET', '/wps/relay/MCS2_getPointBalance')).statusCode).toBe(401);
    expect((await call(null, 'POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward', {})).statusCode).toBe(
      401,
    );
    const trialId = await services.members.create(tala, {
      username: uniqueName('tr'),
      password: 'secret123',
      type: 4,
    });
    const { token: trial } = await services.db
      .transaction()
      .execute((trx) => services.members.startSession(trx, tala, trialId, '127.0.0.1'));
    for (const url of ['/wps/relay/MCS2_getPointBalance', '/wps/relay/MCS2_getPointReward']) {
      expect((await call(trial, 'GET', url)).json()).toMatchObject({ errorCode: 'in_need_true_account' });
    }
    const redeem = await call(trial, 'POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward', redeemOf(1));
    expect(redeem.json()).toMatchObject({ errorCode: 'in_need_true_account' });
  });

  it('redeems a reward, and answers every bad redemption with its own code, nothing moved', async () => {
    const id = await reward();
    const inactive = await reward({ active: false });
    const m = await memberWithPoints(250_000); // 250 points
    const other = await memberWithPoints(100_000);
    const before = await points(m.token);
    const refusals: [Record<string, unknown>, number, string][] = [
      [{ quantity: 3 }, 409, 'points_insufficient'],
      [{ quantity: 0 }, 400, 'points_quantity_out_of_range'],
      [{ quantity: 4 }, 400, 'points_quantity_out_of_range'],
      [{ rewardId: 999_999 }, 404, 'points_reward_not_found'],
      [{ rewardId: inactive }, 409, 'points_reward_inactive'],
      [{ paymentPassword: '999999' }, 400, 'payment_password_incorrect'],
      [{ remark: 'x'.repeat(141) }, 400, 'remark_too_long'],
      [{ mobile: 'call me' }, 400, 'validation_failed'],
      [{ address: '   ' }, 400, 'validation_failed'],
      [{ address: 'a\u0000b' }, 400, 'text_not_storable'],
    ];
    for (const [overrides, status, code] of refusals) {
      const answer = await call(m.token, 'POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward', {
        ...redeemOf(id),
        ...overrides,
      });
      expect([answer.statusCode, answer.json().errorCode], JSON.stringify(overrides)).toEqual([status, code]);
      expect(answer.json().message).toBeTruthy();
    }
    expect(await points(m.token)).toBe(before);
    const ty = await app.inject({
      method: 'POST',
      url: '/wps/relay/passwordCheck/MCS2_redeemPointReward',
      headers: { merchant: 'tala', authorization: m.token, language: 'TY' },
      payload: { ...redeemOf(id), quantity: 3 },
    });
    expect(ty.json().message).toBe('Kulang ang iyong puntos para dito.');

    const made = await call(m.token, 'POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward', {
      ...redeemOf(id, { quantity: 2 }),
      requestId: `redeem-${m.id}-1`,
    });
    expect(made.statusCode, made.body).toBe(200);
    expect(made.json().value).toMatchObject({ status: 'processing', quantity: 2, points: 200 });
    // The same request again answers the same redemption and moves nothing.
    const again = await call(m.token, 'POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward', {
      ...redeemOf(id, { quantity: 2 }),
      requestId: `redeem-${m.id}-1`,
    });
    expect(again.json().value.id).toBe(made.json().value.id);
    expect(await points(m.token)).toBe(before - 200);
    const catalogue = (await call(m.token, 'GET', '/wps/relay/MCS2_getPointReward')).json().value;
    expect(catalogue.list.find((r: { id: number }) => r.id === id).stock).toBe(3);
    expect(catalogue.list.some((r: { id: number }) => r.id === inactive)).toBe(false);
    expect(catalogue.conversion).toEqual({ cashPerPoint: 10, minPoints: 50 });
    // Another member sees only their own.
    expect((await call(other.token, 'GET', '/wps/relay/MCS2_getRedeemPointList')).json().value.total).toBe(0);
    const mine = (await call(m.token, 'GET', '/wps/relay/MCS2_getRedeemPointList')).json().value;
    expect(mine.list).toHaveLength(1);

    // Fulfilment: content may not decide; support rejects: points and stock come back, the member is told.
    const redemptionId = made.json().value.id;
    expect(
      (await admin(content, 'POST', `/admin-api/point-redemptions/${redemptionId}/approve`)).statusCode,
    ).toBe(403);
    const rejected = await admin(support, 'POST', `/admin-api/point-redemptions/${redemptionId}/reject`, {
      reason: 'Out of this colour.',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().value).toMatchObject({ status: 'rejected', rejectReason: 'Out of this colour.' });
    expect(await points(m.token)).toBe(before);
    const after = (await call(m.token, 'GET', '/wps/relay/MCS2_getPointReward')).json().value;
    expect(after.list.find((r: { id: number }) => r.id === id).stock).toBe(5);
    const twice = await admin(owner, 'POST', `/admin-api/point-redemptions/${redemptionId}/approve`);
    expect(twice.json().errorCode).toBe('points_redemption_decided');
    const messages = await services.db
      .selectFrom('member_messages')
      .select(['kind', 'title'])
      .where('member_id', '=', m.id)
      .execute();
    expect(messages).toContainEqual({ kind: 'points', title: 'Your redemption was not approved' });
    const types = (await call(m.token, 'GET', '/wps/relay/ODSFE2_MemTransDet'))
      .json()
      .value.list.map((l: { type: string }) => l.type);
    expect(types).toEqual(expect.arrayContaining(['redeem', 'refund', 'deposit']));

    const second = await call(
      m.token,
      'POST',
      '/wps/relay/passwordCheck/MCS2_redeemPointReward',
      redeemOf(id),
    );
    const approved = await admin(
      finance,
      'POST',
      `/admin-api/point-redemptions/${second.json().value.id}/approve`,
    );
    expect(approved.json().value).toMatchObject({ status: 'approved', decidedBy: 'finance' });
    expect((await services.points.reconcile(tala.id)).ok).toBe(true);
  });

  it('converts points to cash with one points entry and one money entry, idempotently', async () => {
    const m = await memberWithPoints(100_000); // 100 points
    const cashBefore = await cashOf(m.id);
    const tooFew = await call(m.token, 'POST', '/wps/relay/passwordCheck/MCS2_convertPoint', {
      points: 10,
      paymentPassword: PAY,
    });
    expect(tooFew.json().errorCode).toBe('points_convert_too_few');
    const tooMany = await call(m.token, 'POST', '/wps/relay/passwordCheck/MCS2_convertPoint', {
      points: 101,
      paymentPassword: PAY,
    });
    expect(tooMany.json().errorCode).toBe('points_insufficient');
    const wrong = await call(m.token, 'POST', '/wps/relay/passwordCheck/MCS2_convertPoint', {
      points: 60,
      paymentPassword: '000000',
    });
    expect(wrong.json().errorCode).toBe('payment_password_incorrect');
    expect(await cashOf(m.id)).toBe(cashBefore);
    // The promotions cost report counts conversions as the point mall's cost of the day.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const converted = async () => {
      const report = await admin(
        finance,
        'GET',
        `/admin-api/merchants/tala/promotions-report?from=${day(-1)}&to=${day(1)}`,
      );
      const rows = report.json().value.rows.filter((r: { source: string }) => r.source === 'points');
      return rows.reduce(
        (sum: { claims: number; paid: number }, r: { claims: number; paid: number }) => ({
          claims: sum.claims + r.claims,
          paid: sum.paid + r.paid,
        }),
        { claims: 0, paid: 0 },
      );
    };
    const reportedBefore = await converted();
    const body = { points: 60, paymentPassword: PAY, requestId: `convert-${m.id}-1` };
    const done = await call(m.token, 'POST', '/wps/relay/passwordCheck/MCS2_convertPoint', body);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().value).toMatchObject({ points: 60, cash: 600 });
    const replay = await call(m.token, 'POST', '/wps/relay/passwordCheck/MCS2_convertPoint', body);
    expect(replay.json().value).toMatchObject({ points: 60, cash: 600 });
    expect(await points(m.token)).toBe(40);
    expect(await cashOf(m.id)).toBe(cashBefore + 600);
    expect(await converted()).toEqual({ claims: reportedBefore.claims + 1, paid: reportedBefore.paid + 600 });
    expect((await services.points.reconcile(tala.id)).ok).toBe(true);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('never takes stock or points below zero under 50 simultaneous redemptions', async () => {
    const id = await reward({ stock: 7, points: 100, maxPerOrder: 1 });
    const crowd = [];
    for (let i = 0; i < 40; i++) crowd.push(await member());
    const rich = await memberWithPoints(500_000); // 500 points: enough for 5 of its 10 tries
    await deposit(crowd[0] as { token: string }, 100_000);
    await services.points.accrue(tala, soon());
    for (const m of crowd.slice(1)) await deposit(m, 100_000);
    await services.points.accrue(tala, soon());
    const tries = [...crowd.map((m) => m.token), ...Array.from({ length: 10 }, () => rich.token)];
    const results = await Promise.all(
      tries.map((token, i) =>
        call(token, 'POST', '/wps/relay/passwordCheck/MCS2_redeemPointReward', {
          ...redeemOf(id),
          requestId: `crowd-${id}-${i}`,
        }),
      ),
    );
    const codes = results.map((r) => (r.statusCode === 200 ? 'ok' : r.json().errorCode));
    expect(codes.filter((c) => c === 'ok')).toHaveLength(7);
    for (const c of codes.filter((x) => x !== 'ok'))
      expect(['points_out_of_stock', 'points_insufficient']).toContain(c);
    const stock = (await admin(owner, 'GET', '/admin-api/merchants/tala/points/rewards'))
      .json()
      .value.find((r: { id: number }) => r.id === id).stock;
    expect(stock).toBe(0);
    expect(await points(rich.token)).toBeGreaterThanOrEqual(0);
    expect((await services.points.reconcile(tala.id)).ok).toBe(true);
  }, 180_000);
});

describe('accrual run by an operator', () => {
  it('is for owners and finance, and audited', async () => {
    expect((await admin(content, 'POST', '/admin-api/merchants/tala/points/accrue')).statusCode).toBe(403);
    expect((await admin(support, 'POST', '/admin-api/merchants/tala/points/accrue')).statusCode).toBe(403);
    const run = await admin(finance, 'POST', '/admin-api/merchants/tala/points/accrue');
    expect(run.statusCode, run.body).toBe(200);
    expect(run.json().value.credited).toBeGreaterThanOrEqual(0);
    const audit = await services.db
      .selectFrom('audit_log')
      .select('action')
      .where('action', '=', 'points.accrual.run')
      .execute();
    expect(audit).toHaveLength(1);
  });
});
