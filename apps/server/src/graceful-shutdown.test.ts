// SIGTERM to a real server process (src/main.ts): /readyz fails, the listener stops taking connections, a request in
// flight is still answered, WebSockets are told 1012 (service restart) so clients reconnect elsewhere, the job
// workers and pools close, and the process exits 0. On the way: the metrics are served on METRICS_PORT only.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import http from 'node:http';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { dropDatabase } from './testing/test-app.ts';

const url = process.env.DATABASE_URL;
const seeded = inject('seeded');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function until(check: () => Promise<boolean>, timeoutMs: number, what: () => string) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await check().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`timed out waiting for ${what()}`);
}

describe('graceful shutdown', () => {
  it.skipIf(!url || seeded?.kind !== 'postgres')(
    'answers the request in flight, tells sockets to reconnect, and exits 0 on SIGTERM',
    async () => {
      // A copy of the run's migrated and seeded database, so the server starts in seconds.
      const name = `tala_shutdown_${crypto.randomBytes(5).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`CREATE DATABASE ${name} TEMPLATE ${(seeded as { template: string }).template}`);
      await admin.end();
      cleanups.push(() => dropDatabase(url as string, name));
      const target = new URL(url as string);
      target.pathname = `/${name}`;
      const port = await freePort();
      const metricsPort = await freePort();
      const base = `http://127.0.0.1:${port}`;
      let output = '';
      const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
        cwd: path.resolve(import.meta.dirname, '..'),
        env: {
          ...process.env,
          DATABASE_URL: target.toString(),
          PORT: String(port),
          HOST: '127.0.0.1',
          METRICS_PORT: String(metricsPort),
          VENDOR_SIMULATOR: 'false',
          LOG_LEVEL: 'info',
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      server.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      server.stderr?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
      });
      const exited = new Promise<number | null>((resolve) => server.once('exit', (code) => resolve(code)));
      cleanups.push(() => void server.kill('SIGKILL'));
      await until(
        async () => (await fetch(`${base}/readyz`)).ok,
        90_000,
        () => `/readyz:\n${output}`,
      );

      // The metrics on their own port, and not on the public one.
      const metrics = await (await fetch(`http://127.0.0.1:${metricsPort}/metrics`)).text();
      expect(metrics).toContain('tala_http_request_duration_seconds_count{method="GET",route="/readyz"');
      expect(metrics).toContain('process_cpu_user_seconds_total');
      expect((await fetch(`${base}/metrics`)).status).toBe(404);

      // A live-table socket, open.
      const socket = new WebSocket(`ws://127.0.0.1:${port}/wps/live/socket`);
      await new Promise((resolve, reject) => {
        socket.once('open', resolve);
        socket.once('error', reject);
      });
      const socketClosed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)));

      // A slow client's sign-in: headers and half the body now, the rest after the SIGTERM.
      const body = JSON.stringify({ username: 'support', password: 'support-demo-1' });
      const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
        const request = http.request(`${base}/admin-api/session`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
        });
        request.on('response', (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => {
            text += chunk.toString();
          });
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        });
        request.on('error', reject);
        request.write(body.slice(0, 10));
        setTimeout(() => {
          server.kill('SIGTERM');
          // The listener has stopped taking connections before the request goes on.
          void until(
            async () => {
              try {
                await fetch(`${base}/healthz`);
                return false;
              } catch {
                return true;
              }
            },
            10_000,
            () => 'the listener to close',
          ).then(
            () => request.end(body.slice(10)),
            (error: unknown) => reject(error),
          );
        }, 300);
      });

      expect(await socketClosed).toBe(1012);
      const { status, body: text } = await answer;
      expect(status, text).toBe(200);
      expect(JSON.parse(text)).toMatchObject({ success: true });
      expect(await exited, output.slice(-3000)).toBe(0);
      expect(output).toContain('shutting down: draining requests, sockets and jobs');
      expect(output).toContain('shut down');
    },
    150_000,
  );
});
