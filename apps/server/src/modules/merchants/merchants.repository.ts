import type { MerchantSettings } from '@tala/contracts/merchant-settings';
import type { Database } from '../../db/database.ts';

export type MerchantRow = { id: number; code: string; settings: MerchantSettings; domains: string[] };

export function merchantsRepository(db: Database) {
  return {
    async list(): Promise<MerchantRow[]> {
      const merchants = await db
        .selectFrom('merchants')
        .select(['id', 'code', 'settings'])
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

    async insert(code: string, settings: MerchantSettings, hosts: string[]) {
      return db.transaction().execute(async (trx) => {
        const { id } = await trx
          .insertInto('merchants')
          .values({ code, settings: JSON.stringify(settings) })
          .returning('id')
          .executeTakeFirstOrThrow();
        if (hosts.length > 0) {
          await trx
            .insertInto('merchant_domains')
            .values(hosts.map((host) => ({ host, merchant_id: id })))
            .execute();
        }
        return id;
      });
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
