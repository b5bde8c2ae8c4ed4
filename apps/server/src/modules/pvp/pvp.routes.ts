import {
  pvpHistoryResponse,
  pvpMoveRequest,
  pvpRoomListQuery,
  pvpRoomListResponse,
  pvpSitRequest,
  pvpTableParams,
  pvpTableStateResponse,
} from '@tala/contracts/pvp';
import { launchQuery, launchResponse } from '@tala/contracts/vendor-api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard, memberToken } from '../members/member-guard.ts';
import type { Merchant } from '../merchants/merchants.service.ts';

/**
 * The PvP card tables' player calls (spec §7: GLS2_roomList and launchGame; decision 057 for /wps/pvp/*). The room
 * list and a table are open to guests (who see no cards); sitting, moves, leaving and the hand history need a real
 * (not trial) member's session. A table's changes are announced on the live socket (/wps/live/socket).
 */
export function pvpRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['pvp'];
    const member = memberGuard(services);
    const realMember = memberGuard(services, { realAccount: true });
    const { pvp } = services;
    const ok = <T>(value: T) => ({ success: true as const, value });

    /** The member asking, if the request carries a live session (a guest otherwise: never an error). */
    async function viewer(request: FastifyRequest, merchant: Merchant) {
      const token = memberToken(request);
      if (!token) return null;
      try {
        return { id: (await services.members.authenticate(merchant, token)).id };
      } catch {
        return null;
      }
    }

    app.get(
      '/wps/relay/GLS2_roomList',
      { schema: { tags, querystring: pvpRoomListQuery, response: { 200: pvpRoomListResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return ok({ list: await pvp.roomList(merchant, request.query.game) });
      },
    );

    // The PvP client's name for the launch of a game (spec §7); the same launch as every other game's.
    app.get(
      '/wps/game/launchGame',
      { onRequest: member, schema: { tags, querystring: launchQuery, response: { 200: launchResponse } } },
      async (request) => {
        const { member: m, merchant } = guardedMember(request);
        return ok(await services.seamless.launch(merchant, m, request.query));
      },
    );

    app.get(
      '/wps/pvp/tables/:code',
      { schema: { tags, params: pvpTableParams, response: { 200: pvpTableStateResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return ok(await pvp.state(merchant, await viewer(request, merchant), request.params.code));
      },
    );

    app.post(
      '/wps/pvp/tables/:code/sit',
      {
        onRequest: realMember,
        schema: {
          tags,
          params: pvpTableParams,
          body: pvpSitRequest,
          response: { 200: pvpTableStateResponse },
        },
      },
      async (request) => {
        const { member: m, merchant } = guardedMember(request);
        return ok(await pvp.sit(merchant, m, clientIp(request), request.params.code, request.body));
      },
    );

    app.post(
      '/wps/pvp/tables/:code/leave',
      {
        onRequest: realMember,
        schema: { tags, params: pvpTableParams, response: { 200: pvpTableStateResponse } },
      },
      async (request) => {
        const { member: m, merchant } = guardedMember(request);
        return ok(await pvp.leave(merchant, m, request.params.code));
      },
    );

    app.post(
      '/wps/pvp/tables/:code/move',
      {
        onRequest: realMember,
        schema: {
          tags,
          params: pvpTableParams,
          body: pvpMoveRequest,
          response: { 200: pvpTableStateResponse },
        },
      },
      async (request) => {
        const { member: m, merchant } = guardedMember(request);
        return ok(await pvp.move(merchant, m, request.params.code, request.body));
      },
    );

    app.get(
      '/wps/pvp/hands',
      { onRequest: realMember, schema: { tags, response: { 200: pvpHistoryResponse } } },
      async (request) => ok({ hands: await pvp.history(guardedMember(request).member) }),
    );
  };
}
