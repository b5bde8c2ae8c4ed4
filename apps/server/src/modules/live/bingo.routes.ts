import {
  bingoRecallQuery,
  bingoRecallResponse,
  buyBody,
  buyResponse,
  cardsQuery,
  cardsResponse,
  roomParams,
  roomResponse,
  roomsResponse,
} from '@tala/contracts/bingo';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard, memberToken } from '../members/member-guard.ts';
import type { Merchant } from '../merchants/merchants.service.ts';

/**
 * The bingo rooms' player calls under /wps/bingo/* (docs/decisions/055-bingo-rooms.md). Rooms and their games are
 * open to guests (a signed-in member also sees which winning cards are theirs); buying cards, a member's cards and
 * game recall need a real (not trial) member's session. Games are pushed over the live socket (/wps/live/socket).
 */
export function bingoRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['bingo'];
    const realMember = memberGuard(services, { realAccount: true });
    const { bingo } = services;

    /** The member asking, if the request carries a live session (a guest otherwise: never an error). */
    async function viewer(request: FastifyRequest, merchant: Merchant): Promise<number | undefined> {
      const token = memberToken(request);
      if (!token) return undefined;
      try {
        return (await services.members.authenticate(merchant, token)).id;
      } catch {
        return undefined;
      }
    }

    app.get('/wps/bingo/rooms', { schema: { tags, response: { 200: roomsResponse } } }, async (request) => {
      const merchant = await requestMerchant(services.merchants, request);
      return {
        success: true as const,
        value: { list: await bingo.rooms(merchant, new Date(), await viewer(request, merchant)) },
      };
    });

    app.get(
      '/wps/bingo/rooms/:code',
      { schema: { tags, params: roomParams, response: { 200: roomResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return {
          success: true as const,
          value: await bingo.room(merchant, request.params.code, new Date(), await viewer(request, merchant)),
        };
      },
    );

    app.post(
      '/wps/bingo/cards',
      {
        onRequest: realMember,
        // The client seed's form is checked by the service, so a bad one gets its own code.
        schema: {
          tags,
          body: buyBody.extend({ clientSeed: z.string().max(200) }),
          response: { 200: buyResponse },
        },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return { success: true as const, value: await bingo.buy(merchant, member, request.body) };
      },
    );

    app.get(
      '/wps/bingo/rooms/:code/cards',
      {
        onRequest: realMember,
        schema: { tags, params: roomParams, querystring: cardsQuery, response: { 200: cardsResponse } },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return {
          success: true as const,
          value: { list: await bingo.cards(merchant, member, request.params.code, request.query.roundNo) },
        };
      },
    );

    app.get(
      '/wps/bingo/recall',
      {
        onRequest: realMember,
        schema: { tags, querystring: bingoRecallQuery, response: { 200: bingoRecallResponse } },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return {
          success: true as const,
          value: { list: await bingo.recall(merchant, member, request.query.roomCode) },
        };
      },
    );
  };
}
