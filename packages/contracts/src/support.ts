import { z } from 'zod';
import { envelope, merchantListFilter, pageOf, pageQuery } from './envelope.ts';
import { languageCode } from './languages.ts';

/*
 * Support: the feedback form and its back-office inbox, platform messages that carry the answers, the customer
 * service entries (getService), and live chat over WebSocket between visitors (members or guests) and operators.
 */

// ---------------------------------------------------------------------------------------------------------------
// Feedback (§3 question type and content; §5 words between the merchant's bounds, images png/jpg, 5 MB, at most 3)

export const feedbackQuestionTypes = [
  'account',
  'deposit',
  'withdrawal',
  'game',
  'promotion',
  'technical',
  'suggestion',
  'other',
] as const;
export const feedbackQuestionType = z.enum(feedbackQuestionTypes);
export const feedbackImageTypes = ['image/png', 'image/jpeg'] as const;
export const MAX_FEEDBACK_IMAGES = 3;
export const MAX_FEEDBACK_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_FEEDBACK_CHARS = 10_000;

/**
 * Words in a text: runs of letters or digits separated by spaces or punctuation; each Han, Hiragana or Katakana
 * character counts as a word (those scripts are written without spaces). Shared by the form and the server.
 */
export function countWords(text: string): number {
  const matches = text.match(
    /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]|[^\s\p{P}\p{S}\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]+/gu,
  );
  return matches?.length ?? 0;
}

/**
 * PUT /wps/feedback (member token): `multipart/form-data` with the fields below and up to 3 files in `images`
 * (png or jpg by content, 5 MB each), or `application/json` with the fields alone. The word bounds come from the
 * merchant (GET /wps/feedback/settings); outside them the answer is `feedback_word_count` with `{min}`/`{max}`.
 */
export const feedbackFields = z.object({
  questionType: feedbackQuestionType,
  content: z.string().trim().min(1).max(MAX_FEEDBACK_CHARS),
});
export type FeedbackFields = z.infer<typeof feedbackFields>;
export const feedbackReceipt = envelope(
  z.object({ id: z.number().int(), imageCount: z.number().int(), createdAt: z.string() }),
);
export const feedbackSettingsResponse = envelope(
  z.object({
    minWords: z.number().int(),
    maxWords: z.number().int(),
    questionTypes: z.array(feedbackQuestionType),
    maxImages: z.number().int(),
    maxImageBytes: z.number().int(),
    imageTypes: z.array(z.string()),
  }),
);

export const feedbackStatuses = ['open', 'answered'] as const;
/** The member's own feedback (GET /wps/feedback). */
export const memberFeedback = z
  .object({
    id: z.number().int(),
    questionType: feedbackQuestionType,
    content: z.string(),
    imageCount: z.number().int(),
    status: z.enum(feedbackStatuses),
    answer: z.string().nullable(),
    answeredAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'MemberFeedback' });
export const memberFeedbackListResponse = envelope(pageOf(memberFeedback));

/** Back-office inbox: GET /admin-api/support/feedback?status=open&merchantCode=tala&pageNo=1. */
export const adminFeedbackQuery = pageQuery.extend({
  status: z.enum(feedbackStatuses).optional(),
  merchantCode: merchantListFilter,
});
export const adminFeedback = memberFeedback
  .extend({
    merchantCode: z.string(),
    memberId: z.number().int(),
    memberAccount: z.string(),
    language: languageCode,
    /** Paths of the images: GET each with the operator's Authorization header. */
    imageUrls: z.array(z.string()),
    answeredBy: z.string().nullable(),
    ip: z.string().nullable(),
  })
  .meta({ id: 'AdminFeedback' });
export const adminFeedbackListResponse = envelope(pageOf(adminFeedback));
export const adminFeedbackResponse = envelope(adminFeedback);
/** POST /admin-api/support/feedback/:id/answer — plain text; the member gets it as a platform message. */
export const feedbackAnswerBody = z.object({ answer: z.string().trim().min(1).max(5000) });
export const feedbackIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const feedbackImageParams = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

// ---------------------------------------------------------------------------------------------------------------
// Platform messages (member centre "messageV2")

export const platformMessage = z
  .object({
    id: z.number().int(),
    /**
     * An answer to the member's feedback, news of a promotion (an application decided), a bonus paid, news of a
     * point-mall redemption, or an operator's message to a segment (`broadcast`; its id is the broadcast's, read with
     * `broadcastIds`).
     */
    kind: z.enum(['feedback_answer', 'promotion', 'bonus', 'points', 'broadcast']),
    title: z.string(),
    /** Plain text (render as text, never as HTML), or HTML sanitised by the server when `format` is html. */
    content: z.string(),
    format: z.enum(['text', 'html']),
    /** The feedback it answers, the promotion application or the bonus it tells of. */
    refId: z.number().int().nullable(),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'PlatformMessage' });
export const messageListQuery = pageQuery.extend({ pageSize: pageQuery.shape.pageSize.default(20) });
/** GET /wps/relay/MCSFE_getMessageListV2 (member token). */
export const messageListResponse = envelope(pageOf(platformMessage));
/** GET /wps/relay/MCSFE_getUnreadMessageV2 (member token). */
export const unreadMessagesResponse = envelope(z.object({ unread: z.number().int() }));
/**
 * POST /wps/relay/MCSFE_readMessageV2 (member token): marks the member's own messages read (`ids`), broadcasts
 * (`broadcastIds`), or everything (`all`). Ids that are not the member's change nothing.
 */
export const readMessagesBody = z
  .object({
    ids: z
      .array(
        z
          .number()
          .int()
          .min(1)
          .max(2 ** 53 - 1),
      )
      .max(200)
      .default([]),
    broadcastIds: z
      .array(
        z
          .number()
          .int()
          .min(1)
          .max(2 ** 53 - 1),
      )
      .max(200)
      .default([]),
    all: z.boolean().default(false),
  })
  .refine((b) => b.all || b.ids.length + b.broadcastIds.length > 0, { path: ['ids'] });
export const readMessagesResponse = envelope(z.object({ unread: z.number().int() }));

// ---------------------------------------------------------------------------------------------------------------
// Customer service entries (getService) and the VIP rule of §6

/** Rank level above which a member gets the VIP service instead of live chat (§6). */
export const VIP_RANK_THRESHOLD = 4;

/** Path types: 1 a site route, 2 an outside address opened in a new tab, 3 opened in a popup (chat room, VIP). */
export const servicePath = z.object({
  type: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  csType: z.enum(['LIVECHAT', 'TELEGRAM', 'VIP', 'FACEBOOK']),
  title: z.string(),
  path: z.string(),
});
/**
 * GET /wps/relay/CSP_getService (token optional): `value.version.pathList`, with VIP in place of live chat for a
 * member whose rank level is above 4. A failed fetch closes the popup the site opened for it (§8).
 */
export const serviceResponse = envelope(
  z.object({
    version: z.object({ pathList: z.array(servicePath) }),
    vip: z.boolean(),
  }),
);

// ---------------------------------------------------------------------------------------------------------------
// Live chat

export const MAX_CHAT_MESSAGE_CHARS = 2000;
/** A sender may send this many messages in any window of CHAT_FLOOD_WINDOW_MS; more are refused (chat_flood). */
export const CHAT_FLOOD_LIMIT = 8;
export const CHAT_FLOOD_WINDOW_MS = 10_000;

export const chatSender = z.enum(['visitor', 'operator', 'system']);
export const chatMessage = z
  .object({
    id: z.number().int(),
    conversationId: z.number().int(),
    sender: chatSender,
    /** The operator's name on operator messages and events. */
    operatorName: z.string().nullable(),
    /** Plain text: render as text, never as HTML. Empty on events. */
    body: z.string(),
    /** System events: an operator took the chat, or the chat was closed. */
    event: z.enum(['taken', 'closed']).nullable(),
    /** The sender's own id for the message, echoed so a resend after a reconnect is not stored twice. */
    clientId: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ChatMessage' });
export type ChatMessage = z.infer<typeof chatMessage>;

export const chatStatuses = ['queued', 'active', 'closed'] as const;
export const chatConversation = z
  .object({
    id: z.number().int(),
    merchantCode: z.string(),
    visitorKind: z.enum(['member', 'guest']),
    visitorName: z.string(),
    memberId: z.number().int().nullable(),
    status: z.enum(chatStatuses),
    /** A conversation of the VIP service (a member above rank level 4): its own queue in the console, listed first. */
    vip: z.boolean(),
    operatorId: z.number().int().nullable(),
    operatorName: z.string().nullable(),
    /** Visitor messages the operators have not read (operator side), or operator messages the visitor has not. */
    unread: z.number().int(),
    /** The last message id each side has read (read receipts). */
    visitorReadId: z.number().int(),
    operatorReadId: z.number().int(),
    lastMessage: z.string().nullable(),
    lastMessageAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'ChatConversation' });
export type ChatConversation = z.infer<typeof chatConversation>;

const clientId = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);
const body = z.string().trim().min(1).max(MAX_CHAT_MESSAGE_CHARS);
const messageId = z.number().int().min(0);

/**
 * Frames a visitor sends on WS /wps/support/chat. The first must be `hello`: a member sends its token; a guest
 * sends none and is known by the `tala_chat_guest` cookie that POST /wps/support/chat/session set.
 */
export const visitorFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('hello'),
    token: z.string().max(200).optional(),
    language: languageCode.optional(),
  }),
  z.object({ type: z.literal('send'), clientId, body }),
  z.object({ type: z.literal('typing'), typing: z.boolean() }),
  z.object({ type: z.literal('read'), upToId: messageId }),
  z.object({ type: z.literal('history'), beforeId: messageId.optional() }),
  z.object({ type: z.literal('close') }),
  z.object({ type: z.literal('ping') }),
]);
export type VisitorFrame = z.infer<typeof visitorFrame>;

/** Frames an operator sends on WS /admin-api/support/chat; the first is `hello` with the operator token. */
export const operatorFrame = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hello'), token: z.string().max(200), language: languageCode.optional() }),
  z.object({
    type: z.literal('take'),
    conversationId: z.number().int().min(1),
    /** Take a chat another operator holds. */
    takeOver: z.boolean().default(false),
  }),
  z.object({ type: z.literal('send'), conversationId: z.number().int().min(1), clientId, body }),
  z.object({ type: z.literal('typing'), conversationId: z.number().int().min(1), typing: z.boolean() }),
  z.object({ type: z.literal('read'), conversationId: z.number().int().min(1), upToId: messageId }),
  z.object({
    type: z.literal('history'),
    conversationId: z.number().int().min(1),
    beforeId: messageId.optional(),
  }),
  z.object({ type: z.literal('close'), conversationId: z.number().int().min(1) }),
  z.object({ type: z.literal('ping') }),
]);
export type OperatorFrame = z.infer<typeof operatorFrame>;

const errorFrame = z.object({
  type: z.literal('error'),
  errorCode: z.string(),
  message: z.string(),
  /** The frame field at fault (`body`, `clientId`, `frame` for unreadable JSON), when one is. */
  field: z.string().optional(),
  /** The `clientId` of the refused message, if a message was refused. */
  clientId: z.string().optional(),
});

/** Frames the server sends to a visitor. */
export const visitorServerFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    visitor: z.object({ kind: z.enum(['member', 'guest']), name: z.string() }),
    greeting: z.string(),
    conversation: chatConversation.nullable(),
    messages: z.array(chatMessage),
    hasMore: z.boolean(),
  }),
  /** The message with `clientId` is stored (it survives reloads and restarts). */
  z.object({ type: z.literal('ack'), clientId: z.string(), message: chatMessage }),
  z.object({ type: z.literal('message'), message: chatMessage }),
  z.object({ type: z.literal('conversation'), conversation: chatConversation }),
  z.object({ type: z.literal('typing'), typing: z.boolean(), operatorName: z.string().nullable() }),
  z.object({ type: z.literal('read'), reader: z.literal('operator'), upToId: z.number().int() }),
  z.object({ type: z.literal('history'), messages: z.array(chatMessage), hasMore: z.boolean() }),
  z.object({ type: z.literal('pong') }),
  errorFrame,
]);
export type VisitorServerFrame = z.infer<typeof visitorServerFrame>;

/** Frames the server sends to an operator console. */
export const operatorServerFrame = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('ready'),
    operator: z.object({ id: z.number().int(), username: z.string() }),
    /** Every open conversation (queued and active), oldest waiting first, with unread counts. */
    conversations: z.array(chatConversation),
  }),
  z.object({ type: z.literal('ack'), clientId: z.string(), message: chatMessage }),
  z.object({ type: z.literal('message'), message: chatMessage }),
  /** A conversation was opened, taken, taken over, closed, read or got a message: its new summary. */
  z.object({ type: z.literal('conversation'), conversation: chatConversation }),
  z.object({ type: z.literal('typing'), conversationId: z.number().int(), typing: z.boolean() }),
  z.object({
    type: z.literal('read'),
    conversationId: z.number().int(),
    reader: z.enum(['visitor', 'operator']),
    upToId: z.number().int(),
  }),
  z.object({
    type: z.literal('history'),
    conversationId: z.number().int(),
    messages: z.array(chatMessage),
    hasMore: z.boolean(),
  }),
  z.object({ type: z.literal('pong') }),
  errorFrame,
]);
export type OperatorServerFrame = z.infer<typeof operatorServerFrame>;

/**
 * POST /wps/support/chat/session: who the visitor is for the chat (a member by token, else a guest, for whom it sets
 * the HttpOnly `tala_chat_guest` cookie), the conversation and its latest messages — what a reload needs.
 */
export const chatSessionResponse = envelope(
  z.object({
    visitor: z.object({ kind: z.enum(['member', 'guest']), name: z.string() }),
    greeting: z.string(),
    conversation: chatConversation.nullable(),
    messages: z.array(chatMessage),
    hasMore: z.boolean(),
    /** Path of the WebSocket to open next. */
    socketPath: z.string(),
  }),
);
/** GET /wps/relay/CSP_unreadCount (token or guest cookie): operator messages the visitor has not read. */
export const chatUnreadResponse = envelope(z.object({ unread: z.number().int() }));

/** GET /admin-api/support/chat/conversations?status=closed&pageNo=1 — the console's history list. */
export const adminChatQuery = pageQuery.extend({
  status: z.enum(chatStatuses).optional(),
  merchantCode: merchantListFilter,
});
export const adminChatListResponse = envelope(pageOf(chatConversation));
/** GET /admin-api/support/chat/conversations/:id/messages?beforeId= — 50 at a time, oldest first. */
export const chatMessagesQuery = z.object({ beforeId: z.coerce.number().int().min(1).optional() });
export const chatMessagesResponse = envelope(
  z.object({ conversation: chatConversation, messages: z.array(chatMessage), hasMore: z.boolean() }),
);
export const conversationIdParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
