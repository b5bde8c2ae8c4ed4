import {
  createMerchantBody,
  merchantCodeParams,
  merchantListResponse,
  merchantSummaryResponse,
  suspendMerchantBody,
} from '@tala/contracts/admin';
import { moneyDisplay } from '@tala/contracts/money-format';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { seedMerchant } from '../../seed/content.ts';
import type { Services } from '../../services.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

export function merchantSummary(m: Merchant) {
  return {
    code: m.code,
    brandName: m.settings.whitelabel.brandName,
    domains: m.domains,
    suspended: m.suspended,
    money: moneyDisplay(m.settings.whitelabel),
  };
}

/**
 * The platform's back office (decision 060): every merchant, creating one, suspending and resuming one. These
 * routes name no merchant of their own, so the operators' guard lets in platform operators only.
 */
export function platformRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const platform = operatorGuard(services.operators);
    const owners = operatorGuard(services.operators, ['owner']);
    const tags = ['admin'];

    app.get(
      '/admin-api/platform/merchants',
      { onRequest: platform, schema: { tags, response: { 200: merchantListResponse } } },
      async () => ({
        success: true as const,
        value: (await services.merchants.list()).map(merchantSummary),
      }),
    );

    app.post(
      '/admin-api/platform/merchants',
      {
        onRequest: owners,
        schema: { tags, body: createMerchantBody, response: { 200: merchantSummaryResponse } },
      },
      async (request) => {
        const operator = guardedOperator(request);
        const actor = { id: operator.id, name: operator.username, ip: clientIp(request) };
        const merchant = await services.platform.createMerchant(actor, request.body);
        // Demo content only when asked for; a failure here leaves a working merchant without it.
        if (request.body.demoContent) await seedMerchant(services, merchant);
        return { success: true as const, value: merchantSummary(merchant) };
      },
    );

    app.put(
      '/admin-api/platform/merchants/:code/suspension',
      {
        onRequest: owners,
        schema: {
          tags,
          params: merchantCodeParams,
          body: suspendMerchantBody,
          response: { 200: merchantSummaryResponse },
        },
      },
      async (request) => {
        const operator = guardedOperator(request);
        const merchant = await services.platform.setSuspended(
          { id: operator.id, name: operator.username, ip: clientIp(request) },
          request.params.code,
          request.body.suspended,
        );
        return { success: true as const, value: merchantSummary(merchant) };
      },
    );
  };
}
