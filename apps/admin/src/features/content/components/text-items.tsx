import type { LanguageCode } from '@tala/contracts/languages';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/datetime.ts';
import { currentLocale } from '../../../lib/i18n.ts';
import { useContentList, useDeleteItem, useSaveItem } from '../api/content.ts';
import { RichTextEditor } from './rich-text.tsx';
import {
  fieldError,
  LanguageTabs,
  LiveBadge,
  OrderAndEnabled,
  ScheduleFields,
  setTranslation,
  type Translations,
  useMerchantLanguages,
} from './shared.tsx';

export type TextPair = { title: string; content: string };
/** What notices, announcements and help articles share: texts per language, order and the enabled switch. */
export type TextItemBody = {
  texts: Translations<TextPair>;
  enabled: boolean;
  sortOrder: number;
  startsAt?: string | null;
  endsAt?: string | null;
};
type Stored = TextItemBody & { id: number; live?: boolean; updatedAt: string };

/**
 * A list of rich-text items (notices, announcements, help articles) with an editor: title and content per
 * language, an optional schedule, order and enabled, and fields of the kind (`extra`).
 */
export function TextItems<Body extends TextItemBody, Item extends Stored & Body>({
  merchantCode,
  resource,
  query,
  labels,
  blank,
  scheduled,
  extra,
  describe,
  toBody,
  canCreate = true,
}: {
  merchantCode: string;
  resource: string;
  query?: Record<string, string | number | undefined>;
  labels: { title: string; add: string; addTitle: string; editTitle: string; empty: string; save: string };
  blank: Body;
  scheduled: boolean;
  extra?: (body: Body, patch: (change: Partial<Body>) => void, error: unknown) => ReactNode;
  describe?: (item: Item) => string;
  toBody: (item: Item) => Body;
  canCreate?: boolean;
}) {
  const { t } = useTranslation();
  const list = useContentList<Item>(merchantCode, resource, query);
  const remove = useDeleteItem(merchantCode, resource);
  const [editing, setEditing] = useState<{ id: number | null; body: Body } | null>(null);
  return (
    <div className="stack">
      <div className="toolbar">
        <button
          type="button"
          className="button button-primary"
          disabled={!canCreate}
          onClick={() => setEditing({ id: null, body: blank })}
        >
          {labels.add}
        </button>
      </div>
      {remove.isError ? <Notice tone="error">{remove.error.message}</Notice> : null}
      {remove.isSuccess ? <Notice tone="success">{t('common.deleted')}</Notice> : null}
      {editing ? (
        <TextItemForm
          key={editing.id ?? 'new'}
          merchantCode={merchantCode}
          resource={resource}
          initial={editing}
          heading={editing.id ? labels.editTitle : labels.addTitle}
          saveLabel={labels.save}
          scheduled={scheduled}
          extra={extra}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {list.isPending ? <Loading /> : null}
      {list.isError ? <LoadError error={list.error} onRetry={() => void list.refetch()} /> : null}
      {list.data ? (
        <ul className="item-list" aria-label={labels.title}>
          {list.data.length === 0 ? <li className="muted">{labels.empty}</li> : null}
          {list.data.map((item) => {
            const name = item.texts.EN?.title ?? `#${item.id}`;
            return (
              <li key={item.id} className="item">
                <div className="item-main">
                  <strong>{name}</strong>{' '}
                  {item.live !== undefined ? (
                    <LiveBadge live={item.live} />
                  ) : (
                    <span className={`badge ${item.enabled ? 'badge-on' : 'badge-off'}`}>
                      {item.enabled ? t('common.enabled') : t('common.disabled')}
                    </span>
                  )}
                  <span className="block muted">
                    {describe ? `${describe(item)} · ` : ''}
                    {Object.keys(item.texts).join(', ')} · {formatDateTime(item.updatedAt, currentLocale())}
                  </span>
                </div>
                <div className="item-actions">
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() => setEditing({ id: item.id, body: toBody(item) })}
                  >
                    {t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    onClick={() => {
                      if (window.confirm(t('common.deleteConfirm', { name }))) remove.mutate(item.id);
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

function TextItemForm<Body extends TextItemBody>({
  merchantCode,
  resource,
  initial,
  heading,
  saveLabel,
  scheduled,
  extra,
  onDone,
}: {
  merchantCode: string;
  resource: string;
  initial: { id: number | null; body: Body };
  heading: string;
  saveLabel: string;
  scheduled: boolean;
  extra: ((body: Body, patch: (change: Partial<Body>) => void, error: unknown) => ReactNode) | undefined;
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const languages = useMerchantLanguages(merchantCode);
  const save = useSaveItem<Body, unknown>(merchantCode, resource);
  const [body, setBody] = useState(initial.body);
  const patch = (change: Partial<Body>) => setBody((b) => ({ ...b, ...change }));
  const setText = (language: LanguageCode, change: Partial<TextPair>) => {
    const current = body.texts[language] ?? { title: '', content: '' };
    patch({
      texts: setTranslation(
        body.texts,
        language,
        { ...current, ...change },
        (v) => v.title.trim() === '' && v.content.replace(/<[^>]*>|&nbsp;|\s/g, '') === '',
      ),
    } as Partial<Body>);
  };

  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ id: initial.id, body }, { onSuccess: onDone });
  }

  return (
    <form className="card stack" onSubmit={submit} noValidate aria-label={heading}>
      <h2>{heading}</h2>
      {save.isError ? (
        <Notice tone="error">{t('settings.notSaved', { message: save.error.message })}</Notice>
      ) : null}
      {extra ? extra(body, patch, save.error) : null}
      <LanguageTabs
        languages={languages}
        value={body.texts}
        error={
          save.error instanceof ApiError && (save.error.field === 'texts' || save.error.field === 'texts.EN')
            ? save.error.message
            : undefined
        }
        render={(language) => (
          <>
            <Field label={t('content.itemTitle')} error={fieldError(save.error, `texts.${language}.title`)}>
              <input
                className="input"
                maxLength={200}
                value={body.texts[language]?.title ?? ''}
                onChange={(event) => setText(language, { title: event.target.value })}
              />
            </Field>
            <RichTextEditor
              label={t('content.body')}
              value={body.texts[language]?.content ?? ''}
              onChange={(content) => setText(language, { content })}
              error={fieldError(save.error, `texts.${language}.content`)}
            />
          </>
        )}
      />
      {scheduled ? (
        <ScheduleFields
          startsAt={body.startsAt ?? null}
          endsAt={body.endsAt ?? null}
          onChange={(schedule) => patch(schedule as Partial<Body>)}
          error={save.error}
        />
      ) : null}
      <OrderAndEnabled
        sortOrder={body.sortOrder}
        enabled={body.enabled}
        onChange={(change) => patch(change as Partial<Body>)}
        error={save.error}
      />
      <div className="item-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {save.isPending ? t('common.saving') : saveLabel}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
