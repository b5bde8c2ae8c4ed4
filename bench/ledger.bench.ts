// Ledger throughput at 32 connections against pgbench's tpcb-like script on the same database in the same run.
// `npm run bench -- ledger`; LEDGER_BENCH_SECONDS and LEDGER_BENCH_RUNS shorten it for a quick look.
import { execFile } from 'node:child_process';
import os from 'node:os';
import { promisify } from 'node:util';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { auditService } from '../apps/server/src/modules/audit/audit.service.ts';
import { walletService } from '../apps/server/src/modules/wallet/wallet.service.ts';
import { type Bench, median, scratchDatabase } from './bench-kit.ts';

const run = promisify(execFile);
const CONNECTIONS = 32;
const SECONDS = Number(process.env.LEDGER_BENCH_SECONDS ?? 10);
const RUNS = Number(process.env.LEDGER_BENCH_RUNS ?? 5);

/** pgbench's transactions per second for the built-in tpcb-like script at 32 clients. */
async function pgbench(url: string): Promise<number> {
  const { stdout } = await run(
    'pgbench',
    ['-c', String(CONNECTIONS), '-j', '2', '-T', String(SECONDS), '-b', 'tpcb-like', '-n', url],
    { maxBuffer: 1 << 20 },
  );
  const match = /tps = ([\d.]+) \(without initial connection time\)/.exec(stdout);
  if (!match) throw new Error(`pgbench printed no tps:\n${stdout}`);
  return Number(match[1]);
}

type Workload = { name: string; describe: string; members: number; house: boolean };
const workloads: Workload[] = [
  {
    name: 'members50',
    describe: 'member to member, spread over 50 member accounts',
    members: 50,
    house: false,
  },
  { name: 'members10', describe: 'member to member, over 10 member accounts', members: 10, house: false },
  {
    name: 'house',
    describe: 'a member (of 50) and one house account (a vendor) in every entry: bets and payouts',
    members: 50,
    house: true,
  },
];

type Sample = { entriesPerSecond: number; p50: number; p99: number };

export default (async (ctx) => {
  const scratch = await scratchDatabase(ctx.postgresUrl, 'bench_ledger');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: CONNECTIONS });
  try {
    await run('pgbench', ['-i', '-s', '1', '-q', scratch.url]);
    await migrate(handle.db);
    const db = handle.db;
    const { rows } = await sql<{ id: number }>`
      INSERT INTO merchants (code, settings) VALUES ('bench', '{}') RETURNING id`.execute(db);
    const merchantId = rows[0]?.id as number;
    const wallet = walletService(db, auditService(db), {
      batchSlots: process.env.LEDGER_BATCH_SLOTS ? Number(process.env.LEDGER_BATCH_SLOTS) : undefined,
    });
    const system = { type: 'system' } as const;
    const clearing = await wallet.houseAccount(merchantId, 'house_deposit_clearing');
    const vendor = await wallet.houseAccount(merchantId, 'house_vendor', 'JILI');
    const members: number[] = [];
    for (let m = 1; m <= 50; m++) {
      const id = await wallet.memberAccount(merchantId, m);
      members.push(id);
      await wallet.transfer(db, {
        merchantId,
        idempotencyKey: `seed-${m}`,
        type: 'deposit',
        from: clearing,
        to: id,
        amount: 1_000_000_000_000,
        actor: system,
      });
    }

    let sequence = 0;
    const measure = async (workload: Workload): Promise<Sample> => {
      const pool = members.slice(0, workload.members);
      const latencies: number[] = [];
      let entries = 0;
      const until = performance.now() + SECONDS * 1000;
      const worker = async () => {
        while (performance.now() < until) {
          const key = `${workload.name}-${++sequence}`;
          const a = pool[Math.floor(Math.random() * pool.length)] as number;
          let from = a;
          let to: number;
          if (workload.house) {
            to = vendor;
            if (sequence % 2 === 0) [from, to] = [vendor, a];
          } else {
            to = pool[Math.floor(Math.random() * (pool.length - 1))] as number;
            if (to === from) to = pool[pool.length - 1] as number;
          }
          const started = performance.now();
          await wallet.transfer(db, {
            merchantId,
            idempotencyKey: key,
            type: workload.house ? (to === vendor ? 'bet' : 'payout') : 'transfer',
            from,
            to,
            amount: 1 + (sequence % 500),
            actor: system,
          });
          latencies.push(performance.now() - started);
          entries++;
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: CONNECTIONS }, worker));
      const elapsed = (performance.now() - started) / 1000;
      latencies.sort((x, y) => x - y);
      return {
        entriesPerSecond: entries / elapsed,
        p50: latencies[Math.floor(latencies.length * 0.5)] ?? 0,
        p99: latencies[Math.floor(latencies.length * 0.99)] ?? 0,
      };
    };

    const loadBefore = os.loadavg()[0] ?? 0;
    const baseline: number[] = [];
    const samples = new Map<string, Sample[]>(workloads.map((w) => [w.name, []]));
    for (let round = 0; round < RUNS; round++) {
      baseline.push(await pgbench(scratch.url));
      // Each round starts with a different workload, so none always runs first (or last) in a noisy stretch.
      for (let i = 0; i < workloads.length; i++) {
        const workload = workloads[(round + i) % workloads.length] as Workload;
        samples.get(workload.name)?.push(await measure(workload));
      }
    }
    const report = await wallet.reconcile(merchantId);
    if (!report.ok)
      throw new Error(`the ledger does not reconcile after the bench: ${JSON.stringify(report)}`);

    const tps = median(baseline);
    const figures = new Map(
      workloads.map((w) => {
        const list = samples.get(w.name) ?? [];
        return [
          w.name,
          {
            entries: median(list.map((s) => s.entriesPerSecond)),
            p50: median(list.map((s) => s.p50)),
            p99: median(list.map((s) => s.p99)),
            runs: list.map((s) => s.entriesPerSecond.toFixed(0)).join(', '),
          },
        ];
      }),
    );
    const f50 = figures.get('members50');
    const f10 = figures.get('members10');
    const fh = figures.get('house');
    if (!f50 || !f10 || !fh) throw new Error('a workload is missing');
    const goal = (met: boolean) => (met ? 'yes' : 'no');
    const table = [
      '| Workload (32 connections) | Entries/s (median) | Postings/s | vs pgbench tpcb-like | Latency p50 / p99 | Runs (entries/s) |',
      '|---|---|---|---|---|---|',
      ...workloads.map((w) => {
        const f = figures.get(w.name);
        if (!f) return '';
        return `| ${w.describe} | ${f.entries.toFixed(0)} | ${(2 * f.entries).toFixed(0)} | ${(f.entries / tps).toFixed(2)}× | ${f.p50.toFixed(1)} / ${f.p99.toFixed(1)} ms | ${f.runs} |`;
      }),
      `| pgbench tpcb-like, scale 1 (baseline) | ${tps.toFixed(0)} tps | | 1.00× | | ${baseline.map((t) => t.toFixed(0)).join(', ')} |`,
      '',
      '| Budget | Measured | Goal | Met |',
      '|---|---|---|---|',
      `| House account in every entry vs pgbench | ${(fh.entries / tps).toFixed(2)}× | ≥ 0.8× | ${goal(fh.entries / tps >= 0.8)} |`,
      `| 10 member accounts vs 50 | ${(f10.entries / f50.entries).toFixed(2)}× | ≥ 0.9× | ${goal(f10.entries / f50.entries >= 0.9)} |`,
    ];
    return {
      title: 'Ledger',
      markdown: `Command: \`npm run bench -- ledger\`. ${RUNS} rounds of ${SECONDS} s each, every round measuring pgbench (\`pgbench -c 32 -j 2 -T ${SECONDS} -b tpcb-like -n\` after \`pgbench -i -s 1\`) and then the three ledger workloads (in a rotating order) on the same scratch database; medians. Ledger figures are wallet-service calls (\`wallet.transfer\`, each one entry of two postings committed on its own) from one Node process over a pool of 32 connections; ratios compare entries (transactions) per second with pgbench's transactions per second. The ledger reconciled after the run (${report.entries} entries). Machine load average ${loadBefore.toFixed(1)} at the start and ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end, on ${os.cpus().length} cores shared with other work: single runs vary widely, so read the medians and the ratios.\n\n${table.join('\n')}\n`,
    };
  } finally {
    await handle.close();
    await scratch.drop();
  }
}) satisfies Bench;
