import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../../components/empty-state.tsx';
import { paths } from '../../../config/paths.ts';
import { closeOverlay } from '../../../lib/overlays.ts';
import { rewardCentreQuery } from '../api/promotions-api.ts';
import { BonusCard } from './bonus-details.tsx';
import { PromotionAction, StatusBadge, useMoney } from './promotion-parts.tsx';

/** rewardCenter: what the member can claim now, and the bonus whose turnover is running. */
export function RewardCentre() {
  const { t } = useTranslation();
  const centre = useQuery(rewardCentreQuery());
  const format = useMoney();
  // The claimed promotion leaves the list as it refreshes: the confirmation lives here, above it.
  const [claimed, setClaimed] = useState<number | null>(null);
  const confirmation =
    claimed === null ? null : (
      <p className="form-message form-message--success" role="status">
        {t('promotions.claimed', { amount: format(claimed) })}
      </p>
    );
  if (centre.isPending) {
    return (
      <p className="centre__loading" role="status">
        {t('common.loading')}
      </p>
    );
  }
  if (centre.isError) {
    return (
      <p className="form-message form-message--error" role="alert">
        {centre.error.message}
      </p>
    );
  }
  const { claimable, active } = centre.data;
  const toPromotions = (
    <Link className="btn btn-secondary" to={paths.promotions} onClick={() => closeOverlay()}>
      {t('promotions.all')}
    </Link>
  );
  if (claimable.length === 0 && active.length === 0) {
    return (
      <>
        {confirmation}
        <EmptyState
          icon="star"
          headingLevel={2}
          title={t('promotions.reward.emptyTitle')}
          line={t('promotions.reward.emptyLine')}
          action={toPromotions}
        />
      </>
    );
  }
  return (
    <div className="promo">
      {confirmation}
      <section aria-labelledby="reward-ready">
        <h2 id="reward-ready">{t('promotions.reward.ready')}</h2>
        {claimable.length === 0 ? (
          <p>{t('promotions.reward.noneReady')}</p>
        ) : (
          <ul className="promo-bonus-list">
            {claimable.map((p) => (
              <li key={p.id}>
                <article className="promo-bonus" aria-label={p.title}>
                  <header className="promo-bonus__head">
                    <h3>{p.title}</h3>
                    <StatusBadge status={p.status} />
                  </header>
                  <p>{p.summary}</p>
                  <PromotionAction promotion={p} onClaimed={(bonus) => setClaimed(bonus.amount)} />
                </article>
              </li>
            ))}
          </ul>
        )}
      </section>
      {active.length > 0 ? (
        <section aria-labelledby="reward-running">
          <h2 id="reward-running">{t('promotions.reward.running')}</h2>
          <ul className="promo-bonus-list">
            {active.map((b) => (
              <li key={b.id}>
                <BonusCard bonus={b} />
              </li>
            ))}
          </ul>
        </section>
      ) : null}
      {toPromotions}
    </div>
  );
}
