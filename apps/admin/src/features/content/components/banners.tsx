import type { AdminBanner, BannerBody, BannerGroup, LinkageType } from '@tala/contracts/content';
import type { LanguageCode } from '@tala/contracts/languages';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { api } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { contentKey, merchantBase, useContentList, useDeleteItem, useSaveItem } from '../api/content.ts';
import {
  fieldError,
  LanguageImage,
  LanguageTabs,
  LiveBadge,
  OrderAndEnabled,
  ScheduleFields,
  setTranslation,
  useMerchantLanguages,
} from './shared.tsx';

/** Banner groups of spec §2 (contracts' `bannerGroups`). */
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
] as const satisfies readonly BannerGroup[];
const linkageTypes = ['ROUTE', 'GAME', 'PROMOTION', 'URL'] as const satisfies readonly LinkageType[];

type Draft = { id: number | null; body: BannerBody; imageUrls: Partial<Record<LanguageCode, string>> };
const newDraft = (groupName: BannerGroup): Draft => ({
  id: null,
  body: {
    groupName,
    images: {},
    titles: { EN: '' },
    linkageType: null,
    linkageTarget: null,
    startsAt: null,
    endsAt: null,
    enabled: true,
    sortOrder: 0,
  } as BannerBody,
  imageUrls: {},
});

/** Banners of one group, in order: upload, schedule, link target, reorder, edit and delete. */
export function Banners({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  const [group, setGroup] = useState<BannerGroup>('home');
  const [draft, setDraft] = useState<Draft | null>(null);
  const list = useContentList<AdminBanner>(merchantCode, 'banners', { groupName: group });
  const remove = useDeleteItem(merchantCode, 'banners');
  const queryClient = useQueryClient();
  const reorder = useMutation({
    mutationFn: (ids: number[]) =>
      api<AdminBanner[]>(`${merchantBase(merchantCode)}/banners/order`, {
        method: 'PUT',
        body: { groupName: group, ids },
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: contentKey(merchantCode, 'banners') }),
  });

  function move(index: number, by: -1 | 1) {
    const ids = (list.data ?? []).map((b) => b.id);
    const [id] = ids.splice(index, 1);
    if (id === undefined) return;
    ids.splice(index + by, 0, id);
    reorder.mutate(ids);
  }

  return (
    <div className="stack">
      <div className="toolbar">
        <Field label={t('content.banners.group')}>
          <select
            className="input"
            value={group}
            onChange={(event) => {
              setGroup(event.target.value as BannerGroup);
              setDraft(null);
            }}
          >
            {bannerGroups.map((g) => (
              <option key={g} value={g}>
                {t(`content.banners.groups.${g}`)}
              </option>
            ))}
          </select>
        </Field>
        <button type="button" className="button button-primary" onClick={() => setDraft(newDraft(group))}>
          {t('content.banners.add')}
        </button>
      </div>
      {remove.isError ? <Notice tone="error">{remove.error.message}</Notice> : null}
      {reorder.isError ? <Notice tone="error">{reorder.error.message}</Notice> : null}
      {draft ? (
        <BannerForm
          key={draft.id ?? 'new'}
          merchantCode={merchantCode}
          initial={draft}
          onDone={() => setDraft(null)}
        />
      ) : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <ul className="item-list" aria-label={t('content.banners.title')}>
          {list.data.length === 0 ? <li className="muted">{t('content.banners.empty')}</li> : null}
          {list.data.map((banner, index) => {
            const name = banner.titles.EN || `#${banner.id}`;
            return (
              <li key={banner.id} className="item">
                {banner.imageUrls.EN ? <img className="thumb" src={banner.imageUrls.EN} alt="" /> : null}
                <div className="item-main">
                  <strong>{name}</strong> <LiveBadge live={banner.live} />
                  <span className="block muted">
                    {banner.linkageType
                      ? `${banner.linkageType}: ${banner.linkageTarget}`
                      : t('content.banners.noLink')}
                    {banner.startsAt
                      ? ` · ${t('common.startsAt')} ${formatDateTime(banner.startsAt, currentLocale())}`
                      : ''}
                    {banner.endsAt
                      ? ` · ${t('common.endsAt')} ${formatDateTime(banner.endsAt, currentLocale())}`
                      : ''}
                  </span>
                </div>
                <div className="item-actions">
                  <button
                    type="button"
                    className="button button-small"
                    disabled={index === 0 || reorder.isPending}
                    aria-label={t('common.moveUp', { name })}
                    onClick={() => move(index, -1)}
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    disabled={index === list.data.length - 1 || reorder.isPending}
                    aria-label={t('common.moveDown', { name })}
                    onClick={() => move(index, 1)}
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() =>
                      setDraft({
                        id: banner.id,
                        body: {
                          groupName: banner.groupName,
                          images: banner.images,
                          titles: banner.titles,
                          linkageType: banner.linkageType,
                          linkageTarget: banner.linkageTarget,
                          startsAt: banner.startsAt,
                          endsAt: banner.endsAt,
                          enabled: banner.enabled,
                          sortOrder: banner.sortOrder,
                        },
                        imageUrls: banner.imageUrls,
                      })
                    }
                  >
                    {t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    onClick={() => {
                      if (window.confirm(t('common.deleteConfirm', { name }))) remove.mutate(banner.id);
                    }}
                  >
                    {t('common.delete')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}

function BannerForm({
  merchantCode,
  initial,
  onDone,
}: {
  merchantCode: string;
  initial: Draft;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const languages = useMerchantLanguages(merchantCode);
  const save = useSaveItem<BannerBody, AdminBanner>(merchantCode, 'banners');
  const [body, setBody] = useState(initial.body);
  const [imageUrls, setImageUrls] = useState(initial.imageUrls);
  const [missingImage, setMissingImage] = useState(false);
  const patch = (change: Partial<BannerBody>) => setBody((b) => ({ ...b, ...change }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (!body.images.EN) {
      setMissingImage(true);
      return;
    }
    setMissingImage(false);
    save.mutate({ id: initial.id, body }, { onSuccess: onDone });
  }

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-label={t('content.banners.form')}>
      <h2>{initial.id ? t('content.banners.editTitle') : t('content.banners.addTitle')}</h2>
      {save.isError ? (
        <Notice tone="error">{t('settings.notSaved', { message: save.error.message })}</Notice>
      ) : null}
      <Field label={t('content.banners.group')} error={fieldError(save.error, 'groupName')}>
        <select
          className="input"
          value={body.groupName}
          onChange={(event) => patch({ groupName: event.target.value as BannerGroup })}
        >
          {bannerGroups.map((g) => (
            <option key={g} value={g}>
              {t(`content.banners.groups.${g}`)}
            </option>
          ))}
        </select>
      </Field>
      <LanguageTabs
        languages={languages}
        value={body.images}
        error={missingImage ? t('content.banners.imageRequired') : fieldError(save.error, 'images')}
        render={(language) => (
          <>
            <LanguageImage
              merchantCode={merchantCode}
              language={language}
              label={t('content.banners.image')}
              value={{ images: body.images, urls: imageUrls }}
              onChange={({ images, urls }) => {
                setImageUrls(urls);
                patch({ images });
              }}
            />
            <Field label={t('content.banners.alt')} error={fieldError(save.error, `titles.${language}`)}>
              <input
                className="input"
                maxLength={120}
                value={body.titles[language] ?? ''}
                onChange={(event) =>
                  patch({
                    titles: setTranslation(body.titles, language, event.target.value, (v) => v.trim() === ''),
                  })
                }
              />
            </Field>
          </>
        )}
      />
      <div className="grid-2">
        <Field label={t('content.banners.linkType')} error={fieldError(save.error, 'linkageType')}>
          <select
            className="input"
            value={body.linkageType ?? ''}
            onChange={(event) => {
              const type = (event.target.value || null) as LinkageType | null;
              patch({ linkageType: type, linkageTarget: type ? (body.linkageTarget ?? '') : null });
            }}
          >
            <option value="">{t('content.banners.noLink')}</option>
            {linkageTypes.map((type) => (
              <option key={type} value={type}>
                {t(`content.banners.linkTypes.${type}`)}
              </option>
            ))}
          </select>
        </Field>
        {body.linkageType ? (
          <Field
            label={t('content.banners.linkTarget')}
            help={t(`content.banners.linkHelp.${body.linkageType}`)}
            error={fieldError(save.error, 'linkageTarget')}
          >
            <input
              className="input input-mono"
              maxLength={500}
              value={body.linkageTarget ?? ''}
              onChange={(event) => patch({ linkageTarget: event.target.value })}
            />
          </Field>
        ) : null}
      </div>
      <ScheduleFields
        startsAt={body.startsAt}
        endsAt={body.endsAt}
        onChange={(schedule) => patch(schedule)}
        error={save.error}
      />
      <OrderAndEnabled
        sortOrder={body.sortOrder}
        enabled={body.enabled}
        onChange={(change) => patch(change)}
        error={save.error}
      />
      <div className="item-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : t('content.banners.save')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
