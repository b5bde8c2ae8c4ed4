import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { postgresChangeRelay } from './db/change-relay.ts';
import { openDatabase } from './db/database.ts';
import { migrate } from './db/migrate.ts';
import { changes } from './lib/change-feed.ts';
import { syncFishVendor } from './modules/fish/fish-catalogue.ts';
import { syncLiveCatalogue } from './modules/live/live-catalogue.ts';
import { syncLotteryCatalogue } from './modules/lottery/lottery-catalogue.ts';
import { startPaymentGateway } from './modules/payments/gateway-process.ts';
import { syncPvpCatalogue } from './modules/pvp/pvp-catalogue.ts';
import { startVendorSimulator } from './modules/seamless/vendor-simulator.ts';
import { OddsFeedClient } from './modules/sports-feed/feed-client.ts';
import { linkOddsFeed } from './modules/sportsbook/sportsbook-feed-link.ts';
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
  let log: { warn: (object: object, message: string) => void } | undefined;
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    template,
    onConnectionError: (error) =>
      log?.warn({ err: error }, 'a database connection broke; it is replaced on next use'),
  });
  await migrate(database.db);
  let simulatorUrl: string | undefined;
  let paymentGatewayUrl: string | undefined;
  let callbackBaseUrl: string | undefined;
  const { app, services } = await buildApp({
    db: database.db,
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
  // Other server processes on the same database drop their cached sessions and counts on this one's changes.
  const stopRelay =
    config.databaseUrl && config.changeRelay
      ? changes.connect(await postgresChangeRelay(config.databaseUrl, database.db, changes, { log: app.log }))
      : undefined;
  const seeded = config.seedDemo ? await seedDemo(services) : false;
  // The in-house lottery's games in the catalogue (after the demo's first catalogue, which fills an empty one).
  await syncLotteryCatalogue(services.db);
  // The live studio's tables, in live_tables and in the catalogue.
  await syncLiveCatalogue(services.db);
  // The PvP card tables of every merchant, in pvp_tables and in the catalogue.
  await syncPvpCatalogue(services.db);
  // The fish rooms' vendor and line (decision 056): rooms are made by the seed or the back office.
  await syncFishVendor(services.db);

  let simulator: Awaited<ReturnType<typeof startVendorSimulator>>;
  let paymentGateway: Awaited<ReturnType<typeof startPaymentGateway>>;
  let oddsFeed: OddsFeedClient | undefined;
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000).unref();
    await oddsFeed?.stop();
    await simulator?.stop();
    await paymentGateway?.stop();
    await app.close();
    await stopRelay?.();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
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
  if (process.env.ODDS_FEED_URL) {
    oddsFeed = new OddsFeedClient({ url: process.env.ODDS_FEED_URL, logger: app.log });
    linkOddsFeed(oddsFeed, services.sportsbook);
    oddsFeed.start().catch((error: unknown) => app.log.error({ err: error }, 'odds feed did not start'));
  }
  const lines = [
    '',
    `Tala is running on ${database.kind === 'embedded' ? `the embedded database in ${config.dataDir}` : 'PostgreSQL'}${seeded ? ' (demo data seeded)' : ''}`,
    `  Player site    ${base}/`,
    `  Second brand   http://lucky.localhost:${port}/`,
    `  Dong merchant  http://vn.localhost:${port}/   (Vietnamese dong: amounts without decimals)`,
    `  Back office    ${base}/admin/`,
    `  Game clients   ${base}/games/`,
    `  API docs       ${base}/api-docs`,
    '  Back-office logins:',
    ...demoOperators.map(
      (o) =>
        `    ${o.role.padEnd(8)} ${o.username} / ${o.password}${o.totpKey ? `  + authenticator code: key ${o.totpKey}, or npm run demo-code -- ${o.username}` : ''}`,
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
