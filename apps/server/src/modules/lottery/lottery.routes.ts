import {
  cancelDrawBody,
  cancelDrawParams,
  cancelDrawResponse,
  gameDrawsQuery,
  gameDrawsResponse,
  gameMenuQuery,
  gameMenuResponse,
  myBetsQuery,
  myBetsResponse,
  openedNumbersQuery,
  openedNumbersResponse,
  placeBetBody,
  placeBetResponse,
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
      '/lgw/vn/numeros/opened/game',
      { schema: { tags, querystring: openedNumbersQuery, response: { 200: openedNumbersResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        const { gameCode, count } = request.query;
        return ok({ list: await services.lottery.openedNumbers(merchant, gameCode, count) });
      },
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
