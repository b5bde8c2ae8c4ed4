// Rebates (issue 13 item 1): a closed day's cashback on real spins, computed for every eligible member at once and
// paid once through the ledger, capped, under a minimum, within the budget, finished after a crash without paying
// anyone twice; what the member sees, who may read the runs, and the refusals.
import { dayOf, dayStart } from '@tala/contracts/calendar';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../services.ts';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { tokenOf, uniqueName } from '../members/member-fixtures.ts';
import { withPromotionTables } from './promotions.tables.ts';
import { withinBudget } from './rebates.ts';

const { app, services, database } = await testApp();
const tala = await services.merchants.byCode('tala');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
services.slots.settings.paceMs = 0;
// The demo's own daily rebate would pay these members too: the tests below watch their own promotions only.
await withPromotionTables(database.db)
  .updateTable('promotions')
  .set({ enabled: false })
  .where('kind', '=', 'rebate')
  .execute();

const call = (token: string | null, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { merchant: 'tala', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const admin = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function member(vipLevel = 0) {
  const username = uniqueName('rb');
  const id = await services.members.create(tala, { username, password: 'secret123', payeeName: 'Ana Reyes' });
  if (vipLevel > 0)
    await database.db.updateTable('members').set({ vip_level: vipLevel }).where('id', '=', id).execute();
  const token = await tokenOf(app, username, 'secret123');
  const signedIn = await services.members.authenticate(tala, token);
  const made = await services.payments.depositByBank(
    tala,
    signedIn,
    { amount: '1000000', bankAccountId: 'bdo-main', payerName: 'Ana Reyes', reference: 'REF-4455' },
    [],
  );
  const approved = await admin(finance, 'POST', `/admin-api/payments/deposits/${made.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return { id, username, token };
}
let spins = 0;
async function spin(token: string, bet: number, times = 1) {
  for (let i = 0; i < times; i++) {
    const response = await call(token, 'POST', '/wps/relay/SLOTS_spin', {
      gameCode: 'TALA-RNG-0001',
      bet,
      requestId: `rebate-spin-${Date.now()}-${++spins}`,
    });
    expect(response.statusCode, response.body).toBe(200);
  }
}
const balanceOf = async (id: number) =>
  services.wallet.balance(await services.wallet.memberAccount(tala.id, id));
/** Slot stakes and wins of a member since an instant, straight from the rounds. */
async function playOf(memberId: number) {
  const row = await sql<{ bet: string; win: string }>`
    SELECT coalesce(sum(bet), 0) AS bet, coalesce(sum(win), 0) AS win FROM slots_rounds WHERE member_id = ${memberId}`
    .execute(database.db)
    .then((r) => r.rows[0]);
  return { bet: Number(row?.bet), win: Number(row?.win) };
}
async function entriesWithKey(prefix: string) {
  const row = await sql<{
    n: string;
  }>`SELECT count(*) AS n FROM ledger_entries WHERE idempotency_key LIKE ${`${prefix}%`}`
    .execute(database.db)
    .then((r) => r.rows[0]);
  return Number(row?.n);
}

// From the start of the merchant's day now, so that one day has closed by tomorrow whatever the hour the test runs
// (an hour ago was the day before during the first hour of a Manila day, and its period closed too).
const timeZone = tala.settings.whitelabel.timeZone;
const startOfToday = dayStart(dayOf(new Date(), timeZone), timeZone).toISOString();
const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
/** The day after: today's period has closed. */
const tomorrow = new Date(Date.now() + 86_400_000);
function rebateOf(rules: Record<string, unknown> = {}, overrides: Record<string, unknown> = {}) {
  return {
    kind: 'rebate',
    enabled: true,
    startsAt: startOfToday,
    endsAt: nextWeek,
    budget: null,
    rules: {
      percent: 100,
      maxBonus: 1_000,
      minDeposit: 0,
      turnoverMultiple: 0,
      turnoverBasis: 'bonus',
      claimPer: 'day',
      rebateBasis: 'validBets',
      rebateRates: { RNG: 200 },
      minPayout: 100,
      ...rules,
    },
    texts: {
      EN: { title: `Rebate ${uniqueName('r')}`, summary: 'Cashback', rules: '2% on slots.' },
      TY: { title: 'Rebate', summary: 'Cashback', rules: '2% sa slots.' },
    },
    ...overrides,
  };
}
async function create(body: object) {
  const made = await admin(content, 'POST', '/admin-api/merchants/tala/promotions', body);
  expect(made.statusCode, made.body).toBe(200);
  return made.json().value.id as number;
}
async function disable(id: number) {
  await withPromotionTables(database.db)
    .updateTable('promotions')
    .set({ enabled: false })
    .where('id', '=', id)
    .execute();
}

describe('rebate rules', () => {
  it('shares a budget out in proportion and never beyond it', () => {
    const payouts = [
      { memberId: 1, basis: 0, amount: 600, byProduct: {} },
      { memberId: 2, basis: 0, amount: 300, byProduct: {} },
      { memberId: 3, basis: 0, amount: 1, byProduct: {} },
    ];
    expect(withinBudget(payouts, null).total).toBe(901);
    expect(withinBudget(payouts, 5_000).overBudget).toBe(0);
    const cut = withinBudget(payouts, 450);
    expect(cut.total).toBeLessThanOrEqual(450);
    expect(cut.rows.map((r) => [r.amount, r.status])).toEqual([
      [299, 'due'],
      [149, 'due'],
      [1, 'over_budget'],
    ]);
    expect(cut.overBudget).toBe(901 - 448);
    expect(withinBudget(payouts, 0).total).toBe(0);
  });
});

describe('daily rebate on valid bets', () => {
  it('pays every eligible member once when the day closes: rates, cap, minimum, rank; the member sees it', async () => {
    const id = await create(rebateOf({ minVipLevel: 0 }));
    const ranked = await create(rebateOf({ minVipLevel: 3, rebateRates: {}, percent: 1_000 }));
    const steady = await member();
    const big = await member();
    const small = await member(3);
    await spin(steady.token, 1_000, 3); // 2% of 3,000 = 60 (below the minimum of 100): not paid
    await spin(big.token, 10_000, 6); // 2% of 60,000 = 1,200, capped at 1,000
    await spin(small.token, 5_000, 2); // 2% of 10,000 = 200; the ranked one: 10% = 1,000

    // The member sees the rebate taking part and what it has earned so far.
    const listed = await call(big.token, 'GET', '/wps/relay/MCSFE_getPromotions');
    const mine = listed.json().value.find((p: { id: number }) => p.id === id);
    expect(mine).toMatchObject({ kind: 'rebate', status: 'process', claimable: null });
    expect(mine.rebate).toMatchObject({
      basis: 'validBets',
      rates: { RNG: 200 },
      defaultRate: 100,
      soFar: 1_000,
    });
    const notRanked = listed.json().value.find((p: { id: number }) => p.id === ranked);
    expect(notRanked).toMatchObject({ status: 'closed', reason: 'promotion_not_eligible' });
    // Nothing to claim: it pays itself.
    const claim = await call(big.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: id,
      deviceId: 'device-rebate-1',
    });
    expect(claim.statusCode).toBe(409);
    expect(claim.json().errorCode).toBe('promotion_paid_automatically');

    const before = await Promise.all([steady, big, small].map((m) => balanceOf(m.id)));
    // Two processes at once (the job on two servers): one computes the day, both finish paying it, once.
    await Promise.all([
      services.promotions.rebates.runDue(tala, tomorrow),
      services.promotions.rebates.runDue(tala, tomorrow),
    ]);
    const after = await Promise.all([steady, big, small].map((m) => balanceOf(m.id)));
    expect((after[0] as number) - (before[0] as number)).toBe(0);
    expect((after[1] as number) - (before[1] as number)).toBe(1_000);
    expect((after[2] as number) - (before[2] as number)).toBe(200 + 1_000);

    const runs = await admin(content, 'GET', `/admin-api/merchants/tala/promotions/${id}/rebate-runs`);
    expect(runs.statusCode, runs.body).toBe(200);
    expect(runs.json().value).toHaveLength(1);
    expect(runs.json().value[0]).toMatchObject({ status: 'paid', members: 2, total: 1_200, overBudget: 0 });

    // Again the next day, and a week later (catching up): nothing more moves.
    await services.promotions.rebates.runDue(tala, tomorrow);
    await services.promotions.rebates.runDue(tala, new Date(Date.now() + 3 * 86_400_000));
    expect(await Promise.all([steady, big, small].map((m) => balanceOf(m.id)))).toEqual(after);
    expect(await entriesWithKey(`rebate:${id}:`)).toBe(2);

    const seen = await call(big.token, 'GET', `/wps/relay/MCSFE_getPromotionDetail?id=${id}`);
    expect(seen.json().value.rebate.lastPaid).toMatchObject({ amount: 1_000 });
    const promotion = await admin(content, 'GET', '/admin-api/merchants/tala/promotions');
    expect(promotion.json().value.find((p: { id: number }) => p.id === id).spent).toBe(1_200);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    await disable(id);
    await disable(ranked);
  });

  it('pays a share of the net loss, and within the budget when everyone would have more', async () => {
    const id = await create(
      rebateOf(
        {
          rebateBasis: 'netLoss',
          minVipLevel: 5,
          percent: 1_000,
          rebateRates: {},
          maxBonus: 1_000_000,
          minPayout: 1,
        },
        {
          budget: 1_000,
        },
      ),
    );
    // Rank 5 only: the members of the other tests played this day too.
    const players = [await member(5), await member(5), await member(5)];
    for (const p of players) await spin(p.token, 10_000, 4);
    const wanted = await Promise.all(
      players.map(async (p) => {
        const { bet, win } = await playOf(p.id);
        return Math.floor((Math.max(0, bet - win) * 1_000) / 10_000);
      }),
    );
    const before = await Promise.all(players.map((p) => balanceOf(p.id)));
    await services.promotions.rebates.runDue(tala, tomorrow);
    const got = (await Promise.all(players.map((p) => balanceOf(p.id)))).map(
      (b, i) => b - (before[i] as number),
    );
    const total = wanted.reduce((a, b) => a + b, 0);
    if (total <= 1_000) expect(got).toEqual(wanted);
    else {
      // Cut in proportion: each gets its share of the budget, rounded down, and the budget is never overspent.
      expect(got).toEqual(wanted.map((w) => Math.floor((w * 1_000) / total)));
      const runs = await admin(finance, 'GET', `/admin-api/merchants/tala/promotions/${id}/rebate-runs`);
      expect(runs.json().value[0].overBudget).toBe(total - got.reduce((a, b) => a + b, 0));
    }
    expect(got.reduce((a, b) => a + b, 0)).toBeLessThanOrEqual(1_000);
    await disable(id);
  });

  it('finishes a run whose process died half-way, paying no one twice', async () => {
    const id = await create(rebateOf({ minVipLevel: 6 }));
    const players = [await member(6), await member(6), await member(6), await member(6)];
    for (const p of players) await spin(p.token, 10_000, 1);
    const before = await Promise.all(players.map((p) => balanceOf(p.id)));
    // A second set of services over the same database whose runs "crash" after two payouts (posted, not marked).
    const crashing = createServices(database.db, { crashAfterRebatePayouts: () => 2 });
    await expect(crashing.promotions.rebates.runDue(tala, tomorrow)).rejects.toThrow('simulated crash');
    const runs = await admin(content, 'GET', `/admin-api/merchants/tala/promotions/${id}/rebate-runs`);
    expect(runs.json().value[0]).toMatchObject({ status: 'paying', members: 4, total: 800 });
    expect(await entriesWithKey(`rebate:${id}:`)).toBe(2);

    await services.promotions.rebates.runDue(tala, tomorrow);
    const got = (await Promise.all(players.map((p) => balanceOf(p.id)))).map(
      (b, i) => b - (before[i] as number),
    );
    expect(got).toEqual([200, 200, 200, 200]);
    expect(await entriesWithKey(`rebate:${id}:`)).toBe(4);
    const done = await admin(content, 'GET', `/admin-api/merchants/tala/promotions/${id}/rebate-runs`);
    expect(done.json().value[0]).toMatchObject({ status: 'paid', members: 4, total: 800 });
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    await disable(id);
  });
});

describe('rebates and breaks (issue 18 item 3: no bonus reaches a member under a break)', () => {
  const operator = { id: 1, name: 'support', ip: '127.0.0.1' };
  const payoutStatus = async (id: number, memberId: number) =>
    (
      await withPromotionTables(database.db)
        .selectFrom('rebate_payouts')
        .select('status')
        .where('promotion_id', '=', id)
        .where('member_id', '=', memberId)
        .executeTakeFirst()
    )?.status;

  it('forfeits the rebate of a member under a break when it is paid, records it, gives it back to the budget and never pays it later', async () => {
    const id = await create(rebateOf({ minVipLevel: 7 }, { budget: 100_000 }));
    const steady = await member(7);
    const timedOut = await member(7);
    const ended = await member(7);
    const linked = await member(7);
    for (const p of [steady, timedOut, ended, linked]) await spin(p.token, 10_000, 1); // 2%: 200 each

    // After the play: a time-out, a time-out already over, and an operator exclusion of an account on the sister
    // merchant (exclusion group tala-demo) that shares a proven e-mail with `linked`.
    const signedIn = async (token: string) => services.members.authenticate(tala, token);
    await services.exclusions.startTimeout(
      await signedIn(timedOut.token),
      { hours: 24, confirm: true },
      'ip',
    );
    await services.exclusions.startTimeout(await signedIn(ended.token), { hours: 24, confirm: true }, 'ip');
    await database.db
      .updateTable('member_exclusions')
      .set({ starts_at: new Date(Date.now() - 25 * 3_600_000), ends_at: new Date(Date.now() - 3_600_000) })
      .where('member_id', '=', ended.id)
      .execute();
    const lucky = await services.merchants.byCode('lucky');
    const sister = await services.members.create(lucky, {
      username: uniqueName('rbs'),
      password: 'secret123',
    });
    const email = `${uniqueName('rb')}@example.com`;
    await database.db
      .updateTable('members')
      .set({ email, email_verified_at: new Date() })
      .where('id', 'in', [linked.id, sister])
      .execute();
    await services.exclusions.excludeByOperator(operator, sister, {
      kind: 'operator',
      period: '6m',
      reason: 'Problem gambling reported',
    });

    const before = await Promise.all([steady, timedOut, ended, linked].map((m) => balanceOf(m.id)));
    // Two processes at once: each payout is forfeited or paid once, and the run's figures are taken once.
    await Promise.all([
      services.promotions.rebates.runDue(tala, tomorrow),
      services.promotions.rebates.runDue(tala, tomorrow),
    ]);
    const got = (await Promise.all([steady, timedOut, ended, linked].map((m) => balanceOf(m.id)))).map(
      (b, i) => b - (before[i] as number),
    );
    expect(got).toEqual([200, 0, 200, 0]);
    expect(await payoutStatus(id, timedOut.id)).toBe('forfeited');
    expect(await payoutStatus(id, linked.id)).toBe('forfeited');
    expect(await payoutStatus(id, ended.id)).toBe('paid');
    expect(await entriesWithKey(`rebate:${id}:`)).toBe(2);

    // The operator sees why: the run counts the two forfeits apart, and only what was paid is spent.
    const runs = await admin(finance, 'GET', `/admin-api/merchants/tala/promotions/${id}/rebate-runs`);
    expect(runs.json().value[0]).toMatchObject({
      status: 'paid',
      members: 2,
      total: 400,
      forfeitedMembers: 2,
      forfeited: 400,
      overBudget: 0,
    });
    const promotion = await admin(content, 'GET', '/admin-api/merchants/tala/promotions');
    expect(promotion.json().value.find((p: { id: number }) => p.id === id).spent).toBe(400);

    // The break ends: the forfeited rebate is not paid by a later run.
    await database.db
      .updateTable('member_exclusions')
      .set({ ends_at: new Date(Date.now() - 60_000), starts_at: new Date(Date.now() - 25 * 3_600_000) })
      .where('member_id', '=', timedOut.id)
      .execute();
    await services.promotions.rebates.runDue(tala, tomorrow);
    expect(await balanceOf(timedOut.id)).toBe(before[1]);
    expect(await entriesWithKey(`rebate:${id}:`)).toBe(2);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    await disable(id);
  });

  it('pays, never forfeits, a payout whose posting began before a crash, even if a break starts before the run resumes', async () => {
    const id = await create(rebateOf({ minVipLevel: 8 }));
    const players = [await member(8), await member(8)];
    for (const p of players) await spin(p.token, 10_000, 1);
    const [first, second] = players as [(typeof players)[0], (typeof players)[0]];
    const before = await Promise.all(players.map((p) => balanceOf(p.id)));
    // The first payout is posted and the process dies before marking it.
    const crashing = createServices(database.db, { crashAfterRebatePayouts: () => 1 });
    await expect(crashing.promotions.rebates.runDue(tala, tomorrow)).rejects.toThrow('simulated crash');
    expect(await entriesWithKey(`rebate:${id}:`)).toBe(1);
    const posted = first.id < second.id ? first : second;
    expect(await balanceOf(posted.id)).toBe((before[players.indexOf(posted)] as number) + 200);

    // Now the paid member takes a time-out: its entry exists, so the row becomes paid, not forfeited.
    await services.exclusions.startTimeout(
      await services.members.authenticate(tala, posted.token),
      { hours: 24, confirm: true },
      'ip',
    );
    await services.promotions.rebates.runDue(tala, tomorrow);
    expect(await payoutStatus(id, posted.id)).toBe('paid');
    expect(await entriesWithKey(`rebate:${id}:`)).toBe(2);
    const runs = await admin(content, 'GET', `/admin-api/merchants/tala/promotions/${id}/rebate-runs`);
    expect(runs.json().value[0]).toMatchObject({
      status: 'paid',
      members: 2,
      total: 400,
      forfeitedMembers: 0,
    });
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    await disable(id);
  });
});

describe('rebate refusals and permissions', () => {
  it('refuses a rebate paid once or with turnover, and reads runs only for operators of a rebate', async () => {
    for (const rules of [{ claimPer: 'once' }, { turnoverMultiple: 2 }]) {
      const made = await admin(content, 'POST', '/admin-api/merchants/tala/promotions', rebateOf(rules));
      expect(made.statusCode, made.body).toBe(400);
      expect(made.json().errorCode).toBe('validation_failed');
    }
    const id = await create(rebateOf());
    const someone = await member();
    const url = `/admin-api/merchants/tala/promotions/${id}/rebate-runs`;
    expect((await app.inject({ url })).statusCode).toBe(401);
    expect((await app.inject({ url, headers: { authorization: someone.token } })).statusCode).toBe(401);
    const foreign = await admin(content, 'GET', `/admin-api/merchants/lucky/promotions/${id}/rebate-runs`);
    expect(foreign.statusCode).toBe(404);
    expect(foreign.json().errorCode).toBe('promotion_not_found');
    const welcome = (await admin(content, 'GET', '/admin-api/merchants/tala/promotions'))
      .json()
      .value.find((p: { kind: string }) => p.kind === 'firstDeposit');
    const notRebate = await admin(
      content,
      'GET',
      `/admin-api/merchants/tala/promotions/${welcome.id}/rebate-runs`,
    );
    expect(notRebate.statusCode).toBe(409);
    expect(notRebate.json().errorCode).toBe('promotion_not_rebate');
    await disable(id);
  });
});
