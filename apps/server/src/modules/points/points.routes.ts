import { merchantCodeParams } from '@tala/contracts/admin';
import {
  accrualResponse,
  adminRedemptionPageResponse,
  adminRedemptionQuery,
  adminRedemptionResponse,
  adminRewardListResponse,
  adminRewardResponse,
  convertBody,
  convertResponse,
  pointBalanceResponse,
  pointConfigResponse,
  pointLinePageResponse,
  pointLineQuery,
  pointRewardResponse,
  pointSettings,
  REWARD_IMAGE_BYTES,
  redeemBody,
  redemptionIdParams,
  redemptionPageQuery,
  redemptionPageResponse,
  redemptionResponse,
  rejectRedemptionBody,
  rewardBody,
  rewardIdParams,
} from '@tala/contracts/points';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { requestLanguage } from '../../http/language.ts';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import { readMultipartImages } from '../content/uploads.ts';
import { guardedMember, memberGuard } from '../members/member-guard.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const tags = ['points'];
const admin = ['admin'];
const noStore = { 'cache-control': 'no-store' };
const rewardImage = {
  fileField: 'image',
  maxFiles: 1,
  maxBytes: REWARD_IMAGE_BYTES,
  allowed: ['image/png', 'image/jpeg'] as const,
};
/** Per session, so members behind one address do not share the limit. */
const perSession = (max: number) => ({
  rateLimit: {
    max,
    timeWindow: '1 minute',
    keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? clientIp(request),
  },
});

/**
 * The point mall (issue 13 item 6): the spec's points calls (§7) for real members (a token is needed, §6; trial
 * members get in_need_true_account), POST or GET like the other relay calls; the back office's settings,
 * catalogue and fulfilment queue.
 */
export function pointsRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const realMember = memberGuard(services, { realAccount: true });
    const points = services.points;

    for (const method of ['GET', 'POST'] as const) {
      app.route({
        method,
        url: '/wps/relay/MCS2_getPointBalance',
        onRequest: realMember,
        schema: { tags, response: { 200: pointBalanceResponse } },
        handler: async (request, reply) => {
          const { member, merchant } = guardedMember(request);
          reply.headers(noStore);
          return ok(await points.balance(merchant, member));
        },
      });
      app.route({
        method,
        url: '/wps/relay/MCS2_getPointReward',
        onRequest: realMember,
        schema: { tags, response: { 200: pointRewardResponse } },
        handler: async (request, reply) => {
          const { merchant } = guardedMember(request);
          reply.headers(noStore);
          return ok(await points.catalogue(merchant, requestLanguage(request)));
        },
      });
      app.route({
        method,
        url: '/wps/relay/MCS2_getPointConfig',
        onRequest: realMember,
        schema: { tags, response: { 200: pointConfigResponse } },
        handler: async (request) => ok(await points.config(guardedMember(request).merchant)),
      });
    }

    app.get(
      '/wps/relay/MCS2_getRedeemPointList',
      {
        onRequest: realMember,
        schema: { tags, querystring: redemptionPageQuery, response: { 200: redemptionPageResponse } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await points.redemptions(merchant, member, request.query, requestLanguage(request)));
      },
    );
    app.get(
      '/wps/relay/ODSFE2_MemTransDet',
      {
        onRequest: realMember,
        schema: { tags, querystring: pointLineQuery, response: { 200: pointLinePageResponse } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await points.history(merchant, member, request.query));
      },
    );
    // The picture of a reward: public, like the catalogue's other images, and only of this site's rewards.
    app.get(
      '/wps/relay/MCS2_pointRewardImage/:id',
      { schema: { tags, params: rewardIdParams } },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        const image = await points.rewardImage(merchant, request.params.id);
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'public, max-age=300')
          .header('x-content-type-options', 'nosniff')
          .send(image.bytes);
      },
    );
    app.post(
      '/wps/relay/passwordCheck/MCS2_redeemPointReward',
      {
        onRequest: realMember,
        schema: { tags, body: redeemBody, response: { 200: redemptionResponse } },
        config: perSession(30),
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await points.redeem(merchant, member, request.body, requestLanguage(request)));
      },
    );
    app.post(
      '/wps/relay/passwordCheck/MCS2_convertPoint',
      {
        onRequest: realMember,
        schema: { tags, body: convertBody, response: { 200: convertResponse } },
        config: perSession(30),
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await points.convert(merchant, member, request.body));
      },
    );

    // ------------------------------------------------------------------------------ back office
    // Ratios move money (conversion pays cash): owners and finance. The catalogue: owners and content.
    // Fulfilment: owners, finance and support decide; everyone reads.
    const settingsEditors = operatorGuard(services.operators, ['owner', 'finance']);
    const catalogueEditors = operatorGuard(services.operators, ['owner', 'content']);
    const readers = operatorGuard(services.operators, ['owner', 'finance', 'content', 'support']);
    const deciders = operatorGuard(services.operators, ['owner', 'finance', 'support']);
    const actorOf = (request: FastifyRequest) => {
      const operator = guardedOperator(request);
      return { id: operator.id, name: operator.username, ip: clientIp(request) };
    };
    const byCode = (code: string) => services.merchants.byCode(code);
    const rewardParams = merchantCodeParams.extend(rewardIdParams.shape);

    app.get(
      '/admin-api/merchants/:code/points/settings',
      {
        onRequest: readers,
        schema: { tags: admin, params: merchantCodeParams, response: { 200: pointConfigResponse } },
      },
      async (request) => ok(await points.settingsOf((await byCode(request.params.code)).id)),
    );
    app.put(
      '/admin-api/merchants/:code/points/settings',
      {
        onRequest: settingsEditors,
        schema: {
          tags: admin,
          params: merchantCodeParams,
          body: pointSettings,
          response: { 200: pointConfigResponse },
        },
      },
      async (request) =>
        ok(await points.saveSettings(actorOf(request), await byCode(request.params.code), request.body)),
    );
    app.post(
      '/admin-api/merchants/:code/points/accrue',
      {
        onRequest: settingsEditors,
        schema: { tags: admin, params: merchantCodeParams, response: { 200: accrualResponse } },
      },
      async (request) => ok(await points.accrueNow(actorOf(request), await byCode(request.params.code))),
    );
    app.get(
      '/admin-api/merchants/:code/points/rewards',
      {
        onRequest: readers,
        schema: { tags: admin, params: merchantCodeParams, response: { 200: adminRewardListResponse } },
      },
      async (request) => ok(await points.adminRewards(await byCode(request.params.code))),
    );
    app.post(
      '/admin-api/merchants/:code/points/rewards',
      {
        onRequest: catalogueEditors,
        schema: {
          tags: admin,
          params: merchantCodeParams,
          body: rewardBody,
          response: { 200: adminRewardResponse },
        },
      },
      async (request) =>
        ok(await points.saveReward(actorOf(request), await byCode(request.params.code), null, request.body)),
    );
    app.put(
      '/admin-api/merchants/:code/points/rewards/:id',
      {
        onRequest: catalogueEditors,
        schema: {
          tags: admin,
          params: rewardParams,
          body: rewardBody,
          response: { 200: adminRewardResponse },
        },
      },
      async (request) =>
        ok(
          await points.saveReward(
            actorOf(request),
            await byCode(request.params.code),
            request.params.id,
            request.body,
          ),
        ),
    );
    app.post(
      '/admin-api/merchants/:code/points/rewards/:id/image',
      {
        onRequest: catalogueEditors,
        bodyLimit: REWARD_IMAGE_BYTES + 64 * 1024,
        schema: {
          tags: admin,
          params: rewardParams,
          consumes: ['multipart/form-data'],
          response: { 200: adminRewardResponse },
        },
      },
      async (request) => {
        const merchant = await byCode(request.params.code);
        const { images } = await readMultipartImages(request, rewardImage);
        return ok(await points.saveRewardImage(actorOf(request), merchant, request.params.id, images[0]));
      },
    );
    app.get(
      '/admin-api/merchants/:code/points/rewards/:id/image',
      { onRequest: readers, schema: { tags: admin, params: rewardParams } },
      async (request, reply) => {
        const image = await points.rewardImage(await byCode(request.params.code), request.params.id);
        return reply
          .header('content-type', image.contentType)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(image.bytes);
      },
    );
    app.get(
      '/admin-api/point-redemptions',
      {
        onRequest: readers,
        schema: {
          tags: admin,
          querystring: adminRedemptionQuery,
          response: { 200: adminRedemptionPageResponse },
        },
      },
      async (request) => ok(await points.adminRedemptions(request.query)),
    );
    app.post(
      '/admin-api/point-redemptions/:id/approve',
      {
        onRequest: deciders,
        schema: { tags: admin, params: redemptionIdParams, response: { 200: adminRedemptionResponse } },
      },
      async (request) => ok(await points.approve(actorOf(request), request.params.id)),
    );
    app.post(
      '/admin-api/point-redemptions/:id/reject',
      {
        onRequest: deciders,
        schema: {
          tags: admin,
          params: redemptionIdParams,
          body: rejectRedemptionBody,
          response: { 200: adminRedemptionResponse },
        },
      },
      async (request) => ok(await points.reject(actorOf(request), request.params.id, request.body.reason)),
    );
  };
}
