import {
  enterResultBody,
  exposureQuery,
  exposureResponse,
  lotteryReportQuery,
  lotteryReportResponse,
  officeBetTypeParams,
  officeChasesQuery,
  officeChasesResponse,
  officeDrawParams,
  officeDrawResponse,
  officeDrawsQuery,
  officeDrawsResponse,
  officeEntryParams,
  officeGameParams,
  officeGameResponse,
  officeGamesResponse,
  officeMerchantParams,
  rejectResultBody,
  saveBetTypeBody,
  saveGameBody,
} from '@tala/contracts/lottery-office';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

/**
 * The lottery's back office (docs/decisions/042-lottery-office.md). Who may do what:
 * - owners and finance: everything (settings, results entered and approved — by two different operators — P&L);
 * - support: reads games, schedules, draws, chases and exposure (to answer players), changes nothing;
 * - content: nothing.
 */
export function lotteryOfficeRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const ok = <T>(value: T) => ({ success: true as const, value });
    const readers = operatorGuard(services.operators, ['owner', 'finance', 'support']);
    const deciders = operatorGuard(services.operators, ['owner', 'finance']);
    const base = '/admin-api/merchants/:code/lottery';
    const office = services.lottery.office;
    const actor = (request: Parameters<typeof guardedOperator>[0]) => {
      const operator = guardedOperator(request);
      return { id: operator.id, name: operator.username, ip: clientIp(request) };
    };
    const merchantOf = (code: string) => services.merchants.byCode(code);

    app.get(
      `${base}/games`,
      {
        onRequest: readers,
        schema: { tags, params: officeMerchantParams, response: { 200: officeGamesResponse } },
      },
      async (request) => ok(await office.games(await merchantOf(request.params.code))),
    );

    app.put(
      `${base}/games/:gameCode`,
      {
        onRequest: deciders,
        schema: { tags, params: officeGameParams, body: saveGameBody, response: { 200: officeGameResponse } },
      },
      async (request) =>
        ok(
          await office.saveGame(
            actor(request),
            await merchantOf(request.params.code),
            request.params.gameCode,
            request.body,
          ),
        ),
    );

    app.put(
      `${base}/games/:gameCode/bet-types/:betType`,
      {
        onRequest: deciders,
        schema: {
          tags,
          params: officeBetTypeParams,
          body: saveBetTypeBody,
          response: { 200: officeGameResponse },
        },
      },
      async (request) =>
        ok(
          await office.saveBetType(
            actor(request),
            await merchantOf(request.params.code),
            request.params.gameCode,
            request.params.betType,
            request.body,
          ),
        ),
    );

    app.get(
      `${base}/draws`,
      {
        onRequest: readers,
        schema: {
          tags,
          params: officeMerchantParams,
          querystring: officeDrawsQuery,
          response: { 200: officeDrawsResponse },
        },
      },
      async (request) => ok(await office.draws(await merchantOf(request.params.code), request.query)),
    );

    app.get(
      `${base}/chases`,
      {
        onRequest: readers,
        schema: {
          tags,
          params: officeMerchantParams,
          querystring: officeChasesQuery,
          response: { 200: officeChasesResponse },
        },
      },
      async (request) => ok(await office.chases(await merchantOf(request.params.code), request.query)),
    );

    app.get(
      `${base}/draws/:drawId`,
      {
        onRequest: readers,
        schema: { tags, params: officeDrawParams, response: { 200: officeDrawResponse } },
      },
      async (request) =>
        ok(await office.drawDetail(await merchantOf(request.params.code), request.params.drawId)),
    );

    app.get(
      `${base}/exposure`,
      {
        onRequest: readers,
        schema: {
          tags,
          params: officeMerchantParams,
          querystring: exposureQuery,
          response: { 200: exposureResponse },
        },
      },
      async (request) =>
        ok(await office.exposure(await merchantOf(request.params.code), request.query.gameCode)),
    );

    app.post(
      `${base}/draws/:drawId/results`,
      {
        onRequest: deciders,
        schema: {
          tags,
          params: officeDrawParams,
          body: enterResultBody,
          response: { 200: officeDrawResponse },
        },
      },
      async (request) =>
        ok(
          await office.enterResult(
            actor(request),
            await merchantOf(request.params.code),
            request.params.drawId,
            request.body.result,
          ),
        ),
    );

    app.post(
      `${base}/draws/:drawId/results/:entryId/approve`,
      {
        onRequest: deciders,
        schema: { tags, params: officeEntryParams, response: { 200: officeDrawResponse } },
      },
      async (request) =>
        ok(
          await office.approveResult(
            actor(request),
            await merchantOf(request.params.code),
            request.params.drawId,
            request.params.entryId,
          ),
        ),
    );

    app.post(
      `${base}/draws/:drawId/results/:entryId/reject`,
      {
        onRequest: deciders,
        schema: {
          tags,
          params: officeEntryParams,
          body: rejectResultBody,
          response: { 200: officeDrawResponse },
        },
      },
      async (request) =>
        ok(
          await office.rejectResult(
            actor(request),
            await merchantOf(request.params.code),
            request.params.drawId,
            request.params.entryId,
            request.body.reason,
          ),
        ),
    );

    app.get(
      `${base}/report`,
      {
        onRequest: deciders,
        schema: {
          tags,
          params: officeMerchantParams,
          querystring: lotteryReportQuery,
          response: { 200: lotteryReportResponse },
        },
      },
      async (request) => ok(await office.report(await merchantOf(request.params.code), request.query)),
    );
  };
}
