import { auditListResponse, auditQuery } from '@tala/contracts/admin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';
import { operatorGuard } from '../operators/operator-guard.ts';

/** The audit log, read by owners only. */
export function auditRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/admin-api/audit',
      {
        onRequest: operatorGuard(services.operators, ['owner']),
        schema: { tags: ['admin'], querystring: auditQuery, response: { 200: auditListResponse } },
      },
      async (request) => ({ success: true as const, value: await services.audit.list(request.query) }),
    );
  };
}
