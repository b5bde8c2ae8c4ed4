import { merchantCodeParams } from '@tala/contracts/admin';
import {
  APPLICATION_IMAGE_BYTES,
  APPLICATION_IMAGES_MAX,
  adminApplicationPageResponse,
  adminApplicationQuery,
  adminApplicationResponse,
  adminPromotionListResponse,
  adminPromotionResponse,
  applicationIdParams,
  applicationImageParams,
  applicationResponse,
  approveApplicationBody,
  bonusPageQuery,
  bonusPageResponse,
  bonusResponse,
  claimBody,
  costReportQuery,
  costReportResponse,
  forfeitBody,
  manualBonusBody,
  manualBonusListQuery,
  manualBonusListResponse,
  manualBonusResponse,
  promotionBody,
  promotionDetailQuery,
  promotionIdParams,
  promotionListQuery,
  promotionListResponse,
  promotionResponse,
  rebateRunsResponse,
  rejectApplicationBody,
  rewardCentreResponse,
} from '@tala/contracts/promotions';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientIp } from '../../http/client-ip.ts';
import { requestLanguage } from '../../http/language.ts';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import { readMultipartImages } from '../content/uploads.ts';
import { guardedMember, memberGuard, memberToken } from '../members/member-guard.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';

const ok = <T>(value: T) => ({ success: true as const, value });
const tags = ['promotions'];
const noStore = { 'cache-control': 'no-store' };
/** §5: an activity application's images are png or jpg, 5 MB each, at most 3; the remark fits a field. */
const applicationImages = {
  fileField: 'images',
  maxFiles: APPLICATION_IMAGES_MAX,
  maxBytes: APPLICATION_IMAGE_BYTES,
  allowed: ['image/png', 'image/jpeg'] as const,
  maxFieldBytes: 4096,
};

/**
 * Promotions and bonuses (issue 13 items 1 and 2) in the spec's `/wps/relay/<SERVICE>_<method>` family: the list and
 * detail for guests and members, the claim, bonus details, the reward centre and forfeiting for real members
 * (trial members get in_need_true_account from the guard); the back office's builder and cost report.
 */
export function promotionsRoutes(services: Services): FastifyPluginAsyncZod {
  return async (app) => {
    const realMember = memberGuard(services, { realAccount: true });
    const promotions = services.promotions;

    /** The visitor: a member when the request carries a live session, else a guest. */
    async function visitor(request: FastifyRequest) {
      const merchant = await requestMerchant(services.merchants, request);
      const token = memberToken(request);
      const member = token ? await services.members.authenticate(merchant, token).catch(() => null) : null;
      return { merchant, member };
    }

    app.get(
      '/wps/relay/MCSFE_getPromotions',
      { schema: { tags, querystring: promotionListQuery, response: { 200: promotionListResponse } } },
      async (request, reply) => {
        const { merchant, member } = await visitor(request);
        reply.headers(noStore);
        return ok(await promotions.list(merchant, member, request.query, requestLanguage(request)));
      },
    );

    app.get(
      '/wps/relay/MCSFE_getPromotionDetail',
      { schema: { tags, querystring: promotionDetailQuery, response: { 200: promotionResponse } } },
      async (request, reply) => {
        const { merchant, member } = await visitor(request);
        reply.headers(noStore);
        return ok(await promotions.detail(merchant, member, request.query.id, requestLanguage(request)));
      },
    );

    app.post(
      '/wps/relay/MCS2_claimPromotion',
      {
        onRequest: realMember,
        schema: { tags, body: claimBody, response: { 200: bonusResponse } },
        // Per session (a member's token), so members behind one address do not share the limit.
        config: {
          rateLimit: {
            max: 30,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? clientIp(request),
          },
        },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(
          await promotions.claim(merchant, member, request.body, clientIp(request), requestLanguage(request)),
        );
      },
    );

    // A raffle's draw (§7): the same claim, the prize drawn on the server.
    app.post(
      '/wps/relay/MCS2_claimRafflePromotion',
      {
        onRequest: realMember,
        schema: { tags, body: claimBody, response: { 200: bonusResponse } },
        // Per session (a member's token), so members behind one address do not share the limit.
        config: {
          rateLimit: {
            max: 30,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? clientIp(request),
          },
        },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(
          await promotions.claim(
            merchant,
            member,
            request.body,
            clientIp(request),
            requestLanguage(request),
            {
              raffle: true,
            },
          ),
        );
      },
    );

    app.post(
      '/wps/relay/MCS2_applyPromotion',
      {
        onRequest: realMember,
        bodyLimit: APPLICATION_IMAGES_MAX * APPLICATION_IMAGE_BYTES + 64 * 1024,
        schema: { tags, consumes: ['multipart/form-data'], response: { 200: applicationResponse } },
        config: {
          rateLimit: {
            max: 10,
            timeWindow: '1 minute',
            keyGenerator: (request: FastifyRequest) => request.headers.authorization ?? clientIp(request),
          },
        },
      },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        const { fields, images } = await readMultipartImages(request, applicationImages);
        return ok(await promotions.apply(merchant, member, fields, images, requestLanguage(request)));
      },
    );

    app.get(
      '/wps/relay/MCSFE_getBonusDetails',
      {
        onRequest: realMember,
        schema: { tags, querystring: bonusPageQuery, response: { 200: bonusPageResponse } },
      },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await promotions.bonuses(merchant, member, request.query, requestLanguage(request)));
      },
    );

    app.post(
      '/wps/relay/MCS2_forfeitBonus',
      { onRequest: realMember, schema: { tags, body: forfeitBody, response: { 200: bonusResponse } } },
      async (request) => {
        const { member, merchant } = guardedMember(request);
        return ok(await promotions.forfeit(merchant, member, request.body.bonusId, requestLanguage(request)));
      },
    );

    app.get(
      '/wps/relay/MCSFE_getRewardCenter',
      { onRequest: realMember, schema: { tags, response: { 200: rewardCentreResponse } } },
      async (request, reply) => {
        const { member, merchant } = guardedMember(request);
        reply.headers(noStore);
        return ok(await promotions.rewardCentre(merchant, member, requestLanguage(request)));
      },
    );

    // ------------------------------------------------------------------------------ back office (item 8)
    const admin = ['admin'];
    const builders = operatorGuard(services.operators, ['owner', 'content']);
    const readers = operatorGuard(services.operators, ['owner', 'finance', 'content', 'support']);
    const reporters = operatorGuard(services.operators, ['owner', 'finance']);
    // Issuing an applied promotion's bonus moves money: owners and finance decide.
    const deciders = reporters;
    const actorOf = (request: FastifyRequest) => {
      const operator = guardedOperator(request);
      return { id: operator.id, name: operator.username, ip: clientIp(request) };
    };

    app.get(
      '/admin-api/merchants/:code/promotions',
      {
        onRequest: readers,
        schema: { tags: admin, params: merchantCodeParams, response: { 200: adminPromotionListResponse } },
      },
      async (request) => ok(await promotions.adminList(await services.merchants.byCode(request.params.code))),
    );
    app.post(
      '/admin-api/merchants/:code/promotions',
      {
        onRequest: builders,
        schema: {
          tags: admin,
          params: merchantCodeParams,
          body: promotionBody,
          response: { 200: adminPromotionResponse },
        },
      },
      async (request) =>
        ok(
          await promotions.create(
            actorOf(request),
            await services.merchants.byCode(request.params.code),
            request.body,
          ),
        ),
    );
    app.put(
      '/admin-api/merchants/:code/promotions/:id',
      {
        onRequest: builders,
        schema: {
          tags: admin,
          params: merchantCodeParams.extend(promotionIdParams.shape),
          body: promotionBody,
          response: { 200: adminPromotionResponse },
        },
      },
      async (request) =>
        ok(
          await promotions.update(
            actorOf(request),
            await services.merchants.byCode(request.params.code),
            request.params.id,
            request.body,
          ),
        ),
    );
    app.get(
      '/admin-api/merchants/:code/promotions/:id/rebate-runs',
      {
        onRequest: readers,
        schema: {
          tags: admin,
          params: merchantCodeParams.extend(promotionIdParams.shape),
          response: { 200: rebateRunsResponse },
        },
      },
      async (request) =>
        ok(
          await promotions.rebateRuns(
            await services.merchants.byCode(request.params.code),
            request.params.id,
          ),
        ),
    );
    app.get(
      '/admin-api/promotion-applications',
      {
        onRequest: readers,
        schema: {
          tags: admin,
          querystring: adminApplicationQuery,
          response: { 200: adminApplicationPageResponse },
        },
      },
      async (request) => ok(await promotions.applications(request.query)),
    );
    app.get(
      '/admin-api/promotion-applications/images/:imageId',
      { onRequest: readers, schema: { tags: admin, params: applicationImageParams } },
      async (request, reply) => {
        const image = await promotions.applicationImage(request.params.imageId);
        return reply
          .header('content-type', image.content_type)
          .header('cache-control', 'private, no-store')
          .header('x-content-type-options', 'nosniff')
          .send(image.bytes);
      },
    );
    app.post(
      '/admin-api/promotion-applications/:id/approve',
      {
        onRequest: deciders,
        schema: {
          tags: admin,
          params: applicationIdParams,
          body: approveApplicationBody,
          response: { 200: adminApplicationResponse },
        },
      },
      async (request) =>
        ok(await promotions.approveApplication(actorOf(request), request.params.id, request.body.amount)),
    );
    app.post(
      '/admin-api/promotion-applications/:id/reject',
      {
        onRequest: deciders,
        schema: {
          tags: admin,
          params: applicationIdParams,
          body: rejectApplicationBody,
          response: { 200: adminApplicationResponse },
        },
      },
      async (request) =>
        ok(await promotions.rejectApplication(actorOf(request), request.params.id, request.body.reason)),
    );
    // Manual bonuses: owners and finance grant and decide; support reads.
    const money = reporters;
    const moneyReaders = operatorGuard(services.operators, ['owner', 'finance', 'support']);
    const manualParams = merchantCodeParams.extend(applicationIdParams.shape);
    app.get(
      '/admin-api/merchants/:code/manual-bonuses',
      {
        onRequest: moneyReaders,
        schema: {
          tags: admin,
          params: merchantCodeParams,
          querystring: manualBonusListQuery,
          response: { 200: manualBonusListResponse },
        },
      },
      async (request) =>
        ok(
          await promotions.manualBonuses(
            await services.merchants.byCode(request.params.code),
            request.query.status,
          ),
        ),
    );
    app.post(
      '/admin-api/merchants/:code/manual-bonuses',
      {
        onRequest: money,
        schema: {
          tags: admin,
          params: merchantCodeParams,
          body: manualBonusBody,
          response: { 200: manualBonusResponse },
        },
      },
      async (request) =>
        ok(
          await promotions.grantManual(
            actorOf(request),
            await services.merchants.byCode(request.params.code),
            request.body,
          ),
        ),
    );
    for (const action of ['approve', 'reject'] as const) {
      app.post(
        `/admin-api/merchants/:code/manual-bonuses/:id/${action}`,
        {
          onRequest: money,
          schema: { tags: admin, params: manualParams, response: { 200: manualBonusResponse } },
        },
        async (request) => {
          const merchant = await services.merchants.byCode(request.params.code);
          return ok(
            action === 'approve'
              ? await promotions.approveManual(actorOf(request), merchant, request.params.id)
              : await promotions.rejectManual(actorOf(request), merchant, request.params.id),
          );
        },
      );
    }
    app.get(
      '/admin-api/merchants/:code/promotions-report',
      {
        onRequest: reporters,
        schema: {
          tags: admin,
          params: merchantCodeParams,
          querystring: costReportQuery,
          response: { 200: costReportResponse },
        },
      },
      async (request) =>
        ok(await promotions.costReport(await services.merchants.byCode(request.params.code), request.query)),
    );
  };
}
