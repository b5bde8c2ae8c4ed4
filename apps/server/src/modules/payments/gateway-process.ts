import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import readline from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { PaymentsService } from './payments.service.ts';

/**
 * Starts the sandbox payment gateway (dist/payment-gateway.js) as its own process, with one account per merchant,
 * and answers where it listens. Undefined when the bundle is not there (route tests start it themselves).
 */
export async function startPaymentGateway(options: {
  payments: PaymentsService;
}): Promise<{ url: string; stop: () => Promise<void> } | undefined> {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const entry = [
    path.join(here, 'payment-gateway.js'),
    path.resolve(here, '../../../dist/payment-gateway.js'),
  ].find((p) => fs.existsSync(p));
  if (!entry) return undefined;
  const accounts = await options.payments.ensureSandboxCredentials();
  const child: ChildProcess = spawn(process.execPath, [entry], {
    env: { ...process.env, PORT: '0', GATEWAY_ACCOUNTS: JSON.stringify(accounts) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    const lines = readline.createInterface({ input: child.stdout as NodeJS.ReadableStream });
    lines.once('line', (line) => resolve((JSON.parse(line) as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`payment gateway simulator exited (${code})`)));
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
