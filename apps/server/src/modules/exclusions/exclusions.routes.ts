import {
  adminBreaksResponse,
  adminExclusionBody,
  adminExclusionLiftParams,
  adminExclusionParams,
  adminLiftBody,
  breaksResponse,
  closureBody,
  liftBody,
  selfExclusionBody,
  timeoutBody,
} from '@tala/contracts/exclusions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const tags = ['safer-gambling'];
const noStore = { 'cache-control': 'no-store' };

function actorOf(request: FastifyRequest) {
  const operator = guardedOperator(request);
  return { id: operator.id, name: operator.username, ip: clientIp(request) };
}

/**
 * The member centre's breaks (time-out, self-exclusion, closure; docs/decisions/047-time-out-and-self-exclusion.md)
 * under /wps/member/, which a restricted member can still reach; the back office's family and operator exclusions
 * on a member's page (owners and support record and lift; finance reads).
 */
export function exclusionsRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const realMember = memberGuard(services, { realAccount: true });
    // Reading one's breaks is open to a free-play (trial) member too (none: the site's banner asks on every page).
    const anyMember = memberGuard(services);
    const staff = operatorGuard(services.operators, ['owner', 'support', 'finance']);
    const careTeam = operatorGuard(services.operators, ['owner', 'support']);
    const exclusions = services.exclusions;

    app.get(
      '/wps/member/breaks',
      { onRequest: anyMember, schema: { tags, response: { 200: breaksResponse } } },
      async (request, reply) => {
        reply.headers(noStore);
        return ok(await exclusions.breaksOf(guardedMember(request).member));
      },
    );

    app.post(
      '/wps/member/breaks/timeout',
      { onRequest: realMember, schema: { tags, body: timeoutBody, response: { 200: breaksResponse } } },
      async (request) =>
        ok(await exclusions.startTimeout(guardedMember(request).member, request.body, clientIp(request))),
    );

    app.post(
      '/wps/member/breaks/self-exclusion',
      { onRequest: realMember, schema: { tags, body: selfExclusionBody, response: { 200: breaksResponse } } },
      async (request) =>
        ok(
          await exclusions.startSelfExclusion(guardedMember(request).member, request.body, clientIp(request)),
        ),
    );

    app.post(
      '/wps/member/breaks/closure',
      { onRequest: realMember, schema: { tags, body: closureBody, response: { 200: breaksResponse } } },
      async (request) =>
        ok(await exclusions.closeAccount(guardedMember(request).member, request.body, clientIp(request))),
    );

    app.post(
      '/wps/member/breaks/lift',
      { onRequest: realMember, schema: { tags, body: liftBody, response: { 200: breaksResponse } } },
      async (request) =>
        ok(
          await exclusions.requestLift(
            guardedMember(request).member,
            request.body.exclusionId,
            clientIp(request),
          ),
        ),
    );

    app.get(
      '/admin-api/members/:id/exclusions',
      {
        onRequest: staff,
        schema: { tags: ['admin'], params: adminExclusionParams, response: { 200: adminBreaksResponse } },
      },
      async (request) => ok(await exclusions.adminBreaks(request.params.id)),
    );

    app.post(
      '/admin-api/members/:id/exclusions',
      {
        onRequest: careTeam,
        schema: {
          tags: ['admin'],
          params: adminExclusionParams,
          body: adminExclusionBody,
          response: { 200: adminBreaksResponse },
        },
      },
      async (request) =>
        ok(await exclusions.excludeByOperator(actorOf(request), request.params.id, request.body)),
    );

    app.post(
      '/admin-api/members/:id/exclusions/:exclusionId/lift',
      {
        onRequest: careTeam,
        schema: {
          tags: ['admin'],
          params: adminExclusionLiftParams,
          body: adminLiftBody,
          response: { 200: adminBreaksResponse },
        },
      },
      async (request) =>
        ok(
          await exclusions.liftByOperator(
            actorOf(request),
            request.params.id,
            request.params.exclusionId,
            request.body,
          ),
        ),
    );
  };
}
