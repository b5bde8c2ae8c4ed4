import { z } from 'zod';
import { envelope, pageOf, pageQuery } from './envelope.ts';
import { languageCode } from './languages.ts';

/** The WHATWG URL parser that browsers and Node both have (this package is built without DOM or Node types). */
declare const URL: new (
  input: string,
) => { protocol: string; hostname: string; username: string; password: string };

/*
 * Site content (spec §2 banner groups, layout, footer and side bar; §3 banner, notice, resources; §7 help centre,
 * announcements; §9 banner autoplay and QR defaults). Player calls resolve the merchant from the `Merchant` header
 * or the host, and the language from the `Language` header, falling back to EN item by item.
 */

// ---------------------------------------------------------------------------------------------------------------
// Shared pieces

/** Banner groups of spec §2: one per route group, plus the login and registration dialogs. */
export const bannerGroups = [
  'home',
  'rng',
  'live',
  'fish',
  'pvp',
  'sports',
  'esports',
  'lottery',
  'download',
  'promotion',
  'shop',
  'help',
  'bingo',
  'w_login',
  'w_register',
] as const;
export const bannerGroup = z.enum(bannerGroups);
export type BannerGroup = z.infer<typeof bannerGroup>;

/** The banner group of each site route (spec §2 "Banner groups per route"). */
export const bannerGroupOfRoute: Record<string, BannerGroup> = {
  '/': 'home',
  '/index': 'home',
  '/rng': 'rng',
  '/live': 'live',
  '/fish': 'fish',
  '/pvp': 'pvp',
  '/sports': 'sports',
  '/esports': 'esports',
  '/elott': 'lottery',
  '/down': 'download',
  '/promotions': 'promotion',
  '/pointMall': 'shop',
  '/help': 'help',
  '/bingo': 'bingo',
};

import { ANNOUNCEMENT_PAGE_SIZE } from './content-constants.ts';

export { ANNOUNCEMENT_PAGE_SIZE, BANNER_AUTOPLAY_MS } from './content-constants.ts';

/**
 * What a clickable banner opens: ROUTE a site path (`/promotions`), GAME a game by its catalogue nodeId (`1204`),
 * PROMOTION a promotion by id or code (`welcome-100`), URL an http(s) address.
 */
export const linkageTypes = ['ROUTE', 'GAME', 'PROMOTION', 'URL'] as const;
export const linkageType = z.enum(linkageTypes);
export type LinkageType = z.infer<typeof linkageType>;

const ROUTE_TARGET = /^\/(?!\/)[A-Za-z0-9/_.~-]*(\?[A-Za-z0-9=&_.~%,+-]*)?(#[A-Za-z0-9_-]*)?$/;
const GAME_TARGET = /^[1-9][0-9]{0,9}$/;
const PROMOTION_TARGET = /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/;

/** Whether a string names a script-capable scheme, also when disguised with case, spaces, controls or entities. */
export function isScriptUrl(value: string): boolean {
  const squeezed = value
    .replace(/&#x?[0-9a-f]+;?|&[a-z]+;/gi, '')
    // biome-ignore lint/suspicious/noControlCharactersInRegex: controls are what an attacker hides in a scheme
    .replace(/[\s\u0000-\u001f\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]/g, '')
    .toLowerCase();
  return /^(javascript|vbscript|data|file|blob):/.test(squeezed);
}

/**
 * Why a banner link target is refused, or null when it is fine. `unsafe` for script or non-web schemes (error code
 * unsafe_link), `invalid` for a target that does not fit its type (validation_failed). Shared by the server and the
 * back office's form.
 */
export function linkageProblem(type: LinkageType, target: string): 'unsafe' | 'invalid' | null {
  if (isScriptUrl(target)) return 'unsafe';
  switch (type) {
    case 'ROUTE':
      return ROUTE_TARGET.test(target) && target.length <= 300 ? null : 'invalid';
    case 'GAME':
      return GAME_TARGET.test(target) ? null : 'invalid';
    case 'PROMOTION':
      return PROMOTION_TARGET.test(target) ? null : 'invalid';
    case 'URL': {
      if (target.length > 500) return 'invalid';
      try {
        const url = new URL(target);
        if (url.protocol !== 'http:' && url.protocol !== 'https:') return 'invalid';
        return url.hostname && !url.username && !url.password ? null : 'invalid';
      } catch {
        return 'invalid';
      }
    }
  }
}

/** A map of texts by language; EN is required, being the fallback of every other language. */
export function translations<T extends z.ZodType>(item: T) {
  return z
    .partialRecord(languageCode, item)
    .refine((map) => map.EN !== undefined, { message: 'EN is required', path: ['EN'] });
}

const plainTitle = z.string().trim().min(1).max(200);
/** Rich text as the back office sends it: sanitised with an allow-list on the server before it is stored. */
const richText = z.string().max(100_000);
const schedule = {
  /** ISO times; null means from now on / without end. */
  startsAt: z.iso.datetime({ offset: true }).nullable().default(null),
  endsAt: z.iso.datetime({ offset: true }).nullable().default(null),
};
function scheduleInOrder(value: { startsAt: string | null; endsAt: string | null }, ctx: z.RefinementCtx) {
  if (value.startsAt && value.endsAt && Date.parse(value.endsAt) <= Date.parse(value.startsAt)) {
    ctx.addIssue({ code: 'custom', path: ['endsAt'], message: 'ends before it starts' });
  }
}
const sortOrder = z.number().int().min(0).max(100_000).default(0);

export const idParams = z.object({ id: z.coerce.number().int().min(1).max(2_147_483_647) });
export const merchantParams = z.object({ code: z.string().regex(/^[a-z0-9-]{2,32}$/) });
export const merchantIdParams = merchantParams.extend({
  id: z.coerce.number().int().min(1).max(2_147_483_647),
});
/** An uploaded image's id (content's image library). */
export const contentImageId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
export const imageIdParams = z.object({ id: contentImageId });
/** The site path that serves an uploaded image. */
export const contentImagePath = (id: string) => `/wps/content/images/${id}`;

// ---------------------------------------------------------------------------------------------------------------
// Images

/** Images the back office may upload: raster only, checked by content (magic bytes), at most 5 MB. */
export const uploadImageTypes = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;

export const uploadedImage = z
  .object({
    id: z.string(),
    /** Site path that serves the image (`/wps/content/images/<id>`), with `X-Content-Type-Options: nosniff`. */
    url: z.string(),
    contentType: z.string(),
    byteSize: z.number().int(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
  })
  .meta({ id: 'UploadedImage' });
export type UploadedImage = z.infer<typeof uploadedImage>;
export const uploadedImageResponse = envelope(uploadedImage);
export const imageListResponse = envelope(pageOf(uploadedImage));

// ---------------------------------------------------------------------------------------------------------------
// Banners

/** GET /wps/relay/MCSFE_getBanners?groupName=home — the banners of a group in effect now, in order. */
export const bannerQuery = z.object({ groupName: bannerGroup });
export const banner = z
  .object({
    bannerId: z.number().int(),
    groupName: bannerGroup,
    /** Image path in the request's language (EN fallback). */
    url: z.string(),
    /** Alternative text of the image. */
    title: z.string(),
    /** When set the banner is clickable and opens its target. */
    linkageType: linkageType.nullable(),
    linkageTarget: z.string().nullable(),
  })
  .meta({ id: 'Banner' });
export type Banner = z.infer<typeof banner>;
export const bannerListResponse = envelope(z.array(banner));

const bannerFields = z.object({
  groupName: bannerGroup,
  /** Uploaded image id per language (EN required); a language without its own image shows the EN one. */
  images: translations(z.string().regex(/^[A-Za-z0-9_-]{16,64}$/)),
  titles: translations(z.string().trim().max(120)),
  linkageType: linkageType.nullable().default(null),
  linkageTarget: z.string().trim().min(1).max(500).nullable().default(null),
  ...schedule,
  enabled: z.boolean().default(true),
  sortOrder,
});
/** POST/PUT /admin-api/merchants/:code/banners[/:id]. Link targets are checked by `linkageProblem` (unsafe_link). */
export const bannerBody = bannerFields.superRefine((value, ctx) => {
  scheduleInOrder(value, ctx);
  if ((value.linkageType === null) !== (value.linkageTarget === null)) {
    ctx.addIssue({ code: 'custom', path: ['linkageTarget'], message: 'type and target go together' });
  }
});
export type BannerBody = z.infer<typeof bannerBody>;
export const adminBanner = bannerFields
  .extend({
    id: z.number().int(),
    imageUrls: z.partialRecord(languageCode, z.string()),
    /** Whether it shows now: enabled and inside its schedule. */
    live: z.boolean(),
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'AdminBanner' });
export type AdminBanner = z.infer<typeof adminBanner>;
export const adminBannerQuery = z.object({ groupName: bannerGroup.optional() });
export const adminBannerResponse = envelope(adminBanner);
export const adminBannerListResponse = envelope(z.array(adminBanner));
/** PUT /admin-api/merchants/:code/banners/order — the group's banners in their new order (every id once). */
export const bannerOrderBody = z.object({
  groupName: bannerGroup,
  ids: z.array(z.number().int().min(1)).min(1).max(200),
});

// ---------------------------------------------------------------------------------------------------------------
// Notices (the scrolling notice bar, the notice modal and /noticePage)

export const noticeText = z.object({ title: plainTitle, content: richText });
export const notice = z
  .object({
    id: z.number().int(),
    title: z.string(),
    /** Sanitised rich text (HTML of the allow-list). */
    content: z.string(),
    publishedAt: z.string(),
  })
  .meta({ id: 'Notice' });
export type Notice = z.infer<typeof notice>;
/** GET /wps/relay/MCSFE_getNotices — notices in effect now, newest order first. */
export const noticeQuery = pageQuery.extend({ pageSize: pageQuery.shape.pageSize.default(50) });
export const noticeListResponse = envelope(pageOf(notice));

const noticeFields = z.object({
  texts: translations(noticeText),
  ...schedule,
  enabled: z.boolean().default(true),
  sortOrder,
});
export const noticeBody = noticeFields.superRefine(scheduleInOrder);
export type NoticeBody = z.infer<typeof noticeBody>;
export const adminNotice = noticeFields
  .extend({ id: z.number().int(), live: z.boolean(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'AdminNotice' });
export const adminNoticeResponse = envelope(adminNotice);
export const adminNoticeListResponse = envelope(z.array(adminNotice));

// ---------------------------------------------------------------------------------------------------------------
// Announcements (§3 brand configuration: types B, PL, PU, PR, H; content groups player, banners, popup, promotion)

export const announcementTypes = ['B', 'PL', 'PU', 'PR', 'H'] as const;
export const announcementType = z.enum(announcementTypes);
/** `agent`: notices addressed to agents, read in the agent centre (never in the site's public lists). */
export const announcementGroups = ['player', 'banners', 'popup', 'promotion', 'agent'] as const;
/** The groups the public announcement calls answer with. */
export const publicAnnouncementGroups = ['player', 'banners', 'popup', 'promotion'] as const;
export const announcementGroup = z.enum(announcementGroups);
export const announcementPlatforms = ['W'] as const;

const commaList = <T extends z.ZodType<string, string>>(item: T) =>
  z
    .string()
    .max(200)
    .transform((value) =>
      value
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    )
    .pipe(z.array(item).min(1).max(10));

/**
 * GET /wps/relay/MCSFE_getListAnnouncements?types=B,PL&platform=W&execution=true&contentGroup=popup&pageNo=1
 * `execution` true (the default) lists only announcements in effect now; false also lists scheduled and expired
 * ones (still only enabled ones). Pages of 9 by default (§9).
 */
export const announcementQuery = z.object({
  types: commaList(announcementType).optional(),
  contentGroup: commaList(announcementGroup).optional(),
  platform: z.enum(announcementPlatforms).default('W'),
  execution: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .transform((value) => value === 'true' || value === '1'),
  pageNo: pageQuery.shape.pageNo,
  pageSize: z.coerce.number().int().min(1).max(100).default(ANNOUNCEMENT_PAGE_SIZE),
});
export const announcement = z
  .object({
    id: z.number().int(),
    type: announcementType,
    contentGroup: announcementGroup,
    title: z.string(),
    /** Sanitised rich text. */
    content: z.string(),
    startsAt: z.string().nullable(),
    endsAt: z.string().nullable(),
    publishedAt: z.string(),
  })
  .meta({ id: 'Announcement' });
export type Announcement = z.infer<typeof announcement>;
export const announcementListResponse = envelope(pageOf(announcement));

/**
 * GET /wps/relay/MCSFE_getPopupAnnouncements (member token): the popup group's announcements this login has not
 * acknowledged yet; POST /wps/relay/MCSFE_ackPopupAnnouncements marks them shown, so the popup shows once a login.
 */
export const popupAnnouncementResponse = envelope(z.array(announcement));
export const popupAckBody = z.object({ ids: z.array(z.number().int().min(1)).min(1).max(100) });
export const popupAckResponse = envelope(z.object({ acknowledged: z.number().int() }));

const announcementFields = z.object({
  type: announcementType,
  contentGroup: announcementGroup,
  platform: z.enum(announcementPlatforms).default('W'),
  texts: translations(noticeText),
  ...schedule,
  enabled: z.boolean().default(true),
  sortOrder,
});
export const announcementBody = announcementFields.superRefine(scheduleInOrder);
export type AnnouncementBody = z.infer<typeof announcementBody>;
export const adminAnnouncement = announcementFields
  .extend({ id: z.number().int(), live: z.boolean(), createdAt: z.string(), updatedAt: z.string() })
  .meta({ id: 'AdminAnnouncement' });
export const adminAnnouncementQuery = z.object({
  type: announcementType.optional(),
  contentGroup: announcementGroup.optional(),
});
export const adminAnnouncementResponse = envelope(adminAnnouncement);
export const adminAnnouncementListResponse = envelope(z.array(adminAnnouncement));

// ---------------------------------------------------------------------------------------------------------------
// Help centre (/help, /helpmc)

export const helpArticle = z
  .object({ id: z.number().int(), title: z.string(), content: z.string() })
  .meta({ id: 'HelpArticle' });
export const helpCategory = z
  .object({ id: z.number().int(), name: z.string(), articles: z.array(helpArticle) })
  .meta({ id: 'HelpCategory' });
/** GET /wps/system/helpCenter — enabled categories with their enabled articles, in order. */
export const helpCenterResponse = envelope(z.object({ categories: z.array(helpCategory) }));

const helpCategoryFields = z.object({
  texts: translations(z.object({ name: z.string().trim().min(1).max(80) })),
  enabled: z.boolean().default(true),
  sortOrder,
});
export const helpCategoryBody = helpCategoryFields;
export type HelpCategoryBody = z.infer<typeof helpCategoryBody>;
export const adminHelpCategory = helpCategoryFields
  .extend({ id: z.number().int(), articleCount: z.number().int(), updatedAt: z.string() })
  .meta({ id: 'AdminHelpCategory' });
export const adminHelpCategoryResponse = envelope(adminHelpCategory);
export const adminHelpCategoryListResponse = envelope(z.array(adminHelpCategory));

const helpArticleFields = z.object({
  categoryId: z.number().int().min(1),
  texts: translations(noticeText),
  enabled: z.boolean().default(true),
  sortOrder,
});
export const helpArticleBody = helpArticleFields;
export type HelpArticleBody = z.infer<typeof helpArticleBody>;
export const adminHelpArticle = helpArticleFields
  .extend({ id: z.number().int(), updatedAt: z.string() })
  .meta({ id: 'AdminHelpArticle' });
export const adminHelpArticleQuery = z.object({ categoryId: z.coerce.number().int().min(1).optional() });
export const adminHelpArticleResponse = envelope(adminHelpArticle);
export const adminHelpArticleListResponse = envelope(z.array(adminHelpArticle));

// ---------------------------------------------------------------------------------------------------------------
// Footer, partners, right bar, app download

export const partnerKinds = ['vendor', 'payment', 'provider'] as const;
export const partnerKind = z.enum(partnerKinds);
/**
 * Why a link stored in content (footer paths, partner and customer-service addresses, a join form's website) is
 * refused, or null when it is fine: a site path (`/help`) or an http(s) address. `unsafe` for script schemes
 * (error code unsafe_link), `invalid` for anything else that is not a link (validation_failed).
 */
export function siteLinkProblem(value: string): 'unsafe' | 'invalid' | null {
  if (isScriptUrl(value)) return 'unsafe';
  if (value.startsWith('/')) return /^\/(?![/\\])[^\s\\]*$/.test(value) ? null : 'invalid';
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname && !/\s/.test(value)
      ? null
      : 'invalid';
  } catch {
    return 'invalid';
  }
}
/** A link checked by `siteLinkProblem` on the server (so a script link gets its own error code, unsafe_link). */
const siteLink = z.string().trim().min(1).max(500);

const partnerFields = z.object({
  kind: partnerKind,
  /** The partner's name per language (the logo's text alternative); EN required, the others fall back to it. */
  names: translations(z.string().trim().min(1).max(60)),
  /** The logo's image id per language (EN required); a language without its own logo shows the EN one. */
  images: translations(z.string().regex(/^[A-Za-z0-9_-]{16,64}$/)),
  /** Optional address the logo opens (http(s) or a site path). */
  url: siteLink.nullable().default(null),
  enabled: z.boolean().default(true),
  sortOrder,
});
export const partnerBody = partnerFields;
export type PartnerBody = z.infer<typeof partnerBody>;
export const adminPartner = partnerFields
  .extend({ id: z.number().int(), imageUrls: z.partialRecord(languageCode, z.string()) })
  .meta({ id: 'AdminPartner' });
export const adminPartnerResponse = envelope(adminPartner);
export const adminPartnerListResponse = envelope(z.array(adminPartner));

export const socialTypes = ['FACEBOOK', 'TWITTER', 'INSTAGRAM', 'YOUTUBE', 'TELEGRAM'] as const;
export const appResourceTypes = ['IOS', 'ANDROID', 'MOBILE_CONFIG'] as const;

const footerLinkSetting = z.object({
  titles: translations(z.string().trim().min(1).max(60)),
  path: siteLink,
});

/** The merchant's content settings (back office), beside the whole-site settings document of the owner. */
export const contentSettings = z
  .object({
    feedback: z
      .object({
        /** Feedback content length bounds in words (§5 "between {0} and {1} words"). */
        minWords: z.number().int().min(1).max(1000),
        maxWords: z.number().int().min(1).max(5000),
      })
      .refine((value) => value.maxWords >= value.minWords, { path: ['maxWords'], message: 'below min' }),
    footer: z.object({
      helpLinks: z.array(footerLinkSetting).max(20),
      products: z.array(footerLinkSetting).max(20),
    }),
    chat: z.object({
      /** First line a visitor sees in the chat room. */
      greeting: translations(z.string().trim().min(1).max(300)),
    }),
  })
  .meta({ id: 'ContentSettings' });
export type ContentSettings = z.infer<typeof contentSettings>;
export const contentSettingsResponse = envelope(contentSettings);

const footerLink = z.object({ title: z.string(), path: z.string() });
const partnerLogo = z.object({ name: z.string(), imageUrl: z.string(), url: z.string().nullable() });
/** GET /wps/relay/MCSFE_getFooter — the footer and right bar of §2 in the request's language. */
export const footer = z
  .object({
    helpLinks: z.array(footerLink),
    products: z.array(footerLink),
    /** Only the networks the merchant configured, in the order Facebook, Twitter, Instagram, Youtube, Telegram. */
    socialLinks: z.array(z.object({ type: z.enum(socialTypes), url: z.string(), label: z.string() })),
    copyright: z.string(),
    licenceText: z.string(),
    vendorLogos: z.array(partnerLogo),
    paymentPartners: z.array(partnerLogo),
    providerPartners: z.array(partnerLogo),
  })
  .meta({ id: 'Footer' });
export type Footer = z.infer<typeof footer>;
export const footerResponse = envelope(footer);

/** The icons of a merchant's installable web app (GET /icons/:name), drawn in its white-label colours. */
export const appIconNames = [
  'icon-192.png',
  'icon-512.png',
  'maskable-512.png',
  'apple-touch-icon.png',
] as const;
export const appIconParams = z.object({ name: z.enum(appIconNames) });
/** GET /manifest.webmanifest?lang=cn: the manifest in a language of the site (any case); without it, the merchant's default. */
export const appManifestQuery = z.object({
  lang: z
    .string()
    .transform((value) => value.toUpperCase())
    .pipe(languageCode)
    .optional(),
});
/** GET /manifest.webmanifest: the web app manifest of the request's merchant (decision 024). */
export const webAppManifest = z
  .object({
    id: z.string(),
    name: z.string(),
    short_name: z.string(),
    description: z.string(),
    lang: z.string(),
    start_url: z.string(),
    scope: z.string(),
    display: z.literal('standalone'),
    orientation: z.literal('any'),
    background_color: z.string(),
    theme_color: z.string(),
    categories: z.array(z.string()),
    icons: z.array(
      z.object({
        src: z.string(),
        sizes: z.string(),
        type: z.string(),
        purpose: z.enum(['any', 'maskable']),
      }),
    ),
  })
  .meta({ id: 'WebAppManifest' });
export type WebAppManifest = z.infer<typeof webAppManifest>;

/** §9 QR defaults: size 200, margin 20, error correction M, dot scale 1, logo scale 0.2. */
export const QR_DEFAULTS = {
  size: 200,
  margin: 20,
  errorCorrectionLevel: 'M',
  dotScale: 1,
  logoScale: 0.2,
} as const;

/**
 * GET /wps/system/qrcode?text=...&size=200 — an `image/svg+xml` QR code drawn with the §9 defaults (the quiet zone
 * of `margin` pixels is white). The site lays the merchant logo over the centre at `logoScale` of the size; error
 * correction M survives that.
 */
export const qrCodeQuery = z.object({
  text: z.string().min(1).max(1000),
  size: z.coerce.number().int().min(64).max(1024).default(QR_DEFAULTS.size),
  margin: z.coerce.number().int().min(0).max(100).default(QR_DEFAULTS.margin),
});

const appEntry = z.object({
  resourceType: z.enum(appResourceTypes),
  label: z.string(),
  url: z.string(),
  /** The text the QR code encodes (the resource's own QR address when set, else its url), absolute. */
  qrText: z.string(),
  /** A ready QR code for it: GET this path for the SVG. */
  qrCodeUrl: z.string(),
});
/** GET /wps/relay/MCSFE_getAppDownload — /down and the right bar's QR codes. */
export const appDownloadResponse = envelope(
  z.object({
    apps: z.array(appEntry),
    qr: z.object({
      size: z.number().int(),
      margin: z.number().int(),
      errorCorrectionLevel: z.literal('M'),
      dotScale: z.number(),
      logoScale: z.number(),
      logoUrl: z.string(),
    }),
  }),
);

// ---------------------------------------------------------------------------------------------------------------
// Customer-service and social settings edited by content operators (stored in the merchant settings document)

const channelItem = z.object({
  csType: z.enum(['LIVECHAT', 'TELEGRAM', 'VIP', 'FACEBOOK']),
  titles: translations(plainTitle),
  path: siteLink,
});
const resourceEntry = z.object({
  resourceType: z.enum([...appResourceTypes, ...socialTypes]),
  url: siteLink,
  qrCodeUrl: siteLink.nullable(),
  labelNameEn: z.string().trim().min(1).max(200),
});
/** GET/PUT /admin-api/merchants/:code/channels: customer-service entries, social links and app downloads. */
export const channelsBody = z
  .object({
    customerService: z.array(channelItem).max(20),
    resources: z.array(resourceEntry).max(20),
  })
  .superRefine((value, ctx) => {
    const types = value.resources.map((r) => r.resourceType);
    types.forEach((type, index) => {
      if (types.indexOf(type) !== index)
        ctx.addIssue({ code: 'custom', path: ['resources', index, 'resourceType'], message: 'duplicate' });
    });
  });
export type ChannelsBody = z.infer<typeof channelsBody>;
export const channelsResponse = envelope(channelsBody);

// ---------------------------------------------------------------------------------------------------------------
// Join: the affiliate programme application

export const affiliateContactTypes = [
  'telegram',
  'whatsapp',
  'facebook',
  'line',
  'zalo',
  'viber',
  'other',
] as const;
export const affiliateTrafficSources = [
  'website',
  'social',
  'community',
  'streaming',
  'offline',
  'other',
] as const;
/** POST /wps/relay/MCSFE_submitAffiliateApplication — the /join form; lands in the back office. */
export const affiliateApplicationBody = z.object({
  name: z.string().trim().min(2).max(60),
  email: z.email().max(120),
  mobile: z
    .string()
    .trim()
    .regex(/^\+?[0-9 -]{6,20}$/),
  contactType: z.enum(affiliateContactTypes),
  contactId: z.string().trim().min(1).max(60),
  trafficSource: z.enum(affiliateTrafficSources),
  website: siteLink.nullable().default(null),
  message: z.string().trim().max(1000).default(''),
});
export type AffiliateApplicationBody = z.infer<typeof affiliateApplicationBody>;
export const affiliateApplicationReceipt = envelope(
  z.object({ id: z.number().int(), createdAt: z.string() }),
);

export const affiliateStatuses = ['new', 'contacted', 'approved', 'rejected'] as const;
export const affiliateApplication = affiliateApplicationBody
  .extend({
    id: z.number().int(),
    merchantCode: z.string(),
    language: z.string(),
    status: z.enum(affiliateStatuses),
    operatorNote: z.string(),
    handledBy: z.string().nullable(),
    handledAt: z.string().nullable(),
    ip: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'AffiliateApplication' });
export const affiliateApplicationQuery = pageQuery.extend({ status: z.enum(affiliateStatuses).optional() });
export const affiliateApplicationListResponse = envelope(pageOf(affiliateApplication));
export const affiliateApplicationUpdateBody = z.object({
  status: z.enum(affiliateStatuses),
  operatorNote: z.string().trim().max(1000).default(''),
  /**
   * With status approved: the applicant's member account, which becomes an agent (type 1, with an affiliate code)
   * in the same change (owners only).
   */
  memberAccount: z.string().trim().toLowerCase().min(1).max(64).optional(),
});
export const affiliateApplicationResponse = envelope(affiliateApplication);

export const deletedResponse = envelope(z.object({ id: z.number().int() }));
