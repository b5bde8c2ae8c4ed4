// Bingo rooms per currency (issue 19 item 3, decision 069): a room has a currency, a merchant's members see and buy
// cards only in rooms of its currency (the dong's rooms cost the peso's price times the dong's stake scale), a room's
// sales and prizes are all in its currency, and a room of another currency is not found, moving no money.
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { liveRepository } from './live.repository.ts';
import { bingoRoomDefinitions } from './live-tables.ts';

const { app, services } = await testApp();
afterAll(() => app.close());
const tala = await services.merchants.byCode('tala');
const saomai = await services.merchants.byCode('saomai');

/** A merchant of this currency that offers bingo (the spec lists bingo only where Tagalog is supported). */
async function bingoMerchant(code: string, currency: string): Promise<Merchant> {
  const settings = structuredClone(saomai.settings);
  settings.whitelabel = {
    ...settings.whitelabel,
    currency: currency as typeof settings.whitelabel.currency,
    supportedLanguages: ['EN', 'TY'],
  };
  await services.merchants.create(code, settings, []);
  return services.merchants.byCode(code);
}
const dong = await bingoMerchant('bingo-vnd', 'VND');
const baht = await bingoMerchant('bingo-thb', 'THB');
services.games.invalidate();

const get = (url: string, merchant: string, token?: string) =>
  app.inject({ url, headers: { merchant, ...(token ? { authorization: token } : {}) } });
const post = (url: string, payload: unknown, merchant: string, token: string) =>
  app.inject({
    method: 'POST',
    url,
    headers: { merchant, authorization: token },
    payload: payload as object,
  });
let requests = 0;
const requestId = () => `bingo-cur-${Date.now().toString(36)}-${++requests}`;
const clientSeed = () => newServerSeed().slice(0, 32);
const balanceOf = async (merchant: Merchant, memberId: number) =>
  services.wallet.balance(await services.wallet.memberAccount(merchant.id, memberId));

const BALL_MS = 20;
let rounds = 0;
/** A game of a studio room selling now and closing in `closes` ms, its balls quick, the room's price and prizes. */
async function testGame(code: string, closes: number) {
  rounds += 1;
  const roundNo = 1_500_000_000 + rounds;
  const definition = bingoRoomDefinitions.find((r) => r.code === code);
  if (!definition) throw new Error(code);
  const serverSeed = newServerSeed();
  const now = Date.now();
  await liveRepository().insertRounds(services.db, [
    {
      table_code: code,
      round_no: roundNo,
      opens_at: new Date(now - 1_000),
      closes_at: new Date(now + closes),
      ends_at: new Date(now + closes + 60_000),
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      room: JSON.stringify({
        game: definition.game,
        currency: definition.currency,
        cardPrice: definition.cardPrice,
        maxCards: definition.maxCards,
        ballMs: BALL_MS,
        prizes: definition.prizes,
      }),
    },
  ]);
  return { roundNo, closesAt: now + closes };
}

const buy = (merchant: Merchant, token: string, roomCode: string, roundNo: number, count = 1) =>
  post(
    '/wps/bingo/cards',
    { roomCode, roundNo, requestId: requestId(), count, clientSeed: clientSeed() },
    merchant.code,
    token,
  );

async function waitUntil(at: number) {
  await new Promise((resolve) => setTimeout(resolve, Math.max(0, at - Date.now()) + 50));
}

/** The currencies of the accounts of the ledger entries under these idempotency keys. */
async function entryCurrencies(keys: string[]) {
  const rows = await sql<{ currency: string }>`
    SELECT DISTINCT a.currency FROM ledger_entries e
      JOIN ledger_postings p ON p.entry_id = e.id
      JOIN ledger_accounts a ON a.id = p.account_id
     WHERE e.idempotency_key IN (${sql.join(keys)})`.execute(services.db);
  return rows.rows.map((r) => r.currency);
}

describe('rooms per currency', () => {
  it('lists each merchant the rooms of its currency only, the dong’s at the peso’s price times its scale', async () => {
    await services.live.ensureRounds();
    const codes = async (merchant: string) =>
      (await get('/wps/bingo/rooms', merchant))
        .json()
        .value.list.map((s: { room: { code: string } }) => s.room);
    const peso = await codes('tala');
    expect(peso.map((r: { code: string }) => r.code).sort()).toEqual(['BGO-75', 'BGO-90']);
    expect(peso.every((r: { currency: string }) => r.currency === 'PHP')).toBe(true);
    const vnd = await codes(dong.code);
    expect(vnd.map((r: { code: string }) => r.code).sort()).toEqual(['BGO-VN75', 'BGO-VN90']);
    expect(vnd.find((r: { code: string }) => r.code === 'BGO-VN75')).toMatchObject({
      currency: 'VND',
      cardPrice: 5_000,
      game: 'bingo75',
      rtp: '85.0',
    });
    expect(vnd.find((r: { code: string }) => r.code === 'BGO-VN90')).toMatchObject({ cardPrice: 10_000 });
    // No room in baht: the empty state, not another currency's rooms.
    expect(await codes(baht.code)).toEqual([]);
    expect((await get('/wps/bingo/rooms/BGO-75', baht.code)).json().errorCode).toBe('bingo_room_not_found');

    // The lobby's bingo games are the currency's rooms, their least bet the card price in that currency.
    const lobby = async (merchant: string) =>
      (
        await get('/wps/relay/GCSGAME_gameList?vassalage=TLIVE_BINGO&gameClassify=BG&pageSize=50', merchant)
      ).json().value.list as { gameCode: string }[];
    expect((await lobby(dong.code)).map((g) => g.gameCode).sort()).toEqual(['BGO-VN75', 'BGO-VN90']);
    expect((await lobby('tala')).map((g) => g.gameCode).sort()).toEqual(['BGO-75', 'BGO-90']);
    expect((await services.games.inHouseGame(dong, 'BGO-VN75'))?.minBet).toBe('5000');
    expect(await services.games.inHouseGame(dong, 'BGO-75')).toBeUndefined();
    expect(await services.games.inHouseGame(tala, 'BGO-VN75')).toBeUndefined();
  });

  it('sells a dong member cards at the dong’s price and pays the pool in dong, in entries of dong only', async () => {
    const member = await fundedMember(services, dong, 100_000);
    const { roundNo, closesAt } = await testGame('BGO-VN75', 1_500);
    const bought = await buy(dong, member.token, 'BGO-VN75', roundNo, 2);
    expect(bought.json().value).toMatchObject({ stake: 10_000, balance: 90_000 });
    expect(bought.json().value.cards.map((c: { price: number }) => c.price)).toEqual([5_000, 5_000]);

    await waitUntil(closesAt);
    await services.bingo.settleDue();
    const row = await liveRepository().round(services.db, 'BGO-VN75', roundNo);
    expect(row?.status).toBe('drawing');
    await waitUntil(row?.settles_at?.getTime() ?? 0);
    await services.bingo.settleDue();
    expect((await liveRepository().round(services.db, 'BGO-VN75', roundNo))?.status).toBe('settled');

    // The only buyer wins every prize: 85% of 10,000 ₫ (line 1,500, four corners 1,000, two lines 1,500, full
    // house 4,500).
    const recall = (await get('/wps/bingo/recall?roomCode=BGO-VN75', dong.code, member.token)).json().value
      .list;
    expect(recall[0].round).toMatchObject({ roundNo, status: 'settled', cardsSold: 2, sales: 10_000 });
    expect(recall[0].round.pools.map((p: { amount: number }) => p.amount)).toEqual([
      1_500, 1_000, 1_500, 4_500,
    ]);
    expect(await balanceOf(dong, member.id)).toBe(100_000 - 10_000 + 8_500);
    const bets = await sql<{ id: number; request_id: string }>`
      SELECT b.id, b.request_id FROM live_bets b WHERE b.member_id = ${member.id}`.execute(services.db);
    const keys = bets.rows.flatMap((b) => [`live:bet:${member.id}:${b.request_id}`, `live:payout:${b.id}`]);
    expect(await entryCurrencies(keys)).toEqual(['VND']);

    // Every currency reconciles on its own.
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const report = (
      await app.inject({
        url: '/admin-api/payments/reconciliation',
        headers: { merchant: 'tala', authorization: owner },
      })
    ).json().value;
    expect(report.ok).toBe(true);
    const vnd = report.currencies.find((c: { currency: string }) => c.currency === 'VND');
    expect(vnd.total).toBe(0);
  });

  it('refuses a room of another currency with bingo_room_not_found and moves no money, either way', async () => {
    const peso = await fundedMember(services, tala, 50_000);
    const vnd = await fundedMember(services, dong, 50_000);
    const dongGame = await testGame('BGO-VN75', 30_000);
    const pesoGame = await testGame('BGO-75', 30_000);
    const refused = async (response: Awaited<ReturnType<typeof get>>) => {
      expect(response.statusCode).toBe(404);
      return response.json().errorCode;
    };
    expect(await refused(await buy(tala, peso.token, 'BGO-VN75', dongGame.roundNo))).toBe(
      'bingo_room_not_found',
    );
    expect(await refused(await buy(dong, vnd.token, 'BGO-75', pesoGame.roundNo))).toBe(
      'bingo_room_not_found',
    );
    expect(await refused(await get('/wps/bingo/rooms/BGO-VN75', 'tala'))).toBe('bingo_room_not_found');
    expect(await refused(await get('/wps/bingo/rooms/BGO-75', dong.code))).toBe('bingo_room_not_found');
    expect(
      await refused(
        await get(`/wps/bingo/rooms/BGO-VN75/cards?roundNo=${dongGame.roundNo}`, 'tala', peso.token),
      ),
    ).toBe('bingo_room_not_found');
    expect(await refused(await get('/wps/bingo/recall?roomCode=BGO-75', dong.code, vnd.token))).toBe(
      'bingo_room_not_found',
    );
    // The room's chat is its currency's merchants' too.
    expect(await refused(await get('/wps/bingo/rooms/BGO-VN75/chat', 'tala'))).toBe(
      'room_chat_room_not_found',
    );
    expect(await balanceOf(tala, peso.id)).toBe(50_000);
    expect(await balanceOf(dong, vnd.id)).toBe(50_000);
    const sold = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM live_bets WHERE member_id IN (${peso.id}, ${vnd.id})`.execute(
      services.db,
    );
    expect(sold.rows[0]?.n).toBe(0);

    // Each takes its own currency's room.
    expect((await buy(tala, peso.token, 'BGO-75', pesoGame.roundNo)).json().value).toMatchObject({
      stake: 500,
    });
    expect((await buy(dong, vnd.token, 'BGO-VN75', dongGame.roundNo)).json().value).toMatchObject({
      stake: 5_000,
    });
    // The socket's frames of a room go to its currency's merchants only.
    const frames = await services.bingo.roundsNow(['BGO-VN75'], [tala.id, dong.id]);
    expect(frames.length).toBeGreaterThan(0);
    for (const frame of frames) expect([...frame.views.keys()]).toEqual([dong.id]);
  });
});

describe('the back office', () => {
  it('shows each room’s currency and takes its price in it: a fraction or another currency is refused', async () => {
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const list = (
      await app.inject({ url: '/admin-api/live/tables', headers: { merchant: 'tala', authorization: owner } })
    ).json().value.list;
    const room = list.find((t: { code: string }) => t.code === 'BGO-VN90');
    expect(room.room).toMatchObject({ currency: 'VND', cardPrice: 10_000 });
    expect(list.find((t: { code: string }) => t.code === 'BGO-90').room).toMatchObject({
      currency: 'PHP',
      cardPrice: 1_000,
    });
    const save = (change: Record<string, unknown>) =>
      app.inject({
        method: 'PUT',
        url: '/admin-api/live/tables/BGO-VN90',
        headers: { merchant: 'tala', authorization: owner },
        payload: {
          minBet: 0,
          maxBet: 0,
          bettingSeconds: room.bettingSeconds,
          resultSeconds: 0,
          maintenance: false,
          room: { ...room.room, ...change },
        },
      });
    const refusal = async (change: Record<string, unknown>) => {
      const response = await save(change);
      expect(response.statusCode).toBe(400);
      return response.json().errorCode;
    };
    expect(await refusal({ cardPrice: 12_000.5 })).toBe('amount_too_precise');
    expect(await refusal({ currency: 'PHP', cardPrice: 1_200 })).toBe('bingo_room_currency_fixed');
    expect((await save({ currency: 'PHP', cardPrice: 1_200 })).json().message).toContain('VND');
    expect(await refusal({ currency: 'XYZ' })).toBe('currency_unknown');
    const saved = await save({ cardPrice: 12_000 });
    expect(saved.json().value).toMatchObject({
      minBet: 12_000,
      room: { currency: 'VND', cardPrice: 12_000 },
    });
    const rooms = (await get('/wps/bingo/rooms', dong.code)).json().value.list;
    expect(rooms.find((s: { room: { code: string } }) => s.room.code === 'BGO-VN90').room.cardPrice).toBe(
      12_000,
    );
  });
});
