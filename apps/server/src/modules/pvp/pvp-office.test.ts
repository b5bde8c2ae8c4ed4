import { afterAll, describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';

// The PvP tables' back office (decision 057): every role on every call, the settings' checks, the hands explorer
// and the P&L (the rake).

const { app, services } = await testApp();
afterAll(() => app.close());
const tala = await services.merchants.byCode('tala');

const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
const base = '/admin-api/merchants/tala/pvp';
const call = (auth: string | null, method: 'GET' | 'PUT', url: string, payload?: object) =>
  app.inject({ method, url, headers: auth ? { authorization: auth } : {}, ...(payload ? { payload } : {}) });

const settings = {
  name: "Hold'em P5/P10",
  stake: 1_000,
  seats: 6,
  minBuyIn: 20_000,
  maxBuyIn: 100_000,
  rakeBps: 500,
  rakeCap: 3_000,
  turnSeconds: 20,
  maintenance: false,
};

/** A hand played at HOLDEM-10: two members sit, the first to act folds. */
async function playedHand() {
  const players = [];
  for (const ip of ['10.50.0.1', '10.50.0.2']) {
    const m = await fundedMember(services, tala, 100_000);
    await services.pvp.sit(tala, { id: m.id }, ip, 'HOLDEM-10', {
      buyIn: 50_000,
      deviceId: `office-${ip}`,
      requestId: `office-sit-${m.id}`,
    });
    players.push(m);
  }
  const id = Number(
    (
      await services.db
        .selectFrom('merchants')
        .select('id')
        .where('code', '=', 'tala')
        .executeTakeFirstOrThrow()
    ).id,
  );
  expect(id).toBe(tala.id);
  const table = (await services.pvp.state(tala, null, 'HOLDEM-10')).table;
  expect(table.seated).toBe(2);
  const row = await services.db
    .withTables<{ pvp_tables: { id: number; merchant_id: number; code: string } }>()
    .selectFrom('pvp_tables')
    .select('id')
    .where('merchant_id', '=', tala.id)
    .where('code', '=', 'HOLDEM-10')
    .executeTakeFirstOrThrow();
  expect(await services.pvp.deal(Number(row.id))).toBe(true);
  const state = await services.pvp.state(tala, { id: players[0]?.id as number }, 'HOLDEM-10');
  const hand = state.hand as NonNullable<typeof state.hand>;
  const actor = players[hand.toAct === 0 ? 0 : 1] as { id: number };
  await services.pvp.move(tala, actor, 'HOLDEM-10', { handNo: hand.handNo, seq: 0, move: { type: 'fold' } });
  return { players, handNo: hand.handNo };
}

describe('PvP back office', () => {
  it('lets each role do only its part', async () => {
    const expectations: [string | null, 'GET' | 'PUT', string, number, object?][] = [
      [owner, 'GET', `${base}/tables`, 200],
      [finance, 'GET', `${base}/tables`, 200],
      [support, 'GET', `${base}/tables`, 403],
      [content, 'GET', `${base}/tables`, 403],
      [null, 'GET', `${base}/tables`, 401],
      [finance, 'PUT', `${base}/tables/HOLDEM-10`, 403, settings],
      [support, 'PUT', `${base}/tables/HOLDEM-10`, 403, settings],
      [owner, 'PUT', `${base}/tables/HOLDEM-10`, 200, settings],
      [support, 'GET', `${base}/hands`, 200],
      [content, 'GET', `${base}/hands`, 403],
      [finance, 'GET', `${base}/report?from=2026-11-01&to=2026-11-30`, 200],
      [support, 'GET', `${base}/report?from=2026-11-01&to=2026-11-30`, 403],
    ];
    for (const [auth, method, url, status, payload] of expectations)
      expect([url, method, (await call(auth, method, url, payload)).statusCode]).toEqual([
        url,
        method,
        status,
      ]);
  });

  it('checks a table’s settings and says what is wrong, changing nothing', async () => {
    const bad: [object, string][] = [
      [{ minBuyIn: 10_000 }, 'worst loss'],
      [{ maxBuyIn: 10_000 }, 'largest buy-in'],
      [{ seats: 9 }, 'at most 6 seats'],
      [{ rakeBps: 2_000 }, 'rake'],
      [{ turnSeconds: 1 }, 'turn timer'],
    ];
    for (const [change, words] of bad) {
      const response = await call(owner, 'PUT', `${base}/tables/HOLDEM-10`, { ...settings, ...change });
      expect(response.statusCode).toBe(400);
      expect(response.json().errorCode).toBe('pvp_table_settings_invalid');
      expect(response.json().message).toContain(words);
    }
    // A fraction of the minor unit (an operator's "1.255" pesos) is amount_too_precise, as every amount.
    for (const field of ['stake', 'minBuyIn', 'maxBuyIn', 'rakeCap']) {
      const response = await call(owner, 'PUT', `${base}/tables/HOLDEM-10`, { ...settings, [field]: 125.5 });
      expect([response.statusCode, response.json().errorCode, response.json().field]).toEqual([
        400,
        'amount_too_precise',
        field,
      ]);
    }
    const tongits = await call(owner, 'PUT', `${base}/tables/TONGITS-10`, { ...settings, seats: 4 });
    expect(tongits.json().message).toContain('at most 3 seats');
    expect((await call(owner, 'PUT', `${base}/tables/NOPE-1`, settings)).json().errorCode).toBe(
      'pvp_table_not_found',
    );
    const list = (await call(owner, 'GET', `${base}/tables`)).json().value.list;
    expect(list.find((t: { code: string }) => t.code === 'HOLDEM-10')).toMatchObject({
      ...settings,
      leastBuyIn: 20_000,
    });
  });

  it('puts a table under maintenance: no one sits, and the players’ list says so', async () => {
    expect(
      (
        await call(owner, 'PUT', `${base}/tables/PUSOY-5`, {
          ...settings,
          name: 'Pusoy Dos P5',
          stake: 500,
          seats: 4,
          maintenance: true,
        })
      ).statusCode,
    ).toBe(200);
    const list = (await app.inject({ url: '/wps/relay/GLS2_roomList', headers: { merchant: 'tala' } })).json()
      .value.list;
    expect(list.find((t: { code: string }) => t.code === 'PUSOY-5').maintenance).toBe(true);
    const m = await fundedMember(services, tala, 100_000);
    await expect(
      services.pvp.sit(tala, { id: m.id }, '10.51.0.1', 'PUSOY-5', {
        buyIn: 50_000,
        deviceId: 'maint-device',
        requestId: 'maint-sit-1',
      }),
    ).rejects.toMatchObject({ code: 'pvp_table_maintenance' });
    await call(owner, 'PUT', `${base}/tables/PUSOY-5`, {
      ...settings,
      name: 'Pusoy Dos P5',
      stake: 500,
      seats: 4,
      maintenance: false,
    });
  });

  it('explores hands with their players and moves, and reports the rake by day and game', async () => {
    const { players, handNo } = await playedHand();
    const page = (await call(support, 'GET', `${base}/hands?table=HOLDEM-10`)).json().value;
    const hand = page.list.find((h: { handNo: number }) => h.handNo === handNo);
    expect(hand.players).toHaveLength(2);
    expect(hand.players.reduce((s: number, p: { net: number }) => s + p.net, 0) + hand.rake).toBe(0);
    const username = (await services.members.byId(players[0]?.id as number))?.username as string;
    const byMember = (await call(support, 'GET', `${base}/hands?member=${username}`)).json().value;
    expect(byMember.list.map((h: { id: number }) => h.id)).toContain(hand.id);
    const detail = (await call(support, 'GET', `${base}/hands/${hand.id}`)).json().value;
    expect(detail.list).toHaveLength(1);
    expect(detail.serverSeed).not.toBeNull();
    expect(detail.entryId).not.toBeNull();
    expect((await call(support, 'GET', `/admin-api/merchants/lucky/pvp/hands/${hand.id}`)).statusCode).toBe(
      404,
    );
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const report = (await call(finance, 'GET', `${base}/report?from=2026-01-01&to=${tomorrow}`)).json().value;
    const row = report.list.find((r: { game: string }) => r.game === 'HOLDEM');
    expect(row.hands).toBeGreaterThanOrEqual(1);
    expect(row.pots).toBeGreaterThan(0);
    expect((await call(finance, 'GET', `${base}/report?from=2026-02-01&to=2026-01-01`)).statusCode).toBe(400);
  });
});
