import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
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
      const response = await fetch(`${baseUrl}/healthz`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become healthy:\n${log()}`);
}

/** The browser tests register far more members from one address than a person would: the demo merchant allows it. */
async function allowManyRegistrations(baseUrl: string) {
  const json = async (response: Response) => {
    const body = (await response.json()) as { success: boolean; value: Record<string, unknown> };
    if (!body.success) throw new Error(`setup call failed: ${JSON.stringify(body)}`);
    return body.value;
  };
  const session = await json(
    await fetch(`${baseUrl}/admin-api/session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner', password: 'owner-demo-1' }),
    }),
  );
  const headers = { authorization: `Bearer ${session.token}`, 'content-type': 'application/json' };
  const url = `${baseUrl}/admin-api/merchants/tala/settings`;
  const settings = (await json(await fetch(url, { headers }))) as { members: Record<string, unknown> };
  settings.members.registrationsPerIpPerDay = 100_000;
  await json(await fetch(url, { method: 'PUT', headers, body: JSON.stringify(settings) }));
}

/** Starts the built server once for all browser tests on a fresh database and a free port. */
export default async function setup(project: TestProject) {
  findChromium();
  const entry = path.join(root, 'apps/server/dist/main.js');
  if (!fs.existsSync(entry)) throw new Error('The server is not built: run `npm run build` first.');
  const database = await freshDatabaseUrl();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'tala-e2e-'));
  const port = 4100 + Math.floor(Math.random() * 800);
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
  await allowManyRegistrations(baseUrl);
  project.provide('baseUrl', baseUrl);
  project.provide('port', port);

  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await database.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    port: number;
  }
}
