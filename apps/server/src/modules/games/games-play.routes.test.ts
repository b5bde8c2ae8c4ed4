import crypto from 'node:crypto';
import { addDays, dayOf } from '@tala/contracts/calendar';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp, vendorCaller } from '../../testing/test-app.ts';
import { maskName } from './game-records.ts';

const { app, services } = await testApp();
const VENDOR = 'MABUHAY';
const { secret } = (await services.seamless.ensureSimulatedCredentials([VENDOR])).find(
  (c) => c.vendorCode === VENDOR,
) as { secret: string };
const vendorCall = await vendorCaller({ app, services }, VENDOR);
const tala = await services.merchants.byCode('tala');
const today = dayOf(new Date(), 'Asia/Manila');

async function member(funds: number, type = 0) {
  const username = `p${crypto.randomBytes(5).toString('hex')}`;
  const id = await services.members.create(tala, { username, password: 'secret-pass-1', type });
  if (funds > 0) {
    await services.wallet.transfer(services.db, {
      merchantId: tala.id,
      idempotencyKey: `test-deposit-${id}`,
      type: 'deposit',
      from: await services.wallet.houseAccount(tala.id, 'house_deposit_clearing'),
      to: await services.wallet.memberAccount(tala.id, id),
      amount: funds,
      actor: { type: 'system', id: null, name: 'test' },
    });
  }
  const { token } = await services.db
    .transaction()
    .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
  return { id, token, username };
}

const get = (url: string, token?: string) =>
  app.inject({ url, headers: { merchant: 'tala', ...(token ? { authorization: token } : {}) } });
const post = (url: string, payload: unknown, token?: string) =>
  app.inject({
    method: 'POST',
    url,
    payload: payload as object,
    headers: { merchant: 'tala', ...(token ? { authorization: token } : {}) },
  });

const firstGames = (await get('/wps/relay/GCSGAME_gameList?vassalage=MABUHAY_RNG&pageSize=3')).json().value
  .list;

/** Launches a game and plays one round through the vendor API: bet, then win. */
async function playRound(m: { token: string }, nodeId: number, stake: number, win: number) {
  const launched = (await get(`/wps/relay/GCS_gameLaunchFB?nodeId=${nodeId}`, m.token)).json().value;
  const token = new URL(launched.url).searchParams.get('token') as string;
  const auth = (await vendorCall('authenticate', { token })).json().value;
  const roundId = crypto.randomUUID();
  const body = { playerId: auth.playerId, roundId, gameCode: auth.gameCode };
  expect(
    (await vendorCall('bet', { ...body, token, transactionId: `b-${roundId}`, amount: stake })).statusCode,
  ).toBe(200);
  expect((await vendorCall('win', { ...body, transactionId: `w-${roundId}`, amount: win })).statusCode).toBe(
    200,
  );
}

describe('favourites', () => {
  it('needs a session', async () => {
    expect((await get('/wps/relay/MCSFE_getFavoriteGames')).json()).toMatchObject({
      errorCode: 'not_logged_in',
    });
    expect((await post('/wps/relay/MCSFE_addFavoriteGame', { nodeId: 1 })).statusCode).toBe(401);
  });

  it('adds and removes by nodeId, lists pages of games with content and totalPages', async () => {
    const m = await member(0);
    for (const g of firstGames) {
      const added = await post(
        '/wps/relay/MCSFE_addFavoriteGame',
        { nodeId: g.nodeId, vendor: g.vendor, gameType: 'RNG' },
        m.token,
      );
      expect(added.json().value).toEqual({ nodeId: g.nodeId, favourite: true });
    }
    // Adding twice keeps one.
    await post('/wps/relay/MCSFE_addFavoriteGame', { nodeId: firstGames[0].nodeId }, m.token);
    const entries = (await get('/wps/relay/MCSFE_getFavoriteGames?gameType=RNG', m.token)).json().value;
    expect(entries.map((e: { nodeId: number }) => e.nodeId).sort()).toEqual(
      firstGames.map((g: { nodeId: number }) => g.nodeId).sort(),
    );
    const page = (
      await get(
        '/wps/relay/MCSFE_getFavoriteGamesList?clientType=3&gameType=RNG&pageNo=1&pageSize=2',
        m.token,
      )
    ).json().value;
    expect(page).toMatchObject({ total: 3, totalPages: 2, pageSize: 2 });
    expect(page.content).toHaveLength(2);
    expect(page.content).toEqual(page.list);

    await post('/wps/relay/MCSFE_removeFavoriteGame', { nodeId: firstGames[1].nodeId }, m.token);
    const after = (await get('/wps/relay/MCSFE_getFavoriteGames', m.token)).json().value;
    expect(after).toHaveLength(2);
    // Another member's list is their own.
    const other = await member(0);
    expect((await get('/wps/relay/MCSFE_getFavoriteGames', other.token)).json().value).toEqual([]);
  });

  it('refuses unknown games and a vendor that is not the game’s', async () => {
    const m = await member(0);
    expect(
      (await post('/wps/relay/MCSFE_addFavoriteGame', { nodeId: 99_999_999 }, m.token)).json(),
    ).toMatchObject({
      errorCode: 'unknown_game',
    });
    const wrong = await post(
      '/wps/relay/MCSFE_addFavoriteGame',
      { nodeId: firstGames[0].nodeId, vendor: 'PERLAS' },
      m.token,
    );
    expect(wrong.json()).toMatchObject({ errorCode: 'validation_failed', field: 'vendor' });
    expect((await post('/wps/relay/MCSFE_addFavoriteGame', { nodeId: 'x' }, m.token)).statusCode).toBe(400);
  });
});

describe('recent games, records and the winner board', () => {
  it('lists launched games latest first, records the rounds with totals and shows real wins masked', async () => {
    const m = await member(100_000);
    await playRound(m, firstGames[0].nodeId, 500, 0);
    await playRound(m, firstGames[1].nodeId, 1_000, 4_000);

    const recent = (
      await get('/wps/relay/GCS_recentGame?clientType=3&gameType=RNG&pageNo=1&pageSize=24', m.token)
    ).json().value;
    expect(recent.list.map((g: { nodeId: number }) => g.nodeId)).toEqual([
      firstGames[1].nodeId,
      firstGames[0].nodeId,
    ]);

    const record = (await get(`/wps/relay/MCSFE_getBetRecords?from=${today}&to=${today}`, m.token)).json()
      .value;
    expect(record.total).toBe(2);
    expect(record.totals).toEqual({ count: 2, bet: 1_500, win: 4_000, rebate: 0, profit: 2_500 });
    expect(record.list[0]).toMatchObject({
      bet: 1_000,
      win: 4_000,
      profit: 3_000,
      status: 'settled',
      product: 'RNG',
      vendor: VENDOR,
    });

    const otherVendor = (
      await get(`/wps/relay/MCSFE_getBetRecords?from=${today}&to=${today}&vendor=PERLAS`, m.token)
    ).json().value;
    expect(otherVendor.total).toBe(0);
    const live = (
      await get(`/wps/relay/MCSFE_getBetRecords?from=${today}&to=${today}&product=LIVE`, m.token)
    ).json().value;
    expect(live.total).toBe(0);
    const yesterday = addDays(today, -1);
    expect(
      (await get(`/wps/relay/MCSFE_getBetRecords?from=${yesterday}&to=${yesterday}`, m.token)).json().value
        .total,
    ).toBe(0);

    const pl = (await get('/wps/relay/MCSFE_getProfitLoss?period=today', m.token)).json().value;
    expect(pl.products).toEqual([
      { product: 'RNG', count: 2, bet: 1_500, win: 4_000, rebate: 0, profit: 2_500 },
    ]);
    expect(pl.totals.profit).toBe(2_500);

    const board = (await get('/wps/relay/GCSGAME_getRankList?gameCategory=ALL&limitNum=20')).json().value
      .list;
    const row = board.find((r: { vo: { prize: number } }) => r.vo.prize === 4_000);
    expect(row.vo.player).toBe(maskName(m.username));
    expect(row.vo.player).not.toBe(m.username);
    expect(row.vo.gameName).toBe(firstGames[1].name);
    // A losing round is not a win.
    expect(board.every((r: { vo: { prize: number } }) => r.vo.prize > 0)).toBe(true);
  });

  it('refuses bad ranges and trial members on the records', async () => {
    const m = await member(0);
    expect(
      (await get(`/wps/relay/MCSFE_getBetRecords?from=${today}&to=${addDays(today, -2)}`, m.token)).json(),
    ).toMatchObject({ errorCode: 'validation_failed' });
    expect(
      (await get('/wps/relay/MCSFE_getBetRecords?from=2026-13-40&to=2026-13-41', m.token)).statusCode,
    ).toBe(400);
    expect((await get('/wps/relay/MCSFE_getProfitLoss?period=forever', m.token)).statusCode).toBe(400);
    const trial = await member(0, 4);
    expect((await get('/wps/relay/MCSFE_getProfitLoss', trial.token)).json()).toMatchObject({
      errorCode: 'in_need_true_account',
    });
  });
});

describe('back office', () => {
  it('switches a vendor line, audited, and the site sees it at once', async () => {
    const auth = await operatorAuth(app, 'owner', 'owner-demo-1');
    const lines = (
      await app.inject({ url: '/admin-api/games/lines?merchant=tala', headers: { authorization: auth } })
    ).json().value;
    const line = lines.find((l: { vassalage: string }) => l.vassalage === 'PERLAS_RNG');
    expect(line).toMatchObject({ enabled: true, inHouse: false });
    const put = (body: object) =>
      app.inject({
        method: 'PUT',
        url: `/admin-api/games/lines/${line.nodeId}`,
        headers: { authorization: auth },
        payload: body,
      });
    const changed = await put({
      merchant: 'tala',
      enabled: true,
      isHot: true,
      maintenance: true,
      sortOrder: -5,
    });
    expect(changed.json().value).toMatchObject({ isHot: true, maintenance: true, sortOrder: -5 });
    const card = (await get('/wps/relay/GCSGAME_gameVendor?gameType=RNG')).json().value[0];
    expect(card).toMatchObject({ vassalage: 'PERLAS_RNG', isHot: 1, maintenance: true });
    const game = (await get('/wps/relay/GCSGAME_gameList?vassalage=PERLAS_RNG&pageSize=1')).json().value
      .list[0];
    const m = await member(1_000);
    expect((await get(`/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`, m.token)).json()).toMatchObject({
      errorCode: 'game_maintenance',
    });

    await put({ merchant: 'tala', enabled: false, isHot: false, maintenance: false, sortOrder: 0 });
    const vendors = (await get('/wps/relay/GCSGAME_gameVendor')).json().value;
    expect(vendors.some((v: { vassalage: string }) => v.vassalage === 'PERLAS_RNG')).toBe(false);
    await put({ merchant: 'tala', enabled: true, isHot: false, maintenance: false, sortOrder: 0 });

    const audit = (
      await app.inject({ url: '/admin-api/audit?action=games.*', headers: { authorization: auth } })
    ).json().value;
    expect(audit.list.length).toBeGreaterThanOrEqual(3);

    const content = await operatorAuth(app, 'finance', 'finance-demo-1');
    expect(
      (
        await app.inject({
          method: 'PUT',
          url: `/admin-api/games/lines/${line.nodeId}`,
          headers: { authorization: content },
          payload: { merchant: 'tala', enabled: false, isHot: false, maintenance: false, sortOrder: 0 },
        })
      ).statusCode,
    ).toBe(403);
    expect((await put({ merchant: 'tala', enabled: 'yes' })).statusCode).toBe(400);
  });

  it('keeps vendor secrets out of answers except once when rotated, and explores bets and the report', async () => {
    const auth = await operatorAuth(app, 'owner', 'owner-demo-1');
    const list = (
      await app.inject({ url: '/admin-api/games/vendors', headers: { authorization: auth } })
    ).json().value;
    const mabuhay = list.find((v: { vendorCode: string }) => v.vendorCode === VENDOR);
    expect(mabuhay).toMatchObject({ configured: true, enabled: true, launchUrl: 'sim:' });
    expect(mabuhay.secretHint).toBe(`…${secret.slice(-4)}`);
    const bad = await app.inject({
      method: 'PUT',
      url: '/admin-api/games/vendors/BAGWIS/credentials',
      headers: { authorization: auth },
      payload: { enabled: true, launchUrl: 'javascript:alert(1)' },
    });
    expect(bad.json()).toMatchObject({ errorCode: 'validation_failed', field: 'launchUrl' });
    const rotated = await app.inject({
      method: 'PUT',
      url: '/admin-api/games/vendors/BAGWIS/credentials',
      headers: { authorization: auth },
      payload: { enabled: true, launchUrl: 'https://games.bagwis.example/launch', rotateSecret: true },
    });
    expect(rotated.json().value.newSecret).toMatch(/^[0-9a-f]{64}$/);
    expect(rotated.json().value.credentials).toMatchObject({
      launchUrl: 'https://games.bagwis.example/launch',
      configured: true,
    });
    const studio = await app.inject({
      method: 'PUT',
      url: '/admin-api/games/vendors/TALA/credentials',
      headers: { authorization: auth },
      payload: { enabled: true, launchUrl: 'sim:' },
    });
    expect(studio.statusCode).toBe(400);

    const m = await member(50_000);
    await playRound(m, firstGames[2].nodeId, 700, 0);
    const bets = (
      await app.inject({
        url: `/admin-api/games/bets?merchant=tala&from=${today}&to=${today}&member=${m.username}`,
        headers: { authorization: auth },
      })
    ).json().value;
    expect(bets.total).toBe(1);
    expect(bets.list[0]).toMatchObject({ member: m.username, bet: 700, win: 0, profit: -700 });
    const report = (
      await app.inject({
        url: `/admin-api/games/report?merchant=tala&from=${today}&to=${today}`,
        headers: { authorization: auth },
      })
    ).json().value;
    const row = report.rows.find((r: { vendor: string }) => r.vendor === VENDOR);
    expect(row.day).toBe(today);
    expect(row.ggr).toBe(row.bet - row.win);
    expect(report.totals.bet).toBeGreaterThanOrEqual(700);
    const support = await operatorAuth(app, 'support', 'support-demo-1');
    expect(
      (
        await app.inject({
          url: `/admin-api/games/report?merchant=tala&from=${today}&to=${today}`,
          headers: { authorization: support },
        })
      ).statusCode,
    ).toBe(403);
  });
});

describe('winner board names', () => {
  it('keeps the first and last characters', () => {
    expect(maskName('demo')).toBe('d***o');
    expect(maskName('player1')).toBe('pl****1');
  });
});
