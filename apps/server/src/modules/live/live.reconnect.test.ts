// A player whose socket drops in the middle of a round loses nothing: the bet it placed stays, and a new socket that
// watches the table again is sent the same round at once, then its result, and the bet is paid by the rules. The
// real server with its own clock running, real sockets.
import { betReturn, dealBaccarat } from '@tala/live/baccarat';
import { roundSource } from '@tala/live/round';
import { hashServerSeed } from '@tala/slots/fairness';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';

type Round = {
  tableCode: string;
  roundNo: number;
  status: string;
  closesAt: string;
  serverSeedHash: string;
  serverSeed: string | null;
  result: unknown;
};
type Frame = { type: string; round?: Round };

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
afterAll(() => app.close());

async function waitFor(check: () => boolean | Promise<boolean>, timeoutMs: number, what: () => string) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`timed out waiting for ${what()}`);
}

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

const closed = (socket: WebSocket) =>
  new Promise<void>((resolve) => {
    if (socket.readyState === socket.CLOSED) resolve();
    else socket.once('close', () => resolve());
  });

describe('a table socket dropped in the middle of a round', () => {
  it('keeps the bet, resends the same round at once on a new socket, then its result and the payout', async () => {
    // A quick table of its own: 5 s of betting, 3 s of result.
    await sql`INSERT INTO live_tables (code, game, name, min_bet, max_bet, betting_seconds, result_seconds)
              VALUES ('TST-R', 'baccarat', 'Reconnect', 1000, 100000, 5, 3)`.execute(services.db);
    // Bets go to tables the merchant's catalogue offers, as any game.
    await sql`INSERT INTO games (line_node_id, game_code, name, game_class, game_group_code, min_bet, lines, popularity,
                                 released_on)
              SELECT node_id, 'TST-R', 'Reconnect', 'live', 'LIVE', 1000, 0, 0, DATE '2026-11-26'
                FROM game_vendor_lines WHERE vassalage = 'TLIVE_LIVE'`.execute(services.db);
    services.games.invalidate();
    services.liveHub.start();
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    const member = await fundedMember(services, tala, 100_000);
    const balance = async () =>
      services.wallet.balance(await services.wallet.memberAccount(tala.id, member.id));

    const first = await watcher(base, 'TST-R');
    let second: Awaited<ReturnType<typeof watcher>> | undefined;
    try {
      // A round with at least 2.5 s of betting left.
      const openRound = () =>
        first.frames.findLast(
          (f) => f.round?.status === 'open' && Date.parse(f.round.closesAt) - Date.now() > 2_500,
        )?.round;
      await waitFor(
        () => !!openRound(),
        20_000,
        () => JSON.stringify(first.frames),
      );
      const round = openRound() as Round;

      const spots = { player: 10_000, banker: 5_000, tie: 1_000 };
      const placed = await fetch(`${base}/wps/live/bets`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', merchant: 'tala', authorization: member.token },
        body: JSON.stringify({
          tableCode: 'TST-R',
          roundNo: round.roundNo,
          requestId: `reconnect-${round.roundNo}`,
          spots,
        }),
      });
      expect(placed.status).toBe(200);
      expect(await balance()).toBe(84_000);

      // The socket drops while betting is still open; the server forgets it.
      first.socket.terminate();
      await closed(first.socket);
      await waitFor(
        () => services.liveHub.sockets() === 0,
        5_000,
        () => `${services.liveHub.sockets()} sockets still watched`,
      );
      expect(Date.now()).toBeLessThan(Date.parse(round.closesAt));
      const framesWhenDropped = first.frames.length;

      // The bet stays with the round, open, money held.
      const recall = await fetch(`${base}/wps/live/recall?tableCode=TST-R`, {
        headers: { merchant: 'tala', authorization: member.token },
      });
      const [mine] = ((await recall.json()) as { value: { list: { round: Round; bets: unknown[] }[] } }).value
        .list;
      expect(mine?.round.roundNo).toBe(round.roundNo);
      expect(mine?.bets).toEqual([expect.objectContaining({ status: 'open', stake: 16_000, spots })]);

      // A new socket watches again and is sent the round now at once (before any tick could have pushed it): the
      // same round, still open, with the same commitment.
      second = await watcher(base, 'TST-R');
      const reconnected = second;
      await waitFor(
        () => reconnected.frames.length > 0,
        1_000,
        () => 'the round on watching again',
      );
      expect(reconnected.frames[0]?.type).toBe('round');
      expect(reconnected.frames[0]?.round).toMatchObject({
        tableCode: 'TST-R',
        roundNo: round.roundNo,
        status: 'open',
        serverSeedHash: round.serverSeedHash,
        serverSeed: null,
      });

      // Its result reaches the new socket, with the seed that verifies it; the dropped one got nothing more.
      const dealt = () =>
        reconnected.frames.find((f) => f.type === 'result' && f.round?.roundNo === round.roundNo)?.round;
      await waitFor(
        () => !!dealt(),
        15_000,
        () => JSON.stringify(reconnected.frames),
      );
      const result = dealt() as Round;
      expect(result.status).toBe('settled');
      expect(hashServerSeed(result.serverSeed as string)).toBe(round.serverSeedHash);
      expect(first.frames).toHaveLength(framesWhenDropped);

      // Paid by the rules, once, in the same round.
      const deal = dealBaccarat(roundSource(result.serverSeed as string, 'TST-R', round.roundNo));
      expect(result.result).toEqual(JSON.parse(JSON.stringify(deal)));
      const expected = Object.entries(spots).reduce(
        (sum, [spot, stake]) =>
          sum + Number(betReturn(deal, { type: spot as 'player', stake: BigInt(stake) })),
        0,
      );
      expect(await balance()).toBe(100_000 - 16_000 + expected);
      const bets = await sql<{ status: string; returned: string | number }>`
        SELECT status, returned FROM live_bets WHERE member_id = ${member.id}`.execute(services.db);
      expect(bets.rows.map((b) => ({ ...b, returned: Number(b.returned) }))).toEqual([
        { status: 'settled', returned: expected },
      ]);
      const payouts = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ledger_entries e JOIN live_bets b ON e.idempotency_key = 'live:payout:' || b.id
         WHERE b.member_id = ${member.id}`.execute(services.db);
      expect(payouts.rows[0]?.n).toBe(expected > 0 ? 1 : 0);
    } finally {
      first.socket.close();
      second?.socket.close();
    }
  }, 60_000);
});
