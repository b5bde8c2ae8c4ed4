import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lotteryMember, testDraw } from './lottery-testing.ts';

// The lottery's back office (docs/decisions/042-lottery-office.md): every endpoint for every role and another
// merchant's data, the odds and rebate bounds, the liability cap under concurrent bets, rebates in the ledger, the
// four-eyes entry of a daily game's result and its settlement, the P&L.

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
const base = '/admin-api/merchants/tala/lottery';

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, auth?: string, payload?: unknown) =>
  app.inject({
    method,
    url,
    headers: { merchant: 'tala', ...(auth ? { authorization: auth } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
let requests = 0;
const requestId = () => `off-${Date.now().toString(36)}-${++requests}`;
const bet = (token: string, body: Record<string, unknown>) =>
  call('POST', '/lgw/vn/bets', token, { prizeMode: 'Lott', requestId: requestId(), ...body });
const noRebates = { Lott: 0, ZY: 0, Elott: 0, SEA: 0 };

async function balanceOf(memberId: number) {
  return services.wallet.balance(await services.wallet.memberAccount(tala.id, memberId));
}
async function ledgerCount(pattern: string) {
  const rows = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key LIKE ${pattern}`.execute(services.db);
  return rows.rows[0]?.n ?? 0;
}
async function auditCount(action: string, target: string) {
  const rows = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND target = ${target}`.execute(
    services.db,
  );
  return rows.rows[0]?.n ?? 0;
}
/** Moves a test draw's close and draw time into the past (its bets were placed while it was on sale). */
async function closeNow(drawId: number) {
  await sql`UPDATE lottery_draws SET sale_closes_at = now() - interval '2 seconds',
              draw_at = now() - interval '1 second' WHERE id = ${drawId}`.execute(services.db);
}

describe('who may do what', () => {
  it('lets owners and finance change and read, support only read, content and players nothing', async () => {
    const member = await lotteryMember(services, tala, 0);
    const { drawId } = await testDraw(services, tala, { closes: 60_000 });
    const reads = [
      `${base}/games`,
      `${base}/draws?gameCode=VNN1`,
      `${base}/draws/${drawId}`,
      `${base}/exposure?gameCode=VNN1`,
    ];
    for (const url of reads) {
      expect((await call('GET', url)).statusCode, url).toBe(401);
      expect((await call('GET', url, member.token)).statusCode, url).toBe(401);
      expect((await call('GET', url, content)).statusCode, url).toBe(403);
      for (const auth of [support, finance, owner])
        expect((await call('GET', url, auth)).statusCode, url).toBe(200);
    }
    const report = `${base}/report?from=2026-01-01&to=2026-12-31`;
    expect((await call('GET', report, support)).statusCode).toBe(403);
    expect((await call('GET', report, content)).statusCode).toBe(403);
    expect((await call('GET', report, finance)).statusCode).toBe(200);
    const writes: [Method, string, unknown][] = [
      ['PUT', `${base}/games/VNN1`, { enabled: true, onSale: true, rebates: noRebates }],
      [
        'PUT',
        `${base}/games/VNN1/bet-types/de`,
        { odds: {}, stakeMin: null, stakeMax: null, liabilityCap: null },
      ],
      ['POST', `${base}/draws/${drawId}/results`, { result: { prizes: [] } }],
      ['POST', `${base}/draws/${drawId}/results/1/approve`, undefined],
      ['POST', `${base}/draws/${drawId}/results/1/reject`, { reason: 'wrong' }],
    ];
    for (const [method, url, body] of writes) {
      expect((await call(method, url, undefined, body)).statusCode, url).toBe(401);
      expect((await call(method, url, member.token, body)).statusCode, url).toBe(401);
      expect((await call(method, url, content, body)).statusCode, url).toBe(403);
      expect((await call(method, url, support, body)).statusCode, url).toBe(403);
    }
    expect((await call('PUT', writes[0]![1], owner, writes[0]![2])).statusCode).toBe(200);
    expect((await call('PUT', writes[1]![1], finance, writes[1]![2])).statusCode).toBe(200);
    // A draw of another merchant is not found through this merchant's address.
    const theirs = await testDraw(services, lucky, { closes: 60_000 });
    for (const [method, url, body] of [
      ['GET', `${base}/draws/${theirs.drawId}`, undefined],
      ['POST', `${base}/draws/${theirs.drawId}/results`, { result: { prizes: [] } }],
      ['POST', `${base}/draws/${theirs.drawId}/results/1/approve`, undefined],
    ] as [Method, string, unknown][]) {
      const r = await call(method, url, owner, body);
      expect([r.statusCode, r.json().errorCode], url).toEqual([404, 'lottery_draw_not_found']);
    }
    const unknown = await call('GET', '/admin-api/merchants/nobody/lottery/games', owner);
    expect(unknown.statusCode).toBe(404);
  });
});

describe('odds, rebates, limits and switches', () => {
  it('refuses odds above the fair odds, odds plus rebate above the stake, and bad limits, each with its code, changing nothing', async () => {
    const save = (betType: string, body: Record<string, unknown>) =>
      call('PUT', `${base}/games/VNN3/bet-types/${betType}`, owner, {
        odds: {},
        stakeMin: null,
        stakeMax: null,
        liabilityCap: null,
        ...body,
      });
    // đề: one number of 100, fair odds ×100.
    const fair = await save('de', { odds: { Lott: 100_001 } });
    expect([fair.statusCode, fair.json().errorCode, fair.json().field]).toEqual([
      400,
      'lottery_odds_above_fair',
      'odds.Lott',
    ]);
    expect(fair.json().message).toContain('100.000');
    expect((await save('de', { odds: { ZY: 99.5 } })).json().errorCode).toBe('lottery_odds_invalid');
    expect((await save('de', { odds: { ZY: 0 } })).json().errorCode).toBe('lottery_odds_invalid');
    expect((await save('de', { stakeMin: 500, stakeMax: 100 })).json().errorCode).toBe(
      'lottery_stake_limits_invalid',
    );
    expect((await save('de', { stakeMin: 0.5 })).json().errorCode).toBe('lottery_stake_limits_invalid');
    expect((await save('de', { liabilityCap: -1 })).json().errorCode).toBe('lottery_liability_cap_invalid');
    expect((await save('nope', {})).json().errorCode).toBe('lottery_bet_type_unknown');
    const unknownGame = await call('PUT', `${base}/games/NOPE/bet-types/de`, owner, {
      odds: {},
      stakeMin: null,
      stakeMax: null,
      liabilityCap: null,
    });
    expect(unknownGame.json().errorCode).toBe('unknown_game');

    // Fair odds exactly are allowed; then any rebate would take the return over the stake.
    expect((await save('de', { odds: { SEA: 100_000 } })).statusCode).toBe(200);
    const saveGame = (rebates: Record<string, number>) =>
      call('PUT', `${base}/games/VNN3`, owner, { enabled: true, onSale: true, rebates });
    const over = await saveGame({ ...noRebates, SEA: 10 });
    expect([over.json().errorCode, over.json().field]).toEqual(['lottery_return_above_fair', 'rebates.SEA']);
    expect((await saveGame({ ...noRebates, Lott: -1 })).json().errorCode).toBe('lottery_rebate_invalid');
    expect((await saveGame({ ...noRebates, Lott: 1.5 })).json().errorCode).toBe('lottery_rebate_invalid');
    // Lott returns 97.5% on đề: a 2.5% rebate fits, 2.6% does not (and neither do higher odds with it).
    expect((await saveGame({ ...noRebates, Lott: 250 })).statusCode).toBe(200);
    expect((await saveGame({ ...noRebates, Lott: 260 })).json().errorCode).toBe('lottery_return_above_fair');
    expect((await save('de', { odds: { Lott: 97_600 } })).json().errorCode).toBe('lottery_return_above_fair');

    const games = (await call('GET', `${base}/games`, support)).json().value.list;
    const vnn3 = games.find((g: { gameCode: string }) => g.gameCode === 'VNN3');
    expect(vnn3.rebates).toEqual({ ...noRebates, Lott: 250 });
    const de = vnn3.betTypes.find((b: { code: string }) => b.code === 'de');
    expect(de).toMatchObject({
      fairOdds: 100_000,
      odds: { SEA: 100_000, Lott: 97_500 },
      stake: { min: 100 },
    });
    expect(de.returns.Lott).toBeCloseTo(1, 10);
    expect(vnn3.nextIssues).toHaveLength(3);
    expect(await auditCount('lottery.game.save', 'lottery_game:VNN3')).toBe(1);
    expect(await auditCount('lottery.bet_type.save', 'lottery_bet_type:VNN3/de')).toBe(1);
  });

  it('shows the merchant’s odds in game_menu, copies odds and rebate onto bets, and applies its limits and switches', async () => {
    const saveType = await call('PUT', `${base}/games/VNN5/bet-types/lo2`, finance, {
      odds: { Lott: 3_500 },
      stakeMin: 200,
      stakeMax: 1_000,
      liabilityCap: null,
    });
    expect(saveType.statusCode).toBe(200);
    const menu = (await call('GET', '/lgw/vn/games/game_menu?prizeMode=Lott')).json().value.list;
    const lo2 = menu
      .find((g: { gameCode: string }) => g.gameCode === 'VNN5')
      .betTypes.find((b: { code: string }) => b.code === 'lo2');
    expect(lo2).toMatchObject({ odds: 3_500, stake: { min: 200, max: 1_000 } });
    // Daily operator games are off until a merchant turns them on.
    expect(menu.some((g: { gameCode: string }) => g.gameCode === 'VNND')).toBe(false);
    const luckyMenu = (
      await app.inject({ url: '/lgw/vn/games/game_menu?prizeMode=Lott', headers: { merchant: 'lucky' } })
    ).json().value.list;
    expect(
      luckyMenu
        .find((g: { gameCode: string }) => g.gameCode === 'VNN5')
        .betTypes.find((b: { code: string }) => b.code === 'lo2').odds,
    ).toBe(3_610);

    const { issueNo } = await testDraw(services, tala, { closes: 60_000 }, { gameCode: 'VNN5' });
    const member = await lotteryMember(services, tala, 100_000);
    const body = { gameCode: 'VNN5', issueNo, betType: 'lo2', picks: [7] };
    expect((await bet(member.token, { ...body, stakePerLine: 100 })).json().errorCode).toBe(
      'lottery_stake_below_minimum',
    );
    expect((await bet(member.token, { ...body, stakePerLine: 1_100 })).json().errorCode).toBe(
      'lottery_stake_over_limit',
    );
    await call('PUT', `${base}/games/VNN5`, owner, {
      enabled: true,
      onSale: true,
      rebates: { ...noRebates, Lott: 100 },
    });
    const placed = await bet(member.token, { ...body, stakePerLine: 500 });
    expect(placed.json().value.bet).toMatchObject({ odds: 3_500 });
    const row = await sql<{ rebate_rate: number }>`
      SELECT rebate_rate FROM lottery_bets WHERE id = ${placed.json().value.bet.betId}`.execute(services.db);
    expect(row.rows[0]?.rebate_rate).toBe(100);

    await call('PUT', `${base}/games/VNN5`, owner, { enabled: true, onSale: false, rebates: noRebates });
    const paused = await bet(member.token, { ...body, stakePerLine: 500 });
    expect([paused.statusCode, paused.json().errorCode]).toEqual([409, 'lottery_game_sale_off']);
    await call('PUT', `${base}/games/VNN5`, owner, { enabled: false, onSale: false, rebates: noRebates });
    const off = await bet(member.token, { ...body, stakePerLine: 500 });
    expect([off.statusCode, off.json().errorCode]).toEqual([404, 'lottery_game_disabled']);
    expect((await call('GET', '/lgw/vn/games/draws?gameCode=VNN5')).json().errorCode).toBe(
      'lottery_game_disabled',
    );
    expect(await balanceOf(member.id)).toBe(100_000 - 500);
    await call('PUT', `${base}/games/VNN5`, owner, { enabled: true, onSale: true, rebates: noRebates });
  });
});

describe('the liability cap per number and draw', () => {
  it('holds under concurrent bets: exactly the bets that fit are taken, the rest refused with the room left and no money moved', async () => {
    // đề at ×97.5 (Lott), 1 000 per line: 97 500 of liability per bet; a cap of 500 000 takes five.
    const cap = await call('PUT', `${base}/games/VNS1/bet-types/de`, owner, {
      odds: {},
      stakeMin: null,
      stakeMax: null,
      liabilityCap: 500_000,
    });
    expect(cap.statusCode).toBe(200);
    const { issueNo, drawId } = await testDraw(services, tala, { closes: 60_000 }, { gameCode: 'VNS1' });
    const players = await Promise.all(
      Array.from({ length: 12 }, () => lotteryMember(services, tala, 10_000)),
    );
    const answers = await Promise.all(
      players.map((p) =>
        bet(p.token, { gameCode: 'VNS1', issueNo, betType: 'de', picks: [7], stakePerLine: 1_000 }),
      ),
    );
    const accepted = answers.filter((a) => a.statusCode === 200);
    const refused = answers.filter((a) => a.statusCode !== 200);
    expect(accepted).toHaveLength(5);
    for (const r of refused) {
      expect([r.statusCode, r.json().errorCode]).toEqual([409, 'lottery_liability_exceeded']);
      expect(r.json().message).toContain('07');
    }
    for (const [i, p] of players.entries())
      expect(await balanceOf(p.id)).toBe(answers[i]!.statusCode === 200 ? 9_000 : 10_000);
    expect(await ledgerCount('lottery:bet:%')).toBeGreaterThanOrEqual(5);
    const exposure = (await call('GET', `${base}/exposure?gameCode=VNS1`, support)).json().value;
    expect(exposure.draw.drawId).toBe(drawId);
    expect(exposure.rows.find((r: { number: string }) => r.number === '07')).toMatchObject({
      betType: 'de',
      bets: 5,
      stake: 5_000,
      liability: 5 * 97_500,
      cap: 500_000,
    });
    // The room left (12 500) takes a stake of 128 per line at most; a smaller bet and other numbers still fit.
    const last = await bet(players[11]!.token, {
      gameCode: 'VNS1',
      issueNo,
      betType: 'de',
      picks: [7],
      stakePerLine: 1_000,
    });
    expect(last.json().message).toMatch(/125\.00/);
    expect(last.json().maxStakePerLine ?? 128).toBe(128);
    const fits = await bet(players[11]!.token, {
      gameCode: 'VNS1',
      issueNo,
      betType: 'de',
      picks: [7, 8],
      stakePerLine: 128,
    });
    expect(fits.statusCode).toBe(200);
    // A multi-line bet over the cap on one of its numbers is refused whole.
    const whole = await bet(players[10]!.token, {
      gameCode: 'VNS1',
      issueNo,
      betType: 'de',
      picks: [8, 7],
      stakePerLine: 100,
    });
    expect(whole.json().errorCode).toBe('lottery_liability_exceeded');
    const eight = (await call('GET', `${base}/exposure?gameCode=VNS1`, owner)).json().value.rows;
    expect(eight.find((r: { number: string }) => r.number === '08')).toMatchObject({ bets: 1, stake: 128 });
  });
});

describe('rebates at settlement', () => {
  it('pays each settled bet its rebate once, in a balanced entry of its own, won or lost', async () => {
    await call('PUT', `${base}/games/VNS3`, owner, {
      enabled: true,
      onSale: true,
      rebates: { ...noRebates, ZY: 150 },
    });
    const { issueNo, drawId } = await testDraw(services, tala, { closes: 60_000 }, { gameCode: 'VNS3' });
    const member = await lotteryMember(services, tala, 100_000);
    const ids: number[] = [];
    for (const picks of [[1, 2, 3], [50], [99]]) {
      const r = await bet(member.token, {
        gameCode: 'VNS3',
        issueNo,
        betType: 'lo2',
        prizeMode: 'ZY',
        picks,
        stakePerLine: 1_001,
      });
      expect(r.statusCode).toBe(200);
      ids.push(r.json().value.bet.betId);
    }
    // A Lott bet has no rebate in this game.
    const lott = await bet(member.token, {
      gameCode: 'VNS3',
      issueNo,
      betType: 'de',
      picks: [5],
      stakePerLine: 100,
    });
    await closeNow(drawId);
    expect(await services.lottery.draw(drawId)).toBe('drawn');
    await services.lottery.settle(drawId);
    await services.lottery.settle(drawId);
    const rows = await sql<{ id: number; stake: number; rebate: number; win: number; status: string }>`
      SELECT id, stake::int, rebate::int, win::int, status FROM lottery_bets WHERE draw_id = ${drawId}`.execute(
      services.db,
    );
    for (const row of rows.rows) {
      const expected = row.id === lott.json().value.bet.betId ? 0 : Math.floor((row.stake * 150) / 10_000);
      expect(row.rebate).toBe(expected);
      expect(await ledgerCount(`lottery:rebate:${row.id}`)).toBe(expected > 0 ? 1 : 0);
    }
    expect(rows.rows.find((r) => r.id === ids[0])?.rebate).toBe(45); // 3 003 × 1.5%, rounded down
    const balanced = await sql<{ total: number; n: number }>`
      SELECT COALESCE(sum(p.amount), 0)::int AS total, count(DISTINCT e.id)::int AS n
        FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
       WHERE e.idempotency_key LIKE 'lottery:rebate:%'`.execute(services.db);
    expect(balanced.rows[0]).toMatchObject({ total: 0, n: 3 });
    const paid = rows.rows.reduce((s, r) => s + r.win + r.rebate, 0);
    const staked = rows.rows.reduce((s, r) => s + r.stake, 0);
    expect(await balanceOf(member.id)).toBe(100_000 - staked + paid);

    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const range = `from=${day(-2)}&to=${day(2)}`;
    const reportAnswer = await call('GET', `${base}/report?${range}`, owner);
    expect(reportAnswer.statusCode, reportAnswer.body).toBe(200);
    const report = reportAnswer.json().value;
    const vns3 = report.list.filter((r: { gameCode: string }) => r.gameCode === 'VNS3');
    const sum = (k: string) => vns3.reduce((s: number, r: Record<string, number>) => s + (r[k] as number), 0);
    expect(sum('stake')).toBe(staked);
    expect(sum('rebate')).toBe(rows.rows.reduce((s, r) => s + r.rebate, 0));
    expect(sum('ggr')).toBe(staked - paid);
    const luckyReport = (
      await call('GET', `/admin-api/merchants/lucky/lottery/report?${range}`, owner)
    ).json().value;
    expect(luckyReport.list.some((r: { gameCode: string }) => r.gameCode === 'VNS3')).toBe(false);
    expect((await call('GET', `${base}/report?from=2026-02-01&to=2026-01-01`, owner)).statusCode).toBe(400);
  });
});

describe('a daily game’s result: entered by one operator, approved by another', () => {
  const northern = (special = '12345') => ({
    prizes: [
      [special],
      ['11111'],
      ['22222', '22223'],
      ['33331', '33332', '33333', '33334', '33335', '33336'],
      ['4441', '4442', '4443', '4444'],
      ['5551', '5552', '5553', '5554', '5555', '5556'],
      ['661', '662', '663'],
      ['71', '72', '73', '74'],
    ],
  });

  it('waits for the operators, checks the result, keeps four eyes, audits every step and settles', async () => {
    await call('PUT', `${base}/games/VNND`, owner, { enabled: true, onSale: true, rebates: noRebates });
    const { issueNo, drawId } = await testDraw(services, tala, { closes: 60_000 }, { gameCode: 'VNND' });
    const member = await lotteryMember(services, tala, 50_000);
    const placed = await bet(member.token, {
      gameCode: 'VNND',
      issueNo,
      betType: 'de',
      picks: [45],
      stakePerLine: 1_000,
    });
    expect(placed.statusCode).toBe(200);
    const results = `${base}/draws/${drawId}/results`;
    const enter = (auth: string, result: unknown) => call('POST', results, auth, { result });

    expect((await enter(owner, northern())).json().errorCode).toBe('lottery_result_too_early');
    await closeNow(drawId);
    // The draw job does not draw it: it waits for the operators.
    expect(await services.lottery.draw(drawId)).toBe('awaiting_result');
    await services.lottery.drawAndSettle(drawId);
    const player = (await call('GET', '/lgw/vn/games/draws?gameCode=VNND')).json();
    expect(player.success).toBe(true);

    const short = northern();
    short.prizes.pop();
    const shape = await enter(owner, short);
    expect([shape.statusCode, shape.json().errorCode, shape.json().field]).toEqual([
      400,
      'lottery_result_shape',
      'result.prizes',
    ]);
    const fewer = northern();
    fewer.prizes[3] = ['33331'];
    expect((await enter(owner, fewer)).json()).toMatchObject({
      errorCode: 'lottery_result_shape',
      field: 'result.prizes.3',
    });
    const digits = northern('1234');
    expect((await enter(owner, digits)).json()).toMatchObject({
      errorCode: 'lottery_result_digits',
      field: 'result.prizes.0.0',
    });
    const letters = northern('12a45');
    expect((await enter(owner, letters)).json().errorCode).toBe('lottery_result_digits');

    const first = await enter(owner, northern('99999'));
    expect(first.statusCode).toBe(200);
    const firstEntry = first.json().value.entries[0];
    expect(firstEntry).toMatchObject({ status: 'pending', enteredBy: 'owner' });
    expect(first.json().value).toMatchObject({
      status: 'open',
      resultSource: 'operator',
      serverSeedHash: '',
    });
    expect((await enter(finance, northern())).json().errorCode).toBe('lottery_result_pending');
    const self = await call('POST', `${results}/${firstEntry.entryId}/approve`, owner);
    expect([self.statusCode, self.json().errorCode]).toEqual([403, 'lottery_result_same_operator']);
    expect(
      (await call('POST', `${results}/${firstEntry.entryId}/reject`, owner, { reason: 'x' })).json()
        .errorCode,
    ).toBe('lottery_result_same_operator');
    const rejected = await call('POST', `${results}/${firstEntry.entryId}/reject`, finance, {
      reason: 'Special prize mistyped',
    });
    expect(rejected.json().value.entries[0]).toMatchObject({
      status: 'rejected',
      decidedBy: 'finance',
      reason: 'Special prize mistyped',
    });
    expect((await call('POST', `${results}/${firstEntry.entryId}/approve`, finance)).json().errorCode).toBe(
      'lottery_result_not_pending',
    );
    expect((await call('POST', `${results}/999999/approve`, finance)).json().errorCode).toBe(
      'lottery_result_entry_not_found',
    );

    const second = await enter(finance, northern('12345'));
    const secondEntry = second.json().value.entries[0];
    expect(await balanceOf(member.id)).toBe(49_000);
    const approved = await call('POST', `${results}/${secondEntry.entryId}/approve`, owner);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().value).toMatchObject({ status: 'settled', openBets: 0, bets: 1, win: 97_500 });
    expect(approved.json().value.result).toEqual(northern('12345'));
    // đề 45 on the special prize 12345: ×97.5.
    expect(await balanceOf(member.id)).toBe(49_000 + 97_500);
    expect(await ledgerCount(`lottery:payout:${placed.json().value.bet.betId}`)).toBe(1);
    expect((await enter(owner, northern())).json().errorCode).toBe('lottery_result_draw_closed');
    expect((await call('POST', `${results}/${secondEntry.entryId}/approve`, finance)).json().errorCode).toBe(
      'lottery_result_not_pending',
    );
    for (const [action, n] of [
      ['lottery.result.enter', 2],
      ['lottery.result.reject', 1],
      ['lottery.result.approve', 1],
    ] as const)
      expect(await auditCount(action, `lottery_draw:${drawId}`), action).toBe(n);

    const list = (await call('GET', `${base}/draws?gameCode=VNND&status=settled`, support)).json().value;
    expect(list.list[0]).toMatchObject({
      drawId,
      status: 'settled',
      bets: 1,
      openBets: 0,
      stake: 1_000,
      win: 97_500,
    });
    expect(list.list[0].entries.map((e: { status: string }) => e.status)).toEqual(['approved', 'rejected']);
  });

  it('refuses a result for a game that draws its own', async () => {
    const { drawId } = await testDraw(services, tala, { closes: -2_000, draws: -1_000 });
    const r = await call('POST', `${base}/draws/${drawId}/results`, owner, { result: northern() });
    expect([r.statusCode, r.json().errorCode]).toEqual([409, 'lottery_result_not_operator_game']);
  });
});

describe('the daily games’ schedule', () => {
  it('makes one issue a day at the local draw time, its sale closing 15 minutes before', async () => {
    const now = new Date();
    await services.lottery.ensureIssues(lucky, 'VNSD', now);
    const rows = await sql<{ issue_no: string; draw_at: Date; sale_closes_at: Date; sale_opens_at: Date }>`
      SELECT issue_no, draw_at, sale_closes_at, sale_opens_at FROM lottery_draws
       WHERE merchant_id = ${lucky.id} AND game_code = 'VNSD' ORDER BY draw_at`.execute(services.db);
    expect(rows.rows.length).toBeGreaterThanOrEqual(2);
    const zone = lucky.settings.whitelabel.timeZone;
    for (const row of rows.rows) {
      expect(row.issue_no).toMatch(/^\d{8}-001$/);
      const local = new Intl.DateTimeFormat('en-GB', {
        timeZone: zone,
        hour: '2-digit',
        minute: '2-digit',
      }).format(row.draw_at);
      expect(local).toBe('16:15');
      expect(row.draw_at.getTime() - row.sale_closes_at.getTime()).toBe(15 * 60_000);
      expect(row.draw_at.getTime() - row.sale_opens_at.getTime()).toBe(86_400_000);
    }
    expect(rows.rows[0]!.draw_at.getTime()).toBeGreaterThan(now.getTime());
  });
});
