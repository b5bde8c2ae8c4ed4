// The cluster under chaos (issue 20): N built server processes on one PostgreSQL database behind HAProxy, a mixed
// load of logins, slot spins, vendor bets and wins, bank deposits and live chat through the proxy, and the checks
// that nothing acknowledged was lost or doubled. Used by e2e/cluster-chaos.e2e.ts (short) and bench/cluster.bench.ts
// (long). docs/decisions/067-cluster.md.
import type { ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import pg from 'pg';
import WebSocket from 'ws';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { migrate } from '../../apps/server/src/db/migrate.ts';
import { signedHeaders } from '../../apps/server/src/lib/vendor-signature.ts';
import { currentCode } from '../../apps/server/src/modules/totp/totp.service.ts';
import { demoTotpKey, seedDemo } from '../../apps/server/src/seed/demo.ts';
import { createServices } from '../../apps/server/src/services.ts';
import { haproxyConfig, startHaproxy, startServerProcess, waitHealthy } from '../../scripts/cluster-kit.mjs';

export const VENDOR = 'MABUHAY';
const CRON_EVERY_MINUTE = [
  'lottery-schedule',
  'support-broadcasts',
  'sportsbook-resolve-due',
  'payments-sweep',
];

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Player = { id: number; username: string; password: string; token: string; gameToken: string };

/**
 * Migrates and seeds `databaseUrl` in this process (a small catalogue), gives the vendor its credentials, makes the
 * members of the load with money, and lets small adjustments and deposits through: the servers then start on a
 * database that is ready.
 */
export async function prepareDatabase(databaseUrl: string, members: number) {
  const handle = await openDatabase({ databaseUrl, dataDir: null, poolSize: 4 });
  try {
    await migrate(handle.db);
    const services = createServices(handle.db);
    await seedDemo(services, { catalogueScale: 0.05 });
    const tala = await services.merchants.byCode('tala');
    const secret = (await services.seamless.ensureSimulatedCredentials([VENDOR])).find(
      (c) => c.vendorCode === VENDOR,
    )?.secret as string;
    await services.seamless.setCredentials(VENDOR, {
      enabled: true,
      launchUrl: 'http://vendor.chaos',
      rotateSecret: false,
      freeRoundWins: false,
    });
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    const players: { id: number; username: string; password: string }[] = [];
    for (let i = 0; i < members; i++) {
      const username = `chaos${i}${crypto.randomBytes(2).toString('hex')}`;
      const password = 'chaos-pass-1';
      const id = await services.members.create(tala, { username, password });
      await services.wallet.transfer(handle.db, {
        merchantId: tala.id,
        idempotencyKey: `chaos-funds-${id}`,
        type: 'deposit',
        from: clearing,
        to: await services.wallet.memberAccount(tala.id, id),
        amount: 100_000_000,
        actor: { type: 'system' },
      });
      players.push({ id, username, password });
    }
    return { secret, players, merchantId: tala.id };
  } finally {
    await handle.close();
  }
}

export type Cluster = Awaited<ReturnType<typeof startCluster>>;

/** N server processes (the first started alone) and HAProxy in front; `kill(i)` and `restart(i)` one process. */
export async function startCluster(count: number, databaseUrl: string, env: Record<string, string> = {}) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tala-cluster-'));
  const ports = await Promise.all(Array.from({ length: count }, () => freePort()));
  const proxyPort = await freePort();
  const logs: string[] = ports.map(() => '');
  const children: ChildProcess[] = [];
  const spawnOne = (i: number) => {
    const child = startServerProcess({
      port: ports[i] as number,
      env: {
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SEED_DEMO: 'false',
        VENDOR_SIMULATOR: 'false',
        LOG_LEVEL: 'warn',
        ADMIN_SIGN_INS_PER_MINUTE: '10000',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      logs[i] = `${logs[i]}${chunk.toString()}`.slice(-20_000);
    };
    child.stdout?.on('data', collect);
    child.stderr?.on('data', collect);
    children[i] = child;
    return child;
  };
  const healthy = (i: number) =>
    // Listening (the first process has migrated and seeded by then). Whether it is ready is HAProxy's to check: it
    // keeps a process out until /readyz says so, which is what a restart during the load exercises.
    waitHealthy(`http://127.0.0.1:${ports[i]}/healthz`, {
      child: children[i],
      timeoutMs: 120_000,
    }).catch((error: Error) => {
      throw new Error(`${error.message}\n${logs[i]}`);
    });
  spawnOne(0);
  await healthy(0);
  await Promise.all(
    ports.slice(1).map((_, k) => {
      spawnOne(k + 1);
      return healthy(k + 1);
    }),
  );
  const proxyLog = { text: '' };
  const proxy = startHaproxy(
    path.join(dataDir, 'haproxy.cfg'),
    haproxyConfig({ port: proxyPort, backends: ports, checkMs: 500 }),
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  proxy.stderr?.on('data', (chunk: Buffer) => {
    proxyLog.text = `${proxyLog.text}${chunk.toString()}`.slice(-10_000);
  });
  const base = `http://127.0.0.1:${proxyPort}`;
  // Through the proxy: some process is ready and HAProxy's check has put it in.
  await waitHealthy(`${base}/readyz`, { child: proxy, timeoutMs: 120_000 });
  const exited = (child: ChildProcess | undefined) =>
    !child || child.exitCode !== null || child.signalCode !== null;
  return {
    base,
    ports,
    logs,
    proxyLog,
    /** SIGKILL: no shutdown, no drain, whatever was in flight is cut. */
    async kill(i: number) {
      const child = children[i];
      if (exited(child)) return;
      const gone = new Promise((resolve) => child?.once('exit', resolve));
      child?.kill('SIGKILL');
      await gone;
    },
    async restart(i: number) {
      spawnOne(i);
      await healthy(i);
    },
    async stop() {
      proxy.kill('SIGTERM');
      await Promise.all(
        children.map(async (child) => {
          if (exited(child)) return;
          const gone = new Promise((resolve) => child.once('exit', resolve));
          child.kill('SIGKILL');
          await gone;
        }),
      );
      if (!exited(proxy)) await new Promise((resolve) => proxy.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the load saw: acknowledged ledger keys, chat messages, and the answers by status and error code. */
export type LoadResult = {
  ledgerKeys: Set<string>;
  vendorTransactions: Set<string>;
  chatAcked: Map<number, string>;
  chatDelivered: Set<number>;
  chatLive: number;
  answers: Map<string, number>;
  logins: number;
  operations: number;
  startedAt: Date;
  endedAt: Date;
};

type Json = { success?: boolean; value?: Record<string, unknown>; errorCode?: string };

/**
 * Runs the mixed load through the proxy at `base` until `signal` is set: `players` are split between logins (each
 * login a new proof of work, and the newest session), slot spins, vendor rounds (a bet and its win, a rollback now
 * and then) and bank deposits that the operator approves; one member chats with the operator's console over the
 * live-chat sockets. A call that fails (a process killed under it, the database away) is repeated with the same
 * idempotency key until it is answered, as a client would; only answered calls count as acknowledged.
 */
export async function runLoad(options: {
  base: string;
  secret: string;
  players: { id: number; username: string; password: string }[];
  until: { done: boolean };
  /** Called once the members are signed in and the load begins (the clock of a test starts there). */
  onReady?: () => void;
}): Promise<LoadResult> {
  const { base, secret } = options;
  const result: LoadResult = {
    ledgerKeys: new Set(),
    vendorTransactions: new Set(),
    chatAcked: new Map(),
    chatDelivered: new Set(),
    chatLive: 0,
    answers: new Map(),
    logins: 0,
    operations: 0,
    startedAt: new Date(),
    endedAt: new Date(),
  };
  const count = (key: string) => result.answers.set(key, (result.answers.get(key) ?? 0) + 1);

  async function call(
    method: string,
    url: string,
    init: { headers?: Record<string, string>; body?: string | FormData } = {},
  ): Promise<{ status: number; body: Json } | undefined> {
    try {
      const response = await fetch(`${base}${url}`, {
        method,
        headers: { merchant: 'tala', ...(init.headers ?? {}) },
        body: init.body ?? null,
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      let body: Json = {};
      try {
        body = JSON.parse(text) as Json;
      } catch {
        // HAProxy's own pages (502/503) are HTML
      }
      count(`${response.status}${body.errorCode ? ` ${body.errorCode}` : ''}`);
      return { status: response.status, body };
    } catch (error) {
      count(`network ${(error as Error).name}`);
      return undefined;
    }
  }

  /** Repeats `attempt` (same keys) until it answers 2xx or 4xx, or the load is over and it was tried for 20 s. */
  async function until2xx(attempt: () => Promise<{ status: number; body: Json } | undefined>) {
    const giveUpAt = () => (options.until.done ? Date.now() - 20_000 : 0);
    const started = Date.now();
    for (;;) {
      const answer = await attempt();
      if (answer && answer.status < 500) return answer;
      const limit = giveUpAt();
      if (limit && started < limit) return answer;
      await sleep(250);
    }
  }

  async function challenge(): Promise<string | undefined> {
    const answer = await call('GET', '/wps/system/challenge');
    if (!answer?.body.value) return undefined;
    const solution = await solveChallenge({ challenge: answer.body.value as never, deriveKey });
    return Buffer.from(JSON.stringify({ challenge: answer.body.value, solution })).toString('base64');
  }

  async function login(p: { username: string; password: string }): Promise<string> {
    for (;;) {
      const proof = await challenge();
      const answer = proof
        ? await call('POST', '/wps/session/login', {
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ username: p.username, password: p.password, challenge: proof }),
          })
        : undefined;
      const token = answer?.body.value?.token;
      if (answer?.status === 200 && typeof token === 'string') {
        result.logins++;
        return token;
      }
      if (answer && answer.status < 500 && answer.status !== 429)
        throw new Error(`login refused: ${JSON.stringify(answer.body)}`);
      await sleep(300);
    }
  }

  // The operator's token (owner, with the demo authenticator) and one game to launch.
  const signIn = await until2xx(() =>
    call('POST', '/admin-api/session', {
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        username: 'owner',
        password: 'owner-demo-1',
        code: currentCode(demoTotpKey('owner') as string),
      }),
    }),
  );
  const operatorToken = signIn?.body.value?.token as string;
  if (!operatorToken) throw new Error(`operator sign-in failed: ${JSON.stringify(signIn?.body)}`);
  const admin = { authorization: `Bearer ${operatorToken}` };
  const listed = await until2xx(() =>
    call('GET', `/wps/relay/GCSGAME_gameList?vassalage=${VENDOR}_RNG&pageSize=1`),
  );
  const game = (listed?.body.value?.list as { nodeId: number; gameCode: string }[] | undefined)?.[0];
  if (!game) throw new Error('no vendor game to launch');
  const titles = await until2xx(() => call('GET', '/wps/relay/SLOTS_titles'));
  const slot = (titles?.body.value?.list as { code: string; bets: number[] }[] | undefined)?.[0];
  if (!slot) throw new Error('no slot title');

  // Roles: a quarter log in again and again, the rest spin, play the vendor's game or deposit.
  const players: Player[] = [];
  for (const p of options.players) {
    const token = await login(p);
    players.push({ ...p, token, gameToken: '' });
  }
  // The last member only chats (a chat socket's login ends that member's other sessions).
  const chatter = players.pop() as Player;
  const quarter = Math.max(1, Math.floor(players.length / 4));
  const loginners = players.slice(0, quarter);
  const spinners = players.slice(quarter, 2 * quarter);
  const vendors = players.slice(2 * quarter, 3 * quarter);
  const depositors = players.slice(3 * quarter);
  for (const p of vendors) {
    const launched = await until2xx(() =>
      call('GET', `/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`, {
        headers: { authorization: p.token },
      }),
    );
    const url = launched?.body.value?.url;
    if (typeof url !== 'string') throw new Error(`launch failed: ${JSON.stringify(launched?.body)}`);
    p.gameToken = new URL(url).searchParams.get('token') as string;
  }

  result.startedAt = new Date();
  options.onReady?.();
  const loops: Promise<void>[] = [];
  for (const p of loginners)
    loops.push(
      (async () => {
        while (!options.until.done) {
          await login(p);
          result.operations++;
          await sleep(400);
        }
      })(),
    );
  for (const p of spinners)
    loops.push(
      (async () => {
        while (!options.until.done) {
          const requestId = crypto.randomUUID();
          const answer = await until2xx(() =>
            call('POST', '/wps/relay/SLOTS_spin', {
              headers: { authorization: p.token, 'content-type': 'application/json' },
              body: JSON.stringify({ gameCode: slot.code, bet: slot.bets[0], requestId }),
            }),
          );
          if (answer?.status === 200) {
            result.ledgerKeys.add(`slots:${p.id}:${requestId}:bet`);
            result.operations++;
          }
          await sleep(2_600); // the slot's pace between a member's spins
        }
      })(),
    );
  const vendorCall = async (kind: 'bet' | 'win' | 'rollback', body: Record<string, unknown>) => {
    const raw = JSON.stringify(body);
    const answer = await until2xx(() =>
      call('POST', `/vendor-api/${VENDOR}/${kind}`, { headers: signedHeaders(secret, raw), body: raw }),
    );
    if (answer?.status === 200) {
      result.ledgerKeys.add(`vendor:${VENDOR}:${body.transactionId}`);
      result.vendorTransactions.add(String(body.transactionId));
      result.operations++;
    }
    return answer;
  };
  for (const p of vendors)
    loops.push(
      (async () => {
        let round = 0;
        while (!options.until.done) {
          const roundId = crypto.randomUUID();
          const bet = await vendorCall('bet', {
            token: p.gameToken,
            playerId: String(p.id),
            transactionId: `b-${roundId}`,
            roundId,
            gameCode: game.gameCode,
            amount: 100,
          });
          if (bet?.status !== 200) continue;
          if (++round % 5 === 0)
            await vendorCall('rollback', {
              playerId: String(p.id),
              transactionId: `r-${roundId}`,
              betTransactionId: `b-${roundId}`,
              roundId,
            });
          else
            await vendorCall('win', {
              playerId: String(p.id),
              transactionId: `w-${roundId}`,
              roundId,
              gameCode: game.gameCode,
              amount: 150,
            });
        }
      })(),
    );
  for (const p of depositors)
    loops.push(
      (async () => {
        while (!options.until.done) {
          const requestId = crypto.randomBytes(12).toString('hex');
          const made = await until2xx(() => {
            const form = new FormData();
            form.set('amount', '10000'); // minor units: P100, the bank channel's minimum
            form.set('bankAccountId', 'bdo-main');
            form.set('payerName', 'Chaos Tester');
            form.set('reference', `ref-${requestId}`);
            form.set('requestId', requestId);
            return call('POST', '/wps/relay/PAY_depositBank', {
              headers: { authorization: p.token },
              body: form,
            });
          });
          const id = made?.body.value?.id;
          if (made?.status !== 200 || typeof id !== 'number') {
            await sleep(500);
            continue;
          }
          const approved = await until2xx(() =>
            call('POST', `/admin-api/payments/deposits/${id}/approve`, { headers: admin }),
          );
          if (approved?.status === 200) {
            result.ledgerKeys.add(`deposit:${approved.body.value?.orderNo}`);
            result.operations++;
          }
          await sleep(300);
        }
      })(),
    );

  // Live chat: a member's socket and the operator's console, each reconnecting when its process is killed. On every
  // (re)connection the console reads the conversation's history, as the back office does.
  const chat = (async () => {
    let conversationId = 0;
    const ws = `${base.replace('http', 'ws')}`;
    type Socket = { socket: WebSocket; ready: Promise<void>; server: string; closeCode?: number };
    const refused = (s: Socket) => s.closeCode === 4401;
    const connect = (url: string, hello: object, onFrame: (frame: Record<string, unknown>) => void) => {
      const socket = new WebSocket(url, { headers: { merchant: 'tala' } });
      const holder: Socket = { socket, ready: Promise.resolve(), server: '' };
      socket.on('close', (code) => {
        holder.closeCode = code;
      });
      socket.on('upgrade', (response) => {
        holder.server = String(response.headers['x-served-by'] ?? '');
      });
      holder.ready = new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.once('close', () => reject(new Error('closed before ready')));
        socket.on('message', (data) => {
          const frame = JSON.parse(data.toString()) as Record<string, unknown>;
          if (frame.type === 'ready') resolve();
          onFrame(frame);
        });
        socket.once('open', () => socket.send(JSON.stringify(hello)));
      });
      holder.ready.catch(() => undefined);
      return holder;
    };
    let operator: Socket | undefined;
    const openOperator = async () => {
      for (;;) {
        const next = connect(
          `${ws}/admin-api/support/chat`,
          { type: 'hello', token: operatorToken },
          (frame) => {
            if (frame.type === 'message') {
              const message = frame.message as { id: number; sender: string };
              if (message.sender === 'visitor') {
                if (!result.chatDelivered.has(message.id)) result.chatLive++;
                result.chatDelivered.add(message.id);
              }
            }
            if (frame.type === 'history')
              for (const m of frame.messages as { id: number; sender: string }[])
                if (m.sender === 'visitor') result.chatDelivered.add(m.id);
          },
        );
        try {
          await next.ready;
          operator = next;
          if (conversationId) next.socket.send(JSON.stringify({ type: 'history', conversationId }));
          next.socket.once('close', () => {
            if (!options.until.done) void openOperator();
          });
          return;
        } catch {
          await sleep(300);
        }
      }
    };
    await openOperator();
    let visitor: Socket | undefined;
    const acks = new Map<string, (id: number | undefined) => void>();
    let sameServer = 0;
    while (!options.until.done) {
      if (!visitor || visitor.socket.readyState !== WebSocket.OPEN) {
        const token = chatter.token;
        visitor = connect(`${ws}/wps/support/chat`, { type: 'hello', token }, (frame) => {
          if (frame.type === 'ack') {
            const message = frame.message as { id: number; conversationId: number };
            conversationId = message.conversationId;
            acks.get(frame.clientId as string)?.(message.id);
          }
        });
        // A closed socket fails the messages waiting for their ack (they are sent again as new ones).
        visitor.socket.once('close', () => {
          for (const resolve of acks.values()) resolve(undefined);
        });
        try {
          await visitor.ready;
        } catch {
          // Refused (the session ended): sign in again; else the process went away: try again.
          if (visitor.socket.readyState === WebSocket.CLOSED && refused(visitor))
            chatter.token = await login(chatter);
          await sleep(300);
          continue;
        }
        // The member's socket on another process than the console's, where there is another, so that every message
        // crosses between processes (a few tries: the proxy chooses).
        if (visitor.server === operator?.server && ++sameServer % 8 !== 0) {
          visitor.socket.close();
          continue;
        }
      }
      const clientId = crypto.randomBytes(9).toString('hex');
      const body = `chaos ${clientId}`;
      const acked = new Promise<number | undefined>((resolve) => {
        acks.set(clientId, resolve);
        setTimeout(() => resolve(undefined), 5_000);
      });
      visitor.socket.send(JSON.stringify({ type: 'send', clientId, body }));
      const id = await acked;
      acks.delete(clientId);
      if (id) {
        result.chatAcked.set(id, `${visitor.server}→${operator?.server}`);
        result.operations++;
      }
      await sleep(700);
    }
    // The last messages' frames reach the console, or the history does.
    await sleep(1_500);
    if (operator && conversationId) {
      operator.socket.send(JSON.stringify({ type: 'history', conversationId }));
      await sleep(1_000);
    }
    visitor?.socket.close();
    operator?.socket.close();
  })();

  while (!options.until.done) await sleep(200);
  await Promise.all([...loops, chat]);
  result.endedAt = new Date();
  return result;
}

/** The checks after a run: what the load was told is in the ledger exactly once, and the ledger holds together. */
export async function verify(databaseUrl: string, merchantId: number, load: LoadResult) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  try {
    const keys = [...load.ledgerKeys];
    const found = await db.query<{ idempotency_key: string; n: number }>(
      `SELECT idempotency_key, count(*)::int AS n FROM ledger_entries
        WHERE merchant_id = $1 AND idempotency_key = ANY($2) GROUP BY idempotency_key`,
      [merchantId, keys],
    );
    const present = new Map(found.rows.map((r) => [r.idempotency_key, r.n]));
    const missing = keys.filter((k) => !present.has(k));
    const doubled = [...present].filter(([, n]) => n !== 1).map(([k]) => k);
    const unbalanced = await db.query(
      'SELECT entry_id FROM ledger_postings GROUP BY entry_id HAVING sum(amount) <> 0 LIMIT 5',
    );
    // The wallet's own reconciliation: every entry balanced, every balance row the sum of its postings, no member
    // below zero, everything summing to zero.
    const handle = await openDatabase({ databaseUrl, dataDir: null, poolSize: 2 });
    const reconciliation = await createServices(handle.db)
      .wallet.reconcile(merchantId)
      .finally(() => handle.close());
    const vendorDoubled = await db.query(
      `SELECT vendor_code, transaction_id FROM vendor_transactions
        GROUP BY vendor_code, transaction_id HAVING count(*) > 1 LIMIT 5`,
    );
    const vendorMissing = await db.query<{ transaction_id: string }>(
      'SELECT transaction_id FROM vendor_transactions WHERE vendor_code = $1 AND transaction_id = ANY($2)',
      [VENDOR, [...load.vendorTransactions]],
    );
    const chatMissing = [...load.chatAcked.keys()].filter((id) => !load.chatDelivered.has(id));
    const storedChat = await db.query<{ id: string }>('SELECT id FROM chat_messages WHERE id = ANY($1)', [
      [...load.chatAcked.keys()],
    ]);
    // Every-minute jobs created while the load ran, by name and minute.
    const from = load.startedAt;
    const to = load.endedAt;
    const jobs = await db.query<{ name: string; minute: Date; n: number; completed: number; states: string }>(
      `SELECT name, date_trunc('minute', created_on) AS minute, count(*)::int AS n,
              count(*) FILTER (WHERE state = 'completed')::int AS completed, string_agg(state::text, ',') AS states
         FROM pgboss.job WHERE name = ANY($1) AND created_on >= $2 AND created_on < $3
        GROUP BY 1, 2 ORDER BY 2, 1`,
      [CRON_EVERY_MINUTE, from, to],
    );
    const minutes = new Set(jobs.rows.map((j) => new Date(j.minute).getTime())).size;
    return {
      acknowledged: keys.length,
      missing,
      doubled,
      unbalanced: unbalanced.rows,
      reconciled: reconciliation.ok,
      projectionMismatches: reconciliation.projectionMismatches.length,
      vendorDoubled: vendorDoubled.rows,
      vendorMissing: load.vendorTransactions.size - vendorMissing.rows.length,
      chatAcked: load.chatAcked.size,
      chatMissing,
      chatStored: storedChat.rows.length,
      jobMinutes: minutes,
      jobs: jobs.rows,
    };
  } finally {
    await db.end();
  }
}

const between = (low: number, high: number) => low + Math.random() * (high - low);

/** Runs `runLoad` and answers once its members are signed in: the load's clock starts there. */
async function startLoad(options: Omit<Parameters<typeof runLoad>[0], 'onReady'>) {
  let ready: () => void = () => {};
  const begun = new Promise<void>((resolve) => {
    ready = resolve;
  });
  const loading = runLoad({ ...options, onReady: ready });
  await Promise.race([begun, loading]);
  // In an object: an async function returning the promise itself would wait for the whole load.
  return { loading };
}

/**
 * The kill scenario: `processes` behind HAProxy under the load for `seconds` (or up to 20 s more, so that a minute's
 * scheduled jobs fall inside it), one process SIGKILLed every 15-30 s and started again; then the checks.
 */
export async function chaosWithKills(options: {
  processes: number;
  databaseUrl: string;
  seconds: number;
  members: number;
  cleanups: (() => unknown)[];
}) {
  const prepared = await prepareDatabase(options.databaseUrl, options.members);
  const cluster = await startCluster(options.processes, options.databaseUrl);
  options.cleanups.push(() => cluster.stop());
  const until = { done: false };
  const { loading } = await startLoad({
    base: cluster.base,
    secret: prepared.secret,
    players: prepared.players,
    until,
  });
  const started = Date.now();
  const boundary = Math.ceil(started / 60_000) * 60_000;
  const needed = boundary + 12_000 - started;
  const total =
    needed > options.seconds * 1000 && needed <= options.seconds * 1000 + 20_000
      ? needed
      : options.seconds * 1000;
  const kills: string[] = [];
  for (;;) {
    const wait = between(15_000, 30_000);
    if (Date.now() - started + wait > total - 3_000) break;
    await sleep(wait);
    const victim = Math.floor(Math.random() * options.processes);
    await cluster.kill(victim);
    kills.push(`s${victim + 1} at ${((Date.now() - started) / 1000).toFixed(0)} s`);
    await cluster.restart(victim);
  }
  await sleep(Math.max(0, total - (Date.now() - started)));
  until.done = true;
  const load = await loading;
  const checked = await verify(options.databaseUrl, prepared.merchantId, load);
  return { load, checked, kills };
}

/**
 * The database scenario: two processes behind HAProxy under the load, PostgreSQL (a private cluster) stopped with
 * `-m immediate` `stops` times for 3 s each: what the proxy answered while it was away, and how long after its
 * return the cluster served again.
 */
export async function chaosWithDatabaseStops(options: {
  database: { url: string; stopImmediate: () => Promise<void>; start: () => Promise<void> };
  stops: number;
  members: number;
  cleanups: (() => unknown)[];
}) {
  const { database } = options;
  const phases: string[] = [];
  let phaseStart = Date.now();
  const phase = (name: string) => {
    phases.push(`${name} ${((Date.now() - phaseStart) / 1000).toFixed(1)} s`);
    console.log(`database scenario: ${phases.at(-1)}`);
    phaseStart = Date.now();
  };
  const prepared = await prepareDatabase(database.url, options.members);
  phase('database prepared');
  const cluster = await startCluster(2, database.url);
  options.cleanups.push(() => cluster.stop());
  phase('processes started');
  const until = { done: false };
  const { loading } = await startLoad({
    base: cluster.base,
    secret: prepared.secret,
    players: prepared.players,
    until,
  });
  phase('members signed in');
  const recoveries: number[] = [];
  const downAnswers: string[] = [];
  const errorCode = async (response: Response) =>
    `${response.status} ${((await response.json().catch(() => ({}))) as { errorCode?: string }).errorCode}`;
  await sleep(6_000);
  for (let stop = 0; stop < options.stops; stop++) {
    await database.stopImmediate();
    await sleep(3_000);
    // While it is away: the processes stay in HAProxy (their readiness check lets database_unavailable pass) and
    // answer 503 in the API's envelope.
    downAnswers.push(await errorCode(await fetch(`${cluster.base}/readyz`)));
    downAnswers.push(
      await errorCode(
        await fetch(`${cluster.base}/wps/relay/GCSGAME_gameList?pageSize=5`, {
          headers: { merchant: 'tala' },
        }),
      ),
    );
    const starting = Date.now();
    await database.start();
    const back = Date.now();
    // What /readyz answered on the way back, run-length counted (the pool, the proxy or the database holding it).
    const answers: { what: string; times: number; firstAt: number }[] = [];
    for (;;) {
      const asked = Date.now();
      const answer = await fetch(`${cluster.base}/readyz`).catch((error: Error) => error);
      const code =
        answer instanceof Error
          ? `fetch failed (${answer.message})`
          : answer.ok
            ? '200 ready'
            : await errorCode(answer).catch(() => `${answer.status} unparsed`);
      // An answer that took over a second says so (the same answer otherwise counts as one run).
      const took = Date.now() - asked;
      const what = took > 1_000 ? `${code} in ${took} ms` : code;
      const last = answers.at(-1);
      if (last?.what === what) last.times += 1;
      else answers.push({ what, times: 1, firstAt: asked - back });
      if (!(answer instanceof Error) && answer.ok) break;
      if (Date.now() - back > 30_000) throw new Error('the cluster did not serve again within 30 s');
      await sleep(100);
    }
    recoveries.push(Date.now() - back);
    console.log(
      `database scenario: stop ${stop + 1}: started in ${back - starting} ms, then /readyz: ${answers
        .map((a) => `${a.what} ×${a.times} from ${a.firstAt} ms`)
        .join('; ')}`,
    );
    await sleep(6_000);
  }
  until.done = true;
  const load = await loading;
  phase('load');
  const checked = await verify(database.url, prepared.merchantId, load);
  phase('checks');
  return { load, checked, recoveries, downAnswers, phases };
}
