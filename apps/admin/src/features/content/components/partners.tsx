import type { PartnerBody } from '@tala/contracts/content';
import type { LanguageCode } from '@tala/contracts/languages';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useContentList, useDeleteItem, useSaveItem } from '../api/content.ts';
import {
  fieldError,
  LanguageImage,
  LanguageTabs,
  OrderAndEnabled,
  setTranslation,
  useMerchantLanguages,
} from './shared.tsx';

type ImageUrls = Partial<Record<LanguageCode, string>>;
type Partner = PartnerBody & { id: number; imageUrls: ImageUrls };
const kinds = ['vendor', 'payment', 'provider'] as const satisfies readonly PartnerBody['kind'][];

/** Footer logos: game vendors, payment partners and providers. */
export function Partners({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  const list = useContentList<Partner>(merchantCode, 'partners');
  const remove = useDeleteItem(merchantCode, 'partners');
  const [editing, setEditing] = useState<{
    id: number | null;
    body: PartnerBody;
    imageUrls: ImageUrls;
  } | null>(null);
  return (
    <section className="card section" aria-labelledby="partners-title">
      <header className="section-header">
        <h2 id="partners-title">{t('content.partners.title')}</h2>
        <p className="muted">{t('content.partners.help')}</p>
      </header>
      <div className="toolbar">
        <button
          type="button"
          className="button button-primary"
          onClick={() =>
            setEditing({
              id: null,
              body: {
                kind: 'vendor',
                names: { EN: '' },
                images: {},
                url: null,
                enabled: true,
                sortOrder: 0,
              },
              imageUrls: {},
            })
          }
        >
          {t('content.partners.add')}
        </button>
      </div>
      {remove.isError ? <Notice tone="error">{remove.error.message}</Notice> : null}
      {editing ? (
        <PartnerForm
          key={editing.id ?? 'new'}
          merchantCode={merchantCode}
          initial={editing}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      <ul className="item-list">
        {list.data?.length === 0 ? <li className="muted">{t('content.partners.empty')}</li> : null}
        {list.data?.map((p) => (
          <li key={p.id} className="item">
            <img className="thumb" src={p.imageUrls.EN} alt="" />
            <div className="item-main">
              <strong>{p.names.EN}</strong>{' '}
              <span className={`badge ${p.enabled ? 'badge-on' : 'badge-off'}`}>
                {p.enabled ? t('common.enabled') : t('common.disabled')}
              </span>
              <span className="block muted">
                {t(`content.partners.kinds.${p.kind}`)}
                {p.url ? ` · ${p.url}` : ''}
              </span>
            </div>
            <div className="item-actions">
              <button
                type="button"
                className="button button-small"
                onClick={() =>
                  setEditing({
                    id: p.id,
                    body: {
                      kind: p.kind,
                      names: p.names,
                      images: p.images,
                      url: p.url,
                      enabled: p.enabled,
                      sortOrder: p.sortOrder,
                    },
                    imageUrls: p.imageUrls,
                  })
                }
              >
                {t('common.edit')}
              </button>
              <button
                type="button"
                className="button button-small button-danger"
                onClick={() => {
                  if (window.confirm(t('common.deleteConfirm', { name: p.names.EN }))) remove.mutate(p.id);
                }}
              >
                {t('common.delete')}
              </button>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

function PartnerForm({
  merchantCode,
  initial,
  onDone,
}: {
  merchantCode: string;
  initial: { id: number | null; body: PartnerBody; imageUrls: ImageUrls };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const save = useSaveItem<PartnerBody, Partner>(merchantCode, 'partners');
  const languages = useMerchantLanguages(merchantCode);
  const [body, setBody] = useState(initial.body);
  const [imageUrls, setImageUrls] = useState(initial.imageUrls);
  const [missingImage, setMissingImage] = useState(false);
  const patch = (change: Partial<PartnerBody>) => setBody((b) => ({ ...b, ...change }));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!body.images.EN) {
      setMissingImage(true);
      return;
    }
    setMissingImage(false);
    save.mutate({ id: initial.id, body }, { onSuccess: onDone });
  };
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t('content.partners.form')}>
      {save.isError ? (
        <Notice tone="error">{t('settings.notSaved', { message: save.error.message })}</Notice>
      ) : null}
      <div className="grid-2">
        <Field label={t('content.partners.kind')} error={fieldError(save.error, 'kind')}>
          <select
            className="input"
            value={body.kind}
            onChange={(event) => patch({ kind: event.target.value as PartnerBody['kind'] })}
          >
            {kinds.map((k) => (
              <option key={k} value={k}>
                {t(`content.partners.kinds.${k}`)}
              </option>
            ))}
          </select>
        </Field>
        <Field
          label={t('content.partners.url')}
          help={t('content.linkHelp')}
          error={fieldError(save.error, 'url')}
        >
          <input
            className="input input-mono"
            value={body.url ?? ''}
            onChange={(e) => patch({ url: e.target.value.trim() === '' ? null : e.target.value })}
          />
        </Field>
      </div>
      {/* Per language: the name (the logo's text alternative) and the logo, which may spell that name. */}
      <LanguageTabs
        languages={languages}
        value={body.names}
        error={missingImage ? t('content.partners.logoRequired') : fieldError(save.error, 'images')}
        render={(language) => (
          <>
            <Field label={t('content.partners.name')} error={fieldError(save.error, `names.${language}`)}>
              <input
                className="input"
                maxLength={60}
                value={body.names[language] ?? ''}
                onChange={(e) =>
                  patch({
                    names: setTranslation(body.names, language, e.target.value, (v) => v.trim() === ''),
                  })
                }
              />
            </Field>
            <LanguageImage
              merchantCode={merchantCode}
              language={language}
              label={t('content.partners.logo')}
              value={{ images: body.images, urls: imageUrls }}
              onChange={({ images, urls }) => {
                setImageUrls(urls);
                patch({ images });
              }}
            />
          </>
        )}
      />
      <OrderAndEnabled
        sortOrder={body.sortOrder}
        enabled={body.enabled}
        onChange={(change) => patch(change)}
        error={save.error}
      />
      <div className="item-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('content.partners.save')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
