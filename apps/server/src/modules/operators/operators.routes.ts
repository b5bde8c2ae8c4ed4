import {
  adminLoginBody,
  adminLoginResponse,
  adminMeResponse,
  createOperatorBody,
  emptyResponse,
  operatorIdParams,
  operatorListResponse,
  operatorResponse,
  updateOperatorBody,
} from '@tala/contracts/admin';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { operatorToken } from '../../http/operator-auth.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from './operator-guard.ts';

/** The guarded operator as the actor of an audited change. */
function actorOf(request: FastifyRequest) {
  const operator = guardedOperator(request);
  return { id: operator.id, name: operator.username, ip: clientIp(request) };
}

/** Back-office sign-in and operator management (owners only). */
export function operatorsRoutes(
  services: Services,
  limits: { signInsPerMinute: number },
): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = operatorGuard(services.operators);
    const ownersOnly = operatorGuard(services.operators, ['owner']);

    app.post(
      '/admin-api/session',
      {
        schema: { tags: ['admin'], body: adminLoginBody, response: { 200: adminLoginResponse } },
        config: { rateLimit: { max: limits.signInsPerMinute, timeWindow: '1 minute' } },
      },
      async (request) => {
        const value = await services.operators.login(
          request.body.username,
          request.body.password,
          clientIp(request),
        );
        return { success: true as const, value };
      },
    );

    app.get(
      '/admin-api/session',
      { onRequest: signedIn, schema: { tags: ['admin'], response: { 200: adminMeResponse } } },
      async (request) => ({ success: true as const, value: guardedOperator(request) }),
    );

    app.delete(
      '/admin-api/session',
      { onRequest: signedIn, schema: { tags: ['admin'], response: { 200: emptyResponse } } },
      async (request) => {
        await services.operators.logout(
          operatorToken(request) as string,
          guardedOperator(request),
          clientIp(request),
        );
        return { success: true as const, value: null };
      },
    );

    app.get(
      '/admin-api/operators',
      { onRequest: ownersOnly, schema: { tags: ['admin'], response: { 200: operatorListResponse } } },
      async () => ({ success: true as const, value: await services.operators.list() }),
    );

    app.post(
      '/admin-api/operators',
      {
        onRequest: ownersOnly,
        schema: { tags: ['admin'], body: createOperatorBody, response: { 200: operatorResponse } },
      },
      async (request) => ({
        success: true as const,
        value: await services.operators.createBy(actorOf(request), request.body),
      }),
    );

    app.patch(
      '/admin-api/operators/:id',
      {
        onRequest: ownersOnly,
        schema: {
          tags: ['admin'],
          params: operatorIdParams,
          body: updateOperatorBody,
          response: { 200: operatorResponse },
        },
      },
      async (request) => ({
        success: true as const,
        value: await services.operators.setDisabled(
          actorOf(request),
          request.params.id,
          request.body.disabled,
        ),
      }),
    );
  };
}
