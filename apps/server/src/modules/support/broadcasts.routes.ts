import { merchantCodeParams } from '@tala/contracts/admin';
import {
  broadcastDraft,
  broadcastIdParams,
  broadcastListQuery,
  broadcastListResponse,
  broadcastPreviewBody,
  broadcastPreviewResponse,
  broadcastResponse,
} from '@tala/contracts/broadcasts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

const tags = ['admin-support'];
const ok = <T>(value: T) => ({ success: true as const, value });

/**
 * Back office: platform messages to segments. Every role reads the list; owners and support (the team that talks to
 * members) preview, send and withdraw (docs/decisions/037-platform-messages.md).
 */
export function broadcastsRoutes(services: Services): FastifyPluginAsyncZod {
  const support = services.support;
  const readers = operatorGuard(services.operators, ['owner', 'support', 'content', 'finance']);
  const senders = operatorGuard(services.operators, ['owner', 'support']);
  const actorOf = (request: FastifyRequest) => {
    const operator = guardedOperator(request);
    return { id: operator.id, name: operator.username, ip: clientIp(request) };
  };

  return async (app) => {
    app.get(
      '/admin-api/merchants/:code/broadcasts',
      {
        onRequest: readers,
        schema: {
          tags,
          params: merchantCodeParams,
          querystring: broadcastListQuery,
          response: { 200: broadcastListResponse },
        },
      },
      async (request) =>
        ok(await support.broadcasts(request.params.code, request.query.pageNo, request.query.pageSize)),
    );

    app.get(
      '/admin-api/merchants/:code/broadcasts/:id',
      {
        onRequest: readers,
        schema: {
          tags,
          params: merchantCodeParams.extend(broadcastIdParams.shape),
          response: { 200: broadcastResponse },
        },
      },
      async (request) => ok(await support.broadcast(request.params.code, request.params.id)),
    );

    app.post(
      '/admin-api/merchants/:code/broadcasts/preview',
      {
        onRequest: senders,
        schema: {
          tags,
          params: merchantCodeParams,
          body: broadcastPreviewBody,
          response: { 200: broadcastPreviewResponse },
        },
      },
      async (request) => ok(await support.previewBroadcast(request.params.code, request.body.segment)),
    );

    app.post(
      '/admin-api/merchants/:code/broadcasts',
      {
        onRequest: senders,
        schema: {
          tags,
          params: merchantCodeParams,
          body: broadcastDraft,
          response: { 200: broadcastResponse },
        },
      },
      async (request) =>
        ok(await support.createBroadcast(actorOf(request), request.params.code, request.body)),
    );

    app.post(
      '/admin-api/merchants/:code/broadcasts/:id/withdraw',
      {
        onRequest: senders,
        schema: {
          tags,
          params: merchantCodeParams.extend(broadcastIdParams.shape),
          response: { 200: broadcastResponse },
        },
      },
      async (request) =>
        ok(await support.withdrawBroadcast(actorOf(request), request.params.code, request.params.id)),
    );
  };
}
