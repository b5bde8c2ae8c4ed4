import {
  sportsBetParams,
  sportsBetResponse,
  sportsCashOutBody,
  sportsCashOutQuoteResponse,
  sportsCashOutResponse,
  sportsEventParams,
  sportsEventQuery,
  sportsEventResponse,
  sportsEventsResponse,
  sportsLeaguesResponse,
  sportsListQuery,
  sportsMyBetsQuery,
  sportsMyBetsResponse,
  sportsPlaceBody,
  sportsPlaceResponse,
  sportsPreferencesBody,
  sportsPreferencesResponse,
  sportsSportsResponse,
} from '@tala/contracts/sportsbook';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';

/**
 * The sportsbook's player calls under /wps/sports/* (decision 058). Sports, leagues, events and markets are open to
 * guests; bets, cash-out and preferences need a real (not trial) member's session.
 */
export function sportsbookRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['sports'];
    const realMember = memberGuard(services, { realAccount: true });
    const { sportsbook } = services;

    app.get(
      '/wps/sports/sports',
      { schema: { tags, querystring: sportsListQuery, response: { 200: sportsSportsResponse } } },
      async (request) => ({
        success: true as const,
        value: {
          list: await sportsbook.sports(
            await requestMerchant(services.merchants, request),
            request.query.product,
          ),
        },
      }),
    );

    app.get(
      '/wps/sports/leagues',
      { schema: { tags, querystring: sportsListQuery, response: { 200: sportsLeaguesResponse } } },
      async (request) => ({
        success: true as const,
        value: {
          list: await sportsbook.leagues(await requestMerchant(services.merchants, request), request.query),
        },
      }),
    );

    app.get(
      '/wps/sports/events',
      { schema: { tags, querystring: sportsListQuery, response: { 200: sportsEventsResponse } } },
      async (request) => ({
        success: true as const,
        value: {
          list: await sportsbook.events(await requestMerchant(services.merchants, request), request.query),
        },
      }),
    );

    app.get(
      '/wps/sports/events/:eventId',
      {
        schema: {
          tags,
          params: sportsEventParams,
          querystring: sportsEventQuery,
          response: { 200: sportsEventResponse },
        },
      },
      async (request) => ({
        success: true as const,
        value: await sportsbook.event(
          request.params.eventId,
          request.query.oddsFormat,
          await requestMerchant(services.merchants, request),
        ),
      }),
    );

    app.post(
      '/wps/sports/bets',
      {
        onRequest: realMember,
        schema: { tags, body: sportsPlaceBody, response: { 200: sportsPlaceResponse } },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return { success: true as const, value: await sportsbook.place(merchant, member, request.body) };
      },
    );

    app.get(
      '/wps/sports/bets',
      {
        onRequest: realMember,
        schema: { tags, querystring: sportsMyBetsQuery, response: { 200: sportsMyBetsResponse } },
      },
      async (request) => {
        const { member } = guardedMember(request);
        const { state, pageNo, pageSize } = request.query;
        return {
          success: true as const,
          value: await sportsbook.myBets(member, state, { pageNo, pageSize }),
        };
      },
    );

    app.get(
      '/wps/sports/bets/:betId',
      {
        onRequest: realMember,
        schema: { tags, params: sportsBetParams, response: { 200: sportsBetResponse } },
      },
      async (request) => ({
        success: true as const,
        value: { bet: await sportsbook.bet(guardedMember(request).member, request.params.betId) },
      }),
    );

    app.get(
      '/wps/sports/bets/:betId/cash-out',
      {
        onRequest: realMember,
        schema: { tags, params: sportsBetParams, response: { 200: sportsCashOutQuoteResponse } },
      },
      async (request) => ({
        success: true as const,
        value: await sportsbook.cashOutQuote(guardedMember(request).member, request.params.betId),
      }),
    );

    app.post(
      '/wps/sports/bets/:betId/cash-out',
      {
        onRequest: realMember,
        schema: {
          tags,
          params: sportsBetParams,
          body: sportsCashOutBody,
          response: { 200: sportsCashOutResponse },
        },
      },
      async (request) => ({
        success: true as const,
        value: await sportsbook.cashOut(
          guardedMember(request).member,
          request.params.betId,
          request.body.value,
        ),
      }),
    );

    app.get(
      '/wps/sports/preferences',
      { onRequest: realMember, schema: { tags, response: { 200: sportsPreferencesResponse } } },
      async (request) => ({
        success: true as const,
        value: await sportsbook.preferences(guardedMember(request).member.id),
      }),
    );

    app.put(
      '/wps/sports/preferences',
      {
        onRequest: realMember,
        schema: { tags, body: sportsPreferencesBody, response: { 200: sportsPreferencesResponse } },
      },
      async (request) => ({
        success: true as const,
        value: await sportsbook.savePreferences(guardedMember(request).member.id, request.body),
      }),
    );
  };
}
