// Pieces of `npm run cluster` (scripts/cluster.mjs) that the cluster tests and benchmarks use too: the HAProxy
// configuration in front of N server processes, HAProxy itself, and one server process. docs/decisions/067-cluster.md.
import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '..');

/** HAProxy's binary, or undefined when it is not installed (`apt-get install -y haproxy` on Debian). */
export function haproxyBinary() {
  for (const candidate of ['/usr/sbin/haproxy', '/usr/local/sbin/haproxy', '/usr/bin/haproxy']) {
    if (fs.existsSync(candidate)) return candidate;
  }
  const found = spawnSync('sh', ['-c', 'command -v haproxy'], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || undefined : undefined;
}

/**
 * The configuration of HAProxy on `port` in front of the server processes on `backends` (ports on 127.0.0.1).
 * - Health: each process is asked `GET /readyz` every `checkMs`; three failures take it out (a process busy for
 *   a moment is not a dead one), one success puts it back. An answer may take 5 s (5 checks): `/readyz` asks the
 *   database through the pool, which a busy process makes it wait for, while a killed process refuses the
 *   connection at once, so the longer wait never slows finding a dead one. A process is in while it is ready, and out while it
 *   starts (migrations, job workers, the live tables' clock), drains after SIGTERM or lacks a migration (503
 *   `not_ready`), so HAProxy stops sending it work before it stops taking it. Until a killed process is out, a
 *   request to it fails to connect and HAProxy sends it to another (`option redispatch`).
 * - A database outage keeps every process in: `/readyz`'s `503 database_unavailable` passes the check, like its
 *   200. The outage is every process's at once, so taking them out would only turn the API's localised
 *   `503 database_unavailable` envelope into HAProxy's own HTML 503 and delay the return by the checks that put
 *   them back; in, they serve again as soon as their pools reconnect (decision 067).
 * - Retries only when a connection to a process fails (HAProxy's default `retry-on conn-failure`): a request that
 *   reached a process is never sent twice, so a POST a killed process may have committed is not repeated; the
 *   client sees 502/503 and decides (every money call carries its own idempotency key).
 * - The client's address: whatever X-Forwarded-For the client sent is dropped and HAProxy's own is set, so the
 *   servers can trust it (TRUST_PROXY=true) without a client being able to claim an address.
 * - WebSockets (live chat, live tables) pass through as tunnels that stay open up to an hour.
 */
export function haproxyConfig({ port, backends, checkMs = 1000, host = '127.0.0.1' }) {
  return `# Written by scripts/cluster.mjs (docs/decisions/067-cluster.md); regenerated on every start.
global
  maxconn 4096
  log stderr format short local0 warning

defaults
  mode http
  log global
  option dontlognull
  option redispatch
  retries 3
  timeout connect 2s
  timeout client 60s
  timeout server 60s
  timeout tunnel 1h
  timeout http-request 10s
  timeout queue 10s

frontend tala
  bind ${host}:${port}
  http-request del-header X-Forwarded-For
  http-request del-header X-Forwarded-Proto
  http-request del-header X-Forwarded-Host
  option forwardfor
  # Which process answered (tests and operators read it; the name says nothing about the network).
  http-response set-header X-Served-By %[srv_name]
  default_backend servers

backend servers
  balance leastconn
  option httpchk
  http-check send meth GET uri /readyz
  # Ready (200), or up with the database away (503 database_unavailable: every process's outage); not_ready is out.
  http-check expect rstring '"status":"ready"|"errorCode":"database_unavailable"'
  timeout check ${Math.max(5000, 5 * checkMs)}
  default-server inter ${checkMs} fastinter ${Math.max(200, Math.floor(checkMs / 2))} downinter ${checkMs} fall 3 rise 1
${backends.map((p, i) => `  server s${i + 1} 127.0.0.1:${p} check`).join('\n')}
`;
}

/** Writes the configuration to `file` and runs HAProxy in the foreground; answers the child process. */
export function startHaproxy(file, config, options = {}) {
  const binary = haproxyBinary();
  if (!binary)
    throw new Error(
      'HAProxy is not installed: `apt-get install -y haproxy` (Debian) or your package manager.',
    );
  fs.writeFileSync(file, config);
  const check = spawnSync(binary, ['-c', '-q', '-f', file], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`haproxy.cfg is not valid:\n${check.stdout}${check.stderr}`);
  return spawn(binary, ['-db', '-f', file], { stdio: options.stdio ?? ['ignore', 'inherit', 'inherit'] });
}

/**
 * One server process (the built `apps/server/dist/main.js`) on `port`, behind the proxy: TRUST_PROXY on, and the
 * vendor and payment simulators off unless `env` says otherwise (each process would start its own).
 */
export function startServerProcess({ port, env = {}, stdio = ['ignore', 'inherit', 'inherit'] }) {
  return spawn(process.execPath, ['--enable-source-maps', path.join(root, 'apps/server/dist/main.js')], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio,
  });
}

/** Waits until `url` answers 200 (or `child` exits, or `timeoutMs` passes). */
export async function waitHealthy(url, { child, timeoutMs = 120_000 } = {}) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child && (child.exitCode !== null || child.signalCode !== null))
      throw new Error(`the process exited (${child.exitCode ?? child.signalCode}) before ${url} answered`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs / 1000} s`);
}
