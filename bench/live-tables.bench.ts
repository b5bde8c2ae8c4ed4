// The live studio's budgets (issue 16): one table with 500 connected players betting in its window, every accepted
// bet settled in that round, and the round's result reaching all clients within 2× the time it reaches the first;
// fan-out across two server processes at ≥ 0.5× the fan-out within one. `npm run bench -- live-tables`; LIVE_BENCH_PLAYERS
// and LIVE_BENCH_ROUNDS change its size (about 2 minutes at full size on 2 cores).
//
// The built server runs as its own process (two for the second budget) on a scratch database with a bench table
// (12 s of betting, 4 s of result). Each player has a socket watching the table and, in the round measured, places
// one bet over HTTP (kept-alive connections) as soon as betting opens. A result's time is from the round's close
// (the instant it is due to be dealt) to the frame's arrival at the client, on the same machine's clock. Fan-out is
// clients reached per second of the last arrival: all players on one process, then half on each.
import { Agent, request as httpRequest } from 'node:http';
import { sql } from 'kysely';
import WebSocket from 'ws';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { createServices } from '../apps/server/src/services.ts';
import { type Bench, inParallel, median, scratchDatabase, startServer } from './bench-kit.ts';

const PLAYERS = Number(process.env.LIVE_BENCH_PLAYERS ?? 500);
const ROUNDS = Number(process.env.LIVE_BENCH_ROUNDS ?? 3);
const TABLE = 'BENCH-1';
const SPOTS = ['player', 'banker', 'tie'] as const;

type Player = { id: number; token: string };
type Round = { roundNo: number; status: string; closesAt: string };
type Watcher = { socket: WebSocket; arrivals: Map<string, { at: number; round: Round }> };

async function watch(base: string): Promise<Watcher> {
  const socket = new WebSocket(`${base.replace('http', 'ws')}/wps/live/socket?merchant=tala`);
  const arrivals = new Map<string, { at: number; round: Round }>();
  socket.on('message', (data) => {
    const frame = JSON.parse(data.toString()) as { type: string; round?: Round };
    if (frame.round)
      arrivals.set(`${frame.type}:${frame.round.roundNo}`, { at: Date.now(), round: frame.round });
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  socket.send(JSON.stringify({ type: 'watch', tables: [TABLE] }));
  return { socket, arrivals };
}

async function until(check: () => boolean, timeoutMs: number, what: string) {
  const end = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

export default (async (ctx) => {
  const scratch = await scratchDatabase(ctx.postgresUrl, 'bench_live');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 8 });
  const servers: Awaited<ReturnType<typeof startServer>>[] = [];
  const agent = new Agent({ keepAlive: true, maxSockets: 32 });
  try {
    await migrate(handle.db);
    const services = createServices(handle.db);
    await seedDemo(services, { catalogueScale: 0.05 });
    const db = handle.db;
    await sql`INSERT INTO live_tables (code, game, name, min_bet, max_bet, betting_seconds, result_seconds)
              VALUES (${TABLE}, 'baccarat', 'Bench table', 1000, 10000000, 12, 4)`.execute(db);
    await sql`INSERT INTO games (line_node_id, game_code, name, game_class, game_group_code, min_bet, lines, popularity,
                                 released_on)
              SELECT node_id, ${TABLE}, 'Bench table', 'live', 'LIVE', 1000, 0, 0, DATE '2026-11-26'
                FROM game_vendor_lines WHERE vassalage = 'TLIVE_LIVE'`.execute(db);
    const tala = await services.merchants.byCode('tala');
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    const players: Player[] = [];
    await inParallel(PLAYERS, 4, async (i) => {
      const id = await services.members.create(tala, { username: `live${i}`, password: 'bench-pass-1' });
      await services.wallet.transfer(db, {
        merchantId: tala.id,
        idempotencyKey: `bench-live-funds-${id}`,
        type: 'deposit',
        from: clearing,
        to: await services.wallet.memberAccount(tala.id, id),
        amount: 1_000_000_000,
        actor: { type: 'system' },
      });
      const { token } = await db
        .transaction()
        .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
      players.push({ id, token });
    });
    const env = { DATABASE_URL: scratch.url, VENDOR_SIMULATOR: 'false', SEED_DEMO: 'false' };
    servers.push(await startServer(env), await startServer(env));
    const [one, two] = servers.map((s) => s.baseUrl) as [string, string];

    const bet = (base: string, player: Player, roundNo: number, i: number) =>
      new Promise<number>((resolve, reject) => {
        const target = new URL(`${base}/wps/live/bets`);
        const body = JSON.stringify({
          tableCode: TABLE,
          roundNo,
          requestId: `bench-${roundNo}-${player.id}`,
          spots: { [SPOTS[i % SPOTS.length] as string]: 1_000 * (1 + (i % 5)) },
        });
        const request = httpRequest(
          {
            agent,
            host: target.hostname,
            port: target.port,
            path: target.pathname,
            method: 'POST',
            headers: {
              'content-type': 'application/json',
              'content-length': Buffer.byteLength(body),
              merchant: 'tala',
              authorization: player.token,
            },
          },
          (response) => {
            response.resume();
            response.on('end', () => resolve(response.statusCode ?? 0));
          },
        );
        request.on('error', reject);
        request.end(body);
      });

    /**
     * One round with the players' sockets spread over `bases` (round robin): waits for a round with at least 8 s of
     * betting left, has every player bet on it (over the process of their socket), then for every socket's result.
     */
    const measure = async (bases: string[]) => {
      const watchers: Watcher[] = [];
      await inParallel(PLAYERS, 16, async (i) => {
        watchers[i] = await watch(bases[i % bases.length] as string);
      });
      try {
        const first = watchers[0] as Watcher;
        let round: Round | undefined;
        await until(
          () => {
            round = [...first.arrivals.values()]
              .map((a) => a.round)
              .find((r) => r.status === 'open' && new Date(r.closesAt).getTime() - Date.now() > 8_000);
            return round !== undefined;
          },
          30_000,
          'a round with time to bet',
        );
        const { roundNo, closesAt } = round as Round;
        const statuses: number[] = [];
        await inParallel(PLAYERS, 32, async (i) => {
          statuses[i] = await bet(bases[i % bases.length] as string, players[i] as Player, roundNo, i);
        });
        const accepted = statuses.filter((s) => s === 200).length;
        const key = `result:${roundNo}`;
        await until(
          () => watchers.every((w) => w.arrivals.has(key)),
          30_000,
          `the result of round ${roundNo}`,
        );
        const close = new Date(closesAt).getTime();
        const times = watchers.map((w) => (w.arrivals.get(key)?.at ?? 0) - close).sort((a, b) => a - b);
        const settled = await sql<{ open: number; settled: number }>`
          SELECT count(*) FILTER (WHERE b.status = 'open')::int AS open,
                 count(*) FILTER (WHERE b.status = 'settled')::int AS settled
            FROM live_bets b JOIN live_rounds r ON r.id = b.round_id
           WHERE r.table_code = ${TABLE} AND r.round_no = ${roundNo}`.execute(db);
        const counts = settled.rows[0] ?? { open: -1, settled: -1 };
        if (counts.open !== 0 || counts.settled !== accepted)
          throw new Error(
            `round ${roundNo}: ${accepted} accepted, ${counts.settled} settled, ${counts.open} open`,
          );
        return {
          accepted,
          firstMs: times[0] ?? 0,
          lastMs: times.at(-1) ?? 0,
          fanOut: PLAYERS / ((times.at(-1) ?? 1) / 1000),
        };
      } finally {
        for (const w of watchers) w.socket.close();
      }
    };

    await measure([one]); // warm-up: the JIT, the pools' connections, the house account
    const single: Awaited<ReturnType<typeof measure>>[] = [];
    const split: Awaited<ReturnType<typeof measure>>[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      single.push(await measure([one]));
      console.log('one process', single.at(-1));
      split.push(await measure([one, two]));
      console.log('two processes', split.at(-1));
    }
    const spread = median(single.map((r) => r.lastMs / Math.max(1, r.firstMs)));
    const fanOutRatio = median(split.map((r, i) => r.fanOut / (single[i]?.fanOut ?? 1)));
    const row = (name: string, r: (typeof single)[number]) =>
      `| ${name} | ${r.accepted} of ${PLAYERS} | ${r.firstMs} ms | ${r.lastMs} ms | ${(r.lastMs / Math.max(1, r.firstMs)).toFixed(2)}× | ${Math.round(r.fanOut).toLocaleString('en-US')}/s |`;
    const rows = [
      '| Players on | Bets accepted and settled in the round | Result at the first client | At the last | Last / first | Fan-out (clients/s) |',
      '|---|---|---|---|---|---|',
      ...single.map((r, i) => row(`one process (run ${i + 1})`, r)),
      ...split.map((r, i) => row(`two processes (run ${i + 1})`, r)),
    ];
    return {
      title: 'Live tables: a round for 500 players, and fan-out across processes',
      markdown:
        `Command: \`npm run bench -- live-tables\`. ${PLAYERS} players watch one baccarat table over WebSockets and each ` +
        `places a bet over HTTP as betting opens; times are from the round's close to the result frame's arrival. ` +
        `Every accepted bet was settled in its round (checked in the database each run).\n\n${rows.join('\n')}\n\n` +
        `Budget: the result reaches all clients within 2× the time it reaches the first: median last / first ` +
        `**${spread.toFixed(2)}×** (${spread <= 2 ? 'met' : 'NOT met'}). Budget: fan-out across two processes ≥ 0.5× ` +
        `the fan-out within one: median **${fanOutRatio.toFixed(2)}×** (${fanOutRatio >= 0.5 ? 'met' : 'NOT met'}).\n`,
    };
  } finally {
    agent.destroy();
    for (const server of servers) await server.stop();
    await handle.close();
    await scratch.drop();
  }
}) satisfies Bench;
