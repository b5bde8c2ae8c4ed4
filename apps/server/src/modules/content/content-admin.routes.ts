import {
  adminAnnouncementListResponse,
  adminAnnouncementQuery,
  adminAnnouncementResponse,
  adminBannerListResponse,
  adminBannerQuery,
  adminBannerResponse,
  adminHelpArticleListResponse,
  adminHelpArticleQuery,
  adminHelpArticleResponse,
  adminHelpCategoryListResponse,
  adminHelpCategoryResponse,
  adminNoticeListResponse,
  adminNoticeResponse,
  adminPartnerListResponse,
  adminPartnerResponse,
  affiliateApplicationListResponse,
  affiliateApplicationQuery,
  affiliateApplicationResponse,
  affiliateApplicationUpdateBody,
  announcementBody,
  bannerBody,
  bannerOrderBody,
  channelsBody,
  channelsResponse,
  contentSettings,
  contentSettingsResponse,
  deletedResponse,
  helpArticleBody,
  helpCategoryBody,
  imageListResponse,
  MAX_IMAGE_BYTES,
  merchantIdParams,
  merchantParams,
  noticeBody,
  partnerBody,
  uploadedImageResponse,
  uploadImageTypes,
} from '@tala/contracts/content';
import { pageQuery } from '@tala/contracts/envelope';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { clientIp } from '../../http/client-ip.ts';
import type { Services } from '../../services.ts';
import { guardedOperator, operatorGuard } from '../operators/operator-guard.ts';
import type { Actor } from './content.service.ts';
import { readMultipartImages } from './uploads.ts';

const tags = ['admin-content'];
const ok = <T>(value: T) => ({ success: true as const, value });

/** Back-office content management, per merchant; owners and content operators (applications: support too). */
export function contentAdminRoutes(services: Services): FastifyPluginAsyncZod {
  const content = services.content;
  return async (app) => {
    const editors = operatorGuard(services.operators, ['owner', 'content']);
    const applicationReaders = operatorGuard(services.operators, ['owner', 'content', 'support']);
    const actor = (request: FastifyRequest): Actor => {
      const operator = guardedOperator(request);
      return { id: operator.id, name: operator.username, ip: clientIp(request) };
    };
    const base = '/admin-api/merchants/:code';

    // -------------------------------------------------------------- images
    app.post(
      `${base}/images`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantParams,
          consumes: ['multipart/form-data'],
          description:
            'Uploads one png, jpg or webp image (checked by content, at most 5 MB) in the field `file`.',
          response: { 200: uploadedImageResponse },
        },
      },
      async (request) => {
        const { images } = await readMultipartImages(request, {
          fileField: 'file',
          maxFiles: 1,
          maxBytes: MAX_IMAGE_BYTES,
          allowed: uploadImageTypes,
        });
        const image = images[0];
        if (!image) throw new AppError('image_required', 'file');
        return ok(await content.uploadImage(actor(request), request.params.code, image));
      },
    );

    app.get(
      `${base}/images`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantParams,
          querystring: pageQuery,
          response: { 200: imageListResponse },
        },
      },
      async (request) =>
        ok(await content.listImages(request.params.code, request.query.pageNo, request.query.pageSize)),
    );

    // -------------------------------------------------------------- banners
    app.get(
      `${base}/banners`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantParams,
          querystring: adminBannerQuery,
          response: { 200: adminBannerListResponse },
        },
      },
      async (request) => ok(await content.banners(request.params.code, request.query.groupName)),
    );

    app.post(
      `${base}/banners`,
      {
        onRequest: editors,
        schema: { tags, params: merchantParams, body: bannerBody, response: { 200: adminBannerResponse } },
      },
      async (request) =>
        ok(await content.saveBanner(actor(request), request.params.code, null, request.body)),
    );

    app.put(
      `${base}/banners/order`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantParams,
          body: bannerOrderBody,
          response: { 200: adminBannerListResponse },
        },
      },
      async (request) =>
        ok(
          await content.reorderBanners(
            actor(request),
            request.params.code,
            request.body.groupName,
            request.body.ids,
          ),
        ),
    );

    app.put(
      `${base}/banners/:id`,
      {
        onRequest: editors,
        schema: { tags, params: merchantIdParams, body: bannerBody, response: { 200: adminBannerResponse } },
      },
      async (request) =>
        ok(await content.saveBanner(actor(request), request.params.code, request.params.id, request.body)),
    );

    for (const table of ['banners', 'notices', 'announcements', 'partners'] as const) {
      app.delete(
        `${base}/${table}/:id`,
        {
          onRequest: editors,
          schema: { tags, params: merchantIdParams, response: { 200: deletedResponse } },
        },
        async (request) =>
          ok(await content.deleteItem(actor(request), request.params.code, table, request.params.id)),
      );
    }

    // -------------------------------------------------------------- notices
    app.get(
      `${base}/notices`,
      {
        onRequest: editors,
        schema: { tags, params: merchantParams, response: { 200: adminNoticeListResponse } },
      },
      async (request) => ok(await content.notices(request.params.code)),
    );

    app.post(
      `${base}/notices`,
      {
        onRequest: editors,
        schema: { tags, params: merchantParams, body: noticeBody, response: { 200: adminNoticeResponse } },
      },
      async (request) =>
        ok(await content.saveNotice(actor(request), request.params.code, null, request.body)),
    );

    app.put(
      `${base}/notices/:id`,
      {
        onRequest: editors,
        schema: { tags, params: merchantIdParams, body: noticeBody, response: { 200: adminNoticeResponse } },
      },
      async (request) =>
        ok(await content.saveNotice(actor(request), request.params.code, request.params.id, request.body)),
    );

    // -------------------------------------------------------------- announcements
    app.get(
      `${base}/announcements`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantParams,
          querystring: adminAnnouncementQuery,
          response: { 200: adminAnnouncementListResponse },
        },
      },
      async (request) => ok(await content.announcements(request.params.code, request.query)),
    );

    app.post(
      `${base}/announcements`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantParams,
          body: announcementBody,
          response: { 200: adminAnnouncementResponse },
        },
      },
      async (request) =>
        ok(await content.saveAnnouncement(actor(request), request.params.code, null, request.body)),
    );

    app.put(
      `${base}/announcements/:id`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantIdParams,
          body: announcementBody,
          response: { 200: adminAnnouncementResponse },
        },
      },
      async (request) =>
        ok(
          await content.saveAnnouncement(
            actor(request),
            request.params.code,
            request.params.id,
            request.body,
          ),
        ),
    );

    // -------------------------------------------------------------- help centre
    app.get(
      `${base}/help-categories`,
      {
        onRequest: editors,
        schema: { tags, params: merchantParams, response: { 200: adminHelpCategoryListResponse } },
      },
      async (request) => ok(await content.helpCategories(request.params.code)),
    );

    app.post(
      `${base}/help-categories`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantParams,
          body: helpCategoryBody,
          response: { 200: adminHelpCategoryResponse },
        },
      },
      async (request) =>
        ok(await content.saveHelpCategory(actor(request), request.params.code, null, request.body)),
    );

    app.put(
      `${base}/help-categories/:id`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantIdParams,
          body: helpCategoryBody,
          response: { 200: adminHelpCategoryResponse },
        },
      },
      async (request) =>
        ok(
          await content.saveHelpCategory(
            actor(request),
            request.params.code,
            request.params.id,
            request.body,
          ),
        ),
    );

    app.delete(
      `${base}/help-categories/:id`,
      { onRequest: editors, schema: { tags, params: merchantIdParams, response: { 200: deletedResponse } } },
      async (request) =>
        ok(await content.deleteHelpCategory(actor(request), request.params.code, request.params.id)),
    );

    app.get(
      `${base}/help-articles`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantParams,
          querystring: adminHelpArticleQuery,
          response: { 200: adminHelpArticleListResponse },
        },
      },
      async (request) => ok(await content.helpArticles(request.params.code, request.query.categoryId)),
    );

    app.post(
      `${base}/help-articles`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantParams,
          body: helpArticleBody,
          response: { 200: adminHelpArticleResponse },
        },
      },
      async (request) =>
        ok(await content.saveHelpArticle(actor(request), request.params.code, null, request.body)),
    );

    app.put(
      `${base}/help-articles/:id`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantIdParams,
          body: helpArticleBody,
          response: { 200: adminHelpArticleResponse },
        },
      },
      async (request) =>
        ok(
          await content.saveHelpArticle(actor(request), request.params.code, request.params.id, request.body),
        ),
    );

    app.delete(
      `${base}/help-articles/:id`,
      { onRequest: editors, schema: { tags, params: merchantIdParams, response: { 200: deletedResponse } } },
      async (request) =>
        ok(await content.deleteItem(actor(request), request.params.code, 'help_articles', request.params.id)),
    );

    // -------------------------------------------------------------- partners, settings, channels
    app.get(
      `${base}/partners`,
      {
        onRequest: editors,
        schema: { tags, params: merchantParams, response: { 200: adminPartnerListResponse } },
      },
      async (request) => ok(await content.partners(request.params.code)),
    );

    app.post(
      `${base}/partners`,
      {
        onRequest: editors,
        schema: { tags, params: merchantParams, body: partnerBody, response: { 200: adminPartnerResponse } },
      },
      async (request) =>
        ok(await content.savePartner(actor(request), request.params.code, null, request.body)),
    );

    app.put(
      `${base}/partners/:id`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantIdParams,
          body: partnerBody,
          response: { 200: adminPartnerResponse },
        },
      },
      async (request) =>
        ok(await content.savePartner(actor(request), request.params.code, request.params.id, request.body)),
    );

    app.get(
      `${base}/content-settings`,
      {
        onRequest: editors,
        schema: { tags, params: merchantParams, response: { 200: contentSettingsResponse } },
      },
      async (request) => ok(await content.settings(request.params.code)),
    );

    app.put(
      `${base}/content-settings`,
      {
        onRequest: editors,
        schema: {
          tags,
          params: merchantParams,
          body: contentSettings,
          response: { 200: contentSettingsResponse },
        },
      },
      async (request) => ok(await content.saveSettings(actor(request), request.params.code, request.body)),
    );

    app.get(
      `${base}/channels`,
      { onRequest: editors, schema: { tags, params: merchantParams, response: { 200: channelsResponse } } },
      async (request) => ok(await content.channels(request.params.code)),
    );

    app.put(
      `${base}/channels`,
      {
        onRequest: editors,
        schema: { tags, params: merchantParams, body: channelsBody, response: { 200: channelsResponse } },
      },
      async (request) => ok(await content.saveChannels(actor(request), request.params.code, request.body)),
    );

    // -------------------------------------------------------------- affiliate applications (/join)
    app.get(
      `${base}/affiliate-applications`,
      {
        onRequest: applicationReaders,
        schema: {
          tags,
          params: merchantParams,
          querystring: affiliateApplicationQuery,
          response: { 200: affiliateApplicationListResponse },
        },
      },
      async (request) => {
        const { status, pageNo, pageSize } = request.query;
        return ok(await content.applications(request.params.code, status, pageNo, pageSize));
      },
    );

    app.patch(
      `${base}/affiliate-applications/:id`,
      {
        onRequest: applicationReaders,
        schema: {
          tags,
          params: merchantIdParams,
          body: affiliateApplicationUpdateBody,
          response: { 200: affiliateApplicationResponse },
        },
      },
      async (request) => {
        const { memberAccount, ...body } = request.body;
        // An approval may make the applicant's member account an agent: owners only, in the same transaction.
        if (memberAccount !== undefined) {
          if (guardedOperator(request).role !== 'owner') throw new AppError('forbidden', 'memberAccount');
          if (body.status !== 'approved') throw new AppError('validation_failed', 'memberAccount');
        }
        const who = actor(request);
        return ok(
          await content.updateApplication(
            who,
            request.params.code,
            request.params.id,
            body,
            memberAccount === undefined
              ? undefined
              : (trx, merchant) => services.members.makeAgent(trx, who, merchant, memberAccount),
          ),
        );
      },
    );
  };
}
