import { pickLanguage } from '@tala/contracts/language-codes';
import type { LanguageCode } from '@tala/contracts/languages';
import {
  CHAT_FLOOD_LIMIT,
  CHAT_FLOOD_WINDOW_MS,
  type ChatConversation,
  type ChatMessage,
  countWords,
  type FeedbackFields,
  feedbackImageTypes,
  feedbackQuestionTypes,
  MAX_FEEDBACK_IMAGE_BYTES,
  MAX_FEEDBACK_IMAGES,
  VIP_RANK_THRESHOLD,
} from '@tala/contracts/support';
import type { WebSocket } from 'ws';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { RateLimits } from '../../lib/rate-limits.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { ContentService } from '../content/content.service.ts';
import { newImageId } from '../content/images.ts';
import type { MemberIdentity } from '../content/member-identity.ts';
import type { ReceivedImage } from '../content/uploads.ts';
import type { MembersService } from '../members/members.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import { broadcastsService } from './broadcasts.ts';
import { chatHub } from './chat-hub.ts';
import { platformMessagesUseCases } from './platform-messages.ts';
import {
  type ConversationRow,
  type MessageRow,
  supportRepository,
  type Visitor,
} from './support.repository.ts';

export type { Visitor } from './support.repository.ts';
export type Actor = { id: number; name: string; ip: string };
export type ChatOperator = { id: number; username: string };

const ANSWER_TITLES: Partial<Record<LanguageCode, string>> = {
  EN: 'Reply to your feedback',
  TY: 'Sagot sa iyong feedback',
  CN: '您的反馈已有回复',
  ID: 'Balasan untuk masukan Anda',
  TH: 'การตอบกลับความคิดเห็นของคุณ',
  VI: 'Phản hồi cho góp ý của bạn',
};

const iso = (date: Date | null) => (date ? new Date(date).toISOString() : null);

function conversation(row: ConversationRow, side: 'visitor' | 'operator'): ChatConversation {
  return {
    id: Number(row.id),
    merchantCode: row.merchant_code,
    visitorKind: row.visitor_kind,
    visitorName: row.visitor_name,
    memberId: row.member_id,
    status: row.status,
    vip: row.vip,
    operatorId: row.operator_id,
    operatorName: row.operator_name,
    unread: side === 'operator' ? Number(row.operator_unread) : Number(row.visitor_unread),
    visitorReadId: Number(row.visitor_read_id),
    operatorReadId: Number(row.operator_read_id),
    lastMessage: row.last_message,
    lastMessageAt: iso(row.last_message_at),
    createdAt: new Date(row.created_at).toISOString(),
  };
}

function message(row: MessageRow): ChatMessage {
  return {
    id: Number(row.id),
    conversationId: Number(row.conversation_id),
    sender: row.sender,
    operatorName: row.operator_name,
    body: row.body,
    event: row.event,
    clientId: row.client_id,
    createdAt: new Date(row.created_at).toISOString(),
  };
}

/** §6: the VIP service is for members whose rank level is above 4, where the merchant offers one. */
export function hasVipService(merchant: Merchant, member: MemberIdentity | null) {
  return (
    member !== null &&
    member.vipLevel > VIP_RANK_THRESHOLD &&
    merchant.settings.customerService.some((i) => i.csType === 'VIP')
  );
}

export function visitorKey(visitor: Visitor) {
  return visitor.kind === 'member'
    ? `member:${visitor.merchantId}:${visitor.memberId}`
    : `guest:${visitor.merchantId}:${visitor.guestId}`;
}

function keyOfRow(row: ConversationRow) {
  return row.visitor_kind === 'member'
    ? `member:${row.merchant_id}:${row.member_id}`
    : `guest:${row.merchant_id}:${row.guest_id}`;
}

export function supportService(
  db: Database,
  audit: AuditService,
  merchants: MerchantsService,
  content: ContentService,
  members: MembersService,
  /** The flood limit counts a sender's messages over every process (lib/rate-limits.ts). */
  rateLimits: RateLimits,
) {
  const repository = supportRepository(db);
  const hub = chatHub(db);

  async function summary(id: number) {
    const row = await repository.conversation(id);
    if (!row) throw new AppError('not_found', 'conversationId');
    return row;
  }

  /** Tells both sides about a conversation's new state. */
  function publish(row: ConversationRow) {
    hub.toOperators({ type: 'conversation', conversation: conversation(row, 'operator') });
    hub.toVisitor(keyOfRow(row), { type: 'conversation', conversation: conversation(row, 'visitor') });
  }

  async function postEvent(row: ConversationRow, operator: ChatOperator, event: 'taken' | 'closed') {
    const { message: stored } = await repository.addMessage({
      conversationId: row.id,
      sender: 'system',
      operatorId: operator.id,
      body: '',
      event,
      clientId: null,
    });
    const frame = { type: 'message' as const, message: message(stored) };
    hub.toVisitor(keyOfRow(row), frame);
    hub.toOperators(frame);
  }

  async function checkFlood(key: string) {
    const { count } = await rateLimits.hit('chat-flood', CHAT_FLOOD_WINDOW_MS, key);
    if (count > CHAT_FLOOD_LIMIT) throw new AppError('chat_flood', 'body');
  }

  async function heldBy(operator: ChatOperator, conversationId: number) {
    const row = await summary(conversationId);
    if (row.status === 'closed') throw new AppError('chat_closed', 'conversationId');
    if (row.operator_id !== operator.id) throw new AppError('chat_not_assigned', 'conversationId');
    return row;
  }

  return {
    hub,
    ...broadcastsService(db, audit, merchants, members),
    ...platformMessagesUseCases(db),

    // ------------------------------------------------------------------ feedback
    async feedbackSettings(merchant: Merchant) {
      const settings = await content.settingsOf(merchant.id);
      return {
        minWords: settings.feedback.minWords,
        maxWords: settings.feedback.maxWords,
        questionTypes: [...feedbackQuestionTypes],
        maxImages: MAX_FEEDBACK_IMAGES,
        maxImageBytes: MAX_FEEDBACK_IMAGE_BYTES,
        imageTypes: [...feedbackImageTypes],
      };
    },

    /** Stores a member's feedback and its images in one transaction, once its words are within the bounds. */
    async submitFeedback(
      member: MemberIdentity,
      fields: FeedbackFields,
      images: ReceivedImage[],
      language: LanguageCode,
      ip: string,
    ) {
      const { feedback: bounds } = await content.settingsOf(member.merchantId);
      const words = countWords(fields.content);
      if (words < bounds.minWords || words > bounds.maxWords) {
        throw new AppError('feedback_word_count', 'content', { min: bounds.minWords, max: bounds.maxWords });
      }
      if (images.length > MAX_FEEDBACK_IMAGES) {
        throw new AppError('too_many_images', 'images', { max: MAX_FEEDBACK_IMAGES });
      }
      const row = await db.transaction().execute((trx) =>
        repository.insertFeedback(
          trx,
          {
            merchant_id: member.merchantId,
            member_id: member.id,
            member_account: member.account,
            question_type: fields.questionType,
            content: fields.content,
            language,
            ip,
          },
          images.map((image) => ({
            id: newImageId(),
            content_type: image.contentType as 'image/png' | 'image/jpeg',
            bytes: image.bytes,
          })),
        ),
      );
      return { id: row.id, imageCount: images.length, createdAt: row.created_at.toISOString() };
    },

    async memberFeedback(member: MemberIdentity, pageNo: number, pageSize: number) {
      const { rows, total } = await repository.feedbackPage(
        { merchantIds: [member.merchantId], memberId: member.id },
        pageNo,
        pageSize,
      );
      return {
        list: rows.map((row) => ({
          id: row.id,
          questionType: row.question_type as FeedbackFields['questionType'],
          content: row.content,
          imageCount: (row.image_ids ?? []).length,
          status: row.status,
          answer: row.answer,
          answeredAt: iso(row.answered_at),
          createdAt: row.created_at.toISOString(),
        })),
        pageNo,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    async inbox(
      filter: { status?: string | undefined; merchantCode?: readonly string[] | undefined },
      pageNo: number,
      pageSize: number,
    ) {
      const merchantIds = await merchants.idsOf(filter.merchantCode);
      const { rows, total } = await repository.feedbackPage(
        { merchantIds, status: filter.status },
        pageNo,
        pageSize,
      );
      return {
        list: rows.map((row) => this.adminFeedback(row)),
        pageNo,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    adminFeedback(row: NonNullable<Awaited<ReturnType<typeof repository.feedbackById>>>) {
      const imageIds = row.image_ids ?? [];
      return {
        id: row.id,
        merchantCode: row.merchant_code,
        memberId: row.member_id,
        memberAccount: row.member_account,
        questionType: row.question_type as FeedbackFields['questionType'],
        content: row.content,
        language: row.language as LanguageCode,
        imageCount: imageIds.length,
        imageUrls: imageIds.map((id) => `/admin-api/support/feedback/images/${id}`),
        status: row.status,
        answer: row.answer,
        answeredAt: iso(row.answered_at),
        answeredBy: row.answered_by_name ?? null,
        ip: row.ip,
        createdAt: row.created_at.toISOString(),
      };
    },

    async feedback(id: number) {
      const row = await repository.feedbackById(id);
      if (!row) throw new AppError('not_found', 'id');
      return this.adminFeedback(row);
    },

    feedbackImage(id: string) {
      return repository.feedbackImage(id);
    },

    /** An operator answers: the feedback is closed and the member gets the answer as a platform message. */
    async answerFeedback(actor: Actor, id: number, answer: string) {
      await db.transaction().execute(async (trx) => {
        const row = await repository.lockFeedback(trx, id);
        if (!row) throw new AppError('not_found', 'id');
        if (row.status === 'answered') throw new AppError('conflict', 'id');
        await repository.answerFeedback(trx, id, answer, actor.id);
        await repository.insertMessage(trx, {
          merchant_id: row.merchant_id,
          member_id: row.member_id,
          kind: 'feedback_answer',
          ref_id: id,
          title: ANSWER_TITLES[row.language as LanguageCode] ?? (ANSWER_TITLES.EN as string),
          content: answer,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: actor.id,
          actorName: actor.name,
          merchantId: row.merchant_id,
          action: 'support.feedback.answer',
          target: `feedback:${id}`,
          after: { answer },
          ip: actor.ip,
        });
      });
      return this.feedback(id);
    },

    // ------------------------------------------------------------------ customer-service entries
    /** getService: the merchant's entries; a member above rank 4 gets VIP in place of live chat (§6). */
    service(merchant: Merchant, member: MemberIdentity | null, language: LanguageCode) {
      const items = merchant.settings.customerService;
      const vip = hasVipService(merchant, member);
      const pathList = items.flatMap((item) => {
        if (item.csType === 'VIP' && !vip) return [];
        if (item.csType === 'LIVECHAT' && vip) return [];
        const popup = item.csType === 'VIP' || item.csType === 'LIVECHAT';
        const type = popup ? 3 : /^https?:/i.test(item.path) ? 2 : 1;
        const title = pickLanguage(item.titles, language);
        return [{ type: type as 1 | 2 | 3, csType: item.csType, title, path: item.path }];
      });
      return { version: { pathList }, vip };
    },

    // ------------------------------------------------------------------ live chat: visitors
    visitorKey,

    async chatState(visitor: Visitor) {
      const row = await repository.latestConversationOf(visitor);
      if (!row) return { conversation: null, messages: [], hasMore: false };
      const { messages, hasMore } = await repository.messages(row.id, undefined);
      return { conversation: conversation(row, 'visitor'), messages: messages.map(message), hasMore };
    },

    async greeting(merchantId: number, language: LanguageCode) {
      const settings = await content.settingsOf(merchantId);
      return settings.chat.greeting[language] ?? settings.chat.greeting.EN ?? '';
    },

    visitorUnread(visitor: Visitor) {
      return repository.visitorUnread(visitor);
    },

    /**
     * Stores a visitor's message (opening a conversation when none is open), then tells the visitor's other tabs
     * and every operator console. Returns the stored message for the ack; a resend returns the stored one.
     */
    async visitorSend(visitor: Visitor, clientId: string, body: string, socket?: WebSocket) {
      const key = visitorKey(visitor);
      await checkFlood(key);
      let open = await repository.openConversationOf(visitor);
      const opened = !open;
      const conversationId = open?.id ?? (await repository.openConversation(visitor));
      const { message: stored, created } = await repository.addMessage({
        conversationId,
        sender: 'visitor',
        operatorId: null,
        body,
        event: null,
        clientId,
      });
      const sent = message(stored);
      if (created) {
        hub.toVisitor(key, { type: 'message', message: sent }, socket);
        hub.toOperators({ type: 'message', message: sent });
        open = await summary(conversationId);
        hub.toOperators({ type: 'conversation', conversation: conversation(open, 'operator') });
        if (opened) hub.toVisitor(key, { type: 'conversation', conversation: conversation(open, 'visitor') });
      }
      return sent;
    },

    async visitorTyping(visitor: Visitor, typing: boolean) {
      const open = await repository.openConversationOf(visitor);
      if (open) hub.toOperators({ type: 'typing', conversationId: open.id, typing });
    },

    async visitorRead(visitor: Visitor, upToId: number) {
      const row = await repository.latestConversationOf(visitor);
      if (!row) return;
      const readId = await repository.markRead(row.id, 'visitor', upToId);
      if (readId === null) return;
      hub.toOperators({ type: 'read', conversationId: row.id, reader: 'visitor', upToId: readId });
    },

    async visitorHistory(visitor: Visitor, beforeId: number | undefined) {
      const row = await repository.latestConversationOf(visitor);
      if (!row) return { messages: [], hasMore: false };
      const page = await repository.messages(row.id, beforeId);
      return { messages: page.messages.map(message), hasMore: page.hasMore };
    },

    async visitorClose(visitor: Visitor) {
      const open = await repository.openConversationOf(visitor);
      if (!open || !(await repository.close(open.id))) return;
      const { message: stored } = await repository.addMessage({
        conversationId: open.id,
        sender: 'system',
        operatorId: null,
        body: '',
        event: 'closed',
        clientId: null,
      });
      const frame = { type: 'message' as const, message: message(stored) };
      hub.toVisitor(visitorKey(visitor), frame);
      hub.toOperators(frame);
      publish(await summary(open.id));
    },

    // ------------------------------------------------------------------ live chat: operators
    async openConversations() {
      return (await repository.openConversations()).map((row) => conversation(row, 'operator'));
    },

    async conversations(
      filter: { status?: string | undefined; merchantCode?: readonly string[] | undefined },
      pageNo: number,
      pageSize: number,
    ) {
      const { rows, total } = await repository.conversationPage(filter, pageNo, pageSize);
      return {
        list: rows.map((row) => conversation(row, 'operator')),
        pageNo,
        pageSize,
        total,
        totalPages: Math.ceil(total / pageSize),
      };
    },

    async conversationMessages(id: number, beforeId: number | undefined) {
      const row = await summary(id);
      const page = await repository.messages(id, beforeId);
      return {
        conversation: conversation(row, 'operator'),
        messages: page.messages.map(message),
        hasMore: page.hasMore,
      };
    },

    /** Takes a queued chat, or with `takeOver` one another operator holds; both sides see who has it. */
    async take(operator: ChatOperator, conversationId: number, takeOver: boolean, ip: string) {
      const before = await summary(conversationId);
      if (before.status === 'closed') throw new AppError('chat_closed', 'conversationId');
      if (before.operator_id === operator.id) return conversation(before, 'operator');
      if (!(await repository.take(conversationId, operator.id, takeOver))) {
        const now = await summary(conversationId);
        throw new AppError(now.status === 'closed' ? 'chat_closed' : 'chat_taken', 'conversationId');
      }
      const row = await summary(conversationId);
      await audit.record(db, {
        actorType: 'operator',
        actorId: operator.id,
        actorName: operator.username,
        merchantId: row.merchant_id,
        action: before.operator_id ? 'support.chat.takeover' : 'support.chat.take',
        target: `chat:${conversationId}`,
        before: { operator: before.operator_name },
        after: { operator: operator.username },
        ip,
      });
      await postEvent(row, operator, 'taken');
      publish(await summary(conversationId));
      return conversation(row, 'operator');
    },

    async operatorSend(
      operator: ChatOperator,
      conversationId: number,
      clientId: string,
      body: string,
      socket?: WebSocket,
    ) {
      await checkFlood(`operator:${operator.id}`);
      const row = await heldBy(operator, conversationId);
      const { message: stored, created } = await repository.addMessage({
        conversationId,
        sender: 'operator',
        operatorId: operator.id,
        body,
        event: null,
        clientId,
      });
      const sent = message(stored);
      if (created) {
        hub.toVisitor(keyOfRow(row), { type: 'message', message: sent });
        hub.toOperators({ type: 'message', message: sent }, socket);
      }
      return sent;
    },

    async operatorTyping(operator: ChatOperator, conversationId: number, typing: boolean) {
      const row = await heldBy(operator, conversationId);
      hub.toVisitor(keyOfRow(row), { type: 'typing', typing, operatorName: operator.username });
    },

    async operatorRead(conversationId: number, upToId: number) {
      const before = await summary(conversationId);
      const readId = await repository.markRead(conversationId, 'operator', upToId);
      if (readId === null) return;
      hub.toVisitor(keyOfRow(before), { type: 'read', reader: 'operator', upToId: readId });
      hub.toOperators({ type: 'read', conversationId, reader: 'operator', upToId: readId });
      hub.toOperators({
        type: 'conversation',
        conversation: conversation(await summary(conversationId), 'operator'),
      });
    },

    async operatorHistory(conversationId: number, beforeId: number | undefined) {
      await summary(conversationId);
      const page = await repository.messages(conversationId, beforeId);
      return { conversationId, messages: page.messages.map(message), hasMore: page.hasMore };
    },

    async operatorClose(operator: ChatOperator, conversationId: number, ip: string) {
      const row = await summary(conversationId);
      if (row.status === 'closed') throw new AppError('chat_closed', 'conversationId');
      if (row.operator_id !== null && row.operator_id !== operator.id) {
        throw new AppError('chat_not_assigned', 'conversationId');
      }
      if (!(await repository.close(conversationId))) throw new AppError('chat_closed', 'conversationId');
      await audit.record(db, {
        actorType: 'operator',
        actorId: operator.id,
        actorName: operator.username,
        merchantId: row.merchant_id,
        action: 'support.chat.close',
        target: `chat:${conversationId}`,
        ip,
      });
      await postEvent(row, operator, 'closed');
      publish(await summary(conversationId));
    },
  };
}

export type SupportService = ReturnType<typeof supportService>;
