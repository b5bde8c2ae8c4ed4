import {
  affiliateApplicationBody,
  affiliateApplicationReceipt,
  announcementListResponse,
  announcementQuery,
  appDownloadResponse,
  appIconParams,
  appManifestQuery,
  bannerListResponse,
  bannerQuery,
  footerResponse,
  helpCenterResponse,
  imageIdParams,
  noticeListResponse,
  noticeQuery,
  popupAckBody,
  popupAckResponse,
  popupAnnouncementResponse,
  qrCodeQuery,
  webAppManifest,
} from '@tala/contracts/content';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../http/app-error.ts';
import { clientIp } from '../../http/client-ip.ts';
import { requestLanguage } from '../../http/language.ts';
import { requestMerchant } from '../../http/merchant-context.ts';
import type { Services } from '../../services.ts';
import { appIcon, appManifest } from './app-manifest.ts';
import { qrSvg } from './qr.ts';

const tags = ['content'];

/** Served images and QR codes: a strict type, never sniffed, and inert even when opened as a page. */
function imageHeaders(reply: FastifyReply, contentType: string) {
  return reply
    .type(contentType)
    .header('X-Content-Type-Options', 'nosniff')
    .header('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
    .header('Content-Disposition', 'inline');
}

function origin(request: FastifyRequest) {
  return `${request.protocol}://${request.host}`;
}

/** Public content calls of the player site. */
export function contentRoutes(services: Services): FastifyPluginAsyncZod {
  const content = services.content;
  return async (app) => {
    app.get(
      '/wps/relay/MCSFE_getBanners',
      { schema: { tags, querystring: bannerQuery, response: { 200: bannerListResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        const value = await content.liveBanners(merchant, request.query.groupName, requestLanguage(request));
        return { success: true as const, value };
      },
    );

    app.get(
      '/wps/relay/MCSFE_getNotices',
      { schema: { tags, querystring: noticeQuery, response: { 200: noticeListResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        const { pageNo, pageSize } = request.query;
        const value = await content.liveNotices(merchant, requestLanguage(request), pageNo, pageSize);
        return { success: true as const, value };
      },
    );

    app.get(
      '/wps/relay/MCSFE_getListAnnouncements',
      { schema: { tags, querystring: announcementQuery, response: { 200: announcementListResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        const value = await content.liveAnnouncements(merchant, requestLanguage(request), request.query);
        return { success: true as const, value };
      },
    );

    app.get(
      '/wps/relay/MCSFE_getPopupAnnouncements',
      { schema: { tags, response: { 200: popupAnnouncementResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        const member = await content.members.required(request, merchant);
        return {
          success: true as const,
          value: await content.unseenPopups(member, requestLanguage(request)),
        };
      },
    );

    app.post(
      '/wps/relay/MCSFE_ackPopupAnnouncements',
      { schema: { tags, body: popupAckBody, response: { 200: popupAckResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        const member = await content.members.required(request, merchant);
        const acknowledged = await content.acknowledgePopups(member, request.body.ids);
        return { success: true as const, value: { acknowledged } };
      },
    );

    app.get(
      '/wps/system/helpCenter',
      { schema: { tags, response: { 200: helpCenterResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return {
          success: true as const,
          value: await content.helpCenter(merchant, requestLanguage(request)),
        };
      },
    );

    app.get(
      '/wps/relay/MCSFE_getFooter',
      { schema: { tags, response: { 200: footerResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return { success: true as const, value: await content.footer(merchant, requestLanguage(request)) };
      },
    );

    app.get(
      '/wps/relay/MCSFE_getAppDownload',
      { schema: { tags, response: { 200: appDownloadResponse } } },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        return { success: true as const, value: content.appDownload(merchant, origin(request)) };
      },
    );

    app.get(
      '/manifest.webmanifest',
      {
        schema: {
          tags,
          querystring: appManifestQuery,
          produces: ['application/manifest+json'],
          response: { 200: webAppManifest },
        },
      },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        reply.type('application/manifest+json; charset=utf-8').header('Cache-Control', 'no-cache');
        return appManifest(merchant, request.query.lang);
      },
    );

    app.get(
      '/icons/:name',
      { schema: { tags, params: appIconParams, produces: ['image/png'] } },
      async (request, reply) => {
        const merchant = await requestMerchant(services.merchants, request);
        // The manifest names icons with the white label's version, so a cached icon is never a stale brand for long.
        return imageHeaders(reply, 'image/png')
          .header('Cache-Control', 'public, max-age=86400')
          .send(appIcon(merchant, request.params.name));
      },
    );

    app.get(
      '/wps/system/qrcode',
      {
        schema: {
          tags,
          querystring: qrCodeQuery,
          produces: ['image/svg+xml'],
          description:
            'A QR code as SVG with the spec §9 defaults (size 200, margin 20, error correction M).',
        },
        config: { rateLimit: { max: 120, timeWindow: '1 minute' } },
      },
      async (request, reply) => {
        let svg: string;
        try {
          svg = qrSvg(request.query.text, request.query.size, request.query.margin);
        } catch {
          // More data than a QR code holds at error correction M.
          throw new AppError('validation_failed', 'text');
        }
        return imageHeaders(reply, 'image/svg+xml; charset=utf-8')
          .header('Cache-Control', 'public, max-age=86400')
          .send(svg);
      },
    );

    app.get(
      '/wps/content/images/:id',
      {
        schema: {
          tags,
          params: imageIdParams,
          produces: ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'],
        },
      },
      async (request, reply) => {
        const image = await content.image(request.params.id);
        if (!image) throw new AppError('not_found', 'id');
        // Ids are random and an image never changes under its id.
        return imageHeaders(reply, image.content_type)
          .header('Cache-Control', 'public, max-age=31536000, immutable')
          .header('Content-Length', image.byte_size)
          .send(image.bytes);
      },
    );

    app.post(
      '/wps/relay/MCSFE_submitAffiliateApplication',
      {
        schema: { tags, body: affiliateApplicationBody, response: { 200: affiliateApplicationReceipt } },
        config: { rateLimit: { max: 5, timeWindow: '1 hour' } },
      },
      async (request) => {
        const merchant = await requestMerchant(services.merchants, request);
        const value = await content.submitApplication(
          merchant,
          request.body,
          requestLanguage(request),
          clientIp(request),
        );
        return { success: true as const, value };
      },
    );
  };
}
