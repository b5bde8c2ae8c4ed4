// A throw-away PostgreSQL server for tests that kill, stop or restart the database itself, so that no one else's
// database on the machine's shared server is harmed (wallet crash test, database outage test).
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';

/** The folder of the PostgreSQL server binaries (initdb, postgres), if installed. */
export function postgresBin(): string | undefined {
  try {
    const dir = execFileSync('pg_config', ['--bindir'], { encoding: 'utf8' }).trim();
    if (fs.existsSync(path.join(dir, 'initdb'))) return dir;
  } catch {
    // no pg_config: look where Debian puts the server
  }
  const root = '/usr/lib/postgresql';
  if (!fs.existsSync(root)) return undefined;
  const versions = fs
    .readdirSync(root)
    .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], 'bin') : undefined;
}

/**
 * A throw-away PostgreSQL cluster on a free port, run as the `postgres` user when this process is root (the server
 * refuses to run as root). `kill()` SIGKILLs the postmaster and every backend at once, like a crash.
 */
export async function privateCluster(
  bin: string,
  options: { fsync?: boolean; maxConnections?: number } = {},
) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tala-pgcrash-'));
  const asUser = runAs();
  if (asUser.uid !== undefined) fs.chownSync(dir, asUser.uid, asUser.gid as number);
  const data = path.join(dir, 'data');
  execFileSync(
    path.join(bin, 'initdb'),
    ['-D', data, '-U', 'postgres', '-A', 'trust', '-N', '-E', 'UTF8', '--locale=C'],
    {
      ...asUser,
      stdio: 'ignore',
    },
  );
  const log = path.join(dir, 'server.log');
  const port = await freePort();
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let server: ChildProcess | undefined;

  /**
   * Starts the server and waits until it answers a query. Crash recovery first fsyncs the whole data folder, which on
   * a machine busy with other tests can take many seconds, so the wait is bounded by the server itself: while it
   * runs we keep waiting (up to `deadlineMs`); if it exits (say it still found the old server's shared memory in
   * use), it is started again a few times before giving up, and the error carries the server's log.
   */
  const start = async (deadlineMs = 100_000) => {
    server = await runServer({
      bin,
      data,
      port,
      socketDir: dir,
      asUser,
      log,
      deadlineMs,
      maxConnections: options.maxConnections ?? 40,
      fsync: options.fsync !== false,
    });
  };

  const kill = () => {
    // The postmaster and its backends share its process group.
    if (server?.pid) process.kill(-server.pid, 'SIGKILL');
  };

  /** `pg_ctl stop -m immediate`: the postmaster ends every backend at once, without a checkpoint. */
  const stopImmediate = async () => {
    if (!server?.pid || server.exitCode !== null || server.signalCode !== null) return;
    const exited = new Promise((resolve) => server?.once('exit', resolve));
    process.kill(server.pid, 'SIGQUIT');
    await exited;
  };

  const destroy = async () => {
    if (server?.pid && server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      process.kill(-server.pid, 'SIGQUIT');
      await exited;
    }
    fs.rmSync(dir, { recursive: true, force: true });
  };

  await start();
  return {
    url,
    log: () => fs.readFileSync(log, 'utf8'),
    kill,
    stopImmediate,
    destroy,
    start: async () => {
      // Wait until the killed processes are gone, then start on the same data: crash recovery replays the WAL.
      if (server && server.exitCode === null && server.signalCode === null) {
        await new Promise((resolve) => server?.once('exit', resolve));
      }
      const group = server?.pid;
      for (let i = 0; group && i < 50; i++) {
        try {
          process.kill(-group, 0);
          await new Promise((resolve) => setTimeout(resolve, 100));
        } catch {
          break; // no process of the old server is left
        }
      }
      await start();
    },
  };
}

type RunAs = { uid?: number; gid?: number };

function runAs(): RunAs {
  if (process.getuid?.() !== 0) return {};
  return {
    uid: Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim()),
    gid: Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim()),
  };
}

/**
 * Starts a server on a data folder and waits until it answers a query. Crash recovery first fsyncs the whole data
 * folder, which on a machine busy with other tests can take many seconds, so the wait is bounded by the server
 * itself: while it runs we keep waiting (up to `deadlineMs`); if it exits (say it still found the old server's
 * shared memory in use), it is started again a few times before giving up, and the error carries the server's log.
 */
async function runServer(options: {
  bin: string;
  data: string;
  port: number;
  socketDir: string;
  asUser: RunAs;
  log: string;
  deadlineMs: number;
  maxConnections?: number;
  /** Off only for tests of a stopped server (not of a crashed machine), where it only costs time. */
  fsync?: boolean;
}): Promise<ChildProcess> {
  const { bin, data, port, socketDir, asUser, log, deadlineMs } = options;
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  const until = Date.now() + deadlineMs;
  for (let attempt = 1; ; attempt++) {
    const logFd = fs.openSync(log, 'a');
    const child = spawn(
      path.join(bin, 'postgres'),
      [
        '-D',
        data,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        `unix_socket_directories=${socketDir}`,
        '-c',
        `max_connections=${options.maxConnections ?? 40}`,
        '-c',
        `fsync=${options.fsync === false ? 'off' : 'on'}`,
      ],
      { ...asUser, detached: true, stdio: ['ignore', 'ignore', logFd] },
    );
    fs.closeSync(logFd);
    while (child.exitCode === null && child.signalCode === null && Date.now() < until) {
      const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 5_000 });
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        return child;
      } catch {
        await client.end().catch(() => undefined);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    const exited = child.exitCode !== null || child.signalCode !== null;
    if (!exited || attempt >= 5 || Date.now() >= until) {
      throw new Error(
        `the private PostgreSQL cluster did not start (${exited ? `it exited, attempt ${attempt}` : `still starting after ${deadlineMs / 1000} s`}); its log ends:\n${fs.readFileSync(log, 'utf8').slice(-3000)}`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000));
  }
}

/** Stops a server started by runServer (fast shutdown) and waits for it. */
async function stopServer(server: ChildProcess | undefined, signal: NodeJS.Signals = 'SIGQUIT') {
  if (!server?.pid || server.exitCode !== null || server.signalCode !== null) return;
  const exited = new Promise((resolve) => server.once('exit', resolve));
  process.kill(-server.pid, signal);
  await exited;
}

/**
 * A streaming replica of a private cluster (GUIDE §10: `pg_basebackup -R`): a copy of the primary's data folder
 * that follows its WAL, read-only, on its own port. The primary's initdb allows replication from loopback.
 */
export async function privateStandby(bin: string, primaryUrl: string) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tala-standby-'));
  const asUser = runAs();
  if (asUser.uid !== undefined) fs.chownSync(dir, asUser.uid, asUser.gid as number);
  const data = path.join(dir, 'data');
  const primary = new URL(primaryUrl);
  execFileSync(
    path.join(bin, 'pg_basebackup'),
    [
      '-h',
      primary.hostname,
      '-p',
      primary.port,
      '-U',
      'postgres',
      '-D',
      data,
      '-R',
      '-X',
      'stream',
      '-c',
      'fast',
    ],
    { ...asUser, stdio: 'ignore' },
  );
  const log = path.join(dir, 'server.log');
  const port = await freePort();
  const server = await runServer({ bin, data, port, socketDir: dir, asUser, log, deadlineMs: 60_000 });
  return {
    url: `postgresql://postgres@127.0.0.1:${port}/postgres`,
    port,
    log: () => fs.readFileSync(log, 'utf8'),
    destroy: async () => {
      await stopServer(server, 'SIGINT');
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * A loopback port below the kernel's ephemeral range (so no outgoing connection takes it while the server is down
 * between the kill and the restart) that nothing listens on now.
 */
async function freePort(): Promise<number> {
  for (;;) {
    const port = 5400 + Math.floor(Math.random() * 500);
    const free = await new Promise<boolean>((resolve) => {
      const probe = net.createServer();
      probe.once('error', () => resolve(false));
      probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
}
