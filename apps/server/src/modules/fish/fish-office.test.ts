import { dayOf } from '@tala/contracts/calendar';
import { fishShot, waveFish } from '@tala/live/fish';
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import { fishRepository } from './fish.repository.ts';

// The fish rooms' back office (docs/decisions/056-fish-rooms.md): every endpoint for every role (and a member's
// session, of this merchant or another), the settings' refusals, a save applying to the waves not started, the
// waves explorer filtered by member with another merchant's shots kept out, and the P&L's sums.

const { app, services } = await testApp();
afterAll(() => app.close());
const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const repository = fishRepository();

type Method = 'GET' | 'PUT' | 'POST';
const call = (method: Method, url: string, auth?: string, payload?: unknown, merchant = 'tala') =>
  app.inject({
    method,
    url,
    headers: { merchant, ...(auth ? { authorization: auth } : {}) },
    ...(payload === undefined ? {} : { payload: payload as object }),
  });
const base = '/admin-api/merchants/tala/fish';
const today = dayOf(new Date(), tala.settings.whitelabel.timeZone);
const newRoom = (code: string, extra: object = {}) => ({
  code,
  name: `Room ${code}`,
  bets: [100, 200, 500],
  rtpBps: 9_500,
  shotsPerSecond: 4,
  waveSeconds: 60,
  ...extra,
});
const settings = (extra: object = {}) => ({
  name: 'Renamed',
  bets: [200, 1_000],
  rtpBps: 9_700,
  shotsPerSecond: 3,
  maintenance: false,
  ...extra,
});

describe('who may do what', () => {
  it('lets owners change rooms, owners, finance and support read, finance and owners the P&L, content nothing', async () => {
    const member = await fundedMember(services, tala, 0);
    const theirs = await fundedMember(services, lucky, 0);
    const reads = [`${base}/rooms`, `${base}/waves`, `${base}/waves/999999999`];
    const cases: { who: string; auth?: string; read: number; report: number; write: number }[] = [
      { who: 'owner', auth: owner, read: 200, report: 200, write: 200 },
      { who: 'finance', auth: finance, read: 200, report: 200, write: 403 },
      { who: 'support', auth: support, read: 200, report: 403, write: 403 },
      { who: 'content', auth: content, read: 403, report: 403, write: 403 },
      { who: 'guest', read: 401, report: 401, write: 401 },
      { who: 'member', auth: member.token, read: 401, report: 401, write: 401 },
      { who: 'another merchant’s member', auth: theirs.token, read: 401, report: 401, write: 401 },
    ];
    let n = 0;
    for (const c of cases) {
      for (const url of reads) {
        const status = (await call('GET', url, c.auth)).statusCode;
        // No wave has that id: a reader gets 404, the others their refusal.
        expect(status, `${c.who} ${url}`).toBe(
          url.endsWith('/waves/999999999') && c.read === 200 ? 404 : c.read,
        );
      }
      expect((await call('GET', `${base}/report?from=${today}&to=${today}`, c.auth)).statusCode, c.who).toBe(
        c.report,
      );
      n += 1;
      const created = await call('POST', `${base}/rooms`, c.auth, newRoom(`RW-${n}`));
      expect(created.statusCode, c.who).toBe(c.write);
      const saved = await call(
        'PUT',
        `${base}/rooms/FISH-1`,
        c.auth,
        settings({ name: 'Fishing Maynila', bets: [100, 200, 500, 1_000], rtpBps: 9_600, shotsPerSecond: 5 }),
      );
      expect(saved.statusCode, c.who).toBe(c.write);
    }
    // Operators are the platform's: an owner reads another merchant's rooms through that merchant's path only.
    const luckyRooms = (await call('GET', '/admin-api/merchants/lucky/fish/rooms', owner)).json().value.list;
    expect(luckyRooms).toEqual([]);
    expect(
      (await call('PUT', '/admin-api/merchants/lucky/fish/rooms/FISH-1', owner, settings())).json().errorCode,
    ).toBe('fish_room_not_found');
    expect((await call('GET', '/admin-api/merchants/nobody/fish/rooms', owner)).statusCode).toBe(404);
  });
});

describe('rooms', () => {
  it('creates a room in the catalogue, refuses each bad setting with its own code, and saves for the coming waves', async () => {
    const created = (await call('POST', `${base}/rooms`, owner, newRoom('FO-1'))).json();
    expect(created.value).toMatchObject({
      code: 'FO-1',
      bets: [100, 200, 500],
      rtpBps: 9_500,
      seats: 4,
      seatsTaken: 0,
    });
    expect((await call('POST', `${base}/rooms`, owner, newRoom('FO-1'))).json().errorCode).toBe(
      'fish_room_code_taken',
    );
    const refusals: [object, string][] = [
      [{ code: 'fo 1' }, 'fish_room_code_invalid'],
      [{ name: ' ' }, 'fish_room_name_invalid'],
      [{ bets: [] }, 'fish_bets_invalid'],
      [{ bets: [200, 100] }, 'fish_bets_invalid'],
      [{ bets: [100, 125.5] }, 'amount_too_precise'],
      [{ rtpBps: 8_999 }, 'fish_rtp_invalid'],
      [{ rtpBps: 9_801 }, 'fish_rtp_invalid'],
      [{ shotsPerSecond: 0 }, 'fish_shots_per_second_invalid'],
      [{ shotsPerSecond: 11 }, 'fish_shots_per_second_invalid'],
      [{ waveSeconds: 10 }, 'fish_wave_seconds_invalid'],
    ];
    for (const [extra, code] of refusals) {
      const answer = await call('POST', `${base}/rooms`, owner, newRoom('FO-2', extra));
      expect([answer.statusCode, answer.json().errorCode], code).toEqual([400, code]);
      expect(answer.json().message).toBeTruthy();
    }
    const games = (
      await call('GET', '/wps/relay/GCSGAME_gameList?gameType=FISH&pageNo=1&pageSize=100')
    ).json().value.list;
    expect(games.find((g: { gameCode: string }) => g.gameCode === 'FO-1')).toMatchObject({
      vendor: 'TFISH',
      rtp: '95.00',
    });

    // A save: the waves made ahead take the new bets and return; the wave now keeps what it was committed with.
    const [room] = await repository.rooms(services.db, { code: 'FO-1' });
    const now = Math.floor((Date.now() - (room?.epoch.getTime() ?? 0)) / 60_000);
    const before = await repository.waves(services.db, [{ roomId: room?.id as number, waveNo: now }]);
    const saved = (await call('PUT', `${base}/rooms/FO-1`, owner, settings())).json();
    expect(saved.value).toMatchObject({
      name: 'Renamed',
      bets: [200, 1_000],
      rtpBps: 9_700,
      shotsPerSecond: 3,
    });
    const [current, next] = await repository
      .waves(services.db, [
        { roomId: room?.id as number, waveNo: now },
        { roomId: room?.id as number, waveNo: now + 1 },
      ])
      .then((w) => w.sort((a, b) => a.wave_no - b.wave_no));
    expect(current?.rtp_bps).toBe(before[0]?.rtp_bps);
    expect(next).toMatchObject({ rtp_bps: 9_700, bets: [200, 1_000] });
    const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM audit_log
      WHERE action IN ('fish.room.create', 'fish.room.save') AND target = 'fish_room:FO-1'`.execute(
      services.db,
    );
    expect(rows[0]?.n).toBe(2);
    for (const [extra, code] of refusals.filter(([e]) => !('code' in e) && !('waveSeconds' in e))) {
      const answer = await call('PUT', `${base}/rooms/FO-1`, owner, settings(extra));
      expect(answer.json().errorCode, code).toBe(code);
    }
    // Under maintenance: the players' list says so.
    await call('PUT', `${base}/rooms/FO-1`, owner, settings({ maintenance: true }));
    const list = (await call('GET', '/wps/fish/rooms')).json().value.list;
    expect(list.find((r: { code: string }) => r.code === 'FO-1')).toMatchObject({ maintenance: true });
  });
});

describe('waves and the P&L', () => {
  it('shows the merchant’s shots by wave and member, and sums the P&L by day and room', async () => {
    await call('POST', `${base}/rooms`, owner, newRoom('FO-3', { rtpBps: 9_600, bets: [100] }));
    await call(
      'POST',
      '/admin-api/merchants/lucky/fish/rooms',
      owner,
      newRoom('LO-3', { rtpBps: 9_600, bets: [100] }),
    );
    const [room] = await repository.rooms(services.db, { code: 'FO-3' });
    // A wave started 20 s ago, and two members of this merchant shooting at fish on screen.
    const serverSeed = newServerSeed();
    const waveNo = 2_000_000_000;
    const starts = Date.now() - 20_000;
    await repository.insertWaves(services.db, [
      {
        room_id: room?.id as number,
        wave_no: waveNo,
        starts_at: new Date(starts),
        ends_at: new Date(starts + 60_000),
        server_seed: serverSeed,
        server_seed_hash: hashServerSeed(serverSeed),
        rtp_bps: 9_600,
        bets: [100],
      },
    ]);
    const onScreen = waveFish(serverSeed, 'FO-3', waveNo, 60).filter(
      (f) => f.enterMs + 500 <= 20_000 && 23_000 <= f.enterMs + f.swimMs,
    );
    expect(onScreen.length).toBeGreaterThan(0);
    const shooters = [];
    for (const name of ['alpha', 'bravo']) {
      const member = await fundedMember(services, tala, 100_000);
      const sat = await app.inject({
        method: 'POST',
        url: '/wps/fish/rooms/FO-3/sit',
        headers: { merchant: 'tala', authorization: member.token },
        payload: { clientSeed: `${name}-seed-1` },
      });
      expect(sat.json().success).toBe(true);
      shooters.push(member);
    }
    let expected = { shots: 0, stake: 0, returned: 0 };
    for (const [i, member] of shooters.entries()) {
      const fish = onScreen[i % onScreen.length];
      const answer = await call('POST', '/wps/fish/shots', member.token, {
        requestId: `office-shot-${i}-${Date.now()}`,
        roomCode: 'FO-3',
        waveNo,
        fishId: fish?.id,
        bet: 100,
        angle: 0,
      });
      const body = answer.json();
      if (body.errorCode === 'fish_already_caught') continue;
      expect(body.success).toBe(true);
      const outcome = fishShot(
        serverSeed,
        'FO-3',
        waveNo,
        `${['alpha', 'bravo'][i]}-seed-1`,
        0,
        fish?.kind ?? 'sardine',
        9_600,
      );
      expect(body.value.caught).toBe(outcome.caught);
      expected = {
        shots: expected.shots + 1,
        stake: expected.stake + 100,
        returned: expected.returned + body.value.win,
      };
    }
    const waves = (await call('GET', `${base}/waves?roomCode=FO-3`, support)).json().value;
    expect(waves.list).toHaveLength(1);
    expect(waves.list[0]).toMatchObject({
      waveNo,
      shots: expected.shots,
      stake: expected.stake,
      returned: expected.returned,
    });
    const username = (
      await sql<{ username: string }>`SELECT username FROM members WHERE id = ${shooters[0]?.id}`.execute(
        services.db,
      )
    ).rows[0]?.username as string;
    const one = (await call('GET', `${base}/waves?member=${username}`, finance)).json().value.list;
    expect(one.map((w: { id: number }) => w.id)).toEqual([waves.list[0].id]);
    const detail = (await call('GET', `${base}/waves/${waves.list[0].id}?member=${username}`, owner)).json()
      .value;
    expect(detail.serverSeed).toBeNull();
    expect(detail.list.every((s: { username: string }) => s.username === username)).toBe(true);
    // Another merchant's path does not show this merchant's wave.
    expect(
      (await call('GET', `/admin-api/merchants/lucky/fish/waves/${waves.list[0].id}`, owner)).statusCode,
    ).toBe(404);
    expect((await call('GET', '/admin-api/merchants/lucky/fish/waves', owner)).json().value.list).toEqual([]);

    const report = (await call('GET', `${base}/report?from=${today}&to=${today}`, finance)).json().value;
    const row = report.list.find((r: { roomCode: string }) => r.roomCode === 'FO-3');
    expect(row).toMatchObject({
      day: today,
      shots: expected.shots,
      stake: expected.stake,
      returned: expected.returned,
      houseWin: expected.stake - expected.returned,
    });
    expect(report.totals.stake).toBe(report.list.reduce((s: number, r: { stake: number }) => s + r.stake, 0));
    const bad = await call('GET', `${base}/report?from=${today}&to=2020-01-01`, owner);
    expect(bad.statusCode).toBe(400);
  });
});
