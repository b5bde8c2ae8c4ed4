import {
  decideSettlementBody,
  liabilityQuery,
  liabilityResponse,
  marginResponse,
  marginsResponse,
  memberLimitResponse,
  memberLimitsQuery,
  memberLimitsResponse,
  proposeSettlementBody,
  saveMarginBody,
  saveMemberLimitBody,
  settlementProposalResponse,
  settlementProposalsQuery,
  settlementProposalsResponse,
  suspendBody,
  suspensionResponse,
  tradingEventParams,
  tradingEventResponse,
  tradingEventsQuery,
  tradingEventsResponse,
  tradingMarketParams,
  tradingMarketResponse,
  tradingMemberParams,
  tradingMerchantParams,
  tradingProposalParams,
  tradingReportQuery,
  tradingReportResponse,
  tradingSportParams,
} from '@tala/contracts/sports-trading';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

/**
 * The sportsbook's trading back office (decision 059), per merchant, under /admin-api/merchants/:code/sports. Who may
 * do what, as at the live studio and the PvP tables:
 * - owners: everything, and the only ones who change (suspend and resume, margins, stake factors, propose);
 * - finance: reads, and approves or rejects a proposed settlement (never their own: four eyes); an approval settles
 *   every merchant's bets on the market, so only a platform operator approves (platform_operators_only);
 * - support: reads;
 * - content: nothing.
 */
export function tradingRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['admin'];
    const ok = <T>(value: T) => ({ success: true as const, value });
    const owners = operatorGuard(services.operators, ['owner']);
    const approvers = operatorGuard(services.operators, ['owner', 'finance']);
    const readers = operatorGuard(services.operators, ['owner', 'finance', 'support']);
    const base = '/admin-api/merchants/:code/sports';
    const trading = services.sportsTrading;
    const merchantOf = (code: string) => services.merchants.byCode(code);
    const actor = (request: FastifyRequest) => {
      const operator = guardedOperator(request);
      return {
        id: operator.id,
        name: operator.username,
        ip: clientIp(request),
        platform: operator.platform,
      };
    };

    app.get(
      `${base}/liability`,
      {
        onRequest: readers,
        schema: {
          tags,
          params: tradingMerchantParams,
          querystring: liabilityQuery,
          response: { 200: liabilityResponse },
        },
      },
      async (request) => ok(await trading.liability(await merchantOf(request.params.code), request.query)),
    );

    app.get(
      `${base}/events`,
      {
        onRequest: readers,
        schema: {
          tags,
          params: tradingMerchantParams,
          querystring: tradingEventsQuery,
          response: { 200: tradingEventsResponse },
        },
      },
      async (request) => ok(await trading.events(await merchantOf(request.params.code), request.query)),
    );

    app.get(
      `${base}/events/:eventId`,
      {
        onRequest: readers,
        schema: { tags, params: tradingEventParams, response: { 200: tradingEventResponse } },
      },
      async (request) =>
        ok(await trading.event(await merchantOf(request.params.code), request.params.eventId)),
    );

    app.get(
      `${base}/markets/:marketId`,
      {
        onRequest: readers,
        schema: { tags, params: tradingMarketParams, response: { 200: tradingMarketResponse } },
      },
      async (request) =>
        ok(await trading.market(await merchantOf(request.params.code), request.params.marketId)),
    );

    app.post(
      `${base}/markets/:marketId/suspend`,
      {
        onRequest: owners,
        schema: {
          tags,
          params: tradingMarketParams,
          body: suspendBody,
          response: { 200: suspensionResponse },
        },
      },
      async (request) =>
        ok(
          await trading.suspendMarket(
            actor(request),
            await merchantOf(request.params.code),
            request.params.marketId,
            request.body.reason,
          ),
        ),
    );

    app.post(
      `${base}/markets/:marketId/resume`,
      {
        onRequest: owners,
        schema: { tags, params: tradingMarketParams, response: { 200: suspensionResponse } },
      },
      async (request) =>
        ok(
          await trading.resumeMarket(
            actor(request),
            await merchantOf(request.params.code),
            request.params.marketId,
          ),
        ),
    );

    app.post(
      `${base}/events/:eventId/suspend`,
      {
        onRequest: owners,
        schema: {
          tags,
          params: tradingEventParams,
          body: suspendBody,
          response: { 200: suspensionResponse },
        },
      },
      async (request) =>
        ok(
          await trading.suspendEvent(
            actor(request),
            await merchantOf(request.params.code),
            request.params.eventId,
            request.body.reason,
          ),
        ),
    );

    app.post(
      `${base}/events/:eventId/resume`,
      {
        onRequest: owners,
        schema: { tags, params: tradingEventParams, response: { 200: suspensionResponse } },
      },
      async (request) =>
        ok(
          await trading.resumeEvent(
            actor(request),
            await merchantOf(request.params.code),
            request.params.eventId,
          ),
        ),
    );

    app.get(
      `${base}/margins`,
      {
        onRequest: readers,
        schema: { tags, params: tradingMerchantParams, response: { 200: marginsResponse } },
      },
      async (request) => ok(await trading.margins(await merchantOf(request.params.code))),
    );

    app.put(
      `${base}/margins/:sport`,
      {
        onRequest: owners,
        schema: { tags, params: tradingSportParams, body: saveMarginBody, response: { 200: marginResponse } },
      },
      async (request) =>
        ok(
          await trading.saveMargin(
            actor(request),
            await merchantOf(request.params.code),
            request.params.sport,
            request.body.marginBps,
          ),
        ),
    );

    app.get(
      `${base}/member-limits`,
      {
        onRequest: readers,
        schema: {
          tags,
          params: tradingMerchantParams,
          querystring: memberLimitsQuery,
          response: { 200: memberLimitsResponse },
        },
      },
      async (request) => ok(await trading.memberLimits(await merchantOf(request.params.code), request.query)),
    );

    app.put(
      `${base}/member-limits/:memberId`,
      {
        onRequest: owners,
        schema: {
          tags,
          params: tradingMemberParams,
          body: saveMemberLimitBody,
          response: { 200: memberLimitResponse },
        },
      },
      async (request) =>
        ok(
          await trading.saveMemberLimit(
            actor(request),
            await merchantOf(request.params.code),
            request.params.memberId,
            request.body.stakeFactor,
          ),
        ),
    );

    app.get(
      `${base}/settlements`,
      {
        onRequest: readers,
        schema: {
          tags,
          params: tradingMerchantParams,
          querystring: settlementProposalsQuery,
          response: { 200: settlementProposalsResponse },
        },
      },
      async (request) =>
        ok(await trading.settlement.list(await merchantOf(request.params.code), request.query)),
    );

    app.post(
      `${base}/markets/:marketId/settlements`,
      {
        onRequest: owners,
        schema: {
          tags,
          params: tradingMarketParams,
          body: proposeSettlementBody,
          response: { 200: settlementProposalResponse },
        },
      },
      async (request) =>
        ok(
          await trading.settlement.propose(
            actor(request),
            await merchantOf(request.params.code),
            request.params.marketId,
            request.body,
          ),
        ),
    );

    app.post(
      `${base}/settlements/:id/approve`,
      {
        onRequest: approvers,
        schema: {
          tags,
          params: tradingProposalParams,
          body: decideSettlementBody,
          response: { 200: settlementProposalResponse },
        },
      },
      async (request) =>
        ok(
          await trading.settlement.approve(
            actor(request),
            await merchantOf(request.params.code),
            request.params.id,
            request.body.note ?? null,
          ),
        ),
    );

    app.post(
      `${base}/settlements/:id/reject`,
      {
        onRequest: approvers,
        schema: {
          tags,
          params: tradingProposalParams,
          body: decideSettlementBody,
          response: { 200: settlementProposalResponse },
        },
      },
      async (request) =>
        ok(
          await trading.settlement.reject(
            actor(request),
            await merchantOf(request.params.code),
            request.params.id,
            request.body.note ?? null,
          ),
        ),
    );

    app.get(
      `${base}/report`,
      {
        onRequest: readers,
        schema: {
          tags,
          params: tradingMerchantParams,
          querystring: tradingReportQuery,
          response: { 200: tradingReportResponse },
        },
      },
      async (request) => ok(await trading.report(await merchantOf(request.params.code), request.query)),
    );
  };
}
