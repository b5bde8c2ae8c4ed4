import { merchantCodeParams } from '@tala/contracts/admin';
import {
  billIdParams,
  type ContractKind,
  cancelRunBody,
  contractEndResponse,
  contractKindParams,
  contractListResponse,
  contractPageQuery,
  contractPageResponse,
  contractReportQuery,
  contractReportResponse,
  contractRequestBody,
  contractRequestResponse,
  contractSettings,
  contractSettingsResponse,
  incomeQuery,
  incomeResponse,
  owedBillsResponse,
  rejectBillBody,
  rejectBillResponse,
  runIdParams,
  settlementRunResponse,
  settlementRunsResponse,
  settleNowBody,
  topContractBody,
} from '@tala/contracts/agent-contracts';
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
import { memberIdParams } from '@tala/contracts/members';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { clientIp } from '../../http/client-ip.ts';
import { requestLanguage } from '../../http/language.ts';
import type { Services } from '../../services.ts';
import { dayRange } from '../games/game-records.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';
import { requestContext } from '../members/members.routes.ts';
import { sendMemberError } from '../members/replies.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const tags = ['agents'];

/** The contract calls of spec §7, each for its kind. */
const contractCalls: [string, ContractKind][] = [
  ['/wps/relay/MCS2_processDividendReq', 'dividend'],
  ['/wps/relay/MCS2_processDailySalContract', 'dailySalary'],
  ['/wps/relay/MCS2_processContractHourSalary', 'hourlySalary'],
  ['/wps/relay/MCSFE_processRealTimeSalaryContract', 'realtimeSalary'],
];

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

    for (const [path, kind] of contractCalls)
      app.post(
        path,
        {
          onRequest: realMember,
          schema: { tags, body: contractRequestBody, response: { 200: contractRequestResponse } },
          config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
        },
        async (request) => {
          const { member, merchant } = guardedMember(request);
          return ok(await agents.contractRequest(merchant, member, kind, request.body, clientIp(request)));
        },
      );

    app.get(
      '/wps/agent/contracts',
      {
        onRequest: realMember,
        schema: { tags, querystring: contractPageQuery, response: { 200: contractPageResponse } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await agents.contractPage(merchant, member, request.query.kind));
      },
    );

    app.get(
      '/wps/agent/income',
      {
        onRequest: realMember,
        schema: { tags, querystring: incomeQuery, response: { 200: incomeResponse } },
      },
      async (request, reply) => {
        reply.headers(noStore);
        return ok(await agents.income(guardedMember(request).member, request.query));
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

    // ------------------------------------------------------------------------------ back office (item 6)
    const admin = ['admin'];
    const owners = operatorGuard(services.operators, ['owner']);
    const money = operatorGuard(services.operators, ['owner', 'finance']);
    const readers = operatorGuard(services.operators, ['owner', 'finance', 'support']);
    const actorOf = (request: Parameters<typeof guardedOperator>[0]) => {
      const operator = guardedOperator(request);
      return { id: operator.id, name: operator.username, ip: clientIp(request) };
    };
    const merchantOfMember = async (id: number) => {
      const member = await services.members.byId(id);
      const merchant = member && (await services.merchants.list()).find((m) => m.id === member.merchant_id);
      if (!merchant) throw new AppError('not_found', 'id');
      return merchant;
    };

    app.get(
      '/admin-api/merchants/:code/contract-settings',
      {
        onRequest: readers,
        schema: { tags: admin, params: merchantCodeParams, response: { 200: contractSettingsResponse } },
      },
      async (request) =>
        ok(await agents.contractSettingsOf((await services.merchants.byCode(request.params.code)).id)),
    );
    app.put(
      '/admin-api/merchants/:code/contract-settings',
      {
        onRequest: owners,
        schema: {
          tags: admin,
          params: merchantCodeParams,
          body: contractSettings,
          response: { 200: contractSettingsResponse },
        },
      },
      async (request) =>
        ok(
          await agents.saveContractSettings(
            actorOf(request),
            await services.merchants.byCode(request.params.code),
            request.body,
          ),
        ),
    );

    app.get(
      '/admin-api/members/:id/contracts',
      {
        onRequest: readers,
        schema: { tags: admin, params: memberIdParams, response: { 200: contractListResponse } },
      },
      async (request) => ok(await agents.contractsOf(request.params.id)),
    );
    app.put(
      '/admin-api/members/:id/contracts/:kind',
      {
        onRequest: owners,
        schema: {
          tags: admin,
          params: contractKindParams,
          body: topContractBody,
          response: { 200: contractRequestResponse },
        },
      },
      async (request) =>
        ok(
          await agents.setTopContract(
            actorOf(request),
            await merchantOfMember(request.params.id),
            request.params.id,
            request.params.kind,
            request.body.terms,
          ),
        ),
    );
    app.delete(
      '/admin-api/members/:id/contracts/:kind',
      {
        onRequest: owners,
        schema: { tags: admin, params: contractKindParams, response: { 200: contractEndResponse } },
      },
      async (request) =>
        ok(
          await agents.endTopContract(
            actorOf(request),
            await merchantOfMember(request.params.id),
            request.params.id,
            request.params.kind,
          ),
        ),
    );

    app.get(
      '/admin-api/merchants/:code/settlement-runs',
      {
        onRequest: readers,
        schema: { tags: admin, params: merchantCodeParams, response: { 200: settlementRunsResponse } },
      },
      async (request) => ok(await agents.runs(await services.merchants.byCode(request.params.code))),
    );
    app.post(
      '/admin-api/merchants/:code/settlement-runs',
      {
        onRequest: money,
        schema: {
          tags: admin,
          params: merchantCodeParams,
          body: settleNowBody,
          response: { 200: settlementRunResponse },
        },
      },
      async (request) =>
        ok(
          await agents.settleNow(
            await services.merchants.byCode(request.params.code),
            request.body.kind,
            request.body.periodType,
            new Date(request.body.at),
          ),
        ),
    );
    app.post(
      '/admin-api/merchants/:code/settlement-runs/:id/retry',
      {
        onRequest: money,
        schema: { tags: admin, params: runIdParams, response: { 200: settlementRunResponse } },
      },
      async (request) =>
        ok(await agents.retryRun(await services.merchants.byCode(request.params.code), request.params.id)),
    );
    app.post(
      '/admin-api/merchants/:code/settlement-runs/:id/cancel',
      {
        onRequest: money,
        schema: {
          tags: admin,
          params: runIdParams,
          body: cancelRunBody,
          response: { 200: settlementRunResponse },
        },
      },
      async (request) =>
        ok(
          await agents.requestCancel(
            actorOf(request),
            await services.merchants.byCode(request.params.code),
            request.params.id,
            request.body.reason,
          ),
        ),
    );
    app.post(
      '/admin-api/merchants/:code/settlement-runs/:id/cancel/approve',
      {
        onRequest: money,
        schema: { tags: admin, params: runIdParams, response: { 200: settlementRunResponse } },
      },
      async (request) =>
        ok(
          await agents.approveCancel(
            actorOf(request),
            await services.merchants.byCode(request.params.code),
            request.params.id,
          ),
        ),
    );

    app.get(
      '/admin-api/merchants/:code/contract-bills',
      {
        onRequest: readers,
        schema: { tags: admin, params: merchantCodeParams, response: { 200: owedBillsResponse } },
      },
      async (request) => ok(await agents.owedBills(await services.merchants.byCode(request.params.code))),
    );
    app.post(
      '/admin-api/merchants/:code/contract-bills/:id/reject',
      {
        onRequest: money,
        schema: {
          tags: admin,
          params: billIdParams,
          body: rejectBillBody,
          response: { 200: rejectBillResponse },
        },
      },
      async (request) =>
        ok(
          await agents.rejectBill(
            actorOf(request),
            await services.merchants.byCode(request.params.code),
            request.params.id,
            request.body.reason,
          ),
        ),
    );

    app.get(
      '/admin-api/merchants/:code/contract-report',
      {
        onRequest: readers,
        schema: {
          tags: admin,
          params: merchantCodeParams,
          querystring: contractReportQuery,
          response: { 200: contractReportResponse },
        },
      },
      async (request) => {
        const merchant = await services.merchants.byCode(request.params.code);
        if (request.query.from > request.query.to) throw new AppError('validation_failed', 'to');
        const range = dayRange(request.query.from, request.query.to, merchant.settings.whitelabel.timeZone);
        return ok(await agents.billReport(merchant, range));
      },
    );
  };
}
