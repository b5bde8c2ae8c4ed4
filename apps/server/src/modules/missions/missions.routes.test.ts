// Missions and the mission leaderboard (issue 13 item 3): the builder and who may use it, progress counted from
// real sign-ins, deposits, spins and games, a claim paid once through the ledger (also under 50 simultaneous
// claims), the badge in /wps/member/counts, the leaderboard with masked names, and every refusal with its code
// and nothing moved.
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

function call(token: string | null, method: 'GET' | 'POST', url: string, payload?: object, language = 'EN') {
  return app.inject({
    method,
    url,
    headers: { merchant: 'tala', language, ...(token ? { authorization: token } : {}) },
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
  const username = uniqueName('mi');
  const id = await services.members.create(tala, { username, password: 'secret123', payeeName: 'Ana Reyes' });
  const token = await tokenOf(app, username, 'secret123');
  return { id, username, token };
}

/** A bank deposit the member makes and finance approves. */
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

const balanceOf = async (id: number) =>
  services.wallet.balance(await services.wallet.memberAccount(tala.id, id));
let spins = 0;
async function spin(token: string, bet: number, gameCode = 'TALA-RNG-0001') {
  const response = await call(token, 'POST', '/wps/relay/SLOTS_spin', {
    gameCode,
    bet,
    requestId: `mission-spin-${Date.now()}-${++spins}`,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
type Task = { kind: string; product?: string | null; target: number };
function missionOf(tasks: Task[], overrides: Record<string, unknown> = {}) {
  return {
    period: 'day',
    enabled: true,
    startsAt: hourAgo,
    endsAt: nextWeek,
    reward: 1_500,
    points: 40,
    tasks,
    texts: {
      EN: { name: `Mission ${uniqueName('m')}`, description: 'Do it today' },
      TY: { name: 'Misyon ngayon', description: 'Gawin ngayong araw' },
    },
    ...overrides,
  };
}
async function create(body: object, merchant = 'tala') {
  const made = await admin(content, 'POST', `/admin-api/merchants/${merchant}/missions`, body);
  expect(made.statusCode, made.body).toBe(200);
  return made.json().value.id as number;
}
async function summary(token: string, language = 'EN') {
  const response = await call(token, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails', undefined, language);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value as {
    missions: {
      id: number;
      name: string;
      status: string;
      tasks: { kind: string; done: number; target: number }[];
    }[];
    claimable: number;
    pointsToday: number;
  };
}
const mine = async (token: string, id: number, language = 'EN') =>
  (await summary(token, language)).missions.find((m) => m.id === id);
const claim = (token: string, missionId: unknown) =>
  call(token, 'POST', '/wps/relay/MCS2_claimMissionReward', { missionId });
const badge = async (token: string) =>
  (await call(token, 'GET', '/wps/member/counts')).json().value.mission as number;

describe('missions', () => {
  it('is built by owner and content, read by every role, audited, and refuses a bad mission', async () => {
    const body = missionOf([{ kind: 'login', target: 1 }]);
    expect((await admin(support, 'POST', '/admin-api/merchants/tala/missions', body)).statusCode).toBe(403);
    expect((await admin(finance, 'POST', '/admin-api/merchants/tala/missions', body)).statusCode).toBe(403);
    expect((await call(null, 'GET', '/admin-api/merchants/tala/missions')).statusCode).toBe(401);
    const made = await admin(owner, 'POST', '/admin-api/merchants/tala/missions', body);
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().value.id as number;
    for (const reader of [owner, finance, content, support]) {
      const list = await admin(reader, 'GET', '/admin-api/merchants/tala/missions');
      expect(list.statusCode).toBe(200);
      expect(list.json().value.find((m: { id: number }) => m.id === id)).toMatchObject({
        claims: 0,
        period: 'day',
      });
    }
    const renamed = await admin(content, 'PUT', `/admin-api/merchants/tala/missions/${id}`, {
      ...body,
      enabled: false,
    });
    expect(renamed.json().value).toMatchObject({ id, enabled: false });
    expect((await admin(support, 'PUT', `/admin-api/merchants/tala/missions/${id}`, body)).statusCode).toBe(
      403,
    );
    const periodChange = await admin(owner, 'PUT', `/admin-api/merchants/tala/missions/${id}`, {
      ...body,
      period: 'week',
    });
    expect(periodChange.statusCode).toBe(400);
    expect(
      (await admin(owner, 'PUT', `/admin-api/merchants/lucky/missions/${id}`, body)).json().errorCode,
    ).toBe('mission_not_found');
    const audit = await services.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `mission:${id}`)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['missions.create', 'missions.update']);

    const bad = [
      missionOf([]),
      missionOf([{ kind: 'login', target: 0 }]),
      missionOf([{ kind: 'login', target: 8 }]),
      missionOf([{ kind: 'jump', target: 1 }]),
      missionOf([{ kind: 'login', product: 'RNG', target: 1 }]),
      missionOf([{ kind: 'betAmount', product: 'CHESS', target: 100 }]),
      missionOf([{ kind: 'betAmount', target: 1.5 }]),
      missionOf(Array.from({ length: 6 }, () => ({ kind: 'login', target: 1 }))),
      missionOf([{ kind: 'login', target: 1 }], { reward: -1 }),
      missionOf([{ kind: 'login', target: 1 }], { reward: 0, points: 0 }),
      missionOf([{ kind: 'login', target: 1 }], { period: 'month' }),
      missionOf([{ kind: 'login', target: 1 }], { startsAt: nextWeek, endsAt: hourAgo }),
      missionOf([{ kind: 'login', target: 1 }], { texts: { TY: { name: 'x', description: '' } } }),
      missionOf([{ kind: 'login', target: 1 }], { texts: { EN: { name: 'a\u0000b', description: '' } } }),
      missionOf([{ kind: 'login', target: 1 }], { texts: { EN: { name: 'x'.repeat(81), description: '' } } }),
      missionOf([{ kind: 'login', target: 1 }], { extra: true }),
    ];
    for (const b of bad) {
      const refused = await admin(owner, 'POST', '/admin-api/merchants/tala/missions', b);
      expect(refused.statusCode, JSON.stringify(b)).toBe(400);
      expect(refused.json()).toMatchObject({ success: false });
      expect(refused.json().errorCode).toBeTruthy();
    }
  });

  it('counts sign-ins, deposits, bets by product and distinct games from what the member really did', async () => {
    const id = await create(
      missionOf([
        { kind: 'login', target: 1 },
        { kind: 'depositCount', target: 1 },
        { kind: 'depositAmount', target: 30_000 },
        { kind: 'betAmount', product: 'RNG', target: 300 },
        { kind: 'gamesPlayed', target: 2 },
      ]),
    );
    const m = await member();
    const before = await mine(m.token, id);
    expect(before?.status).toBe('inProgress');
    expect(before?.tasks.map((t) => t.done)).toEqual([1, 0, 0, 0, 0]);
    await deposit(m, 20_000);
    await spin(m.token, 100);
    await spin(m.token, 100);
    const halfway = await mine(m.token, id);
    expect(halfway?.tasks.map((t) => t.done)).toEqual([1, 1, 20_000, 200, 1]);
    expect((await claim(m.token, id)).json()).toMatchObject({ errorCode: 'mission_incomplete' });
    await deposit(m, 20_000);
    await spin(m.token, 200, 'TALA-RNG-0002');
    const done = await mine(m.token, id);
    // Progress stops at the target.
    expect(done?.tasks.map((t) => t.done)).toEqual([1, 1, 30_000, 300, 2]);
    expect(done?.status).toBe('claimable');
    // The TY names and a task of another product: a live-casino bet task does not count slot spins.
    expect((await mine(m.token, id, 'TY'))?.name).toBe('Misyon ngayon');
    const live = await create(missionOf([{ kind: 'betAmount', product: 'LIVE', target: 100 }]));
    expect((await mine(m.token, live))?.tasks[0]?.done).toBe(0);
  });

  it('pays a completed mission once: cash through the ledger, points, the badge drops', async () => {
    const id = await create(
      missionOf([
        { kind: 'login', target: 1 },
        { kind: 'gamesPlayed', target: 1 },
      ]),
    );
    const m = await member();
    const startBadge = await badge(m.token);
    await deposit(m, 10_000);
    await spin(m.token, 100);
    // This mission and the demo's daily check-in are now complete: the badge is the summary's count.
    const completed = await badge(m.token);
    expect(completed).toBeGreaterThanOrEqual(startBadge + 1);
    expect(completed).toBe((await summary(m.token)).claimable);
    const balance = await balanceOf(m.id);
    // The promotions cost report adds mission rewards up by day, beside the bonuses.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const rewarded = async () => {
      const report = await admin(
        finance,
        'GET',
        `/admin-api/merchants/tala/promotions-report?from=${day(-1)}&to=${day(1)}`,
      );
      return (report.json().value.rows as { source: string; paid: number }[])
        .filter((r) => r.source === 'missions')
        .reduce((sum, r) => sum + r.paid, 0);
    };
    const reportedBefore = await rewarded();
    const paid = await claim(m.token, id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value).toMatchObject({ missionId: id, reward: 1_500, points: 40 });
    expect(await rewarded()).toBe(reportedBefore + 1_500);
    expect(await balanceOf(m.id)).toBe(balance + 1_500);
    expect(await badge(m.token)).toBe(completed - 1);
    expect((await mine(m.token, id))?.status).toBe('claimed');
    const again = await claim(m.token, id);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'mission_already_claimed' });
    expect(await balanceOf(m.id)).toBe(balance + 1_500);
    const entry = await services.db
      .selectFrom('ledger_entries')
      .select(['type', 'idempotency_key'])
      .where('idempotency_key', 'like', `mission:${id}:${m.id}:%`)
      .execute();
    expect(entry).toHaveLength(1);
    expect(entry[0]?.type).toBe('promotion');
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('pays once under 50 simultaneous claims of one member', async () => {
    const id = await create(missionOf([{ kind: 'gamesPlayed', target: 1 }], { reward: 2_000 }));
    const m = await member();
    await deposit(m, 10_000);
    await spin(m.token, 100);
    const balance = await balanceOf(m.id);
    const results = await Promise.all(Array.from({ length: 50 }, () => claim(m.token, id)));
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(49);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.json().errorCode).toBe('mission_already_claimed');
    expect(await balanceOf(m.id)).toBe(balance + 2_000);
    const claims = await services.db
      .selectFrom('mission_claims' as never)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('mission_id' as never, '=', id as never)
      .executeTakeFirstOrThrow();
    expect(Number(claims.n)).toBe(1);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('ranks members by points with masked names and the member’s own place', async () => {
    const id = await create(missionOf([{ kind: 'gamesPlayed', target: 1 }], { reward: 0, points: 5_000 }));
    const other = await create(missionOf([{ kind: 'login', target: 1 }], { reward: 0, points: 10 }));
    const first = await member();
    const second = await member();
    const idle = await member();
    await deposit(first, 10_000);
    await spin(first.token, 100);
    const balance = await balanceOf(first.id);
    expect((await claim(first.token, id)).statusCode).toBe(200);
    // A points-only mission moves no money.
    expect(await balanceOf(first.id)).toBe(balance);
    expect((await claim(second.token, other)).statusCode).toBe(200);
    const board = await call(idle.token, 'GET', '/wps/relay/MCSFE_getMissionLeaderboard?period=day');
    expect(board.statusCode, board.body).toBe(200);
    const value = board.json().value;
    const names = value.list.map((r: { username: string }) => r.username);
    expect(names).not.toContain(first.username);
    const at = (username: string) =>
      value.list.find(
        (r: { username: string }) =>
          r.username.startsWith(username.slice(0, 2)) && r.username.endsWith(username.at(-1) ?? ''),
      );
    expect(value.list[0]).toMatchObject({ rank: 1, points: 5_000 });
    expect(value.list[0].username).toMatch(/^mi\*+/);
    expect(at(second.username)?.points).toBeGreaterThanOrEqual(10);
    expect(value.mine).toBeNull();
    const mineBoard = (
      await call(second.token, 'GET', '/wps/relay/MCSFE_getMissionLeaderboard?period=week')
    ).json().value;
    expect(mineBoard.mine).toMatchObject({ points: 10, missions: 1 });
    expect(mineBoard.mine.rank).toBeGreaterThan(1);
    const previous = (
      await call(first.token, 'GET', '/wps/relay/MCSFE_getMissionLeaderboard?period=day&which=previous')
    ).json().value;
    expect(previous.mine).toBeNull();
    expect(Date.parse(previous.endsAt)).toBe(Date.parse(value.startsAt));
    for (const q of ['period=month', 'which=next', 'limit=0', 'limit=101', 'extra=1']) {
      const refused = await call(first.token, 'GET', `/wps/relay/MCSFE_getMissionLeaderboard?${q}`);
      expect(refused.statusCode, q).toBe(400);
    }
  });

  it('refuses guests, trial members, unknown, foreign, ended, switched-off and unstarted missions; nothing moves', async () => {
    const m = await member();
    await deposit(m, 10_000);
    await spin(m.token, 100);
    const balance = await balanceOf(m.id);
    const easy = [{ kind: 'gamesPlayed', target: 1 }];
    expect((await call(null, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails')).statusCode).toBe(401);
    expect((await call(null, 'GET', '/wps/relay/MCSFE_getMissionLeaderboard')).statusCode).toBe(401);
    expect((await claim('not-a-token', 1)).statusCode).toBe(401);
    const foreign = await create(missionOf(easy), 'lucky');
    expect((await claim(m.token, foreign)).json()).toMatchObject({ errorCode: 'mission_not_found' });
    expect((await claim(m.token, 2_000_000_000)).statusCode).toBe(404);
    const ended = await create(
      missionOf(easy, { startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), endsAt: hourAgo }),
    );
    expect((await claim(m.token, ended)).json()).toMatchObject({ errorCode: 'mission_ended' });
    const coming = await create(
      missionOf(easy, { startsAt: nextWeek, endsAt: new Date(Date.now() + 9 * 86_400_000).toISOString() }),
    );
    expect((await claim(m.token, coming)).json()).toMatchObject({ errorCode: 'mission_not_started' });
    const off = await create(missionOf(easy, { enabled: false }));
    expect((await claim(m.token, off)).json()).toMatchObject({ errorCode: 'mission_not_found' });
    const ids = (await summary(m.token)).missions.map((x) => x.id);
    expect(ids).not.toContain(foreign);
    expect(ids).not.toContain(ended);
    expect(ids).not.toContain(off);
    for (const body of [
      {},
      { missionId: 'x' },
      { missionId: 0 },
      { missionId: 1.5 },
      { missionId: 1, more: 1 },
    ]) {
      const refused = await call(m.token, 'POST', '/wps/relay/MCS2_claimMissionReward', body);
      expect(refused.statusCode, JSON.stringify(body)).toBe(400);
    }
    const refusedTy = await call(
      m.token,
      'POST',
      '/wps/relay/MCS2_claimMissionReward',
      { missionId: ended },
      'TY',
    );
    expect(refusedTy.json().message).toBe('Tapos na ang misyong ito.');

    const trialName = uniqueName('tr');
    const trialId = await services.members.create(tala, {
      username: trialName,
      password: 'secret123',
      type: 4,
    });
    const { token: trial } = await services.db
      .transaction()
      .execute((trx) => services.members.startSession(trx, tala, trialId, '127.0.0.1'));
    const open = await create(missionOf([{ kind: 'login', target: 1 }]));
    expect((await claim(trial, open)).json()).toMatchObject({ errorCode: 'in_need_true_account' });
    expect((await call(trial, 'GET', '/wps/relay/MCSFE_getMissionSummaryDetails')).json().errorCode).toBe(
      'in_need_true_account',
    );
    expect((await call(trial, 'GET', '/wps/member/counts')).json().value.mission).toBe(0);
    expect(await balanceOf(m.id)).toBe(balance);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });
});
