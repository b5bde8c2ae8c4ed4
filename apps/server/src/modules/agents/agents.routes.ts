import {
  affiliateLinkResponse,
  agentAnnouncementsQuery,
  agentAnnouncementsResponse,
  agentRegisterBody,
  agentRegisterResponse,
  teamBetsQuery,
  teamBetsResponse,
  teamListQuery,
  teamListResponse,
  teamOverviewQuery,
  teamOverviewResponse,
  teamProfitLossQuery,
  teamProfitLossResponse,
  teamTransactionsQuery,
  teamTransactionsResponse,
} from '@tala/contracts/agents';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../http/language.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';
import { requestContext } from '../members/members.routes.ts';
import { sendMemberError } from '../members/replies.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const tags = ['agents'];

/**
 * The agent centre's calls (spec §2; issue 12 item 2), in the `/wps/agent/` family of the spec's affiliate call.
 * Trial members are refused by the guard (in_need_true_account), members who are not agents by the service
 * (error_not_agent).
 */
export function agentsRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const realMember = memberGuard(services, { realAccount: true });
    const agents = services.agents;
    const noStore = { 'cache-control': 'no-store' };

    app.get(
      '/wps/agent/overview',
      {
        onRequest: realMember,
        schema: { tags, querystring: teamOverviewQuery, response: { 200: teamOverviewResponse } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await agents.overview(merchant, member, request.query));
      },
    );

    app.get(
      '/wps/agent/team',
      {
        onRequest: realMember,
        schema: { tags, querystring: teamListQuery, response: { 200: teamListResponse } },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return ok(await agents.team(guardedMember(request).member, request.query));
      },
    );

    app.put(
      '/wps/agent/register',
      {
        onRequest: realMember,
        schema: { tags, body: agentRegisterBody, response: { 200: agentRegisterResponse } },
        config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        try {
          return ok(await agents.register(merchant, member, request.body, requestContext(request)));
        } catch (error) {
          return sendMemberError(request, reply, error);
        }
      },
    );

    app.get(
      '/wps/agent/affiliateLink',
      { onRequest: realMember, schema: { tags, response: { 200: affiliateLinkResponse } } },
      async (request) =>
        ok(
          await agents.affiliateLink(guardedMember(request).member, `${request.protocol}://${request.host}`),
        ),
    );

    app.get(
      '/wps/agent/bets',
      {
        onRequest: realMember,
        schema: { tags, querystring: teamBetsQuery, response: { 200: teamBetsResponse } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await agents.teamBets(merchant, member, request.query));
      },
    );

    app.get(
      '/wps/agent/profitLoss',
      {
        onRequest: realMember,
        schema: { tags, querystring: teamProfitLossQuery, response: { 200: teamProfitLossResponse } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await agents.teamProfitLoss(merchant, member, request.query));
      },
    );

    app.get(
      '/wps/agent/transactions',
      {
        onRequest: realMember,
        schema: { tags, querystring: teamTransactionsQuery, response: { 200: teamTransactionsResponse } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await agents.teamTransactions(merchant, member, request.query));
      },
    );

    app.get(
      '/wps/agent/announcements',
      {
        onRequest: realMember,
        schema: { tags, querystring: agentAnnouncementsQuery, response: { 200: agentAnnouncementsResponse } },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        const language = request.query.language ?? requestLanguage(request);
        return ok(await agents.announcements(merchant, member, language, request.query));
      },
    );
  };
}
