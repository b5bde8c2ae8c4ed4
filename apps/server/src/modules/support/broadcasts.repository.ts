import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { changes } from '../../lib/change-feed.ts';
import type { BroadcastsTable, StoredSegment } from './broadcasts.tables.ts';
import { withBroadcastTables } from './broadcasts.tables.ts';

export type BroadcastRow = {
  id: number;
  merchant_id: number;
  merchant_code: string;
  segment_kind: BroadcastsTable['segment_kind'];
  segment: StoredSegment;
  texts: Record<string, { title: string; body: string }>;
  format: 'text' | 'html';
  status: 'scheduled' | 'sent' | 'withdrawn';
  scheduled_at: Date | null;
  sent_at: Date | null;
  expires_at: Date | null;
  withdrawn_at: Date | null;
  recipient_count: number;
  reads: number;
  created_by_name: string;
  created_at: Date;
};

/** One line of a member's message list: a member_messages row or a broadcast the member received. */
export type FeedRow = {
  source: 'message' | 'broadcast';
  id: number;
  kind: 'feedback_answer' | 'promotion' | 'bonus' | 'broadcast';
  ref_id: number | null;
  title: string;
  content: string;
  text_key: string | null;
  params: Record<string, unknown> | null;
  texts: Record<string, { title: string; body: string }> | null;
  format: 'text' | 'html';
  read: boolean;
  at: Date;
};

const BROADCAST = sql`
  SELECT b.*, mc.code AS merchant_code, o.username AS created_by_name,
         (SELECT count(*)::int FROM broadcast_recipients r
           WHERE r.broadcast_id = b.id AND r.read_at IS NOT NULL) AS reads
    FROM broadcasts b
    JOIN merchants mc ON mc.id = b.merchant_id
    JOIN operators o ON o.id = b.created_by`;

/** A broadcast the member sees: sent, not withdrawn, not expired. */
const VISIBLE = sql`b.status = 'sent' AND (b.expires_at IS NULL OR b.expires_at > now())`;

export function broadcastsRepository(db: Database) {
  const tables = (executor: Database) => withBroadcastTables(executor);

  return {
    insert(
      executor: Database,
      values: {
        merchant_id: number;
        segment_kind: BroadcastsTable['segment_kind'];
        segment: StoredSegment;
        texts: Record<string, { title: string; body: string }>;
        format: 'text' | 'html';
        scheduled_at: Date | null;
        expires_at: Date | null;
        created_by: number;
      },
    ) {
      return tables(executor)
        .insertInto('broadcasts')
        .values({
          ...values,
          segment: JSON.stringify(values.segment),
          texts: JSON.stringify(values.texts),
          status: 'scheduled',
        })
        .returning('id')
        .executeTakeFirstOrThrow();
    },

    /**
     * Sends a scheduled broadcast: marks it sent (once: a second call finds it no longer scheduled and answers null)
     * and writes one recipient row per member of the segment in one INSERT ... SELECT.
     */
    async send(executor: Database, id: number, members: RawBuilder<{ id: number }>) {
      const claimed = await tables(executor)
        .updateTable('broadcasts')
        .set({ status: 'sent', sent_at: new Date() })
        .where('id', '=', id)
        .where('status', '=', 'scheduled')
        .returning('merchant_id')
        .executeTakeFirst();
      if (!claimed) return null;
      // A segment may be most of the merchant's members: their message counts go together.
      changes.publish(executor, { on: 'merchant', merchantId: claimed.merchant_id });
      const inserted = await sql`
        INSERT INTO broadcast_recipients (broadcast_id, member_id)
        SELECT ${id}, s.id FROM (${members}) s
        ON CONFLICT DO NOTHING`.execute(executor);
      const count = Number(inserted.numAffectedRows ?? 0n);
      await tables(executor)
        .updateTable('broadcasts')
        .set({ recipient_count: count })
        .where('id', '=', id)
        .execute();
      return count;
    },

    /** Scheduled broadcasts whose time has come. */
    async due(now: Date) {
      return tables(db)
        .selectFrom('broadcasts')
        .select(['id', 'merchant_id', 'segment_kind', 'segment'])
        .where('status', '=', 'scheduled')
        .where('scheduled_at', '<=', now)
        .orderBy('scheduled_at')
        .limit(100)
        .execute();
    },

    async byId(id: number, executor: Database = db) {
      const result = await sql<BroadcastRow>`${BROADCAST} WHERE b.id = ${id}`.execute(executor);
      return result.rows[0];
    },

    async page(merchantId: number, pageNo: number, pageSize: number) {
      const total = await tables(db)
        .selectFrom('broadcasts')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('merchant_id', '=', merchantId)
        .executeTakeFirstOrThrow();
      const rows = await sql<BroadcastRow>`${BROADCAST} WHERE b.merchant_id = ${merchantId}
        ORDER BY b.id DESC LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`.execute(db);
      return { rows: rows.rows, total: Number(total.n) };
    },

    /** Withdraws a broadcast not withdrawn yet; answers whether it did. */
    async withdraw(executor: Database, id: number, operatorId: number) {
      const row = await tables(executor)
        .updateTable('broadcasts')
        .set({ status: 'withdrawn', withdrawn_at: new Date(), withdrawn_by: operatorId })
        .where('id', '=', id)
        .where('status', '<>', 'withdrawn')
        .returning('merchant_id')
        .executeTakeFirst();
      if (row) changes.publish(executor, { on: 'merchant', merchantId: row.merchant_id });
      return row !== undefined;
    },

    // ---------------------------------------------------------------- the member's side
    /** The member's messages and visible broadcasts together, newest first. */
    async feed(merchantId: number, memberId: number, pageNo: number, pageSize: number) {
      const union = sql`
        SELECT 'message' AS source, mm.id, mm.kind, mm.ref_id, mm.title, mm.content, mm.text_key, mm.params,
               NULL::jsonb AS texts, 'text' AS format, mm.read_at IS NOT NULL AS read, mm.created_at AS at
          FROM member_messages mm
         WHERE mm.merchant_id = ${merchantId} AND mm.member_id = ${memberId}
        UNION ALL
        SELECT 'broadcast', b.id, 'broadcast', NULL, '', '', NULL, NULL,
               b.texts, b.format, r.read_at IS NOT NULL, b.sent_at
          FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id
         WHERE r.member_id = ${memberId} AND b.merchant_id = ${merchantId} AND ${VISIBLE}`;
      const total = await sql<{ n: number }>`SELECT count(*)::int AS n FROM (${union}) f`.execute(db);
      const rows = await sql<FeedRow>`SELECT * FROM (${union}) f ORDER BY f.at DESC, f.id DESC
        LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`.execute(db);
      return { rows: rows.rows, total: Number(total.rows[0]?.n ?? 0) };
    },

    async unread(merchantId: number, memberId: number) {
      const result = await sql<{ n: number }>`
        SELECT (SELECT count(*) FROM member_messages mm
                 WHERE mm.merchant_id = ${merchantId} AND mm.member_id = ${memberId} AND mm.read_at IS NULL)
             + (SELECT count(*) FROM broadcast_recipients r JOIN broadcasts b ON b.id = r.broadcast_id
                 WHERE r.member_id = ${memberId} AND b.merchant_id = ${merchantId}
                   AND r.read_at IS NULL AND ${VISIBLE}) AS n`.execute(db);
      return Number(result.rows[0]?.n ?? 0);
    },

    /** The next instant after `now` that a sent broadcast of the merchant expires (it leaves the unread count). */
    async nextExpiry(merchantId: number, now: Date): Promise<Date | null> {
      const row = await tables(db)
        .selectFrom('broadcasts')
        .select((eb) => eb.fn.min('expires_at').as('at'))
        .where('merchant_id', '=', merchantId)
        .where('status', '=', 'sent')
        .where('expires_at', '>', now)
        .executeTakeFirst();
      return row?.at ? new Date(row.at) : null;
    },

    /** Marks the member's own broadcasts read (all of them when `ids` is null); others' ids match nothing. */
    async markRead(merchantId: number, memberId: number, ids: number[] | null) {
      if (ids !== null && ids.length === 0) return;
      await sql`
        UPDATE broadcast_recipients r SET read_at = now()
          FROM broadcasts b
         WHERE b.id = r.broadcast_id AND b.merchant_id = ${merchantId} AND r.member_id = ${memberId}
           AND r.read_at IS NULL
           ${ids === null ? sql`` : sql`AND r.broadcast_id IN (${sql.join(ids)})`}`.execute(db);
      changes.publish(db, { on: 'member', memberId });
    },

    /** Marks every message of the member read. */
    async markAllMessagesRead(merchantId: number, memberId: number) {
      await sql`UPDATE member_messages SET read_at = now()
        WHERE merchant_id = ${merchantId} AND member_id = ${memberId} AND read_at IS NULL`.execute(db);
      changes.publish(db, { on: 'member', memberId });
    },
  };
}
