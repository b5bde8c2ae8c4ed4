import type { Operator } from '@tala/contracts/admin';
import { moneyDisplay } from '@tala/contracts/money-format';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { CurrencyScope, QueryView } from '../../games/components/games-shared.tsx';
import { useSettings } from '../../settings/api/get-settings.ts';
import { useLotteryGames } from '../api/lottery-office.ts';
import { lotteryRoles } from '../lib/roles.ts';
import { ChasesAdmin } from './chases-admin.tsx';
import { DrawsAdmin } from './draws-admin.tsx';
import { ExposureView } from './exposure-view.tsx';
import { GameSettings } from './games-settings.tsx';
import { LotteryReport } from './lottery-report.tsx';
import { GamePicker } from './lottery-shared.tsx';

type Role = Operator['role'];
export const lotteryTabs = [
  { key: 'games', allowed: lotteryRoles.read },
  { key: 'draws', allowed: lotteryRoles.read },
  { key: 'chases', allowed: lotteryRoles.read },
  { key: 'exposure', allowed: lotteryRoles.read },
  { key: 'report', allowed: lotteryRoles.manage },
] as const;
export type LotteryTab = (typeof lotteryTabs)[number]['key'];

/** One merchant's lottery back office, on the tab asked for. */
export function LotteryPage({
  merchant,
  tab,
  operator,
  tabs,
}: {
  merchant: string;
  tab: LotteryTab;
  operator: Operator;
  tabs: readonly { key: LotteryTab; allowed: (r: Role) => boolean }[];
}) {
  const { t } = useTranslation();
  const games = useLotteryGames(merchant);
  const settings = useSettings(merchant);
  const [gameCode, setGameCode] = useState('');
  const canManage = lotteryRoles.manage(operator.role);
  return (
    <>
      <nav className="tabs" aria-label={t('lotteryAdmin.sections')}>
        {tabs.map((entry) => (
          <NavLink key={entry.key} className="tab" to={paths.lottery.href(merchant, entry.key)}>
            {t(`lotteryAdmin.tabs.${entry.key}`)}
          </NavLink>
        ))}
      </nav>
      <CurrencyScope merchant={merchant}>
        {(money, timeZone) => (
          <QueryView query={games}>
            {(value) => {
              const game = value.list.find((g) => g.gameCode === gameCode) ?? value.list[0];
              if (tab === 'draws')
                return (
                  <DrawsAdmin
                    merchant={merchant}
                    games={value.list}
                    money={money}
                    canManage={canManage}
                    operatorName={operator.username}
                  />
                );
              if (tab === 'chases')
                return <ChasesAdmin merchant={merchant} games={value.list} money={money} />;
              if (tab === 'exposure')
                return <ExposureView merchant={merchant} games={value.list} money={money} />;
              if (tab === 'report')
                return <LotteryReport merchant={merchant} money={money} timeZone={timeZone} />;
              return (
                <div className="stack">
                  <div className="filters">
                    <GamePicker games={value.list} value={game?.gameCode ?? ''} onChange={setGameCode} />
                  </div>
                  {game ? (
                    <GameSettings
                      key={game.gameCode}
                      merchant={merchant}
                      game={game}
                      money={money}
                      exponent={moneyDisplay(settings.data?.settings.whitelabel ?? {}).currencyExponent}
                      canManage={canManage}
                    />
                  ) : null}
                </div>
              );
            }}
          </QueryView>
        )}
      </CurrencyScope>
    </>
  );
}
