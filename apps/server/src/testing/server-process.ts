// The real server (src/main.ts) in its own process, for the tests that need a second process or a real shutdown:
// one way to start it, wait for it and stop it, so a test's teardown never waits on a process that is gone.
import { type ChildProcess, spawn } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

const serverDir = path.resolve(import.meta.dirname, '../..');

/** A port nothing listens on now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Polls `check` every `everyMs` until it holds (a throw counts as not yet); fails naming what it waited for. */
export async function waitFor(
  check: () => boolean | Promise<boolean>,
  timeoutMs: number,
  what: () => string,
  everyMs = 100,
) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (
      await Promise.resolve()
        .then(check)
        .catch(() => false)
    )
      return;
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
  throw new Error(`timed out waiting for ${what()}`);
}

/**
 * A teardown step that may not finish (a connection to a process that was killed): waited for up to `ms`, then left
 * with a line on stderr naming it, so one stuck close does not fail the file's tests or hide which step stuck.
 */
export async function settle(step: string, work: Promise<unknown> | undefined, ms = 10_000) {
  if (!work) return;
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), ms);
  });
  const outcome = await Promise.race([work.then(() => 'done' as const), late]).catch(
    (error: unknown) => error,
  );
  clearTimeout(timer);
  if (outcome === 'late') process.stderr.write(`teardown: ${step} did not finish within ${ms} ms\n`);
  else if (outcome !== 'done') process.stderr.write(`teardown: ${step} failed: ${String(outcome)}\n`);
}

export type ServerProcess = {
  child: ChildProcess;
  port: number;
  /** http://127.0.0.1:port */
  url: string;
  /** Everything it printed so far (stdout and stderr). */
  output(): string;
  /** Its exit code once it has exited (null when killed by a signal). */
  exited: Promise<number | null>;
  /** Killed with SIGKILL unless it has exited; resolves once it has. */
  stop(): Promise<void>;
};

/**
 * Starts src/main.ts on a free port with the test's environment plus `env`, and waits until it has run all of main()
 * (its banner, printed last) or `timeoutMs` passes.
 */
export async function startServerProcess(
  env: Record<string, string>,
  options: { timeoutMs?: number; waitForStart?: boolean } = {},
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      VENDOR_SIMULATOR: 'false',
      LOG_LEVEL: 'warn',
      ...env,
      PORT: String(port),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  let done = false;
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      done = true;
      resolve(code);
    }),
  );
  const server: ServerProcess = {
    child,
    port,
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async stop() {
      if (!done) child.kill('SIGKILL');
      await settle(`stopping the server process on port ${port}`, exited, 5_000);
    },
  };
  if (options.waitForStart !== false) {
    try {
      await waitFor(
        () => output.includes('Tala is running') || done,
        options.timeoutMs ?? 120_000,
        () => `the server process to start:\n${output}`,
      );
      if (done) throw new Error(`the server process exited while starting:\n${output}`);
    } catch (error) {
      await server.stop();
      throw error;
    }
  }
  return server;
}
