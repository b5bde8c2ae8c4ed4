import { TRIAL_TYPE } from '@tala/contracts/members';
import { cardOf, drawOrder, settlePattern } from '@tala/live/bingo';
import { cardSource, roundSource } from '@tala/live/round';
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { liveRepository } from './live.repository.ts';
import { roomResultSeconds } from './live-tables.ts';

// Bingo rooms (docs/decisions/055-bingo-rooms.md): cards bought like live bets, the draw fixed and the prizes paid
// once each, pools per merchant, the socket showing no ball before its time, and every card and call recomputable.

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');
afterAll(() => app.close());

const ROOM = 'TB-75';
const PRICE = 500;
const BALL_MS = 20;
const prizes = [
  { pattern: 'line', sharePermille: 150 },
  { pattern: 'twoLines', sharePermille: 200 },
  { pattern: 'fullHouse', sharePermille: 500 },
];

/** A quick 75-ball room of its own, offered in the catalogue like the studio's rooms. */
async function makeRoom(code: string, ballMs: number, bettingSeconds = 60, resultSeconds = 600) {
  await sql`INSERT INTO live_tables (code, game, name, min_bet, max_bet, betting_seconds, result_seconds, card_price,
                                     max_cards, ball_ms, prize_shares, currency)
            VALUES (${code}, 'bingo75', ${`Test ${code}`}, ${PRICE}, ${PRICE * 4}, ${bettingSeconds}, ${resultSeconds},
                    ${PRICE}, 4, ${ballMs}, ${JSON.stringify(prizes)}::jsonb, 'PHP')`.execute(services.db);
  await sql`INSERT INTO games (line_node_id, game_code, name, classification, game_class, game_group_code, min_bet,
                               lines, rtp_bp, popularity, released_on, currency)
            SELECT node_id, ${code}, ${`Test ${code}`}, 'BG', 'bingo', 'BINGO', ${PRICE}, 0, 8500, 0, DATE '2026-11-26',
                   'PHP'
              FROM game_vendor_lines WHERE vassalage = 'TLIVE_BINGO'`.execute(services.db);
  services.games.invalidate();
}
await makeRoom(ROOM, BALL_MS);

const headers = (token?: string, merchant = 'tala') => ({
  merchant,
  ...(token ? { authorization: token } : {}),
});
const get = (url: string, token?: string, merchant = 'tala') =>
  app.inject({ url, headers: headers(token, merchant) });
const post = (url: string, payload: unknown, token?: string, merchant = 'tala') =>
  app.inject({ method: 'POST', url, headers: headers(token, merchant), payload: payload as object });
let requests = 0;
const requestId = () => `bingo-${Date.now().toString(36)}-${++requests}`;
const seed = () => newServerSeed().slice(0, 32);

async function balanceOf(merchant: Merchant, memberId: number) {
  return services.wallet.balance(await services.wallet.memberAccount(merchant.id, memberId));
}

let roundCounter = 0;
/** A game of the test room whose sale opens and closes at these offsets from now (ms), off the room's own schedule. */
async function testGame(times: { opens?: number; closes: number }, serverSeed = newServerSeed()) {
  roundCounter += 1;
  const roundNo = 1_000_000_000 + roundCounter;
  const now = Date.now();
  await liveRepository().insertRounds(services.db, [
    {
      table_code: ROOM,
      round_no: roundNo,
      opens_at: new Date(now + (times.opens ?? -1_000)),
      closes_at: new Date(now + times.closes),
      ends_at: new Date(now + times.closes + 60_000),
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      room: JSON.stringify({ game: 'bingo75', cardPrice: PRICE, maxCards: 4, ballMs: BALL_MS, prizes }),
    },
  ]);
  return { roundNo, serverSeed, closesAt: now + times.closes };
}

const buy = (
  token: string,
  roundNo: number,
  change: Partial<{ count: number; clientSeed: string; requestId: string; roomCode: string }> = {},
  merchant = 'tala',
) =>
  post(
    '/wps/bingo/cards',
    { roomCode: ROOM, roundNo, requestId: requestId(), count: 1, clientSeed: seed(), ...change },
    token,
    merchant,
  );

async function waitUntil(at: number) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 50));
}

/** Draws the game at its close and pays it after its last prize's ball, each step by two settlers at once. */
async function playOut(closesAt: number, roundNo: number) {
  await waitUntil(closesAt);
  await Promise.all([services.bingo.settleDue(), services.bingo.settleDue()]);
  const row = await liveRepository().round(services.db, ROOM, roundNo);
  expect(row?.status).toBe('drawing');
  await waitUntil(row?.settles_at?.getTime() ?? 0);
  const [a, b] = await Promise.all([services.bingo.settleDue(), services.bingo.settleDue()]);
  expect(a.settled + b.settled).toBeGreaterThanOrEqual(1);
  expect((await liveRepository().round(services.db, ROOM, roundNo))?.status).toBe('settled');
}

async function ledgerBalanced() {
  const rows =
    await sql`SELECT entry_id FROM ledger_postings GROUP BY entry_id HAVING sum(amount) <> 0`.execute(
      services.db,
    );
  return rows.rows.length === 0;
}

async function payoutEntries(memberIds: number[]) {
  const rows = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM ledger_entries e JOIN live_bets b ON e.idempotency_key = 'live:payout:' || b.id
     WHERE b.member_id IN (${sql.join(memberIds)})`.execute(services.db);
  return rows.rows[0]?.n ?? 0;
}

describe('rooms', () => {
  it('lists the rooms the merchant offers apart from the live tables, with their prizes and the game now', async () => {
    await services.live.ensureRounds();
    const list = (await get('/wps/bingo/rooms')).json().value.list;
    const room = list.find((s: { room: { code: string } }) => s.room.code === 'BGO-75');
    expect(room.room).toMatchObject({
      game: 'bingo75',
      currency: 'PHP',
      cardPrice: 500,
      maxCards: 12,
      rtp: '85.0',
    });
    expect(room.nodeId).toBe((await services.games.inHouseGame(tala, 'BGO-75'))?.nodeId);
    expect(room.round.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    if (room.round.status !== 'settled') expect(room.round.serverSeed).toBeNull();
    const tables = (await get('/wps/live/tables')).json().value.list;
    expect(tables.some((t: { table: { code: string } }) => t.table.code.startsWith('BGO'))).toBe(false);
    expect((await get('/wps/live/tables/BGO-75')).json().errorCode).toBe('live_table_not_found');
    expect((await get('/wps/bingo/rooms/BAC-1')).json().errorCode).toBe('bingo_room_not_found');
    // The site's /bingo lobby lists the rooms (bingo games of an RNG line).
    const lobby = (
      await get('/wps/relay/GCSGAME_gameList?vassalage=TLIVE_BINGO&gameClassify=BG&pageSize=50')
    ).json();
    expect(lobby.success).toBe(true);
    // Launched like any game, into the games client's room page (the address names the room's line).
    await services.seamless.ensureInHouseCredentials(await services.games.vendorCodes(true));
    const member = await fundedMember(services, tala, 0);
    const launched = (
      await get(`/wps/relay/GCS_gameLaunchFB?nodeId=${room.nodeId}&mode=real`, member.token)
    ).json();
    expect(launched.errorCode).toBeUndefined();
    expect(launched.value.url).toContain('/games/launch?');
    expect(new URL(launched.value.url, 'http://x').searchParams.get('line')).toBe('TLIVE_BINGO');
    expect(lobby.value.list.map((g: { gameCode: string }) => g.gameCode)).toEqual(
      expect.arrayContaining(['BGO-75', 'BGO-90']),
    );
  });
});

describe('buying cards', () => {
  it('refuses guests and trial members, takes a real member’s stake once and answers a retry with the same cards', async () => {
    const { roundNo } = await testGame({ closes: 30_000 });
    const body = { roomCode: ROOM, roundNo, requestId: requestId(), count: 2, clientSeed: seed() };
    expect((await post('/wps/bingo/cards', body)).statusCode).toBe(401);
    const trial = await fundedMember(services, tala, 0, TRIAL_TYPE);
    expect((await post('/wps/bingo/cards', body, trial.token)).json().errorCode).toBe('in_need_true_account');

    const member = await fundedMember(services, tala, 10_000);
    const bought = (await post('/wps/bingo/cards', body, member.token)).json();
    expect(bought.value).toMatchObject({ stake: 1_000, balance: 9_000, replayed: false });
    expect(bought.value.cards).toHaveLength(2);
    expect(bought.value.cards.map((c: { price: number }) => c.price)).toEqual([PRICE, PRICE]);
    const again = (await post('/wps/bingo/cards', body, member.token)).json();
    expect(again.value.replayed).toBe(true);
    expect(again.value.cards).toEqual(bought.value.cards);
    expect(await balanceOf(tala, member.id)).toBe(9_000);
    expect((await post('/wps/bingo/cards', { ...body, count: 1 }, member.token)).json().errorCode).toBe(
      'idempotency_conflict',
    );
    // Each card is the buyer's seed's: recomputable by anyone.
    for (const card of bought.value.cards) {
      expect(card.rows).toEqual(
        cardOf(75, cardSource(body.clientSeed, ROOM, roundNo, body.requestId, card.index)).rows,
      );
    }
  });

  it('refuses every bad purchase with its own code and moves no money', async () => {
    const member = await fundedMember(services, tala, 1_200);
    const open = await testGame({ closes: 30_000 });
    const later = await testGame({ opens: 20_000, closes: 30_000 });
    const closed = await testGame({ opens: -5_000, closes: -1_000 });
    const code = async (change: Parameters<typeof buy>[2], roundNo = open.roundNo) => {
      const response = await buy(member.token, roundNo, change);
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      return response.json().errorCode as string;
    };
    expect(await code({ roomCode: 'NOPE-1' })).toBe('bingo_room_not_found');
    expect(await code({ roomCode: 'BAC-1' })).toBe('bingo_room_not_found');
    expect(await code({ clientSeed: 'not-hex!' })).toBe('bingo_client_seed_invalid');
    expect(await code({ count: 5 })).toBe('bingo_too_many_cards');
    expect(await code({ count: 0 })).toBe('validation_failed');
    expect(await code({ count: 3 })).toBe('insufficient_funds');
    expect(await code({}, 1)).toBe('bingo_game_not_found');
    expect(await code({}, later.roundNo)).toBe('bingo_sale_not_open');
    expect(await code({}, closed.roundNo)).toBe('bingo_sale_closed');
    expect(await balanceOf(tala, member.id)).toBe(1_200);
  });

  it('holds the most cards per member over all of their purchases in a game', async () => {
    const member = await fundedMember(services, tala, 100_000);
    const { roundNo } = await testGame({ closes: 30_000 });
    const results = await Promise.all([1, 2, 3].map(() => buy(member.token, roundNo, { count: 2 })));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(2);
    expect(results.find((r) => r.statusCode !== 200)?.json().errorCode).toBe('bingo_too_many_cards');
    expect(await balanceOf(tala, member.id)).toBe(100_000 - 4 * PRICE);
    const cards = (await get(`/wps/bingo/rooms/${ROOM}/cards?roundNo=${roundNo}`, member.token)).json().value
      .list;
    expect(cards.map((c: { cardNo: number }) => c.cardNo).sort()).toEqual([1, 2, 3, 4]);
  });

  it('rolls back a purchase that reaches the close while it is written, money and all', async () => {
    const member = await fundedMember(services, tala, 5_000);
    const { roundNo } = await testGame({ closes: 400 });
    services.live.settings.beforeBetCommit = () => new Promise((resolve) => setTimeout(resolve, 800));
    try {
      expect((await buy(member.token, roundNo)).json().errorCode).toBe('bingo_sale_closed');
    } finally {
      services.live.settings.beforeBetCommit = undefined;
    }
    expect(await balanceOf(tala, member.id)).toBe(5_000);
  });

  it('shows a member only their own cards', async () => {
    const { roundNo } = await testGame({ closes: 30_000 });
    const [a, b] = await Promise.all([0, 1].map(() => fundedMember(services, tala, 5_000)));
    if (!a || !b) throw new Error('members');
    await buy(a.token, roundNo, { count: 2 });
    const url = `/wps/bingo/rooms/${ROOM}/cards?roundNo=${roundNo}`;
    expect((await get(url, a.token)).json().value.list).toHaveLength(2);
    expect((await get(url, b.token)).json().value.list).toEqual([]);
    expect((await get(url)).statusCode).toBe(401);
    expect((await get(`/wps/bingo/recall?roomCode=${ROOM}`, b.token)).json().value.list).toEqual([]);
  });
});

describe('a game', () => {
  it('shares a prize equally between cards completing it on the same ball (hand-computed)', async () => {
    const { roundNo, closesAt } = await testGame({ closes: 1_500 });
    // The same seed, request and index make the same card: both complete every pattern on the same ball.
    const same = { clientSeed: seed(), requestId: requestId() };
    const [a, b] = await Promise.all([0, 1].map(() => fundedMember(services, tala, 10_000)));
    if (!a || !b) throw new Error('members');
    for (const m of [a, b]) expect((await buy(m.token, roundNo, same)).statusCode).toBe(200);
    await playOut(closesAt, roundNo);
    // Sales 1,000: line 150 → 75 each, two lines 200 → 100 each, full house 500 → 250 each: 425 a card.
    for (const m of [a, b]) expect(await balanceOf(tala, m.id)).toBe(10_000 - 500 + 425);
    expect(await payoutEntries([a.id, b.id])).toBe(2);
    const round = (await get(`/wps/bingo/rooms/${ROOM}/cards?roundNo=${roundNo}`, a.token)).json().value.list;
    expect(round[0].won).toBe(425);
    const recall = (await get(`/wps/bingo/recall?roomCode=${ROOM}`, a.token)).json().value.list;
    expect(recall[0].round).toMatchObject({ roundNo, status: 'settled', cardsSold: 2, sales: 1_000 });
    expect(recall[0].round.pools).toEqual([
      { pattern: 'line', amount: 150 },
      { pattern: 'twoLines', amount: 200 },
      { pattern: 'fullHouse', amount: 500 },
    ]);
    expect(recall[0].round.winners.map((w: { pattern: string; cards: number; each: number }) => w)).toEqual([
      expect.objectContaining({ pattern: 'line', cards: 2, each: 75, mine: [round[0].id] }),
      expect.objectContaining({ pattern: 'twoLines', cards: 2, each: 100, mine: [round[0].id] }),
      expect.objectContaining({ pattern: 'fullHouse', cards: 2, each: 250, mine: [round[0].id] }),
    ]);
    expect(await ledgerBalanced()).toBe(true);
    // The purchase is a round of product LIVE in the betting record.
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const record = (
      await get(`/wps/relay/MCSFE_getBetRecords?product=LIVE&from=${day(-1)}&to=${day(1)}`, a.token)
    ).json().value;
    expect(record.list[0]).toMatchObject({ vendor: 'TLIVE', bet: 500, win: 425, status: 'settled' });
  });

  it('keeps each merchant’s pools to its own sales: one draw, two merchants', async () => {
    const { roundNo, closesAt } = await testGame({ closes: 1_500 });
    const same = { clientSeed: seed(), requestId: requestId() };
    const ours = await fundedMember(services, tala, 10_000);
    const theirs = await fundedMember(services, lucky, 10_000);
    expect((await buy(ours.token, roundNo, { ...same, count: 2 })).statusCode).toBe(200);
    // The other merchant's only card is the same as our member's first: it completes each pattern on the same ball.
    expect((await buy(theirs.token, roundNo, same, 'lucky')).statusCode).toBe(200);
    const view = (await get(`/wps/bingo/rooms/${ROOM}`, undefined, 'lucky')).json();
    expect(view.success).toBe(true);
    await playOut(closesAt, roundNo);
    // Our member holds all of our cards, so wins all of our pools (1,000 × 85%); theirs all of theirs (500 × 85%).
    expect(await balanceOf(tala, ours.id)).toBe(10_000 - 1_000 + 850);
    expect(await balanceOf(lucky, theirs.id)).toBe(10_000 - 500 + 425);
    const seen = (await get(`/wps/bingo/recall?roomCode=${ROOM}`, theirs.token, 'lucky')).json().value
      .list[0];
    expect(seen.round).toMatchObject({ cardsSold: 1, sales: 500 });
    expect(seen.round.winners.every((w: { cards: number }) => w.cards === 1)).toBe(true);
    expect(await ledgerBalanced()).toBe(true);
  });

  it('can be recomputed from the revealed seed and the cards’ client seeds', async () => {
    const serverSeed = newServerSeed();
    const { roundNo, closesAt } = await testGame({ closes: 1_500 }, serverSeed);
    const members = await Promise.all([0, 1, 2].map(() => fundedMember(services, tala, 10_000)));
    for (const m of members) expect((await buy(m.token, roundNo, { count: 2 })).statusCode).toBe(200);
    // While on sale the seed stays hidden.
    const before = (await get(`/wps/bingo/recall?roomCode=${ROOM}`, members[0]?.token)).json().value.list[0];
    expect(before.round).toMatchObject({ status: 'open', serverSeed: null, calls: [] });
    await playOut(closesAt, roundNo);

    const cards = [];
    for (const m of members) {
      const list = (await get(`/wps/bingo/rooms/${ROOM}/cards?roundNo=${roundNo}`, m.token)).json().value
        .list;
      for (const c of list) {
        expect(c.rows).toEqual(
          cardOf(75, cardSource(c.clientSeed, ROOM, roundNo, c.requestId, c.index)).rows,
        );
        cards.push({ ...c, member: m.id });
      }
    }
    const game = (await get(`/wps/bingo/recall?roomCode=${ROOM}`, members[0]?.token)).json().value.list[0]
      .round;
    expect(game.serverSeed).toBe(serverSeed);
    expect(hashServerSeed(game.serverSeed)).toBe(game.serverSeedHash);
    const calls = drawOrder(roundSource(serverSeed, ROOM, roundNo), 75);
    expect(game.calls).toEqual(calls.slice(0, game.calls.length));
    // Each prize as the engine settles it over every card (all of one merchant) and the sales.
    const boards = cards.map((c) => ({ balls: 75 as const, rows: c.rows }));
    const won = new Map<number, number>();
    for (const p of prizes) {
      const settled = settlePattern(boards, p.pattern as 'line', calls, 3_000n, p.sharePermille);
      const winner = game.winners.find((w: { pattern: string }) => w.pattern === p.pattern);
      expect(winner).toMatchObject({ callIndex: settled.callIndex, cards: settled.winners.length });
      for (const w of settled.winners) {
        const card = cards[w.card];
        won.set(card.member, (won.get(card.member) ?? 0) + Number(w.amount));
      }
    }
    expect(game.calls.length).toBe(
      Math.max(...game.winners.map((w: { callIndex: number }) => w.callIndex)) + 1,
    );
    for (const m of members) expect(await balanceOf(tala, m.id)).toBe(10_000 - 1_000 + (won.get(m.id) ?? 0));
  });

  it('voided before it is paid refunds every card, once', async () => {
    const { roundNo } = await testGame({ closes: 30_000 });
    const member = await fundedMember(services, tala, 5_000);
    await buy(member.token, roundNo, { count: 3 });
    expect(await balanceOf(tala, member.id)).toBe(3_500);
    const [a, b] = await Promise.all([
      services.live.voidRound(ROOM, roundNo),
      services.live.voidRound(ROOM, roundNo),
    ]);
    expect([a, b].filter(Boolean)).toHaveLength(1);
    expect(await balanceOf(tala, member.id)).toBe(5_000);
    expect((await buy(member.token, roundNo)).json().errorCode).toBe('bingo_game_not_found');
    expect(await ledgerBalanced()).toBe(true);
  });

  it('with no card sold is over at once with nothing to pay', async () => {
    const { roundNo, closesAt } = await testGame({ closes: 300 });
    await waitUntil(closesAt);
    await services.bingo.settleDue();
    expect((await liveRepository().round(services.db, ROOM, roundNo))?.status).toBe('settled');
  });
});

describe('the socket', () => {
  it('pushes a room’s games with no ball before its time and the seed only once settled', async () => {
    // A quick room on its own schedule: 3 s of sale, balls every 50 ms, 6 s of draw and result.
    await makeRoom('TB-Q', 50, 3, 6);
    await services.live.ensureRounds();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    type Frame = {
      type: string;
      errorCode?: string;
      serverTime?: string;
      round?: {
        roundNo: number;
        status: string;
        closesAt: string;
        calls: number[];
        serverSeed: string | null;
        winners: { callIndex: number }[];
        nextBallAt: string | null;
      };
    };
    const socket = new WebSocket(`${address.replace('http', 'ws')}/wps/live/socket?merchant=tala`);
    const frames: Frame[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    const until = async (check: () => boolean, ms: number) => {
      for (const end = Date.now() + ms; !check() && Date.now() < end; ) {
        await services.liveHub.tick();
        await new Promise((r) => setTimeout(r, 30));
      }
    };
    try {
      socket.send(JSON.stringify({ type: 'watch', tables: ['TB-Q', 'BAC-1'] }));
      // A game whose sale has at least a second left (the first frame may be one closing now).
      const selling = (f: Frame) =>
        f.type === 'bingo' && f.round?.status === 'open' && Date.parse(f.round.closesAt) - Date.now() > 1_000;
      await until(() => frames.some(selling), 12_000);
      const open = frames.find(selling);
      const roundNo = open?.round?.roundNo as number;
      const member = await fundedMember(services, tala, 5_000);
      const bought = await post(
        '/wps/bingo/cards',
        { roomCode: 'TB-Q', roundNo, requestId: requestId(), count: 2, clientSeed: seed() },
        member.token,
      );
      expect(bought.statusCode).toBe(200);
      const settled = (f: Frame) =>
        f.type === 'bingo' && f.round?.roundNo === roundNo && f.round.status === 'settled';
      await until(() => frames.some(settled), 12_000);
      const game = frames.filter((f) => f.type === 'bingo' && f.round?.roundNo === roundNo);
      const last = game.find(settled)?.round;
      expect(last?.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      const calls = drawOrder(roundSource(last?.serverSeed as string, 'TB-Q', roundNo), 75);
      expect(last?.calls).toEqual(calls.slice(0, last?.calls.length));
      const drawing = game.filter((f) => f.round?.status === 'drawing');
      expect(drawing.length).toBeGreaterThan(0);
      for (const f of game) {
        const round = f.round as NonNullable<Frame['round']>;
        if (round.status !== 'settled') expect(round.serverSeed).toBeNull();
        expect(round.calls).toEqual(calls.slice(0, round.calls.length));
        if (round.status === 'drawing') {
          // No ball before its time, and no prize decided by a ball not called yet.
          const due = Math.floor((Date.parse(f.serverTime as string) - Date.parse(round.closesAt)) / 50) + 1;
          expect(round.calls.length).toBeLessThanOrEqual(due);
          expect(round.winners.every((w) => w.callIndex < round.calls.length)).toBe(true);
        }
      }
      // The table watched beside it still gets its rounds.
      expect(frames.some((f) => f.type === 'round' || f.type === 'result')).toBe(true);
    } finally {
      socket.close();
    }
  });
});

describe('the back office', () => {
  it('lists rooms with the tables and saves a room’s settings for its games not opened yet', async () => {
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
    await makeRoom('TB-O', 1_000, 60, roomResultSeconds('bingo75', 1_000));
    await services.live.ensureRounds();
    const list = (await get('/admin-api/live/tables', owner)).json().value.list;
    const room = list.find((t: { code: string }) => t.code === 'TB-O');
    expect(room).toMatchObject({
      game: 'bingo75',
      room: { cardPrice: PRICE, maxCards: 4, ballMs: 1_000, prizes },
    });
    expect(list.find((t: { code: string }) => t.code === 'BAC-1').room).toBeNull();

    const save = (change: Record<string, unknown>, auth = owner) =>
      app.inject({
        method: 'PUT',
        url: '/admin-api/live/tables/TB-O',
        headers: { merchant: 'tala', authorization: auth },
        payload: {
          minBet: 0,
          maxBet: 0,
          bettingSeconds: 60,
          resultSeconds: 0,
          maintenance: false,
          room: {
            cardPrice: 700,
            maxCards: 6,
            ballMs: 1_000,
            prizes: [
              { pattern: 'line', sharePermille: 100 },
              { pattern: 'fullHouse', sharePermille: 800 },
            ],
          },
          ...change,
        },
      });
    const refusal = async (room: Record<string, unknown>) => {
      const response = await save({ room: { cardPrice: 700, maxCards: 6, ballMs: 1_000, prizes, ...room } });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
      return response.json().errorCode;
    };
    expect((await save({}, finance)).statusCode).toBe(403);
    expect(await refusal({ cardPrice: 0 })).toBe('bingo_card_price_invalid');
    expect(await refusal({ cardPrice: 700.5 })).toBe('amount_too_precise');
    expect(await refusal({ maxCards: 101 })).toBe('bingo_max_cards_invalid');
    expect(await refusal({ ballMs: 10 })).toBe('bingo_ball_ms_invalid');
    expect(await refusal({ prizes: [{ pattern: 'oneLine', sharePermille: 100 }] })).toBe(
      'bingo_prize_shares_invalid',
    );
    expect(
      await refusal({
        prizes: [
          { pattern: 'line', sharePermille: 600 },
          { pattern: 'fullHouse', sharePermille: 401 },
        ],
      }),
    ).toBe('bingo_prize_shares_invalid');
    expect(await refusal({ prizes: [{ pattern: 'line', sharePermille: -1 }] })).toBe(
      'bingo_prize_shares_invalid',
    );
    // The ball interval is part of the room's cycle: only under maintenance.
    expect(await refusal({ ballMs: 2_000 })).toBe('live_table_cycle_needs_maintenance');

    const saved = (await save({})).json().value;
    expect(saved).toMatchObject({ minBet: 700, maxBet: 4_200, room: { cardPrice: 700, maxCards: 6 } });
    const rounds = await sql<{ opens_at: Date; room: { cardPrice: number } }>`
      SELECT opens_at, room FROM live_rounds WHERE table_code = 'TB-O' ORDER BY round_no`.execute(
      services.db,
    );
    const now = Date.now();
    for (const r of rounds.rows)
      expect(r.room.cardPrice).toBe(new Date(r.opens_at).getTime() > now ? 700 : PRICE);
    expect(rounds.rows.some((r) => new Date(r.opens_at).getTime() > now)).toBe(true);
  });

  it('shows each game’s cards sold, sales and prizes paid in the rounds explorer', async () => {
    const support = await operatorAuth(app, 'support', 'support-demo-1');
    const page = (
      await get(`/admin-api/merchants/tala/live/rounds?tableCode=${ROOM}&pageSize=100`, support)
    ).json();
    expect(page.success).toBe(true);
    const played = page.value.list.filter((r: { cards: number | null }) => (r.cards ?? 0) > 0);
    expect(played.length).toBeGreaterThan(0);
    for (const r of played) expect(r.stake).toBe(r.cards * PRICE);
    const settled = played.find(
      (r: { status: string; returned: number }) => r.status === 'settled' && r.returned > 0,
    );
    expect(settled.summary.winner).toBe('bingo');
    const detail = (await get(`/admin-api/merchants/tala/live/rounds/${settled.id}`, support)).json().value;
    expect(detail.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    expect(detail.list.length).toBeGreaterThan(0);
  });
});
