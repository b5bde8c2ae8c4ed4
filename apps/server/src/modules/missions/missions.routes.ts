import { merchantCodeParams } from '@tala/contracts/admin';
import {
  adminMissionListResponse,
  adminMissionResponse,
  leaderboardQuery,
  leaderboardResponse,
  missionBody,
  missionClaimBody,
  missionClaimResponse,
  missionIdParams,
  missionSummaryQuery,
  missionSummaryResponse,
} from '@tala/contracts/missions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { requestLanguage } from '../../http/language.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const tags = ['missions'];
const noStore = { 'cache-control': 'no-store' };

/**
 * Missions and the mission leaderboard (issue 13 item 3) in the spec's `/wps/relay/<SERVICE>_<method>` family, for
 * real members (trial members get in_need_true_account from the guard); the back office's mission builder.
 */
export function missionsRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const realMember = memberGuard(services, { realAccount: true });
    const missions = services.missions;

    app.get(
      '/wps/relay/MCSFE_getMissionSummaryDetails',
      {
        onRequest: realMember,
        schema: { tags, querystring: missionSummaryQuery, response: { 200: missionSummaryResponse } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await missions.summary(merchant, member, request.query, requestLanguage(request)));
      },
    );

    app.get(
      '/wps/relay/MCSFE_getMissionLeaderboard',
      {
        onRequest: realMember,
        schema: { tags, querystring: leaderboardQuery, response: { 200: leaderboardResponse } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await missions.leaderboard(merchant, member, request.query));
      },
    );

    app.post(
      '/wps/relay/MCS2_claimMissionReward',
      {
        onRequest: realMember,
        schema: { tags, body: missionClaimBody, response: { 200: missionClaimResponse } },
        // Per session, so members behind one address do not share the limit.
        config: {
          rateLimit: {
            max: 60,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? clientIp(request),
          },
        },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await missions.claim(merchant, member, request.body.missionId, requestLanguage(request)));
      },
    );

    // ------------------------------------------------------------------------------ back office
    const admin = ['admin'];
    // Like the promotion builder: owners and content build, every role reads the list and its stats.
    const builders = operatorGuard(services.operators, ['owner', 'content']);
    const readers = operatorGuard(services.operators, ['owner', 'finance', 'content', 'support']);
    const actorOf = (request: FastifyRequest) => {
      const operator = guardedOperator(request);
      return { id: operator.id, name: operator.username, ip: clientIp(request) };
    };

    app.get(
      '/admin-api/merchants/:code/missions',
      {
        onRequest: readers,
        schema: { tags: admin, params: merchantCodeParams, response: { 200: adminMissionListResponse } },
      },
      async (request) => ok(await missions.adminList(await services.merchants.byCode(request.params.code))),
    );
    app.post(
      '/admin-api/merchants/:code/missions',
      {
        onRequest: builders,
        schema: {
          tags: admin,
          params: merchantCodeParams,
          body: missionBody,
          response: { 200: adminMissionResponse },
        },
      },
      async (request) =>
        ok(
          await missions.create(
            actorOf(request),
            await services.merchants.byCode(request.params.code),
            request.body,
          ),
        ),
    );
    app.put(
      '/admin-api/merchants/:code/missions/:id',
      {
        onRequest: builders,
        schema: {
          tags: admin,
          params: merchantCodeParams.extend(missionIdParams.shape),
          body: missionBody,
          response: { 200: adminMissionResponse },
        },
      },
      async (request) =>
        ok(
          await missions.update(
            actorOf(request),
            await services.merchants.byCode(request.params.code),
            request.params.id,
            request.body,
          ),
        ),
    );
  };
}
