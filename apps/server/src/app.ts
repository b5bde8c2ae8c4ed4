import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyServerOptions } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Database } from './db/database.ts';
import { migrationNames } from './db/migrate.ts';
import { builtApps, inlineScriptHashes, registerBuiltApps } from './http/built-apps.ts';
import { registerForwardedForCheck, trustedProxies } from './http/client-ip.ts';
import { registerErrorHandling } from './http/errors.ts';
import { firstPaintOf } from './http/first-paint.ts';
import { closeSocketsForRestart, lifecycle, registerOperations } from './http/operations.ts';
import { registerStorableInput } from './http/storable-input.ts';
import { createMetrics, type Metrics, type PoolStats } from './lib/metrics.ts';
import { memoryRateLimits, type RateLimits, rateLimitStore } from './lib/rate-limits.ts';
import { registerAgentJobs } from './modules/agents/agents.jobs.ts';
import { agentsRoutes } from './modules/agents/agents.routes.ts';
import { auditRoutes } from './modules/audit/audit.routes.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { contentRoutes } from './modules/content/content.routes.ts';
import { contentAdminRoutes } from './modules/content/content-admin.routes.ts';
import { registerExclusionJobs } from './modules/exclusions/exclusions.jobs.ts';
import { exclusionsRoutes } from './modules/exclusions/exclusions.routes.ts';
import { fishRoutes } from './modules/fish/fish.routes.ts';
import { fishOfficeRoutes } from './modules/fish/fish-office.routes.ts';
import { gamesRoutes } from './modules/games/games.routes.ts';
import { gamesAdminRoutes } from './modules/games/games-admin.routes.ts';
import { gamesPlayRoutes } from './modules/games/games-play.routes.ts';
import { kycRoutes } from './modules/kyc/kyc.routes.ts';
import { kycAdminRoutes } from './modules/kyc/kyc-admin.routes.ts';
import { limitsRoutes } from './modules/limits/limits.routes.ts';
import { bingoRoutes } from './modules/live/bingo.routes.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { liveOfficeRoutes } from './modules/live/office.routes.ts';
import { roomChatRoutes } from './modules/live/room-chat.routes.ts';
import { registerLotteryJobs } from './modules/lottery/lottery.jobs.ts';
import { lotteryRoutes } from './modules/lottery/lottery.routes.ts';
import { lotteryOfficeRoutes } from './modules/lottery/office.routes.ts';
import { membersRoutes } from './modules/members/members.routes.ts';
import { merchantsRoutes } from './modules/merchants/merchants.routes.ts';
import { messagingRoutes } from './modules/messaging/messaging.routes.ts';
import { missionsRoutes } from './modules/missions/missions.routes.ts';
import { operatorsRoutes } from './modules/operators/operators.routes.ts';
import { registerPaymentJobs } from './modules/payments/payments.jobs.ts';
import { paymentsRoutes } from './modules/payments/payments.routes.ts';
import { paymentsAdminRoutes } from './modules/payments/payments-admin.routes.ts';
import { platformRoutes } from './modules/platform/platform.routes.ts';
import { registerPointsJobs } from './modules/points/points.jobs.ts';
import { pointsRoutes } from './modules/points/points.routes.ts';
import { registerPromotionJobs } from './modules/promotions/promotions.jobs.ts';
import { promotionsRoutes } from './modules/promotions/promotions.routes.ts';
import { referralsRoutes } from './modules/promotions/referrals.routes.ts';
import { pvpRoutes } from './modules/pvp/pvp.routes.ts';
import { pvpOfficeRoutes } from './modules/pvp/pvp-office.routes.ts';
import { registerSaferGamblingJobs } from './modules/safer-gambling/safer-gambling.jobs.ts';
import { saferGamblingRoutes } from './modules/safer-gambling/safer-gambling.routes.ts';
import { seamlessRoutes } from './modules/seamless/seamless.routes.ts';
import { slotsRoutes } from './modules/slots/slots.routes.ts';
import { registerSportsbookJobs } from './modules/sportsbook/sportsbook.jobs.ts';
import { sportsbookRoutes } from './modules/sportsbook/sportsbook.routes.ts';
import { tradingRoutes } from './modules/sportsbook/trading.routes.ts';
import { broadcastsRoutes } from './modules/support/broadcasts.routes.ts';
import { chatRoutes } from './modules/support/chat.routes.ts';
import { registerSupportJobs } from './modules/support/support.jobs.ts';
import { supportRoutes } from './modules/support/support.routes.ts';
import { systemRoutes } from './modules/system/system.routes.ts';
import { walletRoutes } from './modules/wallet/wallet.routes.ts';
import { createServices, type Services } from './services.ts';

export type AppOptions = {
  db: Database;
  /** Reads that tolerate a few seconds of lag (the read replica, else `db`; decision 062). */
  replica?: Database;
  logger?: FastifyServerOptions['logger'];
  /** Which proxies' X-Forwarded-For to believe: false, a list of addresses (TRUST_PROXY), or true for private hops. */
  trustProxy?: boolean | string;
  /** Where the in-repo game-vendor simulator listens, once started (main.ts). */
  simulatorUrl?: () => string | undefined;
  /** Where the sandbox payment gateway listens, and where it reaches this server (main.ts). */
  paymentGatewayUrl?: () => string | undefined;
  callbackBaseUrl?: () => string | undefined;
  /** Serve the built web, admin and games apps (off in route tests). */
  serveApps?: boolean;
  /** Back-office sign-in attempts per visitor address and minute (ADMIN_SIGN_INS_PER_MINUTE; default 20). */
  adminSignInsPerMinute?: number;
  /** Ledger batches in flight at once (LEDGER_BATCH_SLOTS; default 2). */
  ledgerBatchSlots?: number;
  /** How long a minute of the reality checks lasts (REALITY_CHECK_MINUTE_MS). */
  realityCheckMinuteMs?: number;
  /**
   * Where every rate limit counts (lib/rate-limits.ts): main.ts shares them between processes (Redis or PostgreSQL);
   * by default this process's memory. Closed with the app.
   */
  rateLimits?: RateLimits;
  /** The process's metrics (main.ts makes them with the process's own); else the app makes its own. */
  metrics?: Metrics;
  /** The database pool's use, for the metrics (the database handle's `poolStats`). */
  poolStats?: () => PoolStats;
  /** /readyz answers 503 until `life.started()` (main.ts, once everything runs); else ready at once. */
  waitForStart?: boolean;
  /** Serve /metrics on the app's own port behind this token (METRICS_TOKEN without METRICS_PORT). */
  metricsToken?: string | undefined;
};

export async function buildApp(options: AppOptions) {
  const trustProxy = trustedProxies(options.trustProxy);
  const app = Fastify({
    logger: options.logger ?? false,
    trustProxy,
    bodyLimit: 1024 * 1024,
  }).withTypeProvider<ZodTypeProvider>();
  registerForwardedForCheck(app, trustProxy);
  const metrics = options.metrics ?? createMetrics();
  if (options.poolStats) metrics.readPool(options.poolStats);
  const life = lifecycle({ waitForStart: options.waitForStart ?? false });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerStorableInput(app);

  const rateLimits = options.rateLimits ?? memoryRateLimits();
  const services = createServices(options.db, {
    rateLimits,
    ...(options.replica ? { replica: options.replica } : {}),
    simulatorUrl: options.simulatorUrl,
    paymentGatewayUrl: options.paymentGatewayUrl,
    callbackBaseUrl: options.callbackBaseUrl,
    ledgerBatchSlots: options.ledgerBatchSlots,
    onLedgerBatch: (size) => metrics.ledgerBatchSize.observe(size),
    ...(options.realityCheckMinuteMs ? { realityCheckMinuteMs: options.realityCheckMinuteMs } : {}),
    log: app.log,
  });
  await registerJobs(services);
  metrics.readJobs(() => services.jobs.depths());
  app.addHook('onClose', () => services.jobs.stop());
  app.addHook('onClose', async () => services.liveHub.stop());
  app.addHook('onClose', async () => services.pvp.stop());
  app.addHook('onClose', () => rateLimits.close());

  // The built front ends, read once: their pages' inline scripts are allowed by hash, nothing else inline.
  const apps = (options.serveApps ?? true) ? builtApps() : [];
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'", ...inlineScriptHashes(apps)],
        frameSrc: ["'self'", 'http:', 'https:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        // Production serves HTTPS with HSTS; upgrading here would break plain-HTTP local runs.
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(rateLimit, { global: false, store: rateLimitStore(rateLimits) });
  // Upload limits are set per route (content/uploads.ts); chat frames are small.
  await app.register(multipart);
  // On close every socket is told to reconnect (1012), to another process while this one drains.
  await app.register(websocket, { options: { maxPayload: 16 * 1024 }, preClose: closeSocketsForRestart });
  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Tala API',
        version: '1.0.0',
        description: 'Player (/wps, /lgw), back office (/admin-api) and vendor calls.',
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api-docs' });

  registerOperations(app, {
    db: options.db,
    metrics,
    life,
    migrations: migrationNames(),
    metricsToken: options.metricsToken,
  });

  await app.register(systemRoutes(services));
  await app.register(operatorsRoutes(services, { signInsPerMinute: options.adminSignInsPerMinute ?? 20 }));
  await app.register(merchantsRoutes(services));
  await app.register(platformRoutes(services));
  await app.register(auditRoutes(services));
  await app.register(contentRoutes(services));
  await app.register(contentAdminRoutes(services));
  await app.register(supportRoutes(services));
  await app.register(chatRoutes(services));
  await app.register(membersRoutes(services));
  await app.register(authRoutes(services));
  await app.register(messagingRoutes(services));
  app.addHook('onClose', () => services.messaging.close());
  await app.register(gamesRoutes(services));
  await app.register(slotsRoutes(services));
  await app.register(liveRoutes(services));
  await app.register(bingoRoutes(services));
  await app.register(liveOfficeRoutes(services));
  await app.register(roomChatRoutes(services));
  await app.register(pvpRoutes(services));
  await app.register(pvpOfficeRoutes(services));
  await app.register(fishRoutes(services));
  await app.register(fishOfficeRoutes(services));
  await app.register(sportsbookRoutes(services));
  await app.register(tradingRoutes(services));
  await app.register(lotteryRoutes(services));
  await app.register(lotteryOfficeRoutes(services));
  await app.register(walletRoutes(services));
  await app.register(seamlessRoutes(services));
  await app.register(limitsRoutes(services));
  await app.register(gamesPlayRoutes(services));
  await app.register(gamesAdminRoutes(services));
  await app.register(paymentsRoutes(services));
  await app.register(agentsRoutes(services));
  await app.register(promotionsRoutes(services));
  await app.register(referralsRoutes(services));
  await app.register(missionsRoutes(services));
  await app.register(pointsRoutes(services));
  await app.register(paymentsAdminRoutes(services));
  await app.register(kycRoutes(services));
  await app.register(kycAdminRoutes(services));
  await app.register(broadcastsRoutes(services));
  await app.register(saferGamblingRoutes(services));
  await app.register(exclusionsRoutes(services));

  if (apps.length > 0) registerBuiltApps(app, apps, { firstPaint: firstPaintOf(services) });
  return { app, services, metrics, life };
}

/** Every module's scheduled and queued work: declared here, run once `services.jobs.start()` is called. */
async function registerJobs(services: Services) {
  await registerPaymentJobs(services.jobs, services.payments);
  await registerAgentJobs(services.jobs, services.agents);
  await registerPromotionJobs(services.jobs, services.promotions);
  await registerSupportJobs(services.jobs, services.support);
  await registerPointsJobs(services.jobs, services.points);
  await registerLotteryJobs(services.jobs, services.lottery);
  await registerSportsbookJobs(services.jobs, services.sportsbook);
  await registerSaferGamblingJobs(services.jobs, services.saferGambling);
  await registerExclusionJobs(services.jobs, services.exclusions);
}
