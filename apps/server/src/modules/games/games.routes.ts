import {
  gameArrayResponse,
  gameListQuery,
  gameListResponse,
  gameMenusResponse,
  hotGamesQuery,
  popularQuery,
  thumbParams,
  vassGameTypeQuery,
  vassGameTypeResponse,
  vendorListResponse,
  vendorQuery,
} from '@tala/contracts/games';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';

const svgHeaders = {
  'content-type': 'image/svg+xml; charset=utf-8',
  'cache-control': 'public, max-age=86400',
  'x-content-type-options': 'nosniff',
  'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'",
};

/** Public catalogue calls of spec §7 (Games): vendors, menus, lists, hot and popular games, thumbnails. */
export function gamesRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['games'];

    app.get(
      '/wps/relay/GCSGAME_gameVendor',
      { schema: { tags, querystring: vendorQuery, response: { 200: vendorListResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return {
          success: true as const,
          value: await services.games.vendors(merchant, request.query.gameType),
        };
      },
    );

    app.get(
      '/lgw/games/game_menus',
      { schema: { tags, response: { 200: gameMenusResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return { success: true as const, value: await services.games.menus(merchant) };
      },
    );

    app.get(
      '/wps/relay/GCSGAME_gameList',
      { schema: { tags, querystring: gameListQuery, response: { 200: gameListResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return { success: true as const, value: await services.games.list(merchant, request.query) };
      },
    );

    app.get(
      '/wps/relay/GCSGAME_hotGamesV2',
      { schema: { tags, querystring: hotGamesQuery, response: { 200: gameArrayResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return { success: true as const, value: await services.games.hot(merchant, request.query) };
      },
    );

    app.get(
      '/wps/relay/GCSGAME_getVassGameType',
      { schema: { tags, querystring: vassGameTypeQuery, response: { 200: vassGameTypeResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return {
          success: true as const,
          value: await services.games.vassalageTypes(merchant, request.query.vassalage),
        };
      },
    );

    app.get(
      '/lgw/games/popular',
      { schema: { tags, querystring: popularQuery, response: { 200: gameArrayResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return { success: true as const, value: await services.games.popular(merchant, request.query.count) };
      },
    );

    app.get(
      '/lgw/games/thumb/:nodeId.svg',
      { schema: { tags, params: thumbParams } },
      async (request, reply) =>
        reply.headers(svgHeaders).send(await services.games.thumbnail(request.params.nodeId)),
    );

    app.get(
      '/lgw/games/vendor-logo/:code.svg',
      { schema: { tags, params: z.object({ code: z.string().regex(/^[A-Z0-9_]{2,32}$/) }) } },
      async (request, reply) =>
        reply.headers(svgHeaders).send(await services.games.vendorLogo(request.params.code)),
    );
  };
}
