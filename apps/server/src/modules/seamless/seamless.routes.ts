import {
  authenticateBody,
  authenticateResponse,
  balanceBody,
  balanceResponse,
  betBody,
  launchQuery,
  launchResponse,
  rollbackBody,
  signatureHeaders,
  transactionResponse,
  vendorParams,
  winBody,
} from '@tala/contracts/vendor-api';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';

const rawBodies = new WeakMap<FastifyRequest, string>();
/** The nonces of bets and wins left for the service to spend with their money. */
const deferredNonces = new WeakMap<FastifyRequest, string>();

function header(request: FastifyRequest, name: string): string | undefined {
  const value = request.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** The launch call of the site, and the signed seamless-wallet calls of game vendors. */
export function seamlessRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    app.get(
      '/wps/relay/GCS_gameLaunchFB',
      {
        onRequest: memberGuard(services),
        schema: { tags: ['games'], querystring: launchQuery, response: { 200: launchResponse } },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return {
          success: true as const,
          value: await services.seamless.launch(merchant, member, request.query),
        };
      },
    );

    // Vendor calls: the signature covers the raw body, so keep it as received before parsing it.
    await app.register(async (plain) => {
      const vendorApi = plain.withTypeProvider<ZodTypeProvider>();
      vendorApi.removeContentTypeParser('application/json');
      vendorApi.addContentTypeParser(
        'application/json',
        { parseAs: 'string', bodyLimit: 64 * 1024 },
        (request, body, done) => {
          rawBodies.set(request, body as string);
          try {
            done(null, JSON.parse(body as string));
          } catch {
            const error = new Error('invalid JSON') as Error & { statusCode: number };
            error.statusCode = 400;
            done(error, undefined);
          }
        },
      );
      vendorApi.addHook('preValidation', async (request) => {
        const { vendorCode } = request.params as { vendorCode: string };
        const url = request.routeOptions.url ?? '';
        const money = url.endsWith('/bet') ? betBody : url.endsWith('/win') ? winBody : undefined;
        // A well-formed bet or win spends its nonce in the transaction of its money (one commit for both).
        const deferNonce = money?.safeParse(request.body).success === true;
        await services.seamless.verify(
          {
            vendorCode,
            timestamp: header(request, signatureHeaders.timestamp),
            nonce: header(request, signatureHeaders.nonce),
            signature: header(request, signatureHeaders.signature),
            rawBody: rawBodies.get(request) ?? '',
          },
          { deferNonce },
        );
        if (deferNonce) deferredNonces.set(request, header(request, signatureHeaders.nonce) as string);
      });

      const tags = ['vendor'];
      // Server-to-server JSON: the browser security headers would only cost time on every call.
      const helmet = false;
      vendorApi.post(
        '/vendor-api/:vendorCode/authenticate',
        {
          helmet,
          schema: {
            tags,
            params: vendorParams,
            body: authenticateBody,
            response: { 200: authenticateResponse },
          },
        },
        async (request) => ({
          success: true as const,
          value: await services.seamless.authenticate(request.params.vendorCode, request.body.token),
        }),
      );
      vendorApi.post(
        '/vendor-api/:vendorCode/balance',
        {
          helmet,
          schema: { tags, params: vendorParams, body: balanceBody, response: { 200: balanceResponse } },
        },
        async (request) => ({
          success: true as const,
          value: await services.seamless.balance(request.params.vendorCode, request.body.playerId),
        }),
      );
      vendorApi.post(
        '/vendor-api/:vendorCode/bet',
        {
          helmet,
          schema: { tags, params: vendorParams, body: betBody, response: { 200: transactionResponse } },
        },
        async (request) => ({
          success: true as const,
          value: await services.seamless.bet(
            request.params.vendorCode,
            request.body,
            deferredNonces.get(request) ?? null,
          ),
        }),
      );
      vendorApi.post(
        '/vendor-api/:vendorCode/win',
        {
          helmet,
          schema: { tags, params: vendorParams, body: winBody, response: { 200: transactionResponse } },
        },
        async (request) => ({
          success: true as const,
          value: await services.seamless.win(
            request.params.vendorCode,
            request.body,
            deferredNonces.get(request) ?? null,
          ),
        }),
      );
      vendorApi.post(
        '/vendor-api/:vendorCode/rollback',
        {
          helmet,
          schema: { tags, params: vendorParams, body: rollbackBody, response: { 200: transactionResponse } },
        },
        async (request) => ({
          success: true as const,
          value: await services.seamless.rollback(request.params.vendorCode, request.body),
        }),
      );
    });
  };
}
