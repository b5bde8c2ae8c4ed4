import './help.css';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { Icon } from '../../../components/icons.tsx';
import { RichText } from '../../../components/rich-text.tsx';
import { type HelpCategory, useHelpCenter } from '../api/get-help-center.ts';

function Articles({ category }: { category: HelpCategory }) {
  const [open, setOpen] = useState<number | null>(category.articles[0]?.id ?? null);
  const baseId = useId();
  return (
    <ul className="help__articles">
      {category.articles.map((article) => {
        const expanded = open === article.id;
        return (
          <li key={article.id} className="help__article" data-article-id={article.id}>
            <h3 className="help__article-heading">
              <button
                type="button"
                className="help__article-title"
                aria-expanded={expanded}
                aria-controls={`${baseId}-${article.id}`}
                onClick={() => setOpen(expanded ? null : article.id)}
              >
                <span>{article.title}</span>
                <Icon name="chevronDown" size={18} className="help__chevron" />
              </button>
            </h3>
            <div id={`${baseId}-${article.id}`} className="help__article-body" hidden={!expanded}>
              {expanded ? <RichText html={article.content} /> : null}
            </div>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The help centre (/help with its banner, /helpmc alone): categories on the side, their articles as an accordion.
 * The chosen category is kept in the address (?category=id) so a link can open it. `extra` adds a tab of the app
 * layer (the feedback form) after the categories.
 */
export function HelpCentre({ extra }: { extra?: { key: string; label: string; content: ReactNode } }) {
  const { t } = useTranslation();
  const help = useHelpCenter();
  const [search, setSearch] = useSearchParams();
  const categories = help.data?.categories ?? [];
  const chosen = search.get('category');
  const extraOpen = extra !== undefined && chosen === extra.key;
  const current = extraOpen ? undefined : (categories.find((c) => String(c.id) === chosen) ?? categories[0]);

  const choose = (key: string) => {
    const next = new URLSearchParams(search);
    next.set('category', key);
    setSearch(next, { replace: true });
  };

  if (help.isPending)
    return (
      <p className="page-status" role="status">
        {t('common.loading')}
      </p>
    );
  if (help.isError)
    return (
      <EmptyState icon="help" headingLevel={2} title={t('help.loadFailed')} line={t('help.loadFailedLine')} />
    );

  return (
    <div className="help">
      <nav className="help__categories" aria-label={t('help.categories')}>
        <ul>
          {categories.map((category) => (
            <li key={category.id}>
              <button
                type="button"
                className="help__category"
                aria-current={current?.id === category.id ? 'true' : undefined}
                onClick={() => choose(String(category.id))}
              >
                <span>{category.name}</span>
                <span className="help__count">{category.articles.length}</span>
              </button>
            </li>
          ))}
          {extra ? (
            <li>
              <button
                type="button"
                className="help__category help__category--extra"
                aria-current={extraOpen ? 'true' : undefined}
                onClick={() => choose(extra.key)}
              >
                <Icon name="mail" size={18} />
                <span>{extra.label}</span>
              </button>
            </li>
          ) : null}
        </ul>
      </nav>
      <section className="help__content" aria-label={extraOpen ? extra?.label : current?.name}>
        {extraOpen ? (
          extra?.content
        ) : current ? (
          <>
            <h2 className="help__heading">{current.name}</h2>
            {current.articles.length > 0 ? (
              <Articles key={current.id} category={current} />
            ) : (
              <p className="page-status">{t('help.noArticles')}</p>
            )}
          </>
        ) : (
          <p className="page-status">{t('help.none')}</p>
        )}
      </section>
    </div>
  );
}
