import type { LotteryDraw, PrizeModeCode } from '@tala/contracts/lottery';
import type { Game } from '@tala/lottery/game';
import { gameByCode, lotteryGames } from '@tala/lottery/games';
import { issueAt, issueIndexAt } from '@tala/lottery/schedule';
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PlayGuardPort } from '../../lib/play-guard.ts';
import type { AuditService } from '../audit/audit.service.ts';
import { vendorStates } from '../games/vendor-state.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { type BettingSettings, bettingUseCases, lotteryVendor } from './betting.ts';
import { chaseUseCases } from './chases.ts';
import { drawUseCases, type SettlementSettings } from './draws.ts';
import { hashChains } from './hash-chains.ts';
import { type BetRecordFilters, lotteryRepository } from './lottery.repository.ts';
import { drawView } from './lottery-views.ts';
import { merchantGames } from './merchant-games.ts';
import { officeUseCases } from './office.ts';

export type LotterySettings = BettingSettings &
  SettlementSettings & {
    /** Draws are made (and their seeds committed) this far ahead of their sale's opening. */
    lookaheadSeconds: number;
  };

/** How the scheduler queues work: connected to the job queue by lottery.jobs.ts. */
export type LotteryQueue = {
  /** At its draw instant; `attempt` again for a draw that is late (its first job failed or was lost). */
  draw(drawId: number, at: Date, attempt?: string): Promise<void>;
  settle(drawId: number, attempt: string): Promise<void>;
};

/**
 * The in-house lottery (issue 14; docs/decisions/039-lottery.md): games from packages/lottery, each merchant's
 * draws made ahead with their seeds committed, bets placed while a sale is open, draws drawn and settled by jobs,
 * cancelled draws refunded. Money moves through the wallet only: stakes, payouts and refunds are ledger entries.
 */
export function lotteryService(deps: {
  db: Database;
  wallet: WalletService;
  audit: AuditService;
  merchants: MerchantsService;
  /** Account names for the back office's lists. */
  members: Pick<MembersService, 'byAccount' | 'usernames'>;
  /** The player's limits, checked by bets and chases and counted by payouts and refunds (decision 046). */
  limits?: LimitsService | undefined;
  settings?: Partial<LotterySettings>;
  playGuard?: PlayGuardPort;
}) {
  const { db, wallet, audit, merchants } = deps;
  const settings: LotterySettings = { pageSize: 200, settlers: 1, lookaheadSeconds: 180, ...deps.settings };
  const repository = lotteryRepository();
  // The catalogue's switches of the LOTT vendor's lines (back office: enabled, maintenance): a lottery not listed in
  // the catalogue at all takes bets (decision 043).
  const switches = vendorStates(db);
  const lotteryState = (merchantId: number) => switches.state(merchantId, lotteryVendor);
  async function openForBets(merchantId: number, memberId?: number) {
    const state = await lotteryState(merchantId);
    if (state === 'off') throw new AppError('lottery_switched_off');
    if (state === 'maintenance') throw new AppError('lottery_maintenance');
    // A member's own stake (a bet, a chase's start) asks the play guard too; a chase's later issues are paid already.
    if (memberId !== undefined) await deps.playGuard?.check({ merchantId, memberId });
  }
  const { limits } = deps;
  const betting = bettingUseCases({ db, wallet, settings, openForBets, limits });
  const chases = chaseUseCases({ db, wallet, openForBets, limits });
  const draws = drawUseCases({ db, wallet, audit, settings, limits });
  const chains = hashChains(db);
  const office = officeUseCases({
    db,
    audit,
    settle: (drawId) => draws.settle(drawId),
    chasePage: chases.chasePage,
    members: deps.members,
  });
  let queue: LotteryQueue | undefined;

  function knownGame(code: string): Game {
    const game = gameByCode(code);
    if (!game) throw new AppError('unknown_game', 'gameCode');
    return game;
  }

  /**
   * Makes the merchant's draws of a game from the one on sale at `now` up to `lookaheadSeconds` ahead (at least the
   * next one), each with a fresh secret seed whose hash is public from now on. Two processes making the same draw
   * at once make one row. Answers the draws made.
   */
  async function ensureIssues(merchant: Merchant, game: Game, now: Date) {
    const timeZone = merchant.settings.whitelabel.timeZone;
    const first = issueIndexAt(game.schedule, now, timeZone);
    const last = Math.max(
      first + 1,
      issueIndexAt(game.schedule, new Date(now.getTime() + settings.lookaheadSeconds * 1000), timeZone),
    );
    let made = 0;
    for (let index = first; index <= last; index++) {
      const issue = issueAt(game.schedule, index, timeZone);
      // CHAIN's seeds are links of its published hash chain (decision 041; null: made already); others' are fresh.
      const serverSeed =
        game.seeds === 'hashChain' ? await chains.seedFor(merchant.id, game.code, index) : newServerSeed();
      if (serverSeed === null) continue;
      const inserted = await repository.insertDraw(db, {
        merchantId: merchant.id,
        gameCode: game.code,
        gameVersion: game.version,
        index,
        issueNo: issue.issueNo,
        saleOpensAt: issue.saleOpensAt,
        saleClosesAt: issue.saleClosesAt,
        drawAt: issue.drawAt,
        serverSeed,
        serverSeedHash: hashServerSeed(serverSeed),
      });
      if (inserted) made += 1;
    }
    return made;
  }

  return {
    settings,
    games: lotteryGames,

    connectQueue(port: LotteryQueue) {
      queue = port;
    },

    /**
     * The lobby's game list (spec §7 game_menu): the merchant's enabled games with each bet type's odds and stake
     * limits as the merchant set them (decision 042), in the prize mode asked for; where picks pay differently
     * (sums), each pick's odds (decision 041).
     */
    async gameMenu(merchant: Merchant, prizeMode: PrizeModeCode) {
      return (await merchantGames(db, merchant.id))
        .filter((entry) => entry.enabled)
        .map(({ game, betTypes }) => ({
          gameCode: game.code,
          name: game.name,
          family: game.family,
          intervalSeconds: game.schedule.intervalSeconds,
          closeSeconds: game.schedule.closeSeconds,
          resultSource: game.resultSource ?? 'seed',
          prizeMode,
          betTypes: betTypes.map(({ type: t, odds, stake }) => ({
            code: t.code,
            picks: t.picks,
            numbers: t.numbers,
            odds: odds[prizeMode],
            stake,
            ...(t.rule ? { rule: t.rule } : {}),
            ...(t.options ? { options: [...t.options] } : {}),
            ...(t.positions ? { positions: [...t.positions] } : {}),
            ...(t.perPick
              ? { pickOdds: t.perPick.map((p) => ({ pick: p.pick, odds: p.odds[prizeMode] })) }
              : {}),
          })),
        }));
    },

    /** The published terminal hashes of a CHAIN game's chains (none for any other game). */
    async hashChains(merchant: Merchant, gameCode: string) {
      const game = knownGame(gameCode);
      return { list: game.seeds === 'hashChain' ? await chains.published(merchant.id, game.code) : [] };
    },

    ensureIssues: (merchant: Merchant, gameCode: string, now: Date) =>
      ensureIssues(merchant, knownGame(gameCode), now),

    /**
     * The scheduler's minute: every merchant's draws made ahead, a draw job queued for each draw due soon (at its
     * draw instant; once per draw), and the draws left drawn-but-unsettled or cancelled-with-open-bets (a run that
     * failed or died) queued again.
     */
    async tick(now: Date) {
      if (!queue) throw new Error('the lottery queue is not connected');
      for (const merchant of await merchants.list()) {
        // Games the merchant switched off get no new draws (daily operator games are off until turned on).
        for (const entry of await merchantGames(db, merchant.id))
          if (entry.enabled) await ensureIssues(merchant, entry.game, now);
      }
      const minute = now.toISOString().slice(0, 16);
      const pending = await repository.pendingDraws(
        db,
        new Date(now.getTime() + settings.lookaheadSeconds * 1000),
      );
      for (const draw of pending) {
        if (draw.status !== 'open') await queue.settle(draw.id, minute);
        else if (draw.draw_at.getTime() < now.getTime() - 60_000) await queue.draw(draw.id, now, minute);
        else await queue.draw(draw.id, draw.draw_at);
      }
      for (const drawId of await repository.cancelledWithOpenBets(db)) await queue.settle(drawId, minute);
      // Chases whose next issue opened (or whose last bet settled) while no draw job of theirs ran.
      await chases.advanceRunning();
    },

    /** The draw job: draws it if due, settles it, and makes sure the game's next issues exist. */
    async drawAndSettle(drawId: number) {
      const outcome = await draws.draw(drawId);
      if (outcome === 'not_due') throw new Error(`lottery draw ${drawId} is not due yet`);
      if (outcome === 'missing') return;
      const row = await repository.drawById(db, drawId);
      if (!row) return;
      await draws.settle(drawId);
      const merchant = (await merchants.list()).find((m) => m.id === row.merchant_id);
      const game = gameByCode(row.game_code);
      if (merchant && game) await ensureIssues(merchant, game, row.draw_at);
      // The draw opened the next issue's sale and settled this one: the game's chases bet on, stop or end.
      await chases.advanceRunning({ merchantId: row.merchant_id, gameCode: row.game_code });
    },

    draw: draws.draw,
    settle: draws.settle,
    cancel: draws.cancel,
    placeBet: betting.placeBet,
    myBets: betting.myBets,
    startChase: chases.start,
    cancelChase: chases.cancel,
    stopChasesOf: chases.stopAllOf,
    myChases: chases.myChases,
    advanceChases: chases.advanceRunning,
    advanceChase: chases.advance,

    /** Whether the lottery takes bets for this merchant: open, switched off or under maintenance (the catalogue). */
    lotteryState: (merchant: Merchant) => lotteryState(merchant.id),
    forgetSwitches: switches.forget,

    /** Spec §7 game_menu/recent: the member's recent games in the lobby's shape. */
    async recentGames(
      merchant: Merchant,
      member: { id: number; merchant_id: number; type: number },
      prizeMode: PrizeModeCode,
    ) {
      const codes = await chases.recentGameCodes(member);
      const menu = await this.gameMenu(merchant, prizeMode);
      return codes.flatMap((code) => menu.filter((g) => g.gameCode === code));
    },

    /** A game's issue on sale now, the next one and the last result, with the server's clock. */
    async gameDraws(merchant: Merchant, gameCode: string) {
      const game = knownGame(gameCode);
      const mine = await merchantGames(db, merchant.id, game.code);
      if (!mine[0]?.enabled) throw new AppError('lottery_game_disabled', 'gameCode');
      const now = await repository.now(db);
      let rows = await repository.drawsOfGame(db, merchant.id, game.code);
      if (!rows.some((r) => r.draw_at > now)) {
        // No scheduler has run yet for this merchant (a fresh start): make the draws now.
        await ensureIssues(merchant, game, now);
        rows = await repository.drawsOfGame(db, merchant.id, game.code);
      }
      const byTime = [...rows].sort((a, b) => a.draw_at.getTime() - b.draw_at.getTime());
      const current = byTime.find(
        (r) => r.sale_opens_at <= now && r.draw_at > now && r.status !== 'cancelled',
      );
      const next = byTime.find((r) => r.sale_opens_at > now);
      const last = rows.find((r) => r.status === 'drawn' || r.status === 'settled');
      const view = (r: typeof current): LotteryDraw | null => (r ? drawView(r) : null);
      return { serverTime: now.toISOString(), current: view(current), next: view(next), last: view(last) };
    },

    /** The last results of a game, newest first (spec §9: 100). */
    async openedNumbers(merchant: Merchant, gameCode: string, count: number) {
      const game = knownGame(gameCode);
      return (await repository.resultsOfGame(db, merchant.id, game.code, count)).map(drawView);
    },

    /** One draw by its issue: its commitment, and its seed and result once drawn (the verifier page). */
    async oneDraw(merchant: Merchant, gameCode: string, issueNo: string) {
      const game = knownGame(gameCode);
      const row = await repository.drawByIssue(db, merchant.id, game.code, issueNo);
      if (!row) throw new AppError('lottery_draw_not_found', 'issueNo');
      return drawView(row);
    },

    drawTotals: (drawId: number) => repository.drawTotals(db, drawId),

    /** The back office (decision 042). */
    office,

    /** The games module's readers of rounds (betting record, P&L, reports) read lottery bets through these. */
    betsRecord: (
      filters: BetRecordFilters,
      page: { limit: number; offset: number },
      executor: Database = db,
    ) => repository.betsRecord(executor, filters, page),
    memberTotals: (filters: BetRecordFilters) => repository.memberTotals(db, filters),
    dayTotals: (filters: BetRecordFilters & { timeZone: string }, executor: Database = db) =>
      repository.dayTotals(executor, filters),
  };
}

export type LotteryService = ReturnType<typeof lotteryService>;
