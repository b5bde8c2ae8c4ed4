import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { changes } from '../../lib/change-feed.ts';

export type Visitor =
  | { kind: 'member'; merchantId: number; memberId: number; name: string; vip: boolean }
  | { kind: 'guest'; merchantId: number; guestId: string; name: string };

/** A conversation with what the consoles and the chat room show of it. */
export type ConversationRow = {
  id: number;
  merchant_id: number;
  merchant_code: string;
  visitor_kind: 'member' | 'guest';
  member_id: number | null;
  guest_id: string | null;
  visitor_name: string;
  status: 'queued' | 'active' | 'closed';
  vip: boolean;
  operator_id: number | null;
  operator_name: string | null;
  visitor_read_id: number;
  operator_read_id: number;
  operator_unread: number;
  visitor_unread: number;
  last_message: string | null;
  last_message_at: Date | null;
  created_at: Date;
};

export type MessageRow = {
  id: number;
  conversation_id: number;
  sender: 'visitor' | 'operator' | 'system';
  operator_name: string | null;
  body: string;
  event: 'taken' | 'closed' | null;
  client_id: string | null;
  created_at: Date;
};

const SUMMARY = sql`
  SELECT c.id, c.merchant_id, m.code AS merchant_code, c.visitor_kind, c.member_id, c.guest_id, c.visitor_name,
         c.status, c.vip, c.operator_id, o.username AS operator_name, c.visitor_read_id, c.operator_read_id,
         (SELECT count(*) FROM chat_messages x
           WHERE x.conversation_id = c.id AND x.sender = 'visitor' AND x.id > c.operator_read_id)::int AS operator_unread,
         (SELECT count(*) FROM chat_messages x
           WHERE x.conversation_id = c.id AND x.sender = 'operator' AND x.id > c.visitor_read_id)::int AS visitor_unread,
         (SELECT x.body FROM chat_messages x
           WHERE x.conversation_id = c.id AND x.event IS NULL ORDER BY x.id DESC LIMIT 1) AS last_message,
         c.last_message_at, c.created_at
    FROM chat_conversations c
    JOIN merchants m ON m.id = c.merchant_id
    LEFT JOIN operators o ON o.id = c.operator_id`;

const MESSAGE = sql`
  SELECT x.id, x.conversation_id, x.sender, o.username AS operator_name, x.body, x.event, x.client_id, x.created_at
    FROM chat_messages x LEFT JOIN operators o ON o.id = x.operator_id`;

function visitorWhere(visitor: Visitor) {
  return visitor.kind === 'member'
    ? sql`c.merchant_id = ${visitor.merchantId} AND c.member_id = ${visitor.memberId}`
    : sql`c.merchant_id = ${visitor.merchantId} AND c.guest_id = ${visitor.guestId}`;
}

export function supportRepository(db: Database) {
  return {
    // ---------------------------------------------------------------- feedback
    async insertFeedback(
      executor: Database,
      values: {
        merchant_id: number;
        member_id: number;
        member_account: string;
        question_type: string;
        content: string;
        language: string;
        ip: string;
      },
      images: { id: string; content_type: 'image/png' | 'image/jpeg'; bytes: Buffer }[],
    ) {
      const row = await executor
        .insertInto('feedback')
        .values({ ...values, answer: null, answered_by: null, answered_at: null })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
      if (images.length > 0) {
        await executor
          .insertInto('feedback_images')
          .values(
            images.map((image, position) => ({
              id: image.id,
              feedback_id: row.id,
              position,
              content_type: image.content_type,
              bytes: image.bytes,
              byte_size: image.bytes.length,
            })),
          )
          .execute();
      }
      return row;
    },

    feedbackBase() {
      return db
        .selectFrom('feedback')
        .innerJoin('merchants', 'merchants.id', 'feedback.merchant_id')
        .leftJoin('operators', 'operators.id', 'feedback.answered_by')
        .selectAll('feedback')
        .select([
          'merchants.code as merchant_code',
          'operators.username as answered_by_name',
          (eb) =>
            eb
              .selectFrom('feedback_images')
              .select(
                sql<
                  string[]
                >`coalesce(array_agg(feedback_images.id ORDER BY feedback_images.position), '{}')`.as('ids'),
              )
              .whereRef('feedback_images.feedback_id', '=', 'feedback.id')
              .as('image_ids'),
        ]);
    },

    async feedbackPage(
      filter: {
        merchantIds?: number[] | undefined;
        memberId?: number | undefined;
        status?: string | undefined;
      },
      pageNo: number,
      pageSize: number,
    ) {
      let count = db.selectFrom('feedback').select((eb) => eb.fn.countAll<number>().as('total'));
      let rows = this.feedbackBase();
      if (filter.merchantIds !== undefined) {
        count = count.where('feedback.merchant_id', 'in', filter.merchantIds);
        rows = rows.where('feedback.merchant_id', 'in', filter.merchantIds);
      }
      if (filter.memberId !== undefined) {
        count = count.where('feedback.member_id', '=', filter.memberId);
        rows = rows.where('feedback.member_id', '=', filter.memberId);
      }
      if (filter.status) {
        count = count.where('feedback.status', '=', filter.status as never);
        rows = rows.where('feedback.status', '=', filter.status as never);
      }
      const { total } = await count.executeTakeFirstOrThrow();
      const list = await rows
        .orderBy('feedback.id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      return { rows: list, total: Number(total) };
    },

    feedbackById(id: number) {
      return this.feedbackBase().where('feedback.id', '=', id).executeTakeFirst();
    },

    lockFeedback(executor: Database, id: number) {
      return executor
        .selectFrom('feedback')
        .select(['id', 'merchant_id', 'member_id', 'status', 'language', 'question_type', 'content'])
        .where('id', '=', id)
        .forUpdate()
        .executeTakeFirst();
    },

    answerFeedback(executor: Database, id: number, answer: string, operatorId: number) {
      return executor
        .updateTable('feedback')
        .set({ status: 'answered', answer, answered_by: operatorId, answered_at: new Date() })
        .where('id', '=', id)
        .execute();
    },

    feedbackImage(id: string) {
      return db
        .selectFrom('feedback_images')
        .select(['content_type', 'bytes', 'byte_size'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    // ---------------------------------------------------------------- platform messages
    async insertMessage(
      executor: Database,
      values: {
        merchant_id: number;
        member_id: number;
        kind: 'feedback_answer' | 'promotion' | 'points' | 'bonus';
        ref_id: number;
        title: string;
        content: string;
        text_key?: string;
        params?: string;
      },
    ) {
      const result = await executor
        .insertInto('member_messages')
        .values({ ...values, read_at: null })
        .execute();
      changes.publish(executor, { on: 'member', memberId: values.member_id });
      return result;
    },

    async memberMessages(merchantId: number, memberId: number, pageNo: number, pageSize: number) {
      const base = db
        .selectFrom('member_messages')
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId);
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      return { rows, total: Number(total) };
    },

    async unreadMessages(merchantId: number, memberId: number) {
      const row = await db
        .selectFrom('member_messages')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('read_at', 'is', null)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async markMessagesRead(merchantId: number, memberId: number, ids: number[]) {
      const result = await db
        .updateTable('member_messages')
        .set({ read_at: new Date() })
        .where('merchant_id', '=', merchantId)
        .where('member_id', '=', memberId)
        .where('id', 'in', ids)
        .where('read_at', 'is', null)
        .execute();
      changes.publish(db, { on: 'member', memberId });
      return result;
    },

    // ---------------------------------------------------------------- chat
    async conversation(id: number): Promise<ConversationRow | undefined> {
      const result = await sql<ConversationRow>`${SUMMARY} WHERE c.id = ${id}`.execute(db);
      return result.rows[0];
    },

    async openConversationOf(visitor: Visitor): Promise<ConversationRow | undefined> {
      const result = await sql<ConversationRow>`${SUMMARY}
        WHERE ${visitorWhere(visitor)} AND c.status <> 'closed'`.execute(db);
      return result.rows[0];
    },

    /** The visitor's open conversation, else the last one (a reload after a close still shows it). */
    async latestConversationOf(visitor: Visitor): Promise<ConversationRow | undefined> {
      const result = await sql<ConversationRow>`${SUMMARY}
        WHERE ${visitorWhere(visitor)} ORDER BY (c.status <> 'closed') DESC, c.id DESC LIMIT 1`.execute(db);
      return result.rows[0];
    },

    /** Opens a conversation for the visitor, or finds the one a concurrent send just opened. */
    async openConversation(visitor: Visitor): Promise<number> {
      const inserted = await sql<{ id: number }>`
        INSERT INTO chat_conversations (merchant_id, visitor_kind, member_id, guest_id, visitor_name, vip)
        VALUES (${visitor.merchantId}, ${visitor.kind}, ${visitor.kind === 'member' ? visitor.memberId : null},
                ${visitor.kind === 'guest' ? visitor.guestId : null}, ${visitor.name},
                ${visitor.kind === 'member' && visitor.vip})
        ON CONFLICT DO NOTHING RETURNING id`.execute(db);
      const id = inserted.rows[0]?.id;
      if (id !== undefined) return Number(id);
      const open = await this.openConversationOf(visitor);
      if (!open) throw new Error('chat conversation vanished while opening');
      return open.id;
    },

    /** Open conversations, the VIP service's first (its own queue), then waiting ones, oldest first. */
    async openConversations(): Promise<ConversationRow[]> {
      const result = await sql<ConversationRow>`${SUMMARY}
        WHERE c.status <> 'closed' ORDER BY c.vip DESC, (c.status = 'queued') DESC, c.id`.execute(db);
      return result.rows;
    },

    async conversationPage(
      filter: { status?: string | undefined; merchantCode?: readonly string[] | undefined },
      pageNo: number,
      pageSize: number,
    ) {
      const where = sql`WHERE (${filter.status ?? null}::text IS NULL OR c.status = ${filter.status ?? null})
        AND (${filter.merchantCode ?? null}::text[] IS NULL OR m.code = ANY(${filter.merchantCode ?? null}::text[]))`;
      const counted = await sql<{ total: number }>`
        SELECT count(*)::int AS total FROM chat_conversations c JOIN merchants m ON m.id = c.merchant_id ${where}`.execute(
        db,
      );
      const rows = await sql<ConversationRow>`${SUMMARY} ${where}
        ORDER BY coalesce(c.last_message_at, c.created_at) DESC, c.id DESC
        LIMIT ${pageSize} OFFSET ${(pageNo - 1) * pageSize}`.execute(db);
      return { rows: rows.rows, total: Number(counted.rows[0]?.total ?? 0) };
    },

    /**
     * Stores a message and moves the conversation's last-message time, in one transaction. A message whose client
     * id the conversation already holds is not stored again: the stored one is returned (`created` false).
     */
    async addMessage(values: {
      conversationId: number;
      sender: 'visitor' | 'operator' | 'system';
      operatorId: number | null;
      body: string;
      event: 'taken' | 'closed' | null;
      clientId: string | null;
    }): Promise<{ message: MessageRow; created: boolean }> {
      return db.transaction().execute(async (trx) => {
        const inserted = await sql<{ id: number }>`
          INSERT INTO chat_messages (conversation_id, sender, operator_id, body, event, client_id)
          VALUES (${values.conversationId}, ${values.sender}, ${values.operatorId}, ${values.body}, ${values.event},
                  ${values.clientId})
          ON CONFLICT (conversation_id, client_id) WHERE client_id IS NOT NULL DO NOTHING
          RETURNING id`.execute(trx);
        const id = inserted.rows[0]?.id;
        if (id === undefined) {
          const existing = await sql<MessageRow>`${MESSAGE}
            WHERE x.conversation_id = ${values.conversationId} AND x.client_id = ${values.clientId}`.execute(
            trx,
          );
          return { message: existing.rows[0] as MessageRow, created: false };
        }
        await trx
          .updateTable('chat_conversations')
          .set({ last_message_at: new Date() })
          .where('id', '=', values.conversationId)
          .execute();
        const row = await sql<MessageRow>`${MESSAGE} WHERE x.id = ${id}`.execute(trx);
        return { message: row.rows[0] as MessageRow, created: true };
      });
    },

    /** Up to `limit` messages before `beforeId` (or the latest), oldest first; `hasMore` when older ones remain. */
    async messages(conversationId: number, beforeId: number | undefined, limit = 50) {
      const result = await sql<MessageRow>`${MESSAGE}
        WHERE x.conversation_id = ${conversationId} AND (${beforeId ?? null}::bigint IS NULL OR x.id < ${beforeId ?? null})
        ORDER BY x.id DESC LIMIT ${limit + 1}`.execute(db);
      const rows = result.rows;
      const hasMore = rows.length > limit;
      return { messages: rows.slice(0, limit).reverse(), hasMore };
    },

    /** Assigns the conversation: a queued one to whoever is first; a held one only when taking over. */
    async take(conversationId: number, operatorId: number, takeOver: boolean) {
      const result = await sql<{ id: number }>`
        UPDATE chat_conversations SET operator_id = ${operatorId}, status = 'active'
         WHERE id = ${conversationId} AND status <> 'closed'
           AND (operator_id IS NULL OR operator_id = ${operatorId} OR ${takeOver})
        RETURNING id`.execute(db);
      return result.rows.length > 0;
    },

    async close(conversationId: number) {
      const result = await sql<{ id: number }>`
        UPDATE chat_conversations SET status = 'closed', closed_at = now()
         WHERE id = ${conversationId} AND status <> 'closed' RETURNING id`.execute(db);
      return result.rows.length > 0;
    },

    /** Moves a side's read mark forward (never back), up to the conversation's last message. */
    async markRead(conversationId: number, side: 'visitor' | 'operator', upToId: number) {
      const column = side === 'visitor' ? sql.ref('visitor_read_id') : sql.ref('operator_read_id');
      const result = await sql<{ read_id: number }>`
        UPDATE chat_conversations SET ${column} = GREATEST(${column},
          LEAST(${upToId}::bigint, (SELECT coalesce(max(id), 0) FROM chat_messages WHERE conversation_id = ${conversationId})))
         WHERE id = ${conversationId} RETURNING ${column} AS read_id`.execute(db);
      return result.rows[0] ? Number(result.rows[0].read_id) : null;
    },

    async visitorUnread(visitor: Visitor) {
      const result = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM chat_messages x JOIN chat_conversations c ON c.id = x.conversation_id
         WHERE ${visitorWhere(visitor)} AND x.sender = 'operator' AND x.id > c.visitor_read_id`.execute(db);
      return Number(result.rows[0]?.n ?? 0);
    },
  };
}

export type SupportRepository = ReturnType<typeof supportRepository>;
