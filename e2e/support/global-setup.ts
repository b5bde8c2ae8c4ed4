import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { currentCode } from '../../apps/server/src/modules/totp/totp.service.ts';
import { demoOperators } from '../../apps/server/src/seed/demo.ts';
import { freePort } from '../../apps/server/src/testing/server-process.ts';
import { findChromium } from './chromium.ts';

const root = path.resolve(import.meta.dirname, '../..');

async function freshDatabaseUrl(): Promise<{ url?: string; drop: () => Promise<void> }> {
  const base = process.env.DATABASE_URL;
  if (!base) return { drop: async () => {} };
  const name = `tala_e2e_${crypto.randomBytes(5).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: base });
      await c.connect();
      await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await c.end();
    },
  };
}

async function waitForHealth(baseUrl: string, child: ChildProcess, log: () => string) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${log()}`);
    try {
      const response = await fetch(`${baseUrl}/readyz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/**
 * Signs owner and finance in once with their demo authenticator keys, asking to be remembered: the browser tests
 * then send that cookie (as one browser an operator chose to trust), since an authenticator code works only once.
 * Answers the cookie value and an owner's token.
 */
async function rememberOperators(baseUrl: string): Promise<{ devices: string; ownerToken: string }> {
  let devices = '';
  let ownerToken = '';
  for (const username of ['owner', 'finance']) {
    const operator = demoOperators.find((o) => o.username === username);
    const response = await fetch(`${baseUrl}/admin-api/session`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        ...(devices ? { cookie: `tala_admin_device=${devices}` } : {}),
      },
      body: JSON.stringify({
        username,
        password: operator?.password,
        code: currentCode(operator?.totpKey as string),
        rememberDevice: true,
      }),
    });
    const body = (await response.json()) as { success: boolean; value: { token: string } };
    if (!body.success) throw new Error(`sign-in of ${username} failed: ${JSON.stringify(body)}`);
    devices = /tala_admin_device=([^;]+)/.exec(response.headers.get('set-cookie') ?? '')?.[1] ?? devices;
    if (username === 'owner') ownerToken = body.value.token;
  }
  return { devices, ownerToken };
}

/**
 * The browser tests register far more members from one address than a person would: the demo merchant allows it.
 * Reality checks are off by default here (a minute lasts a second in these tests: see REALITY_CHECK_MINUTE_MS), so
 * only the members of e2e/safer-gambling.e2e.ts, who choose an interval, get them.
 */
async function allowManyRegistrations(baseUrl: string, ownerToken: string) {
  const headers = { authorization: `Bearer ${ownerToken}`, 'content-type': 'application/json' };
  const url = `${baseUrl}/admin-api/merchants/tala/settings`;
  const read = (await (await fetch(url, { headers })).json()) as {
    value: { members: Record<string, unknown>; saferGambling: Record<string, unknown> };
  };
  read.value.members.registrationsPerIpPerDay = 100_000;
  read.value.saferGambling.realityCheckDefaultMinutes = 0;
  const saved = (await (
    await fetch(url, { method: 'PUT', headers, body: JSON.stringify(read.value) })
  ).json()) as {
    success: boolean;
  };
  if (!saved.success) throw new Error(`raising the registration limit failed: ${JSON.stringify(saved)}`);
}

type Server = {
  baseUrl: string;
  port: number;
  /** The remembered-browser cookie value of owner and finance (see rememberOperators). */
  adminDevices: string;
  /** The server's own PostgreSQL database when DATABASE_URL is set ('' on embedded PGlite), for arranging state. */
  databaseUrl: string;
};

/** Starts the built server on a fresh database and the given port; answers it and how to stop it. */
async function startServer(
  entry: string,
  port: number,
): Promise<{ server: Server; stop: () => Promise<void> }> {
  const database = await freshDatabaseUrl();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tala-e2e-'));
  let output = '';
  const child = spawn(process.execPath, [entry], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      TRUST_PROXY: 'true',
      // The browser tests sign operators in far more often than a person would, all from one address.
      ADMIN_SIGN_INS_PER_MINUTE: '1000',
      // A reality check's minute lasts one second, so a 15-minute check falls due in 15 s (decision 049).
      REALITY_CHECK_MINUTE_MS: '1000',
      LOG_LEVEL: 'warn',
      ...(database.url ? { DATABASE_URL: database.url } : { DATABASE_URL: '' }),
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  await waitForHealth(baseUrl, child, () => output);
  const { devices, ownerToken } = await rememberOperators(baseUrl);
  await allowManyRegistrations(baseUrl, ownerToken);
  return {
    server: { baseUrl, port, adminDevices: devices, databaseUrl: database.url ?? '' },
    stop: async () => {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Starts the built server once per test worker, each on its own fresh database and port: a worker runs its files one
 * after another against its own server (support/browser.ts `server()`), so files that change the merchant's settings
 * never meet, and the two workers' waits overlap.
 */
export default async function setup(project: TestProject) {
  findChromium();
  const entry = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(entry)) throw new Error('The server is not built: run `npm run build` first.');
  const count = Math.max(1, Number(project.config.maxWorkers) || 1);
  // Ports the system picks free: a fixed range met the machine's own services (epmd on 4369 stopped a run).
  const started = await Promise.all(
    Array.from({ length: count }, async () => startServer(entry, await freePort())),
  );
  project.provide(
    'servers',
    started.map((s) => s.server),
  );
  return async () => {
    await Promise.all(started.map((s) => s.stop()));
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    /** One server per test worker (VITEST_POOL_ID 1, 2, …). */
    servers: Server[];
  }
}
