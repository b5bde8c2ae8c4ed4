import crypto from 'node:crypto';
import { pageQuery } from '@tala/contracts/envelope';
import {
  adminChatListResponse,
  adminChatQuery,
  adminFeedbackListResponse,
  adminFeedbackQuery,
  adminFeedbackResponse,
  chatMessagesQuery,
  chatMessagesResponse,
  chatSessionResponse,
  chatUnreadResponse,
  conversationIdParams,
  feedbackAnswerBody,
  feedbackFields,
  feedbackIdParams,
  feedbackImageParams,
  feedbackImageTypes,
  feedbackReceipt,
  feedbackSettingsResponse,
  MAX_FEEDBACK_IMAGE_BYTES,
  MAX_FEEDBACK_IMAGES,
  memberFeedbackListResponse,
  messageListQuery,
  messageListResponse,
  readMessagesBody,
  readMessagesResponse,
  serviceResponse,
  unreadMessagesResponse,
} from '@tala/contracts/support';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { clientIp } from '../../http/client-ip.ts';
import { setCookie } from '../../http/cookies.ts';
import { requestLanguage } from '../../http/language.ts';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import type { SignedInMember } from '../content/member-identity.ts';
import { type ReceivedImage, readMultipartImages } from '../content/uploads.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';
import { hasVipService, type Visitor } from './support.service.ts';

const tags = ['support'];
const ok = <T>(value: T) => ({ success: true as const, value });

export const GUEST_COOKIE = 'tala_chat_guest';
const GUEST_ID = /^[A-Za-z0-9_-]{22}$/;

/** The guest id from the request's cookie, or undefined. */
export function guestIdOf(request: { headers: { cookie?: string | undefined } }): string | undefined {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const [name, ...rest] = part.trim().split('=');
    const value = rest.join('=');
    if (name === GUEST_COOKIE && GUEST_ID.test(value)) return value;
  }
  return undefined;
}

export function guestName(guestId: string) {
  return `Guest ${guestId.slice(0, 4).toUpperCase()}`;
}

export function memberVisitor(member: SignedInMember, merchant: Merchant): Visitor {
  return {
    kind: 'member',
    merchantId: member.merchantId,
    memberId: member.id,
    name: member.nickname ?? member.account,
    vip: hasVipService(merchant, member),
  };
}

const signedIn = new WeakMap<FastifyRequest, { merchant: Merchant; member: SignedInMember }>();

/** Player support calls, and the back office's feedback inbox and chat history. */
export function supportRoutes(services: Services): FastifyPluginAsyncZod {
  const support = services.support;
  const members = services.content.members;

  /** onRequest: the caller must be a logged-in member of the merchant, checked before any body is read. */
  const memberOnly = async (request: FastifyRequest) => {
    const merchant = await requestMerchant(services.merchants, request);
    signedIn.set(request, { merchant, member: await members.required(request, merchant) });
  };
  const member = (request: FastifyRequest) => {
    const found = signedIn.get(request);
    if (!found) throw new AppError('not_logged_in');
    return found;
  };

  /** A member by token, else the guest of the cookie (made and set when `create`); null when neither. */
  async function visitorOf(
    request: FastifyRequest,
    reply: FastifyReply,
    merchant: Merchant,
    create: boolean,
  ) {
    const signed = await members.optional(request, merchant);
    if (signed) return memberVisitor(signed, merchant);
    let guestId = guestIdOf(request);
    if (!guestId && !create) return null;
    if (!guestId) {
      guestId = crypto.randomBytes(16).toString('base64url');
      setCookie(request, reply, GUEST_COOKIE, guestId, {
        path: '/',
        maxAgeSeconds: 30 * 24 * 3600,
        sameSite: 'Lax',
      });
    }
    return { kind: 'guest' as const, merchantId: merchant.id, guestId, name: guestName(guestId) };
  }

  return async (app) => {
    // -------------------------------------------------------------- feedback
    app.get(
      '/wps/feedback/settings',
      { schema: { tags, response: { 200: feedbackSettingsResponse } } },
      async (request) =>
        ok(await support.feedbackSettings(await requestMerchant(services.merchants, request))),
    );

    app.put(
      '/wps/feedback',
      {
        onRequest: memberOnly,
        // Per session (a member's token), so members behind one address do not share the limit.
        config: {
          rateLimit: {
            max: 20,
            timeWindow: '10 minutes',
            keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? clientIp(request),
          },
        },
        schema: {
          tags,
          consumes: ['multipart/form-data', 'application/json'],
          description:
            'Fields questionType and content (the feedbackFields contract), plus up to 3 png or jpg files in `images`.',
          response: { 200: feedbackReceipt },
        },
      },
      async (request) => {
        const { member: who } = member(request);
        let raw: unknown = request.body;
        let images: ReceivedImage[] = [];
        if (request.isMultipart()) {
          const read = await readMultipartImages(request, {
            fileField: 'images',
            maxFiles: MAX_FEEDBACK_IMAGES,
            maxBytes: MAX_FEEDBACK_IMAGE_BYTES,
            allowed: feedbackImageTypes,
          });
          raw = read.fields;
          images = read.images;
        }
        const parsed = feedbackFields.safeParse(raw ?? {});
        if (!parsed.success) {
          throw new AppError('validation_failed', parsed.error.issues[0]?.path.join('.') || 'body');
        }
        const value = await support.submitFeedback(
          who,
          parsed.data,
          images,
          requestLanguage(request),
          clientIp(request),
        );
        return ok(value);
      },
    );

    app.get(
      '/wps/feedback',
      {
        onRequest: memberOnly,
        schema: { tags, querystring: pageQuery, response: { 200: memberFeedbackListResponse } },
      },
      async (request) =>
        ok(
          await support.memberFeedback(member(request).member, request.query.pageNo, request.query.pageSize),
        ),
    );

    // -------------------------------------------------------------- platform messages
    app.get(
      '/wps/relay/MCSFE_getMessageListV2',
      {
        onRequest: memberOnly,
        schema: { tags, querystring: messageListQuery, response: { 200: messageListResponse } },
      },
      async (request) => {
        const { merchant, member: who } = member(request);
        const { pageNo, pageSize } = request.query;
        return ok(await support.messages(merchant, who, requestLanguage(request), pageNo, pageSize));
      },
    );

    app.get(
      '/wps/relay/MCSFE_getUnreadMessageV2',
      { onRequest: memberOnly, schema: { tags, response: { 200: unreadMessagesResponse } } },
      async (request) => ok({ unread: await support.unreadMessages(member(request).member) }),
    );

    app.post(
      '/wps/relay/MCSFE_readMessageV2',
      {
        onRequest: memberOnly,
        schema: { tags, body: readMessagesBody, response: { 200: readMessagesResponse } },
      },
      async (request) => ok({ unread: await support.readMessages(member(request).member, request.body) }),
    );

    // -------------------------------------------------------------- customer service
    app.get(
      '/wps/relay/CSP_getService',
      { schema: { tags, response: { 200: serviceResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return ok(
          support.service(merchant, await members.optional(request, merchant), requestLanguage(request)),
        );
      },
    );

    app.get(
      '/wps/relay/CSP_unreadCount',
      { schema: { tags, response: { 200: chatUnreadResponse } } },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        const visitor = await visitorOf(request, reply, merchant, false);
        return ok({ unread: visitor ? await support.visitorUnread(visitor) : 0 });
      },
    );

    app.post(
      '/wps/support/chat/session',
      { schema: { tags, response: { 200: chatSessionResponse } } },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        const visitor = (await visitorOf(request, reply, merchant, true)) as Visitor;
        const state = await support.chatState(visitor);
        return ok({
          visitor: { kind: visitor.kind, name: visitor.name },
          greeting: await support.greeting(merchant.id, requestLanguage(request)),
          ...state,
          socketPath: '/wps/support/chat',
        });
      },
    );

    // -------------------------------------------------------------- back office: feedback inbox, chat history
    const supportStaff = operatorGuard(services.operators, ['owner', 'support']);

    app.get(
      '/admin-api/support/feedback',
      {
        onRequest: supportStaff,
        schema: {
          tags: ['admin-support'],
          querystring: adminFeedbackQuery,
          response: { 200: adminFeedbackListResponse },
        },
      },
      async (request) => {
        const { status, merchantCode, pageNo, pageSize } = request.query;
        return ok(await support.inbox({ status, merchantCode }, pageNo, pageSize));
      },
    );

    app.get(
      '/admin-api/support/feedback/:id',
      {
        onRequest: supportStaff,
        schema: {
          tags: ['admin-support'],
          params: feedbackIdParams,
          response: { 200: adminFeedbackResponse },
        },
      },
      async (request) => ok(await support.feedback(request.params.id)),
    );

    app.post(
      '/admin-api/support/feedback/:id/answer',
      {
        onRequest: supportStaff,
        schema: {
          tags: ['admin-support'],
          params: feedbackIdParams,
          body: feedbackAnswerBody,
          response: { 200: adminFeedbackResponse },
        },
      },
      async (request) => {
        const operator = guardedOperator(request);
        const actor = { id: operator.id, name: operator.username, ip: clientIp(request) };
        return ok(await support.answerFeedback(actor, request.params.id, request.body.answer));
      },
    );

    app.get(
      '/admin-api/support/feedback/images/:id',
      {
        onRequest: supportStaff,
        schema: {
          tags: ['admin-support'],
          params: feedbackImageParams,
          produces: ['image/png', 'image/jpeg'],
        },
      },
      async (request, reply) => {
        const image = await support.feedbackImage(request.params.id);
        if (!image) throw new AppError('not_found', 'id');
        return reply
          .type(image.content_type)
          .header('X-Content-Type-Options', 'nosniff')
          .header('Content-Security-Policy', "default-src 'none'; sandbox")
          .header('Cache-Control', 'private, max-age=3600')
          .header('Content-Length', image.byte_size)
          .send(image.bytes);
      },
    );

    app.get(
      '/admin-api/support/chat/conversations',
      {
        onRequest: supportStaff,
        schema: {
          tags: ['admin-support'],
          querystring: adminChatQuery,
          response: { 200: adminChatListResponse },
        },
      },
      async (request) => {
        const { status, merchantCode, pageNo, pageSize } = request.query;
        return ok(await support.conversations({ status, merchantCode }, pageNo, pageSize));
      },
    );

    app.get(
      '/admin-api/support/chat/conversations/:id/messages',
      {
        onRequest: supportStaff,
        schema: {
          tags: ['admin-support'],
          params: conversationIdParams,
          querystring: chatMessagesQuery,
          response: { 200: chatMessagesResponse },
        },
      },
      async (request) => ok(await support.conversationMessages(request.params.id, request.query.beforeId)),
    );
  };
}
