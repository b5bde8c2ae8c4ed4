import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { LiveTables } from './live.tables.ts';

/* Kysely types of the tables of migrations/074_room_chat.sql: the bingo rooms' chat. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface RoomChatMessagesTable {
  id: Generated<number>;
  room_code: string;
  merchant_id: number;
  member_id: number;
  text: string;
  created_at: Timestamp;
  hidden_at: NullableTimestamp;
  hidden_by: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface RoomChatMutesTable {
  merchant_id: number;
  room_code: string;
  member_id: number;
  until: Timestamp;
  muted_by: number;
  created_at: Timestamp;
}

export type RoomChatTables = LiveTables & {
  room_chat_messages: RoomChatMessagesTable;
  room_chat_mutes: RoomChatMutesTable;
};

export type RoomChatDb = Database extends Kysely<infer DB> ? Kysely<DB & RoomChatTables> : never;

/** The same connection or transaction, typed with the room chat's tables (and the live tables it refers to). */
export function withRoomChatTables(executor: Database): RoomChatDb {
  return executor.withTables<RoomChatTables>() as RoomChatDb;
}
