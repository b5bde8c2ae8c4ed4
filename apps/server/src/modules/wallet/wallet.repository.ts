import type { AccountKind } from '@tala/contracts/wallet';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { inTeamAt, type TeamScope } from '../members/team-scope.ts';

/** The database or a caller's transaction: every query here runs on whichever it is given. */
export type Executor = Database;

export type OpenAccount = {
  merchantId: number;
  kind: AccountKind;
  memberId: number | null;
  vendorCode: string | null;
  /** Null: the merchant's currency (ledger_open_account reads it; migration 080). */
  currency: string | null;
  trial: boolean;
  shards: number;
};

export type PostRow = {
  merchantId: number;
  idempotencyKey: string;
  requestHash: Buffer;
  type: string;
  memo: string | null;
  actorType: string;
  actorId: number | null;
  reversesEntryId: number | null;
  accountIds: number[];
  amounts: number[];
  /** A vendor's bet or win (seamless wallet): its nonce and claim go in the entry's transaction. */
  claim?: VendorClaim | undefined;
};

/** What a vendor call writes beside its money (docs/decisions/008-seamless-wallet.md, vendor_post_batch()). */
export type VendorClaim = {
  vendorCode: string;
  /** The call's nonce when it was not remembered yet: spent with the money, or `nonce_reused`. */
  nonce: string | null;
  transactionId: string;
  kind: 'bet' | 'win';
  memberId: number;
  /** The member's account whose balance after the call is answered. */
  memberAccountId: number;
  sessionId: number | null;
  /** Set for a bet: its game session must be open and have started at or after this moment. */
  sessionSince: Date | null;
  /** Set for a win: its session must still be the member's latest with the vendor, else `session_stale`. */
  sessionLatest: boolean;
  roundId: string;
  gameNodeId: number | null;
  amount: number;
  demo: boolean;
  requestHash: Buffer;
  /** A win: the account a win without a stake in its round is paid from (free rounds), or null to refuse it. */
  freeRoundAccountId: number | null;
};

export type PostStatus =
  | 'posted'
  | 'replayed'
  | 'idempotency_conflict'
  | 'insufficient_funds'
  | 'balance_over_limit'
  | 'account_not_found'
  | 'accounts_mixed'
  | 'unbalanced'
  | 'duplicate_account'
  | 'already_reversed'
  // vendor_post_batch() only:
  | 'nonce_reused'
  | 'session_ended'
  | 'session_stale'
  | 'bet_not_found'
  | 'claimed'
  // A real bet over one of the player's limits (migration 065): the limit's key is in `limitKey`.
  | 'limit_refused';

export type PostOutcome = {
  status: PostStatus;
  entryId: number | null;
  createdAt: Date | null;
  failedAccount: number | null;
  /** Per posting, in request order: the balance after it (null for a sharded house account). */
  balancesAfter: (number | null)[];
  /** A vendor call: the member's balance after it, or the one stored under its transaction id when claimed. */
  balance?: number | null;
  /** A vendor call whose transaction id was used before: the stored row's kind and request hash. */
  claimed?: { kind: string; requestHash: Buffer } | null;
  /** limit_refused: which of the player's limits refused the bet. */
  limitKey?: string | null;
};

const toNumber = (value: string | number | null) => (value === null ? null : Number(value));

/** SQL of the ledger tables. Money is written only through the two SQL functions of migrations/003_ledger.sql. */
export function walletRepository() {
  return {
    async openAccount(executor: Executor, account: OpenAccount) {
      const { rows } = await sql<{ account_id: number; trial: boolean; shards: number }>`
        SELECT * FROM ledger_open_account(${account.merchantId}::integer, ${account.kind}, ${account.memberId}::integer,
          ${account.vendorCode}, ${account.currency}, ${account.trial}, ${account.shards}::smallint)`.execute(
        executor,
      );
      const row = rows[0];
      if (!row) throw new Error('ledger_open_account returned no row');
      return { id: Number(row.account_id), trial: row.trial, shards: row.shards };
    },

    /**
     * One entry through ledger_post(). With `alongside`, another module's SQL expression is evaluated in the same
     * statement, after the posting locked its balances and only when it posted (not replayed, not refused); its
     * value comes back as JSON (decision 050: one round trip for a bet and its limit check).
     */
    async post(
      executor: Executor,
      row: PostRow,
      along?: RawBuilder<unknown> | ((entryId: RawBuilder<number>) => RawBuilder<unknown>),
    ): Promise<PostOutcome & { alongside: Record<string, unknown> | null }> {
      const alongside = typeof along === 'function' ? along(sql<number>`p.entry_id`) : along;
      const { rows } = await sql<{
        status: PostStatus;
        entry_id: number | null;
        created_at: Date | null;
        failed_account: number | null;
        balances_after: (string | null)[] | null;
        alongside: Record<string, unknown> | null;
      }>`
        SELECT p.status, p.entry_id, p.created_at, p.failed_account, p.balances_after,
               ${alongside ? sql`CASE WHEN p.status = 'posted' THEN to_jsonb(${alongside}) END` : sql`NULL::jsonb`} AS alongside
          FROM ledger_post(
          ${row.merchantId}::integer, ${row.idempotencyKey}, ${row.requestHash}, ${row.type}, ${row.memo},
          ${row.actorType}, ${row.actorId}::integer, ${row.reversesEntryId}::bigint,
          ${row.accountIds}::bigint[], ${row.amounts}::bigint[]) AS p`.execute(executor);
      const result = rows[0];
      if (!result) throw new Error('ledger_post returned no row');
      return {
        status: result.status,
        entryId: toNumber(result.entry_id),
        createdAt: result.created_at,
        failedAccount: toNumber(result.failed_account),
        balancesAfter: (result.balances_after ?? []).map(toNumber),
        alongside: result.alongside,
      };
    },

    /** Several entries in one statement and one transaction (ledger_post_batch); results in request order. */
    async postBatch(executor: Executor, batch: PostRow[]): Promise<PostOutcome[]> {
      const { rows } = await sql<{
        status: PostStatus;
        entry_id: number | null;
        created_at: Date | null;
        failed_account: number | null;
        balances_after: (string | null)[] | null;
      }>`
        SELECT status, entry_id, created_at, failed_account, balances_after FROM ledger_post_batch(
          ${batch.map((r) => r.merchantId)}::integer[], ${batch.map((r) => r.idempotencyKey)}::text[],
          ${batch.map((r) => r.requestHash)}::bytea[], ${batch.map((r) => r.type)}::text[],
          ${batch.map((r) => r.memo)}::text[], ${batch.map((r) => r.actorType)}::text[],
          ${batch.map((r) => r.actorId)}::integer[], ${batch.map((r) => r.reversesEntryId)}::bigint[],
          ${batch.map((r) => r.accountIds.length)}::integer[], ${batch.flatMap((r) => r.accountIds)}::bigint[],
          ${batch.flatMap((r) => r.amounts)}::bigint[])`.execute(executor);
      if (rows.length !== batch.length)
        throw new Error('ledger_post_batch answered a different number of rows');
      return rows.map((result) => ({
        status: result.status,
        entryId: toNumber(result.entry_id),
        createdAt: result.created_at,
        failedAccount: toNumber(result.failed_account),
        balancesAfter: (result.balances_after ?? []).map(toNumber),
      }));
    },

    /** Vendor bets and wins with their nonces and claims, in one statement and one transaction. */
    async vendorPostBatch(executor: Executor, batch: PostRow[]): Promise<PostOutcome[]> {
      const claims = batch.map((r) => {
        if (!r.claim) throw new Error('vendorPostBatch needs a claim on every entry');
        return r.claim;
      });
      const { rows } = await sql<{
        status: PostStatus;
        entry_id: number | null;
        created_at: Date | null;
        failed_account: number | null;
        balance: string | number | null;
        claim_kind: string | null;
        claim_hash: Buffer | null;
      }>`
        SELECT * FROM vendor_post_batch(
          ${batch.map((r) => r.merchantId)}::integer[], ${batch.map((r) => r.idempotencyKey)}::text[],
          ${batch.map((r) => r.requestHash)}::bytea[], ${batch.map((r) => r.type)}::text[],
          ${batch.map((r) => r.memo)}::text[], ${batch.map((r) => r.actorType)}::text[],
          ${batch.map((r) => r.accountIds.length)}::integer[], ${batch.flatMap((r) => r.accountIds)}::bigint[],
          ${batch.flatMap((r) => r.amounts)}::bigint[], ${claims.map((c) => c.vendorCode)}::text[],
          ${claims.map((c) => c.nonce)}::text[], ${claims.map((c) => c.transactionId)}::text[],
          ${claims.map((c) => c.kind)}::text[], ${claims.map((c) => c.memberId)}::integer[],
          ${claims.map((c) => c.memberAccountId)}::bigint[], ${claims.map((c) => c.sessionId)}::bigint[],
          ${claims.map((c) => c.sessionSince)}::timestamptz[], ${claims.map((c) => c.roundId)}::text[],
          ${claims.map((c) => c.gameNodeId)}::integer[], ${claims.map((c) => c.amount)}::bigint[],
          ${claims.map((c) => c.demo)}::boolean[], ${claims.map((c) => c.requestHash)}::bytea[],
          ${claims.map((c) => c.sessionLatest)}::boolean[],
          ${claims.map((c) => c.freeRoundAccountId)}::bigint[])`.execute(executor);
      if (rows.length !== batch.length)
        throw new Error('vendor_post_batch answered a different number of rows');
      return rows.map((result) => ({
        status: result.status,
        entryId: toNumber(result.entry_id),
        createdAt: result.created_at,
        failedAccount: toNumber(result.failed_account),
        balancesAfter: [],
        balance: result.balance === null ? null : Number(result.balance),
        limitKey: result.status === 'limit_refused' ? result.claim_kind : null,
        claimed:
          result.claim_kind === null || result.status === 'limit_refused'
            ? null
            : { kind: result.claim_kind, requestHash: result.claim_hash as Buffer },
      }));
    },

    async account(executor: Executor, accountId: number) {
      return executor
        .selectFrom('ledger_accounts')
        .select(['id', 'merchant_id', 'kind', 'member_id', 'vendor_code', 'currency', 'trial', 'shards'])
        .where('id', '=', accountId)
        .executeTakeFirst();
    },

    /** The real-money accounts of members with their balances (a member's balance row is single). */
    async memberAccounts(executor: Executor, memberIds: number[]) {
      return executor
        .selectFrom('ledger_accounts as a')
        .innerJoin('ledger_balances as b', 'b.account_id', 'a.id')
        .select(['a.id', 'a.member_id', 'a.kind', 'a.vendor_code', 'b.balance'])
        .where('a.member_id', 'in', memberIds)
        .where('a.trial', '=', false)
        .orderBy('a.id')
        .execute();
    },

    /** Single-shard accounts' balances, their rows locked in account order (the order ledger_post_batch locks). */
    async lockBalances(executor: Executor, accountIds: number[]) {
      const { rows } = await sql<{ account_id: string; balance: string }>`
        SELECT b.account_id, b.balance FROM ledger_balances b
          JOIN ledger_accounts a ON a.id = b.account_id AND a.shards = 1
         WHERE b.account_id = ANY(${accountIds}::bigint[]) AND b.shard = 0
         ORDER BY b.account_id FOR UPDATE OF b`.execute(executor);
      return rows;
    },

    async balance(executor: Executor, accountId: number): Promise<number | undefined> {
      const row = await executor
        .selectFrom('ledger_balances')
        .select((eb) => [
          eb.fn.sum<string | number>('balance').as('balance'),
          eb.fn.countAll<number>().as('rows'),
        ])
        .where('account_id', '=', accountId)
        .executeTakeFirstOrThrow();
      return Number(row.rows) === 0 ? undefined : Number(row.balance);
    },

    async entry(executor: Executor, merchantId: number, entryId: number) {
      const entry = await executor
        .selectFrom('ledger_entries')
        .select(['id', 'idempotency_key', 'type', 'memo', 'created_at', 'reverses_entry_id'])
        .where('id', '=', entryId)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
      if (!entry) return undefined;
      const postings = await executor
        .selectFrom('ledger_postings as p')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .select(['p.line', 'p.account_id', 'p.amount', 'p.balance_after', 'a.shards'])
        .where('p.entry_id', '=', entryId)
        .orderBy('p.line')
        .execute();
      const reversedBy = await executor
        .selectFrom('ledger_entries')
        .select('id')
        .where('reverses_entry_id', '=', entryId)
        .executeTakeFirst();
      return { ...entry, postings, reversedByEntryId: reversedBy?.id ?? null };
    },

    /**
     * An account's stakes, wins and refunds of play since an instant (bet, payout and bet_refund entries): what a
     * reality check shows as the net position since login.
     */
    async playTotals(executor: Executor, accountId: number, since: Date) {
      const { rows } = await sql<{ type: string; total: string }>`
        SELECT e.type, COALESCE(SUM(p.amount), 0) AS total
          FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id
         WHERE p.account_id = ${accountId} AND e.created_at >= ${since}
           AND e.type IN ('bet', 'payout', 'rebate', 'bet_refund')
         GROUP BY e.type`.execute(executor);
      return rows.map((r) => ({ type: r.type, total: Number(r.total) }));
    },

    /** An account's movements by calendar month of a time zone and entry type, from an instant on (statements). */
    async monthlyTotals(executor: Executor, accountId: number, since: Date, timeZone: string) {
      const { rows } = await sql<{ month: string; type: string; total: string }>`
        SELECT to_char(date_trunc('month', e.created_at AT TIME ZONE ${timeZone}), 'YYYY-MM') AS month,
               e.type, COALESCE(SUM(p.amount), 0) AS total
          FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id
         WHERE p.account_id = ${accountId} AND e.created_at >= ${since}
         GROUP BY 1, 2`.execute(executor);
      return rows.map((r) => ({ month: r.month, type: r.type, total: Number(r.total) }));
    },

    async statement(
      executor: Executor,
      accountId: number,
      filters: { from?: Date | undefined; to?: Date | undefined; types?: string[] | undefined },
      page: { pageNo: number; pageSize: number },
    ) {
      let base = executor
        .selectFrom('ledger_postings as p')
        .innerJoin('ledger_entries as e', 'e.id', 'p.entry_id')
        .where('p.account_id', '=', accountId);
      if (filters.from) base = base.where('e.created_at', '>=', filters.from);
      if (filters.to) base = base.where('e.created_at', '<', filters.to);
      if (filters.types && filters.types.length > 0) base = base.where('e.type', 'in', filters.types);
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .leftJoin('ledger_entries as r', 'r.reverses_entry_id', 'e.id')
        .select([
          'p.entry_id',
          'p.line',
          'e.type',
          'p.amount',
          'p.balance_after',
          'a.shards',
          'e.memo',
          'e.created_at',
          'e.reverses_entry_id',
          'r.id as reversed_by',
        ])
        .orderBy('p.entry_id', 'desc')
        .orderBy('p.line', 'desc')
        .limit(page.pageSize)
        .offset((page.pageNo - 1) * page.pageSize)
        .execute();
      return { rows, total: Number(total) };
    },

    /** Lines of a team's main wallets, newest first: each member's side of an entry (the agent centre). */
    async teamLines(
      executor: Executor,
      filters: {
        merchantId: number;
        team: TeamScope;
        from: Date;
        to: Date;
        types: readonly string[];
      },
      page: { pageNo: number; pageSize: number },
    ) {
      const base = executor
        .selectFrom('ledger_postings as p')
        .innerJoin('ledger_accounts as a', 'a.id', 'p.account_id')
        .innerJoin('ledger_entries as e', 'e.id', 'p.entry_id')
        .innerJoin('members as m', 'm.id', 'a.member_id')
        .where('a.merchant_id', '=', filters.merchantId)
        .where('a.kind', '=', 'member_main')
        .where('e.created_at', '>=', filters.from)
        .where('e.created_at', '<', filters.to)
        .where('e.type', 'in', filters.types)
        .$if(filters.team.memberId !== undefined, (q) =>
          q.where('a.member_id', '=', filters.team.memberId as number),
        )
        .where(inTeamAt(filters.team.agentId, sql.ref('a.member_id'), sql.ref('e.created_at')));
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select(['p.entry_id', 'm.username', 'e.type', 'p.amount', 'e.memo', 'e.created_at'])
        .orderBy('e.created_at', 'desc')
        .orderBy('p.entry_id', 'desc')
        .limit(page.pageSize)
        .offset((page.pageNo - 1) * page.pageSize)
        .execute();
      return { rows, total: Number(total) };
    },

    /** The invariants, recomputed from the postings: for the back office report and the tests. */
    async reconcile(executor: Executor, merchantIds: readonly number[] | null) {
      const scope = merchantIds === null ? sql`true` : sql`a.merchant_id = ANY(${merchantIds}::int[])`;
      const entryScope = merchantIds === null ? sql`true` : sql`e.merchant_id = ANY(${merchantIds}::int[])`;
      const counts = await sql<{ entries: string; postings: string }>`
        SELECT (SELECT count(*) FROM ledger_entries e WHERE ${entryScope}) AS entries,
               (SELECT count(*) FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
                 WHERE ${scope}) AS postings`.execute(executor);
      const unbalanced = await sql<{ id: number }>`
        SELECT e.id FROM ledger_entries e LEFT JOIN ledger_postings p ON p.entry_id = e.id
         WHERE ${entryScope}
         GROUP BY e.id HAVING count(p.entry_id) < 2 OR coalesce(sum(p.amount), 0) <> 0
         ORDER BY e.id LIMIT 100`.execute(executor);
      const mismatches = await sql<{ account_id: number; shard: number; balance: string; postings: string }>`
        SELECT coalesce(b.account_id, s.account_id) AS account_id, coalesce(b.shard, s.shard) AS shard,
               coalesce(b.balance, 0) AS balance, coalesce(s.total, 0) AS postings
          FROM (SELECT b.* FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.account_id WHERE ${scope}) b
          FULL JOIN (SELECT p.account_id, p.shard, sum(p.amount) AS total
                       FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id WHERE ${scope}
                      GROUP BY p.account_id, p.shard) s
            ON s.account_id = b.account_id AND s.shard = b.shard
         WHERE coalesce(b.balance, 0) <> coalesce(s.total, 0)
         ORDER BY 1, 2 LIMIT 100`.execute(executor);
      const negative = await sql<{ account_id: number }>`
        SELECT DISTINCT b.account_id FROM ledger_balances b JOIN ledger_accounts a ON a.id = b.account_id
         WHERE ${scope} AND NOT b.may_go_negative AND b.balance < 0 ORDER BY 1 LIMIT 100`.execute(executor);
      const totals = await sql<{
        currency: string;
        kind: AccountKind;
        vendor_code: string | null;
        trial: boolean;
        accounts: string;
        balance: string;
      }>`
        SELECT a.currency, a.kind, a.vendor_code, a.trial, count(DISTINCT a.id) AS accounts,
               coalesce(sum(b.balance), 0) AS balance
          FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
         WHERE ${scope}
         GROUP BY a.currency, a.kind, a.vendor_code, a.trial
         ORDER BY a.currency, a.kind, a.vendor_code, a.trial`.execute(executor);
      return {
        entries: Number(counts.rows[0]?.entries ?? 0),
        postings: Number(counts.rows[0]?.postings ?? 0),
        unbalancedEntries: unbalanced.rows.map((r) => Number(r.id)),
        projectionMismatches: mismatches.rows.map((r) => ({
          accountId: Number(r.account_id),
          shard: Number(r.shard),
          balance: Number(r.balance),
          postings: Number(r.postings),
        })),
        negativeMemberBalances: negative.rows.map((r) => Number(r.account_id)),
        totals: totals.rows.map((r) => ({
          currency: r.currency,
          kind: r.kind,
          vendorCode: r.vendor_code,
          trial: r.trial,
          accounts: Number(r.accounts),
          balance: Number(r.balance),
        })),
      };
    },
  };
}

export type WalletRepository = ReturnType<typeof walletRepository>;
