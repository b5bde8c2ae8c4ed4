// Two server processes on one database share a live table: the same rounds and results reach the sockets of both,
// and a round is dealt and paid once. The second process is the real server (src/main.ts) in its own process.
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { type ServerProcess, startServerProcess, waitFor } from '../../testing/server-process.ts';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';

type Round = {
  roundNo: number;
  status: string;
  closesAt: string;
  serverSeed: string | null;
  result: unknown;
};
type Frame = { type: string; round?: Round };

async function watcher(base: string, table: string) {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/wps/live/socket?merchant=tala`);
  const frames: Frame[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'watch', tables: [table] }));
  return { socket, frames };
}

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');

describe.skipIf(!process.env.DATABASE_URL)('a live table across two server processes', () => {
  let secondProcess: ServerProcess | undefined;
  afterAll(async () => {
    await secondProcess?.stop();
  });

  it('shows both processes’ watchers the same round and result, and pays a bet placed on either once', async () => {
    await sql`INSERT INTO live_tables (code, game, name, min_bet, max_bet, betting_seconds, result_seconds)
              VALUES ('TST-2', 'baccarat', 'Two processes', 1000, 100000, 4, 3)`.execute(services.db);
    await sql`INSERT INTO games (line_node_id, game_code, name, game_class, game_group_code, min_bet, lines, popularity,
                                 released_on)
              SELECT node_id, 'TST-2', 'Two processes', 'live', 'LIVE', 1000, 0, 0, DATE '2026-11-26'
                FROM game_vendor_lines WHERE vassalage = 'TLIVE_LIVE'`.execute(services.db);
    const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(services.db)).rows[0]
      ?.name as string;
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    secondProcess = await startServerProcess({ DATABASE_URL: url.toString() });
    const second = secondProcess.url;
    services.liveHub.start();
    const first = await app.listen({ port: 0, host: '127.0.0.1' });

    const one = await watcher(first, 'TST-2');
    const two = await watcher(second, 'TST-2');
    try {
      // A round with at least 1.5 s of betting left, seen by both.
      const openRound = (frames: Frame[]) =>
        frames.findLast(
          (f) => f.round?.status === 'open' && new Date(f.round.closesAt).getTime() - Date.now() > 1_500,
        )?.round;
      await waitFor(
        () => !!openRound(one.frames),
        15_000,
        () => JSON.stringify(one.frames),
      );
      const round = openRound(one.frames) as Round;
      await waitFor(
        () => two.frames.some((f) => f.round?.roundNo === round.roundNo),
        5_000,
        () => JSON.stringify(two.frames),
      );

      const member = await fundedMember(services, tala, 50_000);
      const placed = await fetch(`${second}/wps/live/bets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', merchant: 'tala', authorization: member.token },
        body: JSON.stringify({
          tableCode: 'TST-2',
          roundNo: round.roundNo,
          requestId: `two-processes-${round.roundNo}`,
          spots: { player: 10_000, banker: 10_000 },
        }),
      });
      expect(placed.status).toBe(200);

      const dealt = (frames: Frame[]) =>
        frames.find((f) => f.type === 'result' && f.round?.roundNo === round.roundNo)?.round;
      await waitFor(
        () => !!dealt(one.frames) && !!dealt(two.frames),
        15_000,
        () => JSON.stringify(two.frames),
      );
      expect(dealt(two.frames)).toEqual(dealt(one.frames));

      const bets = await sql<{ status: string; returned: string; payout_entry_id: string | null }>`
        SELECT status, returned, payout_entry_id FROM live_bets WHERE member_id = ${member.id}`.execute(
        services.db,
      );
      expect(bets.rows).toHaveLength(1);
      expect(bets.rows[0]?.status).toBe('settled');
      const entries = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key LIKE 'live:payout:%'
           AND idempotency_key = 'live:payout:' || (SELECT id FROM live_bets WHERE member_id = ${member.id})`.execute(
        services.db,
      );
      expect(entries.rows[0]?.n).toBe(Number(bets.rows[0]?.returned) > 0 ? 1 : 0);
      const balance = await services.wallet.balance(await services.wallet.memberAccount(tala.id, member.id));
      expect(balance).toBe(50_000 - 20_000 + Number(bets.rows[0]?.returned));
    } finally {
      one.socket.close();
      two.socket.close();
    }
  }, 180_000);
});
