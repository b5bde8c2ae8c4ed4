import {
  adminLimitsParams,
  adminLimitsQuery,
  adminLimitsResponse,
  limitKeyBody,
  limitsResponse,
  setLimitBody,
  setLimitResponse,
} from '@tala/contracts/limits';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';
import { operatorGuard } from '../operators/operator-guard.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const tags = ['limits'];
const noStore = { 'cache-control': 'no-store' };

/**
 * The member's own limits (issue 18 item 1) in the spec's `/wps/relay/<SERVICE>_<method>` family (RG: responsible
 * gaming), for real members (trial members get in_need_true_account from the guard); and a member's limits read in
 * the back office by the staff who read member details (owners, support and finance; decision 046).
 */
export function limitsRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const realMember = memberGuard(services, { realAccount: true });
    const staff = operatorGuard(services.operators, ['owner', 'support', 'finance']);
    const limits = services.limits;

    app.get(
      '/wps/relay/RG_getLimits',
      { onRequest: realMember, schema: { tags, response: { 200: limitsResponse } } },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await limits.state(merchant, member));
      },
    );

    app.post(
      '/wps/relay/RG_setLimit',
      { onRequest: realMember, schema: { tags, body: setLimitBody, response: { 200: setLimitResponse } } },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await limits.set(merchant, member, request.body, clientIp(request)));
      },
    );

    app.post(
      '/wps/relay/RG_confirmLimit',
      { onRequest: realMember, schema: { tags, body: limitKeyBody, response: { 200: setLimitResponse } } },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await limits.confirm(merchant, member, request.body.key, clientIp(request)));
      },
    );

    app.post(
      '/wps/relay/RG_cancelLimitChange',
      { onRequest: realMember, schema: { tags, body: limitKeyBody, response: { 200: setLimitResponse } } },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await limits.cancel(merchant, member, request.body.key, clientIp(request)));
      },
    );

    app.get(
      '/admin-api/merchants/:code/members/:id/limits',
      {
        onRequest: staff,
        schema: {
          tags: ['admin'],
          params: adminLimitsParams,
          querystring: adminLimitsQuery,
          response: { 200: adminLimitsResponse },
        },
      },
      async (request, reply) => {
        reply.headers(noStore);
        const merchant = await services.merchants.byCode(request.params.code);
        return ok(await services.limitsAdmin.memberLimits(merchant, request.params.id, request.query));
      },
    );
  };
}
