import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { withRoomChatTables } from './room-chat.tables.ts';

/** The games whose live_tables rows are bingo rooms (decision 055). */
export const BINGO_ROOM_GAMES = ['bingo75', 'bingo90'] as const;

export type RoomChatRow = {
  id: number;
  room_code: string;
  merchant_id: number;
  member_id: number;
  username: string;
  text: string;
  created_at: Date;
  hidden_at: Date | null;
  hidden_by_name: string | null;
};

export type MuteRow = { member_id: number; username: string; until: Date; muted_by_name: string };

const t = withRoomChatTables;

/** SQL of the room chat's tables (migrations/074_room_chat.sql). */
export function roomChatRepository(db: Database) {
  function messages(executor: Database) {
    return t(executor)
      .selectFrom('room_chat_messages as m')
      .innerJoin('members as mb', 'mb.id', 'm.member_id')
      .leftJoin('operators as o', 'o.id', 'm.hidden_by')
      .select([
        'm.id',
        'm.room_code',
        'm.merchant_id',
        'm.member_id',
        'mb.username',
        'm.text',
        'm.created_at',
        'm.hidden_at',
        'o.username as hidden_by_name',
      ]);
  }

  return {
    /** A bingo room of this currency. */
    async room(code: string, currency: string) {
      return t(db)
        .selectFrom('live_tables')
        .select(['code', 'game', 'name'])
        .where('code', '=', code)
        .where('game', 'in', [...BINGO_ROOM_GAMES])
        .where('currency', '=', currency)
        .executeTakeFirst();
    },

    /** Every bingo room of the merchant's currency with its messages of the last 24 hours. */
    async rooms(merchantId: number, currency: string) {
      return t(db)
        .selectFrom('live_tables as r')
        .leftJoin('room_chat_messages as m', (join) =>
          join
            .onRef('m.room_code', '=', 'r.code')
            .on('m.merchant_id', '=', merchantId)
            .on('m.created_at', '>', sql<Date>`now() - interval '24 hours'`),
        )
        .select([
          'r.code',
          'r.game',
          'r.name',
          (eb) => eb.fn.count<string>('m.id').as('messages'),
          (eb) => eb.fn.max('m.created_at').as('last_at'),
        ])
        .where('r.game', 'in', [...BINGO_ROOM_GAMES])
        .where('r.currency', '=', currency)
        .groupBy(['r.code', 'r.game', 'r.name'])
        .orderBy('r.code')
        .execute();
    },

    /** The room's last `limit` messages of the merchant, oldest first (shown ones only unless `hidden`). */
    async recent(merchantId: number, roomCode: string, limit: number, hidden: boolean) {
      let query = messages(db).where('m.merchant_id', '=', merchantId).where('m.room_code', '=', roomCode);
      if (!hidden) query = query.where('m.hidden_at', 'is', null);
      const rows = (await query.orderBy('m.id', 'desc').limit(limit).execute()) as RoomChatRow[];
      return rows.reverse();
    },

    async message(id: number) {
      return (await messages(db).where('m.id', '=', id).executeTakeFirst()) as RoomChatRow | undefined;
    },

    async insert(row: { roomCode: string; merchantId: number; memberId: number; text: string }) {
      const { id } = await t(db)
        .insertInto('room_chat_messages')
        .values({
          room_code: row.roomCode,
          merchant_id: row.merchantId,
          member_id: row.memberId,
          text: row.text,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      return Number(id);
    },

    /** Hides a shown message of the merchant's room in `executor`'s transaction; false when it was hidden already. */
    async hide(executor: Database, id: number, operatorId: number) {
      const result = await t(executor)
        .updateTable('room_chat_messages')
        .set({ hidden_at: sql<Date>`now()`, hidden_by: operatorId })
        .where('id', '=', id)
        .where('hidden_at', 'is', null)
        .executeTakeFirst();
      return Number(result.numUpdatedRows) === 1;
    },

    /** When the member's mute in the room ends, if it has not. */
    async mutedUntil(merchantId: number, roomCode: string, memberId: number) {
      const row = await t(db)
        .selectFrom('room_chat_mutes')
        .select('until')
        .where('merchant_id', '=', merchantId)
        .where('room_code', '=', roomCode)
        .where('member_id', '=', memberId)
        .where('until', '>', sql<Date>`now()`)
        .executeTakeFirst();
      return row?.until ?? null;
    },

    async mutes(merchantId: number, roomCode: string) {
      return (await t(db)
        .selectFrom('room_chat_mutes as u')
        .innerJoin('members as mb', 'mb.id', 'u.member_id')
        .innerJoin('operators as o', 'o.id', 'u.muted_by')
        .select(['u.member_id', 'mb.username', 'u.until', 'o.username as muted_by_name'])
        .where('u.merchant_id', '=', merchantId)
        .where('u.room_code', '=', roomCode)
        .where('u.until', '>', sql<Date>`now()`)
        .orderBy('u.until')
        .execute()) as MuteRow[];
    },

    /** Mutes the member until `until` (null lifts the mute), in `executor`'s transaction. */
    async setMute(
      executor: Database,
      mute: {
        merchantId: number;
        roomCode: string;
        memberId: number;
        until: Date | null;
        operatorId: number;
      },
    ) {
      if (mute.until === null) {
        await t(executor)
          .deleteFrom('room_chat_mutes')
          .where('merchant_id', '=', mute.merchantId)
          .where('room_code', '=', mute.roomCode)
          .where('member_id', '=', mute.memberId)
          .execute();
        return;
      }
      await t(executor)
        .insertInto('room_chat_mutes')
        .values({
          merchant_id: mute.merchantId,
          room_code: mute.roomCode,
          member_id: mute.memberId,
          until: mute.until,
          muted_by: mute.operatorId,
        })
        .onConflict((oc) =>
          oc.columns(['merchant_id', 'room_code', 'member_id']).doUpdateSet({
            until: mute.until as Date,
            muted_by: mute.operatorId,
            created_at: sql<Date>`now()`,
          }),
        )
        .execute();
    },

    async memberOf(merchantId: number, memberId: number) {
      return t(db)
        .selectFrom('members')
        .select(['id', 'username'])
        .where('id', '=', memberId)
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
    },
  };
}
