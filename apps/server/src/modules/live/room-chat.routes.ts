import { roomChatPostResponse, roomChatResponse, roomParams } from '@tala/contracts/bingo';
import {
  roomChatMuteBody,
  roomChatMuteResponse,
  roomChatOfficeMerchantParams,
  roomChatOfficeMessageParams,
  roomChatOfficeMessageResponse,
  roomChatOfficeParams,
  roomChatOfficeResponse,
  roomChatOfficeRoomsResponse,
  roomChatPostBody,
} from '@tala/contracts/room-chat';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard, memberToken } from '../members/member-guard.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';
import { ROOM_CHAT_MODERATORS } from './room-chat.ts';

/**
 * The bingo rooms' chat. Players: GET /wps/bingo/rooms/:code/chat (guests may read), POST the same (a real member,
 * not a trial account). Moderators (owner, support) under /admin-api/merchants/:code/live/...: the rooms, a room's
 * recent messages and mutes, hide a message, mute a member. The socket frames go out from room-chat.ts.
 */
export function roomChatRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const chat = services.roomChat;
    const realMember = memberGuard(services, { realAccount: true });
    const moderators = operatorGuard(services.operators, ROOM_CHAT_MODERATORS);
    const ok = <T>(value: T) => ({ success: true as const, value });
    const noStore = { 'cache-control': 'no-store' };

    /** The reader: a member when the request carries a live session, else a guest. */
    async function reader(request: FastifyRequest) {
      const merchant = await requestMerchant(services.merchants, request);
      const token = memberToken(request);
      const member = token ? await services.members.authenticate(merchant, token).catch(() => null) : null;
      return { merchant, member };
    }
    const moderator = (request: FastifyRequest) => {
      const operator = guardedOperator(request);
      return { id: operator.id, name: operator.username, role: operator.role, ip: clientIp(request) };
    };
    const merchantOf = (code: string) => services.merchants.byCode(code);

    app.get(
      '/wps/bingo/rooms/:code/chat',
      { schema: { tags: ['bingo'], params: roomParams, response: { 200: roomChatResponse } } },
      async (request, reply) => {
        const { merchant, member } = await reader(request);
        reply.headers(noStore);
        return ok({ list: await chat.messages(merchant, request.params.code, member) });
      },
    );

    app.post(
      '/wps/bingo/rooms/:code/chat',
      {
        onRequest: realMember,
        schema: {
          tags: ['bingo'],
          params: roomParams,
          body: roomChatPostBody,
          response: { 200: roomChatPostResponse },
        },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await chat.post(merchant, member, request.params.code, request.body.text));
      },
    );

    const base = '/admin-api/merchants/:code/live';
    const tags = ['admin'];

    app.get(
      `${base}/chat-rooms`,
      {
        onRequest: moderators,
        schema: {
          tags,
          params: roomChatOfficeMerchantParams,
          response: { 200: roomChatOfficeRoomsResponse },
        },
      },
      async (request) =>
        ok({ list: await chat.officeRooms(moderator(request), await merchantOf(request.params.code)) }),
    );

    app.get(
      `${base}/rooms/:room/chat`,
      {
        onRequest: moderators,
        schema: { tags, params: roomChatOfficeParams, response: { 200: roomChatOfficeResponse } },
      },
      async (request) =>
        ok(
          await chat.officeMessages(
            moderator(request),
            await merchantOf(request.params.code),
            request.params.room,
          ),
        ),
    );

    app.post(
      `${base}/rooms/:room/chat/:id/hide`,
      {
        onRequest: moderators,
        schema: {
          tags,
          params: roomChatOfficeMessageParams,
          response: { 200: roomChatOfficeMessageResponse },
        },
      },
      async (request) =>
        ok(
          await chat.hide(
            moderator(request),
            await merchantOf(request.params.code),
            request.params.room,
            request.params.id,
          ),
        ),
    );

    app.post(
      `${base}/rooms/:room/chat/mutes`,
      {
        onRequest: moderators,
        schema: {
          tags,
          params: roomChatOfficeParams,
          body: roomChatMuteBody,
          response: { 200: roomChatMuteResponse },
        },
      },
      async (request) =>
        ok(
          await chat.mute(
            moderator(request),
            await merchantOf(request.params.code),
            request.params.room,
            request.body,
          ),
        ),
    );
  };
}
