import type { Operator } from '@tala/contracts/admin';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CurrencyScope } from '../../games/components/games-shared.tsx';
import { fishRoles } from '../lib/roles.ts';
import { FishReport } from './fish-report.tsx';
import { FishRoomsAdmin } from './fish-rooms-admin.tsx';
import { FishWavesAdmin } from './fish-waves-admin.tsx';

type Role = Operator['role'];
export const fishTabs = [
  { key: 'rooms', allowed: fishRoles.rooms },
  { key: 'waves', allowed: fishRoles.waves },
  { key: 'report', allowed: fishRoles.report },
] as const;
export type FishTab = (typeof fishTabs)[number]['key'];

/** One merchant's fish rooms on the tab asked for: rooms, the waves explorer, P&L. */
export function FishOfficePage({
  merchant,
  tab,
  operator,
  tabs,
}: {
  merchant: string;
  tab: FishTab;
  operator: Operator;
  tabs: readonly { key: FishTab; allowed: (r: Role) => boolean }[];
}) {
  const { t } = useTranslation();
  return (
    <>
      <nav className="tabs" aria-label={t('fishAdmin.sections')}>
        {tabs.map((entry) => (
          <NavLink key={entry.key} className="tab" to={paths.fish.href(merchant, entry.key)}>
            {t(`fishAdmin.tabs.${entry.key}`)}
          </NavLink>
        ))}
      </nav>
      <CurrencyScope merchant={merchant}>
        {(money, timeZone) => {
          if (tab === 'waves')
            return <FishWavesAdmin merchant={merchant} money={money} timeZone={timeZone} />;
          if (tab === 'report') return <FishReport merchant={merchant} money={money} timeZone={timeZone} />;
          return (
            <FishRoomsAdmin merchant={merchant} money={money} canManage={fishRoles.manage(operator.role)} />
          );
        }}
      </CurrencyScope>
    </>
  );
}
