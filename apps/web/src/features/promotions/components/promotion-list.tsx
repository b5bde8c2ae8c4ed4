import { promotionKinds } from '@tala/contracts/promotions';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { type PromotionKind, promotionsQuery } from '../api/promotions-api.ts';
import { PromotionAction, StatusBadge } from './promotion-parts.tsx';

/** /promotions: every promotion of the site with the visitor's status in each, filtered by type. */
export function PromotionList() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const [kind, setKind] = useState<PromotionKind | undefined>(undefined);
  const list = useQuery(promotionsQuery(kind, token !== null));
  return (
    <div className="promo">
      <fieldset className="promo-filters">
        <legend className="visually-hidden">{t('promotions.filterLabel')}</legend>
        {[undefined, ...promotionKinds].map((k) => (
          <button
            key={k ?? 'all'}
            type="button"
            className="btn btn-ghost promo-filter"
            aria-pressed={kind === k}
            onClick={() => setKind(k)}
          >
            {t(`promotions.kind.${k ?? 'all'}`)}
          </button>
        ))}
      </fieldset>
      {list.isPending ? (
        <p className="centre__loading" role="status">
          {t('common.loading')}
        </p>
      ) : list.isError ? (
        <p className="form-message form-message--error" role="alert">
          {list.error.message}
        </p>
      ) : list.data.length === 0 ? (
        <EmptyState
          icon="gift"
          headingLevel={2}
          title={t('pages.promotions.emptyTitle')}
          line={t('pages.promotions.emptyLine')}
        />
      ) : (
        <ul className="promo-grid">
          {list.data.map((p) => (
            <li key={p.id}>
              <article className="promo-card" aria-labelledby={`promo-${p.id}`}>
                {p.imageUrl ? (
                  <img className="promo-card__image" src={p.imageUrl} alt="" loading="lazy" />
                ) : null}
                <div className="promo-card__banner" data-kind={p.kind}>
                  <span>{t(`promotions.kind.${p.kind}`)}</span>
                  <StatusBadge status={p.status} />
                </div>
                <div className="promo-card__body">
                  <h2 id={`promo-${p.id}`}>{p.title}</h2>
                  <p>{p.summary}</p>
                  <p className="promo-card__dates">
                    {t('promotions.until', { date: new Date(p.endsAt).toLocaleDateString() })}
                  </p>
                  <div className="promo-card__actions">
                    <PromotionAction promotion={p} />
                    <Link className="btn btn-ghost" to={`${paths.promoDetail}?id=${p.id}`}>
                      {t('promotions.details')}
                    </Link>
                  </div>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
