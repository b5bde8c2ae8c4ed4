import crypto from 'node:crypto';
import { signatureWindowMs } from '@tala/contracts/vendor-api';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { changes } from '../../lib/change-feed.ts';
import type { PlayGuardPort } from '../../lib/play-guard.ts';
import { hashToken, newToken } from '../../lib/tokens.ts';
import { signaturesEqual, vendorSignature } from '../../lib/vendor-signature.ts';
import type { GamesService } from '../games/games.service.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { VendorClaim } from '../wallet/wallet.repository.ts';
import { refusals, type WalletService } from '../wallet/wallet.service.ts';
import { type RoundFilters, seamlessRepository } from './seamless.repository.ts';

/** A game session lets the vendor take bets for this long after the launch. */
const SESSION_HOURS = 12;
const TRIAL_TYPE = 4;
const CREDENTIALS_TTL_MS = 5_000;

export type LaunchingMember = { id: number; type: number; username: string; nickname: string | null };
export type SignedCall = {
  vendorCode: string;
  timestamp: string | undefined;
  nonce: string | undefined;
  signature: string | undefined;
  rawBody: string;
};
type Money = { memberAccount: number; houseAccount: number; merchantId: number; demo: boolean };

function hashRequest(kind: string, data: unknown) {
  return crypto
    .createHash('sha256')
    .update(JSON.stringify([kind, data]))
    .digest();
}

/**
 * The seamless wallet game vendors call (`/vendor-api/<vendor>/...`), and the launch that opens a game session.
 * Every vendor call moves money only through the wallet service, in the transaction that records the call, and is
 * idempotent per (vendor, transaction id).
 */
export function seamlessService(deps: {
  db: Database;
  wallet: WalletService;
  games: GamesService;
  /** Where the in-repo vendor simulator listens, for vendors whose launch address is `sim:`. */
  simulatorUrl: () => string | undefined;
  /** The play money a free-play (demo) account starts with on this merchant. */
  freePlayBalance: (merchantId: number) => Promise<number>;
  /** Asked before a real bet is taken (lib/play-guard.ts: a reality check due refuses it). */
  playGuard?: PlayGuardPort;
  /**
   * The player's limits: a launch checks them, vendor_post_batch() checks and counts real bets and wins in the
   * transaction of their money, a rollback counts as a refund (decision 046).
   */
  limits?: LimitsService | undefined;
}) {
  const { db, wallet, games } = deps;
  const repository = seamlessRepository();

  /**
   * Every vendor call needs its vendor's credentials: they are kept in memory for a few seconds, and dropped at once
   * in every process when a server changes them (the change feed's `vendorCredentials`).
   */
  const credentialsCache = new Map<
    string,
    { until: number; row: Awaited<ReturnType<typeof repository.credentials>> }
  >();
  /** Counts the drops: a read begun before a change does not keep its (stale) row. */
  let credentialsGeneration = 0;
  changes.subscribe((change) => {
    if (change.on === 'vendorCredentials' && change.vendorCode !== null)
      credentialsCache.delete(change.vendorCode);
    else if (change.on === 'vendorCredentials' || change.on === 'all') credentialsCache.clear();
    else return;
    credentialsGeneration += 1;
  });
  async function credentials(vendorCode: string) {
    const cached = credentialsCache.get(vendorCode);
    if (cached && cached.until > Date.now()) return cached.row;
    const started = credentialsGeneration;
    const row = await repository.credentials(db, vendorCode);
    if (credentialsGeneration !== started) return row;
    if (credentialsCache.size >= 1_000) credentialsCache.clear();
    credentialsCache.set(vendorCode, { until: Date.now() + CREDENTIALS_TTL_MS, row });
    return row;
  }

  async function money(
    merchantId: number,
    memberId: number,
    vendorCode: string,
    demo: boolean,
  ): Promise<Money> {
    const memberAccount = demo
      ? await wallet.trialAccount(merchantId, memberId, await deps.freePlayBalance(merchantId))
      : await wallet.memberAccount(merchantId, memberId);
    const houseAccount = demo
      ? await wallet.houseAccount(merchantId, 'house_trial')
      : await wallet.houseAccount(merchantId, 'house_vendor', vendorCode);
    return { memberAccount, houseAccount, merchantId, demo };
  }

  /**
   * Where a win without a stake in its round is paid from: the merchant's promotion account (play money's house
   * account in free play) when the vendor is set to pay its free rounds, else nowhere (the win is refused).
   */
  async function freeRoundSource(vendorCode: string, m: Money): Promise<number | null> {
    if (!(await credentials(vendorCode))?.free_round_wins) return null;
    return m.demo ? m.houseAccount : wallet.houseAccount(m.merchantId, 'house_promotion_expense');
  }

  type LatestSession = NonNullable<Awaited<ReturnType<typeof repository.latestSession>>>;
  /**
   * Each player's latest game session per vendor, as last read: a win takes it from here, and its own transaction
   * checks that no newer session has been opened since (vendor_post_batch(): `session_stale`, then it reads again).
   */
  const latestSessions = new Map<string, LatestSession>();

  /**
   * The player a vendor names: their latest game session with this vendor says which merchant and which money.
   * `remembered` answers the last one read, for a caller whose transaction checks it is still the latest.
   */
  async function player(vendorCode: string, playerId: string, remembered = false) {
    const memberId = Number(playerId);
    if (!Number.isSafeInteger(memberId) || memberId <= 0) throw new AppError('unknown_player', 'playerId');
    const key = `${vendorCode}:${memberId}`;
    const known = remembered ? latestSessions.get(key) : undefined;
    if (known) return known;
    const session = await repository.latestSession(db, vendorCode, memberId);
    if (!session) throw new AppError('unknown_player', 'playerId');
    if (latestSessions.size >= 100_000) latestSessions.clear();
    latestSessions.set(key, session);
    return session;
  }

  async function replayOrConflict(vendorCode: string, transactionId: string, requestHash: Buffer) {
    const existing = await repository.transaction(db, vendorCode, transactionId);
    if (!existing) return undefined;
    if (existing.kind === 'tombstone') throw new AppError('transaction_rolled_back', 'transactionId');
    if (!existing.request_hash.equals(requestHash))
      throw new AppError('duplicate_transaction', 'transactionId');
    return { transactionId, balance: existing.balance_after, replayed: true };
  }

  /**
   * A game session's fields that never change, by token: a bet needs no lookup once its session is known. Whether
   * the session is still open is checked in the bet's own transaction (vendor_post_batch()).
   */
  type FixedSession = Omit<NonNullable<Awaited<ReturnType<typeof repository.sessionByToken>>>, 'ended_at'>;
  const sessionCache = new Map<string, FixedSession>();
  async function gameSession(token: string): Promise<FixedSession | undefined> {
    const hash = hashToken(token);
    const key = hash.toString('hex');
    const cached = sessionCache.get(key);
    if (cached) return cached;
    const found = await repository.sessionByToken(db, hash);
    if (!found) return undefined;
    const { ended_at: _, ...session } = found;
    if (sessionCache.size >= 100_000) sessionCache.clear();
    sessionCache.set(key, session);
    return session;
  }

  /**
   * Spends a call's nonce whose bet or win was answered without reaching the ledger (a bet's nonce is otherwise
   * spent in the transaction of its money): `nonce_reused` when the vendor used it before.
   */
  async function spendNonce(vendorCode: string, nonce: string | null) {
    if (nonce !== null && !(await repository.rememberNonce(db, vendorCode, nonce)))
      throw new AppError('nonce_reused', 'X-Tala-Nonce');
  }

  /**
   * Records one bet or win with its money movement, its nonce and its claim on the transaction id, group-committed
   * in one transaction (wallet.vendorTransfer, vendor_post_batch()): the id is claimed before the money moves, so
   * an id used before answers its stored row (the same result, `duplicate_transaction` for other data, or
   * `transaction_rolled_back` for a tombstone) and nothing else is written.
   */
  async function record(
    call: {
      vendorCode: string;
      nonce: string | null;
      kind: 'bet' | 'win';
      body: { transactionId: string; roundId: string; amount: number };
      requestHash: Buffer;
      /** A win: where a win without a stake is paid from (the vendor pays free rounds), else null to refuse it. */
      freeRoundAccountId: number | null;
    },
    /** Which session the call is checked against, and how (VendorClaim). */
    session: Pick<VendorClaim, 'sessionId' | 'sessionSince' | 'sessionLatest' | 'gameNodeId'>,
    m: Money,
    memberId: number,
  ) {
    const bet = call.kind === 'bet';
    const { transactionId, roundId, amount } = call.body;
    let outcome: Awaited<ReturnType<typeof wallet.vendorTransfer>>;
    try {
      outcome = await wallet.vendorTransfer(
        {
          merchantId: m.merchantId,
          idempotencyKey: `vendor:${call.vendorCode}:${transactionId}`,
          type: bet ? 'bet' : 'payout',
          from: bet ? m.memberAccount : m.houseAccount,
          to: bet ? m.houseAccount : m.memberAccount,
          amount: amount,
          memo: `${call.vendorCode} round ${roundId}`,
          actor: { type: 'vendor', id: null, name: call.vendorCode },
        },
        {
          vendorCode: call.vendorCode,
          nonce: call.nonce,
          transactionId: transactionId,
          kind: call.kind,
          memberId,
          memberAccountId: m.memberAccount,
          ...session,
          roundId: roundId,
          amount: amount,
          demo: m.demo,
          requestHash: call.requestHash,
          freeRoundAccountId: call.freeRoundAccountId,
        },
      );
    } catch (error) {
      // Refused before reaching the database (or the batch failed): the nonce is spent all the same.
      await spendNonce(call.vendorCode, call.nonce);
      throw error;
    }
    switch (outcome.status) {
      case 'posted':
        // A real bet or its win moves the member's mission progress (valid bets, games played).
        if (!m.demo) changes.publish(db, { on: 'member', memberId });
        return { transactionId: transactionId, balance: outcome.balance ?? 0, replayed: false };
      case 'claimed': {
        const stored = outcome.claimed;
        if (stored?.kind === 'tombstone') throw new AppError('transaction_rolled_back', 'transactionId');
        if (!stored?.requestHash.equals(call.requestHash))
          throw new AppError('duplicate_transaction', 'transactionId');
        return { transactionId: transactionId, balance: outcome.balance ?? 0, replayed: true };
      }
      case 'nonce_reused':
        throw new AppError('nonce_reused', 'X-Tala-Nonce');
      case 'session_ended':
        throw new AppError('session_expired', 'token');
      case 'session_stale':
        return undefined;
      case 'bet_not_found':
        throw new AppError('bet_not_found', 'roundId');
      case 'limit_refused':
        // Over one of the player's limits (its key came back in place of a claim): the vendor protocol's refusal.
        if (!deps.limits) throw new Error('limit_refused without the limits service');
        throw await deps.limits.vendorRefusal(
          { merchantId: m.merchantId, memberId },
          outcome.limitKey ?? 'session',
        );
      case 'insufficient_funds':
        throw new AppError(
          'insufficient_funds',
          'amount',
          {},
          { balance: await wallet.balance(m.memberAccount) },
        );
      case 'replayed':
      case 'idempotency_conflict':
        // The ledger key was taken by a movement that is not claimed under this id.
        throw new AppError('duplicate_transaction', 'transactionId');
      default:
        throw new AppError(
          refusals[outcome.status],
          undefined,
          outcome.failedAccount === null ? {} : { accountId: outcome.failedAccount },
        );
    }
  }

  return {
    /** Opens a game session for a signed-in member and answers the address the site's /game page frames. */
    async launch(
      merchant: Merchant,
      member: LaunchingMember,
      query: {
        nodeId: number;
        mode: 'real' | 'demo';
        language?: string | undefined;
        backUrl?: string | undefined;
      },
    ) {
      const game = await games.game(merchant, query.nodeId);
      if (game.maintenance) throw new AppError('game_maintenance', 'nodeId');
      const trial = member.type === TRIAL_TYPE;
      if (trial && query.mode === 'real') throw new AppError('in_need_true_account');
      const demo = trial || query.mode === 'demo';
      if (demo && !merchant.settings.modules.freePlay) throw new AppError('free_play_disabled', 'mode');
      const vendor = await credentials(game.vendor);
      if (!vendor?.enabled) throw new AppError('vendor_unavailable', 'nodeId');
      // The player's limits: the session's time, and for real money a loss or wager limit with nothing left.
      if (!trial) await deps.limits?.launch({ merchantId: merchant.id, memberId: member.id }, !demo);
      const base = vendor.launch_url === 'sim:' ? deps.simulatorUrl() : vendor.launch_url;
      if (!base) throw new AppError('vendor_unavailable', 'nodeId');
      const { token, hash } = newToken();
      await repository.openSession(db, {
        token_hash: hash,
        merchant_id: merchant.id,
        member_id: member.id,
        vendor_code: game.vendor,
        game_node_id: game.nodeId,
        nickname: member.nickname ?? member.username,
        demo,
      });
      const params = new URLSearchParams({
        token,
        game: game.gameCode,
        vendor: game.vendor,
        lang: query.language ?? 'EN',
        demo: demo ? '1' : '0',
      });
      if (query.backUrl) params.set('back', query.backUrl);
      // Our own games client opens a table, a bingo room or a slot by the game's line (TLIVE_LIVE, TLIVE_BINGO, ...).
      if (game.inHouse) params.set('line', game.vassalage);
      return {
        url: `${base.replace(/\/$/, '')}/launch?${params}`,
        demo,
        vendor: game.vendor,
        gameCode: game.gameCode,
        name: game.name,
      };
    },

    /**
     * Checks a vendor call's signature, timestamp and nonce. With `deferNonce` the nonce is only checked for its
     * form: the caller hands it to `bet` or `win`, which spend it in the transaction of the money.
     */
    async verify(call: SignedCall, options: { deferNonce?: boolean; now?: number } = {}) {
      const now = options.now ?? Date.now();
      const vendor = await credentials(call.vendorCode);
      if (!vendor?.enabled) throw new AppError('unknown_vendor', 'vendorCode');
      if (!call.signature || !call.timestamp || !call.nonce)
        throw new AppError('signature_invalid', 'X-Tala-Signature');
      if (!/^\d{1,15}$/.test(call.timestamp) || Math.abs(now - Number(call.timestamp)) > signatureWindowMs) {
        throw new AppError('signature_stale', 'X-Tala-Timestamp');
      }
      if (!/^[\w-]{16,64}$/.test(call.nonce)) throw new AppError('signature_invalid', 'X-Tala-Nonce');
      const expected = vendorSignature(vendor.api_secret, call.timestamp, call.nonce, call.rawBody);
      if (!signaturesEqual(expected, call.signature))
        throw new AppError('signature_invalid', 'X-Tala-Signature');
      if (!options.deferNonce) await spendNonce(call.vendorCode, call.nonce);
    },

    async authenticate(vendorCode: string, token: string) {
      const session = await repository.sessionByToken(db, hashToken(token));
      if (!session || session.vendor_code !== vendorCode || session.ended_at)
        throw new AppError('session_expired', 'token');
      const m = await money(session.merchant_id, session.member_id, vendorCode, session.demo);
      return {
        playerId: String(session.member_id),
        nickname: session.nickname,
        currency: await wallet.currencyOf(m.memberAccount),
        balance: await wallet.balance(m.memberAccount),
        demo: session.demo,
        gameCode: session.game_code,
      };
    },

    async balance(vendorCode: string, playerId: string) {
      const session = await player(vendorCode, playerId);
      const m = await money(session.merchant_id, session.member_id, vendorCode, session.demo);
      return { playerId, balance: await wallet.balance(m.memberAccount), demo: session.demo };
    },

    /**
     * Debits a bet; only while the launch's game session is open. `nonce` is the call's nonce when the route left it
     * to be spent with the money (null when it was remembered already).
     */
    async bet(
      vendorCode: string,
      body: {
        token: string;
        playerId: string;
        transactionId: string;
        roundId: string;
        gameCode: string;
        amount: number;
      },
      nonce: string | null = null,
    ) {
      const requestHash = hashRequest('bet', [body.playerId, body.roundId, body.gameCode, body.amount]);
      const since = new Date(Date.now() - SESSION_HOURS * 3_600_000);
      let session: Awaited<ReturnType<typeof gameSession>>;
      let m: Money;
      try {
        session = await gameSession(body.token);
        const open =
          session &&
          session.vendor_code === vendorCode &&
          String(session.member_id) === body.playerId &&
          session.created_at >= since;
        if (!session || !open) {
          const unspent = nonce;
          nonce = null;
          await spendNonce(vendorCode, unspent);
          // A retry of a bet taken before the session ended still gets its first answer.
          const replay = await replayOrConflict(vendorCode, body.transactionId, requestHash);
          if (replay) return replay;
          throw new AppError('session_expired', 'token');
        }
        m = await money(session.merchant_id, session.member_id, vendorCode, session.demo);
        if (!session.demo && deps.playGuard) {
          const refusal = await deps.playGuard
            .check({ merchantId: session.merchant_id, memberId: session.member_id })
            .then(
              () => undefined,
              (error: unknown) => error,
            );
          if (refusal) {
            const unspent = nonce;
            nonce = null;
            await spendNonce(vendorCode, unspent);
            // A retry of a bet taken before the refusal still gets its first answer.
            const replay = await replayOrConflict(vendorCode, body.transactionId, requestHash);
            if (replay) return replay;
            throw refusal;
          }
        }
      } catch (error) {
        await spendNonce(vendorCode, nonce);
        throw error;
      }
      const result = await record(
        { vendorCode, nonce, kind: 'bet', body, requestHash, freeRoundAccountId: null },
        {
          sessionId: session.id,
          // Ended since it was cached, or by now older than SESSION_HOURS: refused in the bet's transaction.
          sessionSince: since,
          sessionLatest: false,
          gameNodeId: session.game_node_id,
        },
        m,
        session.member_id,
      );
      // Only a win asks whether its session is still the latest.
      if (!result) throw new Error('vendor_post_batch answered session_stale for a bet');
      return result;
    },

    /**
     * Credits a win; accepted after the game session has ended (rounds settle late). `nonce` as for `bet`. The round
     * must hold a bet of the player that was not rolled back, unless the vendor pays free rounds (`bet_not_found`).
     */
    async win(
      vendorCode: string,
      body: { playerId: string; transactionId: string; roundId: string; gameCode: string; amount: number },
      nonce: string | null = null,
    ) {
      const requestHash = hashRequest('win', [body.playerId, body.roundId, body.gameCode, body.amount]);
      // The remembered latest session first; if the win's transaction finds a newer one, read it and go again.
      for (let remembered = true; ; remembered = false) {
        let session: Awaited<ReturnType<typeof player>>;
        let m: Money;
        try {
          session = await player(vendorCode, body.playerId, remembered);
          m = await money(session.merchant_id, session.member_id, vendorCode, session.demo);
        } catch (error) {
          await spendNonce(vendorCode, nonce);
          throw error;
        }
        const result = await record(
          {
            vendorCode,
            nonce,
            kind: 'win',
            body,
            requestHash,
            freeRoundAccountId: await freeRoundSource(vendorCode, m),
          },
          { sessionId: session.id, sessionSince: null, sessionLatest: true, gameNodeId: null },
          m,
          session.member_id,
        );
        if (result) return result;
      }
    },

    /**
     * Refunds a bet. A bet never seen leaves a tombstone under its id so that the bet, arriving late, is refused.
     * Accepted after the game session has ended.
     */
    async rollback(
      vendorCode: string,
      body: { playerId: string; transactionId: string; betTransactionId: string; roundId: string },
    ) {
      const requestHash = hashRequest('rollback', [body.playerId, body.betTransactionId, body.roundId]);
      const replay = await replayOrConflict(vendorCode, body.transactionId, requestHash);
      if (replay) return replay;
      const session = await player(vendorCode, body.playerId);
      const m = await money(session.merchant_id, session.member_id, vendorCode, session.demo);
      return db.transaction().execute(async (trx) => {
        const claimed = await repository.claim(trx, {
          vendor_code: vendorCode,
          transaction_id: body.transactionId,
          kind: 'rollback',
          merchant_id: m.merchantId,
          member_id: session.member_id,
          session_id: session.id,
          round_id: body.roundId,
          game_node_id: null,
          amount: 0,
          demo: m.demo,
          request_hash: requestHash,
          ledger_entry_id: null,
          balance_after: 0,
        });
        if (!claimed) throw new AppError('duplicate_transaction', 'transactionId');
        let bet = await repository.transaction(trx, vendorCode, body.betTransactionId, true);
        let entryId: number | null = null;
        // A bet still in flight when we looked makes the tombstone wait for it and find its id taken: refund it.
        if (
          !bet &&
          !(await repository.claim(trx, {
            vendor_code: vendorCode,
            transaction_id: body.betTransactionId,
            kind: 'tombstone',
            merchant_id: m.merchantId,
            member_id: session.member_id,
            session_id: session.id,
            round_id: body.roundId,
            game_node_id: null,
            amount: 0,
            demo: m.demo,
            request_hash: requestHash,
            ledger_entry_id: null,
            balance_after: 0,
          }))
        ) {
          bet = await repository.transaction(trx, vendorCode, body.betTransactionId, true);
        }
        // No bet: the tombstone is written, and the late bet will be refused.
        if (bet && (bet.kind !== 'bet' || String(bet.member_id) !== body.playerId)) {
          throw new AppError('validation_failed', 'betTransactionId');
        }
        if (bet && !bet.rolled_back && bet.ledger_entry_id !== null) {
          const reversal = await wallet.reverse(trx, {
            merchantId: m.merchantId,
            entryId: bet.ledger_entry_id,
            idempotencyKey: `vendor:${vendorCode}:${body.transactionId}`,
            memo: `${vendorCode} rollback of ${body.betTransactionId}`,
            actor: { type: 'vendor', id: null, name: vendorCode },
            alongside: m.demo
              ? undefined
              : deps.limits?.refund(
                  { merchantId: m.merchantId, memberId: session.member_id },
                  Number(bet.amount),
                ),
          });
          entryId = reversal.entryId;
          await repository.markRolledBack(trx, vendorCode, body.betTransactionId);
          // A refunded bet no longer counts towards missions.
          if (!m.demo) changes.publish(trx, { on: 'member', memberId: session.member_id });
        }
        const balance = await wallet.balance(m.memberAccount, trx);
        await repository.settle(trx, vendorCode, body.transactionId, entryId, balance);
        return { transactionId: body.transactionId, balance, replayed: false };
      });
    },

    /** Ends the member's open game sessions (at logout): later bets are refused, wins and rollbacks still land. */
    endSessionsOf(memberId: number) {
      return repository.endSessionsOf(db, memberId);
    },

    /** Our own studio's games open in the games app served by this server (apps/games, under /games). */
    async ensureInHouseCredentials(vendorCodes: string[]) {
      const existing = new Set((await repository.allCredentials(db)).map((c) => c.vendor_code));
      for (const code of vendorCodes) {
        if (existing.has(code)) continue;
        await repository.upsertCredentials(db, {
          vendor_code: code,
          api_secret: crypto.randomBytes(32).toString('hex'),
          launch_url: '/games',
        });
      }
      changes.publish(db, { on: 'vendorCredentials', vendorCode: null });
    },

    /** Each vendor's secret and launch address; the simulated ones get a fresh secret and the `sim:` address. */
    async ensureSimulatedCredentials(vendorCodes: string[]) {
      const existing = new Map((await repository.allCredentials(db)).map((c) => [c.vendor_code, c]));
      for (const code of vendorCodes) {
        if (existing.has(code)) continue;
        await repository.upsertCredentials(db, {
          vendor_code: code,
          api_secret: crypto.randomBytes(32).toString('hex'),
          launch_url: 'sim:',
        });
      }
      changes.publish(db, { on: 'vendorCredentials', vendorCode: null });
      return (await repository.allCredentials(db))
        .filter((c) => c.launch_url === 'sim:')
        .map((c) => ({ vendorCode: c.vendor_code, secret: c.api_secret }));
    },

    /** Vendor rounds with their wins and the filtered totals (betting record, bets explorer). */
    betRecord: (filters: RoundFilters, page: { limit: number; offset: number }, executor: Database = db) =>
      repository.rounds(executor, filters, page),

    /** Stakes and wins of real vendor rounds per day, vendor and product line (reports). */
    roundTotals: (filters: RoundFilters & { timeZone: string }, executor: Database = db) =>
      repository.roundTotals(executor, filters),
    memberTotals: (filters: RoundFilters) => repository.memberTotals(db, filters),

    /** The latest real vendor wins of a merchant, for the winner board. */
    winners: (merchantId: number, limit: number, vassalages?: string[]) =>
      repository.winners(db, merchantId, limit, vassalages),

    /** The games a member launched, most recent first (recent games). */
    launchedGames: (memberId: number, limit: number) => repository.launchedGames(db, memberId, limit),

    /** Every vendor's credentials as the back office sees them (never the secret itself). */
    async credentialsList() {
      return (await repository.allCredentials(db)).map((c) => ({
        vendorCode: c.vendor_code,
        enabled: c.enabled,
        launchUrl: c.launch_url,
        freeRoundWins: c.free_round_wins,
        secretHint: `…${c.api_secret.slice(-4)}`,
        updatedAt: c.updated_at.toISOString(),
      }));
    },

    /**
     * Sets a vendor's launch address and switch; a new secret when asked (or when there was none), answered once.
     * A running simulator keeps the secret it started with until the server restarts.
     */
    async setCredentials(
      vendorCode: string,
      values: { enabled: boolean; launchUrl: string; rotateSecret: boolean; freeRoundWins: boolean },
    ) {
      const existing = await repository.credentials(db, vendorCode);
      const newSecret = !existing || values.rotateSecret ? crypto.randomBytes(32).toString('hex') : null;
      await repository.upsertCredentials(db, {
        vendor_code: vendorCode,
        api_secret: newSecret ?? (existing?.api_secret as string),
        launch_url: values.launchUrl,
      });
      await repository.setCredentialsSwitches(db, vendorCode, values);
      changes.publish(db, { on: 'vendorCredentials', vendorCode });
      return {
        before: existing
          ? {
              enabled: existing.enabled,
              launchUrl: existing.launch_url,
              freeRoundWins: existing.free_round_wins,
            }
          : null,
        newSecret,
      };
    },
  };
}

export type SeamlessService = ReturnType<typeof seamlessService>;
