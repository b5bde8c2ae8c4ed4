import { stakeScaleOf } from '@tala/contracts/currencies';
import { moneyDisplay } from '@tala/contracts/money-format';
import type { Fairness, RoundView, SlotTitle } from '@tala/contracts/slots';
import { checkAmount, type LedgerActor } from '@tala/contracts/wallet';
import { analyseTitle } from '@tala/slots/analysis';
import { playScaledRound, scaledBets } from '@tala/slots/engine';
import { hashServerSeed, newClientSeed, newServerSeed, roundStream } from '@tala/slots/fairness';
import { percent, toNumber } from '@tala/slots/fraction';
import { titleByCode, titleConfigs } from '@tala/slots/titles';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { PlayGuardPort } from '../../lib/play-guard.ts';
import type { GamesService } from '../games/games.service.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { Posting, WalletService } from '../wallet/wallet.service.ts';
import {
  type RoundRow,
  type SeedPairRow,
  type SlotRoundFilters,
  slotsRepository,
} from './slots.repository.ts';

/** The in-house vendor of the catalogue; its house account takes the bets and pays the wins. */
export const inHouseVendor = 'TALA';
/** The merchant's progressive pool is the balance of this house account. */
export const jackpotVendor = 'TALA_JACKPOT';
/** Game recall shows this many rounds. */
export const recallSize = 10;
/** Revealed pairs listed in the fairness panel. */
const revealedShown = 5;

/** Who plays: the member of a live session (the guard refuses trial accounts before this is reached). */
export type SlotsMember = { id: number; merchant_id: number };

export type SlotsSettings = {
  /**
   * The least time between two rounds of one member, in ms. The client animates every spin for at least 2.5 s;
   * the server holds to it too, so a modified client cannot play faster.
   */
  paceMs: number;
};

function pairView(pair: SeedPairRow): Fairness['active'] {
  return {
    id: pair.id,
    serverSeedHash: pair.server_seed_hash,
    clientSeed: pair.client_seed,
    rounds: pair.rounds,
    nextNonce: pair.rounds + 1,
    createdAt: pair.created_at.toISOString(),
  };
}

function roundView(row: RoundRow): RoundView {
  return {
    roundId: row.id,
    gameCode: row.game_code,
    titleVersion: row.title_version,
    bet: row.bet,
    win: row.win,
    jackpotWin: row.jackpot_win,
    freeSpins: row.free_spins,
    nonce: row.nonce,
    clientSeed: row.client_seed,
    seedPairId: row.seed_pair_id,
    serverSeedHash: row.server_seed_hash,
    serverSeed: row.server_seed,
    balanceAfter: row.balance_after,
    createdAt: row.created_at.toISOString(),
    outcome: (typeof row.outcome === 'string' ? JSON.parse(row.outcome) : row.outcome) as Record<
      string,
      unknown
    >,
  };
}

function isUniqueViolation(error: unknown) {
  return (error as { code?: unknown } | null)?.code === '23505';
}

let titleList: SlotTitle[] | undefined;
/** The studio's titles with their computed maths (computed once per process: it takes a moment). */
export function slotTitles(): SlotTitle[] {
  titleList ??= titleConfigs.map((config) => {
    const title = titleByCode(config.code);
    if (!title) throw new Error(`title ${config.code} does not compile`);
    const math = analyseTitle(title);
    return {
      code: config.code,
      version: config.version,
      name: config.name,
      tagline: config.tagline,
      lines: config.lines,
      bets: config.bets,
      rtp: percent(math.totalRtp),
      gameRtp: percent(math.gameRtp),
      jackpotShare: percent(math.jackpotRtp),
      freeSpinsOneIn: Math.round(1 / toNumber(math.base.trigger)),
    };
  });
  return titleList;
}

/**
 * The slot studio: provably-fair seed pairs, rounds, recall, verification data and the progressive jackpot.
 * A round's bet and win are ledger entries posted through the wallet in the transaction that records the round.
 */
export function slotsService(
  db: Database,
  deps: {
    wallet: WalletService;
    games: GamesService;
    playGuard?: PlayGuardPort;
    limits?: LimitsService | undefined;
  },
  settings: SlotsSettings = { paceMs: 2500 },
) {
  const repository = slotsRepository();
  const { wallet, games } = deps;

  async function accounts(merchantId: number, memberId: number) {
    const [member, house, jackpot] = await Promise.all([
      wallet.memberAccount(merchantId, memberId),
      wallet.houseAccount(merchantId, 'house_vendor', inHouseVendor),
      wallet.houseAccount(merchantId, 'house_vendor', jackpotVendor),
    ]);
    return { member, house, jackpot };
  }

  /** The member's active pair, made on first use. With `lock`, row-locked for the caller's transaction. */
  async function activePair(executor: Database, member: SlotsMember, lock = false): Promise<SeedPairRow> {
    const found = await repository.activePair(executor, member.id, lock);
    if (found) return found;
    const serverSeed = newServerSeed();
    await repository.insertPair(executor, {
      merchant_id: member.merchant_id,
      member_id: member.id,
      server_seed: serverSeed,
      server_seed_hash: hashServerSeed(serverSeed),
      client_seed: newClientSeed(),
      last_round_at: null,
      revealed_at: null,
    });
    const made = await repository.activePair(executor, member.id, lock);
    if (!made) throw new Error('seed pair not created');
    return made;
  }

  async function fairness(member: SlotsMember, executor: Database = db): Promise<Fairness> {
    const active = await activePair(executor, member);
    const revealed = await repository.revealedPairs(executor, member.id, revealedShown);
    return {
      active: pairView(active),
      revealed: revealed.map((pair) => ({
        id: pair.id,
        serverSeed: pair.server_seed,
        serverSeedHash: pair.server_seed_hash,
        clientSeed: pair.client_seed,
        rounds: pair.rounds,
        createdAt: pair.created_at.toISOString(),
        revealedAt: (pair.revealed_at as Date).toISOString(),
      })),
    };
  }

  async function jackpotPool(merchantId: number, executor: Database = db) {
    const account = await wallet.houseAccount(merchantId, 'house_vendor', jackpotVendor, { executor });
    // The pool is what the account holds: never shown or paid above it.
    return Math.max(0, await wallet.balance(account, executor));
  }

  /**
   * Tops the pool up to the merchant's seed from the house's promotion account: one ledger entry, keyed by why it
   * is made (a new seed version, an award's round), so a retry moves nothing twice. The jackpot row must be locked.
   */
  async function refillJackpot(trx: Database, merchantId: number, reason: string, actor: LedgerActor) {
    const record = await repository.jackpotRecord(trx, merchantId);
    const pool = await jackpotPool(merchantId, trx);
    const missing = (record?.seed ?? 0) - pool;
    if (missing <= 0) return;
    await wallet.post(trx, {
      merchantId,
      idempotencyKey: `slots:jackpot-seed:${reason}`,
      type: 'promotion',
      postings: [
        {
          accountId: await wallet.houseAccount(merchantId, 'house_promotion_expense', null, {
            executor: trx,
          }),
          amount: -missing,
        },
        {
          accountId: await wallet.houseAccount(merchantId, 'house_vendor', jackpotVendor, { executor: trx }),
          amount: missing,
        },
      ],
      memo: `Progressive jackpot seeded to ${record?.seed ?? 0}`,
      actor,
    });
  }

  return {
    settings,

    /** The titles, their bets in the merchant's currency (decision 069); none given: the peso's. */
    titles(merchant?: Merchant): SlotTitle[] {
      const scale = stakeScaleOf(merchant?.settings.whitelabel.currency);
      return slotTitles().map((title) => ({ ...title, bets: title.bets.map((bet) => bet * scale) }));
    },

    /** The merchant's progressive pool as the ledger holds it, and the last award. */
    async jackpot(merchant: Merchant) {
      const [amount, record] = await Promise.all([
        jackpotPool(merchant.id),
        repository.jackpotRecord(db, merchant.id),
      ]);
      return {
        amount,
        ...moneyDisplay(merchant.settings.whitelabel),
        hits: record?.hits ?? 0,
        lastWin: record?.last_win ?? null,
        lastWonAt: record?.last_won_at?.toISOString() ?? null,
      };
    },

    /** The back office's view of a merchant's jackpot: the pool as the ledger holds it, the seed, the awards. */
    async jackpotAdmin(merchantId: number) {
      const [pool, record] = await Promise.all([
        jackpotPool(merchantId),
        repository.jackpotRecord(db, merchantId),
      ]);
      return {
        pool,
        seed: record?.seed ?? 0,
        hits: record?.hits ?? 0,
        lastWin: record?.last_win ?? null,
        lastWonAt: record?.last_won_at?.toISOString() ?? null,
      };
    },

    /**
     * Sets the seed of a merchant's jackpot inside the caller's transaction and, if the pool holds less, funds it up
     * to the seed from the house's promotion account. A lower seed never takes money out of the pool.
     */
    async setJackpotSeed(trx: Database, merchantId: number, seed: number, actor: LedgerActor) {
      await repository.lockJackpot(trx, merchantId);
      const version = await repository.setJackpotSeed(trx, merchantId, seed);
      await refillJackpot(trx, merchantId, `merchant:${merchantId}:v${version}`, actor);
    },

    async balance(merchant: Merchant, member: SlotsMember) {
      const account = await wallet.memberAccount(merchant.id, member.id);
      return {
        amount: await wallet.balance(account),
        ...moneyDisplay(merchant.settings.whitelabel),
      };
    },

    fairness: (member: SlotsMember) => fairness(member),

    /**
     * Sets the client seed of the active pair. The server committed to its seed before, so a new client seed at
     * any time is safe; rounds record the client seed they used.
     */
    async setClientSeed(member: SlotsMember, clientSeed: string): Promise<Fairness> {
      return db.transaction().execute(async (trx) => {
        const pair = await activePair(trx, member, true);
        await repository.setClientSeed(trx, pair.id, clientSeed);
        return fairness(member, trx);
      });
    },

    /** Reveals the active pair's server seed and starts a new pair (with the given client seed, or the same). */
    async rotate(member: SlotsMember, clientSeed?: string): Promise<Fairness> {
      return db.transaction().execute(async (trx) => {
        const pair = await activePair(trx, member, true);
        await repository.reveal(trx, pair.id);
        const serverSeed = newServerSeed();
        await repository.insertPair(trx, {
          merchant_id: member.merchant_id,
          member_id: member.id,
          server_seed: serverSeed,
          server_seed_hash: hashServerSeed(serverSeed),
          client_seed: clientSeed ?? pair.client_seed,
          last_round_at: pair.last_round_at,
          revealed_at: null,
        });
        return fairness(member, trx);
      });
    },

    /**
     * Plays one round: the next nonce of the active pair, the engine's outcome from the pair's HMAC stream, the bet
     * (less the jackpot's share, which funds the pool) and the win posted to the ledger, the round recorded, all in
     * one transaction. The same requestId answers the round already played. A game the merchant does not offer
     * is `unknown_game`; one under maintenance (itself or its vendor line) is `game_maintenance`.
     */
    async spin(
      merchant: Merchant,
      member: SlotsMember,
      request: { gameCode: string; bet: number; requestId: string },
    ): Promise<{ round: RoundView; balance: number; replayed: boolean }> {
      const title = titleByCode(request.gameCode);
      if (!title) throw new AppError('unknown_game', 'gameCode');
      // Whole minor units of the merchant's currency (10,000.5 dong: amount_too_precise), then one of the title's
      // bets in that currency (the peso's times the currency's stake scale, decision 069).
      const checked = checkAmount(request.bet);
      if (!checked.ok) throw new AppError(checked.code, 'bet');
      const scale = stakeScaleOf(merchant.settings.whitelabel.currency);
      if (!scaledBets(title, scale).includes(request.bet)) throw new AppError('validation_failed', 'bet');

      const replay = async () => {
        const existing = await repository.roundByRequest(db, member.id, request.requestId);
        if (!existing) return undefined;
        if (existing.game_code !== request.gameCode || existing.bet !== request.bet) {
          throw new AppError('idempotency_conflict', 'requestId');
        }
        const view = roundView(existing);
        return { round: view, balance: view.balanceAfter, replayed: true };
      };
      const earlier = await replay();
      if (earlier) return earlier;
      // The catalogue decides, as it does for a launch: a game (or its vendor line) the merchant switched off is not
      // played, and one under maintenance says so, even to a client that was opened before.
      const game = await games.inHouseGame(merchant, title.config.code);
      if (!game) throw new AppError('unknown_game', 'gameCode');
      if (game.maintenance) throw new AppError('game_maintenance', 'gameCode');
      // The play guard (lib/play-guard.ts): a reality check due and unanswered refuses the stake.
      await deps.playGuard?.check({ merchantId: merchant.id, memberId: member.id });

      const money = await accounts(merchant.id, member.id);
      const keyBase = `slots:${member.id}:${request.requestId}`;
      try {
        return await db.transaction().execute(async (trx) => {
          // The pair's row lock serialises one member's rounds: each gets its own nonce, in order.
          const pair = await activePair(trx, member, true);
          const now = new Date();
          if (pair.last_round_at && now.getTime() - pair.last_round_at.getTime() < settings.paceMs) {
            throw new AppError('rate_limited');
          }
          const nonce = pair.rounds + 1;
          const outcome = playScaledRound(
            title,
            request.bet,
            roundStream(pair.server_seed, pair.client_seed, nonce),
            scale,
          );
          const share = (request.bet * title.config.jackpot.shareBp) / 10_000;
          const memo = `${title.config.code} v${title.config.version} pair ${pair.id} nonce ${nonce}`;

          const betPostings: Posting[] = [
            { accountId: money.member, amount: -request.bet },
            { accountId: money.house, amount: request.bet - share },
          ];
          if (share > 0) betPostings.push({ accountId: money.jackpot, amount: share });
          const who = { merchantId: merchant.id, memberId: member.id };
          const betEntry = await wallet.post(trx, {
            merchantId: merchant.id,
            idempotencyKey: `${keyBase}:bet`,
            type: 'bet',
            postings: betPostings,
            memo,
            actor: { type: 'member', id: member.id },
            // The player's limits, after the stake's posting (which locked the balance: the one lock order of
            // decision 046); a refusal rolls the round back.
            alongside: deps.limits?.bet(who, request.bet),
          });
          let balance = betEntry.postings[0]?.balanceAfter ?? 0;

          let jackpotWin = 0;
          if (outcome.jackpotHit) {
            // One award at a time per merchant; the pool (with this bet's share) is read once the lock is held.
            await repository.lockJackpot(trx, merchant.id);
            jackpotWin = await jackpotPool(merchant.id, trx);
          }
          let payoutEntryId: number | null = null;
          if (outcome.win + jackpotWin > 0) {
            const postings: Posting[] = [{ accountId: money.member, amount: outcome.win + jackpotWin }];
            if (outcome.win > 0) postings.push({ accountId: money.house, amount: -outcome.win });
            if (jackpotWin > 0) postings.push({ accountId: money.jackpot, amount: -jackpotWin });
            const payout = await wallet.post(trx, {
              merchantId: merchant.id,
              idempotencyKey: `${keyBase}:payout`,
              type: 'payout',
              postings,
              memo: jackpotWin > 0 ? `${memo} with jackpot` : memo,
              actor: { type: 'member', id: member.id },
              alongside: deps.limits?.win(who, outcome.win + jackpotWin),
            });
            payoutEntryId = payout.entryId;
            balance = payout.postings[0]?.balanceAfter ?? balance;
          }

          const roundId = await repository.insertRound(trx, {
            merchant_id: merchant.id,
            member_id: member.id,
            seed_pair_id: pair.id,
            nonce,
            client_seed: pair.client_seed,
            game_code: title.config.code,
            title_version: title.config.version,
            request_id: request.requestId,
            bet: request.bet,
            win: outcome.win + jackpotWin,
            jackpot_win: jackpotWin,
            free_spins: outcome.freeSpins.length,
            outcome: JSON.stringify(outcome),
            balance_after: balance,
            bet_entry_id: betEntry.entryId,
            payout_entry_id: payoutEntryId,
          });
          await repository.countRound(trx, pair.id, nonce, now);
          if (jackpotWin > 0) {
            await repository.recordJackpot(trx, merchant.id, jackpotWin, roundId, now);
            // A real progressive starts again from the operator's seed after every award.
            await refillJackpot(trx, merchant.id, `round:${roundId}`, { type: 'system' });
          }

          const row = await repository.round(trx, member.id, roundId);
          if (!row) throw new Error('round not recorded');
          return { round: roundView(row), balance, replayed: false };
        });
      } catch (error) {
        // The same requestId sent twice at once: the loser answers the winner's round.
        if (isUniqueViolation(error)) {
          const again = await replay();
          if (again) return again;
        }
        throw error;
      }
    },

    /** Game recall: the member's last rounds, newest first (of one title, or of all). */
    async recall(member: SlotsMember, gameCode?: string): Promise<RoundView[]> {
      if (gameCode !== undefined && !titleByCode(gameCode)) throw new AppError('unknown_game', 'gameCode');
      const rows = await repository.recentRounds(db, member.id, gameCode, recallSize);
      return rows.map(roundView);
    },

    /** Rounds of the in-house studio for the betting record and the bets explorer, with the filtered totals. */
    roundsRecord: (
      filters: SlotRoundFilters,
      page: { limit: number; offset: number },
      executor: Database = db,
    ) => repository.roundsRecord(executor, filters, page),

    /** Bets and wins per day and title (reports). */
    roundTotals: (filters: SlotRoundFilters & { timeZone: string }, executor: Database = db) =>
      repository.roundTotals(executor, filters),
    memberTotals: (filters: SlotRoundFilters) => repository.memberTotals(db, filters),

    /** The latest winning rounds of a merchant (winner board). */
    latestWins: (merchantId: number, limit: number) => repository.latestWins(db, merchantId, limit),

    /** The titles a member played, latest first (recent games). */
    playedTitles: (memberId: number, limit: number) => repository.playedTitles(db, memberId, limit),

    /** Everything needed to recompute one of the member's rounds; the server seed once its pair is revealed. */
    async verification(member: SlotsMember, roundId: number): Promise<RoundView> {
      const row = await repository.round(db, member.id, roundId);
      if (!row) throw new AppError('not_found', 'roundId');
      return roundView(row);
    },
  };
}

export type SlotsService = ReturnType<typeof slotsService>;
