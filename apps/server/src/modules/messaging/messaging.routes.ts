import { outboxListResponse, outboxQuery } from '@tala/contracts/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';
import { operatorGuard } from '../operators/operator-guard.ts';

/** The SMS and e-mail outbox, for owners and support. */
export function messagingRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/messages',
      {
        onRequest: operatorGuard(services.operators, ['owner', 'support']),
        schema: { tags: ['admin'], querystring: outboxQuery, response: { 200: outboxListResponse } },
      },
      async (request) => ({ success: true as const, value: await services.messaging.outbox(request.query) }),
    );
  };
}
