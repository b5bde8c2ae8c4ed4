// SIGTERM to a real server process (src/main.ts): /readyz fails, the listener stops taking connections, a request in
// flight is still answered, WebSockets are told 1012 (service restart) so clients reconnect elsewhere, the job
// workers and pools close, and the process exits 0. On the way: the metrics are served on METRICS_PORT only.
import crypto from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import WebSocket from 'ws';
import { freePort, startServerProcess, waitFor } from './testing/server-process.ts';
import { dropDatabase } from './testing/test-app.ts';

const url = process.env.DATABASE_URL;
const seeded = inject('seeded');
const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

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
      const metricsPort = await freePort();
      const server = await startServerProcess(
        { DATABASE_URL: target.toString(), METRICS_PORT: String(metricsPort), LOG_LEVEL: 'info' },
        { waitForStart: false },
      );
      cleanups.push(() => server.stop());
      const { port, url: base } = server;
      await waitFor(
        async () => (await fetch(`${base}/readyz`)).ok,
        90_000,
        () => `/readyz:\n${server.output()}`,
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
          server.child.kill('SIGTERM');
          // The listener has stopped taking connections before the request goes on.
          void waitFor(
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
      expect(await server.exited, server.output().slice(-3000)).toBe(0);
      expect(server.output()).toContain('shutting down: draining requests, sockets and jobs');
      expect(server.output()).toContain('shut down');
    },
    150_000,
  );
});
