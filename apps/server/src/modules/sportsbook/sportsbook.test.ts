import { dayOf } from '@tala/contracts/calendar';
import { TRIAL_TYPE } from '@tala/contracts/members';
import type { FeedMessage } from '@tala/contracts/odds-feed';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices } from '../../services.ts';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import {
  betSettlement,
  betStop,
  fixtureChange,
  marketRefs,
  matchMarkets,
  nextSequence,
  oddsChange,
  oneXTwo,
  outrightField,
  outrightWinners,
  testEvent,
  testOutright,
} from './sportsbook-testing.ts';

const { app, services, database } = await testApp();
const tala = await services.merchants.byCode('tala');
const sportsbook = services.sportsbook;
afterAll(() => app.close());

const headers = (token?: string) => ({ merchant: 'tala', ...(token ? { authorization: token } : {}) });
const get = (url: string, token?: string) => app.inject({ url, headers: headers(token) });
const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, headers: headers(token), payload: payload as object });
let requests = 0;
const requestId = () => `sb-${Date.now().toString(36)}-${++requests}`;

async function balanceOf(memberId: number) {
  return services.wallet.balance(await services.wallet.memberAccount(tala.id, memberId));
}

type Selection = { marketId: number; outcome: string; price: number };

async function place(token: string, selections: Selection[], stake: unknown, extra: object = {}) {
  const response = await post(
    '/wps/sports/bets',
    { requestId: requestId(), selections, stake, ...extra },
    token,
  );
  return response.json();
}

async function placeOk(token: string, selections: Selection[], stake: unknown, extra: object = {}) {
  const body = await place(token, selections, stake, extra);
  if (!body.success) throw new Error(`refused: ${body.errorCode}`);
  return body.value as { bet: { id: number; status: string; potentialReturn: number }; balance: number };
}

async function betOf(token: string, id: number) {
  return (await get(`/wps/sports/bets/${id}`, token)).json().value.bet;
}

async function ledgerBalanced() {
  const rows =
    await sql`SELECT entry_id FROM ledger_postings GROUP BY entry_id HAVING sum(amount) <> 0`.execute(
      services.db,
    );
  return rows.rows.length === 0;
}

async function settlementRows(betId: number) {
  const { rows } = await sql<{
    version: number;
    cause: string;
    status: string;
    previous_return: string;
    new_return: string;
    reversal_entry_id: string | null;
    payout_entry_id: string | null;
  }>`SELECT * FROM sports_settlements WHERE bet_id = ${betId} ORDER BY version`.execute(services.db);
  return rows.map((r) => ({
    ...r,
    previous_return: Number(r.previous_return),
    new_return: Number(r.new_return),
  }));
}

describe('events and markets from the feed', () => {
  it('lists sports, leagues and events, esports apart, and an event with its markets in the member’s odds format', async () => {
    const football = await testEvent(sportsbook);
    const dota = await testEvent(sportsbook, {
      sport: 'dota2',
      markets: [{ id: 'winner', outcomes: { home: 1_800, away: 2_000 } }],
    });
    const sports = (await get('/wps/sports/sports')).json().value.list;
    expect(sports.map((s: { sport: string }) => s.sport)).toContain('football');
    expect(sports.map((s: { sport: string }) => s.sport)).not.toContain('dota2');
    const esports = (await get('/wps/sports/sports?product=ESPORTS')).json().value.list;
    expect(esports.map((s: { sport: string }) => s.sport)).toEqual(['dota2']);
    const events = (await get('/wps/sports/events?sport=football')).json().value.list;
    expect(events.map((e: { id: string }) => e.id)).toContain(football.eventId);
    // Each row carries its main market, so a list is one request, not one per event.
    const row = events.find((e: { id: string }) => e.id === football.eventId);
    expect(row.mainMarket).toMatchObject({ type: '1x2', specifiers: '', status: 'active' });
    expect(row.mainMarket.outcomes[0]).toMatchObject({ id: 'home', price: 2_000, display: '2.00' });
    const esportsEvents = (await get('/wps/sports/events?product=ESPORTS')).json().value.list;
    // A market type that is not a main one (the test's 'winner') leaves the row without prices.
    expect(esportsEvents.find((e: { id: string }) => e.id === dota.eventId).mainMarket).toBeNull();
    const leagues = (await get('/wps/sports/leagues?product=ESPORTS')).json().value.list;
    expect(leagues[0]).toMatchObject({ sport: 'dota2', events: expect.any(Number) });
    const inPlay = (await get('/wps/sports/events?section=inplay')).json().value.list;
    expect(inPlay.map((e: { id: string }) => e.id)).not.toContain(football.eventId);

    const detail = (
      await get(`/wps/sports/events/${encodeURIComponent(football.eventId)}?oddsFormat=hongkong`)
    ).json();
    expect(detail.value.event).toMatchObject({ product: 'SPORTS', inPlay: false, bettingStatus: 'open' });
    const oneXTwoMarket = detail.value.markets.find((m: { type: string }) => m.type === '1x2');
    expect(oneXTwoMarket.outcomes[0]).toMatchObject({
      id: 'home',
      price: 2_000,
      display: '1.00',
      active: true,
    });
    const dotaDetail = (await get(`/wps/sports/events/${encodeURIComponent(dota.eventId)}`)).json();
    expect(dotaDetail.value.event.product).toBe('ESPORTS');
    expect((await get('/wps/sports/events/sr:match:nope')).json().errorCode).toBe('sports_event_not_found');
  });

  it('moves prices and suspends on a bet stop, and skips a late odds change', async () => {
    const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
    const late = oddsChange(eventId, [{ id: '1x2', outcomes: { home: 1_500, draw: 3_400, away: 3_800 } }]);
    const newer = oddsChange(eventId, [{ id: '1x2', outcomes: { home: 2_100, draw: 3_300, away: 3_700 } }]);
    expect((await sportsbook.applyFeedMessage(newer)).applied).toBe(true);
    expect(await sportsbook.applyFeedMessage(late)).toMatchObject({ applied: false });
    let market = (await sportsbook.event(eventId)).markets.find((m) => m.id === marketId);
    expect(market?.outcomes[0]?.price).toBe(2_100);
    await sportsbook.applyFeedMessage(betStop(eventId));
    market = (await sportsbook.event(eventId)).markets.find((m) => m.id === marketId);
    expect(market?.status).toBe('suspended');
  });

  it('loads the feed’s snapshot after a long gap: fixtures, scores and odds', async () => {
    const fixture = fixtureChange('sr:match:snapshot1', {
      status: 'live',
      startTime: Date.now() - 1_200_000,
    });
    if (fixture.type !== 'fixture_change') throw new Error('not a fixture');
    const odds = oddsChange('sr:match:snapshot1', matchMarkets);
    if (odds.type !== 'odds_change') throw new Error('not odds');
    const applied = await sportsbook.applyFeedSnapshot({
      sequence: nextSequence(),
      fixtures: [
        {
          fixture: fixture.fixture,
          state: {
            status: 'live',
            period: 1,
            period_name: '1st half',
            home_score: 1,
            away_score: 0,
            period_scores: [],
          },
          betting_status: 'open',
          markets: odds.markets,
        },
      ],
    });
    expect(applied).toBe(1);
    const { event, markets } = await sportsbook.event('sr:match:snapshot1');
    expect(event).toMatchObject({ inPlay: true, score: { home: 1, away: 0 } });
    expect(markets.map((m) => m.type)).toEqual(['1x2', 'asian_handicap', 'total']);
  });

  it('logs and skips malformed and unknown feed messages without throwing', async () => {
    const before = await sql<{ n: string }>`SELECT count(*) AS n FROM sports_feed_rejects`.execute(
      services.db,
    );
    const { eventId } = await testEvent(sportsbook);
    const bad = [
      'not json at all',
      null,
      { type: 'odds_change', producer: 'prematch', sequence: 1, timestamp: 1, event_id: eventId },
      { type: 'mystery', producer: 'live', sequence: nextSequence(), timestamp: Date.now() },
      // A price below 1.001.
      oddsChange(eventId, [{ id: '1x2', outcomes: { home: 900, draw: 3_400, away: 3_800 } }]),
      // A specifier string that is not one.
      oddsChange(eventId, [
        { id: 'total', specifiers: 'total=2.5|total=3', outcomes: { over: 1_900, under: 1_900 } },
      ]),
      // An event never announced.
      oddsChange('sr:match:never', matchMarkets),
      // A dead-heat factor of more than 1.
      {
        ...betSettlement(eventId, [oneXTwo('home')]),
        markets: [
          { id: '1x2', specifiers: '', outcomes: [{ id: 'home', result: 'win', dead_heat_factor: 2 }] },
        ],
      },
    ];
    for (const message of bad) expect((await sportsbook.applyFeedMessage(message)).applied).toBe(false);
    const after = await sql<{ n: string }>`SELECT count(*) AS n FROM sports_feed_rejects`.execute(
      services.db,
    );
    expect(Number(after.rows[0]?.n) - Number(before.rows[0]?.n)).toBe(bad.length);
  });
});

describe('a pre-match single', () => {
  it('is placed (stake taken in one entry), settled and paid, and shows in my bets and the betting record', async () => {
    const member = await fundedMember(services, tala, 100_000);
    const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
    const placed = await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 10_000);
    expect(placed.bet).toMatchObject({ status: 'open', potentialReturn: 20_000 });
    expect(placed.balance).toBe(90_000);
    const open = (await get('/wps/sports/bets?state=open', member.token)).json().value;
    expect(open.list.map((b: { id: number }) => b.id)).toEqual([placed.bet.id]);

    const applied = await sportsbook.applyFeedMessage(betSettlement(eventId, [oneXTwo('home')]));
    expect(applied).toMatchObject({ applied: true, settled: 1 });
    expect(await balanceOf(member.id)).toBe(110_000);
    const bet = await betOf(member.token, placed.bet.id);
    expect(bet).toMatchObject({ status: 'won', returned: 20_000 });
    expect(bet.legs[0]).toMatchObject({ result: 'won', eventName: 'Kaya vs Stallion', outcomeName: 'home' });
    const settled = (await get('/wps/sports/bets?state=settled', member.token)).json().value;
    expect(settled.total).toBe(1);

    // Applying the same settlement again pays nothing more.
    expect(await sportsbook.applyFeedMessage(betSettlement(eventId, [oneXTwo('home')]))).toMatchObject({
      settled: 0,
    });
    expect(await balanceOf(member.id)).toBe(110_000);

    const record = await sportsbook.records.betsRecord({ memberId: member.id }, { limit: 10, offset: 0 });
    expect(record).toMatchObject({ count: 1, bet: 10_000, win: 20_000 });
    expect(record.rows[0]).toMatchObject({ product: 'SPORTS', vendor_code: 'TSPORTS', status: 'won' });
  });

  it('answers a retried request with the bet already placed, and refuses a different one under the same id', async () => {
    const member = await fundedMember(services, tala, 50_000);
    const { oneXTwo: marketId } = await testEvent(sportsbook);
    const body = {
      requestId: requestId(),
      selections: [{ marketId, outcome: 'draw', price: 3_400 }],
      stake: 1_000,
    };
    const first = (await post('/wps/sports/bets', body, member.token)).json();
    const again = (await post('/wps/sports/bets', body, member.token)).json();
    expect(again.value).toMatchObject({ replayed: true, bet: { id: first.value.bet.id } });
    expect(await balanceOf(member.id)).toBe(49_000);
    const changed = await post('/wps/sports/bets', { ...body, stake: 2_000 }, member.token);
    expect(changed.json().errorCode).toBe('idempotency_conflict');
  });
});

describe('settlement rules', () => {
  it('settles a three-leg parlay with a void leg at the product of the others', async () => {
    const member = await fundedMember(services, tala, 100_000);
    const a = await testEvent(sportsbook);
    const b = await testEvent(sportsbook);
    const c = await testEvent(sportsbook);
    const placed = await placeOk(
      member.token,
      [
        { marketId: a.oneXTwo, outcome: 'home', price: 2_000 },
        { marketId: b.byType('total', 'total=2.5'), outcome: 'over', price: 1_900 },
        { marketId: c.byType('asian_handicap', 'hcp=0.25'), outcome: 'home', price: 1_950 },
      ],
      10_000,
    );
    // 100.00 × 2.000 × 1.900 × 1.950 = 741.00
    expect(placed.bet.potentialReturn).toBe(74_100);
    await sportsbook.applyFeedMessage(betSettlement(a.eventId, [oneXTwo('home')]));
    expect((await betOf(member.token, placed.bet.id)).status).toBe('open');
    await sportsbook.applyFeedMessage(
      betSettlement(b.eventId, [
        {
          id: 'total',
          specifiers: 'total=2.5',
          outcomes: { over: { result: 'lose', void_factor: 1 }, under: { result: 'lose', void_factor: 1 } },
        },
      ]),
    );
    await sportsbook.applyFeedMessage(
      betSettlement(c.eventId, [
        {
          id: 'asian_handicap',
          specifiers: 'hcp=0.25',
          outcomes: { home: { result: 'win' }, away: { result: 'lose' } },
        },
      ]),
    );
    const bet = await betOf(member.token, placed.bet.id);
    // The void leg counts 1.000: 100.00 × 2.000 × 1.950 = 390.00.
    expect(bet).toMatchObject({ status: 'won', returned: 39_000 });
    expect(bet.legs.map((l: { result: string }) => l.result)).toEqual(['won', 'void', 'won']);
    expect(await balanceOf(member.id)).toBe(100_000 - 10_000 + 39_000);
  });

  it('pays an Asian quarter-line half win exactly, rounded once', async () => {
    const member = await fundedMember(services, tala, 10_000);
    const { eventId, byType } = await testEvent(sportsbook);
    const placed = await placeOk(
      member.token,
      [{ marketId: byType('asian_handicap', 'hcp=0.25'), outcome: 'home', price: 1_950 }],
      701,
    );
    // A draw on +0.25: half the stake won at 1.950, half refunded: ⌊350.5 × 1.95 + 350.5⌋ = ⌊1033.975⌋ = 1033.
    await sportsbook.applyFeedMessage(
      betSettlement(eventId, [
        {
          id: 'asian_handicap',
          specifiers: 'hcp=0.25',
          outcomes: { home: { result: 'win', void_factor: 0.5 }, away: { result: 'lose', void_factor: 0.5 } },
        },
      ]),
    );
    expect(await betOf(member.token, placed.bet.id)).toMatchObject({ status: 'half_won', returned: 1_033 });
    expect(await balanceOf(member.id)).toBe(10_000 - 701 + 1_033);
  });

  it('pays a dead heat at the share of the win the feed gives, exactly', async () => {
    const member = await fundedMember(services, tala, 10_000);
    const { eventId, byType } = await testEvent(sportsbook, {
      markets: [{ id: 'highest_scoring_half', outcomes: { first: 2_100, second: 1_800 } }],
    });
    const placed = await placeOk(
      member.token,
      [{ marketId: byType('highest_scoring_half'), outcome: 'first', price: 2_100 }],
      1_001,
    );
    await sportsbook.applyFeedMessage(
      betSettlement(eventId, [
        {
          id: 'highest_scoring_half',
          outcomes: {
            first: { result: 'win', dead_heat_factor: 0.5 },
            second: { result: 'win', dead_heat_factor: 0.5 },
          },
        },
      ]),
    );
    // ⌊10.01 × 2.100 × ½⌋ = ⌊1051.05⌋ = 1051
    expect(await betOf(member.token, placed.bet.id)).toMatchObject({ status: 'dead_heat', returned: 1_051 });
  });

  it('settles outright singles from the feed: the winner paid, a dead heat of two at half, the losers nothing', async () => {
    const [kaya, stallion, cebu] = outrightField.map((c) => c.id) as [string, string, string];
    const member = await fundedMember(services, tala, 100_000);
    const rival = await fundedMember(services, tala, 100_000);
    const season = await testOutright(sportsbook, { prices: [2_500, 3_000, 6_000, 9_000] });
    const cup = await testOutright(sportsbook, { prices: [2_500, 3_000, 6_000, 9_000] });
    const winner = await placeOk(
      member.token,
      [{ marketId: season.marketId, outcome: kaya, price: 2_500 }],
      10_000,
    );
    expect(winner.bet).toMatchObject({ status: 'open', potentialReturn: 25_000 });
    const loser = await placeOk(
      rival.token,
      [{ marketId: season.marketId, outcome: stallion, price: 3_000 }],
      5_000,
    );
    const tied = await placeOk(
      member.token,
      [{ marketId: cup.marketId, outcome: stallion, price: 3_000 }],
      10_000,
    );
    expect(tied.bet.potentialReturn).toBe(30_000);
    const outsider = await placeOk(
      rival.token,
      [{ marketId: cup.marketId, outcome: cebu, price: 6_000 }],
      2_000,
    );
    expect(await balanceOf(member.id)).toBe(80_000);
    expect(await balanceOf(rival.id)).toBe(93_000);

    // At the start the feed stops the outright: no more bets.
    for (const eventId of [season.eventId, cup.eventId])
      await sportsbook.applyFeedMessage(betStop(eventId, { reason: 'started', producer: 'prematch' }));
    const late = await place(
      member.token,
      [{ marketId: season.marketId, outcome: kaya, price: 2_500 }],
      1_000,
    );
    expect(late.errorCode).toBe('sports_market_suspended');

    // The season's winner: one result per competitor, Kaya alone first.
    expect(
      await sportsbook.applyFeedMessage(betSettlement(season.eventId, [outrightWinners([kaya])])),
    ).toMatchObject({ applied: true, settled: 2 });
    const won = await betOf(member.token, winner.bet.id);
    expect(won).toMatchObject({ status: 'won', returned: 25_000 });
    expect(won.legs[0]).toMatchObject({ result: 'won', eventName: 'Philippines Football League' });
    expect(await betOf(rival.token, loser.bet.id)).toMatchObject({ status: 'lost', returned: 0 });

    // The cup's first place shared by Kaya and Stallion: a dead heat of two pays half the potential return.
    const heat = outrightWinners([kaya, stallion]);
    expect(heat.outcomes[stallion]).toEqual({ result: 'win', dead_heat_factor: 0.5 });
    expect(await sportsbook.applyFeedMessage(betSettlement(cup.eventId, [heat]))).toMatchObject({
      settled: 2,
    });
    const halved = await betOf(member.token, tied.bet.id);
    expect(halved).toMatchObject({ status: 'dead_heat', returned: 15_000 });
    expect(halved.legs[0].result).toBe('dead_heat');
    expect(await betOf(rival.token, outsider.bet.id)).toMatchObject({ status: 'lost', returned: 0 });

    expect(await balanceOf(member.id)).toBe(100_000 - 20_000 + 25_000 + 15_000);
    expect(await balanceOf(rival.id)).toBe(100_000 - 7_000);
    // The same settlement again pays nothing more.
    expect(await sportsbook.applyFeedMessage(betSettlement(cup.eventId, [heat]))).toMatchObject({
      settled: 0,
    });
    expect(await balanceOf(member.id)).toBe(120_000);
    expect(await ledgerBalanced()).toBe(true);
    const report = await services.wallet.reconcile(tala.id);
    expect(report.ok).toBe(true);
  });

  it('closes the markets of an abandoned event and voids its bets by the feed’s cancel', async () => {
    const member = await fundedMember(services, tala, 10_000);
    const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
    const placed = await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 1_000);
    await sportsbook.applyFeedMessage(fixtureChange(eventId, { status: 'abandoned', change: 'abandoned' }));
    expect((await place(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 1_000)).errorCode).toBe(
      'sports_market_closed',
    );
    await sportsbook.applyFeedMessage({
      type: 'bet_cancel',
      producer: 'prematch',
      sequence: nextSequence(),
      timestamp: Date.now(),
      event_id: eventId,
      reason: 'abandoned',
      markets: marketRefs([{ id: '1x2' }]),
    });
    expect(await betOf(member.token, placed.bet.id)).toMatchObject({ status: 'void', returned: 1_000 });
    expect(await balanceOf(member.id)).toBe(10_000);
  });

  it('resettles a corrected result with a reversal and a new payout, and a rollback reopens the bet', async () => {
    const member = await fundedMember(services, tala, 100_000);
    const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
    const placed = await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 10_000);
    await sportsbook.applyFeedMessage(betSettlement(eventId, [oneXTwo('home')]));
    expect(await balanceOf(member.id)).toBe(110_000);
    // Corrected: the away side won.
    await sportsbook.applyFeedMessage(betSettlement(eventId, [oneXTwo('away')]));
    expect(await betOf(member.token, placed.bet.id)).toMatchObject({ status: 'lost', returned: 0 });
    expect(await balanceOf(member.id)).toBe(90_000);
    // Corrected back, then rolled back to open.
    await sportsbook.applyFeedMessage(betSettlement(eventId, [oneXTwo('home')]));
    expect(await balanceOf(member.id)).toBe(110_000);
    await sportsbook.applyFeedMessage({
      type: 'rollback_bet_settlement',
      producer: 'live',
      sequence: nextSequence(),
      timestamp: Date.now(),
      event_id: eventId,
      markets: marketRefs([{ id: '1x2' }]),
    });
    expect(await betOf(member.token, placed.bet.id)).toMatchObject({ status: 'open', returned: 0 });
    expect(await balanceOf(member.id)).toBe(90_000);

    const rows = await settlementRows(placed.bet.id);
    expect(rows.map((r) => [r.version, r.cause, r.status, r.previous_return, r.new_return])).toEqual([
      [1, 'bet_settlement', 'won', 0, 20_000],
      [2, 'bet_settlement', 'lost', 20_000, 0],
      [3, 'bet_settlement', 'won', 0, 20_000],
      [4, 'rollback_bet_settlement', 'open', 20_000, 0],
    ]);
    // Every reversal is its own entry reversing the payout before it; nothing was edited.
    expect(rows[1]?.reversal_entry_id).not.toBeNull();
    const reversed = await sql<{ reverses_entry_id: string }>`
      SELECT reverses_entry_id FROM ledger_entries WHERE id = ${rows[1]?.reversal_entry_id}`.execute(
      services.db,
    );
    expect(String(reversed.rows[0]?.reverses_entry_id)).toBe(String(rows[0]?.payout_entry_id));
    expect(await ledgerBalanced()).toBe(true);
  });

  it('leaves a market alone when a settlement message older than its last one comes again (a replay of the feed)', async () => {
    const member = await fundedMember(services, tala, 100_000);
    const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
    const placed = await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 10_000);
    const settled = betSettlement(eventId, [oneXTwo('home')]);
    const rollback: FeedMessage = {
      type: 'rollback_bet_settlement',
      producer: 'live',
      sequence: nextSequence(),
      timestamp: Date.now(),
      event_id: eventId,
      markets: marketRefs([{ id: '1x2' }]),
    };
    const resettled = betSettlement(eventId, [oneXTwo('away')]);
    for (const message of [settled, rollback, resettled]) await sportsbook.applyFeedMessage(message);
    expect(await balanceOf(member.id)).toBe(90_000);
    const rows = await settlementRows(placed.bet.id);
    expect(rows).toHaveLength(3);

    // The consumer replays from before the first settlement: nothing is written, nothing moves.
    for (const message of [settled, rollback]) await sportsbook.applyFeedMessage(message);
    expect(await settlementRows(placed.bet.id)).toEqual(rows);
    expect(await balanceOf(member.id)).toBe(90_000);
    expect(await betOf(member.token, placed.bet.id)).toMatchObject({ status: 'lost', returned: 0 });
    // The newest message again (a crash before it finished) finds nothing left to do.
    await sportsbook.applyFeedMessage(resettled);
    expect(await settlementRows(placed.bet.id)).toEqual(rows);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('voids the bets placed in a bet cancel’s window (refunded), and its rollback reinstates them', async () => {
    const member = await fundedMember(services, tala, 100_000);
    const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
    const before = await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 5_000);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const start = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const inside = await placeOk(member.token, [{ marketId, outcome: 'draw', price: 3_400 }], 3_000);
    expect(await balanceOf(member.id)).toBe(92_000);
    const window = { start_time: start, end_time: Date.now() + 60_000 };
    await sportsbook.applyFeedMessage({
      type: 'bet_cancel',
      producer: 'live',
      sequence: nextSequence(),
      timestamp: Date.now(),
      event_id: eventId,
      ...window,
      reason: 'late goal',
      markets: marketRefs([{ id: '1x2' }]),
    });
    expect(await betOf(member.token, inside.bet.id)).toMatchObject({ status: 'void', returned: 3_000 });
    expect(await betOf(member.token, before.bet.id)).toMatchObject({ status: 'open' });
    expect(await balanceOf(member.id)).toBe(95_000);
    await sportsbook.applyFeedMessage({
      type: 'rollback_bet_cancel',
      producer: 'live',
      sequence: nextSequence(),
      timestamp: Date.now(),
      event_id: eventId,
      ...window,
      markets: marketRefs([{ id: '1x2' }]),
    });
    expect(await betOf(member.token, inside.bet.id)).toMatchObject({ status: 'open', returned: 0 });
    expect(await balanceOf(member.id)).toBe(92_000);
    // And then it settles as any bet.
    await sportsbook.applyFeedMessage(betSettlement(eventId, [oneXTwo('draw')]));
    expect(await betOf(member.token, inside.bet.id)).toMatchObject({ status: 'won', returned: 10_200 });
    expect(await balanceOf(member.id)).toBe(102_200);
  });
});

describe('in-play bets', () => {
  async function liveEvent() {
    return testEvent(sportsbook, { status: 'live', startTime: Date.now() - 600_000 });
  }
  const afterDelay = () => new Date(Date.now() + sportsbook.settings.inPlayDelayMs + 1_000);

  it('waits the delay as pending, then is accepted at the price', async () => {
    const member = await fundedMember(services, tala, 50_000);
    const { oneXTwo: marketId } = await liveEvent();
    const placed = await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 10_000);
    expect(placed.bet.status).toBe('pending');
    expect(placed.balance).toBe(40_000);
    // Not before its time.
    await sportsbook.resolveDue(new Date());
    expect((await betOf(member.token, placed.bet.id)).status).toBe('pending');
    await sportsbook.resolveDue(afterDelay());
    expect(await betOf(member.token, placed.bet.id)).toMatchObject({
      status: 'open',
      potentialReturn: 20_000,
    });
    expect(await balanceOf(member.id)).toBe(40_000);
  });

  it('is refused and refunded when the odds moved beyond the preference during the delay', async () => {
    const member = await fundedMember(services, tala, 50_000);
    const { eventId, oneXTwo: marketId } = await liveEvent();
    const placed = await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 10_000);
    await sportsbook.applyFeedMessage(
      oddsChange(eventId, [{ id: '1x2', outcomes: { home: 1_700, draw: 3_600, away: 4_200 } }]),
    );
    await sportsbook.resolveDue(afterDelay());
    expect(await betOf(member.token, placed.bet.id)).toMatchObject({
      status: 'refused',
      refusalCode: 'sports_odds_changed',
      returned: 0,
    });
    expect(await balanceOf(member.id)).toBe(50_000);
  });

  it('is accepted at a better price when the member takes higher odds', async () => {
    const member = await fundedMember(services, tala, 50_000);
    const { eventId, oneXTwo: marketId } = await liveEvent();
    const placed = await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 10_000, {
      oddsPreference: 'higher',
    });
    await sportsbook.applyFeedMessage(
      oddsChange(eventId, [{ id: '1x2', outcomes: { home: 2_200, draw: 3_600, away: 3_200 } }]),
    );
    await sportsbook.resolveDue(afterDelay());
    const bet = await betOf(member.token, placed.bet.id);
    expect(bet).toMatchObject({ status: 'open', potentialReturn: 22_000 });
    expect(bet.legs[0]).toMatchObject({ seenPrice: 2_000, price: 2_200 });
  });

  it('is refused when the market was suspended during the delay, even if it is active again', async () => {
    const member = await fundedMember(services, tala, 50_000);
    const { eventId, oneXTwo: marketId } = await liveEvent();
    const placed = await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 10_000);
    await sportsbook.applyFeedMessage(betStop(eventId, { markets: ['1x2'], reason: 'dangerous attack' }));
    await sportsbook.applyFeedMessage(oddsChange(eventId, matchMarkets));
    await sportsbook.resolveDue(afterDelay());
    expect(await betOf(member.token, placed.bet.id)).toMatchObject({
      status: 'refused',
      refusalCode: 'sports_market_suspended',
    });
    expect(await balanceOf(member.id)).toBe(50_000);
  });
});

describe('cash-out', () => {
  it('buys back an open single at the fair value less the margin, once', async () => {
    const member = await fundedMember(services, tala, 100_000);
    const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
    const placed = await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 10_000);
    await sportsbook.applyFeedMessage(
      oddsChange(eventId, [{ id: '1x2', outcomes: { home: 1_500, draw: 4_000, away: 6_000 } }]),
    );
    const quote = (await get(`/wps/sports/bets/${placed.bet.id}/cash-out`, member.token)).json();
    // ⌊100.00 × 2.000 / 1.500 × 0.95⌋ = 126.66
    expect(quote.value).toEqual({ value: 12_666, price: 1_500 });
    const higher = await post(`/wps/sports/bets/${placed.bet.id}/cash-out`, { value: 12_667 }, member.token);
    expect(higher.json().errorCode).toBe('sports_odds_changed');
    const done = (
      await post(`/wps/sports/bets/${placed.bet.id}/cash-out`, { value: 12_666 }, member.token)
    ).json();
    expect(done.value).toMatchObject({
      value: 12_666,
      balance: 90_000 + 12_666,
      bet: { status: 'cashed_out' },
    });
    const again = await post(`/wps/sports/bets/${placed.bet.id}/cash-out`, { value: 1 }, member.token);
    expect(again.json().errorCode).toBe('sports_bet_settled');
    // Its market settling later pays nothing more.
    await sportsbook.applyFeedMessage(betSettlement(eventId, [oneXTwo('home')]));
    expect(await balanceOf(member.id)).toBe(90_000 + 12_666);
    expect((await betOf(member.token, placed.bet.id)).status).toBe('cashed_out');
  });
});

describe('the book in the catalogue', () => {
  it('takes no bets and no cash-outs while the back office has its line switched off or under maintenance', async () => {
    const operator = { id: 1, name: 'test', ip: '127.0.0.1' };
    const switches = { enabled: true, isHot: false, maintenance: false, sortOrder: 0 };
    const line = (await services.gamesAdmin.lines('tala')).find((l) => l.vendor === 'TSPORTS');
    if (!line) throw new Error('no TSPORTS line in the catalogue');
    const member = await fundedMember(services, tala, 100_000);
    const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
    const open = await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 10_000);
    const another = () =>
      post(
        '/wps/sports/bets',
        { requestId: requestId(), selections: [{ marketId, outcome: 'home', price: 2_000 }], stake: 1_000 },
        member.token,
      );
    const setLine = async (values: Partial<typeof switches>) => {
      await services.gamesAdmin.setLine('tala', line.nodeId, { ...switches, ...values }, operator);
      sportsbook.forgetSwitches();
    };
    try {
      await setLine({ maintenance: true });
      const during = await another();
      expect(during.statusCode).toBe(503);
      expect(during.json().errorCode).toBe('sports_maintenance');
      const cashOut = await post(`/wps/sports/bets/${open.bet.id}/cash-out`, { value: 1 }, member.token);
      expect(cashOut.json().errorCode).toBe('sports_maintenance');

      await setLine({ enabled: false });
      const off = await another();
      expect(off.statusCode).toBe(403);
      expect(off.json().errorCode).toBe('sports_switched_off');
      expect(await balanceOf(member.id)).toBe(90_000);
      // Settlement goes on: the open bet is paid while the line is off.
      await sportsbook.applyFeedMessage(betSettlement(eventId, [oneXTwo('home')]));
      expect(await balanceOf(member.id)).toBe(110_000);
    } finally {
      await setLine({});
    }
    // On again: bets are taken.
    const second = await testEvent(sportsbook);
    await placeOk(member.token, [{ marketId: second.oneXTwo, outcome: 'home', price: 2_000 }], 1_000);
  });
});

describe('exactly-once settlement', () => {
  it('pays every bet once when two service instances apply the same settlement at the same time', async () => {
    // A second process: its own services (wallet, batcher, sportsbook) on the same database, settling in small pages.
    const other = createServices(services.db);
    const first = createServices(services.db);
    for (const s of [first, other]) s.sportsbook.settings.settlementPageSize = 3;
    const { eventId, oneXTwo: marketId, byType } = await testEvent(sportsbook);
    const second = await testEvent(sportsbook);
    const members = await Promise.all(Array.from({ length: 4 }, () => fundedMember(services, tala, 100_000)));
    const bets: number[] = [];
    for (const m of members) {
      for (const outcome of ['home', 'draw', 'away'])
        bets.push(
          (
            await placeOk(
              m.token,
              [{ marketId, outcome, price: outcome === 'home' ? 2_000 : outcome === 'draw' ? 3_400 : 3_800 }],
              1_000,
            )
          ).bet.id,
        );
      bets.push(
        (
          await placeOk(
            m.token,
            [
              { marketId: byType('total', 'total=2.5'), outcome: 'over', price: 1_900 },
              { marketId: second.oneXTwo, outcome: 'home', price: 2_000 },
            ],
            1_000,
          )
        ).bet.id,
      );
    }
    const message = betSettlement(eventId, [oneXTwo('home')]);
    const results = await Promise.all([
      first.sportsbook.applyFeedMessage(message),
      other.sportsbook.applyFeedMessage(message),
      first.sportsbook.applyFeedMessage(message),
    ]);
    // Between them the three applications settled each single once.
    expect(results.reduce((sum, r) => sum + (r.applied ? (r.settled ?? 0) : 0), 0)).toBe(12);
    for (const m of members) expect(await balanceOf(m.id)).toBe(100_000 - 4_000 + 2_000);
    const { rows } = await sql<{ bet_id: string; n: string }>`
      SELECT bet_id, count(*) AS n FROM sports_settlements WHERE bet_id = ANY(${bets}) GROUP BY bet_id`.execute(
      services.db,
    );
    expect(rows.length).toBe(12);
    expect(rows.every((r) => Number(r.n) === 1)).toBe(true);
    // The constraint itself: a second version 1 of a bet is refused by the database.
    await expect(
      sql`INSERT INTO sports_settlements (bet_id, version, cause, feed_sequence, previous_status, status,
                                          previous_return, new_return)
          VALUES (${bets[0]}, 1, 'bet_settlement', 1, 'open', 'won', 0, 2000)`.execute(services.db),
    ).rejects.toMatchObject({ code: '23505' });
    expect(await ledgerBalanced()).toBe(true);
  });
});

describe('refusals', () => {
  it('refuses every bad bet with its own code and moves no money', async () => {
    const member = await fundedMember(services, tala, 10_000_000);
    const { eventId, oneXTwo: marketId, byType } = await testEvent(sportsbook);
    const other = await testEvent(sportsbook);
    const home = { marketId, outcome: 'home', price: 2_000 };
    const refuse = async (selections: Selection[], stake: unknown, extra: object = {}) => {
      const response = await post(
        '/wps/sports/bets',
        { requestId: requestId(), selections, stake, ...extra },
        member.token,
      );
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      return response.json().errorCode as string;
    };
    expect(await refuse([{ ...home, price: 2_100 }], 1_000)).toBe('sports_odds_changed');
    expect(await refuse([home], '10.5')).toBe('sports_fractional_amount');
    expect(await refuse([home], 10.5)).toBe('sports_fractional_amount');
    expect(await refuse([home], 0)).toBe('sports_invalid_amount');
    expect(await refuse([home], 'ten')).toBe('sports_invalid_amount');
    expect(await refuse([home], 99)).toBe('sports_stake_below_minimum');
    expect(await refuse([home], 5_000_001)).toBe('sports_stake_above_maximum');
    // Four bets of 5,000,000 at 2.000 return 40,000,000 together: past the market's maximum payout of 20,000,000.
    await placeOk(member.token, [home], 5_000_000);
    await placeOk(member.token, [home], 5_000_000);
    expect(await refuse([home], 100)).toBe('sports_payout_above_maximum');
    expect(
      await refuse([home, { marketId: byType('total', 'total=2.5'), outcome: 'over', price: 1_900 }], 1_000),
    ).toBe('sports_same_event_in_parlay');
    expect(await refuse([home, home], 1_000)).toBe('sports_duplicate_selection');
    expect(await refuse([{ ...home, outcome: 'nobody' }], 1_000)).toBe('sports_unknown_outcome');
    expect(await refuse([{ ...home, marketId: 999_999_999 }], 1_000)).toBe('sports_market_not_found');
    await sportsbook.applyFeedMessage(betStop(other.eventId, { reason: 'var' }));
    expect(await refuse([{ marketId: other.oneXTwo, outcome: 'home', price: 2_000 }], 1_000)).toBe(
      'sports_market_suspended',
    );
    await sportsbook.applyFeedMessage(betSettlement(eventId, [oneXTwo('away')]));
    expect(await refuse([{ ...home, price: 2_000 }], 1_000)).toBe('sports_market_closed');
    // Nothing moved for any refusal: only the two bets taken.
    expect(await balanceOf(member.id)).toBe(10_000_000 - 10_000_000);
  });

  it('judges the slip on the markets as the feed left them right before its transaction', async () => {
    const member = await fundedMember(services, tala, 10_000);
    const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
    sportsbook.settings.beforePlacement = async () => {
      sportsbook.settings.beforePlacement = undefined;
      await sportsbook.applyFeedMessage(betSettlement(eventId, [oneXTwo('home')]));
    };
    expect((await place(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 1_000)).errorCode).toBe(
      'sports_market_closed',
    );
    const other = await testEvent(sportsbook);
    sportsbook.settings.beforePlacement = async () => {
      sportsbook.settings.beforePlacement = undefined;
      await sportsbook.applyFeedMessage(
        oddsChange(other.eventId, [{ id: '1x2', outcomes: { home: 1_900, draw: 3_400, away: 3_800 } }]),
      );
    };
    expect(
      (await place(member.token, [{ marketId: other.oneXTwo, outcome: 'home', price: 2_000 }], 1_000))
        .errorCode,
    ).toBe('sports_odds_changed');
    expect(await balanceOf(member.id)).toBe(10_000);
    // A member who takes any odds is not refused for a move just before the placement: the slip is judged at the
    // new price, and the bet taken at it.
    sportsbook.settings.beforePlacement = async () => {
      sportsbook.settings.beforePlacement = undefined;
      await sportsbook.applyFeedMessage(
        oddsChange(other.eventId, [{ id: '1x2', outcomes: { home: 1_800, draw: 3_400, away: 3_800 } }]),
      );
    };
    const taken = await placeOk(
      member.token,
      [{ marketId: other.oneXTwo, outcome: 'home', price: 1_900 }],
      1_000,
      {
        oddsPreference: 'any',
      },
    );
    expect(taken.bet.potentialReturn).toBe(1_800);
    expect(await balanceOf(member.id)).toBe(9_000);
  });

  it('takes bets while the feed moves the same markets, without a deadlock', async () => {
    const member = await fundedMember(services, tala, 100_000);
    const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
    // The feed's messages one at a time in order, as its consumer applies them, while twelve bets race them. Four
    // moves at most: a bet judged again after each (five tries) is always taken.
    const feed = (async () => {
      const applied: boolean[] = [];
      for (let i = 0; i < 4; i++)
        applied.push(
          (
            await sportsbook.applyFeedMessage(
              oddsChange(eventId, [
                { id: '1x2', outcomes: { home: 1_900 + (i % 3) * 50, draw: 3_400, away: 3_800 } },
              ]),
            )
          ).applied,
        );
      return applied;
    })();
    const bets = await Promise.all(
      Array.from({ length: 12 }, () =>
        place(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 1_000, { oddsPreference: 'any' }),
      ),
    );
    expect(bets.filter((b) => !b.success).map((b) => b.errorCode)).toEqual([]);
    expect(await feed).toEqual(Array(4).fill(true));
    expect(await balanceOf(member.id)).toBe(100_000 - 12 * 1_000);
    expect(await ledgerBalanced()).toBe(true);
  });

  // Two connections at once: the embedded database has one, on which a slip and the feed take turns anyway.
  it.skipIf(database.kind !== 'postgres')(
    'moves prices while a slip is in flight, and settles its market only once the bet is written',
    async () => {
      const member = await fundedMember(services, tala, 10_000);
      const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
      let reading = () => {};
      const read = new Promise<void>((resolve) => {
        reading = resolve;
      });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      sportsbook.settings.whilePlacing = async () => {
        sportsbook.settings.whilePlacing = undefined;
        reading();
        await held;
      };
      const placing = placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 1_000);
      await read;
      // The slip holds its market: the feed's prices and bet stop still go in at once (the slip keeps the price read).
      const moved = await sportsbook.applyFeedMessage(
        oddsChange(eventId, [{ id: '1x2', outcomes: { home: 2_200, draw: 3_400, away: 3_800 } }]),
      );
      expect(moved.applied).toBe(true);
      // The settlement starts while the bet is not written yet: it waits for it instead of settling without it.
      const settling = sportsbook.applyFeedMessage(betSettlement(eventId, [oneXTwo('home')]));
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      const placed = await placing;
      expect(placed.bet.potentialReturn).toBe(2_000);
      await settling;
      expect(await betOf(member.token, placed.bet.id)).toMatchObject({ status: 'won', returned: 2_000 });
      expect(await balanceOf(member.id)).toBe(10_000 - 1_000 + 2_000);
      expect(await ledgerBalanced()).toBe(true);
    },
  );

  it('refuses cash-out of settled bets and parlays, guests and trial members', async () => {
    const member = await fundedMember(services, tala, 100_000);
    const a = await testEvent(sportsbook);
    const b = await testEvent(sportsbook);
    const single = await placeOk(
      member.token,
      [{ marketId: a.oneXTwo, outcome: 'home', price: 2_000 }],
      1_000,
    );
    const parlay = await placeOk(
      member.token,
      [
        { marketId: a.byType('total', 'total=2.5'), outcome: 'over', price: 1_900 },
        { marketId: b.oneXTwo, outcome: 'home', price: 2_000 },
      ],
      1_000,
    );
    expect(
      (await post(`/wps/sports/bets/${parlay.bet.id}/cash-out`, { value: 1 }, member.token)).json().errorCode,
    ).toBe('sports_cashout_not_single');
    await sportsbook.applyFeedMessage(betSettlement(a.eventId, [oneXTwo('away')]));
    expect(
      (await post(`/wps/sports/bets/${single.bet.id}/cash-out`, { value: 1 }, member.token)).json().errorCode,
    ).toBe('sports_bet_settled');
    const balance = await balanceOf(member.id);
    const body = {
      requestId: requestId(),
      selections: [{ marketId: b.oneXTwo, outcome: 'home', price: 2_000 }],
      stake: 1_000,
    };
    expect((await post('/wps/sports/bets', body)).statusCode).toBe(401);
    const trial = await fundedMember(services, tala, 0, TRIAL_TYPE);
    expect((await post('/wps/sports/bets', body, trial.token)).json().errorCode).toBe('in_need_true_account');
    const stranger = await fundedMember(services, tala, 0);
    expect((await get(`/wps/sports/bets/${single.bet.id}`, stranger.token)).json().errorCode).toBe(
      'sports_bet_not_found',
    );
    expect(await balanceOf(member.id)).toBe(balance);
  });
});

describe('preferences', () => {
  it('stores the member’s odds format and odds-change preference', async () => {
    const member = await fundedMember(services, tala, 10_000);
    const put = await app.inject({
      method: 'PUT',
      url: '/wps/sports/preferences',
      headers: headers(member.token),
      payload: { oddsFormat: 'malay', oddsPreference: 'any' },
    });
    expect(put.json().value).toEqual({ oddsFormat: 'malay', oddsPreference: 'any' });
    const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
    await sportsbook.applyFeedMessage(
      oddsChange(eventId, [{ id: '1x2', outcomes: { home: 1_800, draw: 3_400, away: 4_000 } }]),
    );
    // 'any' takes the price now.
    const placed = await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 1_000);
    const bet = await betOf(member.token, placed.bet.id);
    expect(bet.legs[0]).toMatchObject({ price: 1_800, display: '0.80' });
  });
});

describe('a settlement interrupted', () => {
  it('resumes after a crash part-way: the pages committed are not paid again', async () => {
    const crashing = createServices(services.db);
    crashing.sportsbook.settings.settlementPageSize = 2;
    let pages = 0;
    crashing.sportsbook.settings.beforeSettlementCommit = async () => {
      pages += 1;
      if (pages === 2) throw new Error('the process died');
    };
    const { eventId, oneXTwo: marketId } = await testEvent(sportsbook);
    const member = await fundedMember(services, tala, 100_000);
    const bets: number[] = [];
    for (let i = 0; i < 5; i++)
      bets.push((await placeOk(member.token, [{ marketId, outcome: 'home', price: 2_000 }], 1_000)).bet.id);
    const message = betSettlement(eventId, [oneXTwo('home')]);
    await expect(crashing.sportsbook.applyFeedMessage(message)).rejects.toThrow('the process died');
    // The first page (two bets) was paid before the crash; the rest waits.
    expect(await balanceOf(member.id)).toBe(100_000 - 5_000 + 2 * 2_000);
    // The feed's consumer applies the message again (after recovery), on another process.
    const resumed = createServices(services.db);
    expect(await resumed.sportsbook.applyFeedMessage(message)).toMatchObject({ applied: true, settled: 3 });
    expect(await balanceOf(member.id)).toBe(100_000 - 5_000 + 5 * 2_000);
    const { rows } = await sql<{ n: string }>`
      SELECT count(*) AS n FROM sports_settlements WHERE bet_id = ANY(${bets})`.execute(services.db);
    expect(Number(rows[0]?.n)).toBe(5);
  });
});

describe('records', () => {
  it('shows the bets in the betting record, the P&L and the account record as SPORTS and ESPORTS', async () => {
    const member = await fundedMember(services, tala, 100_000);
    const football = await testEvent(sportsbook);
    const dota = await testEvent(sportsbook, {
      sport: 'dota2',
      markets: [{ id: 'winner', outcomes: { home: 1_800, away: 2_000 } }],
    });
    const live = await testEvent(sportsbook, { status: 'live', startTime: Date.now() - 600_000 });
    await placeOk(member.token, [{ marketId: football.oneXTwo, outcome: 'home', price: 2_000 }], 1_000);
    await placeOk(member.token, [{ marketId: dota.byType('winner'), outcome: 'away', price: 2_000 }], 2_000);
    const refused = await placeOk(
      member.token,
      [{ marketId: live.oneXTwo, outcome: 'home', price: 2_000 }],
      500,
    );
    await sportsbook.applyFeedMessage(
      oddsChange(live.eventId, [{ id: '1x2', outcomes: { home: 1_500, draw: 3_400, away: 3_800 } }]),
    );
    await sportsbook.resolve(refused.bet.id, new Date(Date.now() + 60_000));
    await sportsbook.applyFeedMessage(betSettlement(football.eventId, [oneXTwo('home')]));

    const today = dayOf(new Date(), tala.settings.whitelabel.timeZone);
    const record = async (product: string) =>
      (
        await get(`/wps/relay/MCSFE_getBetRecords?product=${product}&from=${today}&to=${today}`, member.token)
      ).json().value;
    const sportsRows = await record('SPORTS');
    expect(
      sportsRows.list.map((r: { vendor: string; bet: number; win: number; status: string }) => [
        r.vendor,
        r.bet,
        r.win,
        r.status,
      ]),
    ).toEqual([
      ['TSPORTS', 500, 0, 'rolledBack'],
      ['TSPORTS', 1_000, 2_000, 'settled'],
    ]);
    expect(sportsRows.totals).toMatchObject({ count: 2, bet: 1_000, win: 2_000, profit: 1_000 });
    const esportsRows = await record('ESPORTS');
    expect(esportsRows.list).toEqual([
      expect.objectContaining({ product: 'ESPORTS', vendor: 'TESPORTS', bet: 2_000, win: 0, status: 'open' }),
    ]);
    expect((await record('ALL')).total).toBe(3);

    const pl = (await get('/wps/relay/MCSFE_getProfitLoss?period=today', member.token)).json().value;
    expect(pl.products).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ product: 'SPORTS', bet: 1_000, win: 2_000 }),
        expect.objectContaining({ product: 'ESPORTS', bet: 2_000, win: 0 }),
      ]),
    );
    const entries = await sql<{ type: string }>`
      SELECT e.type FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
        JOIN ledger_accounts a ON a.id = p.account_id
       WHERE a.member_id = ${member.id} AND e.type <> 'deposit' ORDER BY e.id`.execute(services.db);
    expect(entries.rows.map((r) => r.type)).toEqual(['bet', 'bet', 'bet', 'bet_refund', 'payout']);
  });
});

describe('the API', () => {
  it('documents the routes and answers bad parameters with a 4xx', async () => {
    const docs = (await app.inject({ url: '/api-docs/json' })).json() as { paths: Record<string, unknown> };
    expect(Object.keys(docs.paths)).toEqual(
      expect.arrayContaining(['/wps/sports/bets', '/wps/sports/events/{eventId}']),
    );
    const member = await fundedMember(services, tala, 0);
    expect((await get('/wps/sports/bets/abc', member.token)).statusCode).toBe(400);
    expect((await get('/wps/sports/events?section=tomorrow')).statusCode).toBe(400);
    const noSelections = await post(
      '/wps/sports/bets',
      { requestId: requestId(), selections: [], stake: 100 },
      member.token,
    );
    expect(noSelections.statusCode).toBe(400);
  });
});

describe('placements in batches', () => {
  type Member = { id: number; token: string };
  type Answer = { ok: true; betId: number; replayed: boolean; balance: number } | { ok: false; code: string };
  /** A slip through the service (what the route calls), answered its bet or its error code. */
  const placeAs = (member: Member, id: string, selections: Selection[], stake: number, extra: object = {}) =>
    sportsbook
      .place(tala, { id: member.id, merchant_id: tala.id }, { requestId: id, selections, stake, ...extra })
      .then(
        (v): Answer => ({ ok: true, betId: v.bet.id, replayed: v.replayed, balance: v.balance }),
        (error: { code: string }): Answer => ({ ok: false, code: error.code }),
      );
  /** The ledger entries of one slip's stake: exactly one for a bet placed, none for a refusal. */
  const stakeEntries = async (member: Member, id: string) => {
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key = ${`sports:bet:${member.id}:${id}`}`.execute(
      services.db,
    );
    return rows[0]?.n;
  };
  /** The transactions that wrote these bets (a batch is one). */
  const writers = async (betIds: number[]) => {
    const { rows } = await sql<{ x: string }>`
      SELECT DISTINCT xmin::text AS x FROM sports_bets WHERE id = ANY(${betIds}::bigint[])`.execute(
      services.db,
    );
    return rows.length;
  };
  /**
   * Sends `slips` while a first slip holds the book's only batch slot in its transaction, so that they wait
   * together and leave as one batch when it commits. Every member has placed a bet just before (the pool's reads
   * before a slip's transaction are then answered from memory, even on the embedded database's one connection).
   */
  async function together(holder: Member, market: number, slips: (() => Promise<Answer>)[]) {
    const saved = sportsbook.settings.placementBatch;
    sportsbook.settings.placementBatch = { slots: 1, maxBatch: 32 };
    let entered = () => {};
    const inFlight = new Promise<void>((resolve) => {
      entered = resolve;
    });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    sportsbook.settings.whilePlacing = async () => {
      sportsbook.settings.whilePlacing = undefined;
      entered();
      await gate;
    };
    try {
      const held = placeAs(holder, requestId(), [{ marketId: market, outcome: 'away', price: 3_800 }], 100);
      await inFlight;
      const answers = slips.map((slip) => slip());
      await new Promise((resolve) => setTimeout(resolve, 300));
      release();
      expect((await held).ok).toBe(true);
      return await Promise.all(answers);
    } finally {
      sportsbook.settings.placementBatch = saved;
    }
  }

  it('places the slips that arrive together in one transaction; a slip the rules refuse, or a requestId used, does not fail the others', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => fundedMember(services, tala, 100_000)));
    const [a, b, c, d] = members as [Member, Member, Member, Member];
    const { oneXTwo: marketId } = await testEvent(sportsbook);
    const home = { marketId, outcome: 'home', price: 2_000 };
    const earlier = requestId();
    for (const m of members)
      expect((await placeAs(m, m === a ? earlier : requestId(), [home], 1_000)).ok).toBe(true);
    const twice = requestId();
    const ids = { a: requestId(), b: requestId(), moved: requestId(), conflict: requestId() };
    const answers = await together(d, marketId, [
      () => placeAs(a, ids.a, [home], 2_000),
      () => placeAs(b, ids.b, [home], 3_000),
      // The price moved: refused by the rules, alone.
      () => placeAs(c, ids.moved, [{ ...home, price: 2_100 }], 1_000),
      // The same requestId twice in the batch: one bet, the other answers it.
      () => placeAs(c, twice, [home], 4_000),
      () => placeAs(c, twice, [home], 4_000),
      // A requestId placed by an earlier batch: its bet; the same id with another stake: the conflict.
      () => placeAs(a, earlier, [home], 1_000),
      () => placeAs(b, ids.conflict, [home], 500),
      () => placeAs(b, ids.conflict, [home], 600),
    ]);
    const [placedA, placedB, moved, once, again, replayed, first, conflicting] = answers as Answer[];
    expect(moved).toEqual({ ok: false, code: 'sports_odds_changed' });
    expect(placedA).toMatchObject({ ok: true, replayed: false, balance: 100_000 - 1_000 - 2_000 });
    expect(placedB).toMatchObject({ ok: true, replayed: false });
    expect(first).toMatchObject({ ok: true, replayed: false });
    expect(conflicting).toEqual({ ok: false, code: 'idempotency_conflict' });
    const betOfTwice = [once, again].find((x) => x?.ok && !x.replayed);
    expect([once, again].filter((x) => x?.ok && x.replayed)).toHaveLength(1);
    expect(replayed).toMatchObject({ ok: true, replayed: true });
    // One transaction wrote the batch's four bets.
    const betIds = [placedA, placedB, first, betOfTwice].map((x) => (x?.ok ? x.betId : 0));
    expect(await writers(betIds)).toBe(1);
    for (const [m, id] of [
      [a, ids.a],
      [b, ids.b],
      [c, twice],
      [a, earlier],
      [b, ids.conflict],
    ] as const)
      expect(await stakeEntries(m, id)).toBe(1);
    expect(await stakeEntries(c, ids.moved)).toBe(0);
    expect(await balanceOf(a.id)).toBe(100_000 - 1_000 - 2_000);
    expect(await balanceOf(b.id)).toBe(100_000 - 1_000 - 3_000 - 500);
    expect(await balanceOf(c.id)).toBe(100_000 - 1_000 - 4_000);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('places the others when a slip is refused by what only the writes find: funds, the player’s limits', async () => {
    const members = await Promise.all(Array.from({ length: 4 }, () => fundedMember(services, tala, 10_000)));
    const [rich, poor, limited, holder] = members as [Member, Member, Member, Member];
    const { oneXTwo: marketId } = await testEvent(sportsbook);
    const home = { marketId, outcome: 'home', price: 2_000 };
    for (const m of members) expect((await placeAs(m, requestId(), [home], 1_000)).ok).toBe(true);
    await services.limits.set(
      tala,
      { id: limited.id, merchant_id: tala.id },
      { key: 'wager_day', value: 1_500 },
    );
    const wagered = async () => {
      const { rows } = await sql<{ used: string }>`
        SELECT wager_day_used::text AS used FROM member_limits WHERE member_id = ${limited.id}`.execute(
        services.db,
      );
      return rows[0]?.used;
    };
    const wageredBefore = await wagered();
    const ids = [requestId(), requestId(), requestId(), requestId()] as const;
    const [taken, broke, overLimit, alsoTaken] = await together(holder, marketId, [
      () => placeAs(rich, ids[0], [home], 2_000),
      () => placeAs(poor, ids[1], [home], 9_500),
      () => placeAs(limited, ids[2], [home], 1_000),
      () => placeAs(rich, ids[3], [home], 3_000),
    ]);
    expect(broke).toEqual({ ok: false, code: 'insufficient_funds' });
    expect(overLimit).toEqual({ ok: false, code: 'limit_wager_day_reached' });
    expect(taken).toMatchObject({ ok: true, balance: 10_000 - 1_000 - 2_000 });
    expect(alsoTaken).toMatchObject({ ok: true, balance: 10_000 - 1_000 - 2_000 - 3_000 });
    expect(await stakeEntries(rich, ids[0])).toBe(1);
    expect(await stakeEntries(rich, ids[3])).toBe(1);
    expect(await stakeEntries(poor, ids[1])).toBe(0);
    expect(await stakeEntries(limited, ids[2])).toBe(0);
    expect(await balanceOf(poor.id)).toBe(9_000);
    expect(await balanceOf(limited.id)).toBe(9_000);
    // The refused slip counted nothing against the limit.
    expect(await wagered()).toBe(wageredBefore);
    const report = await services.wallet.reconcile(tala.id);
    expect(report.ok).toBe(true);
  });

  it('refuses a stake beyond the balance inside the batch, and writes the others in the same transaction', async () => {
    const members = await Promise.all(Array.from({ length: 3 }, () => fundedMember(services, tala, 10_000)));
    const [rich, poor, holder] = members as [Member, Member, Member];
    const { oneXTwo: marketId } = await testEvent(sportsbook);
    const home = { marketId, outcome: 'home', price: 2_000 };
    for (const m of members) expect((await placeAs(m, requestId(), [home], 1_000)).ok).toBe(true);
    const ids = [requestId(), requestId(), requestId(), requestId()] as const;
    // The poor member's first stake fits, the second is beyond what the first left; the rich member's two fit.
    const [first, beyond, taken, alsoTaken] = await together(holder, marketId, [
      () => placeAs(poor, ids[0], [home], 6_000),
      () => placeAs(poor, ids[1], [home], 6_000),
      () => placeAs(rich, ids[2], [home], 2_000),
      () => placeAs(rich, ids[3], [home], 3_000),
    ]);
    expect(beyond).toEqual({ ok: false, code: 'insufficient_funds' });
    expect(first).toMatchObject({ ok: true, balance: 10_000 - 1_000 - 6_000 });
    expect(alsoTaken).toMatchObject({ ok: true, balance: 10_000 - 1_000 - 2_000 - 3_000 });
    // Not rolled back and placed one by one: one transaction wrote the three bets.
    const betIds = [first, taken, alsoTaken].map((x) => (x?.ok ? x.betId : 0));
    expect(await writers(betIds)).toBe(1);
    expect(await stakeEntries(poor, ids[1])).toBe(0);
    expect(await balanceOf(poor.id)).toBe(3_000);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });
});

describe('the ledger', () => {
  it('reconciles: every entry balanced, projections equal to the postings', async () => {
    const report = await services.wallet.reconcile(tala.id);
    expect(report.unbalancedEntries).toEqual([]);
    expect(report.projectionMismatches).toEqual([]);
    expect(report.negativeMemberBalances).toEqual([]);
    expect(report.ok).toBe(true);
  });
});
