// Two server processes on one database share a fish room: the seat's cap holds over both (it is counted in the seat's
// row in each shot's transaction), and a shot settled by one reaches the other's watchers (the change feed's
// PostgreSQL relay). The second process is the real server (src/main.ts) in its own process.
import type { FishServerFrame } from '@tala/contracts/fish';
import { waveFish } from '@tala/live/fish';
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { postgresChangeRelay } from '../../db/change-relay.ts';
import { changes } from '../../lib/change-feed.ts';
import { type ServerProcess, settle, startServerProcess, waitFor } from '../../testing/server-process.ts';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import { fishRepository } from './fish.repository.ts';
import { syncRoomGame } from './fish-catalogue.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');

describe.skipIf(!process.env.DATABASE_URL)('a fish room across two server processes', () => {
  let secondProcess: ServerProcess | undefined;
  let stopRelay: (() => Promise<void>) | undefined;
  afterAll(async () => {
    await secondProcess?.stop();
    await settle('closing the change relay', stopRelay?.());
  });

  it('holds the seat’s cap over both and shows one process’s shot on the other’s socket', async () => {
    const repository = fishRepository();
    const room = { code: 'FP-1', name: 'Two processes', bets: [100], rtp_bps: 9_600, merchant_id: tala.id };
    const roomId = (await repository.insertRoom(services.db, {
      ...room,
      shots_per_second: 2,
      wave_seconds: 60,
      maintenance: false,
    })) as number;
    await syncRoomGame(services.db, room);
    services.games.invalidate();
    // A wave 20 s in with a fish on screen for a while yet.
    let serverSeed = newServerSeed();
    const waveNo = 1_500_000_000;
    const on = (seed: string) =>
      waveFish(seed, 'FP-1', waveNo, 60).find(
        (f) => f.enterMs + 500 <= 20_000 && 20_000 + 8_000 <= f.enterMs + f.swimMs,
      );
    while (!on(serverSeed)) serverSeed = newServerSeed();

    const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(services.db)).rows[0]
      ?.name as string;
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    stopRelay = changes.connect(await postgresChangeRelay(url.toString(), services.db, changes));
    secondProcess = await startServerProcess({ DATABASE_URL: url.toString() });
    const second = secondProcess.url;
    const first = await app.listen({ port: 0, host: '127.0.0.1' });

    const starts = Date.now() - 20_000;
    await repository.insertWaves(services.db, [
      {
        room_id: roomId,
        wave_no: waveNo,
        starts_at: new Date(starts),
        ends_at: new Date(starts + 60_000),
        server_seed: serverSeed,
        server_seed_hash: hashServerSeed(serverSeed),
        rtp_bps: 9_600,
        bets: [100],
      },
    ]);
    const fish = on(serverSeed);
    const socket = new WebSocket(`${first.replace('http', 'ws')}/wps/live/socket?merchant=tala`);
    const frames: FishServerFrame[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await new Promise((resolve, reject) => {
      socket.once('open', resolve);
      socket.once('error', reject);
    });
    socket.send(JSON.stringify({ type: 'watch', tables: ['FP-1'] }));
    try {
      await waitFor(
        () => frames.some((f) => f.type === 'fishWave'),
        10_000,
        () => JSON.stringify(frames),
      );
      const member = await fundedMember(services, tala, 100_000);
      const sat = await fetch(`${second}/wps/fish/rooms/FP-1/sit`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', merchant: 'tala', authorization: member.token },
        body: JSON.stringify({ clientSeed: 'two-processes-seed' }),
      });
      expect(sat.status).toBe(200);
      // Four shots at once, two on each process, against a cap of two a second.
      const shots = await Promise.all(
        [first, second, first, second].map((base, i) =>
          fetch(`${base}/wps/fish/shots`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', merchant: 'tala', authorization: member.token },
            body: JSON.stringify({
              requestId: `two-processes-shot-${i}`,
              roomCode: 'FP-1',
              waveNo,
              fishId: fish?.id,
              bet: 100,
              angle: 1,
            }),
          }).then(async (r) => ({ status: r.status, body: (await r.json()) as { errorCode?: string } })),
        ),
      );
      const taken = shots.filter((s) => s.status === 200);
      const capped = shots.filter((s) => s.body.errorCode === 'fish_shot_rate');
      const caught = shots.filter((s) => s.body.errorCode === 'fish_already_caught');
      // At most two taken (fewer only when one of them caught the fish and a later one found it gone).
      expect(taken.length).toBeLessThanOrEqual(2);
      expect(taken.length + capped.length + caught.length).toBe(4);
      expect(capped.length).toBeGreaterThanOrEqual(2 - caught.length);
      const { rows } = await sql<{ n: number }>`SELECT count(*)::int AS n FROM fish_shots
        WHERE member_id = ${member.id}`.execute(services.db);
      expect(rows[0]?.n).toBe(taken.length);
      // The shots settled by the second process reach this process's watcher.
      await waitFor(
        () => frames.filter((f) => f.type === 'fishShot').length >= taken.length,
        10_000,
        () => JSON.stringify(frames.filter((f) => f.type !== 'fishWave')),
      );
      expect(frames.some((f) => f.type === 'fishSeats')).toBe(true);
    } finally {
      socket.close();
    }
  }, 180_000);
});
