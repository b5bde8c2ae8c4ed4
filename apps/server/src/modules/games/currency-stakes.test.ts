// The studio's stakes in each merchant's currency (decision 069): the VND demo merchant's live limits and chips, PvP
// stakes and buy-ins, fish bets and slot bets are the peso's figures times the dong's stake scale (10), and a stake
// with a fraction of the dong is refused with amount_too_precise, moving no money.
import { playScaledRound, type RoundOutcome } from '@tala/slots/engine';
import { roundStream } from '@tala/slots/fairness';
import { titleByCode } from '@tala/slots/titles';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';
import { liveRepository } from '../live/live.repository.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';

const { app, services } = await testApp();
const saomai = await services.merchants.byCode('saomai');
afterAll(() => app.close());

const headers = (merchant: string, token?: string) => ({
  merchant,
  ...(token ? { authorization: token } : {}),
});
const get = (url: string, merchant = 'saomai', token?: string) =>
  app.inject({ url, headers: headers(merchant, token) });
const post = (url: string, payload: unknown, token: string) =>
  app.inject({ method: 'POST', url, headers: headers('saomai', token), payload: payload as object });
let requests = 0;
const requestId = () => `stake-${Date.now().toString(36)}-${++requests}`;
const balanceOf = async (memberId: number) =>
  services.wallet.balance(await services.wallet.memberAccount(saomai.id, memberId));

describe('a dong merchant plays the studio in dong', () => {
  it('reads live limits and chips scaled to the dong, the peso merchant its own', async () => {
    await services.live.ensureRounds();
    const table = (merchant: string) =>
      get('/wps/live/tables', merchant).then(
        (r) => r.json().value.list.find((s: { table: { code: string } }) => s.table.code === 'BAC-1').table,
      );
    expect(await table('saomai')).toMatchObject({
      minBet: 10_000,
      maxBet: 50_000_000,
      chips: [10_000, 50_000, 100_000, 500_000, 1_000_000],
    });
    expect(await table('tala')).toMatchObject({
      minBet: 1_000,
      maxBet: 5_000_000,
      chips: [1_000, 5_000, 10_000, 50_000, 100_000],
    });
    expect((await get('/wps/live/tables/BAC-1')).json().value.table.minBet).toBe(10_000);
  });

  it('refuses a live stake under the dong minimum or with a fraction of a dong, and takes a whole one', async () => {
    const member = await fundedMember(services, saomai, 1_000_000);
    const roundNo = 2_000_000_000 + Math.floor(Math.random() * 1_000_000);
    const now = Date.now();
    await liveRepository().insertRounds(services.db, [
      {
        table_code: 'BAC-1',
        round_no: roundNo,
        opens_at: new Date(now - 1_000),
        closes_at: new Date(now + 60_000),
        ends_at: new Date(now + 65_000),
        server_seed: 'a'.repeat(64),
        server_seed_hash: 'b'.repeat(64),
      },
    ]);
    const place = (amount: number) =>
      post(
        '/wps/live/bets',
        { tableCode: 'BAC-1', roundNo, requestId: requestId(), spots: { banker: amount } },
        member.token,
      ).then((r) => r.json());
    // 5,000 dong would be five pesos' worth of the table's minimum in centavos: under the dong table's 10,000.
    expect((await place(5_000)).errorCode).toBe('live_bet_below_minimum');
    const fraction = await place(10_000.5);
    expect(fraction.errorCode).toBe('amount_too_precise');
    expect(fraction.message).toBeTruthy();
    expect(await balanceOf(member.id)).toBe(1_000_000);
    expect((await place(10_000)).success).toBe(true);
    expect(await balanceOf(member.id)).toBe(990_000);
  });

  it('seats PvP players with buy-ins in dong', async () => {
    const list = (await get('/wps/relay/GLS2_roomList')).json();
    const tables = JSON.stringify(list);
    expect(tables).toContain('HOLDEM-10');
    const state = (await get('/wps/pvp/tables/HOLDEM-10')).json().value;
    expect(state.table).toMatchObject({ stake: 10_000, minBuyIn: 200_000, maxBuyIn: 1_000_000 });
    expect(state.table.name).toBe("Hold'em 5,000 ₫/10,000 ₫");
    const member = await fundedMember(services, saomai, 5_000_000);
    const sit = (buyIn: number) =>
      post(
        '/wps/pvp/tables/HOLDEM-10/sit',
        { buyIn, deviceId: `device-${requestId()}`, requestId: requestId() },
        member.token,
      ).then((r) => r.json());
    expect((await sit(200_000.5)).errorCode).toBe('amount_too_precise');
    // The peso table's buy-in in centavos is far under the dong table's.
    expect((await sit(20_000)).errorCode).toBe('pvp_buy_in_out_of_range');
    expect(await balanceOf(member.id)).toBe(5_000_000);
  });

  it('lists its own fish rooms with bets in dong and refuses a shot with a fraction of a dong', async () => {
    const rooms = (await get('/wps/fish/rooms')).json().value.list as { code: string; bets: number[] }[];
    expect(rooms.find((r) => r.code === 'FISH-VN1')?.bets).toEqual([1_000, 2_000, 5_000, 10_000]);
    expect(rooms.find((r) => r.code === 'FISH-VN2')?.bets).toEqual([10_000, 20_000, 50_000, 100_000]);
    const member = await fundedMember(services, saomai, 1_000_000);
    const shot = await post(
      '/wps/fish/shots',
      { requestId: requestId(), roomCode: 'FISH-VN1', waveNo: 1, fishId: 0, bet: 1_000.5, angle: 0 },
      member.token,
    );
    expect(shot.json().errorCode).toBe('amount_too_precise');
    expect(await balanceOf(member.id)).toBe(1_000_000);
  });

  it('offers slot bets in dong, plays them at the dong scale and refuses fractions and peso bets', async () => {
    const titles = (await get('/wps/relay/SLOTS_titles')).json().value.list as {
      code: string;
      bets: number[];
    }[];
    const title = titles[0] as { code: string; bets: number[] };
    const peso = titleByCode(title.code);
    expect(title.bets).toEqual(peso?.config.bets.map((b) => b * 10));
    const member = await fundedMember(services, saomai, 10_000_000);
    const spin = (bet: number) =>
      post('/wps/relay/SLOTS_spin', { gameCode: title.code, bet, requestId: requestId() }, member.token).then(
        (r) => r.json(),
      );
    expect((await spin(1_000.5)).errorCode).toBe('amount_too_precise');
    expect((await spin(peso?.config.bets[0] as number)).errorCode).toBe('validation_failed');
    expect(await balanceOf(member.id)).toBe(10_000_000);
    const played = await spin(title.bets[0] as number);
    expect(played.success).toBe(true);
    const round = played.value.round;
    expect(round.bet).toBe(title.bets[0]);
    const outcome = round.outcome as RoundOutcome;
    expect(outcome.scale).toBe(10);
    expect(outcome.win % 10).toBe(0);
    // The recorded outcome is the engine's at the dong scale, from the pair's seeds: anyone can recompute it.
    const pair = (
      await sql<{
        server_seed: string;
      }>`SELECT server_seed FROM slots_seed_pairs WHERE id = ${round.seedPairId}`.execute(services.db)
    ).rows[0] as { server_seed: string };
    if (!peso) throw new Error('no title');
    const again = playScaledRound(
      peso,
      round.bet,
      roundStream(pair.server_seed, round.clientSeed, round.nonce),
      10,
    );
    expect(JSON.parse(JSON.stringify(again))).toEqual(outcome);
  });

  it('filters the lobby by the minimum-bet choices, each read as the dong’s members see the games', async () => {
    // The API takes spec §5's choices for every merchant; '0.05' is 5 centavos, 50 ₫ at the dong's stake scale.
    const list = async (merchant: string, query: string) =>
      (await get(`/wps/relay/GCSGAME_gameList?${query}&pageSize=100`, merchant)).json().value;
    const dong = await list('saomai', 'gameType=RNG&minBet=0.05');
    const peso = await list('tala', 'gameType=RNG&minBet=0.05');
    expect(dong.total).toBeGreaterThan(0);
    expect(dong.list.every((g: { minBet: string }) => g.minBet === '50')).toBe(true);
    expect(peso.total).toBeGreaterThan(0);
    expect(peso.list.every((g: { minBet: string }) => g.minBet === '0.05')).toBe(true);
    // A line's choices are those values, and each finds some of the line's games.
    const details = (await get('/wps/relay/GCSGAME_getVassGameType?vassalage=MABUHAY_RNG')).json().value;
    expect(details.minBets.length).toBeGreaterThan(0);
    for (const choice of details.minBets) {
      const found = await list('saomai', `vassalage=MABUHAY_RNG&minBet=${choice}`);
      expect(found.total, choice).toBeGreaterThan(0);
    }
  });
});
