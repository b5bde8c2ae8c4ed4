import {
  fishRecallQuery,
  fishRecallResponse,
  fishRoomParams,
  fishRoomStateResponse,
  fishRoomsResponse,
  fishShotRequest,
  fishShotResponse,
  fishSitRequest,
} from '@tala/contracts/fish';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard, memberToken } from '../members/member-guard.ts';
import type { Merchant } from '../merchants/merchants.service.ts';

/**
 * The fish rooms' player calls under /wps/fish/* (docs/decisions/056-fish-rooms.md; the routes are listed in
 * packages/contracts/src/fish.ts). Rooms and a room's state are open to guests; sitting, pinging, leaving, shooting
 * and recall need a real (not trial) member's session. Waves, shots and seats are pushed over the live socket.
 */
export function fishRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['fish'];
    const realMember = memberGuard(services, { realAccount: true });
    const { fish } = services;
    const ok = <T>(value: T) => ({ success: true as const, value });

    /** The member asking, if the request carries a live session (a guest otherwise: never an error). */
    async function viewer(request: FastifyRequest, merchant: Merchant) {
      const token = memberToken(request);
      if (!token) return undefined;
      try {
        return await services.members.authenticate(merchant, token);
      } catch {
        return undefined;
      }
    }

    app.get('/wps/fish/rooms', { schema: { tags, response: { 200: fishRoomsResponse } } }, async (request) =>
      ok({ list: await fish.rooms(await requestMerchant(services.merchants, request)) }),
    );

    app.get(
      '/wps/fish/rooms/:code',
      { schema: { tags, params: fishRoomParams, response: { 200: fishRoomStateResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return ok(await fish.state(merchant, request.params.code, await viewer(request, merchant)));
      },
    );

    app.post(
      '/wps/fish/rooms/:code/sit',
      {
        onRequest: realMember,
        // The client seed's form is checked by the service, so a bad one gets its own code.
        schema: {
          tags,
          params: fishRoomParams,
          body: fishSitRequest.extend({ clientSeed: z.string().max(200) }),
          response: { 200: fishRoomStateResponse },
        },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await fish.sit(merchant, member, request.params.code, request.body.clientSeed));
      },
    );

    for (const action of ['ping', 'leave'] as const)
      app.post(
        `/wps/fish/rooms/:code/${action}`,
        {
          onRequest: realMember,
          schema: { tags, params: fishRoomParams, response: { 200: fishRoomStateResponse } },
        },
        async (request) => {
          const { member, merchant } = guardedMember(request);
          return ok(await fish[action](merchant, member, request.params.code));
        },
      );

    app.post(
      '/wps/fish/shots',
      {
        onRequest: realMember,
        schema: { tags, body: fishShotRequest, response: { 200: fishShotResponse } },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await fish.shoot(merchant, member, request.body));
      },
    );

    app.get(
      '/wps/fish/recall',
      {
        onRequest: realMember,
        schema: { tags, querystring: fishRecallQuery, response: { 200: fishRecallResponse } },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok({ waves: await fish.recall(merchant, member, request.query.roomCode) });
      },
    );
  };
}
