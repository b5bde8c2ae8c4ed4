import type { Database } from '../../db/database.ts';
import type { MessageOutboxTable } from '../../db/schema.ts';

export type OutboxInsert = Omit<MessageOutboxTable, 'id' | 'created_at'>;

export function messagingRepository(db: Database) {
  return {
    insert(values: OutboxInsert) {
      return db.insertInto('message_outbox').values(values).execute();
    },

    async list(query: {
      pageNo: number;
      pageSize: number;
      /** The merchants' codes (the list's merchant filter), or every merchant. */
      merchantCode?: readonly string[] | undefined;
      channel?: 'sms' | 'email' | undefined;
      destination?: string | undefined;
    }) {
      let base = db
        .selectFrom('message_outbox')
        .innerJoin('merchants', 'merchants.id', 'message_outbox.merchant_id');
      if (query.merchantCode) base = base.where('merchants.code', 'in', query.merchantCode);
      if (query.channel) base = base.where('message_outbox.channel', '=', query.channel);
      if (query.destination) base = base.where('message_outbox.destination', '=', query.destination);
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select([
          'message_outbox.id',
          'merchants.code',
          'message_outbox.channel',
          'message_outbox.purpose',
          'message_outbox.destination',
          'message_outbox.subject',
          'message_outbox.body',
          'message_outbox.status',
          'message_outbox.error',
          'message_outbox.provider_message_id',
          'message_outbox.created_at',
        ])
        .orderBy('message_outbox.id', 'desc')
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize)
        .execute();
      return { total: Number(total), rows };
    },
  };
}
