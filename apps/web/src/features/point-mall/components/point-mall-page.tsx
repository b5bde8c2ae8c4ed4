import './point-mall.css';
import type { Reward } from '@tala/contracts/points';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../../components/empty-state.tsx';
import { requireLogin } from '../../../lib/overlays.ts';
import { useSessionToken } from '../../../lib/session.ts';
import { catalogueQuery, pointBalanceQuery } from '../api/point-mall-api.ts';
import { ConvertForm } from './convert-form.tsx';
import { PointLinesHistory, RedemptionHistory } from './point-histories.tsx';
import { RedeemDialog } from './redeem-dialog.tsx';

const tabs = ['mall', 'redemptions', 'history'] as const;
type Tab = (typeof tabs)[number];

/** /pointMall: the member's points, the catalogue with its redeem dialog, convert to cash, and both histories. */
export function PointMall() {
  const { t } = useTranslation(undefined, { keyPrefix: 'pointMall' });
  const token = useSessionToken();
  const [tab, setTab] = useState<Tab>('mall');
  if (!token) {
    return (
      <EmptyState
        icon="bag"
        headingLevel={2}
        title={t('guestTitle')}
        line={t('guestLine')}
        action={
          <button type="button" className="btn btn-primary" onClick={() => requireLogin()}>
            {t('logIn')}
          </button>
        }
      />
    );
  }
  return (
    <div className="pm">
      <Balance />
      <div className="pm-tabs" role="tablist" aria-label={t('tabsLabel')}>
        {tabs.map((k) => (
          <button
            key={k}
            type="button"
            role="tab"
            id={`pm-tab-${k}`}
            aria-selected={tab === k}
            aria-controls={`pm-panel-${k}`}
            className="btn btn-ghost pm-tab"
            onClick={() => setTab(k)}
          >
            {t(`tabs.${k}`)}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`pm-panel-${tab}`} aria-labelledby={`pm-tab-${tab}`}>
        {tab === 'mall' ? <Mall /> : tab === 'redemptions' ? <RedemptionHistory /> : <PointLinesHistory />}
      </div>
    </div>
  );
}

function Balance() {
  const { t } = useTranslation(undefined, { keyPrefix: 'pointMall' });
  const balance = useQuery(pointBalanceQuery());
  return (
    <section className="pm-balance" aria-label={t('balanceLabel')}>
      <span>{t('balanceLabel')}</span>
      <strong data-testid="point-balance">
        {balance.isPending ? '…' : balance.isError ? '—' : balance.data.points.toLocaleString()}
      </strong>
      <small>{t('neverExpire')}</small>
      {balance.isError ? (
        <p className="form-message form-message--error" role="alert">
          {balance.error.message}
        </p>
      ) : null}
    </section>
  );
}

function Mall() {
  const { t } = useTranslation(undefined, { keyPrefix: 'pointMall' });
  const catalogue = useQuery(catalogueQuery());
  const balance = useQuery(pointBalanceQuery()).data?.points ?? 0;
  const [chosen, setChosen] = useState<Reward | null>(null);
  if (catalogue.isPending)
    return (
      <p className="centre__loading" role="status">
        {t('loading')}
      </p>
    );
  if (catalogue.isError)
    return (
      <p className="form-message form-message--error" role="alert">
        {catalogue.error.message}
      </p>
    );
  return (
    <div className="pm-mall">
      {catalogue.data.list.length === 0 ? (
        <EmptyState icon="bag" headingLevel={2} title={t('emptyTitle')} line={t('emptyLine')} action={null} />
      ) : (
        <ul className="pm-grid">
          {catalogue.data.list.map((r) => (
            <li key={r.id}>
              <article className="pm-card" aria-labelledby={`pm-reward-${r.id}`}>
                <div className="pm-card__image">
                  {r.imageUrl ? (
                    <img src={r.imageUrl} alt="" loading="lazy" />
                  ) : (
                    <span aria-hidden="true">🎁</span>
                  )}
                </div>
                <div className="pm-card__body">
                  <h2 id={`pm-reward-${r.id}`}>{r.name}</h2>
                  <p className="pm-card__points">{t('points', { points: r.points })}</p>
                  <p className="pm-card__stock">
                    {r.stock > 0 ? t('stock', { count: r.stock }) : t('soldOut')}
                  </p>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={r.stock === 0}
                    aria-label={t('redeemThis', { name: r.name })}
                    onClick={() => setChosen(r)}
                  >
                    {t('redeemButton')}
                  </button>
                </div>
              </article>
            </li>
          ))}
        </ul>
      )}
      {catalogue.data.conversion ? (
        <ConvertForm conversion={catalogue.data.conversion} balance={balance} />
      ) : null}
      {chosen ? <RedeemDialog reward={chosen} balance={balance} onClose={() => setChosen(null)} /> : null}
    </div>
  );
}
