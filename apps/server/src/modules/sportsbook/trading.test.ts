import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import { betSettlement, oneXTwo, testEvent } from './sportsbook-testing.ts';
import { marginPrices } from './trading-offer.ts';

// The sportsbook's trading back office (decision 059): every call for every role, liability against hand-computed
// bets, suspensions refusing placement, margins on the offered prices, stake factors, manual settlement with four
// eyes paying once, and the P&L.

const { app, services } = await testApp();
afterAll(() => app.close());
const tala = await services.merchants.byCode('tala');
const sportsbook = services.sportsbook;

const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const base = '/admin-api/merchants/tala/sports';

type Method = 'GET' | 'POST' | 'PUT';
const call = (auth: string | null, method: Method, url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: auth ? { authorization: auth } : {},
    ...(payload ? { payload } : method === 'GET' ? {} : { payload: {} }),
  });
const ok = async (auth: string, method: Method, url: string, payload?: object) => {
  const response = await call(auth, method, url, payload);
  const body = response.json();
  if (!body.success)
    throw new Error(`${method} ${url}: ${response.statusCode} ${body.errorCode} ${body.message}`);
  return body.value;
};

let requests = 0;
const requestId = () => `tr-${Date.now().toString(36)}-${++requests}`;
type Selection = { marketId: number; outcome: string; price: number };
async function place(token: string, selections: Selection[], stake: number) {
  const response = await app.inject({
    method: 'POST',
    url: '/wps/sports/bets',
    headers: { merchant: 'tala', authorization: token },
    payload: { requestId: requestId(), selections, stake },
  });
  return response.json();
}
async function placeOk(token: string, selections: Selection[], stake: number) {
  const body = await place(token, selections, stake);
  if (!body.success) throw new Error(`refused: ${body.errorCode}`);
  return body.value.bet as { id: number; status: string; potentialReturn: number };
}
const balanceOf = async (memberId: number) =>
  services.wallet.balance(await services.wallet.memberAccount(tala.id, memberId));
async function ledgerBalanced() {
  const rows =
    await sql`SELECT entry_id FROM ledger_postings GROUP BY entry_id HAVING sum(amount) <> 0`.execute(
      services.db,
    );
  return rows.rows.length === 0;
}
const enc = encodeURIComponent;

describe('who may do what', () => {
  it('lets owners change, finance read and decide, support read, content nothing', async () => {
    const event = await testEvent(sportsbook);
    const market = event.oneXTwo;
    const member = await fundedMember(services, tala, 0);
    const reads = [
      `${base}/liability`,
      `${base}/events`,
      `${base}/events/${enc(event.eventId)}`,
      `${base}/markets/${market}`,
      `${base}/margins`,
      `${base}/member-limits`,
      `${base}/settlements`,
      `${base}/report?from=2026-01-01&to=2026-01-31`,
    ];
    for (const url of reads) {
      for (const who of [owner, finance, support])
        expect((await call(who, 'GET', url)).statusCode, url).toBe(200);
      expect((await call(content, 'GET', url)).statusCode, url).toBe(403);
      expect((await call(null, 'GET', url)).statusCode, url).toBe(401);
    }
    const changes: [Method, string, object][] = [
      ['POST', `${base}/markets/${market}/suspend`, { reason: 'test' }],
      ['POST', `${base}/markets/${market}/resume`, {}],
      ['POST', `${base}/events/${enc(event.eventId)}/suspend`, { reason: 'test' }],
      ['POST', `${base}/events/${enc(event.eventId)}/resume`, {}],
      ['PUT', `${base}/margins/ice_hockey`, { marginBps: 300 }],
      ['PUT', `${base}/member-limits/${member.id}`, { stakeFactor: 500 }],
      [
        'POST',
        `${base}/markets/${market}/settlements`,
        { outcomes: { home: 'win', draw: 'lose', away: 'lose' }, reason: 'test' },
      ],
    ];
    for (const [method, url, payload] of changes) {
      for (const who of [finance, support, content])
        expect((await call(who, method, url, payload)).statusCode, `${method} ${url}`).toBe(403);
      expect((await call(null, method, url, payload)).statusCode, url).toBe(401);
      expect((await call(owner, method, url, payload)).statusCode, `owner ${method} ${url}`).toBe(200);
    }
    const [proposal] = (await ok(owner, 'GET', `${base}/settlements?status=proposed&marketId=${market}`))
      .list;
    for (const action of ['approve', 'reject']) {
      const url = `${base}/settlements/${proposal.id}/${action}`;
      for (const who of [support, content]) expect((await call(who, 'POST', url, {})).statusCode).toBe(403);
      expect((await call(null, 'POST', url, {})).statusCode).toBe(401);
    }
    // Finance decides (here: rejects); the owner proposed, so only another operator could.
    expect(
      (await call(finance, 'POST', `${base}/settlements/${proposal.id}/reject`, { note: 'no' })).statusCode,
    ).toBe(200);
    await ok(owner, 'PUT', `${base}/margins/ice_hockey`, { marginBps: 0 });
  });

  it('refuses bad input with a code, never a 500', async () => {
    const bad = await call(owner, 'PUT', `${base}/margins/football`, { marginBps: 5_000 });
    expect(bad.statusCode).toBe(400);
    expect((await call(owner, 'PUT', `${base}/member-limits/1`, { stakeFactor: -1 })).statusCode).toBe(400);
    expect((await call(owner, 'GET', `${base}/markets/999999999`)).json().errorCode).toBe(
      'sports_market_not_found',
    );
    expect((await call(owner, 'POST', `${base}/settlements/999999/approve`, {})).json().errorCode).toBe(
      'sports_proposal_not_found',
    );
    const event = await testEvent(sportsbook);
    const missing = await call(owner, 'POST', `${base}/markets/${event.oneXTwo}/settlements`, {
      outcomes: { home: 'win' },
      reason: 'incomplete',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errorCode).toBe('sports_outcome_result_missing');
    const unknown = await call(owner, 'POST', `${base}/markets/${event.oneXTwo}/settlements`, {
      outcomes: { home: 'win', draw: 'lose', away: 'lose', other: 'lose' },
      reason: 'unknown',
    });
    expect(unknown.json().errorCode).toBe('sports_unknown_outcome');
  });
});

describe('liability', () => {
  it('sums stakes and payouts per outcome of the open bets, parlays on each leg, the worst case per market', async () => {
    const a = await testEvent(sportsbook, { sport: 'badminton' });
    const b = await testEvent(sportsbook, { sport: 'badminton' });
    const m1 = await fundedMember(services, tala, 1_000_000);
    const m2 = await fundedMember(services, tala, 1_000_000);
    // a 1x2: home 2.000, draw 3.400, away 3.800.
    await placeOk(m1.token, [{ marketId: a.oneXTwo, outcome: 'home', price: 2_000 }], 10_000); // pays 20,000
    await placeOk(m2.token, [{ marketId: a.oneXTwo, outcome: 'home', price: 2_000 }], 5_000); // pays 10,000
    await placeOk(m2.token, [{ marketId: a.oneXTwo, outcome: 'draw', price: 3_400 }], 2_000); // pays 6,800
    // A parlay: a home × b away = 2.000 × 3.800 → 10,000 stake pays 76,000.
    const parlay = await placeOk(
      m1.token,
      [
        { marketId: a.oneXTwo, outcome: 'home', price: 2_000 },
        { marketId: b.oneXTwo, outcome: 'away', price: 3_800 },
      ],
      10_000,
    );
    expect(parlay.potentialReturn).toBe(76_000);

    const value = await ok(support, 'GET', `${base}/liability?sport=badminton&sort=worstCase`);
    const onA = value.list.find((m: { marketId: number }) => m.marketId === a.oneXTwo);
    const onB = value.list.find((m: { marketId: number }) => m.marketId === b.oneXTwo);
    // Market a: 4 bets, stakes 10,000 + 5,000 + 2,000 + 10,000 = 27,000.
    expect(onA).toMatchObject({ bets: 4, stakes: 27_000, type: '1x2', competitors: ['Kaya', 'Stallion'] });
    const outcome = (m: { outcomes: { id: string }[] }, id: string) => m.outcomes.find((o) => o.id === id);
    expect(outcome(onA, 'home')).toMatchObject({
      bets: 3,
      stakes: 25_000,
      payout: 106_000,
      net: 27_000 - 106_000,
    });
    expect(outcome(onA, 'draw')).toMatchObject({
      bets: 1,
      stakes: 2_000,
      payout: 6_800,
      net: 27_000 - 6_800,
    });
    expect(outcome(onA, 'away')).toMatchObject({ bets: 0, stakes: 0, payout: 0, net: 27_000 });
    expect(onA.worstCase).toBe(-79_000);
    // Market b: the parlay only, counted on its away leg.
    expect(onB).toMatchObject({ bets: 1, stakes: 10_000, worstCase: -66_000 });
    expect(outcome(onB, 'away')).toMatchObject({ payout: 76_000, net: -66_000 });
    // Sorted worst first; filtered by event.
    expect(value.list[0].marketId).toBe(a.oneXTwo);
    const byEvent = await ok(finance, 'GET', `${base}/liability?event=${enc(b.eventId)}`);
    expect(byEvent.list.map((m: { marketId: number }) => m.marketId)).toEqual([b.oneXTwo]);
    const byStakes = await ok(owner, 'GET', `${base}/liability?sport=badminton&sort=stakes`);
    expect(byStakes.list[0].stakes).toBeGreaterThanOrEqual(byStakes.list[1].stakes);
    expect(value.totals).toMatchObject({ bets: 5, stakes: 37_000, worstCase: -79_000 - 66_000 });
  });
});

describe('suspend and resume', () => {
  it('refuses placement on a suspended market or event until resumed, and audits both steps', async () => {
    const event = await testEvent(sportsbook);
    const member = await fundedMember(services, tala, 100_000);
    const home = { marketId: event.oneXTwo, outcome: 'home', price: 2_000 };
    await ok(owner, 'POST', `${base}/markets/${event.oneXTwo}/suspend`, { reason: 'suspicious volume' });
    const before = await balanceOf(member.id);
    const refused = await place(member.token, [home], 1_000);
    expect(refused.errorCode).toBe('sports_market_suspended');
    expect(await balanceOf(member.id)).toBe(before);
    // The event page shows it suspended to members of this merchant.
    const page = await app.inject({
      url: `/wps/sports/events/${enc(event.eventId)}`,
      headers: { merchant: 'tala' },
    });
    expect(page.json().value.markets.find((m: { id: number }) => m.id === event.oneXTwo).status).toBe(
      'suspended',
    );
    const detail = await ok(support, 'GET', `${base}/markets/${event.oneXTwo}`);
    expect(detail).toMatchObject({ suspensionReason: 'suspicious volume', market: { suspended: true } });
    await ok(owner, 'POST', `${base}/markets/${event.oneXTwo}/resume`);
    expect((await placeOk(member.token, [home], 1_000)).status).toBe('open');

    // A whole event: every market refused, resumed together.
    await ok(owner, 'POST', `${base}/events/${enc(event.eventId)}/suspend`, { reason: 'injury news' });
    const total = { marketId: event.byType('total', 'total=2.5'), outcome: 'over', price: 1_900 };
    expect((await place(member.token, [total], 1_000)).errorCode).toBe('sports_market_suspended');
    const events = await ok(owner, 'GET', `${base}/events?event=${enc(event.eventId)}`);
    expect(events.list[0]).toMatchObject({ suspended: true });
    await ok(owner, 'POST', `${base}/events/${enc(event.eventId)}/resume`);
    expect((await placeOk(member.token, [total], 1_000)).status).toBe('open');

    const audit = await sql<{ action: string; target: string }>`
      SELECT action, target FROM audit_log WHERE action IN ('sports.suspend', 'sports.resume')
         AND target IN (${`sports_market:${event.oneXTwo}`}, ${`sports_event:${event.eventId}`}) ORDER BY id`.execute(
      services.db,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'sports.suspend',
      'sports.resume',
      'sports.suspend',
      'sports.resume',
    ]);
  });
});

describe('margins', () => {
  it('shortens the offered prices by the formula, and bets are taken at them', () => {
    // O = 1/2 + 1/3.4 + 1/3.8 = 1.057275…; p' = p · O / (O + 0.05), rounded down.
    expect(marginPrices([2_000, 3_400, 3_800], 500)).toEqual([1_909, 3_246, 3_628]);
    expect(marginPrices([2_000, null, 3_800], 0)).toEqual([2_000, null, 3_800]);
    expect(marginPrices([1_002, 30_000], 2_000)[0]).toBe(1_001);
    const shortened = marginPrices([1_800, 2_000], 500) as number[];
    const overround = (ps: number[]) => ps.reduce((s, p) => s + 1_000 / p, 0);
    expect(overround(shortened) - overround([1_800, 2_000])).toBeGreaterThanOrEqual(0.05);
    expect(overround(shortened) - overround([1_800, 2_000])).toBeLessThan(0.051);
  });

  it('applies the sport’s margin to the event page and to placement', async () => {
    const event = await testEvent(sportsbook, { sport: 'basketball' });
    await ok(owner, 'PUT', `${base}/margins/basketball`, { marginBps: 500 });
    const margins = await ok(finance, 'GET', `${base}/margins`);
    expect(margins.list).toContainEqual({ sport: 'basketball', marginBps: 500 });
    const page = await app.inject({
      url: `/wps/sports/events/${enc(event.eventId)}`,
      headers: { merchant: 'tala' },
    });
    const market = page.json().value.markets.find((m: { id: number }) => m.id === event.oneXTwo);
    expect(market.outcomes.map((o: { price: number }) => o.price)).toEqual([1_909, 3_246, 3_628]);
    // The list's row shows the same offered prices as the event page.
    const list = await app.inject({
      url: '/wps/sports/events?sport=basketball',
      headers: { merchant: 'tala' },
    });
    const row = list.json().value.list.find((e: { id: string }) => e.id === event.eventId);
    expect(row.mainMarket.id).toBe(event.oneXTwo);
    expect(row.mainMarket.outcomes.map((o: { price: number }) => o.price)).toEqual([1_909, 3_246, 3_628]);
    const member = await fundedMember(services, tala, 100_000);
    // The feed's price is no longer offered; the shortened one is taken.
    expect(
      (await place(member.token, [{ marketId: event.oneXTwo, outcome: 'home', price: 2_000 }], 1_000))
        .errorCode,
    ).toBe('sports_odds_changed');
    const bet = await placeOk(
      member.token,
      [{ marketId: event.oneXTwo, outcome: 'home', price: 1_909 }],
      1_000,
    );
    expect(bet.potentialReturn).toBe(1_909);
    const detail = await ok(support, 'GET', `${base}/markets/${event.oneXTwo}`);
    expect(detail.marginBps).toBe(500);
    expect(detail.feedPrices[0]).toEqual({ id: 'home', price: 2_000 });
    await ok(owner, 'PUT', `${base}/margins/basketball`, { marginBps: 0 });
    const back = await app.inject({
      url: `/wps/sports/events/${enc(event.eventId)}`,
      headers: { merchant: 'tala' },
    });
    expect(
      back.json().value.markets.find((m: { id: number }) => m.id === event.oneXTwo).outcomes[0].price,
    ).toBe(2_000);
  });
});

describe('member limits', () => {
  it('lowers the member’s maximum stake by their stake factor', async () => {
    const event = await testEvent(sportsbook);
    const member = await fundedMember(services, tala, 10_000_000);
    const home = { marketId: event.oneXTwo, outcome: 'home', price: 2_000 };
    // The book's single maximum is 5,000,000; a factor of 0.1 leaves 500,000.
    const saved = await ok(owner, 'PUT', `${base}/member-limits/${member.id}`, { stakeFactor: 100 });
    expect(saved).toMatchObject({ stakeFactor: 100, maxSingleStake: 500_000, maxParlayStake: 100_000 });
    const refused = await place(member.token, [home], 600_000);
    expect(refused.errorCode).toBe('sports_stake_above_maximum');
    expect((await placeOk(member.token, [home], 500_000)).status).toBe('open');
    const username = (
      await services.db
        .selectFrom('members')
        .select('username')
        .where('id', '=', member.id)
        .executeTakeFirstOrThrow()
    ).username;
    const listed = await ok(support, 'GET', `${base}/member-limits?member=${username}`);
    expect(listed.list).toEqual([
      { memberId: member.id, username, stakeFactor: 100, maxSingleStake: 500_000, maxParlayStake: 100_000 },
    ]);
    const changed = await ok(finance, 'GET', `${base}/member-limits`);
    expect(changed.list.map((m: { memberId: number }) => m.memberId)).toContain(member.id);
    const other = await services.merchants.byCode('tala');
    expect(other.id).toBe(tala.id);
  });
});

describe('manual settlement with four eyes', () => {
  it('is approved by a platform operator only: the result settles every merchant’s bets on the market', async () => {
    const luckyOwner = await operatorAuth(app, 'lucky-owner', 'lucky-owner-1');
    const luckyBase = '/admin-api/merchants/lucky/sports';
    const event = await testEvent(sportsbook);
    const a = await fundedMember(services, tala, 100_000);
    await placeOk(a.token, [{ marketId: event.oneXTwo, outcome: 'home', price: 2_000 }], 10_000);
    const proposed = await ok(owner, 'POST', `${luckyBase}/markets/${event.oneXTwo}/settlements`, {
      outcomes: { home: 'win', draw: 'lose', away: 'lose' },
      reason: 'feed lost the final whistle',
    });
    // Lucky's own owner may not settle a market Tala's members bet on too.
    const scoped = await call(luckyOwner, 'POST', `${luckyBase}/settlements/${proposed.id}/approve`, {});
    expect(scoped.statusCode).toBe(403);
    expect(scoped.json().errorCode).toBe('platform_operators_only');
    expect(await balanceOf(a.id)).toBe(90_000);
    expect(
      await ok(owner, 'GET', `${luckyBase}/settlements?status=proposed&marketId=${event.oneXTwo}`),
    ).toMatchObject({
      list: [{ id: proposed.id, status: 'proposed' }],
    });
    // A platform operator (not the proposer) approves it: Tala's member is paid.
    await ok(finance, 'POST', `${luckyBase}/settlements/${proposed.id}/approve`, {});
    expect(await balanceOf(a.id)).toBe(110_000);
  });

  it('settles the open bets once on approval by another operator, resettles a corrected result, and can be rejected', async () => {
    const event = await testEvent(sportsbook);
    const a = await fundedMember(services, tala, 100_000);
    const b = await fundedMember(services, tala, 100_000);
    const onHome = await placeOk(
      a.token,
      [{ marketId: event.oneXTwo, outcome: 'home', price: 2_000 }],
      10_000,
    );
    const onAway = await placeOk(
      b.token,
      [{ marketId: event.oneXTwo, outcome: 'away', price: 3_800 }],
      10_000,
    );
    expect(await balanceOf(a.id)).toBe(90_000);

    const proposed = await ok(owner, 'POST', `${base}/markets/${event.oneXTwo}/settlements`, {
      outcomes: { home: 'win', draw: 'lose', away: 'lose' },
      reason: 'feed lost the final whistle',
    });
    expect(proposed).toMatchObject({ status: 'proposed', proposedBy: 'owner', decidedBy: null });
    // What the desk names the market and its sides by, in its own language.
    expect(proposed).toMatchObject({
      marketType: '1x2',
      specifiers: '',
      competitors: ['Kaya', 'Stallion'],
      league: { id: 'sr:tournament:pfl', name: 'Philippines Football League' },
    });
    // One waits at a time; nobody approves their own.
    const second = await call(owner, 'POST', `${base}/markets/${event.oneXTwo}/settlements`, {
      outcomes: { home: 'lose', draw: 'lose', away: 'win' },
      reason: 'again',
    });
    expect(second.json().errorCode).toBe('sports_proposal_waiting');
    const own = await call(owner, 'POST', `${base}/settlements/${proposed.id}/approve`, {});
    expect(own.statusCode).toBe(403);
    expect(own.json().errorCode).toBe('sports_four_eyes');
    expect(await balanceOf(a.id)).toBe(90_000);

    const approved = await ok(finance, 'POST', `${base}/settlements/${proposed.id}/approve`, {
      note: 'checked',
    });
    expect(approved).toMatchObject({ status: 'approved', decidedBy: 'finance', settled: 2 });
    expect(await balanceOf(a.id)).toBe(110_000);
    expect(await balanceOf(b.id)).toBe(90_000);
    // Exactly once: approving again changes nothing.
    expect(
      (await call(finance, 'POST', `${base}/settlements/${proposed.id}/approve`, {})).json().errorCode,
    ).toBe('sports_proposal_decided');
    expect(await balanceOf(a.id)).toBe(110_000);
    const rows = await sql<{ bet_id: string; version: number }>`
      SELECT bet_id, version FROM sports_settlements WHERE bet_id IN (${onHome.id}, ${onAway.id})`.execute(
      services.db,
    );
    expect(rows.rows.length).toBe(2);

    // A corrected result: reversed and paid again by the same path.
    const corrected = await ok(owner, 'POST', `${base}/markets/${event.oneXTwo}/settlements`, {
      outcomes: { home: 'lose', draw: 'lose', away: 'win' },
      reason: 'the home goal was disallowed',
    });
    await ok(finance, 'POST', `${base}/settlements/${corrected.id}/approve`, {});
    expect(await balanceOf(a.id)).toBe(90_000);
    expect(await balanceOf(b.id)).toBe(128_000);
    // A feed settlement of the same result afterwards changes nothing.
    const feed = await sportsbook.applyFeedMessage(betSettlement(event.eventId, [oneXTwo('away')]));
    expect(feed).toMatchObject({ applied: true, settled: 0 });
    expect(await balanceOf(b.id)).toBe(128_000);

    // A rejected proposal moves nothing.
    const wrong = await ok(owner, 'POST', `${base}/markets/${event.oneXTwo}/settlements`, {
      outcomes: { home: 'void', draw: 'void', away: 'void' },
      reason: 'abandoned?',
    });
    const rejected = await ok(finance, 'POST', `${base}/settlements/${wrong.id}/reject`, {
      note: 'it finished',
    });
    expect(rejected).toMatchObject({ status: 'rejected', note: 'it finished' });
    expect(await balanceOf(b.id)).toBe(128_000);
    const queue = await ok(support, 'GET', `${base}/settlements?marketId=${event.oneXTwo}`);
    expect(queue.list.map((p: { status: string }) => p.status)).toEqual(['rejected', 'approved', 'approved']);

    const audit = await sql<{ action: string }>`
      SELECT action FROM audit_log WHERE target = ${`sports_market:${event.oneXTwo}`} ORDER BY id`.execute(
      services.db,
    );
    expect(audit.rows.map((r) => r.action)).toEqual([
      'sports.settlement.propose',
      'sports.settlement.approve',
      'sports.settlement.propose',
      'sports.settlement.approve',
      'sports.settlement.propose',
      'sports.settlement.reject',
    ]);
    expect(await ledgerBalanced()).toBe(true);
    const report = await services.wallet.reconcile(tala.id);
    expect(report).toMatchObject({ ok: true });
  });

  it('settles half results as the feed would (an Asian quarter line)', async () => {
    const event = await testEvent(sportsbook);
    const member = await fundedMember(services, tala, 100_000);
    const hcp = event.byType('asian_handicap', 'hcp=0.25');
    await placeOk(member.token, [{ marketId: hcp, outcome: 'home', price: 1_950 }], 10_000);
    const p = await ok(owner, 'POST', `${base}/markets/${hcp}/settlements`, {
      outcomes: { home: 'half_win', away: 'half_lose' },
      reason: 'draw 0-0 entered by hand',
    });
    await ok(finance, 'POST', `${base}/settlements/${p.id}/approve`, {});
    // Half the stake wins at 1.95 (9,750), half is refunded (5,000).
    expect(await balanceOf(member.id)).toBe(90_000 + 9_750 + 5_000);
  });
});

describe('P&L', () => {
  it('sums stakes, returns, the house win and bets of settled bets by day, sport and league', async () => {
    const event = await testEvent(sportsbook, { sport: 'volleyball' });
    const m = await fundedMember(services, tala, 100_000);
    await placeOk(m.token, [{ marketId: event.oneXTwo, outcome: 'home', price: 2_000 }], 3_000);
    await placeOk(m.token, [{ marketId: event.oneXTwo, outcome: 'draw', price: 3_400 }], 2_000);
    await placeOk(m.token, [{ marketId: event.oneXTwo, outcome: 'away', price: 3_800 }], 1_000);
    const open = await placeOk(
      m.token,
      [{ marketId: event.byType('total', 'total=2.5'), outcome: 'over', price: 1_900 }],
      4_000,
    );
    expect(open.status).toBe('open');
    await sportsbook.applyFeedMessage(betSettlement(event.eventId, [oneXTwo('home')]));
    const timeZone = tala.settings.whitelabel.timeZone;
    const today = new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date());
    const value = await ok(finance, 'GET', `${base}/report?from=${today}&to=${today}&sport=volleyball`);
    // Three settled bets (the open one not counted): stakes 6,000, returns 6,000 (home paid 3,000 × 2.000).
    expect(value.list).toEqual([
      {
        day: today,
        sport: 'volleyball',
        league: { id: 'sr:tournament:pfl', name: 'Philippines Football League' },
        bets: 3,
        stakes: 6_000,
        returns: 6_000,
        houseWin: 0,
      },
    ]);
    expect(value.totals).toEqual({ bets: 3, stakes: 6_000, returns: 6_000, houseWin: 0 });
    const all = await ok(support, 'GET', `${base}/report?from=${today}&to=${today}`);
    const sum = all.list.reduce((s: number, r: { houseWin: number }) => s + r.houseWin, 0);
    expect(all.totals.houseWin).toBe(sum);
    expect(all.totals.houseWin).toBe(all.totals.stakes - all.totals.returns);
  });
});
