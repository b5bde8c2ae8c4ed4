import {
  adminBetsQuery,
  adminBetsResponse,
  adminGameResponse,
  adminGamesQuery,
  adminGamesResponse,
  adminJackpotResponse,
  adminLineResponse,
  adminLinesResponse,
  adminReportQuery,
  adminReportResponse,
  credentialsBody,
  credentialsResponse,
  jackpotSeedBody,
  merchantQuery,
  nodeParams,
  switchesBody,
  vendorCredentialsListResponse,
  vendorParams,
} from '@tala/contracts/game-admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';
import type { OperatorActor } from './games-admin.service.ts';

const tags = ['admin-games'];
const ok = <T>(value: T) => ({ success: true as const, value });

/**
 * Back-office games: catalogue switches (owners and content operators), vendor credentials (owners), the bets
 * explorer (owners, finance, support) and the profit-and-loss report (owners and finance).
 */
export function gamesAdminRoutes(services: Services): FastifyPluginAsyncZod {
  const admin = services.gamesAdmin;
  return async (app) => {
    const catalogueEditors = operatorGuard(services.operators, ['owner', 'content']);
    const owners = operatorGuard(services.operators, ['owner']);
    const betReaders = operatorGuard(services.operators, ['owner', 'finance', 'support']);
    const reportReaders = operatorGuard(services.operators, ['owner', 'finance']);
    const actor = (request: FastifyRequest): OperatorActor => {
      const operator = guardedOperator(request);
      return { id: operator.id, name: operator.username, ip: clientIp(request) };
    };

    app.get(
      '/admin-api/games/jackpot',
      {
        onRequest: reportReaders,
        schema: { tags, querystring: merchantQuery, response: { 200: adminJackpotResponse } },
      },
      async (request) => ok(await admin.jackpot(request.query.merchant)),
    );

    app.put(
      '/admin-api/games/jackpot',
      {
        // The seed is the operator's money: owners and finance set it, as they read the report.
        onRequest: reportReaders,
        schema: { tags, body: jackpotSeedBody, response: { 200: adminJackpotResponse } },
      },
      async (request) =>
        ok(await admin.setJackpotSeed(request.body.merchant, request.body.seed, actor(request))),
    );

    app.get(
      '/admin-api/games/lines',
      {
        onRequest: catalogueEditors,
        schema: { tags, querystring: merchantQuery, response: { 200: adminLinesResponse } },
      },
      async (request) => ok(await admin.lines(request.query.merchant)),
    );

    app.put(
      '/admin-api/games/lines/:nodeId',
      {
        onRequest: catalogueEditors,
        schema: { tags, params: nodeParams, body: switchesBody, response: { 200: adminLineResponse } },
      },
      async (request) => {
        const { merchant, ...values } = request.body;
        return ok(await admin.setLine(merchant, request.params.nodeId, values, actor(request)));
      },
    );

    app.get(
      '/admin-api/games/games',
      {
        onRequest: catalogueEditors,
        schema: { tags, querystring: adminGamesQuery, response: { 200: adminGamesResponse } },
      },
      async (request) => {
        const { merchant, vassalage, name, pageNo, pageSize } = request.query;
        return ok(await admin.games(merchant, { vassalage, name }, { pageNo, pageSize }));
      },
    );

    app.put(
      '/admin-api/games/games/:nodeId',
      {
        onRequest: catalogueEditors,
        schema: { tags, params: nodeParams, body: switchesBody, response: { 200: adminGameResponse } },
      },
      async (request) => {
        const { merchant, ...values } = request.body;
        return ok(await admin.setGame(merchant, request.params.nodeId, values, actor(request)));
      },
    );

    app.get(
      '/admin-api/games/vendors',
      { onRequest: owners, schema: { tags, response: { 200: vendorCredentialsListResponse } } },
      async () => ok(await admin.credentials()),
    );

    app.put(
      '/admin-api/games/vendors/:code/credentials',
      {
        onRequest: owners,
        schema: { tags, params: vendorParams, body: credentialsBody, response: { 200: credentialsResponse } },
      },
      async (request) => ok(await admin.setCredentials(request.params.code, request.body, actor(request))),
    );

    app.get(
      '/admin-api/games/bets',
      {
        onRequest: betReaders,
        schema: { tags, querystring: adminBetsQuery, response: { 200: adminBetsResponse } },
      },
      async (request) => ok(await admin.bets(request.query)),
    );

    app.get(
      '/admin-api/games/report',
      {
        onRequest: reportReaders,
        schema: { tags, querystring: adminReportQuery, response: { 200: adminReportResponse } },
      },
      async (request) => ok(await admin.report(request.query)),
    );
  };
}
