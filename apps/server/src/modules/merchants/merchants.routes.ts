import {
  merchantCodeParams,
  merchantListResponse,
  merchantSettingsBody,
  merchantSettingsHeaders,
  merchantSettingsResponse,
} from '@tala/contracts/admin';
import { moneyDisplay } from '@tala/contracts/money-format';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';
import { settingsVersion } from './settings-version.ts';

/** Back-office calls for merchants and their site settings. Every operator reads; only owners change settings. */
export function merchantsRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const signedIn = operatorGuard(services.operators);
    // The merchant picker: any operator, answered with the merchants it acts on.
    const anyOperator = operatorGuard(services.operators, undefined, { anyMerchant: true });
    const ownersOnly = operatorGuard(services.operators, ['owner']);

    app.get(
      '/admin-api/merchants',
      { onRequest: anyOperator, schema: { tags: ['admin'], response: { 200: merchantListResponse } } },
      async (request) => {
        const operator = guardedOperator(request);
        const mine = new Set(operator.merchantRoles.map((r) => r.merchantCode));
        const merchants = (await services.merchants.list()).filter(
          (m) => operator.platform || mine.has(m.code),
        );
        return {
          success: true as const,
          value: merchants.map((m) => ({
            code: m.code,
            brandName: m.settings.whitelabel.brandName,
            domains: m.domains,
            suspended: m.suspended,
            money: moneyDisplay(m.settings.whitelabel),
          })),
        };
      },
    );

    app.get(
      '/admin-api/merchants/:code/settings',
      {
        onRequest: signedIn,
        schema: { tags: ['admin'], params: merchantCodeParams, response: { 200: merchantSettingsResponse } },
      },
      async (request, reply) => {
        // Read past the cache: an editor must start from the stored document, whatever another process wrote.
        const settings = await services.merchants.storedSettings(request.params.code);
        reply.header('etag', settingsVersion(settings)).header('cache-control', 'no-store');
        return { success: true as const, value: settings };
      },
    );

    app.put(
      '/admin-api/merchants/:code/settings',
      {
        onRequest: ownersOnly,
        schema: {
          tags: ['admin'],
          params: merchantCodeParams,
          headers: merchantSettingsHeaders,
          body: merchantSettingsBody,
          response: { 200: merchantSettingsResponse },
        },
      },
      async (request, reply) => {
        const operator = guardedOperator(request);
        const value = await services.merchants.updateSettings(
          request.params.code,
          request.body,
          { id: operator.id, name: operator.username, ip: clientIp(request) },
          request.headers['if-match'],
        );
        reply.header('etag', settingsVersion(value)).header('cache-control', 'no-store');
        return { success: true as const, value };
      },
    );
  };
}
