import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { type PaymentsDb, withPaymentTables } from './payments.tables.ts';

/*
 * SQL of the payments tables (migrations/020_payments.sql) and nothing else: members, the game catalogue and the
 * ledger are read through their modules' services (docs/decisions/021-payments.md).
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

    async merchantCredentials(executor: Database, merchantId: number) {
      return t(executor)
        .selectFrom('payment_gateway_credentials')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('gateway_code')
        .execute();
    },

    async saveCredentials(
      executor: Database,
      row: {
        merchant_id: number;
        gateway_code: string;
        merchant_no: string;
        secret: string;
        api_url: string | null;
      },
    ) {
      await t(executor)
        .insertInto('payment_gateway_credentials')
        .values(row)
        .onConflict((oc) =>
          oc.columns(['merchant_id', 'gateway_code']).doUpdateSet({
            merchant_no: row.merchant_no,
            secret: row.secret,
            api_url: row.api_url,
            updated_at: sql`now()`,
          }),
        )
        .execute();
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
  };
}

export type PaymentsRepository = ReturnType<typeof paymentsRepository>;
