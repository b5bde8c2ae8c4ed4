import type { Operator } from '@tala/contracts/admin';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { pointMallRoles } from '../lib/roles.ts';
import { PointCatalogue } from './point-catalogue.tsx';
import { PointSettingsPanel } from './point-settings.tsx';
import { RedemptionQueue } from './redemption-queue.tsx';

export const pointMallTabs = ['queue', 'catalogue', 'settings'] as const;
export type PointMallTab = (typeof pointMallTabs)[number];

/** The point mall in the back office: the fulfilment queue, the catalogue and the merchant's ratios. */
export function PointMallPage({
  operator,
  merchantCode,
  tab,
  href,
}: {
  operator: Operator;
  merchantCode: string;
  tab: PointMallTab;
  href: (merchantCode: string, tab: PointMallTab) => string;
}) {
  const { t } = useTranslation();
  return (
    <div className="stack">
      <nav className="tabs" aria-label={t('pointMall.title')}>
        {pointMallTabs.map((name) => (
          <NavLink key={name} to={href(merchantCode, name)} className="tab">
            {t(`pointMall.tabs.${name}`)}
          </NavLink>
        ))}
      </nav>
      {tab === 'queue' ? (
        <RedemptionQueue merchantCode={merchantCode} mayDecide={pointMallRoles.decide(operator.role)} />
      ) : null}
      {tab === 'catalogue' ? (
        <PointCatalogue merchantCode={merchantCode} mayEdit={pointMallRoles.catalogue(operator.role)} />
      ) : null}
      {tab === 'settings' ? (
        <PointSettingsPanel merchantCode={merchantCode} mayEdit={pointMallRoles.settings(operator.role)} />
      ) : null}
    </div>
  );
}
