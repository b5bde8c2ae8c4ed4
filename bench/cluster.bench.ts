// Issue 20's budgets and long chaos runs: `npm run bench -- cluster`.
// - The lobby list through two processes behind HAProxy against one process alone (≥ 0.9×).
// - The ledger's posting rate (signed vendor bets and wins, each one ledger entry) through two processes behind
//   HAProxy against one process alone (≥ 0.9×).
// - The chaos tests of e2e/cluster-chaos.e2e.ts at length (CLUSTER_CHAOS_SECONDS, default 240 s each).
// Scratch databases on the real PostgreSQL server; the database scenario on a private cluster.
import crypto from 'node:crypto';
import { Agent, request as httpRequest } from 'node:http';
import os from 'node:os';
import { signedHeaders } from '../apps/server/src/lib/vendor-signature.ts';
import { postgresBin, privateCluster } from '../apps/server/src/testing/private-cluster.ts';
import {
  chaosWithDatabaseStops,
  chaosWithKills,
  prepareDatabase,
  startCluster,
  VENDOR,
} from '../e2e/support/cluster.ts';
import { type Bench, load, median, scratchDatabase } from './bench-kit.ts';

const RUNS = Number(process.env.CLUSTER_BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.CLUSTER_BENCH_SECONDS ?? 8);
const CHAOS_SECONDS = Number(process.env.CLUSTER_CHAOS_SECONDS ?? 240);
const PLAYERS = 16;

type Mode = 'one' | 'oneProxied' | 'two';
const modes: Mode[] = ['one', 'oneProxied', 'two'];
const label: Record<Mode, string> = {
  one: 'One process, called directly',
  oneProxied: 'One process behind HAProxy',
  two: 'Two processes behind HAProxy',
};

/** Vendor calls that failed (and were sent again) during the budget runs. */
const failures: string[] = [];

/** Ledger entries per second of `workers` vendor players (bet then win) over kept-alive node:http sockets. */
async function vendorRate(
  base: string,
  secret: string,
  sessions: { id: number; gameToken: string }[],
  gameCode: string,
  seconds: number,
) {
  const target = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: sessions.length });
  const send = (path: string, raw: string) =>
    new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        {
          host: target.hostname,
          port: target.port,
          path,
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
  const until = Date.now() + seconds * 1000;
  let entries = 0;
  const started = performance.now();
  await Promise.all(
    sessions.map(async (s) => {
      // A failed call is sent again with the same transaction id, as a vendor does; failures are counted.
      const deliver = async (path: string, raw: string) => {
        for (let attempt = 1; ; attempt++) {
          try {
            return await send(path, raw);
          } catch (error) {
            failures.push(String((error as Error).message).slice(0, 300));
            if (attempt >= 5) throw error;
          }
        }
      };
      while (Date.now() < until) {
        const roundId = crypto.randomUUID();
        const playerId = String(s.id);
        await deliver(
          `/vendor-api/${VENDOR}/bet`,
          JSON.stringify({
            token: s.gameToken,
            playerId,
            transactionId: `b-${roundId}`,
            roundId,
            gameCode,
            amount: 100,
          }),
        );
        await deliver(
          `/vendor-api/${VENDOR}/win`,
          JSON.stringify({ playerId, transactionId: `w-${roundId}`, roundId, gameCode, amount: 150 }),
        );
        entries += 2;
      }
    }),
  );
  agent.destroy();
  return entries / ((performance.now() - started) / 1000);
}

async function budgets(postgresUrl: string) {
  const scratch = await scratchDatabase(postgresUrl, 'bench_cluster');
  const stops: (() => unknown)[] = [];
  try {
    const prepared = await prepareDatabase(scratch.url, PLAYERS);
    // Sessions and launches through one process; every process reads them from the database.
    const one = await startCluster(1, scratch.url);
    stops.push(() => one.stop());
    const direct = `http://127.0.0.1:${one.ports[0]}`;
    const json = async (url: string, headers: Record<string, string> = {}) =>
      (await (await fetch(url, { headers: { merchant: 'tala', ...headers } })).json()) as {
        value: Record<string, unknown>;
      };
    const game = (
      (await json(`${direct}/wps/relay/GCSGAME_gameList?vassalage=${VENDOR}_RNG&pageSize=1`)).value.list as {
        nodeId: number;
        gameCode: string;
      }[]
    )[0] as { nodeId: number; gameCode: string };
    const { solveChallenge } = await import('altcha-lib');
    const { deriveKey } = await import('altcha-lib/algorithms/sha');
    const sessions: { id: number; gameToken: string }[] = [];
    for (const p of prepared.players) {
      const challenge = (await json(`${direct}/wps/system/challenge`)).value;
      const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
      const proof = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
      const signedIn = (await (
        await fetch(`${direct}/wps/session/login`, {
          method: 'POST',
          headers: { merchant: 'tala', 'content-type': 'application/json' },
          body: JSON.stringify({ username: p.username, password: p.password, challenge: proof }),
        })
      ).json()) as { value: { token: string } };
      const launched = await json(`${direct}/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`, {
        authorization: signedIn.value.token,
      });
      sessions.push({
        id: p.id,
        gameToken: new URL(String(launched.value.url)).searchParams.get('token') as string,
      });
    }
    const two = await startCluster(2, scratch.url);
    stops.push(() => two.stop());
    const bases: Record<Mode, string> = { one: direct, oneProxied: one.base, two: two.base };
    const lobbyPath = '/wps/relay/GCSGAME_gameList?pageSize=20';
    const lobby: Record<Mode, number[]> = { one: [], oneProxied: [], two: [] };
    const ledger: Record<Mode, number[]> = { one: [], oneProxied: [], two: [] };
    // Warm-up of every route on every process.
    for (const mode of modes) {
      await load({
        url: `${bases[mode]}${lobbyPath}`,
        connections: 16,
        seconds: 1,
        headers: { merchant: 'tala' },
      });
      await vendorRate(bases[mode], prepared.secret, sessions, game.gameCode, 1);
    }
    const loadBefore = os.loadavg()[0] ?? 0;
    for (let r = 0; r < RUNS; r++) {
      for (let k = 0; k < modes.length; k++) {
        const mode = modes[(r + k) % modes.length] as Mode;
        lobby[mode].push(
          (
            await load({
              url: `${bases[mode]}${lobbyPath}`,
              connections: 32,
              seconds: SECONDS,
              headers: { merchant: 'tala' },
            })
          ).rps,
        );
        ledger[mode].push(await vendorRate(bases[mode], prepared.secret, sessions, game.gameCode, SECONDS));
      }
    }
    const loadAfter = os.loadavg()[0] ?? 0;
    const ratio = (values: Record<Mode, number[]>) => median(values.two) / median(values.one);
    const row = (what: string, values: Record<Mode, number[]>, mode: Mode) =>
      `| ${what} | ${label[mode]} | ${median(values[mode]).toFixed(0)} | ${(median(values[mode]) / median(values.one)).toFixed(2)}× | ${values[mode].map((v) => v.toFixed(0)).join(', ')} |`;
    return [
      `${RUNS} runs of ${SECONDS} s of each workload in each set-up (each run starting with the next set-up), after a 1 s warm-up of each, on one scratch database of the real PostgreSQL server; load average ${loadBefore.toFixed(1)} at the start and ${loadAfter.toFixed(1)} at the end on ${os.cpus().length} cores. The lobby list is \`GET ${lobbyPath}\` from autocannon (32 connections); the ledger's posting rate is ${PLAYERS} vendor players each sending a signed \`bet\` then its \`win\` (one ledger entry each) over kept-alive node:http sockets. The client, HAProxy, the server processes and PostgreSQL share the cores.`,
      '',
      '| Workload | Set-up | Per second (median) | vs one process | Runs |',
      '|---|---|---|---|---|',
      ...modes.map((m) => row('Lobby list (requests)', lobby, m)),
      ...modes.map((m) => row('Ledger entries (vendor bets and wins)', ledger, m)),
      '',
      '| Budget | Measured | Goal | Met |',
      '|---|---|---|---|',
      `| Lobby list: two processes behind HAProxy vs one process | ${ratio(lobby).toFixed(2)}× | ≥ 0.9× | ${ratio(lobby) >= 0.9 ? 'yes' : 'no'} |`,
      `| Ledger posting rate: two processes behind HAProxy vs one process | ${ratio(ledger).toFixed(2)}× | ≥ 0.9× | ${ratio(ledger) >= 0.9 ? 'yes' : 'no'} |`,
      '',
      failures.length === 0
        ? 'No vendor call failed.'
        : `**${failures.length} vendor calls failed** and were sent again with the same transaction id (first: \`${failures[0]}\`); the processes' log lines with errors: \`${[
            ...one.logs,
            ...two.logs,
          ]
            .join('\n')
            .split('\n')
            .filter((l) => /error/i.test(l))
            .slice(0, 3)
            .join(' / ')
            .slice(0, 1500)}\``,
    ].join('\n');
  } finally {
    for (const stop of stops.reverse()) await stop();
    await scratch.drop();
  }
}

async function longChaos(postgresUrl: string) {
  const rows: string[] = [];
  const verdict = (c: Awaited<ReturnType<typeof chaosWithKills>>['checked']) =>
    [
      c.missing.length === 0 ? '' : `${c.missing.length} acknowledged entries missing`,
      c.doubled.length === 0 ? '' : `${c.doubled.length} doubled`,
      c.reconciled ? '' : 'ledger does not reconcile',
      c.vendorDoubled.length === 0 ? '' : 'vendor transaction doubled',
      c.chatMissing.length === 0 ? '' : `${c.chatMissing.length} chat messages not delivered`,
      c.jobs.every((j) => j.n === 1 && j.states !== 'failed') ? '' : 'a job twice in a minute, or failed',
    ]
      .filter(Boolean)
      .join('; ') || 'nothing lost or doubled';
  for (const processes of [2, 3]) {
    const scratch = await scratchDatabase(postgresUrl, 'bench_chaos');
    const cleanups: (() => unknown)[] = [];
    try {
      const { load, checked, kills } = await chaosWithKills({
        processes,
        databaseUrl: scratch.url,
        seconds: CHAOS_SECONDS,
        members: 13,
        cleanups,
      });
      rows.push(
        `| ${processes} processes, ${kills.length} SIGKILLs (${kills.join(', ')}) | ${load.operations} operations, ${checked.acknowledged} ledger entries, ${checked.chatAcked} chat messages, ${checked.jobMinutes} job minutes | ${verdict(checked)} |`,
      );
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
      await scratch.drop();
    }
  }
  const bin = postgresBin();
  if (bin) {
    const database = await privateCluster(bin, { fsync: false, maxConnections: 120 });
    const cleanups: (() => unknown)[] = [];
    try {
      const stops = Math.max(3, Math.floor(CHAOS_SECONDS / 20));
      const { load, checked, recoveries, downAnswers } = await chaosWithDatabaseStops({
        database,
        stops,
        members: 13,
        cleanups,
      });
      const readyz = downAnswers.filter((_, i) => i % 2 === 0);
      rows.push(
        `| 2 processes, PostgreSQL stopped (-m immediate) ${stops} times for 3 s | ${load.operations} operations, ${checked.acknowledged} ledger entries; /readyz while away: ${[...new Set(readyz)].join(', ')}; served again ${median(recoveries)} ms (median, max ${Math.max(...recoveries)}) after the database's return | ${verdict({ ...checked, jobs: [], jobMinutes: 0 })}${Math.max(...recoveries) <= 5000 ? '' : '; recovery over 5 s'} |`,
      );
    } finally {
      for (const cleanup of cleanups.reverse()) await cleanup();
      await database.destroy();
    }
  }
  return [
    `The chaos tests of \`e2e/cluster-chaos.e2e.ts\` at length: ${CHAOS_SECONDS} s of the mixed load each (logins, slot spins, vendor bets, wins and rollbacks, bank deposits approved by an operator, live chat between processes), with the same checks (\`CLUSTER_CHAOS_SECONDS\` to change).`,
    '',
    '| Scenario | Load | Result |',
    '|---|---|---|',
    ...rows,
  ].join('\n');
}

export default (async (ctx) => {
  const parts = [
    'Command: `npm run bench -- cluster`. `npm run cluster` runs N server processes behind HAProxy (decision 067).',
    '',
    await budgets(ctx.postgresUrl),
  ];
  if (CHAOS_SECONDS > 0) parts.push('', await longChaos(ctx.postgresUrl));
  return { title: 'Cluster behind HAProxy', markdown: parts.join('\n') };
}) satisfies Bench;
