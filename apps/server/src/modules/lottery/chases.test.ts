import { TRIAL_TYPE } from '@tala/contracts/members';
import { drawResult } from '@tala/lottery/draw';
import { gameByCode } from '@tala/lottery/games';
import { issuesLeftToday } from '@tala/lottery/schedule';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { chaseHoldVendor } from './chases.ts';
import { lotteryMember, testDraw } from './lottery-testing.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const game = gameByCode('VNN1')!;

const headers = (token?: string) => ({ merchant: 'tala', ...(token ? { authorization: token } : {}) });
const get = (url: string, token?: string) => app.inject({ url, headers: headers(token) });
const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, headers: headers(token), payload: payload as object });
let requests = 0;
const requestId = () => `chase-t-${Date.now().toString(36)}-${++requests}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function balanceOf(memberId: number) {
  return services.wallet.balance(await services.wallet.memberAccount(tala.id, memberId));
}
async function holdBalance() {
  return services.wallet.balance(
    await services.wallet.houseAccount(tala.id, 'house_vendor', chaseHoldVendor),
  );
}
/** The hold always holds exactly what the running chases still hold. */
async function expectHoldMatches() {
  const rows = await sql<{ held: string }>`
    SELECT COALESCE(sum(held), 0)::bigint AS held FROM lottery_chases WHERE merchant_id = ${tala.id}`.execute(
    services.db,
  );
  expect(await holdBalance()).toBe(Number(rows.rows[0]?.held ?? 0));
}
async function chaseBets(chaseId: number) {
  const rows = await sql<{ chase_seq: number; status: string; win: string; draw_id: number }>`
    SELECT chase_seq, status, win, draw_id FROM lottery_bets WHERE chase_id = ${chaseId} ORDER BY chase_seq`.execute(
    services.db,
  );
  return rows.rows;
}
async function entriesLike(pattern: string) {
  const rows = await sql<{ key: string }>`
    SELECT idempotency_key AS key FROM ledger_entries WHERE idempotency_key LIKE ${pattern}`.execute(
    services.db,
  );
  return rows.rows.map((r) => r.key);
}
/** Consecutive draws of VNN1 (consecutive issue indexes) closing at the offsets given (ms from now). */
async function consecutiveDraws(closes: number[]) {
  const draws = [];
  for (const at of closes) draws.push(await testDraw(services, tala, { closes: at }));
  return draws;
}
const special = (draw: { issueNo: string; serverSeed: string }) =>
  (drawResult(game, draw.serverSeed, draw.issueNo) as { prizes: string[][] }).prizes[0]![0]!;
const deTail = (draw: { issueNo: string; serverSeed: string }) => Number(special(draw).slice(-2));

function chaseBody(issueNo: string, overrides: Record<string, unknown> = {}) {
  return {
    gameCode: 'VNN1',
    issueNo,
    betType: 'de',
    prizeMode: 'Lott',
    picks: [7],
    stakePerLine: 200,
    issues: 3,
    stopOnWin: false,
    requestId: requestId(),
    ...overrides,
  };
}

describe('the bound on issues', () => {
  it('counts the issues left in the day from an issue', () => {
    expect(issuesLeftToday(60, '20261126-0001')).toBe(1440);
    expect(issuesLeftToday(60, '20261126-1440')).toBe(1);
    expect(issuesLeftToday(300, '20261126-280')).toBe(9);
    expect(issuesLeftToday(180, '20261126-480')).toBe(1);
  });
});

describe('starting a chase', () => {
  it('takes the whole plan into the hold and bets the first issue at once', async () => {
    const member = await lotteryMember(services, tala, 100_000);
    const [first] = await consecutiveDraws([60_000, 120_000, 180_000]);
    const body = chaseBody(first!.issueNo);
    const res = await post('/lgw/vn/chases', body, member.token);
    expect(res.statusCode).toBe(200);
    const { chase, balance, replayed } = res.json().value;
    expect(replayed).toBe(false);
    expect(chase).toMatchObject({
      issues: 3,
      placed: 1,
      total: 600,
      held: 400,
      status: 'running',
      skipped: 0,
    });
    expect(balance).toBe(100_000 - 600);
    expect(await balanceOf(member.id)).toBe(99_400);
    expect(await chaseBets(chase.chaseId)).toHaveLength(1);
    await expectHoldMatches();

    // The same request again answers the same chase and moves nothing.
    const again = (await post('/lgw/vn/chases', body, member.token)).json().value;
    expect(again).toMatchObject({ replayed: true, chase: { chaseId: chase.chaseId } });
    expect(await balanceOf(member.id)).toBe(99_400);
    const changed = await post('/lgw/vn/chases', { ...body, issues: 2 }, member.token);
    expect(changed.json().errorCode).toBe('idempotency_conflict');

    // Its bets show in my bets with their chase, and the chase in my chases.
    const bets = (await get('/lgw/vn/bets?gameCode=VNN1', member.token)).json().value.list;
    expect(bets[0]).toMatchObject({ chaseId: chase.chaseId, stake: 200 });
    const mine = (await get('/lgw/vn/chases?gameCode=VNN1', member.token)).json().value;
    expect(mine.list.map((c: { chaseId: number }) => c.chaseId)).toEqual([chase.chaseId]);
  });

  it('shows in the back office by game, state and member, to owners, finance and support only', async () => {
    const member = await lotteryMember(services, tala, 100_000);
    const other = await lotteryMember(services, tala, 100_000);
    const [first] = await consecutiveDraws([60_000, 120_000]);
    const mine = (await post('/lgw/vn/chases', chaseBody(first!.issueNo, { issues: 2 }), member.token)).json()
      .value.chase;
    const theirs = (
      await post('/lgw/vn/chases', chaseBody(first!.issueNo, { issues: 2 }), other.token)
    ).json().value.chase;
    const [username] = (await services.members.usernames([member.id])).values();
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const support = await operatorAuth(app, 'support', 'support-demo-1');
    const content = await operatorAuth(app, 'content', 'content-demo-1');
    const list = async (query: string, auth = support) => {
      const res = await get(`/admin-api/merchants/tala/lottery/chases?${query}`, auth);
      expect(res.statusCode, query).toBe(200);
      return res.json().value as { list: { chaseId: number; username: string }[]; total: number };
    };

    const byMember = await list(`member=${username!.toUpperCase()}`);
    expect(byMember.list).toEqual([
      expect.objectContaining({ chaseId: mine.chaseId, username, memberId: member.id, placed: 1, held: 200 }),
    ]);
    const running = await list('status=running&gameCode=VNN1&pageSize=100', owner);
    expect(running.list.map((c) => c.chaseId)).toEqual(
      expect.arrayContaining([theirs.chaseId, mine.chaseId]),
    );
    // Newest first.
    expect(running.list.findIndex((c) => c.chaseId === theirs.chaseId)).toBeLessThan(
      running.list.findIndex((c) => c.chaseId === mine.chaseId),
    );
    expect((await list(`status=cancelled&member=${username}`)).total).toBe(0);
    expect((await list('member=nobody-here')).list).toEqual([]);
    // Another merchant's back office does not list this merchant's chases.
    const lucky = await get(`/admin-api/merchants/lucky/lottery/chases?member=${username}`, owner);
    expect(lucky.json().value.total).toBe(0);

    const url = '/admin-api/merchants/tala/lottery/chases';
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(url, member.token)).statusCode).toBe(401);
    expect((await get(url, content)).statusCode).toBe(403);
    expect((await get(`${url}?status=sleeping`, owner)).statusCode).toBe(400);
    expect((await get(`${url}?gameCode=NOPE1`, owner)).json().errorCode).toBe('unknown_game');
  });

  it('refuses bad input, each with its own code, and moves no money', async () => {
    const member = await lotteryMember(services, tala, 100_000);
    const trial = await lotteryMember(services, tala, 100_000, TRIAL_TYPE);
    const [first] = await consecutiveDraws([60_000]);
    const refuse = async (overrides: Record<string, unknown>, token = member.token) =>
      (await post('/lgw/vn/chases', chaseBody(first!.issueNo, overrides), token)).json();
    expect((await refuse({ issues: 1 })).errorCode).toBe('lottery_chase_issues_invalid');
    expect((await refuse({ issues: 2.5 })).errorCode).toBe('lottery_chase_issues_invalid');
    expect((await refuse({ issues: -3 })).errorCode).toBe('lottery_chase_issues_invalid');
    const tooMany = await refuse({ issues: 5000 });
    expect(tooMany.errorCode).toBe('lottery_chase_too_many_issues');
    expect(tooMany.message).toContain(String(issuesLeftToday(60, first!.issueNo)));
    expect((await refuse({ picks: [100] })).errorCode).toBe('lottery_pick_out_of_range');
    expect((await refuse({ stakePerLine: 10.5 })).errorCode).toBe('amount_too_precise');
    expect((await refuse({ stakePerLine: 50 })).errorCode).toBe('lottery_stake_below_minimum');
    expect((await refuse({ issueNo: '20990101-9999' })).errorCode).toBe('lottery_draw_not_found');
    expect((await refuse({}, trial.token)).errorCode).toBe('in_need_true_account');
    expect((await refuse({ stakePerLine: 50_000, issues: 3 })).errorCode).toBe('insufficient_funds');
    expect((await post('/lgw/vn/chases', chaseBody(first!.issueNo))).statusCode).toBe(401);
    expect(await balanceOf(member.id)).toBe(100_000);
    expect(await balanceOf(trial.id)).toBe(100_000);
    const closed = await testDraw(services, tala, { closes: -1_000 });
    expect((await refuse({ issueNo: closed.issueNo })).errorCode).toBe('lottery_sale_closed');
    await expectHoldMatches();
  });
});

describe('following the issues', () => {
  it('bets each issue as it opens, stops on a win and refunds the rest', async () => {
    const member = await lotteryMember(services, tala, 100_000);
    const draws = await consecutiveDraws([1_500, 3_500, 60_000, 60_000]);
    // đề on the second draw's special prize: it wins there (or already on the first, should both end alike).
    const pick = deTail(draws[1]!);
    const winsAt = deTail(draws[0]!) === pick ? 0 : 1;
    const body = chaseBody(draws[0]!.issueNo, {
      picks: [pick],
      issues: 4,
      stopOnWin: true,
      stakePerLine: 100,
    });
    const { chase } = (await post('/lgw/vn/chases', body, member.token)).json().value;
    expect(chase.placed).toBe(1);
    // The next issue is on sale, but a chase that stops on a win waits for the last bet's outcome.
    await services.lottery.advanceChases();
    expect(await chaseBets(chase.chaseId)).toHaveLength(1);

    await sleep(1_600);
    await services.lottery.drawAndSettle(draws[0]!.drawId);
    if (winsAt === 1) {
      const bets = await chaseBets(chase.chaseId);
      expect(bets.map((b) => [b.chase_seq, b.status])).toEqual([
        [0, 'lost'],
        [1, 'open'],
      ]);
      await sleep(2_000);
      await services.lottery.drawAndSettle(draws[1]!.drawId);
    }
    const bets = await chaseBets(chase.chaseId);
    expect(bets).toHaveLength(winsAt + 1);
    expect(bets.at(-1)!.status).toBe('won');
    const mine = (await get('/lgw/vn/chases', member.token)).json().value.list[0];
    const refund = (4 - (winsAt + 1)) * 100;
    expect(mine).toMatchObject({ status: 'won', placed: winsAt + 1, held: 0, refunded: refund, wins: 1 });
    const win = Number(bets.at(-1)!.win);
    expect(win).toBe((100 * 97_500) / 1000);
    expect(await balanceOf(member.id)).toBe(100_000 - 400 + refund + win);
    expect(await entriesLike(`lottery:chase-refund:${chase.chaseId}`)).toHaveLength(1);
    // Running it all again changes nothing.
    await services.lottery.advanceChases();
    await services.lottery.drawAndSettle(draws[1]!.drawId);
    expect(await balanceOf(member.id)).toBe(100_000 - 400 + refund + win);
    await expectHoldMatches();
  });

  it('passes over an issue whose sale closed before the chase got to it, and refunds it at the end', async () => {
    const member = await lotteryMember(services, tala, 100_000);
    const draws = await consecutiveDraws([1_000, 1_200, 60_000]);
    const body = chaseBody(draws[0]!.issueNo, { issues: 3, stakePerLine: 100 });
    const { chase } = (await post('/lgw/vn/chases', body, member.token)).json().value;
    // Without stop-on-win the next issue is bet as soon as it is on sale (here: at once).
    await services.lottery.advanceChase(chase.chaseId);
    expect((await chaseBets(chase.chaseId)).map((b) => b.chase_seq)).toEqual([0, 1, 2]);
    await expectHoldMatches();

    const second = await lotteryMember(services, tala, 100_000);
    const more = await consecutiveDraws([1_000, 1_100, 2_500]);
    const late = (
      await post('/lgw/vn/chases', chaseBody(more[0]!.issueNo, { issues: 3 }), second.token)
    ).json().value.chase;
    await sleep(1_300);
    await services.lottery.advanceChase(late.chaseId);
    expect((await chaseBets(late.chaseId)).map((b) => b.chase_seq)).toEqual([0, 2]);
    const view = (await get('/lgw/vn/chases', second.token)).json().value.list[0];
    expect(view).toMatchObject({ placed: 2, skipped: 1, held: 200, status: 'running' });
    // Once every bet is settled the chase ends and the missed issue's stake comes back.
    await sleep(1_300);
    await services.lottery.drawAndSettle(more[0]!.drawId);
    await services.lottery.drawAndSettle(more[2]!.drawId);
    const ended = (await get('/lgw/vn/chases', second.token)).json().value.list[0];
    expect(ended).toMatchObject({ status: 'completed', placed: 2, settled: 2, held: 0, refunded: 200 });
    const won = ended.winTotal;
    expect(await balanceOf(second.id)).toBe(100_000 - 600 + 200 + won);
    await expectHoldMatches();
  });
});

describe('the liability cap', () => {
  it('refuses a chase whose first issue is over the cap, and passes over a later issue that is, refunding it', async () => {
    // đề at ×97.5, 1 000 per line: 97 500 of liability per bet; a cap of 150 000 takes one such bet per draw.
    await sql`INSERT INTO lottery_bet_type_settings (merchant_id, game_code, bet_type, liability_cap)
              VALUES (${tala.id}, 'VNN1', 'de', 150000)`.execute(services.db);
    try {
      const draws = await consecutiveDraws([60_000, 60_500, 61_000]);
      const other = await lotteryMember(services, tala, 10_000);
      const single = await post(
        '/lgw/vn/bets',
        {
          gameCode: 'VNN1',
          issueNo: draws[1]!.issueNo,
          betType: 'de',
          prizeMode: 'Lott',
          picks: [7],
          stakePerLine: 1_000,
          requestId: requestId(),
        },
        other.token,
      );
      expect(single.statusCode).toBe(200);

      const member = await lotteryMember(services, tala, 100_000);
      const refused = await post(
        '/lgw/vn/chases',
        chaseBody(draws[1]!.issueNo, { issues: 2, stakePerLine: 1_000 }),
        member.token,
      );
      expect([refused.statusCode, refused.json().errorCode]).toEqual([409, 'lottery_liability_exceeded']);
      expect(await balanceOf(member.id)).toBe(100_000);

      const { chase } = (
        await post(
          '/lgw/vn/chases',
          chaseBody(draws[0]!.issueNo, { issues: 3, stakePerLine: 1_000 }),
          member.token,
        )
      ).json().value;
      await services.lottery.advanceChase(chase.chaseId);
      // The second issue's number is full: passed over, its stake kept in the hold for the end; the third is bet.
      expect((await chaseBets(chase.chaseId)).map((b) => b.chase_seq)).toEqual([0, 2]);
      const view = (await get('/lgw/vn/chases', member.token)).json().value.list[0];
      expect(view).toMatchObject({ placed: 2, skipped: 1, held: 1_000, status: 'running' });
      expect(await balanceOf(member.id)).toBe(100_000 - 3_000);
      // The passed-over issue left nothing in its exposure: only the single bet's liability.
      const exposure = await sql<{ liability: string }>`
        SELECT liability FROM lottery_exposure WHERE draw_id = ${draws[1]!.drawId} AND bet_type = 'de' AND number = '07'`.execute(
        services.db,
      );
      expect(Number(exposure.rows[0]?.liability)).toBe(97_500);
      await expectHoldMatches();
    } finally {
      await sql`DELETE FROM lottery_bet_type_settings WHERE merchant_id = ${tala.id} AND game_code = 'VNN1'`.execute(
        services.db,
      );
    }
  });
});

describe('cancelling', () => {
  it('gives the member the rest back; the bets placed stay; only the owner may cancel, once', async () => {
    const member = await lotteryMember(services, tala, 100_000);
    const other = await lotteryMember(services, tala, 100_000);
    const [first] = await consecutiveDraws([60_000, 120_000, 180_000, 240_000, 300_000]);
    const body = chaseBody(first!.issueNo, { issues: 5, stopOnWin: true, stakePerLine: 300 });
    const { chase } = (await post('/lgw/vn/chases', body, member.token)).json().value;
    expect(await balanceOf(member.id)).toBe(100_000 - 1_500);
    const stranger = await post(`/lgw/vn/chases/${chase.chaseId}/cancel`, {}, other.token);
    expect(stranger.statusCode).toBe(404);
    expect(stranger.json().errorCode).toBe('lottery_chase_not_found');
    const res = await post(`/lgw/vn/chases/${chase.chaseId}/cancel`, {}, member.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().value.chase).toMatchObject({
      status: 'cancelled',
      placed: 1,
      held: 0,
      refunded: 1_200,
    });
    expect(res.json().value.balance).toBe(100_000 - 300);
    expect((await chaseBets(chase.chaseId)).map((b) => b.status)).toEqual(['open']);
    const twice = await post(`/lgw/vn/chases/${chase.chaseId}/cancel`, {}, member.token);
    expect(twice.json().errorCode).toBe('lottery_chase_ended');
    expect((await post('/lgw/vn/chases/999999/cancel', {}, member.token)).json().errorCode).toBe(
      'lottery_chase_not_found',
    );
    await services.lottery.advanceChases();
    expect(await chaseBets(chase.chaseId)).toHaveLength(1);
    expect(await balanceOf(member.id)).toBe(100_000 - 300);
    await expectHoldMatches();
  });
});

describe('exactly once', () => {
  it('places each issue once and refunds once with many advancers, cancels and the same request at once', async () => {
    const member = await lotteryMember(services, tala, 1_000_000);
    const draws = await consecutiveDraws([60_000, 60_000, 60_000, 60_000, 60_000, 60_000]);
    const body = chaseBody(draws[0]!.issueNo, { issues: 6, stakePerLine: 500 });
    const started = await Promise.all(
      Array.from({ length: 4 }, () => post('/lgw/vn/chases', body, member.token)),
    );
    const ids = new Set(started.map((r) => r.json().value.chase.chaseId));
    expect(ids.size).toBe(1);
    const chaseId = [...ids][0] as number;
    expect(await balanceOf(member.id)).toBe(1_000_000 - 3_000);
    await Promise.all([
      ...Array.from({ length: 4 }, () => services.lottery.advanceChase(chaseId)),
      services.lottery.advanceChases(),
      services.lottery.advanceChases({ merchantId: tala.id, gameCode: 'VNN1' }),
    ]);
    expect((await chaseBets(chaseId)).map((b) => b.chase_seq)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(await entriesLike(`lottery:chase:${chaseId}:%`)).toHaveLength(6);
    expect(await entriesLike(`lottery:chase-hold:${member.id}:%`)).toHaveLength(1);
    const cancels = await Promise.all(
      Array.from({ length: 3 }, () => post(`/lgw/vn/chases/${chaseId}/cancel`, {}, member.token)),
    );
    // Everything was bet already: nothing is left to give back, and the chase is ended once.
    expect(cancels.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(await entriesLike(`lottery:chase-refund:${chaseId}`)).toHaveLength(0);
    expect(await balanceOf(member.id)).toBe(1_000_000 - 3_000);
    await expectHoldMatches();
  });
});

describe('the lottery in the catalogue', () => {
  const operator = { id: 1, name: 'test', ip: '127.0.0.1' };
  const switches = { enabled: true, isHot: false, maintenance: false, sortOrder: 0 };

  it('lists the lottery games in the menus and the lobby like any vendor', async () => {
    const menus = (await get('/lgw/games/game_menus')).json().value;
    const lott = menus.find((m: { gameType: string }) => m.gameType === 'LOTT');
    expect(lott.vendors.map((v: { vendor: string }) => v.vendor)).toContain('LOTT');
    const list = (await get('/wps/relay/GCSGAME_gameList?vassalage=LOTT_LOTT&pageNo=1&pageSize=50')).json()
      .value.list;
    expect(list.map((g: { gameCode: string }) => g.gameCode)).toEqual(
      expect.arrayContaining(['VNN1', 'VNN3', 'VNN5', 'VNS1', 'VNS3', 'VNS5']),
    );
    expect(list[0]).toMatchObject({ vendor: 'LOTT', gameType: 'LOTT' });
  });

  it('refuses bets and chases while the vendor is switched off or under maintenance; chases wait', async () => {
    const member = await lotteryMember(services, tala, 100_000);
    const line = (await services.gamesAdmin.lines('tala')).find((l) => l.vendor === 'LOTT')!;
    const [first] = await consecutiveDraws([60_000, 60_000]);
    const bet = {
      gameCode: 'VNN1',
      issueNo: first!.issueNo,
      betType: 'de',
      prizeMode: 'Lott',
      picks: [1],
      stakePerLine: 100,
    };
    const running = (
      await post('/lgw/vn/chases', chaseBody(first!.issueNo, { issues: 2, stopOnWin: true }), member.token)
    ).json().value.chase;

    await services.gamesAdmin.setLine('tala', line.nodeId, { ...switches, maintenance: true }, operator);
    services.lottery.forgetSwitches();
    expect((await get('/lgw/vn/games/state')).json().value.state).toBe('maintenance');
    const during = await post('/lgw/vn/bets', { ...bet, requestId: requestId() }, member.token);
    expect(during.statusCode).toBe(503);
    expect(during.json().errorCode).toBe('lottery_maintenance');
    expect((await post('/lgw/vn/chases', chaseBody(first!.issueNo), member.token)).json().errorCode).toBe(
      'lottery_maintenance',
    );

    await services.gamesAdmin.setLine('tala', line.nodeId, { ...switches, enabled: false }, operator);
    services.lottery.forgetSwitches();
    expect((await get('/lgw/vn/games/state')).json().value.state).toBe('off');
    const off = await post('/lgw/vn/bets', { ...bet, requestId: requestId() }, member.token);
    expect(off.statusCode).toBe(403);
    expect(off.json().errorCode).toBe('lottery_switched_off');
    const menus = (await get('/lgw/games/game_menus')).json().value;
    expect(
      menus.flatMap((m: { vendors: { vendor: string }[] }) => m.vendors.map((v) => v.vendor)),
    ).not.toContain('LOTT');
    // A running chase does not bet while the lottery is off (it would pass the issue over once its sale closed).
    await services.lottery.advanceChase(running.chaseId);
    expect(await balanceOf(member.id)).toBe(100_000 - 400);

    await services.gamesAdmin.setLine('tala', line.nodeId, switches, operator);
    services.lottery.forgetSwitches();
    expect((await get('/lgw/vn/games/state')).json().value.state).toBe('open');
    const back = await post('/lgw/vn/bets', { ...bet, requestId: requestId() }, member.token);
    expect(back.statusCode).toBe(200);
  });

  it('answers the recent games of the member and the spec’s second opened-numbers path', async () => {
    const member = await lotteryMember(services, tala, 100_000);
    expect((await get('/lgw/vn/games/game_menu/recent', member.token)).json().value.list).toEqual([]);
    const [first] = await consecutiveDraws([60_000]);
    await post(
      '/lgw/vn/bets',
      {
        gameCode: 'VNN1',
        issueNo: first!.issueNo,
        betType: 'lo2',
        prizeMode: 'Lott',
        picks: [3],
        stakePerLine: 100,
        requestId: requestId(),
      },
      member.token,
    );
    const recent = (await get('/lgw/vn/games/game_menu/recent?prizeMode=ZY', member.token)).json().value.list;
    expect(recent.map((g: { gameCode: string; prizeMode: string }) => [g.gameCode, g.prizeMode])).toEqual([
      ['VNN1', 'ZY'],
    ]);
    expect((await get('/lgw/vn/games/game_menu/recent')).statusCode).toBe(401);
    const one = (await get(`/lgw/vn/games/draw?gameCode=VNN1&issueNo=${first!.issueNo}`)).json().value;
    expect(one).toMatchObject({ issueNo: first!.issueNo, serverSeed: null, status: 'open' });
    expect((await get('/lgw/vn/games/draw?gameCode=VNN1&issueNo=20990101-9999')).json().errorCode).toBe(
      'lottery_draw_not_found',
    );
    const a = (await get('/lotto/lgw/games/opened/numero?gameCode=VNN1&count=5')).json();
    const b = (await get('/lgw/vn/numeros/opened/game?gameCode=VNN1&count=5')).json();
    expect(a).toEqual(b);
  });
});
