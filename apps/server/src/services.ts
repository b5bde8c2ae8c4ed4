import type { Database } from './db/database.ts';
import { createJobQueue } from './jobs/job-queue.ts';
import { changes } from './lib/change-feed.ts';
import { playGuardPort } from './lib/play-guard.ts';
import { memoryRateLimits, type RateLimits } from './lib/rate-limits.ts';
import { agentsService } from './modules/agents/agents.service.ts';
import { auditService } from './modules/audit/audit.service.ts';
import { authService } from './modules/auth/auth.service.ts';
import { contentService } from './modules/content/content.service.ts';
import { memberIdentityPort, membersLookup } from './modules/content/member-identity.ts';
import { countsService } from './modules/counts/counts.service.ts';
import { exclusionsService } from './modules/exclusions/exclusions.service.ts';
import { fishService } from './modules/fish/fish.service.ts';
import { fishFrames } from './modules/fish/fish-frames.ts';
import { fishOfficeUseCases } from './modules/fish/fish-office.ts';
import { gamesService } from './modules/games/games.service.ts';
import { gamesAdminService } from './modules/games/games-admin.service.ts';
import { gamesPlayService } from './modules/games/games-play.service.ts';
import { kycService } from './modules/kyc/kyc.service.ts';
import { limitsService } from './modules/limits/limits.service.ts';
import { limitsAdminService } from './modules/limits/limits-admin.ts';
import { bingoService } from './modules/live/bingo.service.ts';
import { liveService } from './modules/live/live.service.ts';
import { liveHub as createLiveHub } from './modules/live/live-hub.ts';
import { liveOfficeUseCases } from './modules/live/office.ts';
import { roomChatService } from './modules/live/room-chat.ts';
import { lotteryService } from './modules/lottery/lottery.service.ts';
import { memberSettingsOf, membersService } from './modules/members/members.service.ts';
import { merchantsService } from './modules/merchants/merchants.service.ts';
import { messagingService } from './modules/messaging/messaging.service.ts';
import { missionsService } from './modules/missions/missions.service.ts';
import { operatorsService } from './modules/operators/operators.service.ts';
import { paymentsService } from './modules/payments/payments.service.ts';
import { platformService } from './modules/platform/platform.service.ts';
import { pointsService } from './modules/points/points.service.ts';
import { promotionsService } from './modules/promotions/promotions.service.ts';
import { pvpService } from './modules/pvp/pvp.service.ts';
import { pvpOfficeUseCases } from './modules/pvp/pvp-office.ts';
import { saferGamblingService } from './modules/safer-gambling/safer-gambling.service.ts';
import { seamlessService } from './modules/seamless/seamless.service.ts';
import { slotsService } from './modules/slots/slots.service.ts';
import { sportsPush } from './modules/sportsbook/sports-push.ts';
import { sportsbookService } from './modules/sportsbook/sportsbook.service.ts';
import { sportsTradingUseCases } from './modules/sportsbook/trading.ts';
import { offerCache, tradingOffer } from './modules/sportsbook/trading-offer.ts';
import { supportService } from './modules/support/support.service.ts';
import { systemService } from './modules/system/system.service.ts';
import { totpService } from './modules/totp/totp.service.ts';
import { verificationService } from './modules/verification/verification.service.ts';
import { walletService } from './modules/wallet/wallet.service.ts';

/** Every module's service, built once; a module reaches another only through these. */
export function createServices(
  db: Database,
  options: {
    /**
     * Reads that tolerate a few seconds of lag — back-office reports, exports and lists — go here: the read replica
     * when there is one, else `db` (decision 062). Money, sessions and read-your-writes always use `db`.
     */
    replica?: Database;
    simulatorUrl?: () => string | undefined;
    /** The sandbox payment gateway's address and our own as it calls back (main.ts, payment tests). */
    paymentGatewayUrl?: () => string | undefined;
    callbackBaseUrl?: () => string | undefined;
    /** Ledger batches in flight at once (LEDGER_BATCH_SLOTS; default 2). */
    ledgerBatchSlots?: number | undefined;
    /** Told the size of each ledger batch the group commit sends (the metrics). */
    onLedgerBatch?: (size: number) => void;
    log?: { error: (object: object, message: string) => void };
    /** Settlement tests: a run stops as if its process died after this many bills. */
    crashAfterBills?: () => number | undefined;
    /** Rebate tests: a run stops as if its process died after this many payouts. */
    crashAfterRebatePayouts?: () => number | undefined;
    /** Referral tests: every decision waits here, so two runs decide one friend at once. */
    beforeReferralDecision?: () => Promise<void>;
    /** How long a minute of the reality checks lasts (REALITY_CHECK_MINUTE_MS; browser tests shorten it). */
    realityCheckMinuteMs?: number;
    /** Where abuse counters outside the modules' tables count (chat flood); this process's memory by default. */
    rateLimits?: RateLimits;
  } = {},
) {
  // Scheduled and queued work of every module; started by main.ts (and by the tests that need it).
  const jobs = createJobQueue(db, { log: options.log });
  const replica = options.replica ?? db;
  const audit = auditService(db, replica);
  const merchants = merchantsService(db, audit);
  // Content and support learn who the member is through this port, connected to the members' sessions below.
  const content = contentService(db, audit, merchants, memberIdentityPort());
  const messaging = messagingService(db);
  const verification = verificationService(db, messaging);
  const totp = totpService(db);
  const members = membersService(db, { audit, verification, messaging, totp, reports: replica });
  content.members.connect(membersLookup(members));
  const wallet = walletService(db, audit, {
    batchSlots: options.ledgerBatchSlots,
    onBatch: options.onLedgerBatch,
  });
  // Player limits: checked by every money path below in the transaction of its money (decision 046).
  const limits = limitsService(db, { audit, merchants });
  const games = gamesService(db);
  // Every product asks this before it takes a member's stake; safer gambling answers it (connected below).
  const playGuard = playGuardPort();
  const slots = slotsService(db, { wallet, games, playGuard, limits });
  const seamless = seamlessService({
    db,
    wallet,
    games,
    limits,
    simulatorUrl: options.simulatorUrl ?? (() => undefined),
    playGuard,
    freePlayBalance: async (merchantId) => {
      const merchant = (await merchants.list()).find((m) => m.id === merchantId);
      return merchant ? memberSettingsOf(merchant).freePlayBalance : 0;
    },
  });
  const lottery = lotteryService({ db, wallet, audit, merchants, members, playGuard, limits });
  const live = liveService(db, { wallet, games, playGuard, limits });
  // The live tables' clock and sockets of this process: started by main.ts (and by the tests that need it).
  const bingo = bingoService(db, { live, wallet, games, playGuard, limits });
  // The fish rooms (decision 056): their waves, seats and frames ride on the live hub's clock and sockets.
  const fish = fishService(db, { wallet, games, playGuard, limits });
  const liveHub = createLiveHub(live, bingo, {
    log: { warn: (object, message) => options.log?.error(object, message) },
    fish: {
      rooms: () => fish.hubRooms(),
      ensureWaves: () => fish.ensureWaves(),
      freeIdleSeats: () => fish.freeIdleSeats(),
      wavesNow: (codes) => fish.wavesNow(codes),
    },
  });
  fishFrames({ hub: liveHub, fish });
  const saferGambling = saferGamblingService({
    db,
    audit,
    merchants,
    members,
    wallet,
    minuteMs: () => options.realityCheckMinuteMs ?? 60_000,
  });
  playGuard.connect((play) => saferGambling.assertNoRealityCheckDue(play));
  const pvp = pvpService(db, { wallet, games, playGuard, limits, hub: liveHub });
  // The in-house sportsbook (issue 15, decision 058): the odds feed's consumer calls its applyFeedMessage.
  // Its trading desk's margins and suspensions per merchant apply to every price a member sees or takes.
  const sportsOffer = tradingOffer();
  const sportsbookCore = sportsbookService(db, {
    wallet,
    playGuard,
    limits,
    offer: sportsOffer,
    log: { warn: (object, message) => options.log?.error(object, message), error: options.log?.error },
  });
  // The feed's changes pushed to the sockets watching the sportsbook (sports-push.ts).
  const sportsPushing = sportsPush(sportsbookCore, {
    db,
    hub: liveHub,
    offers: offerCache(db, changes),
    log: (object, message) => options.log?.error(object, message),
  });
  const sportsbook = {
    ...sportsbookCore,
    applyFeedMessage: sportsPushing.applyFeedMessage,
    applyFeedSnapshot: sportsPushing.applyFeedSnapshot,
    suspendAllMarkets: sportsPushing.suspendAllMarkets,
    foresee: sportsPushing.foresee,
  };
  const gamesPlay = gamesPlayService({
    db,
    games,
    seamless,
    slots,
    lottery,
    live,
    fish,
    pvp: pvp.records,
    sports: sportsbook.records,
  });
  const kyc = kycService(db, { audit, members });
  const payments = paymentsService({
    db,
    reports: replica,
    wallet,
    audit,
    merchants,
    members,
    games,
    kyc,
    limits,
    sandboxUrl: options.paymentGatewayUrl ?? (() => undefined),
    callbackBase: options.callbackBaseUrl ?? (() => undefined),
  });
  const rateLimits = options.rateLimits ?? memoryRateLimits();
  const support = supportService(db, audit, merchants, content, members, rateLimits);
  const missions = missionsService({ db, reports: replica, audit, members, wallet, payments, gamesPlay });
  const points = pointsService({
    db,
    reports: replica,
    audit,
    merchants,
    members,
    wallet,
    payments,
    gamesPlay,
    support,
  });
  const promotions = promotionsService({
    db,
    reports: replica,
    audit,
    merchants,
    members,
    wallet,
    payments,
    gamesPlay,
    support,
    content,
    otherCosts: { missions, points },
    crashAfterRebatePayouts: options.crashAfterRebatePayouts,
    ...(options.beforeReferralDecision ? { beforeReferralDecision: options.beforeReferralDecision } : {}),
  });
  // Payments sits below promotions: bonus money under wagering reaches its cash-outs through this port.
  payments.connectCashOutGuard(promotions.cashOutGuard);
  return {
    db,
    replica,
    jobs,
    audit,
    messaging,
    verification,
    members,
    auth: authService(db, { members, verification, messaging, audit, totp }),
    merchants,
    totp,
    operators: operatorsService(db, { audit, verification, totp }),
    // Creating and suspending merchants (decision 060): the platform operators' use cases across modules.
    platform: platformService(db, { audit, merchants, members, games, wallet }),
    system: systemService(),
    content,
    support,
    wallet,
    limits,
    limitsAdmin: limitsAdminService({ limits, members }),
    games,
    slots,
    seamless,
    gamesPlay,
    gamesAdmin: gamesAdminService({
      db,
      reports: replica,
      audit,
      merchants,
      games,
      seamless,
      slots,
      lottery,
      live,
      fish,
      pvp: pvp.records,
      sports: sportsbook.records,
    }),
    payments,
    kyc,
    promotions,
    missions,
    counts: countsService({ support, promotions, missions }),
    agents: agentsService({
      db,
      reports: replica,
      audit,
      merchants,
      members,
      gamesPlay,
      payments,
      wallet,
      content,
      crashAfterBills: options.crashAfterBills,
    }),
    lottery,
    live,
    /** The live studio's back office (decision 054). */
    liveOffice: liveOfficeUseCases({ db, reports: replica, audit, live }),
    liveHub,
    bingo,
    fish,
    /** The fish rooms' back office (decision 056). */
    fishOffice: fishOfficeUseCases({ db, reports: replica, audit, games, fish }),
    /** The bingo rooms' chat, pushed to the live hub's sockets (issue 16 item 3). */
    roomChat: roomChatService({ db, audit, hub: liveHub, rateLimits }),
    /** The PvP card tables (issue 17 item 2, decision 057): their clock is started by main.ts like the live hub's. */
    pvp,
    /** The PvP tables' back office (issue 17 item 4). */
    pvpOffice: pvpOfficeUseCases({ db, reports: replica, audit, pvp }),
    sportsbook,
    sportsTrading: sportsTradingUseCases({ db, reports: replica, audit, sportsbook, offer: sportsOffer }),
    points,
    saferGambling,
    exclusions: exclusionsService({ members, merchants, seamless, lottery, promotions, log: options.log }),
  };
}
export type Services = ReturnType<typeof createServices>;
