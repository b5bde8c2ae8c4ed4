import {
  cancelChaseResponse,
  cancelDrawBody,
  cancelDrawParams,
  cancelDrawResponse,
  chaseParams,
  gameDrawsQuery,
  gameDrawsResponse,
  gameMenuQuery,
  gameMenuResponse,
  hashChainsQuery,
  hashChainsResponse,
  lotteryStateResponse,
  myBetsQuery,
  myBetsResponse,
  myChasesQuery,
  myChasesResponse,
  oneDrawQuery,
  oneDrawResponse,
  openedNumbersQuery,
  openedNumbersResponse,
  placeBetBody,
  placeBetResponse,
  recentGamesResponse,
  startChaseBody,
  startChaseResponse,
} from '@tala/contracts/lottery';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

/**
 * The in-house lottery's calls: the lottery client's family `/lgw/vn/...` (spec §7: game_menu, opened numbers)
 * plus the draws of a game, bets and my bets; the back office's draw cancellation. Games, draws and results are
 * public; betting needs a real (not trial) member's session.
 */
export function lotteryRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['lottery'];
    const realMember = memberGuard(services, { realAccount: true });
    const ok = <T>(value: T) => ({ success: true as const, value });

    app.get(
      '/lgw/vn/games/game_menu',
      { schema: { tags, querystring: gameMenuQuery, response: { 200: gameMenuResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return ok({ list: await services.lottery.gameMenu(merchant, request.query.prizeMode) });
      },
    );

    app.get(
      '/lgw/vn/games/draws',
      { schema: { tags, querystring: gameDrawsQuery, response: { 200: gameDrawsResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return ok(await services.lottery.gameDraws(merchant, request.query.gameCode));
      },
    );

    app.get(
      '/lgw/vn/games/chain',
      { schema: { tags, querystring: hashChainsQuery, response: { 200: hashChainsResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return ok(await services.lottery.hashChains(merchant, request.query.gameCode));
      },
    );

    app.get(
      '/lgw/vn/numeros/opened/game',
      { schema: { tags, querystring: openedNumbersQuery, response: { 200: openedNumbersResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        const { gameCode, count } = request.query;
        return ok({ list: await services.lottery.openedNumbers(merchant, gameCode, count) });
      },
    );

    // Spec §7 names a second path for the opened numbers; both answer the same.
    app.get(
      '/lotto/lgw/games/opened/numero',
      { schema: { tags, querystring: openedNumbersQuery, response: { 200: openedNumbersResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        const { gameCode, count } = request.query;
        return ok({ list: await services.lottery.openedNumbers(merchant, gameCode, count) });
      },
    );

    app.get(
      '/lgw/vn/games/game_menu/recent',
      {
        onRequest: memberGuard(services),
        schema: { tags, querystring: gameMenuQuery, response: { 200: recentGamesResponse } },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok({ list: await services.lottery.recentGames(merchant, member, request.query.prizeMode) });
      },
    );

    app.get(
      '/lgw/vn/games/draw',
      { schema: { tags, querystring: oneDrawQuery, response: { 200: oneDrawResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return ok(await services.lottery.oneDraw(merchant, request.query.gameCode, request.query.issueNo));
      },
    );

    app.get(
      '/lgw/vn/games/state',
      { schema: { tags, response: { 200: lotteryStateResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return ok({ state: await services.lottery.lotteryState(merchant) });
      },
    );

    app.post(
      '/lgw/vn/chases',
      {
        onRequest: realMember,
        schema: { tags, body: startChaseBody, response: { 200: startChaseResponse } },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await services.lottery.startChase(merchant, member, request.body));
      },
    );

    app.get(
      '/lgw/vn/chases',
      {
        onRequest: realMember,
        schema: { tags, querystring: myChasesQuery, response: { 200: myChasesResponse } },
      },
      async (request) => ok(await services.lottery.myChases(guardedMember(request).member, request.query)),
    );

    app.post(
      '/lgw/vn/chases/:chaseId/cancel',
      {
        onRequest: realMember,
        schema: { tags, params: chaseParams, response: { 200: cancelChaseResponse } },
      },
      async (request) =>
        ok(await services.lottery.cancelChase(guardedMember(request).member, request.params.chaseId)),
    );

    app.post(
      '/lgw/vn/bets',
      { onRequest: realMember, schema: { tags, body: placeBetBody, response: { 200: placeBetResponse } } },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await services.lottery.placeBet(merchant, member, request.body));
      },
    );

    app.get(
      '/lgw/vn/bets',
      {
        onRequest: realMember,
        schema: { tags, querystring: myBetsQuery, response: { 200: myBetsResponse } },
      },
      async (request) => ok(await services.lottery.myBets(guardedMember(request).member, request.query)),
    );

    // Cancelling a draw refunds every bet on it: owners and finance decide.
    const deciders = operatorGuard(services.operators, ['owner', 'finance']);
    app.post(
      '/admin-api/merchants/:code/lottery/draws/:drawId/cancel',
      {
        onRequest: deciders,
        schema: {
          tags: ['admin'],
          params: cancelDrawParams,
          body: cancelDrawBody,
          response: { 200: cancelDrawResponse },
        },
      },
      async (request) => {
        const operator = guardedOperator(request);
        const merchant = await services.merchants.byCode(request.params.code);
        return ok(
          await services.lottery.cancel(
            { id: operator.id, name: operator.username, ip: clientIp(request) },
            merchant,
            request.params.drawId,
            request.body.reason,
          ),
        );
      },
    );
  };
}
