import {
  balanceResponse,
  clientSeedBody,
  fairnessResponse,
  jackpotResponse,
  recallQuery,
  recallResponse,
  rotateBody,
  spinBody,
  spinResponse,
  titlesResponse,
  verifyQuery,
  verifyResponse,
} from '@tala/contracts/slots';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';

/**
 * The in-house slot studio's player calls, in the relay family: `/wps/relay/SLOTS_<method>`. Titles and the
 * jackpot pool are public; everything else needs a real (not trial) member's session.
 */
export function slotsRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const tags = ['slots'];
    const realMember = memberGuard(services, { realAccount: true });

    app.get(
      '/wps/relay/SLOTS_titles',
      { schema: { tags, response: { 200: titlesResponse } } },
      async (request) => ({
        success: true as const,
        value: { list: services.slots.titles(await requestMerchant(services.merchants, request)) },
      }),
    );

    app.get(
      '/wps/relay/SLOTS_jackpot',
      { schema: { tags, response: { 200: jackpotResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return { success: true as const, value: await services.slots.jackpot(merchant) };
      },
    );

    app.get(
      '/wps/relay/SLOTS_balance',
      { onRequest: realMember, schema: { tags, response: { 200: balanceResponse } } },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return { success: true as const, value: await services.slots.balance(merchant, member) };
      },
    );

    app.get(
      '/wps/relay/SLOTS_fairness',
      { onRequest: realMember, schema: { tags, response: { 200: fairnessResponse } } },
      async (request) => ({
        success: true as const,
        value: await services.slots.fairness(guardedMember(request).member),
      }),
    );

    app.post(
      '/wps/relay/SLOTS_clientSeed',
      { onRequest: realMember, schema: { tags, body: clientSeedBody, response: { 200: fairnessResponse } } },
      async (request) => ({
        success: true as const,
        value: await services.slots.setClientSeed(guardedMember(request).member, request.body.clientSeed),
      }),
    );

    app.post(
      '/wps/relay/SLOTS_rotateSeed',
      { onRequest: realMember, schema: { tags, body: rotateBody, response: { 200: fairnessResponse } } },
      async (request) => ({
        success: true as const,
        value: await services.slots.rotate(guardedMember(request).member, request.body?.clientSeed),
      }),
    );

    app.post(
      '/wps/relay/SLOTS_spin',
      { onRequest: realMember, schema: { tags, body: spinBody, response: { 200: spinResponse } } },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return { success: true as const, value: await services.slots.spin(merchant, member, request.body) };
      },
    );

    app.get(
      '/wps/relay/SLOTS_recall',
      {
        onRequest: realMember,
        schema: { tags, querystring: recallQuery, response: { 200: recallResponse } },
      },
      async (request) => ({
        success: true as const,
        value: { list: await services.slots.recall(guardedMember(request).member, request.query.gameCode) },
      }),
    );

    app.get(
      '/wps/relay/SLOTS_verify',
      {
        onRequest: realMember,
        schema: { tags, querystring: verifyQuery, response: { 200: verifyResponse } },
      },
      async (request) => ({
        success: true as const,
        value: await services.slots.verification(guardedMember(request).member, request.query.roundId),
      }),
    );
  };
}
