import { bonusStatuses } from '@tala/contracts/promotions';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { ReportPager } from '../../../components/report-pager.tsx';
import { memberQueryRoot } from '../../../lib/member-session.ts';
import { type Bonus, bonusesQuery, promotionsApi } from '../api/promotions-api.ts';
import { BonusProgress, useMoney } from './promotion-parts.tsx';

/** One bonus: what it paid, what it holds back, its turnover, and (while active) the way to give it up. */
export function BonusCard({ bonus }: { bonus: Bonus }) {
  const { t } = useTranslation(undefined, { keyPrefix: 'promotions' });
  const format = useMoney();
  const client = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const forfeit = useMutation({
    mutationFn: () => promotionsApi.forfeit(bonus.id),
    onSuccess: () => client.invalidateQueries({ queryKey: [memberQueryRoot] }),
  });
  return (
    <article className="promo-bonus" aria-label={bonus.title}>
      <header className="promo-bonus__head">
        <h3>{bonus.title}</h3>
        <span className={`promo-status promo-status--bonus-${bonus.status}`}>
          {t(`bonus.status.${bonus.status}`)}
        </span>
      </header>
      <dl className="promo-facts">
        <div>
          <dt>{t('bonus.amount')}</dt>
          <dd>{format(bonus.amount)}</dd>
        </div>
        <div>
          <dt>{t('bonus.deposit')}</dt>
          <dd>{format(bonus.depositAmount)}</dd>
        </div>
        <div>
          <dt>{t('bonus.held')}</dt>
          <dd>{format(bonus.locked)}</dd>
        </div>
        <div>
          <dt>{t('bonus.claimedAt')}</dt>
          <dd>{new Date(bonus.createdAt).toLocaleString()}</dd>
        </div>
        {bonus.status === 'forfeited' ? (
          <div>
            <dt>{t('bonus.forfeitedAmount')}</dt>
            <dd>{format(bonus.forfeitedAmount)}</dd>
          </div>
        ) : null}
      </dl>
      {bonus.turnoverRequired > 0 ? <BonusProgress bonus={bonus} /> : <p>{t('facts.noTurnover')}</p>}
      {bonus.status === 'active' ? (
        confirming ? (
          <div className="promo-confirm">
            <p>{t('bonus.forfeitConfirm', { amount: format(bonus.amount) })}</p>
            <div className="promo-card__actions">
              <button
                type="button"
                className="btn btn-primary"
                disabled={forfeit.isPending}
                onClick={() => forfeit.mutate()}
              >
                {t('bonus.forfeitYes')}
              </button>
              <button type="button" className="btn btn-ghost" onClick={() => setConfirming(false)}>
                {t('bonus.keep')}
              </button>
            </div>
            {forfeit.error ? (
              <p className="form-message form-message--error" role="alert">
                {forfeit.error.message}
              </p>
            ) : null}
          </div>
        ) : (
          <button
            type="button"
            className="btn btn-ghost promo-bonus__forfeit"
            onClick={() => setConfirming(true)}
          >
            {t('bonus.forfeit')}
          </button>
        )
      ) : null}
    </article>
  );
}

/** bonusDetails: every bonus of the member with its progress, filtered by status. */
export function BonusDetails() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<Bonus['status'] | undefined>(undefined);
  const [pageNo, setPageNo] = useState(1);
  const page = useQuery(bonusesQuery(status, pageNo));
  return (
    <div className="promo">
      <fieldset className="promo-filters">
        <legend className="visually-hidden">{t('promotions.bonus.filterLabel')}</legend>
        {[undefined, ...bonusStatuses].map((s) => (
          <button
            key={s ?? 'all'}
            type="button"
            className="btn btn-ghost promo-filter"
            aria-pressed={status === s}
            onClick={() => {
              setStatus(s);
              setPageNo(1);
            }}
          >
            {s ? t(`promotions.bonus.status.${s}`) : t('promotions.kind.all')}
          </button>
        ))}
      </fieldset>
      {page.isPending ? (
        <p className="centre__loading" role="status">
          {t('common.loading')}
        </p>
      ) : page.isError ? (
        <p className="form-message form-message--error" role="alert">
          {page.error.message}
        </p>
      ) : page.data.list.length === 0 ? (
        <EmptyState
          icon="gift"
          headingLevel={2}
          title={t('promotions.bonus.emptyTitle')}
          line={t('promotions.bonus.emptyLine')}
        />
      ) : (
        <>
          <ul className="promo-bonus-list">
            {page.data.list.map((b) => (
              <li key={b.id}>
                <BonusCard bonus={b} />
              </li>
            ))}
          </ul>
          <ReportPager pageNo={pageNo} totalPages={page.data.totalPages} onPage={setPageNo} />
        </>
      )}
    </div>
  );
}
