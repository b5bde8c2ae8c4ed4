import type { Operator } from '@tala/contracts/admin';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CurrencyScope } from '../../games/components/games-shared.tsx';
import { pvpRoles } from '../lib/roles.ts';
import { PvpHandsAdmin } from './hands-admin.tsx';
import { PvpReport } from './pvp-report.tsx';
import { PvpTablesAdmin } from './tables-admin.tsx';

type Role = Operator['role'];
export const pvpTabs = [
  { key: 'tables', allowed: pvpRoles.tables },
  { key: 'hands', allowed: pvpRoles.hands },
  { key: 'report', allowed: pvpRoles.report },
] as const;
export type PvpTab = (typeof pvpTabs)[number]['key'];

/** The card tables' back office on the tab asked for: one merchant's tables, its hands and its rake by day. */
export function PvpPage({
  merchant,
  tab,
  operator,
  tabs,
}: {
  merchant: string;
  tab: PvpTab;
  operator: Operator;
  tabs: readonly { key: PvpTab; allowed: (r: Role) => boolean }[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <nav className="tabs" aria-label={t('pvpAdmin.sections')}>
        {tabs.map((entry) => (
          <NavLink key={entry.key} className="tab" to={paths.pvp.href(merchant, entry.key)}>
            {t(`pvpAdmin.tabs.${entry.key}`)}
          </NavLink>
        ))}
      </nav>
      <CurrencyScope merchant={merchant}>
        {(money, timeZone) => {
          if (tab === 'hands')
            return (
              <PvpHandsAdmin
                merchant={merchant}
                money={money}
                timeZone={timeZone}
                canReadTables={pvpRoles.tables(operator.role)}
              />
            );
          if (tab === 'report') return <PvpReport merchant={merchant} money={money} timeZone={timeZone} />;
          return (
            <PvpTablesAdmin merchant={merchant} money={money} canManage={pvpRoles.manage(operator.role)} />
          );
        }}
      </CurrencyScope>
    </>
  );
}
