import { type Insertable, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import type { DB } from '../../db/schema.ts';

/** Rows in effect at `now`: enabled and inside their schedule (columns of the one table queried). */
function liveAt(now: Date) {
  return sql<boolean>`(enabled AND (starts_at IS NULL OR starts_at <= ${now}) AND (ends_at IS NULL OR ends_at > ${now}))`;
}

const json = (value: unknown) => JSON.stringify(value);

export type ImageRow = {
  id: string;
  merchant_id: number;
  content_type: 'image/png' | 'image/jpeg' | 'image/webp' | 'image/svg+xml';
  byte_size: number;
  width: number | null;
  height: number | null;
};

type BulkTable = 'content_images' | 'banners' | 'notices' | 'announcements' | 'help_articles' | 'partners';

/** The merchant's content kinds that operators edit one row at a time; their texts are per-language jsonb maps. */
export type ContentTable =
  | 'banners'
  | 'notices'
  | 'announcements'
  | 'help_categories'
  | 'help_articles'
  | 'partners';
export type ContentRow<T extends ContentTable> = Selectable<DB[T]> & { id: number };
/** What an operator's save writes: every column but the keys and the times the repository keeps. */
export type ContentValues<T extends ContentTable> = Omit<
  ContentRow<T>,
  'id' | 'merchant_id' | 'created_at' | 'updated_at'
>;
/** The jsonb columns of those tables, written as JSON text. */
const JSON_COLUMNS = new Set(['texts', 'titles', 'images', 'names']);
const encoded = (values: object) =>
  Object.fromEntries(
    Object.entries(values).map(([key, value]) => [key, JSON_COLUMNS.has(key) ? json(value) : value]),
  );

export function contentRepository(db: Database) {
  return {
    /** Many rows of one table in one statement (the demo seed); jsonb columns come as JSON text. */
    async insertMany<T extends BulkTable>(executor: Database, table: T, rows: Insertable<DB[T]>[]) {
      if (rows.length > 0)
        await executor
          .insertInto(table)
          .values(rows as never)
          .execute();
    },

    // ---------------------------------------------------------------- one content row (every kind alike)
    async row<T extends ContentTable>(
      executor: Database,
      table: T,
      merchantId: number,
      id: number,
      lock = false,
    ): Promise<ContentRow<T> | undefined> {
      let query = executor
        .selectFrom(table as ContentTable)
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id);
      if (lock) query = query.forUpdate();
      return (await query.executeTakeFirst()) as ContentRow<T> | undefined;
    },

    async insertRow<T extends ContentTable>(
      executor: Database,
      table: T,
      merchantId: number,
      values: ContentValues<T>,
    ): Promise<ContentRow<T>> {
      return (await executor
        .insertInto(table as ContentTable)
        .values({ ...encoded(values), merchant_id: merchantId } as never)
        .returningAll()
        .executeTakeFirstOrThrow()) as ContentRow<T>;
    },

    async updateRow<T extends ContentTable>(
      executor: Database,
      table: T,
      merchantId: number,
      id: number,
      values: ContentValues<T>,
    ): Promise<ContentRow<T> | undefined> {
      return (await executor
        .updateTable(table as ContentTable)
        .set({ ...encoded(values), updated_at: new Date() } as never)
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirst()) as ContentRow<T> | undefined;
    },

    deleteRow(executor: Database, table: ContentTable, merchantId: number, id: number) {
      return executor
        .deleteFrom(table)
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
    },

    // ---------------------------------------------------------------- images
    insertImage(
      executor: Database,
      values: ImageRow & { origin: 'upload' | 'seed'; bytes: Buffer; created_by: number | null },
    ) {
      return executor.insertInto('content_images').values(values).execute();
    },

    imageForServing(id: string) {
      return db
        .selectFrom('content_images')
        .select(['content_type', 'bytes', 'byte_size'])
        .where('id', '=', id)
        .executeTakeFirst();
    },

    /** Which of these image ids exist for the merchant (a banner may only show the merchant's own images). */
    async existingImages(merchantId: number, ids: string[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const rows = await db
        .selectFrom('content_images')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('id', 'in', ids)
        .execute();
      return new Set(rows.map((r) => r.id));
    },

    async listImages(merchantId: number, pageNo: number, pageSize: number) {
      const base = db.selectFrom('content_images').where('merchant_id', '=', merchantId);
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .select(['id', 'merchant_id', 'content_type', 'byte_size', 'width', 'height'])
        .orderBy('created_at', 'desc')
        .orderBy('id')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      return { rows, total: Number(total) };
    },

    // ---------------------------------------------------------------- banners
    liveBanners(merchantId: number, group: string, now: Date) {
      return db
        .selectFrom('banners')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('group_name', '=', group)
        .where(liveAt(now))
        .orderBy('sort_order')
        .orderBy('id')
        .execute();
    },

    banners(merchantId: number, group?: string) {
      let query = db.selectFrom('banners').selectAll().where('merchant_id', '=', merchantId);
      if (group) query = query.where('group_name', '=', group);
      return query.orderBy('group_name').orderBy('sort_order').orderBy('id').execute();
    },

    async reorderBanners(executor: Database, merchantId: number, group: string, ids: number[]) {
      const rows = await executor
        .selectFrom('banners')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('group_name', '=', group)
        .forUpdate()
        .execute();
      const present = new Set(rows.map((r) => r.id));
      if (present.size !== ids.length || !ids.every((id) => present.has(id))) return false;
      for (const [index, id] of ids.entries()) {
        await executor
          .updateTable('banners')
          .set({ sort_order: (index + 1) * 10, updated_at: new Date() })
          .where('id', '=', id)
          .execute();
      }
      return true;
    },

    // ---------------------------------------------------------------- notices
    async liveNotices(merchantId: number, now: Date, pageNo: number, pageSize: number) {
      const base = db.selectFrom('notices').where('merchant_id', '=', merchantId).where(liveAt(now));
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .selectAll()
        .orderBy('sort_order')
        .orderBy('id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      return { rows, total: Number(total) };
    },

    notices(merchantId: number) {
      return db
        .selectFrom('notices')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .orderBy('sort_order')
        .orderBy('id', 'desc')
        .execute();
    },

    // ---------------------------------------------------------------- announcements
    async announcements(
      merchantId: number,
      filter: {
        types?: string[] | undefined;
        groups?: string[] | undefined;
        liveAt?: Date | undefined;
        enabledOnly: boolean;
      },
      page?: { pageNo: number; pageSize: number },
    ) {
      let base = db.selectFrom('announcements').where('merchant_id', '=', merchantId);
      if (filter.types?.length) base = base.where('type', 'in', filter.types as never[]);
      if (filter.groups?.length) base = base.where('content_group', 'in', filter.groups as never[]);
      if (filter.enabledOnly) base = base.where('enabled', '=', true);
      if (filter.liveAt) base = base.where(liveAt(filter.liveAt));
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      let query = base.selectAll().orderBy('sort_order').orderBy('id', 'desc');
      if (page) query = query.limit(page.pageSize).offset((page.pageNo - 1) * page.pageSize);
      return { rows: await query.execute(), total: Number(total) };
    },

    /** Popup announcements in effect that this login has not been shown. */
    unseenPopups(merchantId: number, sessionKey: Buffer, now: Date) {
      return db
        .selectFrom('announcements')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('content_group', '=', 'popup')
        .where(liveAt(now))
        .where(({ not, exists, selectFrom }) =>
          not(
            exists(
              selectFrom('announcement_popup_seen')
                .select(sql`1`.as('one'))
                .whereRef('announcement_popup_seen.announcement_id', '=', 'announcements.id')
                .where('announcement_popup_seen.session_key', '=', sessionKey),
            ),
          ),
        )
        .orderBy('sort_order')
        .orderBy('id', 'desc')
        .execute();
    },

    async markPopupsSeen(merchantId: number, memberId: number, sessionKey: Buffer, ids: number[]) {
      const own = await db
        .selectFrom('announcements')
        .select('id')
        .where('merchant_id', '=', merchantId)
        .where('content_group', '=', 'popup')
        .where('id', 'in', ids)
        .execute();
      if (own.length === 0) return 0;
      const result = await db
        .insertInto('announcement_popup_seen')
        .values(own.map((row) => ({ session_key: sessionKey, announcement_id: row.id, member_id: memberId })))
        .onConflict((oc) => oc.doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0);
    },

    // ---------------------------------------------------------------- help centre
    helpCategories(merchantId: number, enabledOnly: boolean) {
      let query = db
        .selectFrom('help_categories')
        .selectAll('help_categories')
        .select((eb) =>
          eb
            .selectFrom('help_articles')
            .select((inner) => inner.fn.countAll<number>().as('n'))
            .whereRef('help_articles.category_id', '=', 'help_categories.id')
            .as('article_count'),
        )
        .where('merchant_id', '=', merchantId);
      if (enabledOnly) query = query.where('enabled', '=', true);
      return query.orderBy('sort_order').orderBy('id').execute();
    },

    helpArticles(merchantId: number, options: { enabledOnly: boolean; categoryId?: number | undefined }) {
      let query = db.selectFrom('help_articles').selectAll().where('merchant_id', '=', merchantId);
      if (options.enabledOnly) query = query.where('enabled', '=', true);
      if (options.categoryId) query = query.where('category_id', '=', options.categoryId);
      return query.orderBy('category_id').orderBy('sort_order').orderBy('id').execute();
    },

    async countArticles(executor: Database, categoryId: number) {
      const row = await executor
        .selectFrom('help_articles')
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .where('category_id', '=', categoryId)
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    // ---------------------------------------------------------------- partners
    partners(merchantId: number, enabledOnly: boolean) {
      let query = db.selectFrom('partners').selectAll().where('merchant_id', '=', merchantId);
      if (enabledOnly) query = query.where('enabled', '=', true);
      return query.orderBy('kind').orderBy('sort_order').orderBy('id').execute();
    },

    // ---------------------------------------------------------------- settings
    async settings(executor: Database, merchantId: number, lock = false) {
      let query = executor
        .selectFrom('content_settings')
        .select('settings')
        .where('merchant_id', '=', merchantId);
      if (lock) query = query.forUpdate();
      return (await query.executeTakeFirst())?.settings;
    },

    saveSettings(executor: Database, merchantId: number, settings: unknown) {
      return executor
        .insertInto('content_settings')
        .values({ merchant_id: merchantId, settings: json(settings) })
        .onConflict((oc) =>
          oc.column('merchant_id').doUpdateSet({ settings: json(settings), updated_at: new Date() }),
        )
        .execute();
    },

    // ---------------------------------------------------------------- affiliate applications
    insertApplication(
      values: Omit<
        DB['affiliate_applications'],
        'id' | 'status' | 'operator_note' | 'handled_by' | 'handled_at' | 'created_at'
      >,
    ) {
      return db
        .insertInto('affiliate_applications')
        .values({ ...values, handled_by: null, handled_at: null })
        .returning(['id', 'created_at'])
        .executeTakeFirstOrThrow();
    },

    applicationsBase() {
      return db
        .selectFrom('affiliate_applications')
        .innerJoin('merchants', 'merchants.id', 'affiliate_applications.merchant_id')
        .leftJoin('operators', 'operators.id', 'affiliate_applications.handled_by');
    },

    async applications(merchantId: number, status: string | undefined, pageNo: number, pageSize: number) {
      let base = this.applicationsBase().where('affiliate_applications.merchant_id', '=', merchantId);
      if (status) base = base.where('affiliate_applications.status', '=', status as never);
      const { total } = await base
        .select((eb) => eb.fn.countAll<number>().as('total'))
        .executeTakeFirstOrThrow();
      const rows = await base
        .selectAll('affiliate_applications')
        .select(['merchants.code as merchant_code', 'operators.username as handled_by_name'])
        .orderBy('affiliate_applications.id', 'desc')
        .limit(pageSize)
        .offset((pageNo - 1) * pageSize)
        .execute();
      return { rows, total: Number(total) };
    },

    application(executor: Database, merchantId: number, id: number) {
      return executor
        .selectFrom('affiliate_applications')
        .innerJoin('merchants', 'merchants.id', 'affiliate_applications.merchant_id')
        .leftJoin('operators', 'operators.id', 'affiliate_applications.handled_by')
        .selectAll('affiliate_applications')
        .select(['merchants.code as merchant_code', 'operators.username as handled_by_name'])
        .where('affiliate_applications.merchant_id', '=', merchantId)
        .where('affiliate_applications.id', '=', id)
        .executeTakeFirst();
    },

    updateApplication(
      executor: Database,
      merchantId: number,
      id: number,
      values: {
        status: 'new' | 'contacted' | 'approved' | 'rejected';
        operator_note: string;
        handled_by: number;
      },
    ) {
      return executor
        .updateTable('affiliate_applications')
        .set({ ...values, handled_at: new Date() })
        .where('merchant_id', '=', merchantId)
        .where('id', '=', id)
        .returning('id')
        .executeTakeFirst();
    },
  };
}

export type ContentRepository = ReturnType<typeof contentRepository>;
export type BannerRow = Awaited<ReturnType<ContentRepository['banners']>>[number];
export type NoticeRow = Awaited<ReturnType<ContentRepository['notices']>>[number];
export type AnnouncementRow = Awaited<ReturnType<ContentRepository['announcements']>>['rows'][number];
export type HelpCategoryRow = Awaited<ReturnType<ContentRepository['helpCategories']>>[number];
export type HelpArticleRow = Awaited<ReturnType<ContentRepository['helpArticles']>>[number];
export type PartnerRow = Awaited<ReturnType<ContentRepository['partners']>>[number];
export type ApplicationRow = NonNullable<Awaited<ReturnType<ContentRepository['application']>>>;
