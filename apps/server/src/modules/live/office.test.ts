import { dayOf } from '@tala/contracts/calendar';
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import { liveRepository } from './live.repository.ts';

// The live studio's back office (docs/decisions/054-live-office.md): every endpoint for every role, another
// merchant's bets kept out, the settings' refusals, the maintenance switch voiding and refunding open rounds and the
// cycle restarting after it, the P&L's sums.

const { app, services } = await testApp();
afterAll(() => app.close());
const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
const base = '/admin-api/merchants/tala/live';

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, auth?: string, payload?: unknown, merchant = 'tala') =>
  app.inject({
    method,
    url,
    headers: { merchant, ...(auth ? { authorization: auth } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
let requests = 0;
const requestId = () => `lo-${Date.now().toString(36)}-${++requests}`;
const bet = (
  token: string,
  merchant: string,
  tableCode: string,
  roundNo: number,
  spots: Record<string, number>,
) => call('POST', '/wps/live/bets', token, { tableCode, roundNo, requestId: requestId(), spots }, merchant);

async function balanceOf(merchantId: number, memberId: number) {
  return services.wallet.balance(await services.wallet.memberAccount(merchantId, memberId));
}
/** The ledger entries whose postings do not sum to zero (none, ever). */
async function unbalancedEntries() {
  const rows =
    await sql`SELECT entry_id FROM ledger_postings GROUP BY entry_id HAVING sum(amount) <> 0`.execute(
      services.db,
    );
  return rows.rows;
}
async function auditCount(action: string, target: string) {
  const rows = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM audit_log WHERE action = ${action} AND target = ${target}`.execute(
    services.db,
  );
  return rows.rows[0]?.n ?? 0;
}

let roundCounter = 0;
/** A round of a table whose betting opens and closes at these offsets from now (ms), far from the clock's numbers. */
async function testRound(tableCode: string, times: { opens?: number; closes: number }) {
  roundCounter += 1;
  const roundNo = 2_000_000_000 + roundCounter;
  const now = Date.now();
  const serverSeed = newServerSeed();
  await liveRepository().insertRounds(services.db, [
    {
      table_code: tableCode,
      round_no: roundNo,
      opens_at: new Date(now + (times.opens ?? -1_000)),
      closes_at: new Date(now + times.closes),
      ends_at: new Date(now + times.closes + 5_000),
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
    },
  ]);
  const row = await liveRepository().round(services.db, tableCode, roundNo);
  return { roundNo, id: Number(row?.id), serverSeed };
}

const settingsOf = async (code: string) =>
  (await call('GET', '/admin-api/live/tables', owner))
    .json()
    .value.list.find((t: { code: string }) => t.code === code);
const save = (code: string, change: Record<string, unknown>, auth = owner) =>
  settingsOf(code).then((current) =>
    call('PUT', `/admin-api/live/tables/${code}`, auth, {
      minBet: current.minBet,
      maxBet: current.maxBet,
      bettingSeconds: current.bettingSeconds,
      resultSeconds: current.resultSeconds,
      maintenance: current.maintenance,
      ...change,
    }),
  );

describe('who may do what', () => {
  it('lets owners change tables, owners and finance read all, support only rounds, content and players nothing', async () => {
    const member = await fundedMember(services, tala, 0);
    const round = await testRound('BAC-1', { closes: 60_000 });
    const status = async (method: Method, url: string, auth?: string, body?: unknown) =>
      (await call(method, url, auth, body)).statusCode;
    const table = await settingsOf('BAC-1');
    const unchanged = {
      minBet: table.minBet,
      maxBet: table.maxBet,
      bettingSeconds: table.bettingSeconds,
      resultSeconds: table.resultSeconds,
      maintenance: false,
    };
    const cases: [Method, string, unknown, Record<string, number>][] = [
      ['GET', '/admin-api/live/tables', undefined, { owner: 200, finance: 200, support: 403, content: 403 }],
      [
        'PUT',
        '/admin-api/live/tables/BAC-1',
        unchanged,
        { owner: 200, finance: 403, support: 403, content: 403 },
      ],
      ['GET', `${base}/rounds`, undefined, { owner: 200, finance: 200, support: 200, content: 403 }],
      [
        'GET',
        `${base}/rounds/${round.id}`,
        undefined,
        { owner: 200, finance: 200, support: 200, content: 403 },
      ],
      [
        'GET',
        `${base}/report?from=2026-01-01&to=2026-12-31`,
        undefined,
        { owner: 200, finance: 200, support: 403, content: 403 },
      ],
    ];
    const tokens: Record<string, string> = { owner, finance, support, content };
    for (const [method, url, body, expected] of cases) {
      expect(await status(method, url, undefined, body), url).toBe(401);
      expect(await status(method, url, member.token, body), url).toBe(401);
      for (const [role, code] of Object.entries(expected))
        expect(await status(method, url, tokens[role], body), `${role} ${method} ${url}`).toBe(code);
    }
    expect((await call('GET', '/admin-api/merchants/nobody/live/rounds', owner)).statusCode).toBe(404);
    const missing = await call('GET', `${base}/rounds/999999999`, owner);
    expect([missing.statusCode, missing.json().errorCode]).toEqual([404, 'live_round_not_found']);
    const noTable = await call('PUT', '/admin-api/live/tables/NOPE-1', owner, unchanged);
    expect([noTable.statusCode, noTable.json().errorCode]).toEqual([404, 'live_table_not_found']);
  });
});

describe('table settings', () => {
  it('refuses bad limits and cycles each with its own code and message, changing nothing', async () => {
    const before = await settingsOf('BAC-1');
    const audited = await auditCount('live.table.save', 'live_table:BAC-1');
    const refusals: [Record<string, unknown>, number, string, string][] = [
      [{ minBet: 0 }, 400, 'live_table_min_bet_invalid', 'minBet'],
      // A fraction of the minor unit (an operator's "1.255" pesos) is amount_too_precise, as every amount.
      [{ minBet: 125.5 }, 400, 'amount_too_precise', 'minBet'],
      [{ maxBet: 500_000.5 }, 400, 'amount_too_precise', 'maxBet'],
      [{ minBet: 5_000, maxBet: 4_000 }, 400, 'live_table_max_bet_invalid', 'maxBet'],
      [{ maintenance: true, bettingSeconds: 2 }, 400, 'live_table_betting_seconds_invalid', 'bettingSeconds'],
      [
        { maintenance: true, bettingSeconds: 121 },
        400,
        'live_table_betting_seconds_invalid',
        'bettingSeconds',
      ],
      [{ maintenance: true, resultSeconds: 61 }, 400, 'live_table_result_seconds_invalid', 'resultSeconds'],
      [{ bettingSeconds: 20 }, 409, 'live_table_cycle_needs_maintenance', 'bettingSeconds'],
    ];
    for (const [change, statusCode, errorCode, field] of refusals) {
      const response = await save('BAC-1', change);
      expect(
        [response.statusCode, response.json().errorCode, response.json().field],
        JSON.stringify(change),
      ).toEqual([statusCode, errorCode, field]);
    }
    const tagalog = await app.inject({
      method: 'PUT',
      url: '/admin-api/live/tables/BAC-1',
      headers: { merchant: 'tala', authorization: owner, language: 'TY' },
      payload: {
        ...before,
        openRounds: undefined,
        openBets: undefined,
        resultSeconds: 61,
        maintenance: true,
      },
    });
    expect(tagalog.json().message).toContain('segundo');
    expect(tagalog.json().message).toContain('60');
    const english = await save('BAC-1', { maintenance: true, resultSeconds: 61 });
    expect(english.json().message).toContain('from 3 to 60');
    expect(await settingsOf('BAC-1')).toEqual(before);
    expect(await auditCount('live.table.save', 'live_table:BAC-1')).toBe(audited);

    const saved = await save('BAC-1', { minBet: 2_000, maxBet: 2_000 });
    expect(saved.json().value).toMatchObject({ minBet: 2_000, maxBet: 2_000, maintenance: false });
    expect(await auditCount('live.table.save', 'live_table:BAC-1')).toBe(audited + 1);
    // Players' bets follow the new limits at once.
    const member = await fundedMember(services, tala, 100_000);
    const round = await testRound('BAC-1', { closes: 60_000 });
    expect(
      (await bet(member.token, 'tala', 'BAC-1', round.roundNo, { player: 1_000 })).json().errorCode,
    ).toBe('live_bet_below_minimum');
    expect(
      (await bet(member.token, 'tala', 'BAC-1', round.roundNo, { player: 2_001 })).json().errorCode,
    ).toBe('live_bet_over_limit');
    await save('BAC-1', { minBet: before.minBet, maxBet: before.maxBet });
    expect(await auditCount('live.table.save', 'live_table:BAC-1')).toBe(audited + 2);
  });
});

describe('maintenance', () => {
  it('voids the open rounds with every merchant’s bets refunded once, makes no rounds, and restarts the cycle after the last round', async () => {
    await services.live.ensureRounds();
    const ours = await fundedMember(services, tala, 100_000);
    const theirs = await fundedMember(services, lucky, 100_000);
    const open = await testRound('BAC-2', { closes: 60_000 });
    const later = await testRound('BAC-2', { opens: 30_000, closes: 40_000 });
    expect((await bet(ours.token, 'tala', 'BAC-2', open.roundNo, { banker: 10_000 })).statusCode).toBe(200);
    expect((await bet(ours.token, 'tala', 'BAC-2', open.roundNo, { tie: 2_000 })).statusCode).toBe(200);
    expect((await bet(theirs.token, 'lucky', 'BAC-2', open.roundNo, { player: 5_000 })).statusCode).toBe(200);
    expect(await balanceOf(tala.id, ours.id)).toBe(88_000);
    const listed = await settingsOf('BAC-2');
    expect(listed.openBets).toBeGreaterThanOrEqual(3);
    expect(listed.openRounds).toBeGreaterThanOrEqual(2);

    const off = await save('BAC-2', { maintenance: true });
    expect(off.json().value).toMatchObject({ maintenance: true, openRounds: 0, openBets: 0 });
    expect(await balanceOf(tala.id, ours.id)).toBe(100_000);
    expect(await balanceOf(lucky.id, theirs.id)).toBe(100_000);
    expect(await unbalancedEntries()).toEqual([]);
    const refunds = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_entries e JOIN live_bets b ON e.idempotency_key = 'live:refund:' || b.id
       WHERE b.round_id = ${open.id}`.execute(services.db);
    expect(refunds.rows[0]?.n).toBe(3);
    const round = (await call('GET', `${base}/rounds/${open.id}`, owner)).json().value;
    expect(round).toMatchObject({ status: 'void', bets: 2, stake: 12_000, returned: 12_000, houseWin: 0 });
    expect(round.serverSeed).toBe(open.serverSeed);
    // The round made ahead, which nobody could bet on yet, is gone; the table takes no bets and makes no rounds.
    expect(await liveRepository().round(services.db, 'BAC-2', later.roundNo)).toBeUndefined();
    const refused = await bet(ours.token, 'tala', 'BAC-2', open.roundNo, { banker: 10_000 });
    expect(refused.json().errorCode).toBe('live_table_maintenance');
    await services.live.ensureRounds();
    expect(await openRounds('BAC-2')).toBe(0);
    expect((await services.live.table('BAC-2')).round).toBeNull();
    // Saving it again under maintenance refunds nothing twice.
    await save('BAC-2', { maintenance: true });
    expect(await balanceOf(tala.id, ours.id)).toBe(100_000);

    // A new cycle while under maintenance; back from it, round last+1 opens now on the new cycle.
    await save('BAC-2', { bettingSeconds: 12, resultSeconds: 6 });
    const on = await save('BAC-2', { maintenance: false });
    expect(on.json().value).toMatchObject({ maintenance: false, bettingSeconds: 12, resultSeconds: 6 });
    const state = await services.live.table('BAC-2');
    expect(state.round?.roundNo).toBe(later.roundNo);
    expect(state.round?.status).toBe('open');
    const opened = Date.parse(state.round?.opensAt ?? '');
    expect(Math.abs(opened - Date.now())).toBeLessThan(5_000);
    expect(Date.parse(state.round?.closesAt ?? '') - opened).toBe(12_000);
    expect(opened).toBeGreaterThanOrEqual(Date.parse(round.opensAt));
    expect((await bet(ours.token, 'tala', 'BAC-2', later.roundNo, { banker: 2_000 })).statusCode).toBe(200);
    expect(await auditCount('live.table.save', 'live_table:BAC-2')).toBe(4);
  });
});

describe('maintenance racing bets', () => {
  it('leaves no stake behind: each bet racing the switch is refused or refunded, once', async () => {
    const members = await Promise.all(Array.from({ length: 8 }, () => fundedMember(services, tala, 10_000)));
    const round = await testRound('BAC-2', { closes: 60_000 });
    const results = await Promise.all([
      ...members.map((m) => bet(m.token, 'tala', 'BAC-2', round.roundNo, { banker: 5_000 })),
      save('BAC-2', { maintenance: true }),
    ]);
    // A bet that comes after the switch is refused with the table's own code (a 503, like a site's maintenance);
    // anything else at 5xx would be a crash.
    const crashed = (r: (typeof results)[number]) =>
      r.statusCode >= 500 && r.json().errorCode !== 'live_table_maintenance';
    expect(results.map((r) => (crashed(r) ? r.body : 'ok'))).toEqual(results.map(() => 'ok'));
    for (const m of members) expect(await balanceOf(tala.id, m.id)).toBe(10_000);
    const refunds = await sql<{ bets: number; refunds: number }>`
      SELECT count(b.id)::int AS bets, count(e.id)::int AS refunds
        FROM live_bets b LEFT JOIN ledger_entries e ON e.idempotency_key = 'live:refund:' || b.id
       WHERE b.round_id = ${round.id}`.execute(services.db);
    expect(refunds.rows[0]?.refunds).toBe(refunds.rows[0]?.bets);
    expect(await unbalancedEntries()).toEqual([]);
    expect((await save('BAC-2', { maintenance: false })).json().value.maintenance).toBe(false);
  });
});

async function openRounds(code: string) {
  const rows = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM live_rounds WHERE table_code = ${code} AND status = 'open'`.execute(
    services.db,
  );
  return rows.rows[0]?.n ?? 0;
}

describe('rounds explorer and P&L', () => {
  it('shows only this merchant’s bets, filters rounds, and sums the P&L by day and table', async () => {
    const ours = await fundedMember(services, tala, 100_000);
    const theirs = await fundedMember(services, lucky, 100_000);
    const round = await testRound('BAC-1', { closes: 1_500 });
    const closesAt = Date.now() + 1_500;
    const spots = { player: 10_000, banker: 10_000, tie: 2_000 };
    expect((await bet(ours.token, 'tala', 'BAC-1', round.roundNo, spots)).statusCode).toBe(200);
    expect((await bet(theirs.token, 'lucky', 'BAC-1', round.roundNo, { player: 50_000 })).statusCode).toBe(
      200,
    );

    const openDetail = (await call('GET', `${base}/rounds/${round.id}`, support)).json().value;
    expect(openDetail).toMatchObject({
      status: 'open',
      serverSeed: null,
      bets: 1,
      stake: 22_000,
      summary: null,
    });
    expect(openDetail.list).toHaveLength(1);

    await new Promise((resolve) => setTimeout(resolve, Math.max(0, closesAt - Date.now()) + 100));
    await services.live.settleDue();
    const detail = (await call('GET', `${base}/rounds/${round.id}`, owner)).json().value;
    expect(detail).toMatchObject({ status: 'settled', serverSeed: round.serverSeed, bets: 1, stake: 22_000 });
    expect(detail.returned).toBe((await balanceOf(tala.id, ours.id)) - 78_000);
    expect(detail.houseWin).toBe(22_000 - detail.returned);
    expect(detail.summary.winner).toMatch(/^(player|banker|tie)$/);
    expect(detail.list).toEqual([
      expect.objectContaining({
        username: expect.stringMatching(/^l/),
        spots,
        stake: 22_000,
        status: 'settled',
      }),
    ]);
    // The other merchant sees its own bet on the same round, not ours.
    const luckyDetail = (
      await call('GET', `/admin-api/merchants/lucky/live/rounds/${round.id}`, owner)
    ).json().value;
    expect(luckyDetail).toMatchObject({ bets: 1, stake: 50_000 });

    const listed = (
      await call('GET', `${base}/rounds?tableCode=BAC-1&status=settled&pageSize=200`, support)
    ).json().value;
    const row = listed.list.find((r: { id: number }) => r.id === round.id);
    expect(row).toMatchObject({ bets: 1, stake: 22_000, returned: detail.returned, status: 'settled' });
    expect(
      listed.list.every(
        (r: { tableCode: string; status: string }) => r.tableCode === 'BAC-1' && r.status === 'settled',
      ),
    ).toBe(true);
    const times = listed.list.map((r: { opensAt: string }) => Date.parse(r.opensAt));
    expect(times).toEqual([...times].sort((a: number, b: number) => b - a));
    const voidOnly = (await call('GET', `${base}/rounds?status=void`, owner)).json().value.list;
    expect(voidOnly.find((r: { id: number }) => r.id === round.id)).toBeUndefined();
    const timeZone = tala.settings.whitelabel.timeZone;
    const today = dayOf(new Date(), timeZone);
    const inRange = (
      await call('GET', `${base}/rounds?from=${today}&to=${today}&pageSize=200&tableCode=BAC-1`, owner)
    ).json().value.list;
    expect(inRange.some((r: { id: number }) => r.id === round.id)).toBe(true);
    const before = (await call('GET', `${base}/rounds?from=2026-01-01&to=2026-01-02`, owner)).json().value;
    expect(before.total).toBe(0);
    expect((await call('GET', `${base}/rounds?from=2026-02-02&to=2026-01-01`, owner)).statusCode).toBe(400);

    // The P&L: this merchant's settled bets only, summed per day and table; refunded ones left out.
    const report = (await call('GET', `${base}/report?from=${today}&to=${today}`, finance)).json().value;
    expect(report.timeZone).toBe(timeZone);
    const settled = await sql<{ n: number; stake: string; returned: string }>`
      SELECT count(*)::int AS n, sum(b.stake) AS stake, sum(b.returned) AS returned
        FROM live_bets b JOIN live_rounds r ON r.id = b.round_id
       WHERE b.merchant_id = ${tala.id} AND b.status = 'settled' AND r.table_code = 'BAC-1'`.execute(
      services.db,
    );
    const bac = report.list.find((r: { tableCode: string }) => r.tableCode === 'BAC-1');
    expect(bac).toMatchObject({
      day: today,
      game: 'baccarat',
      bets: settled.rows[0]?.n,
      stake: Number(settled.rows[0]?.stake),
      returned: Number(settled.rows[0]?.returned),
    });
    expect(bac.houseWin).toBe(bac.stake - bac.returned);
    const sum = (key: string) =>
      report.list.reduce((s: number, r: Record<string, number>) => s + (r[key] ?? 0), 0);
    expect(report.totals).toEqual({
      bets: sum('bets'),
      stake: sum('stake'),
      returned: sum('returned'),
      houseWin: sum('houseWin'),
    });
    const luckyReport = (
      await call('GET', `/admin-api/merchants/lucky/live/report?from=${today}&to=${today}`, owner)
    ).json().value;
    expect(luckyReport.list.find((r: { tableCode: string }) => r.tableCode === 'BAC-1')?.stake).toBe(50_000);
    const empty = (await call('GET', `${base}/report?from=2026-01-01&to=2026-01-31`, owner)).json().value;
    expect(empty).toMatchObject({ list: [], totals: { bets: 0, stake: 0, returned: 0, houseWin: 0 } });
    expect((await call('GET', `${base}/report?from=2026-02-01&to=2026-01-01`, owner)).statusCode).toBe(400);
    expect(await unbalancedEntries()).toEqual([]);
  });

  it('lists and counts the same rounds: those that have opened, with or without bets, never those made ahead', async () => {
    // A table of its own (no clock makes its rounds): two rounds opened, one of them with a bet, two made ahead.
    await sql`INSERT INTO live_tables (code, game, name, min_bet, max_bet, betting_seconds, result_seconds)
              VALUES ('TST-O', 'baccarat', 'Office count', 1000, 100000, 5, 3)`.execute(services.db);
    await sql`INSERT INTO games (line_node_id, game_code, name, game_class, game_group_code, min_bet, lines, popularity,
                                 released_on)
              SELECT node_id, 'TST-O', 'Office count', 'live', 'LIVE', 1000, 0, 0, DATE '2026-11-26'
                FROM game_vendor_lines WHERE vassalage = 'TLIVE_LIVE'`.execute(services.db);
    services.games.invalidate();
    const quiet = await testRound('TST-O', { opens: -20_000, closes: -15_000 });
    const busy = await testRound('TST-O', { opens: -1_000, closes: 30_000 });
    const ahead = [
      await testRound('TST-O', { opens: 60_000, closes: 65_000 }),
      await testRound('TST-O', { opens: 120_000, closes: 125_000 }),
    ];
    const member = await fundedMember(services, tala, 10_000);
    expect((await bet(member.token, 'tala', 'TST-O', busy.roundNo, { player: 1_000 })).statusCode).toBe(200);
    const rows = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM live_rounds WHERE table_code = 'TST-O'`.execute(services.db);
    expect(rows.rows[0]?.n).toBe(4);

    const page = async (query: string) =>
      (await call('GET', `${base}/rounds?tableCode=TST-O&${query}`, owner)).json().value as {
        list: { id: number; bets: number }[];
        total: number;
        totalPages: number;
      };
    const all = await page('pageSize=50');
    expect(all.list.map((r) => r.id)).toEqual([busy.id, quiet.id]);
    expect(all.list.map((r) => r.bets)).toEqual([1, 0]);
    expect(all).toMatchObject({ total: 2, totalPages: 1 });
    // Page by page, the total is what the pages hold together.
    const first = await page('pageSize=1&pageNo=1');
    const second = await page('pageSize=1&pageNo=2');
    const past = await page('pageSize=1&pageNo=3');
    expect([first, second, past].map((p) => p.list.map((r) => r.id))).toEqual([[busy.id], [quiet.id], []]);
    expect([first, second, past].map((p) => [p.total, p.totalPages])).toEqual([
      [2, 2],
      [2, 2],
      [2, 2],
    ]);
    // A status filter counts as it lists: both opened rounds are still open, the rounds made ahead are not counted.
    expect(await page('status=open')).toMatchObject({ total: 2 });
    for (const round of ahead) expect(all.list.some((r) => r.id === round.id)).toBe(false);
    // The tables' list counts the same open rounds (and the bet on them), not the rounds made ahead.
    expect(await settingsOf('TST-O')).toMatchObject({ openRounds: 2, openBets: 1 });
  });
});
