import {
  liveClientFrame,
  placeBody,
  placeResponse,
  recallQuery,
  recallResponse,
  roundParams,
  roundResponse,
  tableParams,
  tableResponse,
  tablesResponse,
} from '@tala/contracts/live';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMerchant, socketMerchant } from '../../http/merchant-context.ts';
import { frameLanguage, parse, refuse } from '../../http/socket-frames.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';

/**
 * The live studio's player calls under /wps/live/*. Tables, rounds and the table socket are open to guests (a
 * table can be watched before signing in); placing chips and game recall need a real (not trial) member's session.
 */
export function liveRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['live'];
    const realMember = memberGuard(services, { realAccount: true });
    const { live, liveHub } = services;

    app.get('/wps/live/tables', { schema: { tags, response: { 200: tablesResponse } } }, async (request) => ({
      success: true as const,
      value: { list: await live.tables(await requestMerchant(services.merchants, request)) },
    }));

    app.get(
      '/wps/live/tables/:code',
      { schema: { tags, params: tableParams, response: { 200: tableResponse } } },
      async (request) => ({
        success: true as const,
        value: await live.table(request.params.code, await requestMerchant(services.merchants, request)),
      }),
    );

    app.get(
      '/wps/live/tables/:code/rounds/:roundNo',
      { schema: { tags, params: roundParams, response: { 200: roundResponse } } },
      async (request) => ({
        success: true as const,
        value: await live.round(request.params.code, request.params.roundNo),
      }),
    );

    app.post(
      '/wps/live/bets',
      { onRequest: realMember, schema: { tags, body: placeBody, response: { 200: placeResponse } } },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return { success: true as const, value: await live.place(merchant, member, request.body) };
      },
    );

    app.get(
      '/wps/live/recall',
      {
        onRequest: realMember,
        schema: { tags, querystring: recallQuery, response: { 200: recallResponse } },
      },
      async (request) => ({
        success: true as const,
        value: { list: await live.recall(guardedMember(request).member, request.query.tableCode) },
      }),
    );

    // The table socket: `watch` names the tables and bingo rooms to follow; rounds, results and a room's games (as
    // the socket's merchant sees them) are pushed as they happen.
    app.get('/wps/live/socket', { websocket: true, schema: { hide: true } }, (socket, request) => {
      const language = frameLanguage(request);
      socket.on('close', () => liveHub.unwatch(socket));
      // Tables need no merchant; a room's frames (its games and its chat) are its merchant's view (watching one
      // without a merchant is refused).
      const merchant = socketMerchant(services.merchants, request).then(
        (m) => liveHub.connect(socket, m.id),
        () => liveHub.connect(socket, null),
      );
      socket.on('message', (data, isBinary) => {
        void (async () => {
          try {
            await merchant;
            const frame = parse(liveClientFrame, data, isBinary);
            if (frame.type === 'ping') return liveHub.send(socket, { type: 'pong' });
            await liveHub.watch(socket, frame.tables);
          } catch (error) {
            refuse(socket, request.log, language, error);
          }
        })();
      });
    });
  };
}
