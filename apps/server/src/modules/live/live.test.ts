import { TRIAL_TYPE } from '@tala/contracts/members';
import { betReturn, dealBaccarat } from '@tala/live/baccarat';
import { dealDragonTiger, dragonTigerReturn } from '@tala/live/dragon-tiger';
import { type RouletteBet, rouletteReturn, spinRoulette } from '@tala/live/roulette';
import { roundSource } from '@tala/live/round';
import { rollSicBo, type SicBoBet, sicBoReturn } from '@tala/live/sicbo';
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import { liveRepository } from './live.repository.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
afterAll(() => app.close());

const headers = (token?: string) => ({ merchant: 'tala', ...(token ? { authorization: token } : {}) });
const get = (url: string, token?: string) => app.inject({ url, headers: headers(token) });
const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, headers: headers(token), payload: payload as object });
let requests = 0;
const requestId = () => `live-${Date.now().toString(36)}-${++requests}`;

async function balanceOf(memberId: number) {
  return services.wallet.balance(await services.wallet.memberAccount(tala.id, memberId));
}

let roundCounter = 0;
/**
 * A round of BAC-1 whose betting opens and closes at these offsets from now (ms), far from the table's own cycle's
 * numbers (the clock's rounds sit on the wall clock, which a test cannot wait for).
 */
async function testRound(
  times: { opens?: number; closes: number },
  serverSeed = newServerSeed(),
  tableCode = 'BAC-1',
) {
  roundCounter += 1;
  const roundNo = 1_000_000_000 + roundCounter;
  const now = Date.now();
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
  return { roundNo, serverSeed };
}

async function ledgerBalanced() {
  const rows =
    await sql`SELECT entry_id FROM ledger_postings GROUP BY entry_id HAVING sum(amount) <> 0`.execute(
      services.db,
    );
  return rows.rows.length === 0;
}

async function waitUntil(at: number) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 50));
}

describe('tables', () => {
  it('lists the studio’s tables with their spots and declared returns, the round now with its commitment only', async () => {
    await services.live.ensureRounds();
    const body = (await get('/wps/live/tables')).json();
    expect(body.success).toBe(true);
    const bac = body.value.list.find((s: { table: { code: string } }) => s.table.code === 'BAC-1');
    expect(bac.table).toMatchObject({ game: 'baccarat', minBet: 1_000, maintenance: false });
    // The lobby launches a table through the merchant's catalogue, as any game.
    expect(bac.nodeId).toBe((await services.games.inHouseGame(tala, 'BAC-1'))?.nodeId);
    expect(bac.table.spots.find((s: { code: string }) => s.code === 'banker')).toEqual({
      code: 'banker',
      pays: '0.95:1',
      rtp: '98.94',
    });
    expect(bac.round.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    // The round now is still open or showing its result; an open one never shows its seed.
    if (bac.round.status === 'open') expect(bac.round.serverSeed).toBeNull();
    expect((await get('/wps/live/tables/NOPE-1')).json().errorCode).toBe('live_table_not_found');
    expect((await get('/wps/live/tables/bad%20code')).statusCode).toBe(400);
  });

  it('lists the tables in the catalogue under the studio’s vendor', async () => {
    expect(await services.games.inHouseGame(tala, 'BAC-1')).toMatchObject({ vendor: 'TLIVE' });
  });
});

describe('placing chips', () => {
  it('refuses guests and trial members, takes a real member’s stake in one entry, and answers a retry alike', async () => {
    const { roundNo } = await testRound({ closes: 30_000 });
    const body = {
      tableCode: 'BAC-1',
      roundNo,
      requestId: requestId(),
      spots: { player: 5_000, tie: 1_000 },
    };
    expect((await post('/wps/live/bets', body)).statusCode).toBe(401);
    const trial = await fundedMember(services, tala, 0, TRIAL_TYPE);
    expect((await post('/wps/live/bets', body, trial.token)).json().errorCode).toBe('in_need_true_account');

    const member = await fundedMember(services, tala, 100_000);
    const placed = (await post('/wps/live/bets', body, member.token)).json();
    expect(placed.success).toBe(true);
    expect(placed.value).toMatchObject({ balance: 94_000, replayed: false });
    expect(placed.value.bet).toMatchObject({ tableCode: 'BAC-1', roundNo, stake: 6_000, status: 'open' });
    const again = (await post('/wps/live/bets', body, member.token)).json();
    expect(again.value).toMatchObject({ replayed: true, bet: { id: placed.value.bet.id } });
    expect(await balanceOf(member.id)).toBe(94_000);
    const changed = await post('/wps/live/bets', { ...body, spots: { banker: 5_000 } }, member.token);
    expect(changed.json().errorCode).toBe('idempotency_conflict');
  });

  it('refuses every bad placement with its own code and moves no money', async () => {
    const member = await fundedMember(services, tala, 50_000);
    const open = await testRound({ closes: 30_000 });
    const later = await testRound({ opens: 20_000, closes: 30_000 });
    const closed = await testRound({ opens: -5_000, closes: -1_000 });
    const refuse = async (change: Record<string, unknown>) => {
      const response = await post(
        '/wps/live/bets',
        {
          tableCode: 'BAC-1',
          roundNo: open.roundNo,
          requestId: requestId(),
          spots: { player: 1_000 },
          ...change,
        },
        member.token,
      );
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      return response.json().errorCode as string;
    };
    expect(await refuse({ spots: { dragon: 1_000 } })).toBe('live_spot_unknown');
    expect(await refuse({ spots: { player: 500 } })).toBe('live_bet_below_minimum');
    expect(await refuse({ spots: { player: 5_000_001 } })).toBe('live_bet_over_limit');
    expect(await refuse({ spots: { player: 10.5 } })).toBe('amount_too_precise');
    expect(await refuse({ spots: {} })).toBe('validation_failed');
    expect(await refuse({ spots: { player: 60_000 } })).toBe('insufficient_funds');
    expect(await refuse({ tableCode: 'NOPE-1' })).toBe('live_table_not_found');
    expect(await refuse({ roundNo: 1 })).toBe('live_round_not_found');
    expect(await refuse({ roundNo: later.roundNo })).toBe('live_betting_not_open');
    expect(await refuse({ roundNo: closed.roundNo })).toBe('live_betting_closed');
    expect(await balanceOf(member.id)).toBe(50_000);
  });

  it('holds the table limit per spot over all of a member’s placements on a round', async () => {
    const rich = await fundedMember(services, tala, 20_000_000);
    const { roundNo } = await testRound({ closes: 30_000 });
    const place = (amount: number) =>
      post(
        '/wps/live/bets',
        { tableCode: 'BAC-1', roundNo, requestId: requestId(), spots: { banker: amount } },
        rich.token,
      );
    expect((await place(3_000_000)).statusCode).toBe(200);
    expect((await place(2_000_000)).statusCode).toBe(200);
    const over = await place(1_000);
    expect(over.json()).toMatchObject({ errorCode: 'live_bet_over_limit', field: 'spots' });
    expect(over.json().message).toContain('banker');
    expect(await balanceOf(rich.id)).toBe(15_000_000);
  });
});

describe('a round', () => {
  it('is dealt from its committed seed once, pays every bet by the rules in one entry each, and shows in recall', async () => {
    const serverSeed = newServerSeed();
    const { roundNo } = await testRound({ closes: 1_500 }, serverSeed);
    const closesAt = Date.now() + 1_500;
    const spots = { player: 10_000, banker: 10_000, tie: 2_000, playerPair: 1_000, bankerPair: 1_000 };
    const members = await Promise.all([0, 1, 2].map(() => fundedMember(services, tala, 100_000)));
    for (const m of members) {
      const placed = await post(
        '/wps/live/bets',
        { tableCode: 'BAC-1', roundNo, requestId: requestId(), spots },
        m.token,
      );
      expect(placed.statusCode).toBe(200);
    }
    await waitUntil(closesAt);
    // Two settlers at once (as two processes would): the round is dealt and paid once.
    await Promise.all([services.live.settleDue(), services.live.settleDue()]);

    const result = dealBaccarat(roundSource(serverSeed, 'BAC-1', roundNo));
    const expected = Object.entries(spots).reduce(
      (sum, [spot, stake]) =>
        sum + Number(betReturn(result, { type: spot as 'player', stake: BigInt(stake) })),
      0,
    );
    for (const m of members) expect(await balanceOf(m.id)).toBe(100_000 - 24_000 + expected);
    const payouts = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_entries e JOIN live_bets b ON e.idempotency_key = 'live:payout:' || b.id
       WHERE b.member_id IN (${sql.join(members.map((m) => m.id))})`.execute(services.db);
    expect(payouts.rows[0]?.n).toBe(expected > 0 ? 3 : 0);
    expect(await ledgerBalanced()).toBe(true);

    const round = (await get(`/wps/live/tables/BAC-1/rounds/${roundNo}`)).json().value;
    expect(round).toMatchObject({
      status: 'settled',
      serverSeed,
      serverSeedHash: hashServerSeed(serverSeed),
    });
    expect(round.result).toEqual(JSON.parse(JSON.stringify(result)));

    const first = members[0] as { token: string };
    const recall = (await get('/wps/live/recall?tableCode=BAC-1', first.token)).json().value.list;
    expect(recall[0].round.roundNo).toBe(roundNo);
    expect(recall[0].bets[0]).toMatchObject({ status: 'settled', stake: 24_000, returned: expected });

    // The placement is a round of product LIVE in the member's betting record and profit and loss.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const record = (
      await get(`/wps/relay/MCSFE_getBetRecords?product=LIVE&from=${day(-1)}&to=${day(1)}`, first.token)
    ).json().value;
    expect(record.list).toEqual([
      expect.objectContaining({
        product: 'LIVE',
        vendor: 'TLIVE',
        gameName: `Baccarat Maynila #${roundNo}`,
        bet: 24_000,
        win: expected,
        profit: expected - 24_000,
        status: 'settled',
      }),
    ]);
    const pl = (await get('/wps/relay/MCSFE_getProfitLoss?period=last7', first.token)).json().value;
    expect(pl.products.find((p: { product: string }) => p.product === 'LIVE')).toMatchObject({
      bet: 24_000,
      win: expected,
    });
  });

  it('voided before its deal refunds every stake, once', async () => {
    const { roundNo } = await testRound({ closes: 30_000 });
    const member = await fundedMember(services, tala, 10_000);
    await post(
      '/wps/live/bets',
      { tableCode: 'BAC-1', roundNo, requestId: requestId(), spots: { player: 4_000 } },
      member.token,
    );
    expect(await balanceOf(member.id)).toBe(6_000);
    const [a, b] = await Promise.all([
      services.live.voidRound('BAC-1', roundNo),
      services.live.voidRound('BAC-1', roundNo),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(member.id)).toBe(10_000);
    const round = (await get(`/wps/live/tables/BAC-1/rounds/${roundNo}`)).json().value;
    expect(round).toMatchObject({ status: 'void', result: null });
    const late = await post(
      '/wps/live/bets',
      { tableCode: 'BAC-1', roundNo, requestId: requestId(), spots: { player: 1_000 } },
      member.token,
    );
    expect(late.json().errorCode).toBe('live_round_not_found');
    expect(await ledgerBalanced()).toBe(true);
  });
});

describe('the other games', () => {
  const games = [
    {
      table: 'DT-1',
      spots: { dragon: 10_000, tiger: 4_000, tie: 1_000 },
      expected(seed: string, roundNo: number) {
        const result = dealDragonTiger(roundSource(seed, 'DT-1', roundNo));
        const returns = Object.entries(this.spots).map(([type, stake]) =>
          dragonTigerReturn(result, { type: type as 'dragon', stake: BigInt(stake) }),
        );
        return { result, returned: Number(returns.reduce((a, b) => a + b, 0n)) };
      },
    },
    {
      table: 'SB-1',
      spots: {
        small: 5_000,
        big: 5_000,
        anyTriple: 1_000,
        'triple-3': 1_000,
        'double-2': 1_000,
        'single-4': 2_000,
        'total-10': 1_000,
        'combination-1-6': 1_000,
      },
      expected(seed: string, roundNo: number) {
        const result = rollSicBo(roundSource(seed, 'SB-1', roundNo));
        const bets: SicBoBet[] = [
          { type: 'small', stake: 5_000n },
          { type: 'big', stake: 5_000n },
          { type: 'anyTriple', stake: 1_000n },
          { type: 'triple', number: 3, stake: 1_000n },
          { type: 'double', number: 2, stake: 1_000n },
          { type: 'single', number: 4, stake: 2_000n },
          { type: 'total', total: 10, stake: 1_000n },
          { type: 'combination', numbers: [1, 6], stake: 1_000n },
        ];
        return { result, returned: Number(bets.reduce((sum, b) => sum + sicBoReturn(result, b), 0n)) };
      },
    },
    {
      table: 'ROU-1',
      spots: {
        'straight-17': 1_000,
        'split-17-20': 1_000,
        'street-13-14-15': 1_000,
        'corner-0-1-2-3': 1_000,
        'sixLine-1-2-3-4-5-6': 1_000,
        'dozen-2': 2_000,
        'column-3': 2_000,
        red: 3_000,
        odd: 3_000,
        high: 3_000,
      },
      expected(seed: string, roundNo: number) {
        const result = spinRoulette(roundSource(seed, 'ROU-1', roundNo));
        const bets: RouletteBet[] = [
          { type: 'straight', numbers: [17], stake: 1_000n },
          { type: 'split', numbers: [17, 20], stake: 1_000n },
          { type: 'street', numbers: [13, 14, 15], stake: 1_000n },
          { type: 'corner', numbers: [0, 1, 2, 3], stake: 1_000n },
          { type: 'sixLine', numbers: [1, 2, 3, 4, 5, 6], stake: 1_000n },
          { type: 'dozen', index: 2, stake: 2_000n },
          { type: 'column', index: 3, stake: 2_000n },
          { type: 'red', stake: 3_000n },
          { type: 'odd', stake: 3_000n },
          { type: 'high', stake: 3_000n },
        ];
        return { result, returned: Number(bets.reduce((sum, b) => sum + rouletteReturn(result, b), 0n)) };
      },
    },
  ];

  it.each(games)(
    '$table is listed, takes its spots, and is dealt from its seed and paid by the rules once',
    async (game) => {
      const state = (await get(`/wps/live/tables/${game.table}`)).json().value;
      expect(state.table.code).toBe(game.table);
      expect(await services.games.inHouseGame(tala, game.table)).toMatchObject({ vendor: 'TLIVE' });

      const serverSeed = newServerSeed();
      const { roundNo } = await testRound({ closes: 1_500 }, serverSeed, game.table);
      const closesAt = Date.now() + 1_500;
      const stake = Object.values(game.spots).reduce((a, b) => a + b, 0);
      const members = await Promise.all([0, 1].map(() => fundedMember(services, tala, 100_000)));
      for (const m of members) {
        const placed = await post(
          '/wps/live/bets',
          { tableCode: game.table, roundNo, requestId: requestId(), spots: game.spots },
          m.token,
        );
        expect(placed.json()).toMatchObject({ success: true, value: { balance: 100_000 - stake } });
      }
      // A spot of another game (or off the layout) is refused.
      const wrong = await post(
        '/wps/live/bets',
        {
          tableCode: game.table,
          roundNo,
          requestId: requestId(),
          spots: { player: 1_000, 'split-1-5': 1_000 },
        },
        (members[0] as { token: string }).token,
      );
      expect(wrong.json().errorCode).toBe('live_spot_unknown');
      await waitUntil(closesAt);
      await Promise.all([services.live.settleDue(), services.live.settleDue()]);

      const { result, returned } = game.expected(serverSeed, roundNo);
      for (const m of members) expect(await balanceOf(m.id)).toBe(100_000 - stake + returned);
      expect(await ledgerBalanced()).toBe(true);
      const round = (await get(`/wps/live/tables/${game.table}/rounds/${roundNo}`)).json().value;
      expect(round).toMatchObject({ status: 'settled', serverSeed });
      expect(round.result).toEqual(JSON.parse(JSON.stringify(result)));
      const recall = (
        await get(`/wps/live/recall?tableCode=${game.table}`, (members[0] as { token: string }).token)
      ).json().value.list;
      expect(recall[0].round.roundNo).toBe(roundNo);
      expect(recall[0].bets[0]).toMatchObject({ status: 'settled', stake, returned });
    },
  );
});

describe('the table socket', () => {
  it('sends every watcher the same round, then its result, and refuses a forged frame', async () => {
    // A quick table of its own: 3 s of betting, 3 s of result.
    await sql`INSERT INTO live_tables (code, game, name, min_bet, max_bet, betting_seconds, result_seconds)
              VALUES ('TST-1', 'baccarat', 'Test table', 1000, 100000, 3, 3)`.execute(services.db);
    await services.live.ensureRounds();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const url = `${address.replace('http', 'ws')}/wps/live/socket?merchant=tala`;
    type Frame = {
      type: string;
      errorCode?: string;
      round?: { roundNo: number; status: string; serverSeed: string | null };
    };
    const open = async () => {
      const socket = new WebSocket(url);
      const frames: Frame[] = [];
      socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      return { socket, frames };
    };
    const until = async (check: () => boolean, ms: number) => {
      for (const end = Date.now() + ms; !check() && Date.now() < end; ) {
        await services.liveHub.tick();
        await new Promise((r) => setTimeout(r, 100));
      }
    };
    const one = await open();
    const two = await open();
    try {
      one.socket.send(JSON.stringify({ type: 'watch', tables: ['TST-1'] }));
      two.socket.send(JSON.stringify({ type: 'watch', tables: ['TST-1'] }));
      await until(() => one.frames.length > 0 && two.frames.length > 0, 5_000);
      const [a, b] = [one.frames[0], two.frames[0]];
      expect(a?.round?.roundNo).toBeGreaterThan(0);
      expect(b?.round).toEqual(a?.round);

      // Within a cycle (6 s) a round closes: both are sent its result, with the seed that verifies it.
      const dealt = (frames: Frame[]) => frames.find((f) => f.type === 'result');
      await until(() => !!dealt(one.frames) && !!dealt(two.frames), 8_000);
      const result = dealt(one.frames);
      expect(result?.round?.status).toBe('settled');
      expect(result?.round?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      expect(dealt(two.frames)?.round).toEqual(result?.round);

      one.socket.send(JSON.stringify({ type: 'bet', spots: { player: 1 } }));
      one.socket.send('not json');
      const errors = () => one.frames.filter((f) => f.type === 'error');
      await until(() => errors().length >= 2, 3_000);
      expect(errors().map((f) => f.errorCode)).toEqual(['validation_failed', 'validation_failed']);
    } finally {
      one.socket.close();
      two.socket.close();
    }
  });
});
