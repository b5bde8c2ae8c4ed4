import type { BroadcastFormat, BroadcastSegmentKind, BroadcastText } from '@tala/contracts/broadcasts';
import type { LanguageCode } from '@tala/contracts/language-codes';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/* Kysely types of the tables of migrations/051_segment_messages.sql: the support module's own. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;

/** The segment as stored: ranks, the agent (id, and username as the operator wrote it), or the usernames. */
export type StoredSegment = { ranks?: number[]; agentId?: number; agent?: string; usernames?: string[] };

export interface BroadcastsTable {
  id: Generated<number>;
  merchant_id: number;
  segment_kind: BroadcastSegmentKind;
  segment: Json<StoredSegment>;
  texts: Json<Partial<Record<LanguageCode, BroadcastText>>>;
  format: BroadcastFormat;
  status: 'scheduled' | 'sent' | 'withdrawn';
  scheduled_at: NullableTimestamp;
  sent_at: NullableTimestamp;
  expires_at: NullableTimestamp;
  withdrawn_at: NullableTimestamp;
  recipient_count: Generated<number>;
  created_by: number;
  withdrawn_by: number | null;
  created_at: Timestamp;
}

export interface BroadcastRecipientsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  broadcast_id: number;
  member_id: number;
  read_at: NullableTimestamp;
}

export type BroadcastTables = {
  broadcasts: BroadcastsTable;
  broadcast_recipients: BroadcastRecipientsTable;
};

export type BroadcastsDb = Database extends Kysely<infer DB> ? Kysely<DB & BroadcastTables> : never;

export function withBroadcastTables(executor: Database): BroadcastsDb {
  return executor.withTables<BroadcastTables>() as BroadcastsDb;
}
