import type { Operator } from '@tala/contracts/admin';
import { useTranslation } from 'react-i18next';
import { NavLink, useOutletContext, useParams } from 'react-router';
import { Forbidden } from '../../components/forbidden.tsx';
import { MerchantScope } from '../../components/merchant-scope.tsx';
import { paths } from '../../config/paths.ts';
import { BetsExplorer } from '../../features/games/components/bets-explorer.tsx';
import { CatalogueAdmin } from '../../features/games/components/catalogue-admin.tsx';
import { CredentialsAdmin } from '../../features/games/components/credentials-admin.tsx';
import { GameReport } from '../../features/games/components/game-report.tsx';
import { CurrencyScope } from '../../features/games/components/games-shared.tsx';
import { JackpotAdmin } from '../../features/games/components/jackpot-admin.tsx';
import type { ShellContext } from '../layout/shell.tsx';

type Role = Operator['role'];
/** The tabs each role may open (the server checks again on every call). */
const tabs = [
  { key: 'catalogue', allowed: (r: Role) => r === 'owner' || r === 'content' },
  { key: 'credentials', allowed: (r: Role) => r === 'owner' },
  { key: 'bets', allowed: (r: Role) => r === 'owner' || r === 'finance' || r === 'support' },
  { key: 'report', allowed: (r: Role) => r === 'owner' || r === 'finance' },
  { key: 'jackpot', allowed: (r: Role) => r === 'owner' || r === 'finance' },
] as const;
type Tab = (typeof tabs)[number]['key'];

export function gamesAllowed(role: Role) {
  return tabs.some((tab) => tab.allowed(role));
}

/** Back office games: catalogue switches, vendor credentials, bets explorer, the game P&L report and the jackpot. */
export function Component() {
  const { t } = useTranslation();
  const { operator } = useOutletContext<ShellContext>();
  const params = useParams();
  const mine = tabs.filter((tab) => tab.allowed(operator.role));
  const current = mine.find((tab) => tab.key === params.tab) ?? mine[0];
  if (!current) return <Forbidden />;
  const tab: Tab = current.key;
  return (
    <div className="stack">
      <h1>{t('gamesAdmin.title')}</h1>
      <p className="muted">{t('gamesAdmin.intro')}</p>
      <MerchantScope merchantCode={params.merchantCode} href={(code) => paths.games.href(code, tab)}>
        {(merchant) => (
          <>
            <nav className="tabs" aria-label={t('gamesAdmin.sections')}>
              {mine.map((entry) => (
                <NavLink key={entry.key} className="tab" to={paths.games.href(merchant, entry.key)}>
                  {t(`gamesAdmin.tabs.${entry.key}`)}
                </NavLink>
              ))}
            </nav>
            {tab === 'credentials' ? (
              <CredentialsAdmin />
            ) : (
              <CurrencyScope merchant={merchant}>
                {(money, timeZone) =>
                  tab === 'catalogue' ? (
                    <CatalogueAdmin key={merchant} merchant={merchant} money={money} />
                  ) : tab === 'bets' ? (
                    <BetsExplorer key={merchant} merchant={merchant} money={money} timeZone={timeZone} />
                  ) : tab === 'jackpot' ? (
                    <JackpotAdmin key={merchant} merchant={merchant} money={money} />
                  ) : (
                    <GameReport key={merchant} merchant={merchant} money={money} timeZone={timeZone} />
                  )
                }
              </CurrencyScope>
            )}
          </>
        )}
      </MerchantScope>
    </div>
  );
}
