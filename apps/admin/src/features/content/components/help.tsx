import type { HelpArticleBody, HelpCategoryBody } from '@tala/contracts/content';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import { LoadError } from '../../../components/load-error.tsx';
import { Loading } from '../../../components/loading.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useContentList, useDeleteItem, useSaveItem } from '../api/content.ts';
import {
  fieldError,
  LanguageTabs,
  OrderAndEnabled,
  setTranslation,
  useMerchantLanguages,
} from './shared.tsx';
import { TextItems } from './text-items.tsx';

type Category = HelpCategoryBody & { id: number; articleCount: number; updatedAt: string };
type Article = HelpArticleBody & { id: number; updatedAt: string };

/** The help centre: categories, and the articles of the chosen one. */
export function HelpCentre({ merchantCode }: { merchantCode: string }) {
  const { t } = useTranslation();
  const categories = useContentList<Category>(merchantCode, 'help-categories');
  const remove = useDeleteItem(merchantCode, 'help-categories');
  const [editing, setEditing] = useState<{ id: number | null; body: HelpCategoryBody } | null>(null);
  const [chosen, setChosen] = useState<number | null>(null);
  if (categories.isPending) return <Loading />;
  if (categories.isError)
    return <LoadError error={categories.error} onRetry={() => void categories.refetch()} />;
  const category = categories.data.find((c) => c.id === chosen);

  return (
    <div className="stack">
      <section className="card section" aria-labelledby="help-categories">
        <header className="section-header">
          <h2 id="help-categories">{t('content.help.categories')}</h2>
        </header>
        <div className="toolbar">
          <button
            type="button"
            className="button button-primary"
            onClick={() => setEditing({ id: null, body: { texts: {}, enabled: true, sortOrder: 0 } })}
          >
            {t('content.help.addCategory')}
          </button>
        </div>
        {remove.isError ? <Notice tone="error">{remove.error.message}</Notice> : null}
        {editing ? (
          <CategoryForm
            key={editing.id ?? 'new'}
            merchantCode={merchantCode}
            initial={editing}
            onDone={() => setEditing(null)}
          />
        ) : null}
        <ul className="item-list">
          {categories.data.length === 0 ? <li className="muted">{t('content.help.noCategories')}</li> : null}
          {categories.data.map((c) => {
            const name = c.texts.EN?.name ?? `#${c.id}`;
            return (
              <li key={c.id} className="item">
                <div className="item-main">
                  <strong>{name}</strong>{' '}
                  <span className={`badge ${c.enabled ? 'badge-on' : 'badge-off'}`}>
                    {c.enabled ? t('common.enabled') : t('common.disabled')}
                  </span>
                  <span className="block muted">
                    {t('content.help.articleCount', { count: c.articleCount })}
                  </span>
                </div>
                <div className="item-actions">
                  <button
                    type="button"
                    className="button button-small"
                    aria-pressed={chosen === c.id}
                    onClick={() => setChosen(c.id)}
                  >
                    {t('content.help.showArticles')}
                  </button>
                  <button
                    type="button"
                    className="button button-small"
                    onClick={() =>
                      setEditing({
                        id: c.id,
                        body: { texts: c.texts, enabled: c.enabled, sortOrder: c.sortOrder },
                      })
                    }
                  >
                    {t('common.edit')}
                  </button>
                  <button
                    type="button"
                    className="button button-small button-danger"
                    onClick={() => {
                      if (window.confirm(t('common.deleteConfirm', { name }))) remove.mutate(c.id);
                    }}
                  >
                    {t('common.delete')}
                  </button>
                </div>
              </li>
            );
          })}
        </ul>
      </section>
      {category ? (
        <section className="card section" aria-labelledby="help-articles">
          <header className="section-header">
            <h2 id="help-articles">
              {t('content.help.articlesOf', { name: category.texts.EN?.name ?? '' })}
            </h2>
          </header>
          <TextItems<HelpArticleBody, Article>
            key={category.id}
            merchantCode={merchantCode}
            resource="help-articles"
            query={{ categoryId: category.id }}
            scheduled={false}
            labels={{
              title: t('content.help.articles'),
              add: t('content.help.addArticle'),
              addTitle: t('content.help.addArticle'),
              editTitle: t('content.help.editArticle'),
              empty: t('content.help.noArticles'),
              save: t('content.help.saveArticle'),
            }}
            blank={{ categoryId: category.id, texts: {}, enabled: true, sortOrder: 0 }}
            toBody={(a) => ({
              categoryId: a.categoryId,
              texts: a.texts,
              enabled: a.enabled,
              sortOrder: a.sortOrder,
            })}
            extra={(body, patch, error) => (
              <Field label={t('content.help.category')} error={fieldError(error, 'categoryId')}>
                <select
                  className="input"
                  value={body.categoryId}
                  onChange={(event) => patch({ categoryId: Number(event.target.value) })}
                >
                  {categories.data.map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.texts.EN?.name ?? `#${c.id}`}
                    </option>
                  ))}
                </select>
              </Field>
            )}
          />
        </section>
      ) : (
        <p className="muted">{t('content.help.chooseCategory')}</p>
      )}
    </div>
  );
}

function CategoryForm({
  merchantCode,
  initial,
  onDone,
}: {
  merchantCode: string;
  initial: { id: number | null; body: HelpCategoryBody };
  onDone: () => void;
}) {
  const { t } = useTranslation();
  const languages = useMerchantLanguages(merchantCode);
  const save = useSaveItem<HelpCategoryBody, Category>(merchantCode, 'help-categories');
  const [body, setBody] = useState(initial.body);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ id: initial.id, body }, { onSuccess: onDone });
  };
  return (
    <form className="stack" onSubmit={submit} noValidate aria-label={t('content.help.categoryForm')}>
      {save.isError ? (
        <Notice tone="error">{t('settings.notSaved', { message: save.error.message })}</Notice>
      ) : null}
      <LanguageTabs
        languages={languages}
        value={body.texts}
        render={(language) => (
          <Field label={t('content.help.categoryName')} error={fieldError(save.error, `texts.${language}`)}>
            <input
              className="input"
              maxLength={80}
              value={body.texts[language]?.name ?? ''}
              onChange={(event) =>
                setBody((b) => ({
                  ...b,
                  texts: setTranslation(
                    b.texts,
                    language,
                    { name: event.target.value },
                    (v) => v.name.trim() === '',
                  ),
                }))
              }
            />
          </Field>
        )}
      />
      <OrderAndEnabled
        sortOrder={body.sortOrder}
        enabled={body.enabled}
        onChange={(change) => setBody((b) => ({ ...b, ...change }))}
        error={save.error}
      />
      <div className="item-actions">
        <button type="submit" className="button button-primary" disabled={save.isPending}>
          {t('content.help.saveCategory')}
        </button>
        <button type="button" className="button" onClick={onDone}>
          {t('common.cancel')}
        </button>
      </div>
    </form>
  );
}
