import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import type { Database } from '../../db/database.ts';

export type MerchantRow = {
  id: number;
  code: string;
  settings: MerchantSettings;
  domains: string[];
  suspended: boolean;
};

export function merchantsRepository(db: Database) {
  return {
    async list(): Promise<MerchantRow[]> {
      const merchants = await db
        .selectFrom('merchants')
        .select(['id', 'code', 'settings', 'suspended'])
        .orderBy('id')
        .execute();
      const domains = await db
        .selectFrom('merchant_domains')
        .select(['host', 'merchant_id'])
        .orderBy('host')
        .execute();
      return merchants.map((m) => ({
        ...m,
        domains: domains.filter((d) => d.merchant_id === m.id).map((d) => d.host),
      }));
    },

    /** A new merchant and its domains, in the caller's transaction; undefined when the code is taken. */
    async insert(executor: Database, code: string, settings: MerchantSettings, hosts: string[]) {
      const row = await executor
        .insertInto('merchants')
        .values({ code, settings: JSON.stringify(settings) })
        .onConflict((oc) => oc.column('code').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!row) return undefined;
      if (hosts.length > 0) {
        await executor
          .insertInto('merchant_domains')
          .values(hosts.map((host) => ({ host, merchant_id: row.id })))
          .execute();
      }
      return row.id;
    },

    /** Which of these hosts some merchant already answers on. */
    async takenHosts(executor: Database, hosts: string[]) {
      if (hosts.length === 0) return [];
      const rows = await executor
        .selectFrom('merchant_domains')
        .select('host')
        .where('host', 'in', hosts)
        .execute();
      return rows.map((r) => r.host);
    },

    /** Sets the suspension; the merchant's id, or undefined when no merchant has the code. */
    async setSuspended(executor: Database, code: string, suspended: boolean) {
      const row = await executor
        .updateTable('merchants')
        .set({ suspended, updated_at: new Date() })
        .where('code', '=', code)
        .returning('id')
        .executeTakeFirst();
      return row?.id;
    },

    /** The stored settings document, read past any cache. */
    async settingsByCode(code: string): Promise<MerchantSettings | undefined> {
      const row = await db
        .selectFrom('merchants')
        .select('settings')
        .where('code', '=', code)
        .executeTakeFirst();
      return row?.settings;
    },

    /** The stored settings document, locked until the transaction ends. */
    async lockSettings(executor: Database, merchantId: number): Promise<MerchantSettings | undefined> {
      const row = await executor
        .selectFrom('merchants')
        .select('settings')
        .where('id', '=', merchantId)
        .forUpdate()
        .executeTakeFirst();
      return row?.settings;
    },

    async writeSettings(executor: Database, merchantId: number, settings: MerchantSettings) {
      await executor
        .updateTable('merchants')
        .set({ settings: JSON.stringify(settings), updated_at: new Date() })
        .where('id', '=', merchantId)
        .execute();
    },
  };
}
