import { dayOf } from '@tala/contracts/calendar';
import type { FishServerFrame } from '@tala/contracts/fish';
import { TRIAL_TYPE } from '@tala/contracts/members';
import { type FishKind, type FishSpawn, fishShot, verifyShot, waveFish } from '@tala/live/fish';
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import { fishRepository } from './fish.repository.ts';
import { syncRoomGame } from './fish-catalogue.ts';

// The fish rooms (docs/decisions/056-fish-rooms.md) on a real database: a shot caught and paid and a miss, each one
// balanced ledger entry; every refusal its own code with no money moved; the cap; the first catch of a fish winning
// under two concurrent shots; replays; recall and records; another merchant's members kept out; the socket's frames.

const { app, services } = await testApp();
afterAll(() => app.close());
const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');
const repository = fishRepository();

const FUNDS = 1_000_000;
const RTP = 9_600;
const BETS = [100, 500];

const headers = (token?: string, merchant = 'tala') => ({
  merchant,
  ...(token ? { authorization: token } : {}),
});
const get = (url: string, token?: string, merchant = 'tala') =>
  app.inject({ url, headers: headers(token, merchant) });
const post = (url: string, payload: unknown, token?: string, merchant = 'tala') =>
  app.inject({ method: 'POST', url, headers: headers(token, merchant), payload: payload as object });
let requests = 0;
const requestId = () => `fish-${Date.now().toString(36)}-${++requests}`;

async function balanceOf(merchantId: number, memberId: number) {
  return services.wallet.balance(await services.wallet.memberAccount(merchantId, memberId));
}
async function unbalancedEntries() {
  const { rows } =
    await sql`SELECT entry_id FROM ledger_postings GROUP BY entry_id HAVING sum(amount) <> 0`.execute(
      services.db,
    );
  return rows;
}

let rooms = 0;
/** A room of its own for a test (shots per second as given), offered in the merchant's catalogue. */
async function makeRoom(shotsPerSecond = 5, merchantId = tala.id) {
  rooms += 1;
  const code = `FT-${rooms}`;
  const room = { code, name: `Test ${code}`, bets: BETS, rtp_bps: RTP, merchant_id: merchantId };
  const id = await repository.insertRoom(services.db, {
    ...room,
    shots_per_second: shotsPerSecond,
    wave_seconds: 60,
    maintenance: false,
  });
  await syncRoomGame(services.db, room);
  services.games.invalidate();
  return { id: id as number, code };
}

let waves = 0;
/** A wave of the room that started `sinceMs` ago (off the room's own schedule), with its seed and fish. */
async function testWave(room: { id: number; code: string }, sinceMs = 20_000) {
  waves += 1;
  const waveNo = 1_000_000_000 + waves;
  // A seed whose wave has, at this time, two sardines well on screen, a fish gone and a fish to come.
  let serverSeed = newServerSeed();
  for (;;) {
    const fish = waveFish(serverSeed, room.code, waveNo, 60);
    const on = (f: FishSpawn) => f.enterMs + 1_000 <= sinceMs && sinceMs + 5_000 <= f.enterMs + f.swimMs;
    if (
      fish.filter((f) => on(f) && f.kind === 'sardine').length >= 2 &&
      fish.some((f) => f.enterMs + f.swimMs + 3_000 < sinceMs) &&
      fish.some((f) => f.enterMs - 3_000 > sinceMs)
    )
      break;
    serverSeed = newServerSeed();
  }
  const starts = Date.now() - sinceMs;
  await repository.insertWaves(services.db, [
    {
      room_id: room.id,
      wave_no: waveNo,
      starts_at: new Date(starts),
      ends_at: new Date(starts + 60_000),
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      rtp_bps: RTP,
      bets: BETS,
    },
  ]);
  const fish = waveFish(serverSeed, room.code, waveNo, 60);
  /** A fish on screen now with at least `marginMs` left either side, of a kind if asked. */
  const swimming = (marginMs = 5_000, kind?: FishKind, not?: number) => {
    const at = Date.now() - starts;
    const found = fish.find(
      (f) =>
        f.enterMs + 600 <= at &&
        at + marginMs <= f.enterMs + f.swimMs &&
        (!kind || f.kind === kind) &&
        f.id !== not,
    );
    if (!found) throw new Error('no fish on screen');
    return found;
  };
  return { waveNo, serverSeed, starts, fish, swimming };
}

/** A client seed whose shots (nonces 0..n-1) at this fish come out as wanted. */
function seedFor(
  wave: { serverSeed: string; waveNo: number },
  code: string,
  fish: FishSpawn,
  wanted: boolean[],
  prefix = 'seed',
) {
  for (let i = 0; i < 100_000; i++) {
    const seed = `${prefix}-${i}-abcdef`;
    if (
      wanted.every(
        (caught, nonce) =>
          fishShot(wave.serverSeed, code, wave.waveNo, seed, nonce, fish.kind, RTP).caught === caught,
      )
    )
      return seed;
  }
  throw new Error('no such seed');
}

// Members made ahead (a member's password hash takes a while): a test's seats are then taken quickly, while the
// fish it aims at are still on screen.
const pool = await Promise.all(Array.from({ length: 16 }, () => fundedMember(services, tala, FUNDS)));

async function seated(code: string, clientSeed: string, funds = FUNDS, merchant = tala) {
  const pooled = funds === FUNDS && merchant === tala ? pool.pop() : undefined;
  const member = pooled ?? (await fundedMember(services, merchant, funds));
  const response = await post(`/wps/fish/rooms/${code}/sit`, { clientSeed }, member.token, merchant.code);
  expect(response.json()).toMatchObject({ success: true });
  return member;
}

const shoot = (
  token: string,
  body: { roomCode: string; waveNo: number; fishId: number; bet?: number; requestId?: string },
  merchant = 'tala',
) => post('/wps/fish/shots', { bet: 100, angle: 0.5, requestId: requestId(), ...body }, token, merchant);

describe('a shot', () => {
  it('is caught and paid in one balanced entry, and a miss costs the bet', async () => {
    const room = await makeRoom();
    const wave = await testWave(room);
    const fish = wave.swimming(3_000, 'sardine');
    const target2 = wave.swimming(3_000, 'sardine', fish.id);
    const catcher = await seated(room.code, seedFor(wave, room.code, fish, [true], 'catch'));
    const answer = await shoot(catcher.token, {
      roomCode: room.code,
      waveNo: wave.waveNo,
      fishId: fish.id,
      bet: 500,
    });
    expect(answer.json().errorCode).toBeUndefined();
    expect(answer.json()).toMatchObject({
      success: true,
      value: {
        caught: true,
        multiplier: 2,
        win: 1_000,
        bet: 500,
        nonce: 0,
        kind: 'sardine',
        balance: FUNDS + 500,
      },
    });
    expect(await balanceOf(tala.id, catcher.id)).toBe(FUNDS + 500);
    // One entry: the member's net and the house's, summing to zero.
    const { rows } = await sql<{ amount: string }>`
      SELECT p.amount FROM fish_shots s JOIN ledger_postings p ON p.entry_id = s.entry_id
       WHERE s.member_id = ${catcher.id} ORDER BY p.amount`.execute(services.db);
    expect(rows.map((r) => Number(r.amount))).toEqual([-500, 500]);

    // Another fish, a seed that misses it: the bet is lost, the fish stays.
    const missing = await seated(room.code, seedFor(wave, room.code, target2 as FishSpawn, [false], 'miss'));
    const missed = await shoot(missing.token, {
      roomCode: room.code,
      waveNo: wave.waveNo,
      fishId: target2.id,
    });
    expect(missed.json()).toMatchObject({
      value: { caught: false, multiplier: 0, win: 0, balance: FUNDS - 100 },
    });
    expect(await balanceOf(tala.id, missing.id)).toBe(FUNDS - 100);
    expect(await unbalancedEntries()).toEqual([]);

    // The room's state shows the catch; recall shows each member their own wave only, the seed hidden until it ends.
    const state = (await get(`/wps/fish/rooms/${room.code}`, catcher.token)).json().value;
    expect(state.seats).toHaveLength(2);
    expect(state.mySeat).toBe(0);
    const recall = (await get(`/wps/fish/recall?roomCode=${room.code}`, catcher.token)).json().value.waves;
    expect(recall).toHaveLength(1);
    expect(recall[0]).toMatchObject({
      waveNo: wave.waveNo,
      totalBet: 500,
      totalWin: 1_000,
      serverSeed: null,
    });
    expect(recall[0].shots).toEqual([
      expect.objectContaining({ nonce: 0, fishId: fish.id, caught: true, win: 1_000 }),
    ]);
    const theirs = (await get('/wps/fish/recall', missing.token)).json().value.waves;
    expect(theirs.flatMap((w: { shots: unknown[] }) => w.shots)).toHaveLength(1);
    expect(theirs[0].totalWin).toBe(0);

    // Once the wave's seed is shown, the shot verifies.
    expect(
      verifyShot({
        serverSeed: wave.serverSeed,
        serverSeedHash: hashServerSeed(wave.serverSeed),
        roomCode: room.code,
        waveNo: wave.waveNo,
        clientSeed: recall[0].clientSeed,
        nonce: 0,
        kind: 'sardine',
        rtpBps: RTP,
        caught: true,
        multiplier: 2,
      }),
    ).toMatchObject({ seedMatches: true, resultMatches: true });

    // The betting record lists the wave as a FISH round of vendor TFISH.
    const today = dayOf(new Date(), tala.settings.whitelabel.timeZone);
    const record = await get(
      `/wps/relay/MCSFE_getBetRecords?product=FISH&from=${today}&to=${today}&pageNo=1&pageSize=10`,
      catcher.token,
    );
    expect(record.json().value.list).toEqual([
      expect.objectContaining({ product: 'FISH', vendor: 'TFISH', bet: 500, win: 1_000 }),
    ]);
  });

  it('numbers a member’s shots in the wave, replays a requestId and refuses another shot under it', async () => {
    const room = await makeRoom();
    const wave = await testWave(room);
    const fish = wave.swimming(3_000);
    const member = await seated(room.code, seedFor(wave, room.code, fish, [false, false], 'replay'));
    const id = requestId();
    const body = { roomCode: room.code, waveNo: wave.waveNo, fishId: fish.id, requestId: id };
    const first = (await shoot(member.token, body)).json();
    const again = (await shoot(member.token, body)).json();
    expect(again).toEqual(first);
    expect(await balanceOf(tala.id, member.id)).toBe(FUNDS - 100);
    expect((await shoot(member.token, { ...body, bet: 500 })).json()).toMatchObject({
      errorCode: 'idempotency_conflict',
    });
    const second = (await shoot(member.token, { ...body, requestId: requestId() })).json();
    expect(second.value.nonce).toBe(1);
    const recall = (await get(`/wps/fish/recall?roomCode=${room.code}`, member.token)).json().value.waves;
    expect(recall[0].shots.map((shot: { nonce: number }) => shot.nonce)).toEqual([0, 1]);
  });

  it('holds each seat to its shots per second, over one second, with no money moved by a refusal', async () => {
    const room = await makeRoom(2);
    const wave = await testWave(room);
    const fish = wave.swimming(3_000);
    const member = await seated(room.code, seedFor(wave, room.code, fish, [false, false, false], 'cap'));
    const at = { roomCode: room.code, waveNo: wave.waveNo, fishId: fish.id };
    const answers = await Promise.all([
      shoot(member.token, at),
      shoot(member.token, at),
      shoot(member.token, at),
    ]);
    const codes = answers.map((a) => a.json().errorCode ?? 'ok').sort();
    expect(codes).toEqual(['fish_shot_rate', 'ok', 'ok']);
    expect(answers.find((a) => a.statusCode === 429)?.json().message).toContain('2');
    expect(await balanceOf(tala.id, member.id)).toBe(FUNDS - 200);
    await new Promise((resolve) => setTimeout(resolve, 1_050));
    expect((await shoot(member.token, at)).json()).toMatchObject({ success: true, value: { nonce: 2 } });
  });

  it('gives the fish to the first of two shots at once; the other is refused and charged nothing', async () => {
    const room = await makeRoom();
    const wave = await testWave(room);
    const fish = wave.swimming(3_000, 'sardine');
    const a = await seated(room.code, seedFor(wave, room.code, fish, [true], 'racea'));
    const b = await seated(room.code, seedFor(wave, room.code, fish, [true], 'raceb'));
    const at = { roomCode: room.code, waveNo: wave.waveNo, fishId: fish.id };
    const answers = await Promise.all([shoot(a.token, at), shoot(b.token, at)]);
    const bodies = answers.map((r) => r.json());
    expect(bodies.filter((r) => r.success && r.value.caught)).toHaveLength(1);
    expect(bodies.filter((r) => r.errorCode === 'fish_already_caught')).toHaveLength(1);
    const balances = [await balanceOf(tala.id, a.id), await balanceOf(tala.id, b.id)].sort();
    expect(balances).toEqual([FUNDS, FUNDS + 100]);
    // A third member's shot at the caught fish: refused, nothing moved.
    const c = await seated(room.code, 'late-comer-seed');
    expect((await shoot(c.token, at)).json()).toMatchObject({ errorCode: 'fish_already_caught' });
    expect(await balanceOf(tala.id, c.id)).toBe(FUNDS);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM fish_shots
      WHERE fish_id = ${fish.id} AND caught AND play_id IN (SELECT id FROM fish_plays WHERE room_id = ${room.id})`.execute(
      services.db,
    );
    expect(rows[0]?.n).toBe(1);
  });
});

describe('refusals', () => {
  it('gives each bad shot its own code and moves no money', async () => {
    const room = await makeRoom();
    const wave = await testWave(room, 40_000);
    const member = await seated(room.code, 'refusals-seed');
    const at = Date.now() - wave.starts;
    const gone = wave.fish.find((f) => f.enterMs + f.swimMs + 2_000 < at) as FishSpawn;
    const coming = wave.fish.find((f) => f.enterMs - 2_000 > at) as FishSpawn;
    const here = wave.swimming(3_000);
    const base = { roomCode: room.code, waveNo: wave.waveNo };
    const cases: [object, number, string][] = [
      [{ ...base, fishId: gone.id }, 409, 'fish_not_on_screen'],
      [{ ...base, fishId: coming.id }, 409, 'fish_not_on_screen'],
      [{ ...base, fishId: 9_999 }, 404, 'fish_not_found'],
      [{ ...base, fishId: here.id, bet: 200 }, 400, 'fish_bet_invalid'],
      [{ ...base, waveNo: 5, fishId: here.id }, 404, 'fish_wave_not_found'],
      [{ roomCode: 'NOPE-1', waveNo: wave.waveNo, fishId: here.id }, 404, 'fish_room_not_found'],
      [{ ...base, fishId: here.id, angle: 9 }, 400, 'validation_failed'],
    ];
    for (const [body, status, code] of cases) {
      const answer = await shoot(member.token, body as { roomCode: string; waveNo: number; fishId: number });
      expect([answer.statusCode, answer.json().errorCode], JSON.stringify(body)).toEqual([status, code]);
      expect(answer.json().message).toBeTruthy();
    }
    // Not seated; a guest; a trial member.
    const stranger = await fundedMember(services, tala, FUNDS);
    expect((await shoot(stranger.token, { ...base, fishId: here.id })).json().errorCode).toBe(
      'fish_not_seated',
    );
    expect((await shoot('', { ...base, fishId: here.id })).statusCode).toBe(401);
    const trial = await fundedMember(services, tala, 0, TRIAL_TYPE);
    const trialShot = await shoot(trial.token, { ...base, fishId: here.id });
    expect([trialShot.statusCode, trialShot.json().errorCode]).toEqual([403, 'in_need_true_account']);
    expect(
      (await post(`/wps/fish/rooms/${room.code}/sit`, { clientSeed: 'trial-seed-1' }, trial.token))
        .statusCode,
    ).toBe(403);
    // Not enough money.
    const poor = await seated(room.code, 'poor-seed-123', 50);
    expect((await shoot(poor.token, { ...base, fishId: here.id })).json().errorCode).toBe(
      'insufficient_funds',
    );
    expect(await balanceOf(tala.id, poor.id)).toBe(50);
    expect(await balanceOf(tala.id, member.id)).toBe(FUNDS);
    expect(await balanceOf(tala.id, stranger.id)).toBe(FUNDS);
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM fish_shots
      WHERE member_id IN (${member.id}, ${stranger.id}, ${poor.id})`.execute(services.db);
    expect(rows[0]?.n).toBe(0);
  });

  it('seats four at most, one seat a member, a seed of the right form, and frees a seat on leaving', async () => {
    const room = await makeRoom();
    const other = await makeRoom();
    const members = [];
    for (let i = 0; i < 4; i++) members.push(await seated(room.code, `seat-seed-${i}`));
    const fifth = await fundedMember(services, tala, FUNDS);
    const full = await post(`/wps/fish/rooms/${room.code}/sit`, { clientSeed: 'fifth-seed' }, fifth.token);
    expect([full.statusCode, full.json().errorCode]).toEqual([409, 'fish_room_full']);
    const bad = await post(`/wps/fish/rooms/${room.code}/sit`, { clientSeed: 'x' }, fifth.token);
    expect([bad.statusCode, bad.json().errorCode]).toEqual([400, 'fish_client_seed_invalid']);
    const elsewhere = await post(
      `/wps/fish/rooms/${other.code}/sit`,
      { clientSeed: 'move-seed' },
      members[0]?.token,
    );
    expect([elsewhere.statusCode, elsewhere.json().errorCode]).toEqual([409, 'fish_seated_elsewhere']);
    expect(elsewhere.json().message).toContain(room.code);
    const left = await post(`/wps/fish/rooms/${room.code}/leave`, {}, members[1]?.token);
    expect(left.json().value).toMatchObject({ mySeat: null });
    expect(left.json().value.seats.map((s: { seat: number }) => s.seat)).toEqual([0, 2, 3]);
    const sat = (
      await post(`/wps/fish/rooms/${room.code}/sit`, { clientSeed: 'fifth-seed' }, fifth.token)
    ).json();
    expect(sat.value).toMatchObject({ mySeat: 1, clientSeed: 'fifth-seed', nonce: 0 });
    expect((await post(`/wps/fish/rooms/${other.code}/ping`, {}, fifth.token)).json().errorCode).toBe(
      'fish_not_seated',
    );
    expect((await post(`/wps/fish/rooms/${room.code}/ping`, {}, fifth.token)).json().value.mySeat).toBe(1);
    // A seat quiet for the idle time is freed (here: made quiet by hand), and the member may sit elsewhere.
    await sql`UPDATE fish_seats SET seen_at = now() - interval '2 minutes' WHERE member_id = ${members[0]?.id}`.execute(
      services.db,
    );
    expect(
      (
        await post(`/wps/fish/rooms/${other.code}/sit`, { clientSeed: 'move-seed' }, members[0]?.token)
      ).json(),
    ).toMatchObject({
      value: { mySeat: 0 },
    });
  });

  it('keeps a room to its merchant and refuses shots under maintenance', async () => {
    const room = await makeRoom();
    const wave = await testWave(room);
    const theirs = await fundedMember(services, lucky, FUNDS);
    expect((await get(`/wps/fish/rooms/${room.code}`, undefined, 'lucky')).json().errorCode).toBe(
      'fish_room_not_found',
    );
    expect((await get('/wps/fish/rooms', undefined, 'lucky')).json().value.list).toEqual([]);
    const sit = await post(
      `/wps/fish/rooms/${room.code}/sit`,
      { clientSeed: 'lucky-seed-1' },
      theirs.token,
      'lucky',
    );
    expect(sit.json().errorCode).toBe('fish_room_not_found');
    const list = (await get('/wps/fish/rooms')).json().value.list.map((r: { code: string }) => r.code);
    expect(list).toEqual(expect.arrayContaining(['FISH-1', 'FISH-2', room.code]));
    // The catalogue lists the room as a FISH game for its merchant only.
    const games = (await get('/wps/relay/GCSGAME_gameList?gameType=FISH&pageNo=1&pageSize=100')).json().value
      .list;
    expect(games.map((g: { gameCode: string }) => g.gameCode)).toContain(room.code);
    const luckyGames = await get(
      '/wps/relay/GCSGAME_gameList?gameType=FISH&pageNo=1&pageSize=100',
      undefined,
      'lucky',
    );
    expect((luckyGames.json().value?.list ?? []).map((g: { gameCode: string }) => g.gameCode)).not.toContain(
      room.code,
    );

    const member = await seated(room.code, 'maintenance-seed');
    await sql`UPDATE fish_rooms SET maintenance = true WHERE id = ${room.id}`.execute(services.db);
    const shot = await shoot(member.token, {
      roomCode: room.code,
      waveNo: wave.waveNo,
      fishId: wave.swimming(2_000).id,
    });
    expect([shot.statusCode, shot.json().errorCode]).toEqual([503, 'fish_room_maintenance']);
    expect(await balanceOf(tala.id, member.id)).toBe(FUNDS);
  });
});

describe('the live socket', () => {
  it('sends a watched room’s wave, then every shot and seat change, to the room’s merchant only', async () => {
    const room = await makeRoom();
    await services.fish.ensureWaves();
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    const open = (merchant: string) =>
      new Promise<{ socket: WebSocket; frames: FishServerFrame[] }>((resolve, reject) => {
        const socket = new WebSocket(`${address.replace('http', 'ws')}/wps/live/socket?merchant=${merchant}`);
        const frames: FishServerFrame[] = [];
        socket.on('message', (data) => frames.push(JSON.parse(String(data))));
        socket.on('open', () => resolve({ socket, frames }));
        socket.on('error', reject);
      });
    const ours = await open('tala');
    const theirs = await open('lucky');
    for (const s of [ours, theirs]) s.socket.send(JSON.stringify({ type: 'watch', tables: [room.code] }));
    const until = async (check: () => boolean) => {
      for (let i = 0; i < 100 && !check(); i++) await new Promise((r) => setTimeout(r, 50));
      expect(check()).toBe(true);
    };
    await until(() => ours.frames.some((f) => f.type === 'fishWave'));
    const wave = (
      ours.frames.find((f) => f.type === 'fishWave') as Extract<FishServerFrame, { type: 'fishWave' }>
    ).wave;
    expect(wave.serverSeed).toBeNull();
    expect(wave.fish.length).toBeGreaterThan(10);

    const member = await seated(room.code, 'socket-seed-1');
    await until(() => ours.frames.some((f) => f.type === 'fishSeats'));
    const starts = Date.parse(wave.startsAt);
    const at = Date.now() - starts;
    const fish = wave.fish.find((f) => f.enterMs + 500 <= at && at + 1_000 <= f.enterMs + f.swimMs);
    if (fish) {
      const answer = await shoot(member.token, { roomCode: room.code, waveNo: wave.waveNo, fishId: fish.id });
      expect(answer.json().success).toBe(true);
      await until(() => ours.frames.some((f) => f.type === 'fishShot'));
      expect(ours.frames.find((f) => f.type === 'fishShot')).toMatchObject({
        roomCode: room.code,
        seat: 0,
        fishId: fish.id,
        angle: 0.5,
        bet: 100,
      });
    }
    await new Promise((r) => setTimeout(r, 200));
    expect(theirs.frames.filter((f) => String(f.type).startsWith('fish'))).toEqual([]);
    ours.socket.close();
    theirs.socket.close();
  });
});
