import {
  type AdminBanner,
  type AffiliateApplicationBody,
  type Announcement,
  type AnnouncementBody,
  type Banner,
  type BannerBody,
  type ChannelsBody,
  type ContentSettings,
  contentImagePath,
  contentSettings,
  type Footer,
  type HelpArticleBody,
  type HelpCategoryBody,
  linkageProblem,
  type NoticeBody,
  type PartnerBody,
  publicAnnouncementGroups,
  QR_DEFAULTS,
  siteLinkProblem,
  socialTypes,
  type UploadedImage,
} from '@tala/contracts/content';
import { pickLanguage, type Translations } from '@tala/contracts/language-codes';
import type { LanguageCode } from '@tala/contracts/languages';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { Merchant, MerchantsService } from '../merchants/merchants.service.ts';
import { settingsVersion } from '../merchants/settings-version.ts';
import {
  type AnnouncementRow,
  type ApplicationRow,
  type BannerRow,
  type ContentRow,
  type ContentTable,
  type ContentValues,
  contentRepository,
  type HelpArticleRow,
  type HelpCategoryRow,
  type NoticeRow,
  type PartnerRow,
} from './content.repository.ts';
import { newImageId } from './images.ts';
import type { MemberIdentityPort, SignedInMember } from './member-identity.ts';
import { hasVisibleContent, sanitizeRichText } from './sanitize.ts';
import type { ReceivedImage } from './uploads.ts';

/** Who did a back-office action, and from where, for the audit log. */
export type Actor = { id: number; name: string; ip: string };

const imagePath = contentImagePath;

/** An image drawn in code for the demo data, stored like an upload. */
export type SeedArt = { id: string; svg: string; width: number; height: number };

export const DEFAULT_CONTENT_SETTINGS: ContentSettings = {
  feedback: { minWords: 5, maxWords: 500 },
  footer: { helpLinks: [], products: [] },
  chat: {
    greeting: {
      EN: 'Hello! How can we help you today?',
      TY: 'Kumusta! Paano ka namin matutulungan ngayon?',
      CN: '您好！请问今天有什么可以帮您？',
      ID: 'Halo! Ada yang bisa kami bantu hari ini?',
      TH: 'สวัสดี! วันนี้มีอะไรให้เราช่วยไหม',
      VI: 'Xin chào! Hôm nay chúng tôi có thể giúp gì cho bạn?',
    },
  },
};

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const when = (value: string | null) => (value ? new Date(value) : null);

function isLive(row: { enabled: boolean; starts_at: Date | null; ends_at: Date | null }, now = new Date()) {
  return row.enabled && (!row.starts_at || row.starts_at <= now) && (!row.ends_at || row.ends_at > now);
}

type RichTexts = Translations<{ title: string; content: string }>;

/** Sanitises every language's rich text; a text with nothing visible left is refused (content_required). */
function cleanTexts(texts: RichTexts, field = 'texts'): RichTexts {
  const out: RichTexts = {};
  for (const [language, text] of Object.entries(texts) as [
    LanguageCode,
    { title: string; content: string },
  ][]) {
    const content = sanitizeRichText(text.content);
    if (!hasVisibleContent(content)) throw new AppError('content_required', `${field}.${language}.content`);
    out[language] = { title: text.title, content };
  }
  return out;
}

function checkLink(type: BannerBody['linkageType'], target: string | null) {
  if (type === null || target === null) return;
  const problem = linkageProblem(type, target);
  if (problem === 'unsafe') throw new AppError('unsafe_link', 'linkageTarget');
  if (problem === 'invalid') throw new AppError('validation_failed', 'linkageTarget');
}

function checkSiteLink(value: string | null | undefined, field: string) {
  if (value === null || value === undefined) return;
  const problem = siteLinkProblem(value);
  if (problem === 'unsafe') throw new AppError('unsafe_link', field);
  if (problem === 'invalid') throw new AppError('validation_failed', field);
}

/** Each language's image address, for a map of language to image id (a banner's pictures, a partner's logos). */
function imageUrls(images: Translations<string>): Partial<Record<LanguageCode, string>> {
  return Object.fromEntries(Object.entries(images).map(([lang, id]) => [lang, imagePath(id as string)]));
}

function adminBanner(row: BannerRow): AdminBanner {
  const images = row.images as Translations<string>;
  return {
    id: row.id,
    groupName: row.group_name as AdminBanner['groupName'],
    images,
    imageUrls: imageUrls(images),
    titles: row.titles as Translations<string>,
    linkageType: row.linkage_type as AdminBanner['linkageType'],
    linkageTarget: row.linkage_target,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    enabled: row.enabled,
    sortOrder: row.sort_order,
    live: isLive(row),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function adminNotice(row: NoticeRow) {
  return {
    id: row.id,
    texts: row.texts as RichTexts,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    enabled: row.enabled,
    sortOrder: row.sort_order,
    live: isLive(row),
    createdAt: row.created_at.toISOString(),
    updatedAt: row.updated_at.toISOString(),
  };
}

function adminAnnouncement(row: AnnouncementRow) {
  return { ...adminNotice(row), type: row.type, contentGroup: row.content_group, platform: row.platform };
}

function publicAnnouncement(row: AnnouncementRow, language: LanguageCode): Announcement {
  const text = pickLanguage(row.texts as RichTexts, language);
  return {
    id: row.id,
    type: row.type,
    contentGroup: row.content_group,
    title: text.title,
    content: text.content,
    startsAt: iso(row.starts_at),
    endsAt: iso(row.ends_at),
    publishedAt: (row.starts_at ?? row.created_at).toISOString(),
  };
}

function adminCategory(row: HelpCategoryRow) {
  return {
    id: row.id,
    texts: row.texts as Translations<{ name: string }>,
    enabled: row.enabled,
    sortOrder: row.sort_order,
    articleCount: Number(row.article_count ?? 0),
    updatedAt: row.updated_at.toISOString(),
  };
}

function adminArticle(row: HelpArticleRow) {
  return {
    id: row.id,
    categoryId: row.category_id,
    texts: row.texts as RichTexts,
    enabled: row.enabled,
    sortOrder: row.sort_order,
    updatedAt: row.updated_at.toISOString(),
  };
}

function adminPartner(row: PartnerRow) {
  return {
    id: row.id,
    kind: row.kind,
    names: row.names as Translations<string>,
    images: row.images as Translations<string>,
    imageUrls: imageUrls(row.images as Translations<string>),
    url: row.url,
    enabled: row.enabled,
    sortOrder: row.sort_order,
  };
}

function application(row: ApplicationRow) {
  return {
    id: row.id,
    merchantCode: row.merchant_code,
    name: row.name,
    email: row.email,
    mobile: row.mobile,
    contactType: row.contact_type as AffiliateApplicationBody['contactType'],
    contactId: row.contact_id,
    trafficSource: row.traffic_source as AffiliateApplicationBody['trafficSource'],
    website: row.website,
    message: row.message,
    language: row.language,
    status: row.status,
    operatorNote: row.operator_note,
    handledBy: row.handled_by_name ?? null,
    handledAt: iso(row.handled_at),
    ip: row.ip,
    createdAt: row.created_at.toISOString(),
  };
}

function page<T>(list: T[], total: number, pageNo: number, pageSize: number) {
  return { list, pageNo, pageSize, total, totalPages: Math.ceil(total / pageSize) };
}

export function contentService(
  db: Database,
  audit: AuditService,
  merchants: MerchantsService,
  members: MemberIdentityPort,
) {
  const repository = contentRepository(db);

  async function record(
    executor: Database,
    actor: Actor,
    merchant: Merchant,
    action: string,
    target: string,
    before?: unknown,
    after?: unknown,
  ) {
    await audit.record(executor, {
      actorType: 'operator',
      actorId: actor.id,
      actorName: actor.name,
      merchantId: merchant.id,
      action,
      target,
      before,
      after,
      ip: actor.ip,
    });
  }

  /** Every image a banner or partner names must be the merchant's own upload or seed art. */
  async function checkImages(merchantId: number, ids: string[], field: string) {
    const found = await repository.existingImages(merchantId, [...new Set(ids)]);
    const missing = ids.find((id) => !found.has(id));
    if (missing) throw new AppError('not_found', field);
  }

  /** Seed art drawn in code (SVG), stored in the merchant's image library like an upload. */
  async function insertSeedArt(trx: Database, merchantId: number, images: SeedArt[]) {
    await repository.insertMany(
      trx,
      'content_images',
      images.map((image) => {
        const bytes = Buffer.from(image.svg, 'utf8');
        return {
          id: image.id,
          merchant_id: merchantId,
          content_type: 'image/svg+xml' as const,
          origin: 'seed' as const,
          bytes,
          byte_size: bytes.length,
          width: image.width,
          height: image.height,
          created_by: null,
        };
      }),
    );
  }

  async function settingsOf(merchantId: number, executor: Database = db): Promise<ContentSettings> {
    const stored = await repository.settings(executor, merchantId);
    const parsed = contentSettings.safeParse(stored);
    return parsed.success ? parsed.data : DEFAULT_CONTENT_SETTINGS;
  }

  function bannerValues(body: BannerBody) {
    checkLink(body.linkageType, body.linkageTarget);
    return {
      group_name: body.groupName,
      sort_order: body.sortOrder,
      images: body.images,
      titles: body.titles,
      linkage_type: body.linkageType,
      linkage_target: body.linkageTarget,
      starts_at: when(body.startsAt),
      ends_at: when(body.endsAt),
      enabled: body.enabled,
    };
  }

  /** How each kind of content is named in the audit log: `content.<action>.create` on `<target>:<id>`. */
  const AUDIT: Record<ContentTable, { action: string; target: string }> = {
    banners: { action: 'banner', target: 'banner' },
    notices: { action: 'notice', target: 'notice' },
    announcements: { action: 'announcement', target: 'announcement' },
    help_categories: { action: 'help.category', target: 'help-category' },
    help_articles: { action: 'help.article', target: 'help-article' },
    partners: { action: 'partner', target: 'partner' },
  };

  /**
   * Creates (id null) or updates one content row in a transaction, with its audit entry before and after: the one
   * way every kind of content is saved. `view` shapes a row for the back office; `guard` runs first in the same
   * transaction (a help article locks its category).
   */
  async function saveRow<T extends ContentTable, V>(
    actor: Actor,
    merchant: Merchant,
    table: T,
    id: number | null,
    values: ContentValues<T>,
    view: (row: ContentRow<T>, trx: Database) => V | Promise<V>,
    guard?: (trx: Database) => Promise<void>,
  ): Promise<V> {
    const { action, target } = AUDIT[table];
    return db.transaction().execute(async (trx) => {
      await guard?.(trx);
      if (id === null) {
        const row = await repository.insertRow(trx, table, merchant.id, values);
        const created = await view(row, trx);
        await record(
          trx,
          actor,
          merchant,
          `content.${action}.create`,
          `${target}:${row.id}`,
          undefined,
          created,
        );
        return created;
      }
      const before = await repository.row(trx, table, merchant.id, id, true);
      if (!before) throw new AppError('not_found', 'id');
      const row = await repository.updateRow(trx, table, merchant.id, id, values);
      if (!row) throw new AppError('not_found', 'id');
      const after = await view(row, trx);
      await record(
        trx,
        actor,
        merchant,
        `content.${action}.update`,
        `${target}:${id}`,
        await view(before, trx),
        after,
      );
      return after;
    });
  }

  async function deleteRow(actor: Actor, merchant: Merchant, table: ContentTable, id: number, trx: Database) {
    const { action, target } = AUDIT[table];
    const deleted = await repository.deleteRow(trx, table, merchant.id, id);
    if (!deleted) throw new AppError('not_found', 'id');
    await record(trx, actor, merchant, `content.${action}.delete`, `${target}:${id}`);
    return { id };
  }

  return {
    members,

    // ------------------------------------------------------------------ images
    async image(id: string) {
      return repository.imageForServing(id);
    },

    /** Adds seed art to a merchant's image library (other modules' demo data: promotion pictures). */
    async seedArt(merchantId: number, images: SeedArt[]) {
      await db.transaction().execute((trx) => insertSeedArt(trx, merchantId, images));
    },

    /** Refuses (not_found on `field`) an image id that is not this merchant's upload or seed art. */
    ownImages: checkImages,

    async uploadImage(actor: Actor, merchantCode: string, image: ReceivedImage): Promise<UploadedImage> {
      const merchant = await merchants.byCode(merchantCode);
      const id = newImageId();
      await db.transaction().execute(async (trx) => {
        await repository.insertImage(trx, {
          id,
          merchant_id: merchant.id,
          content_type: image.contentType,
          origin: 'upload',
          bytes: image.bytes,
          byte_size: image.bytes.length,
          width: image.width,
          height: image.height,
          created_by: actor.id,
        });
        await record(trx, actor, merchant, 'content.image.upload', id, undefined, {
          contentType: image.contentType,
          byteSize: image.bytes.length,
          width: image.width,
          height: image.height,
        });
      });
      return {
        id,
        url: imagePath(id),
        contentType: image.contentType,
        byteSize: image.bytes.length,
        width: image.width,
        height: image.height,
      };
    },

    async listImages(merchantCode: string, pageNo: number, pageSize: number) {
      const merchant = await merchants.byCode(merchantCode);
      const { rows, total } = await repository.listImages(merchant.id, pageNo, pageSize);
      return page(
        rows.map((row) => ({
          id: row.id,
          url: imagePath(row.id),
          contentType: row.content_type,
          byteSize: row.byte_size,
          width: row.width,
          height: row.height,
        })),
        total,
        pageNo,
        pageSize,
      );
    },

    // ------------------------------------------------------------------ banners
    async liveBanners(merchant: Merchant, group: string, language: LanguageCode): Promise<Banner[]> {
      const rows = await repository.liveBanners(merchant.id, group, new Date());
      return rows.map((row) => ({
        bannerId: row.id,
        groupName: row.group_name as Banner['groupName'],
        url: imagePath(pickLanguage(row.images as Translations<string>, language)),
        title: pickLanguage(row.titles as Translations<string>, language) ?? '',
        linkageType: row.linkage_type as Banner['linkageType'],
        linkageTarget: row.linkage_target,
      }));
    },

    async banners(merchantCode: string, group?: string) {
      const merchant = await merchants.byCode(merchantCode);
      return (await repository.banners(merchant.id, group)).map(adminBanner);
    },

    async saveBanner(actor: Actor, merchantCode: string, id: number | null, body: BannerBody) {
      const merchant = await merchants.byCode(merchantCode);
      const values = bannerValues(body);
      await checkImages(merchant.id, Object.values(body.images) as string[], 'images');
      return saveRow(actor, merchant, 'banners', id, values, adminBanner);
    },

    async reorderBanners(actor: Actor, merchantCode: string, group: string, ids: number[]) {
      const merchant = await merchants.byCode(merchantCode);
      if (new Set(ids).size !== ids.length) throw new AppError('validation_failed', 'ids');
      await db.transaction().execute(async (trx) => {
        const ok = await repository.reorderBanners(trx, merchant.id, group, ids);
        if (!ok) throw new AppError('validation_failed', 'ids');
        await record(trx, actor, merchant, 'content.banner.reorder', `banners:${group}`, undefined, { ids });
      });
      return this.banners(merchantCode, group);
    },

    // ------------------------------------------------------------------ deleting (banners, notices, announcements, partners, help articles)
    async deleteItem(
      actor: Actor,
      merchantCode: string,
      table: 'banners' | 'notices' | 'announcements' | 'partners' | 'help_articles',
      id: number,
    ) {
      const merchant = await merchants.byCode(merchantCode);
      return db.transaction().execute((trx) => deleteRow(actor, merchant, table, id, trx));
    },

    // ------------------------------------------------------------------ notices
    async liveNotices(merchant: Merchant, language: LanguageCode, pageNo: number, pageSize: number) {
      const { rows, total } = await repository.liveNotices(merchant.id, new Date(), pageNo, pageSize);
      const list = rows.map((row) => {
        const text = pickLanguage(row.texts as RichTexts, language);
        return {
          id: row.id,
          title: text.title,
          content: text.content,
          publishedAt: (row.starts_at ?? row.created_at).toISOString(),
        };
      });
      return page(list, total, pageNo, pageSize);
    },

    async notices(merchantCode: string) {
      const merchant = await merchants.byCode(merchantCode);
      return (await repository.notices(merchant.id)).map(adminNotice);
    },

    async saveNotice(actor: Actor, merchantCode: string, id: number | null, body: NoticeBody) {
      const merchant = await merchants.byCode(merchantCode);
      const values = {
        texts: cleanTexts(body.texts),
        sort_order: body.sortOrder,
        starts_at: when(body.startsAt),
        ends_at: when(body.endsAt),
        enabled: body.enabled,
      };
      return saveRow(actor, merchant, 'notices', id, values, adminNotice);
    },

    // ------------------------------------------------------------------ announcements
    async liveAnnouncements(
      merchant: Merchant,
      language: LanguageCode,
      query: {
        types?: string[] | undefined;
        contentGroup?: string[] | undefined;
        execution: boolean;
        pageNo: number;
        pageSize: number;
      },
    ) {
      // Notices to agents are read in the agent centre only.
      const groups = (query.contentGroup ?? publicAnnouncementGroups).filter((g) => g !== 'agent');
      if (groups.length === 0) return page([], 0, query.pageNo, query.pageSize);
      const { rows, total } = await repository.announcements(
        merchant.id,
        {
          types: query.types,
          groups,
          liveAt: query.execution ? new Date() : undefined,
          enabledOnly: true,
        },
        { pageNo: query.pageNo, pageSize: query.pageSize },
      );
      return page(
        rows.map((row) => publicAnnouncement(row, language)),
        total,
        query.pageNo,
        query.pageSize,
      );
    },

    /** agentAnnouncement: the live notices addressed to agents, newest first (the caller checks it is an agent). */
    async agentAnnouncements(
      merchant: Merchant,
      language: LanguageCode,
      query: { pageNo: number; pageSize: number },
    ) {
      const { rows, total } = await repository.announcements(
        merchant.id,
        { groups: ['agent'], liveAt: new Date(), enabledOnly: true },
        query,
      );
      return page(
        rows.map((row) => {
          const text = pickLanguage(row.texts as RichTexts, language);
          return {
            id: row.id,
            title: text.title,
            content: text.content,
            startsAt: iso(row.starts_at),
            createdAt: row.created_at.toISOString(),
          };
        }),
        total,
        query.pageNo,
        query.pageSize,
      );
    },

    /** The popup group's announcements this login has not acknowledged: the popup shows once after login. */
    async unseenPopups(member: SignedInMember, language: LanguageCode) {
      const rows = await repository.unseenPopups(member.merchantId, member.sessionKey, new Date());
      return rows.map((row) => publicAnnouncement(row, language));
    },

    async acknowledgePopups(member: SignedInMember, ids: number[]) {
      return repository.markPopupsSeen(member.merchantId, member.id, member.sessionKey, ids);
    },

    async announcements(
      merchantCode: string,
      filter: { type?: string | undefined; contentGroup?: string | undefined },
    ) {
      const merchant = await merchants.byCode(merchantCode);
      const { rows } = await repository.announcements(merchant.id, {
        types: filter.type ? [filter.type] : undefined,
        groups: filter.contentGroup ? [filter.contentGroup] : undefined,
        enabledOnly: false,
      });
      return rows.map(adminAnnouncement);
    },

    async saveAnnouncement(actor: Actor, merchantCode: string, id: number | null, body: AnnouncementBody) {
      const merchant = await merchants.byCode(merchantCode);
      const values = {
        type: body.type,
        content_group: body.contentGroup,
        platform: body.platform,
        texts: cleanTexts(body.texts),
        sort_order: body.sortOrder,
        starts_at: when(body.startsAt),
        ends_at: when(body.endsAt),
        enabled: body.enabled,
      };
      return saveRow(actor, merchant, 'announcements', id, values, adminAnnouncement);
    },

    // ------------------------------------------------------------------ help centre
    async helpCenter(merchant: Merchant, language: LanguageCode) {
      const [categories, articles] = await Promise.all([
        repository.helpCategories(merchant.id, true),
        repository.helpArticles(merchant.id, { enabledOnly: true }),
      ]);
      return {
        categories: categories.map((category) => ({
          id: category.id,
          name: pickLanguage(category.texts as Translations<{ name: string }>, language).name,
          articles: articles
            .filter((article) => article.category_id === category.id)
            .map((article) => {
              const text = pickLanguage(article.texts as RichTexts, language);
              return { id: article.id, title: text.title, content: text.content };
            }),
        })),
      };
    },

    async helpCategories(merchantCode: string) {
      const merchant = await merchants.byCode(merchantCode);
      return (await repository.helpCategories(merchant.id, false)).map(adminCategory);
    },

    async saveHelpCategory(actor: Actor, merchantCode: string, id: number | null, body: HelpCategoryBody) {
      const merchant = await merchants.byCode(merchantCode);
      const values = { texts: body.texts, sort_order: body.sortOrder, enabled: body.enabled };
      return saveRow(actor, merchant, 'help_categories', id, values, async (row, trx) =>
        adminCategory({ ...row, article_count: await repository.countArticles(trx, row.id) }),
      );
    },

    async deleteHelpCategory(actor: Actor, merchantCode: string, id: number) {
      const merchant = await merchants.byCode(merchantCode);
      return db.transaction().execute(async (trx) => {
        const category = await repository.row(trx, 'help_categories', merchant.id, id, true);
        if (!category) throw new AppError('not_found', 'id');
        if ((await repository.countArticles(trx, id)) > 0)
          throw new AppError('help_category_not_empty', 'id');
        return deleteRow(actor, merchant, 'help_categories', id, trx);
      });
    },

    async helpArticles(merchantCode: string, categoryId?: number) {
      const merchant = await merchants.byCode(merchantCode);
      return (await repository.helpArticles(merchant.id, { enabledOnly: false, categoryId })).map(
        adminArticle,
      );
    },

    async saveHelpArticle(actor: Actor, merchantCode: string, id: number | null, body: HelpArticleBody) {
      const merchant = await merchants.byCode(merchantCode);
      const values = {
        category_id: body.categoryId,
        texts: cleanTexts(body.texts),
        sort_order: body.sortOrder,
        enabled: body.enabled,
      };
      // Lock the category so it cannot be deleted while an article is added to it.
      return saveRow(actor, merchant, 'help_articles', id, values, adminArticle, async (trx) => {
        if (!(await repository.row(trx, 'help_categories', merchant.id, body.categoryId, true)))
          throw new AppError('not_found', 'categoryId');
      });
    },

    // ------------------------------------------------------------------ partners and footer
    async partners(merchantCode: string) {
      const merchant = await merchants.byCode(merchantCode);
      return (await repository.partners(merchant.id, false)).map(adminPartner);
    },

    async savePartner(actor: Actor, merchantCode: string, id: number | null, body: PartnerBody) {
      const merchant = await merchants.byCode(merchantCode);
      checkSiteLink(body.url, 'url');
      await checkImages(merchant.id, Object.values(body.images) as string[], 'images');
      const values = {
        kind: body.kind,
        names: body.names,
        images: body.images,
        url: body.url,
        sort_order: body.sortOrder,
        enabled: body.enabled,
      };
      return saveRow(actor, merchant, 'partners', id, values, adminPartner);
    },

    async footer(merchant: Merchant, language: LanguageCode): Promise<Footer> {
      const [settings, partners] = await Promise.all([
        settingsOf(merchant.id),
        repository.partners(merchant.id, true),
      ]);
      const link = (item: { titles: Translations<string>; path: string }) => ({
        title: pickLanguage(item.titles, language),
        path: item.path,
      });
      const logos = (kind: PartnerRow['kind']) =>
        partners
          .filter((p) => p.kind === kind)
          .map((p) => ({
            name: pickLanguage(p.names as Translations<string>, language),
            imageUrl: imagePath(pickLanguage(p.images as Translations<string>, language)),
            url: p.url,
          }));
      const resources = merchant.settings.resources;
      return {
        helpLinks: settings.footer.helpLinks.map(link),
        products: settings.footer.products.map(link),
        socialLinks: socialTypes.flatMap((type) => {
          const resource = resources.find((r) => r.resourceType === type && r.url);
          return resource ? [{ type, url: resource.url, label: resource.labelNameEn }] : [];
        }),
        copyright: pickLanguage(merchant.settings.whitelabel.copyright, language),
        licenceText: pickLanguage(merchant.settings.whitelabel.licenceText, language),
        vendorLogos: logos('vendor'),
        paymentPartners: logos('payment'),
        providerPartners: logos('provider'),
      };
    },

    appDownload(merchant: Merchant, origin: string) {
      const absolute = (url: string) => (url.startsWith('/') ? `${origin}${url}` : url);
      const apps = merchant.settings.resources
        .filter(
          (r) =>
            r.resourceType === 'IOS' || r.resourceType === 'ANDROID' || r.resourceType === 'MOBILE_CONFIG',
        )
        .map((r) => {
          const qrText = absolute(r.qrCodeUrl ?? r.url);
          return {
            resourceType: r.resourceType as 'IOS' | 'ANDROID' | 'MOBILE_CONFIG',
            label: r.labelNameEn,
            url: r.url,
            qrText,
            qrCodeUrl: `/wps/system/qrcode?text=${encodeURIComponent(qrText)}`,
          };
        });
      return {
        apps,
        qr: { ...QR_DEFAULTS, logoUrl: merchant.settings.whitelabel.logoUrl },
      };
    },

    // ------------------------------------------------------------------ settings
    async settings(merchantCode: string) {
      const merchant = await merchants.byCode(merchantCode);
      return settingsOf(merchant.id);
    },

    settingsOf,

    async saveSettings(actor: Actor, merchantCode: string, settings: ContentSettings) {
      const merchant = await merchants.byCode(merchantCode);
      for (const [i, link] of settings.footer.helpLinks.entries())
        checkSiteLink(link.path, `footer.helpLinks.${i}.path`);
      for (const [i, link] of settings.footer.products.entries())
        checkSiteLink(link.path, `footer.products.${i}.path`);
      await db.transaction().execute(async (trx) => {
        const before = await repository.settings(trx, merchant.id, true);
        await repository.saveSettings(trx, merchant.id, settings);
        await record(trx, actor, merchant, 'content.settings.update', merchantCode, before ?? null, settings);
      });
      return settings;
    },

    /**
     * A merchant's demo content in one transaction, without audit entries (no operator did it). Checked by the same
     * rules as the back office's saves: link targets, sanitised rich text, images of the merchant.
     */
    async seed(
      merchantId: number,
      data: {
        images: SeedArt[];
        banners: BannerBody[];
        notices: NoticeBody[];
        announcements: AnnouncementBody[];
        help: { category: HelpCategoryBody; articles: Omit<HelpArticleBody, 'categoryId'>[] }[];
        partners: PartnerBody[];
        settings: ContentSettings;
      },
    ) {
      const scheduled = (body: NoticeBody) => ({
        merchant_id: merchantId,
        texts: JSON.stringify(cleanTexts(body.texts)),
        sort_order: body.sortOrder,
        starts_at: when(body.startsAt),
        ends_at: when(body.endsAt),
        enabled: body.enabled,
      });
      await db.transaction().execute(async (trx) => {
        await insertSeedArt(trx, merchantId, data.images);
        await repository.insertMany(
          trx,
          'banners',
          data.banners.map((body) => {
            const values = bannerValues(body);
            return {
              ...values,
              merchant_id: merchantId,
              images: JSON.stringify(values.images),
              titles: JSON.stringify(values.titles),
            };
          }),
        );
        await repository.insertMany(trx, 'notices', data.notices.map(scheduled));
        await repository.insertMany(
          trx,
          'announcements',
          data.announcements.map((body) => ({
            ...scheduled(body),
            type: body.type,
            content_group: body.contentGroup,
            platform: body.platform,
          })),
        );
        for (const { category, articles } of data.help) {
          const row = await repository.insertRow(trx, 'help_categories', merchantId, {
            texts: category.texts,
            sort_order: category.sortOrder,
            enabled: category.enabled,
          });
          await repository.insertMany(
            trx,
            'help_articles',
            articles.map((article) => ({
              merchant_id: merchantId,
              category_id: row.id,
              texts: JSON.stringify(cleanTexts(article.texts)),
              sort_order: article.sortOrder,
              enabled: article.enabled,
            })),
          );
        }
        await repository.insertMany(
          trx,
          'partners',
          data.partners.map((body) => {
            checkSiteLink(body.url, 'url');
            return {
              merchant_id: merchantId,
              kind: body.kind,
              names: JSON.stringify(body.names),
              images: JSON.stringify(body.images),
              url: body.url,
              sort_order: body.sortOrder,
              enabled: body.enabled,
            };
          }),
        );
        await repository.saveSettings(trx, merchantId, data.settings);
      });
    },

    /** Customer-service entries, social links and app downloads: the parts of the settings document content edits. */
    async channels(merchantCode: string): Promise<ChannelsBody> {
      const stored = await merchants.storedSettings(merchantCode);
      return { customerService: stored.customerService, resources: stored.resources };
    },

    async saveChannels(actor: Actor, merchantCode: string, body: ChannelsBody): Promise<ChannelsBody> {
      for (const [i, item] of body.customerService.entries())
        checkSiteLink(item.path, `customerService.${i}.path`);
      body.resources.forEach((item, i) => {
        checkSiteLink(item.url, `resources.${i}.url`);
        checkSiteLink(item.qrCodeUrl, `resources.${i}.qrCodeUrl`);
      });
      const stored = await merchants.storedSettings(merchantCode);
      const saved = await merchants.updateSettings(
        merchantCode,
        { ...stored, customerService: body.customerService, resources: body.resources },
        actor,
        settingsVersion(stored),
      );
      return { customerService: saved.customerService, resources: saved.resources };
    },

    // ------------------------------------------------------------------ affiliate applications
    async submitApplication(
      merchant: Merchant,
      body: AffiliateApplicationBody,
      language: LanguageCode,
      ip: string,
    ) {
      checkSiteLink(body.website, 'website');
      const row = await repository.insertApplication({
        merchant_id: merchant.id,
        name: body.name,
        email: body.email,
        mobile: body.mobile,
        contact_type: body.contactType,
        contact_id: body.contactId,
        traffic_source: body.trafficSource,
        website: body.website,
        message: body.message,
        language,
        ip,
      });
      return { id: row.id, createdAt: row.created_at.toISOString() };
    },

    async applications(merchantCode: string, status: string | undefined, pageNo: number, pageSize: number) {
      const merchant = await merchants.byCode(merchantCode);
      const { rows, total } = await repository.applications(merchant.id, status, pageNo, pageSize);
      return page(rows.map(application), total, pageNo, pageSize);
    },

    async updateApplication(
      actor: Actor,
      merchantCode: string,
      id: number,
      body: { status: 'new' | 'contacted' | 'approved' | 'rejected'; operatorNote: string },
      /** Work of another module that commits with the update (an approval that makes the applicant an agent). */
      alongside?: (trx: Database, merchant: Merchant) => Promise<void>,
    ) {
      const merchant = await merchants.byCode(merchantCode);
      return db.transaction().execute(async (trx) => {
        const before = await repository.application(trx, merchant.id, id);
        if (!before) throw new AppError('not_found', 'id');
        if (alongside) await alongside(trx, merchant);
        await repository.updateApplication(trx, merchant.id, id, {
          status: body.status,
          operator_note: body.operatorNote,
          handled_by: actor.id,
        });
        const after = await repository.application(trx, merchant.id, id);
        if (!after) throw new AppError('not_found', 'id');
        await record(
          trx,
          actor,
          merchant,
          'content.affiliate.update',
          `affiliate-application:${id}`,
          { status: before.status, operatorNote: before.operator_note },
          { status: body.status, operatorNote: body.operatorNote },
        );
        return application(after);
      });
    },
  };
}

export type ContentService = ReturnType<typeof contentService>;
