import { moneyDisplay } from '@tala/contracts/money-format';
import {
  countryCodeResponse,
  domainRouteQuery,
  domainRouteResponse,
  pingResponse,
  systemStatusQuery,
  systemStatusResponse,
  whitelabelResponse,
} from '@tala/contracts/system';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';

export function systemRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    // The cheapest answered call: a liveness check for clients and the baseline of the throughput benchmarks.
    app.get(
      '/wps/system/ping',
      { schema: { tags: ['system'], response: { 200: pingResponse } } },
      async () => ({
        success: true as const,
        value: 'pong' as const,
      }),
    );

    app.get(
      '/wps/system/status',
      {
        schema: { tags: ['system'], querystring: systemStatusQuery, response: { 200: systemStatusResponse } },
        // Every page view asks for this (docs/benchmarks.md budgets it against ping). It is built only from merchant
        // settings that were validated when saved, so the answer is written out as is instead of being checked
        // against its schema again on every request; the schema still documents it and route tests parse it.
        serializerCompiler: () => (data) => JSON.stringify(data),
      },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request, { evenSuspended: true });
        return { success: true as const, value: services.system.status(merchant, clientIp(request)) };
      },
    );

    app.get(
      '/wps/system/whitelabel',
      { schema: { tags: ['system'], response: { 200: whitelabelResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request, { evenSuspended: true });
        return {
          success: true as const,
          value: {
            ...merchant.settings.whitelabel,
            ...moneyDisplay(merchant.settings.whitelabel),
            merchantCode: merchant.code,
          },
        };
      },
    );

    app.get(
      '/wps/system/domainRoute',
      { schema: { tags: ['system'], querystring: domainRouteQuery, response: { 200: domainRouteResponse } } },
      async (request) => {
        const domain = request.query.domain ?? request.hostname;
        const merchant = await services.merchants.byHost(domain);
        return { success: true as const, value: { domain, merchantCode: merchant.code } };
      },
    );

    app.get(
      '/wps/system/countryCode',
      { schema: { tags: ['system'], response: { 200: countryCodeResponse } } },
      async (request) => ({ success: true as const, value: services.system.country(clientIp(request)) }),
    );
  };
}
