import { TRIAL_TYPE } from '@tala/contracts/members';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lotteryMember, testDraw } from './lottery-testing.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');

const headers = (token?: string, merchant = 'tala') => ({
  merchant,
  ...(token ? { authorization: token } : {}),
});
const get = (url: string, token?: string) => app.inject({ url, headers: headers(token) });
const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, headers: headers(token), payload: payload as object });
let requests = 0;
const requestId = () => `bet-${Date.now().toString(36)}-${++requests}`;

async function balanceOf(memberId: number, merchantId = tala.id) {
  return services.wallet.balance(await services.wallet.memberAccount(merchantId, memberId));
}
async function betEntries(memberId: number) {
  const rows = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key LIKE ${`lottery:bet:${memberId}:%`}`.execute(
    services.db,
  );
  return rows.rows[0]?.n ?? 0;
}

describe('public calls', () => {
  it('lists the games with the odds of the prize mode asked for (spec §7 game_menu)', async () => {
    const lott = (await get('/lgw/vn/games/game_menu?prizeMode=Lott&device=WEB')).json();
    expect(lott.success).toBe(true);
    expect(lott.value.list.map((g: { gameCode: string }) => g.gameCode)).toEqual([
      'VNN1',
      'VNN3',
      'VNN5',
      'VNS1',
      'VNS3',
      'VNS5',
      'SSCF1',
      '11X5F1',
      'K3F1',
      'PK10F1',
      'LHCF5',
      'PCBF3',
      'LFF5',
      'CHAINF1',
    ]);
    const lo2 = (body: typeof lott) =>
      body.value.list[0].betTypes.find((t: { code: string }) => t.code === 'lo2');
    expect(lo2(lott)).toMatchObject({ odds: 3610, numbers: { min: 0, max: 99, digits: 2 } });
    const sea = (await get('/lgw/vn/games/game_menu?prizeMode=SEA')).json();
    expect(lo2(sea).odds).toBe(3550);
    expect((await get('/lgw/vn/games/game_menu?prizeMode=XX')).statusCode).toBe(400);
  });

  it('checks the device (WEB, H5 or APP, spec §7) and offers the same games on each (decision 043)', async () => {
    const codes = async (query: string) =>
      (await get(`/lgw/vn/games/game_menu?prizeMode=Lott${query}`))
        .json()
        .value.list.map((g: { gameCode: string }) => g.gameCode);
    const web = await codes('&device=WEB');
    expect(web.length).toBeGreaterThan(0);
    for (const device of ['H5', 'APP', 'web', ''])
      expect(await codes(device ? `&device=${device}` : ''), device).toEqual(web);
    for (const url of [
      '/lgw/vn/games/game_menu?prizeMode=Lott&device=PC',
      '/lgw/vn/games/game_menu?device=WEBX',
      '/lgw/games/popular?count=20&device=TV',
    ]) {
      const refused = await get(url);
      expect([refused.statusCode, refused.json().errorCode, refused.json().field], url).toEqual([
        400,
        'validation_failed',
        'device',
      ]);
    }
    const popular = await get('/lgw/games/popular?count=20&device=h5');
    expect(popular.statusCode).toBe(200);
    expect((await get('/lgw/games/popular?count=20&device=WEB')).json().value).toEqual(popular.json().value);
  });

  it('shows the issue on sale with its commitment only, and makes the schedule on first ask', async () => {
    const body = (await get('/lgw/vn/games/draws?gameCode=VNN5')).json();
    expect(body.success).toBe(true);
    const { current, next, serverTime } = body.value;
    expect(next.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(next.serverSeed).toBeNull();
    expect(new Date(next.saleOpensAt).getTime()).toBeGreaterThan(new Date(serverTime).getTime());
    expect(current.serverSeed).toBeNull();
    expect(current.issueNo).toMatch(/^\d{8}-\d{3}$/);
    expect((await get('/lgw/vn/games/draws?gameCode=NOPE')).json().errorCode).toBe('unknown_game');
  });
});

describe('placing a bet', () => {
  it('refuses guests and trial members, and takes a real member’s stake in one ledger entry', async () => {
    const { issueNo } = await testDraw(services, tala, { closes: 60_000 });
    const bet = {
      gameCode: 'VNN1',
      issueNo,
      betType: 'lo2',
      prizeMode: 'Lott',
      picks: [7, 45],
      stakePerLine: 1000,
    };
    const guest = await post('/lgw/vn/bets', { ...bet, requestId: requestId() });
    expect([guest.statusCode, guest.json().errorCode]).toEqual([401, 'not_logged_in']);
    const trial = await lotteryMember(services, tala, 0, TRIAL_TYPE);
    const refused = await post('/lgw/vn/bets', { ...bet, requestId: requestId() }, trial.token);
    expect([refused.statusCode, refused.json().errorCode]).toEqual([403, 'in_need_true_account']);

    const member = await lotteryMember(services, tala, 100_000);
    const placed = await post('/lgw/vn/bets', { ...bet, requestId: requestId() }, member.token);
    expect(placed.statusCode).toBe(200);
    expect(placed.json().value).toMatchObject({
      bet: { gameCode: 'VNN1', issueNo, betType: 'lo2', picks: [7, 45], lines: 2, stake: 2000, odds: 3610 },
      balance: 98_000,
      replayed: false,
    });
    expect(await balanceOf(member.id)).toBe(98_000);
    expect(await betEntries(member.id)).toBe(1);

    const mine = (await get('/lgw/vn/bets?gameCode=VNN1', member.token)).json().value;
    expect(mine.total).toBe(1);
    expect(mine.list[0]).toMatchObject({ status: 'open', stake: 2000 });
    const other = await lotteryMember(services, tala, 0);
    expect((await get('/lgw/vn/bets', other.token)).json().value.total).toBe(0);
    expect((await get('/lgw/vn/bets')).statusCode).toBe(401);
  });

  it('answers a retried request with the bet already placed, and a different one under the same key with a conflict', async () => {
    const { issueNo } = await testDraw(services, tala, { closes: 60_000 });
    const member = await lotteryMember(services, tala, 10_000);
    const body = {
      gameCode: 'VNN1',
      issueNo,
      betType: 'de',
      prizeMode: 'Lott',
      picks: [12],
      stakePerLine: 500,
      requestId: requestId(),
    };
    const [a, b] = await Promise.all([
      post('/lgw/vn/bets', body, member.token),
      post('/lgw/vn/bets', body, member.token),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    expect(a.json().value.bet.betId).toBe(b.json().value.bet.betId);
    expect([a.json().value.replayed, b.json().value.replayed].sort()).toEqual([false, true]);
    const again = await post('/lgw/vn/bets', { ...body, picks: [13] }, member.token);
    expect([again.statusCode, again.json().errorCode]).toEqual([409, 'idempotency_conflict']);
    expect(await balanceOf(member.id)).toBe(9_500);
    expect(await betEntries(member.id)).toBe(1);
  });

  it('refuses bad input, each with its own code and localised message, and moves no money', async () => {
    const { issueNo } = await testDraw(services, tala, { closes: 60_000 });
    const closed = await testDraw(services, tala, { opens: -60_000, closes: -1_000, draws: 5_000 });
    const notYet = await testDraw(services, tala, { opens: 30_000, closes: 60_000 });
    const member = await lotteryMember(services, tala, 5_000);
    const base = {
      gameCode: 'VNN1',
      issueNo,
      betType: 'lo2',
      prizeMode: 'Lott',
      picks: [7],
      stakePerLine: 100,
    };
    const cases: [object, number, string, string?][] = [
      [{ gameCode: 'NOPE' }, 404, 'unknown_game'],
      [{ betType: 'zz' }, 400, 'lottery_bet_type_unknown'],
      [{ picks: [7.5] }, 400, 'lottery_pick_fractional'],
      [{ picks: [100] }, 400, 'lottery_pick_out_of_range'],
      [{ picks: [-3] }, 400, 'lottery_pick_out_of_range'],
      [{ picks: [7, 7] }, 400, 'lottery_pick_duplicate'],
      [{ picks: [] }, 400, 'lottery_pick_count'],
      [{ betType: 'xien4', picks: [1, 2, 3] }, 400, 'lottery_pick_count'],
      [{ stakePerLine: 100.5 }, 400, 'amount_too_precise'],
      [{ stakePerLine: 0 }, 400, 'amount_zero'],
      [{ stakePerLine: -100 }, 400, 'amount_negative'],
      [{ stakePerLine: 99 }, 400, 'lottery_stake_below_minimum', 'minimum of 0.99'.replace('0.99', '1.00')],
      [{ betType: 'bacang', picks: [123], stakePerLine: 50_001 }, 400, 'lottery_stake_over_limit', '500.00'],
      [{ issueNo: '20991231-9999' }, 404, 'lottery_draw_not_found'],
      [{ issueNo: closed.issueNo }, 409, 'lottery_sale_closed'],
      [{ issueNo: notYet.issueNo }, 409, 'lottery_sale_not_open'],
      [{ stakePerLine: 6_000 }, 409, 'insufficient_funds'],
      [{ prizeMode: 'XX' }, 400, 'validation_failed'],
    ];
    for (const [change, status, code, inMessage] of cases) {
      const response = await post(
        '/lgw/vn/bets',
        { ...base, ...change, requestId: requestId() },
        member.token,
      );
      expect([response.statusCode, response.json().errorCode], JSON.stringify(change)).toEqual([
        status,
        code,
      ]);
      if (inMessage) expect(response.json().message).toContain(inMessage);
    }
    const tagalog = await app.inject({
      method: 'POST',
      url: '/lgw/vn/bets',
      headers: { ...headers(member.token), language: 'TY' },
      payload: { ...base, picks: [7, 7], requestId: requestId() },
    });
    expect(tagalog.json().message).toBe('Dalawang beses mong pinili ang parehong numero.');
    expect(await balanceOf(member.id)).toBe(5_000);
    expect(await betEntries(member.id)).toBe(0);
    expect((await get('/lgw/vn/bets', member.token)).json().value.total).toBe(0);
  });

  it('keeps a merchant’s draws to its own members', async () => {
    const { issueNo } = await testDraw(services, lucky, { closes: 60_000 });
    const member = await lotteryMember(services, tala, 5_000);
    const response = await post(
      '/lgw/vn/bets',
      {
        gameCode: 'VNN1',
        issueNo,
        betType: 'lo2',
        prizeMode: 'Lott',
        picks: [7],
        stakePerLine: 100,
        requestId: requestId(),
      },
      member.token,
    );
    expect(response.json().errorCode).toBe('lottery_draw_not_found');
  });
});

describe('the closing instant', () => {
  it('rolls back a bet whose transaction reached the close before it committed', async () => {
    const { issueNo } = await testDraw(services, tala, { closes: 400, draws: 5_000 });
    const member = await lotteryMember(services, tala, 5_000);
    services.lottery.settings.beforeBetCommit = () => new Promise((resolve) => setTimeout(resolve, 800));
    try {
      const response = await post(
        '/lgw/vn/bets',
        {
          gameCode: 'VNN1',
          issueNo,
          betType: 'lo2',
          prizeMode: 'Lott',
          picks: [7],
          stakePerLine: 100,
          requestId: requestId(),
        },
        member.token,
      );
      expect(response.json().errorCode).toBe('lottery_sale_closed');
    } finally {
      services.lottery.settings.beforeBetCommit = undefined;
    }
    expect(await balanceOf(member.id)).toBe(5_000);
    expect(await betEntries(member.id)).toBe(0);
  });

  it('under concurrency, accepts only bets committed before the close, and the draw settles every one of them', async () => {
    // The players first (argon2 hashing is slow on a loaded machine), then a draw closing 3 s later.
    const players = await Promise.all(Array.from({ length: 8 }, () => lotteryMember(services, tala, 50_000)));
    const { issueNo, drawId } = await testDraw(services, tala, { closes: 3_000, draws: 3_000 });
    const outcomes: { status: number; code?: string; sentAt: number; doneAt: number; player: number }[] = [];
    const start = Date.now();
    // Bets keep arriving until 0.5 s after the close, while the draw is taken right at the close.
    const bets = players.map(async (player, p) => {
      for (let i = 0; Date.now() - start < 3_500; i++) {
        const sentAt = Date.now();
        const response = await post(
          '/lgw/vn/bets',
          {
            gameCode: 'VNN1',
            issueNo,
            betType: 'lo2',
            prizeMode: 'Lott',
            picks: [i % 100],
            stakePerLine: 100,
            requestId: requestId(),
          },
          player.token,
        );
        outcomes.push({
          status: response.statusCode,
          code: response.json().errorCode,
          sentAt,
          doneAt: Date.now(),
          player: p,
        });
      }
    });
    const drawn = (async () => {
      while (Date.now() - start < 3_020) await new Promise((resolve) => setTimeout(resolve, 10));
      let outcome = await services.lottery.draw(drawId);
      while (outcome === 'not_due') outcome = await services.lottery.draw(drawId);
      return outcome;
    })();
    await Promise.all([...bets, drawn]);
    expect(await drawn).toBe('drawn');
    const accepted = outcomes.filter((o) => o.status === 200);
    const refused = outcomes.filter((o) => o.status !== 200);
    expect(accepted.length).toBeGreaterThan(0);
    expect(refused.length).toBeGreaterThan(0);
    expect(new Set(refused.map((o) => o.code))).toEqual(new Set(['lottery_sale_closed']));
    // Nothing sent after the close was taken.
    for (const o of accepted) expect(o.sentAt - start).toBeLessThan(3_000);
    // Every accepted bet, and only those, holds money; the settlement finds every one of them.
    const settled = await services.lottery.settle(drawId);
    expect(settled.settled).toBe(accepted.length);
    for (const [p, player] of players.entries()) {
      const mine = accepted.filter((o) => o.player === p).length;
      expect(await betEntries(player.id)).toBe(mine);
    }
    const totals = await services.lottery.drawTotals(drawId);
    expect(totals.reduce((s, t) => s + t.bets, 0)).toBe(accepted.length);
    expect(totals.every((t) => t.status === 'won' || t.status === 'lost')).toBe(true);
  });
});

describe('cancelling a draw (back office)', () => {
  it('is for owners and finance; refunds every bet through the ledger; cannot be done twice or after the draw', async () => {
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
    const content = await operatorAuth(app, 'content', 'content-demo-1');
    const support = await operatorAuth(app, 'support', 'support-demo-1');
    const { issueNo, drawId } = await testDraw(services, tala, { closes: 60_000 });
    const players = await Promise.all([
      lotteryMember(services, tala, 10_000),
      lotteryMember(services, tala, 10_000),
    ]);
    for (const player of players) {
      for (const betType of ['lo2', 'de']) {
        const r = await post(
          '/lgw/vn/bets',
          {
            gameCode: 'VNN1',
            issueNo,
            betType,
            prizeMode: 'ZY',
            picks: [3, 4],
            stakePerLine: 700,
            requestId: requestId(),
          },
          player.token,
        );
        expect(r.statusCode).toBe(200);
      }
      expect(await balanceOf(player.id)).toBe(10_000 - 2_800);
    }
    const url = `/admin-api/merchants/tala/lottery/draws/${drawId}/cancel`;
    const cancel = (auth?: string, code = 'tala') =>
      app.inject({
        method: 'POST',
        url: url.replace('/tala/', `/${code}/`),
        headers: auth ? { authorization: auth } : {},
        payload: { reason: 'Result feed failed' },
      });
    expect((await cancel()).statusCode).toBe(401);
    expect((await cancel(players[0]!.token)).statusCode).toBe(401);
    expect((await cancel(content)).statusCode).toBe(403);
    expect((await cancel(support)).statusCode).toBe(403);
    expect((await cancel(owner, 'lucky')).json().errorCode).toBe('lottery_draw_not_found');

    const done = await cancel(finance);
    expect(done.statusCode).toBe(200);
    expect(done.json().value).toMatchObject({ refunded: 4, refundedAmount: 4 * 1_400 });
    expect(done.json().value.draw).toMatchObject({ status: 'cancelled', result: null });
    expect(done.json().value.draw.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    for (const player of players) {
      expect(await balanceOf(player.id)).toBe(10_000);
      const bets = (await get('/lgw/vn/bets', player.token)).json().value.list;
      expect(bets.map((b: { status: string }) => b.status)).toEqual(['refunded', 'refunded']);
    }
    expect((await cancel(owner)).json().errorCode).toBe('lottery_draw_not_cancellable');
    const late = await post(
      '/lgw/vn/bets',
      {
        gameCode: 'VNN1',
        issueNo,
        betType: 'lo2',
        prizeMode: 'Lott',
        picks: [1],
        stakePerLine: 100,
        requestId: requestId(),
      },
      players[0]!.token,
    );
    expect(late.json().errorCode).toBe('lottery_draw_cancelled');
    const audit = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM audit_log WHERE action = 'lottery.draw.cancel' AND target = ${`lottery_draw:${drawId}`}`.execute(
      services.db,
    );
    expect(audit.rows[0]?.n).toBe(1);

    const drawn = await testDraw(services, tala, { opens: -60_000, closes: -2_000, draws: -1_000 });
    expect(await services.lottery.draw(drawn.drawId)).toBe('drawn');
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/admin-api/merchants/tala/lottery/draws/${drawn.drawId}/cancel`,
          headers: { authorization: owner },
          payload: { reason: 'too late' },
        })
      ).json().errorCode,
    ).toBe('lottery_draw_not_cancellable');
  });
});
