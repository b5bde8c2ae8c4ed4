import crypto from 'node:crypto';
import { isCurrencyCode } from '@tala/contracts/currencies';
import type { ErrorCode } from '@tala/contracts/errors';
import {
  type AccountKind,
  checkAmount,
  type EntryType,
  entryTypes,
  type HouseAccountKind,
  idempotencyKey,
  type LedgerActor,
  type MemberAccountKind,
  type Reconciliation,
  type StatementPage,
} from '@tala/contracts/wallet';
import type { RawBuilder } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { TeamScope } from '../members/team-scope.ts';
import { postBatcher, retryable } from './post-batcher.ts';
import {
  type Executor,
  type PostOutcome,
  type PostRow,
  type VendorClaim,
  walletRepository,
} from './wallet.repository.ts';

/** Balance rows per house account: more than the connections that post at once, so a free one is always there. */
export const houseShards = 32;
/** The most lines one entry may have. */
export const maxPostings = 64;

export type Posting = { accountId: number; amount: number };

export type PostRequest = {
  merchantId: number;
  /** Unique per merchant: the same key with the same request answers the first result and moves nothing. */
  idempotencyKey: string;
  type: EntryType;
  /** Two or more, on distinct accounts of the merchant, summing to zero. Positive credits the account. */
  postings: Posting[];
  memo?: string | null;
  actor: LedgerActor;
  /** Another module's check or count that goes with this money, in its statement (limits: decision 050). */
  alongside?: Alongside | undefined;
};

/**
 * An SQL expression of another module (a function call) evaluated in a posting's own statement (one round trip),
 * only when the entry is posted: after its balances are locked, so the lock order of decision 046 holds. Being one
 * statement, a plain sub-select in it reads the snapshot taken before the posting; a volatile function
 * (member_limit_use()) sees the posting. `settle` reads its value as JSON (null when the entry was replayed) in the
 * caller's transaction and may throw to roll the money back. An expression given as a function is handed the posted
 * entry's id (a row that refers to its entry, such as a sports bet, is written in the same statement).
 */
export type Alongside = {
  expression: RawBuilder<unknown> | ((entryId: RawBuilder<number>) => RawBuilder<unknown>);
  settle: (row: Record<string, unknown> | null, trx: Executor) => Promise<void>;
};

export type TransferRequest = Omit<PostRequest, 'postings'> & { from: number; to: number; amount: number };

export type PostedEntry = {
  entryId: number;
  type: EntryType;
  createdAt: string;
  /** True when the key had been used before for this same request: nothing moved this time. */
  replayed: boolean;
  /** The postings in request order, with each account's balance after them (null for a house account). */
  postings: (Posting & { balanceAfter: number | null })[];
};

const entryTypeSet = new Set<string>(entryTypes);
const memberKinds = new Set<AccountKind>(['member_main', 'member_vendor']);

/** Refusals of ledger_post() (and vendor_post_batch()) that are the caller's to act on. */
export const refusals: Record<Exclude<PostOutcome['status'], 'posted' | 'replayed'>, ErrorCode> = {
  idempotency_conflict: 'idempotency_conflict',
  insufficient_funds: 'insufficient_funds',
  balance_over_limit: 'balance_over_limit',
  account_not_found: 'account_not_found',
  accounts_mixed: 'ledger_accounts_mixed',
  unbalanced: 'ledger_unbalanced',
  duplicate_account: 'validation_failed',
  already_reversed: 'entry_already_reversed',
  nonce_reused: 'nonce_reused',
  session_ended: 'session_expired',
  session_stale: 'session_expired',
  bet_not_found: 'bet_not_found',
  claimed: 'duplicate_transaction',
  // The seamless service answers it with the limit's own code (limits.vendorRefusal); this is the fallback.
  limit_refused: 'limit_session_reached',
};

function isPositiveId(value: unknown): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value > 0;
}

/** Checks a request before it reaches the database (each rule has its own error code); amounts become numbers. */
function validate(request: PostRequest): PostRequest {
  if (!isPositiveId(request.merchantId)) throw new AppError('merchant_not_found');
  if (
    typeof request.idempotencyKey !== 'string' ||
    !idempotencyKey.safeParse(request.idempotencyKey).success
  ) {
    throw new AppError('validation_failed', 'idempotencyKey');
  }
  if (!entryTypeSet.has(request.type) || request.type === 'reversal')
    throw new AppError('validation_failed', 'type');
  if (request.memo != null && (typeof request.memo !== 'string' || request.memo.length > 500)) {
    throw new AppError('validation_failed', 'memo');
  }
  if (!Array.isArray(request.postings) || request.postings.length > maxPostings) {
    throw new AppError('validation_failed', 'postings');
  }
  const seen = new Set<number>();
  let total = 0;
  const postings = request.postings.map((posting) => {
    if (!isPositiveId(posting?.accountId)) throw new AppError('account_not_found', 'postings');
    const amount = checkAmount(posting.amount, { signed: true });
    if (!amount.ok) throw new AppError(amount.code, 'amount');
    if (seen.has(posting.accountId)) throw new AppError('validation_failed', 'postings');
    seen.add(posting.accountId);
    total += amount.amount;
    return { accountId: posting.accountId, amount: amount.amount };
  });
  if (postings.length < 2 || total !== 0) throw new AppError('ledger_unbalanced', 'postings');
  return { ...request, postings };
}

/** What makes two requests "the same" under one key: everything that decides what money moves. */
function requestHash(request: PostRequest, reversesEntryId: number | null) {
  const canonical = JSON.stringify([
    request.type,
    request.postings.map((p) => [p.accountId, p.amount]),
    request.memo ?? null,
    reversesEntryId,
  ]);
  return crypto.createHash('sha256').update(canonical).digest();
}

/**
 * The wallet: the one API through which every module moves money (GUIDE §4). Nothing else writes the ledger tables.
 *
 * Money moves with `post` (any balanced set of postings) or `transfer` (one account to another). Both take an
 * executor: pass the caller's transaction to move money together with the caller's own writes (a bet debits the
 * wallet in the transaction that records the bet); pass the database and the wallet commits on its own.
 */
export function walletService(
  db: Database,
  audit: AuditService,
  options: {
    batchSlots?: number | undefined;
    maxBatch?: number;
    onBatch?: ((size: number) => void) | undefined;
  } = {},
) {
  const repository = walletRepository();
  const batcher = postBatcher(db, repository, {
    slots: options.batchSlots,
    maxBatch: options.maxBatch,
    onBatch: options.onBatch,
  });
  /** Account ids by identity, only once known committed (account rows never change, ids are never reused). */
  const accountIds = new Map<string, { id: number; trial: boolean }>();
  async function openAccount(
    executor: Executor,
    identity: {
      merchantId: number;
      kind: AccountKind;
      memberId: number | null;
      vendorCode: string | null;
      /** Null: the merchant's own (every account is; another one is refused by the database, decision 061). */
      currency: string | null;
      trial: boolean;
    },
  ): Promise<number> {
    const cacheKey = JSON.stringify([
      identity.merchantId,
      identity.kind,
      identity.memberId,
      identity.vendorCode,
      identity.currency,
    ]);
    let account = accountIds.get(cacheKey);
    if (!account) {
      if (!isPositiveId(identity.merchantId)) throw new AppError('merchant_not_found');
      if (identity.currency !== null && !isCurrencyCode(identity.currency))
        throw new AppError('currency_unknown', 'currency');
      const needsVendor = identity.kind === 'member_vendor' || identity.kind === 'house_vendor';
      if (needsVendor !== (identity.vendorCode !== null))
        throw new AppError('validation_failed', 'vendorCode');
      if (identity.vendorCode !== null && !/^[A-Z0-9_]{2,32}$/.test(identity.vendorCode)) {
        throw new AppError('validation_failed', 'vendorCode');
      }
      const shards = memberKinds.has(identity.kind) ? 1 : houseShards;
      const opened = await repository
        .openAccount(executor, { ...identity, shards })
        .catch((error: unknown) => {
          // The merchant's foreign keys: an account in another currency than the merchant's, or no such merchant.
          const { code, constraint } = error as { code?: unknown; constraint?: unknown };
          if (code === '23503' && constraint === 'ledger_accounts_merchant_currency')
            throw new AppError('ledger_accounts_mixed', 'currency');
          if (code === '23503') throw new AppError('merchant_not_found');
          throw error;
        });
      account = { id: opened.id, trial: opened.trial };
      // Inside a transaction the row may not be committed yet; a cached id would outlive a rollback.
      if (!executor.isTransaction) {
        if (accountIds.size >= 100_000) accountIds.clear();
        accountIds.set(cacheKey, account);
      }
    }
    if (account.trial !== identity.trial) {
      throw new Error(`ledger account ${account.id} is ${account.trial ? 'trial' : 'real'} money`);
    }
    return account.id;
  }

  function toRow(request: PostRequest, reversesEntryId: number | null): PostRow {
    return {
      merchantId: request.merchantId,
      idempotencyKey: request.idempotencyKey,
      requestHash: requestHash(request, reversesEntryId),
      type: request.type,
      memo: request.memo ?? null,
      actorType: request.actor.type,
      actorId: request.actor.id ?? null,
      reversesEntryId,
      accountIds: request.postings.map((p) => p.accountId),
      amounts: request.postings.map((p) => p.amount),
    };
  }

  async function write(
    executor: Executor,
    request: PostRequest,
    reversesEntryId: number | null,
  ): Promise<PostedEntry> {
    const row = toRow(request, reversesEntryId);

    const once = async (target: Executor) => {
      const outcome = await repository.post(target, row, request.alongside?.expression);
      if (outcome.status === 'posted' && request.actor.type === 'operator') {
        await audit.record(target, {
          actorType: 'operator',
          actorId: request.actor.id ?? null,
          actorName: request.actor.name ?? null,
          merchantId: request.merchantId,
          action: reversesEntryId === null ? 'wallet.entry.post' : 'wallet.entry.reverse',
          target: `ledger_entry:${outcome.entryId}`,
          after: {
            type: request.type,
            idempotencyKey: request.idempotencyKey,
            postings: request.postings,
            memo: request.memo ?? null,
            reversesEntryId,
          },
          ip: request.actor.ip ?? null,
        });
      }
      return outcome;
    };

    let outcome: PostOutcome & { alongside?: Record<string, unknown> | null };
    if (executor.isTransaction) {
      outcome = await once(executor);
    } else if (request.alongside) {
      throw new Error("a posting with an expression alongside runs in the caller's transaction");
    } else if (request.actor.type !== 'operator') {
      // On its own: group-committed with whatever else is being posted at this moment.
      outcome = await batcher.submit(row);
    } else {
      // An operator's movement commits with its audit record. A deadlock (possible only when all shards of
      // several house accounts are busy at once) is retried: the retry replays by key.
      for (let attempt = 1; ; attempt++) {
        try {
          outcome = await executor.transaction().execute((trx) => once(trx));
          break;
        } catch (error) {
          if (attempt >= 4 || !retryable(error)) throw error;
        }
      }
    }

    const posted = toPosted(request, reversesEntryId, outcome);
    await request.alongside?.settle(outcome.alongside ?? null, executor);
    return posted;
  }

  /** An outcome as the caller gets it: the entry posted (or replayed), or the refusal as an AppError. */
  function toPosted(request: PostRequest, reversesEntryId: number | null, outcome: PostOutcome): PostedEntry {
    if (outcome.status !== 'posted' && outcome.status !== 'replayed') {
      const code = refusals[outcome.status];
      const field = outcome.status === 'idempotency_conflict' ? 'idempotencyKey' : undefined;
      throw new AppError(
        code,
        field,
        outcome.failedAccount === null ? {} : { accountId: outcome.failedAccount },
      );
    }
    return {
      entryId: outcome.entryId as number,
      type: reversesEntryId === null ? request.type : 'reversal',
      createdAt: (outcome.createdAt as Date).toISOString(),
      replayed: outcome.status === 'replayed',
      postings: request.postings.map((p, i) => ({
        accountId: p.accountId,
        amount: p.amount,
        balanceAfter: outcome.balancesAfter[i] ?? null,
      })),
    };
  }

  /**
   * Writes one entry of postings that sum to zero, or refuses with an error code and writes nothing (the
   * caller's transaction stays usable). With a transaction it commits with it; with the database, on its own.
   */
  async function post(executor: Executor, request: PostRequest): Promise<PostedEntry> {
    return write(executor, validate(request), null);
  }

  return {
    post,

    /**
     * Several entries in the caller's transaction, in one statement (ledger_post_batch): for work that posts many
     * entries at once, such as a lottery draw's payouts. Each is what `post` would write; the first refusal throws
     * (the caller's transaction then rolls back with everything). Not for operators' movements, which are audited
     * one by one.
     */
    async postMany(trx: Executor, requests: readonly PostRequest[]): Promise<PostedEntry[]> {
      if (!trx.isTransaction) throw new Error("postMany runs in the caller's transaction");
      if (requests.length === 0) return [];
      const checked = requests.map((request) => {
        if (request.actor.type === 'operator') throw new Error("an operator's movement is posted on its own");
        if (request.alongside) throw new Error('postMany takes nothing alongside');
        return validate(request);
      });
      const outcomes = await repository.postBatch(
        trx,
        checked.map((request) => toRow(request, null)),
      );
      return outcomes.map((outcome, i) => toPosted(checked[i] as PostRequest, null, outcome));
    },

    /** Moves a positive amount from one account to another. */
    async transfer(executor: Executor, request: TransferRequest): Promise<PostedEntry> {
      const amount = checkAmount(request.amount);
      if (!amount.ok) throw new AppError(amount.code, 'amount');
      if (request.from === request.to) throw new AppError('validation_failed', 'to');
      const { from, to, amount: _, ...rest } = request;
      return post(executor, {
        ...rest,
        postings: [
          { accountId: from, amount: -amount.amount },
          { accountId: to, amount: amount.amount },
        ],
      });
    },

    /**
     * A game vendor's bet or win (docs/decisions/008-seamless-wallet.md): group-committed like any entry that
     * commits on its own, with the call's nonce and its (vendor, transaction id) claim in the same transaction. An
     * amount of 0 moves nothing and only claims. The outcome is the caller's to read: `posted` (with the member's
     * `balance` after it), `claimed` (the id was used before: the stored kind, request hash and balance),
     * `nonce_reused`, `session_ended`, `session_stale` (a win's session is no longer the latest), or a refusal of the ledger (nothing of the call is written then, but its
     * nonce is spent).
     */
    async vendorTransfer(request: TransferRequest, claim: VendorClaim): Promise<PostOutcome> {
      if (request.actor.type === 'operator') throw new AppError('validation_failed', 'actor');
      if (request.from === request.to) throw new AppError('validation_failed', 'to');
      // A batched posting has no statement of its own to run a check in (vendor_post_batch() counts limits itself).
      if (request.alongside) throw new Error('vendorTransfer takes nothing alongside');
      let postings: Posting[] = [];
      if (request.amount !== 0) {
        const amount = checkAmount(request.amount);
        if (!amount.ok) throw new AppError(amount.code, 'amount');
        postings = [
          { accountId: request.from, amount: -amount.amount },
          { accountId: request.to, amount: amount.amount },
        ];
      }
      const { from, to, amount: _, ...rest } = request;
      const checked = postings.length === 0 ? { ...rest, postings } : validate({ ...rest, postings });
      if (postings.length === 0 && !idempotencyKey.safeParse(request.idempotencyKey).success)
        throw new AppError('validation_failed', 'idempotencyKey');
      const row = { ...toRow(checked, null), claim };
      return batcher.submit(row);
    },

    /**
     * Cancels an entry with a new one that moves the same amounts back (postings are never changed). An entry is
     * reversed at most once; a member who spent the money meanwhile makes it `insufficient_funds`.
     */
    async reverse(
      executor: Executor,
      request: {
        merchantId: number;
        entryId: number;
        idempotencyKey: string;
        memo?: string | null;
        actor: LedgerActor;
        alongside?: Alongside | undefined;
      },
    ): Promise<PostedEntry> {
      if (!isPositiveId(request.merchantId)) throw new AppError('merchant_not_found');
      if (
        typeof request.idempotencyKey !== 'string' ||
        !idempotencyKey.safeParse(request.idempotencyKey).success
      ) {
        throw new AppError('validation_failed', 'idempotencyKey');
      }
      if (request.memo != null && (typeof request.memo !== 'string' || request.memo.length > 500)) {
        throw new AppError('validation_failed', 'memo');
      }
      if (!isPositiveId(request.entryId)) throw new AppError('entry_not_found', 'entryId');
      const original = await repository.entry(executor, request.merchantId, request.entryId);
      if (!original) throw new AppError('entry_not_found', 'entryId');
      const reversal: PostRequest = {
        merchantId: request.merchantId,
        idempotencyKey: request.idempotencyKey,
        type: 'reversal',
        postings: original.postings.map((p) => ({ accountId: p.account_id, amount: -p.amount })),
        memo: request.memo ?? null,
        actor: request.actor,
        alongside: request.alongside,
      };
      return write(executor, reversal, request.entryId);
    },

    /** A member's account (main wallet, or a transfer-wallet vendor's sub-wallet), created on first use. */
    async memberAccount(
      merchantId: number,
      memberId: number,
      options: {
        executor?: Executor;
        kind?: MemberAccountKind;
        vendorCode?: string;
        trial?: boolean;
        currency?: string;
      } = {},
    ): Promise<number> {
      if (!isPositiveId(memberId)) throw new AppError('validation_failed', 'memberId');
      const kind = options.kind ?? 'member_main';
      return openAccount(options.executor ?? db, {
        merchantId,
        kind,
        memberId,
        vendorCode: kind === 'member_vendor' ? (options.vendorCode ?? null) : null,
        currency: options.currency ?? null,
        trial: options.trial ?? false,
      });
    },

    /**
     * A member's play-money account, opened with `grant` from the house's trial account on first use (the grant's
     * key makes it happen once). Trial money never meets real money: the ledger refuses entries that mix them.
     */
    async trialAccount(merchantId: number, memberId: number, grant: number): Promise<number> {
      // Its own sub-wallet, so that a real member (whose main account holds real money) can play for free too.
      const account = await this.memberAccount(merchantId, memberId, {
        trial: true,
        kind: 'member_vendor',
        vendorCode: 'FREE_PLAY',
      });
      if (grant > 0) {
        const house = await this.houseAccount(merchantId, 'house_trial');
        await post(db, {
          merchantId,
          idempotencyKey: `trial-grant:${memberId}`,
          type: 'trial_grant',
          postings: [
            { accountId: house, amount: -grant },
            { accountId: account, amount: grant },
          ],
          memo: 'Free-play balance',
          actor: { type: 'system' },
        });
      }
      return account;
    },

    /** One of the house's accounts (per vendor for `house_vendor`), created on first use. */
    async houseAccount(
      merchantId: number,
      kind: HouseAccountKind,
      vendorCode?: string | null,
      options: { executor?: Executor; currency?: string } = {},
    ): Promise<number> {
      return openAccount(options.executor ?? db, {
        merchantId,
        kind,
        memberId: null,
        vendorCode: kind === 'house_vendor' ? (vendorCode ?? null) : null,
        currency: options.currency ?? null,
        trial: kind === 'house_trial',
      });
    },

    /** The ISO 4217 code of an account's currency (its merchant's). */
    async currencyOf(accountId: number, executor: Executor = db): Promise<string> {
      const account = isPositiveId(accountId) ? await repository.account(executor, accountId) : undefined;
      if (!account) throw new AppError('account_not_found');
      return account.currency;
    },

    /** An account's balance in minor units (a house account's shards added up). */
    async balance(accountId: number, executor: Executor = db): Promise<number> {
      const balance = isPositiveId(accountId) ? await repository.balance(executor, accountId) : undefined;
      if (balance === undefined) throw new AppError('account_not_found');
      return balance;
    },

    /**
     * Member accounts' balances, locked until the caller's transaction ends: work that posts many entries at once
     * (postMany) and may not take a member below what it holds counts them down itself. Locked in account order,
     * the order ledger_post_batch() locks in.
     */
    async lockedBalances(trx: Executor, accountIds: readonly number[]): Promise<Map<number, number>> {
      if (!trx.isTransaction) throw new Error("lockedBalances runs in the caller's transaction");
      const ids = [...new Set(accountIds)].sort((a, b) => a - b);
      const balances = new Map<number, number>();
      if (ids.length === 0) return balances;
      for (const r of await repository.lockBalances(trx, ids))
        balances.set(Number(r.account_id), Number(r.balance));
      return balances;
    },

    /** The real-money accounts of these members (main wallet and transfer-wallet sub-wallets), with balances. */
    async memberAccounts(memberIds: number | readonly number[], executor: Executor = db) {
      const ids = typeof memberIds === 'number' ? [memberIds] : [...new Set(memberIds)];
      if (ids.length === 0) return [];
      const rows = await repository.memberAccounts(executor, ids);
      return rows.map((r) => ({
        id: r.id,
        memberId: r.member_id as number,
        kind: r.kind as MemberAccountKind,
        vendorCode: r.vendor_code,
        balance: Number(r.balance),
      }));
    },

    /** Stakes (positive), wins and refunds of an account's play since an instant, and the net (wins less stakes). */
    async playSince(accountId: number, since: Date, executor: Executor = db) {
      const rows = await repository.playTotals(executor, accountId, since);
      const of = (type: string) => rows.find((r) => r.type === type)?.total ?? 0;
      const bets = -of('bet') - of('bet_refund');
      // A lottery rebate (its own entry type) is money back from play like a win.
      const wins = of('payout') + of('rebate');
      return { bets, wins, net: wins - bets };
    },

    /** An account's movements per month (in a time zone) and entry type, signed as posted, from an instant on. */
    monthlyTotals: (accountId: number, since: Date, timeZone: string, executor: Executor = db) =>
      repository.monthlyTotals(executor, accountId, since, timeZone),

    /** An account's lines, newest first. */
    async statement(
      accountId: number,
      filters: { from?: Date; to?: Date; types?: EntryType[] } = {},
      page: { pageNo: number; pageSize: number } = { pageNo: 1, pageSize: 24 },
      executor: Executor = db,
    ): Promise<StatementPage> {
      if (!isPositiveId(accountId) || !(await repository.account(executor, accountId))) {
        throw new AppError('account_not_found');
      }
      const { rows, total } = await repository.statement(executor, accountId, filters, page);
      return {
        list: rows.map((r) => ({
          entryId: r.entry_id,
          line: r.line,
          type: r.type,
          amount: r.amount,
          balanceAfter: r.shards === 1 ? r.balance_after : null,
          memo: r.memo,
          createdAt: r.created_at.toISOString(),
          reversesEntryId: r.reverses_entry_id,
          reversedByEntryId: r.reversed_by,
        })),
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        total,
        totalPages: Math.ceil(total / page.pageSize),
      };
    },

    /** A page of the lines of a team's main wallets (agent centre: transaction details). */
    async teamLines(
      filters: { merchantId: number; team: TeamScope; from: Date; to: Date; types: readonly string[] },
      page: { pageNo: number; pageSize: number },
    ) {
      const { rows, total } = await repository.teamLines(db, filters, page);
      return {
        list: rows.map((r) => ({
          entryId: Number(r.entry_id),
          username: r.username,
          type: r.type,
          amount: Number(r.amount),
          memo: r.memo,
          createdAt: r.created_at.toISOString(),
        })),
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        total,
        totalPages: Math.ceil(total / page.pageSize),
      };
    },

    /** One entry of the merchant with its postings, or entry_not_found. */
    async entry(merchantId: number, entryId: number, executor: Executor = db) {
      const entry = isPositiveId(entryId) ? await repository.entry(executor, merchantId, entryId) : undefined;
      if (!entry) throw new AppError('entry_not_found');
      return {
        entryId: entry.id,
        idempotencyKey: entry.idempotency_key,
        type: entry.type as EntryType,
        memo: entry.memo,
        createdAt: entry.created_at.toISOString(),
        reversesEntryId: entry.reverses_entry_id,
        reversedByEntryId: entry.reversedByEntryId,
        postings: entry.postings.map((p) => ({
          accountId: p.account_id,
          amount: p.amount,
          balanceAfter: p.shards === 1 ? p.balance_after : null,
        })),
      };
    },

    /**
     * Recomputes the ledger's invariants from the postings (of a merchant or merchants, or all with null): every entry sums to
     * zero, every balance row equals the sum of its postings, no member balance is negative, all balances sum to
     * zero in each currency; with the members' and the house's totals per kind, one set per currency. Backs the back
     * office's reconciliation report.
     */
    async reconcile(
      merchants: number | readonly number[] | null,
      executor: Executor = db,
    ): Promise<Reconciliation> {
      const report = await repository.reconcile(
        executor,
        typeof merchants === 'number' ? [merchants] : merchants,
      );
      // Each currency on its own: a platform report spans merchants in different currencies, whose amounts never add.
      const codes = [...new Set(report.totals.map((t) => t.currency))].sort();
      const currencies = codes.map((currency) => {
        const totals = report.totals.filter((t) => t.currency === currency);
        const members = totals.filter((t) => memberKinds.has(t.kind));
        return {
          currency,
          total: totals.reduce((sum, t) => sum + t.balance, 0),
          members: {
            accounts: members.reduce((sum, t) => sum + t.accounts, 0),
            balance: members.reduce((sum, t) => sum + t.balance, 0),
          },
          house: totals
            .filter((t) => !memberKinds.has(t.kind))
            .map((t) => ({ kind: t.kind, vendorCode: t.vendorCode, trial: t.trial, balance: t.balance })),
        };
      });
      return {
        ok:
          report.unbalancedEntries.length === 0 &&
          report.projectionMismatches.length === 0 &&
          report.negativeMemberBalances.length === 0 &&
          currencies.every((c) => c.total === 0),
        entries: report.entries,
        postings: report.postings,
        unbalancedEntries: report.unbalancedEntries,
        projectionMismatches: report.projectionMismatches,
        negativeMemberBalances: report.negativeMemberBalances,
        currencies,
      };
    },
  };
}

export type WalletService = ReturnType<typeof walletService>;
