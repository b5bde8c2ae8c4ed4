import type { Operator } from '@tala/contracts/admin';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CurrencyScope } from '../../games/components/games-shared.tsx';
import { liveRoles } from '../lib/roles.ts';
import { LiveReport } from './live-report.tsx';
import { RoomChatAdmin } from './room-chat-admin.tsx';
import { RoomsAdmin } from './rooms-admin.tsx';
import { RoundsAdmin } from './rounds-admin.tsx';
import { TablesAdmin } from './tables-admin.tsx';

type Role = Operator['role'];
export const liveTabs = [
  { key: 'tables', allowed: liveRoles.tables },
  { key: 'rounds', allowed: liveRoles.rounds },
  { key: 'report', allowed: liveRoles.report },
  { key: 'chat', allowed: liveRoles.chat },
] as const;
export type LiveTab = (typeof liveTabs)[number]['key'];

/** The live studio's back office on the tab asked for: tables (the platform's), one merchant's rounds and P&L. */
export function LivePage({
  merchant,
  tab,
  operator,
  tabs,
}: {
  merchant: string;
  tab: LiveTab;
  operator: Operator;
  tabs: readonly { key: LiveTab; allowed: (r: Role) => boolean }[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <nav className="tabs" aria-label={t('liveAdmin.sections')}>
        {tabs.map((entry) => (
          <NavLink key={entry.key} className="tab" to={paths.live.href(merchant, entry.key)}>
            {t(`liveAdmin.tabs.${entry.key}`)}
          </NavLink>
        ))}
      </nav>
      <CurrencyScope merchant={merchant}>
        {(money, timeZone) => {
          if (tab === 'rounds')
            return (
              <RoundsAdmin
                merchant={merchant}
                money={money}
                timeZone={timeZone}
                canReadTables={liveRoles.tables(operator.role)}
              />
            );
          if (tab === 'chat') return <RoomChatAdmin merchant={merchant} />;
          if (tab === 'report') return <LiveReport merchant={merchant} money={money} timeZone={timeZone} />;
          return (
            <>
              <TablesAdmin merchant={merchant} money={money} canManage={liveRoles.manage(operator.role)} />
              <RoomsAdmin canManage={liveRoles.manage(operator.role)} />
            </>
          );
        }}
      </CurrencyScope>
    </>
  );
}
