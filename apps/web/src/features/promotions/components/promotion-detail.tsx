import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { promotionQuery } from '../api/promotions-api.ts';
import { PromotionAction, PromotionFacts, StatusBadge } from './promotion-parts.tsx';

/** /promoDetail: one promotion's rules, its figures and what the visitor can do now. */
export function PromotionDetail({ id }: { id: number | null }) {
  const { t } = useTranslation();
  const token = useSessionToken();
  const detail = useQuery({ ...promotionQuery(id ?? 0, token !== null), enabled: id !== null });
  const back = (
    <Link className="btn btn-secondary" to={paths.promotions}>
      {t('promotions.all')}
    </Link>
  );
  if (id === null || detail.isError) {
    return (
      <EmptyState
        icon="ticket"
        headingLevel={2}
        title={t('pages.promoDetail.emptyTitle')}
        line={t('pages.promoDetail.emptyLine')}
        action={back}
      />
    );
  }
  if (detail.isPending) {
    return (
      <p className="centre__loading" role="status">
        {t('common.loading')}
      </p>
    );
  }
  const p = detail.data;
  return (
    <article className="promo-detail" aria-labelledby="promo-detail-title">
      {p.imageUrl ? <img className="promo-detail__image" src={p.imageUrl} alt="" /> : null}
      <header className="promo-detail__head">
        <span className="promo-detail__kind">{t(`promotions.kind.${p.kind}`)}</span>
        <StatusBadge status={p.status} />
      </header>
      <h2 id="promo-detail-title">{p.title}</h2>
      {p.summary ? <p className="promo-detail__summary">{p.summary}</p> : null}
      <p className="promo-card__dates">
        {t('promotions.period', {
          from: new Date(p.startsAt).toLocaleString(),
          to: new Date(p.endsAt).toLocaleString(),
        })}
      </p>
      <PromotionFacts promotion={p} />
      <PromotionAction promotion={p} />
      {p.rules ? (
        <section aria-labelledby="promo-rules">
          <h3 id="promo-rules">{t('promotions.rules')}</h3>
          <p className="promo-detail__rules">{p.rules}</p>
        </section>
      ) : null}
      {back}
    </article>
  );
}
