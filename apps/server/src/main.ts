import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { postgresChangeRelay } from './db/change-relay.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { ReplicaConfigError } from './db/replica.ts';
import { serveMetrics } from './http/operations.ts';
import { changes } from './lib/change-feed.ts';
import { createMetrics } from './lib/metrics.ts';
import { memoryRateLimits, sharedRateLimits } from './lib/rate-limits.ts';
import { syncFishVendor } from './modules/fish/fish-catalogue.ts';
import { syncLiveCatalogue } from './modules/live/live-catalogue.ts';
import { syncLotteryCatalogue } from './modules/lottery/lottery-catalogue.ts';
import { startPaymentGateway } from './modules/payments/gateway-process.ts';
import { syncPvpCatalogue } from './modules/pvp/pvp-catalogue.ts';
import { startVendorSimulator } from './modules/seamless/vendor-simulator.ts';
import { OddsFeedClient } from './modules/sports-feed/feed-client.ts';
import { syncSportsbookCatalogue } from './modules/sportsbook/sportsbook-catalogue.ts';
import { linkOddsFeed } from './modules/sportsbook/sportsbook-feed-link.ts';
import { feedKey, feedPosition } from './modules/sportsbook/sportsbook-feed-position.ts';
import { demoMembers, demoOperators, seedDemo } from './seed/demo.ts';

async function main() {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(2);
    }
    throw error;
  }

  const template = config.seedDemo
    ? path.join(path.dirname(fileURLToPath(import.meta.url)), 'embedded-template')
    : undefined;
  // Until the app's logger exists, the replica's state changes go to the console.
  let log: {
    warn: (object: object, message: string) => void;
    info: (object: object, message: string) => void;
    error: (object: object, message: string) => void;
  } = {
    warn: (object, message) => console.warn(message, JSON.stringify(object)),
    info: (object, message) => console.info(message, JSON.stringify(object)),
    error: (object, message) => console.error(message, JSON.stringify(object)),
  };
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      template,
      replicaUrl: config.databaseReplicaUrl,
      replicaMaxLagSeconds: config.replicaMaxLagSeconds,
      log: () => log,
      onConnectionError: (error) =>
        log.warn({ err: error }, 'a database connection broke; it is replaced on next use'),
    });
  } catch (error) {
    if (error instanceof ReplicaConfigError) {
      fs.writeSync(2, `${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }
  // Servers starting together: one migrates, the others wait for it (db/migrate.ts).
  await migrate(database.db, { onWait: (message) => console.log(message) });
  const metrics = createMetrics({ processMetrics: true });
  let simulatorUrl: string | undefined;
  let paymentGatewayUrl: string | undefined;
  let callbackBaseUrl: string | undefined;
  // Rate limits count over every process (decision 064); the embedded database serves one process.
  const rateLimitLog = {
    warn: (object: object, message: string) => log.warn(object, message),
    error: (object: object, message: string) => log.error(object, message),
  };
  const rateLimits =
    config.redisUrl || config.databaseUrl
      ? await sharedRateLimits({ db: database.db, redisUrl: config.redisUrl, log: rateLimitLog })
      : memoryRateLimits();
  const { app, services, life } = await buildApp({
    rateLimits,
    db: database.db,
    replica: database.replica,
    metrics,
    poolStats: database.poolStats,
    waitForStart: true,
    metricsToken: config.metrics.port === undefined ? config.metrics.token : undefined,
    simulatorUrl: () => simulatorUrl,
    paymentGatewayUrl: () => paymentGatewayUrl,
    callbackBaseUrl: () => callbackBaseUrl,
    trustProxy: config.trustProxy,
    adminSignInsPerMinute: config.adminSignInsPerMinute,
    ledgerBatchSlots: config.ledgerBatchSlots,
    realityCheckMinuteMs: config.realityCheckMinuteMs,
    logger: { level: config.logLevel },
  });
  log = app.log;
  app.log.info(
    { trustProxy: config.trustProxy },
    config.trustProxy === false
      ? 'TRUST_PROXY is off: X-Forwarded-For is ignored and the visitor is the connecting address'
      : `X-Forwarded-For is believed only from ${config.trustProxy}`,
  );
  // Other server processes on the same database drop their cached sessions and counts on this one's changes.
  // LISTEN needs a session of its own: through PgBouncer in transaction mode, DATABASE_DIRECT_URL names the
  // primary directly (decision 062).
  const listenUrl = config.databaseDirectUrl ?? config.databaseUrl;
  const stopRelay =
    listenUrl && config.changeRelay
      ? changes.connect(await postgresChangeRelay(listenUrl, database.db, changes, { log: app.log }))
      : undefined;
  const seeded = config.seedDemo ? await seedDemo(services) : false;
  // The in-house lottery's games in the catalogue (after the demo's first catalogue, which fills an empty one).
  await syncLotteryCatalogue(services.db);
  // The live studio's tables, in live_tables and in the catalogue.
  await syncLiveCatalogue(services.db);
  // The PvP card tables of every merchant, in pvp_tables and in the catalogue.
  await syncPvpCatalogue(services.db);
  // The in-house sportsbook's vendors, lines and lobby games (TSPORTS, TESPORTS).
  await syncSportsbookCatalogue(services.db);
  // The fish rooms' vendor and line (decision 056): rooms are made by the seed or the back office.
  await syncFishVendor(services.db);
  // What the syncs changed reaches the catalogues of the processes already running.
  changes.publish(services.db, { on: 'catalogue' });

  let simulator: Awaited<ReturnType<typeof startVendorSimulator>>;
  let paymentGateway: Awaited<ReturnType<typeof startPaymentGateway>>;
  let oddsFeed: OddsFeedClient | undefined;
  let unlinkOddsFeed: (() => Promise<void>) | undefined;
  let metricsServer: Awaited<ReturnType<typeof serveMetrics>> | undefined;
  let closing = false;
  /**
   * Graceful: /readyz fails at once, the listener stops taking connections, requests in flight are answered, every
   * WebSocket is told 1012 (service restart: our clients reconnect, to another process), the job workers finish their
   * jobs, then the simulators, the change relay and the pool close. Past SHUTDOWN_TIMEOUT_MS the process exits anyway.
   */
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    life.draining();
    app.log.info({ signal }, 'shutting down: draining requests, sockets and jobs');
    const force = setTimeout(() => {
      app.log.error({ timeoutMs: config.shutdownTimeoutMs }, 'shutdown took too long: exiting anyway');
      process.exit(1);
    }, config.shutdownTimeoutMs).unref();
    try {
      await oddsFeed?.stop();
      // The last position the sportsbook applied, so the next start resumes there.
      await unlinkOddsFeed?.();
      await app.close();
      await simulator?.stop();
      await paymentGateway?.stop();
      await stopRelay?.();
      await metricsServer?.close();
      await database.close();
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
    clearTimeout(force);
    app.log.info('shut down');
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  if (config.metrics.port !== undefined) {
    metricsServer = await serveMetrics(metrics, {
      port: config.metrics.port,
      host: config.metrics.host,
      token: config.metrics.token,
    });
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  const base = `http://${config.host === '0.0.0.0' ? 'localhost' : config.host}:${port}`;
  await services.seamless.ensureInHouseCredentials(await services.games.vendorCodes(true));
  simulator = config.vendorSimulator
    ? await startVendorSimulator({
        seamless: services.seamless,
        vendorCodes: await services.games.vendorCodes(false),
        apiUrl: `http://127.0.0.1:${port}`,
      })
    : undefined;
  simulatorUrl = simulator?.url;
  callbackBaseUrl = `http://127.0.0.1:${port}`;
  // The sandbox gateway is a simulator like the game vendors' one: for local runs, demos and tests.
  paymentGateway = config.vendorSimulator
    ? await startPaymentGateway({ payments: services.payments })
    : undefined;
  paymentGatewayUrl = paymentGateway?.url;
  await services.jobs.start();
  services.liveHub.start();
  services.pvp.start({ log: app.log });
  // The sportsbook's odds feed (decision 058): a real provider or a simulator elsewhere, by configuration.
  // It resumes after the last sequence number the sportsbook applied (sports_feed_positions), or from a snapshot.
  if (process.env.ODDS_FEED_URL) {
    const url = process.env.ODDS_FEED_URL;
    const position = feedPosition(services.db, feedKey(url));
    const afterSequence = await position.read();
    app.log.info(
      { feed: position.feed, afterSequence },
      afterSequence === undefined ? 'odds feed: starting from a snapshot' : 'odds feed: resuming',
    );
    oddsFeed = new OddsFeedClient({ url, logger: app.log, afterSequence });
    unlinkOddsFeed = linkOddsFeed(oddsFeed, services.sportsbook, { position, logger: app.log });
    oddsFeed.start().catch((error: unknown) => app.log.error({ err: error }, 'odds feed did not start'));
  }
  life.started();
  const lines = [
    '',
    `Tala is running on ${database.kind === 'embedded' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}${seeded ? ' (demo data seeded)' : ''}`,
    `  Player site    ${base}/`,
    `  Second brand   http://lucky.localhost:${port}/`,
    `  Dong merchant  http://vn.localhost:${port}/   (Vietnamese dong: amounts without decimals)`,
    `  Back office    ${base}/admin/`,
    `  Game clients   ${base}/games/`,
    `  API docs       ${base}/api-docs`,
    `  Health         ${base}/healthz (alive), ${base}/readyz (ready for traffic)`,
    ...(metricsServer
      ? [`  Metrics        http://${config.metrics.host}:${metricsServer.port}/metrics`]
      : config.metrics.token
        ? [`  Metrics        ${base}/metrics (Authorization: Bearer $METRICS_TOKEN)`]
        : []),
    '  Back-office logins:',
    ...demoOperators.map(
      (o) =>
        `    ${o.role.padEnd(8)} ${o.username} / ${o.password}${'merchant' in o ? ` (merchant ${o.merchant} only)` : ''}${o.totpKey ? `  + authenticator code: key ${o.totpKey}, or npm run demo-code -- ${o.username}` : ''}`,
    ),
    '  Player logins (Tala Casino):',
    ...demoMembers.map((m) => `    ${m.username.padEnd(8)} / ${m.password.padEnd(13)} ${m.role}`),
    '',
  ];
  console.log(lines.join('\n'));
}

main().catch((error) => {
  // Written at once: console output to a pipe is asynchronous and process.exit() would cut it off.
  fs.writeSync(2, `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exit(1);
});
