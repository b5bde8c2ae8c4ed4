import {
  betRecordQuery,
  betRecordResponse,
  favouriteEntriesResponse,
  favouriteGamesListQuery,
  favouriteGamesQuery,
  favouriteToggleBody,
  favouriteToggleResponse,
  gamePageResponse,
  profitLossQuery,
  profitLossResponse,
  rankListQuery,
  rankListResponse,
  recentGamesQuery,
} from '@tala/contracts/game-play';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';

const tags = ['games'];
const ok = <T>(value: T) => ({ success: true as const, value });

/** The member's games (favourites, recent), the winner board and the records of spec §2 (member centre). */
export function gamesPlayRoutes(services: Services): FastifyPluginAsyncZod {
  const play = services.gamesPlay;
  return async (app) => {
    const member = memberGuard(services);
    const realMember = memberGuard(services, { realAccount: true });

    app.get(
      '/wps/relay/MCSFE_getFavoriteGames',
      {
        onRequest: member,
        schema: { tags, querystring: favouriteGamesQuery, response: { 200: favouriteEntriesResponse } },
      },
      async (request) => {
        const { member: m, merchant } = guardedMember(request);
        const list = await play.favourites(merchant, m.id, request.query.gameType);
        return ok(list.map((g) => ({ nodeId: g.nodeId, vendor: g.vendor, gameType: g.gameType })));
      },
    );

    app.get(
      '/wps/relay/MCSFE_getFavoriteGamesList',
      {
        onRequest: member,
        schema: { tags, querystring: favouriteGamesListQuery, response: { 200: gamePageResponse } },
      },
      async (request) => {
        const { member: m, merchant } = guardedMember(request);
        return ok(await play.favouritePage(merchant, m.id, request.query));
      },
    );

    app.post(
      '/wps/relay/MCSFE_addFavoriteGame',
      {
        onRequest: member,
        schema: { tags, body: favouriteToggleBody, response: { 200: favouriteToggleResponse } },
      },
      async (request) => {
        const { member: m, merchant } = guardedMember(request);
        return ok(await play.toggleFavourite(merchant, m.id, request.body, true));
      },
    );

    app.post(
      '/wps/relay/MCSFE_removeFavoriteGame',
      {
        onRequest: member,
        schema: { tags, body: favouriteToggleBody, response: { 200: favouriteToggleResponse } },
      },
      async (request) => {
        const { member: m, merchant } = guardedMember(request);
        return ok(await play.toggleFavourite(merchant, m.id, request.body, false));
      },
    );

    app.get(
      '/wps/relay/GCS_recentGame',
      {
        onRequest: member,
        schema: { tags, querystring: recentGamesQuery, response: { 200: gamePageResponse } },
      },
      async (request) => {
        const { member: m, merchant } = guardedMember(request);
        return ok(await play.recent(merchant, m.id, request.query));
      },
    );

    app.get(
      '/wps/relay/GCSGAME_getRankList',
      { schema: { tags, querystring: rankListQuery, response: { 200: rankListResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return ok(await play.rankList(merchant, request.query, request.query.language));
      },
    );

    app.get(
      '/wps/relay/MCSFE_getBetRecords',
      {
        onRequest: realMember,
        schema: { tags, querystring: betRecordQuery, response: { 200: betRecordResponse } },
      },
      async (request) => {
        const { member: m, merchant } = guardedMember(request);
        return ok(await play.betRecord(merchant, m.id, request.query));
      },
    );

    app.get(
      '/wps/relay/MCSFE_getProfitLoss',
      {
        onRequest: realMember,
        schema: { tags, querystring: profitLossQuery, response: { 200: profitLossResponse } },
      },
      async (request) => {
        const { member: m, merchant } = guardedMember(request);
        return ok(await play.profitLoss(merchant, m.id, request.query.period));
      },
    );
  };
}
