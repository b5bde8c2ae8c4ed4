import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';

/**
 * Where the odds feed is: ODDS_FEED_URL when a real provider (or a simulator elsewhere) is configured, otherwise the
 * in-repo simulator started as its own process, as the game-vendor simulator is.
 */
export async function resolveOddsFeed(
  env: NodeJS.ProcessEnv = process.env,
): Promise<{ url: string; stop: () => Promise<void> } | undefined> {
  if (env.ODDS_FEED_URL) return { url: env.ODDS_FEED_URL, stop: async () => {} };
  return startOddsFeedProcess({ env });
}

/**
 * Starts simulators/odds-feed as a child process on a free port and answers where it listens. It runs the bundle
 * (dist/odds-feed.js) when built, or the TypeScript source through tsx when `source` is set (tests); undefined when
 * neither is there. FEED_* variables pass through (see the simulator's header).
 */
export async function startOddsFeedProcess(options: {
  env?: NodeJS.ProcessEnv;
  source?: boolean;
}): Promise<{ url: string; stop: () => Promise<void>; child: ChildProcess } | undefined> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const serverRoot = path.resolve(here, '../../..');
  const bundle = [path.join(here, 'odds-feed.js'), path.join(serverRoot, 'dist/odds-feed.js')].find((p) =>
    fs.existsSync(p),
  );
  const sourceEntry = path.join(serverRoot, 'simulators/odds-feed.ts');
  const args = options.source ? ['--import', 'tsx', sourceEntry] : bundle ? [bundle] : undefined;
  if (!args) return undefined;
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: serverRoot,
    env: { ...process.env, ...options.env, PORT: '0' },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`odds feed simulator exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    child,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
