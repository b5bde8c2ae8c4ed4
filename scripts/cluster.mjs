// `npm run cluster`: N server processes on one PostgreSQL database behind HAProxy (docs/decisions/067-cluster.md).
//   DATABASE_URL=postgresql://... npm run cluster -- [processes (default 2)] [port of HAProxy (default 3000)]
// The processes listen on the ports after HAProxy's (3001, 3002, ...); a process that dies is started again.
// REDIS_URL, ODDS_FEED_URL and the rest of the environment pass through to every process.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { haproxyConfig, root, startHaproxy, startServerProcess, waitHealthy } from './cluster-kit.mjs';

const count = Number(process.argv[2] ?? process.env.CLUSTER_PROCESSES ?? 2);
const port = Number(process.argv[3] ?? process.env.PORT ?? 3000);
if (
  !Number.isInteger(count) ||
  count < 1 ||
  count > 32 ||
  !Number.isInteger(port) ||
  port < 1 ||
  port > 65_000
) {
  console.error('usage: npm run cluster -- [processes 1-32] [port]');
  process.exit(2);
}
if (!process.env.DATABASE_URL) {
  console.error(
    'npm run cluster needs DATABASE_URL (a PostgreSQL server): the embedded database serves one process (npm start).',
  );
  process.exit(2);
}
if (!fs.existsSync(path.join(root, 'apps/server/dist/main.js'))) {
  const built = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

const ports = Array.from({ length: count }, (_, i) => port + 1 + i);
const children = new Map();
let stopping = false;

function start(p) {
  const child = startServerProcess({
    port: p,
    // The simulators of game vendors and the payment gateway are per process; behind a proxy, keep them off
    // unless asked (VENDOR_SIMULATOR=true), so that launches and callbacks do not depend on one process.
    // Warnings only unless asked: at info every health check (one a second per process) would be a log line.
    env: {
      VENDOR_SIMULATOR: process.env.VENDOR_SIMULATOR ?? 'false',
      LOG_LEVEL: process.env.LOG_LEVEL ?? 'warn',
    },
  });
  children.set(p, child);
  child.on('exit', (code, signal) => {
    if (stopping) return;
    console.log(`cluster: the process on ${p} ended (${signal ?? code}); starting it again in 1 s`);
    setTimeout(() => start(p), 1000);
  });
  return child;
}

// The first process migrates and seeds alone; the others start once it is ready (/readyz, what HAProxy asks).
const first = start(ports[0]);
await waitHealthy(`http://127.0.0.1:${ports[0]}/readyz`, { child: first });
await Promise.all(
  ports.slice(1).map((p) => waitHealthy(`http://127.0.0.1:${p}/readyz`, { child: start(p) })),
);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tala-cluster-'));
const config = path.join(dir, 'haproxy.cfg');
const proxy = startHaproxy(config, haproxyConfig({ port, backends: ports }));
proxy.on('exit', (code) => {
  if (stopping) return;
  console.error(`cluster: HAProxy ended (${code}); stopping`);
  stop('SIGTERM');
});
await waitHealthy(`http://127.0.0.1:${port}/readyz`, { child: proxy, timeoutMs: 10_000 });
console.log(
  `\nTala cluster: ${count} processes (${ports.join(', ')}) behind HAProxy on http://127.0.0.1:${port}/ (config ${config})\n`,
);

function stop(signal) {
  if (stopping) return;
  stopping = true;
  proxy.kill('SIGTERM');
  const exits = [...children.values()].map(
    (child) =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', resolve);
        child.kill(signal);
      }),
  );
  Promise.all(exits).then(() => {
    fs.rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));
