import type { Operator } from '@tala/contracts/admin';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CurrencyScope } from '../../games/components/games-shared.tsx';
import { tradingRoles } from '../lib/roles.ts';
import { ApprovalsAdmin } from './approvals-admin.tsx';
import { EventsAdmin } from './events-admin.tsx';
import { LiabilityAdmin } from './liability-admin.tsx';
import { MarketDetail } from './market-detail.tsx';
import { MarginsAdmin, MemberLimitsAdmin } from './settings-admin.tsx';
import { TradingReport } from './trading-report.tsx';

export const tradingTabs = ['liability', 'events', 'approvals', 'margins', 'limits', 'report'] as const;
export type TradingTab = (typeof tradingTabs)[number];

/** The sportsbook's trading desk for one merchant, on the tab asked for; a market's detail opens below the list. */
export function TradingPage({
  merchant,
  tab,
  operator,
}: {
  merchant: string;
  tab: TradingTab;
  operator: Operator;
}) {
  const { t } = useTranslation();
  const [market, setMarket] = useState<number | null>(null);
  const canManage = tradingRoles.manage(operator.role);
  return (
    <>
      <nav className="tabs" aria-label={t('sportsTrading.sections')}>
        {tradingTabs.map((key) => (
          <NavLink key={key} className="tab" to={paths.sportsTrading.href(merchant, key)}>
            {t(`sportsTrading.tabs.${key}`)}
          </NavLink>
        ))}
      </nav>
      <CurrencyScope merchant={merchant}>
        {(money, timeZone) => (
          <>
            {tab === 'liability' ? (
              <LiabilityAdmin merchant={merchant} money={money} onOpen={setMarket} />
            ) : null}
            {tab === 'events' ? (
              <EventsAdmin merchant={merchant} canManage={canManage} onOpen={setMarket} />
            ) : null}
            {tab === 'approvals' ? (
              <ApprovalsAdmin merchant={merchant} canDecide={tradingRoles.decide(operator.role)} />
            ) : null}
            {tab === 'margins' ? <MarginsAdmin merchant={merchant} canManage={canManage} /> : null}
            {tab === 'limits' ? (
              <MemberLimitsAdmin merchant={merchant} money={money} canManage={canManage} />
            ) : null}
            {tab === 'report' ? (
              <TradingReport merchant={merchant} money={money} timeZone={timeZone} />
            ) : null}
            {market !== null && (tab === 'liability' || tab === 'events') ? (
              <MarketDetail
                key={market}
                merchant={merchant}
                marketId={market}
                money={money}
                canManage={canManage}
                onClose={() => setMarket(null)}
              />
            ) : null}
          </>
        )}
      </CurrencyScope>
    </>
  );
}
