import crypto from 'node:crypto';
import http from 'node:http';
import { readyResponse } from '@tala/contracts/system';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import type { Database } from '../db/database.ts';
import { pendingMigrations } from '../db/migrate.ts';
import type { Metrics } from '../lib/metrics.ts';
import { AppError } from './app-error.ts';

/**
 * Where the process is in its life, for /readyz: not ready until main.ts has started everything (when it asks to be
 * told), and not ready again from the moment a SIGTERM starts draining it, so a load balancer stops sending it work.
 */
export function lifecycle(options: { waitForStart: boolean }) {
  let state: 'starting' | 'serving' | 'draining' = options.waitForStart ? 'starting' : 'serving';
  return {
    state: () => state,
    started() {
      if (state === 'starting') state = 'serving';
    },
    draining() {
      state = 'draining';
    },
  };
}
export type Lifecycle = ReturnType<typeof lifecycle>;

/** The close code that tells a WebSocket client the server restarts and a new connection will be served (RFC 6455). */
export const SERVICE_RESTART = 1012;

/**
 * The WebSocket plugin's preClose: every socket is told 1012 (service restart), which our clients answer by
 * reconnecting, through the load balancer, to a process that is not stopping. A client that does not answer the close
 * within two seconds is cut off, so a shutdown never waits on it.
 */
export function closeSocketsForRestart(this: FastifyInstance, done: () => void) {
  const server = this.websocketServer;
  for (const client of server.clients) client.close(SERVICE_RESTART, 'server restart');
  const cutOff = setTimeout(() => {
    for (const client of server.clients) client.terminate();
  }, 2_000);
  server.close(() => {
    clearTimeout(cutOff);
    done();
  });
}

function tokenMatches(header: string | undefined, token: string): boolean {
  const given = Buffer.from(header?.replace(/^Bearer\s+/i, '') ?? '');
  const expected = Buffer.from(token);
  return given.length === expected.length && crypto.timingSafeEqual(given, expected);
}

/**
 * /healthz, /readyz, the metrics of every request and socket, and /metrics on the main port when guarded by a token
 * (decisions/065-operations.md).
 */
export function registerOperations(
  app: FastifyInstance,
  options: {
    db: Database;
    metrics: Metrics;
    life: Lifecycle;
    migrations: string[];
    /** Serve /metrics on this port with `Authorization: Bearer <token>` (METRICS_TOKEN without METRICS_PORT). */
    metricsToken?: string | undefined;
  },
) {
  const { db, metrics, life, migrations } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();

  app.addHook('onResponse', async (request, reply) => {
    metrics.httpDuration.observe(
      {
        method: request.method,
        // The pattern, never the path itself, so that ids in paths do not make a series each.
        route: request.routeOptions.url ?? 'unmatched',
        status_code: String(reply.statusCode),
      },
      reply.elapsedTime / 1000,
    );
  });

  // While draining, every answer closes its connection: a keep-alive connection left idle after the close began would
  // hold the listener open until its keep-alive timeout (5 s), and the proxy should not reuse it anyway.
  app.addHook('onSend', async (_request, reply) => {
    if (life.state() === 'draining') reply.header('connection', 'close');
  });

  app.addHook('onReady', async () => {
    app.websocketServer?.on('connection', (socket, request) => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      metrics.websockets.inc({ path });
      socket.once('close', () => metrics.websockets.dec({ path }));
    });
  });

  // Alive: the process answers. Nothing else is asked, so an orchestrator does not restart servers for a database
  // outage they ride out by themselves (db/database-outage.test.ts).
  typed.get('/healthz', { schema: { tags: ['system'] } }, async () => ({ status: 'ok' as const }));

  typed.get('/readyz', { schema: { tags: ['system'], response: { 200: readyResponse } } }, async () => {
    const state = life.state();
    if (state !== 'serving') throw new AppError('not_ready', undefined, {}, { reason: state });
    await sql`SELECT 1`.execute(db);
    const pending = await pendingMigrations(db, migrations);
    if (pending.length > 0) {
      throw new AppError(
        'not_ready',
        undefined,
        {},
        { reason: 'migrations_pending', pending: pending.length },
      );
    }
    return { status: 'ready' as const, database: 'ok' as const, migrations: 'current' as const };
  });

  const token = options.metricsToken;
  if (token) {
    app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
      if (!tokenMatches(request.headers.authorization, token)) throw new AppError('metrics_token_invalid');
      reply.header('content-type', metrics.registry.contentType);
      return metrics.registry.metrics();
    });
  }
}

/**
 * /metrics on a listener of its own (METRICS_PORT), kept off the public port: bind it to an address only Prometheus
 * reaches. With METRICS_TOKEN set it asks for the token here too.
 */
export async function serveMetrics(
  metrics: Metrics,
  options: { port: number; host: string; token?: string | undefined },
) {
  const server = http.createServer((request, response) => {
    void (async () => {
      if ((request.url ?? '').split('?')[0] !== '/metrics') {
        response
          .writeHead(404, { 'content-type': 'text/plain' })
          .end('not found: the metrics are at /metrics\n');
        return;
      }
      if (options.token && !tokenMatches(request.headers.authorization, options.token)) {
        response.writeHead(401, { 'content-type': 'text/plain' }).end('the metrics need the metrics token\n');
        return;
      }
      try {
        const body = await metrics.registry.metrics();
        response.writeHead(200, { 'content-type': metrics.registry.contentType }).end(body);
      } catch (error) {
        response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${String(error)}\n`);
      }
    })();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
