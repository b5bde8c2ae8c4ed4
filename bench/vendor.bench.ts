// Seamless-wallet round trips over HTTP (a vendor's signed bet, then its win) against the ledger's own posting rate,
// both on one scratch database of the real PostgreSQL server in the same run. `npm run bench -- vendor`.
import crypto from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import os from 'node:os';
import { createServices } from '../apps/server/src/app.ts';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { signedHeaders } from '../apps/server/src/lib/vendor-signature.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { type Bench, cpuSeconds, median, scratchDatabase, startServer } from './bench-kit.ts';

const PLAYERS = 32;
const SECONDS = Number(process.env.VENDOR_BENCH_SECONDS ?? 8);
const RUNS = Number(process.env.VENDOR_BENCH_RUNS ?? 3);
const VENDOR = 'MABUHAY';

async function forSeconds(seconds: number, workers: number, work: (worker: number) => Promise<number>) {
  const until = Date.now() + seconds * 1000;
  let done = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: workers }, async (_, worker) => {
      while (Date.now() < until) {
        // Not `done += await work()`: that reads `done` before the await, so concurrent workers overwrite each
        // other's counts and the rate comes out a fraction of the truth.
        const entries = await work(worker);
        done += entries;
      }
    }),
  );
  return done / ((performance.now() - started) / 1000);
}

export default (async (ctx) => {
  const scratch = await scratchDatabase(ctx.postgresUrl, 'bench_vendor');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: PLAYERS });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let agentToClose: Agent | undefined;
  try {
    await migrate(handle.db);
    const services = createServices(handle.db);
    await seedDemo(services, { catalogueScale: 0.05 });
    const tala = await services.merchants.byCode('tala');
    const secret = (await services.seamless.ensureSimulatedCredentials([VENDOR])).find(
      (c) => c.vendorCode === VENDOR,
    )?.secret as string;
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    const house = await services.wallet.houseAccount(tala.id, 'house_vendor', VENDOR);
    const players: { id: number; account: number; token: string }[] = [];
    for (let i = 0; i < PLAYERS; i++) {
      const id = await services.members.create(tala, { username: `bench${i}`, password: 'bench-pass-1' });
      const account = await services.wallet.memberAccount(tala.id, id);
      await services.wallet.transfer(handle.db, {
        merchantId: tala.id,
        idempotencyKey: `bench-funds-${id}`,
        type: 'deposit',
        from: clearing,
        to: account,
        amount: 1_000_000_000,
        actor: { type: 'system' },
      });
      const { token } = await handle.db
        .transaction()
        .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
      players.push({ id, account, token });
    }

    // No simulator here: launches answer this address; the bench then speaks the vendor's side itself.
    await services.seamless.setCredentials(VENDOR, {
      enabled: true,
      launchUrl: 'http://vendor.bench',
      rotateSecret: false,
    });
    server = await startServer({ DATABASE_URL: scratch.url, VENDOR_SIMULATOR: 'false', SEED_DEMO: 'false' });
    const base = server.baseUrl;
    const game = (
      (await (
        await fetch(`${base}/wps/relay/GCSGAME_gameList?vassalage=${VENDOR}_RNG&pageSize=1`, {
          headers: { merchant: 'tala' },
        })
      ).json()) as { value: { list: { nodeId: number; gameCode: string }[] } }
    ).value.list[0];
    if (!game) throw new Error('no game to launch');
    const sessions = await Promise.all(
      players.map(async (p) => {
        const launched = (await (
          await fetch(`${base}/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`, {
            headers: { merchant: 'tala', authorization: p.token },
          })
        ).json()) as { value: { url: string } };
        return { ...p, gameToken: new URL(launched.value.url).searchParams.get('token') as string };
      }),
    );

    // node:http with kept-alive sockets, as a vendor's server would call: fetch costs this process (which shares
    // the 2 cores with the server and the database) about three times the CPU per call.
    const agent = new Agent({ keepAlive: true, maxSockets: PLAYERS });
    agentToClose = agent;
    const target = new URL(base);
    const call = (path: string, body: unknown) =>
      new Promise<void>((resolve, reject) => {
        const raw = JSON.stringify(body);
        const request = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            path: `/vendor-api/${VENDOR}/${path}`,
            method: 'POST',
            agent,
            headers: { ...signedHeaders(secret, raw), 'content-length': Buffer.byteLength(raw) },
          },
          (response) => {
            let text = '';
            response.setEncoding('utf8');
            response.on('data', (chunk: string) => {
              text += chunk;
            });
            response.on('end', () =>
              response.statusCode === 200
                ? resolve()
                : reject(new Error(`${path}: ${response.statusCode} ${text}`)),
            );
          },
        );
        request.on('error', reject);
        request.end(raw);
      });
    const round = async (worker: number) => {
      const s = sessions[worker] as (typeof sessions)[number];
      const roundId = crypto.randomUUID();
      await call('bet', {
        token: s.gameToken,
        playerId: String(s.id),
        transactionId: `b-${roundId}`,
        roundId,
        gameCode: game.gameCode,
        amount: 100,
      });
      await call('win', {
        playerId: String(s.id),
        transactionId: `w-${roundId}`,
        roundId,
        gameCode: game.gameCode,
        amount: 150,
      });
      return 2; // ledger entries moved by one round
    };
    let serial = 0;
    const ledger = async (worker: number) => {
      const p = players[worker] as (typeof players)[number];
      await services.wallet.transfer(handle.db, {
        merchantId: tala.id,
        idempotencyKey: `bench-ledger-${serial++}`,
        type: 'bet',
        from: p.account,
        to: house,
        amount: 100,
        actor: { type: 'system' },
      });
      return 1;
    };

    // A short warm-up of both, so that neither pays for the server's (or this process's) first compilations.
    await forSeconds(1, PLAYERS, round);
    await forSeconds(1, PLAYERS, ledger);
    const loadBefore = os.loadavg()[0] ?? 0;
    const http: number[] = [];
    const direct: number[] = [];
    // CPU milliseconds per ledger entry, by process, summed over the runs of each workload.
    const cpu = {
      http: { postgres: 0, server: 0, bench: 0, entries: 0 },
      direct: { postgres: 0, server: 0, bench: 0, entries: 0 },
    };
    const measure = async (kind: 'http' | 'direct') => {
      const before = cpuSeconds(server?.child.pid);
      const started = performance.now();
      const rate = await forSeconds(SECONDS, PLAYERS, kind === 'http' ? round : ledger);
      const after = cpuSeconds(server?.child.pid);
      const c = cpu[kind];
      c.entries += (rate * (performance.now() - started)) / 1000;
      c.postgres += after.postgres - before.postgres;
      c.server += after.other - before.other;
      c.bench += after.self - before.self;
      (kind === 'http' ? http : direct).push(rate);
    };
    for (let r = 0; r < RUNS; r++) {
      // Alternate which goes first, so that neither always meets the same stretch of a noisy machine.
      if (r % 2 === 0) {
        await measure('direct');
        await measure('http');
      } else {
        await measure('http');
        await measure('direct');
      }
    }
    const perEntry = (c: (typeof cpu)['http']) =>
      [c.postgres, c.server, c.bench].map((seconds) => ((1000 * seconds) / c.entries).toFixed(2));
    const loadAfter = os.loadavg()[0] ?? 0;
    const reconciled = (await services.wallet.reconcile(tala.id)).ok;
    const ratio = median(http) / median(direct);
    const rows = [
      '| Figure (32 players at once) | Ledger entries/s (median) | Runs | CPU ms per entry: PostgreSQL / server / bench |',
      '|---|---|---|---|',
      `| Vendor rounds over HTTP: signed \`bet\` then \`win\`, 2 entries a round | ${median(http).toFixed(0)} | ${http.map((v) => v.toFixed(0)).join(', ')} | ${perEntry(cpu.http).join(' / ')} |`,
      `| The ledger's own posting rate: \`wallet.transfer\` member → vendor house account | ${median(direct).toFixed(0)} | ${direct.map((v) => v.toFixed(0)).join(', ')} | ${perEntry(cpu.direct).join(' / ')} |`,
      '',
      '| Budget | Measured | Goal | Met |',
      '|---|---|---|---|',
      `| Vendor round trips over HTTP vs the ledger's posting rate | ${ratio.toFixed(2)}× | ≥ 0.7× | ${ratio >= 0.7 ? 'yes' : 'no'} |`,
    ];
    return {
      title: 'Seamless wallet round trips',
      markdown: `Command: \`npm run bench -- vendor\`. ${RUNS} runs of ${SECONDS} s each of both workloads (taking turns to go first) after a 1 s warm-up, on one scratch database of the real PostgreSQL server; the server runs as its own process (\`dist/main.js\`, its default pool) and the bench calls it with node:http over kept-alive sockets, as a vendor's server would; the ledger workload runs in the bench process on a pool of ${PLAYERS}. The ledger reconciled afterwards: ${reconciled ? 'yes' : 'NO'}. Machine load average ${loadBefore.toFixed(1)} at the start and ${loadAfter.toFixed(1)} at the end, on ${os.cpus().length} cores: a bet and a win are each one group-committed statement, like the ledger's own entries, but each also costs an HTTP request and its answer in both processes, a signature, and the nonce and claim rows. Both workloads keep the 2 cores busy, so the ratio is about the inverse ratio of their CPU per entry (last column: CPU time of all PostgreSQL server processes, of the server process and of this bench process, per ledger entry).\n\n${rows.join('\n')}\n`,
    };
  } catch (error) {
    console.error('vendor bench failed:', error);
    throw error;
  } finally {
    agentToClose?.destroy();
    await server?.stop();
    await handle.close();
    await scratch.drop();
  }
}) satisfies Bench;
