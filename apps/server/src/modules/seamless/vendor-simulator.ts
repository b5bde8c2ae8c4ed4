import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { SeamlessService } from './seamless.service.ts';

/**
 * Starts the in-repo game-vendor simulator (dist/game-vendor.js) as its own process for every third-party vendor
 * that has no real integration configured, and answers where it listens.
 */
export async function startVendorSimulator(options: {
  seamless: SeamlessService;
  vendorCodes: string[];
  apiUrl: string;
}): Promise<{ url: string; stop: () => Promise<void> } | undefined> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const entry = [path.join(here, 'game-vendor.js'), path.resolve(here, '../../../dist/game-vendor.js')].find(
    (p) => fs.existsSync(p),
  );
  if (!entry) return undefined;
  const simulated = await options.seamless.ensureSimulatedCredentials(options.vendorCodes);
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: '0',
      TALA_API_URL: options.apiUrl,
      VENDOR_SECRETS: JSON.stringify(Object.fromEntries(simulated.map((s) => [s.vendorCode, s.secret]))),
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`vendor simulator exited (${code})`)));
  });
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGTERM');
      }),
  };
}
