import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type PaymentsDb, withPaymentTables } from './payments.tables.ts';

/*
 * SQL of the payments tables (migrations/020_payments.sql). A few reads reach outside them, read-only and named
 * as such below: the member rows (payee name, upline, password hashes), the catalogue's transfer-wallet vendors,
 * and the ledger's balances for the back office's balance list (docs/decisions/021-payments.md says why).
 */
export function paymentsRepository() {
  const t = (executor: Database): PaymentsDb => withPaymentTables(executor);

  return {
    t,

    async settings(executor: Database, merchantId: number) {
      return t(executor)
        .selectFrom('payment_settings')
        .select(['settings'])
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
    },

    async saveSettings(executor: Database, merchantId: number, settings: unknown) {
      await t(executor)
        .insertInto('payment_settings')
        .values({ merchant_id: merchantId, settings: JSON.stringify(settings) })
        .onConflict((oc) =>
          oc
            .column('merchant_id')
            .doUpdateSet({ settings: JSON.stringify(settings), updated_at: sql`now()` }),
        )
        .execute();
    },

    async gatewayCredentials(executor: Database, merchantId: number, gatewayCode: string) {
      return t(executor)
        .selectFrom('payment_gateway_credentials')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('gateway_code', '=', gatewayCode)
        .executeTakeFirst();
    },

    async gatewayCredentialsByNumber(executor: Database, gatewayCode: string, merchantNo: string) {
      return t(executor)
        .selectFrom('payment_gateway_credentials')
        .selectAll()
        .where('gateway_code', '=', gatewayCode)
        .where('merchant_no', '=', merchantNo)
        .executeTakeFirst();
    },

    async ensureCredentials(
      executor: Database,
      rows: { merchant_id: number; gateway_code: string; merchant_no: string; secret: string }[],
    ) {
      if (rows.length === 0) return;
      await t(executor)
        .insertInto('payment_gateway_credentials')
        .values(rows)
        .onConflict((oc) => oc.columns(['merchant_id', 'gateway_code']).doNothing())
        .execute();
    },

    async allCredentials(executor: Database, gatewayCode: string) {
      return t(executor)
        .selectFrom('payment_gateway_credentials')
        .select(['merchant_no', 'secret'])
        .where('gateway_code', '=', gatewayCode)
        .execute();
    },

    /** True when the nonce is new (and is now used). */
    async useNonce(executor: Database, gatewayCode: string, nonce: string) {
      const row = await t(executor)
        .insertInto('payment_gateway_nonces')
        .values({ gateway_code: gatewayCode, nonce })
        .onConflict((oc) => oc.columns(['gateway_code', 'nonce']).doNothing())
        .returning('nonce')
        .executeTakeFirst();
      return row !== undefined;
    },

    // Members: read-only, except the payment password, which this module keeps (decision 021).

    async memberSecrets(executor: Database, memberId: number) {
      return executor
        .selectFrom('members')
        .select(['password_hash', 'payment_password_hash'])
        .where('id', '=', memberId)
        .executeTakeFirst();
    },

    async setPaymentPassword(executor: Database, memberId: number, hash: string) {
      await executor
        .updateTable('members')
        .set({ payment_password_hash: hash })
        .where('id', '=', memberId)
        .execute();
    },

    async memberById(executor: Database, memberId: number) {
      return executor
        .selectFrom('members')
        .innerJoin('merchants', 'merchants.id', 'members.merchant_id')
        .select([
          'members.id',
          'members.merchant_id',
          'merchants.code as merchant_code',
          'members.username',
          'members.nickname',
          'members.type',
          'members.upline_id',
        ])
        .where('members.id', '=', memberId)
        .executeTakeFirst();
    },

    async memberByUsername(executor: Database, merchantId: number, username: string) {
      return executor
        .selectFrom('members')
        .select(['id', 'username', 'nickname', 'type', 'upline_id'])
        .where('merchant_id', '=', merchantId)
        .where('username', '=', username)
        .executeTakeFirst();
    },

    /** How many upline steps separate `memberId` from `agentId` (1 = direct downline), or null if not below it. */
    async downlineDepth(executor: Database, agentId: number, memberId: number): Promise<number | null> {
      const result = await sql<{ depth: number }>`
        WITH RECURSIVE chain (id, upline_id, depth) AS (
          SELECT id, upline_id, 0 FROM members WHERE id = ${memberId}
          UNION ALL
          SELECT m.id, m.upline_id, c.depth + 1 FROM members m JOIN chain c ON m.id = c.upline_id WHERE c.depth < 64
        )
        SELECT depth FROM chain WHERE id = ${agentId} AND depth > 0 LIMIT 1`.execute(executor);
      return result.rows[0]?.depth ?? null;
    },

    /** The members below an agent (all levels), by account name. */
    async downline(executor: Database, agentId: number, query: string | undefined, limit: number) {
      const like = query ? `%${query.replace(/[%_\\]/g, '\\$&')}%` : '%';
      const result = await sql<{ username: string; nickname: string | null; level: number }>`
        WITH RECURSIVE tree (id, level) AS (
          SELECT id, 1 FROM members WHERE upline_id = ${agentId}
          UNION ALL
          SELECT m.id, t.level + 1 FROM members m JOIN tree t ON m.upline_id = t.id WHERE t.level < 64
        )
        SELECT m.username, m.nickname, t.level FROM tree t JOIN members m ON m.id = t.id
        WHERE m.username LIKE ${like} ORDER BY t.level, m.username LIMIT ${limit}`.execute(executor);
      return result.rows;
    },

    /** Vendors of the merchant's enabled product lines that keep their own (transfer) wallet: read-only catalogue. */
    async transferVendors(executor: Database, merchantId: number) {
      return executor
        .selectFrom('game_vendors as v')
        .innerJoin('game_vendor_lines as l', 'l.vendor_code', 'v.code')
        .leftJoin('merchant_vendor_lines as s', (join) =>
          join.onRef('s.node_id', '=', 'l.node_id').on('s.merchant_id', '=', merchantId),
        )
        .select(['v.code', 'v.display_name'])
        .where('v.wallet_mode', '=', 'transfer')
        .where((eb) => eb.or([eb('s.enabled', 'is', null), eb('s.enabled', '=', true)]))
        .groupBy(['v.code', 'v.display_name'])
        .orderBy('v.code')
        .execute();
    },

    /** Balances of a member's ledger accounts: read-only ledger (balance rows of member accounts are single). */
    async memberAccounts(executor: Database, memberId: number) {
      return executor
        .selectFrom('ledger_accounts as a')
        .innerJoin('ledger_balances as b', 'b.account_id', 'a.id')
        .select(['a.id', 'a.kind', 'a.vendor_code', 'b.balance'])
        .where('a.member_id', '=', memberId)
        .where('a.trial', '=', false)
        .orderBy('a.id')
        .execute();
    },

    /** A page of members with their balances for the back office: read-only ledger join. */
    async memberBalances(
      executor: Database,
      query: { merchantId?: number | undefined; q?: string | undefined; pageNo: number; pageSize: number },
    ) {
      let base = executor
        .selectFrom('members as m')
        .innerJoin('merchants as mc', 'mc.id', 'm.merchant_id')
        .where('m.type', '<>', 4);
      if (query.merchantId) base = base.where('m.merchant_id', '=', query.merchantId);
      if (query.q) {
        const like = `%${query.q.toLowerCase().replace(/[%_\\]/g, '\\$&')}%`;
        base = base.where((eb) => eb.or([eb('m.username', 'like', like), eb('m.nickname', 'ilike', like)]));
      }
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select([
          'm.id',
          'mc.code as merchant_code',
          'm.username',
          'm.nickname',
          'm.type',
          sql<number>`coalesce((SELECT sum(b.balance) FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
            WHERE a.member_id = m.id AND a.kind = 'member_main' AND NOT a.trial), 0)`.as('main_balance'),
          sql<number>`coalesce((SELECT sum(b.balance) FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
            WHERE a.member_id = m.id AND a.kind = 'member_vendor' AND NOT a.trial), 0)`.as('vendor_balance'),
          sql<number>`coalesce((SELECT sum(w.amount - w.refunded_amount) FROM withdrawals w
            WHERE w.member_id = m.id AND w.status IN ('pending', 'awaiting_second_approval', 'approved')), 0)`.as(
            'held',
          ),
        ])
        .orderBy('m.id')
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize)
        .execute();
      return { rows, total: Number(total) };
    },
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
