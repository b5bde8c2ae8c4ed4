import type { Operator } from '@tala/contracts/admin';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, NavLink, Outlet, useLocation } from 'react-router';
import { LanguagePicker } from '../../components/language-picker.tsx';
import { LoadError } from '../../components/load-error.tsx';
import { Loading } from '../../components/loading.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { paths } from '../../config/paths.ts';
import { agentRoles } from '../../features/agents/components/agents-page.tsx';
import { useMe, useSessionToken } from '../../features/auth/api/get-me.ts';
import { useLogout } from '../../features/auth/api/logout.ts';
import { fishRoles } from '../../features/fish/lib/roles.ts';
import { kycRoles } from '../../features/kyc/lib/roles.ts';
import { liveRoles } from '../../features/live/lib/roles.ts';
import { lotteryRoles } from '../../features/lottery/lib/roles.ts';
import { broadcastRoles } from '../../features/messages/lib/roles.ts';
import { missionRoles } from '../../features/missions/lib/roles.ts';
import { paymentRoles } from '../../features/payments/components/payments-page.tsx';
import { pointMallRoles } from '../../features/point-mall/lib/roles.ts';
import { promotionRoles } from '../../features/promotions/lib/roles.ts';
import { pvpRoles } from '../../features/pvp/lib/roles.ts';
import { saferGamblingRoles } from '../../features/safer-gambling/lib/roles.ts';
import { tradingRoles } from '../../features/sports-trading/lib/roles.ts';
import { can } from '../../lib/roles.ts';

export type ShellContext = { operator: Operator };

type Role = Operator['role'];
const everyone = () => true;
/** Pages of the platform itself (merchants, operators, audit): platform operators only (decision 060). */
const platformOwner = (role: Role, platform: boolean) => platform && role === 'owner';
const platformOperator = (_role: Role, platform: boolean) => platform;
/** The pages each role may open, in menu order (the server refuses the rest anyway). */
const navItems = [
  { key: 'settings', href: paths.settings.href(), allowed: everyone },
  { key: 'members', href: paths.members.href(), allowed: can.readMembers },
  { key: 'registration', href: paths.registration.href(), allowed: can.readMembers },
  { key: 'outbox', href: paths.outbox.href(), allowed: can.readOutbox },
  { key: 'content', href: paths.content.href(), allowed: can.editContent },
  { key: 'applications', href: paths.applications.href(), allowed: can.readApplications },
  { key: 'feedback', href: paths.feedback.href(), allowed: can.support },
  { key: 'chat', href: paths.chat.href(), allowed: can.support },
  { key: 'games', href: paths.games.href(), allowed: everyone },
  { key: 'payments', href: paths.payments.href(), allowed: paymentRoles.read },
  { key: 'agents', href: paths.agents.href(), allowed: agentRoles.read },
  { key: 'promotions', href: paths.promotions.href(), allowed: promotionRoles.read },
  { key: 'missions', href: paths.missions.href(), allowed: missionRoles.read },
  { key: 'broadcasts', href: paths.broadcasts.href(), allowed: broadcastRoles.read },
  { key: 'pointMall', href: paths.pointMall.href(), allowed: pointMallRoles.read },
  { key: 'lottery', href: paths.lottery.href(), allowed: lotteryRoles.read },
  { key: 'live', href: paths.live.href(), allowed: liveRoles.read },
  { key: 'fish', href: paths.fish.href(), allowed: fishRoles.read },
  { key: 'pvp', href: paths.pvp.href(), allowed: pvpRoles.read },
  { key: 'sportsTrading', href: paths.sportsTrading.href(), allowed: tradingRoles.read },
  { key: 'verification', href: paths.verification.href(), allowed: kycRoles.review },
  { key: 'saferGambling', href: paths.saferGambling.href(), allowed: saferGamblingRoles.read },
  { key: 'audit', href: paths.audit.href(), allowed: platformOwner },
  { key: 'operators', href: paths.operators.href(), allowed: platformOwner },
  { key: 'merchants', href: paths.merchants.href(), allowed: platformOperator },
] as const;

/** The signed-in frame: top bar with navigation, language, theme, the operator and logout; the page below. */
export function Shell() {
  const { t } = useTranslation();
  const token = useSessionToken();
  const me = useMe();
  const location = useLocation();
  const logout = useLogout();
  const [menuOpen, setMenuOpen] = useState(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the menu closes whenever the page changes
  useEffect(() => setMenuOpen(false), [location.pathname]);

  if (token === null) return <Navigate to={paths.login.href(location.pathname + location.search)} replace />;
  if (me.isPending) return <Loading />;
  if (me.isError)
    return (
      <main className="page">
        <LoadError error={me.error} onRetry={() => void me.refetch()} />
      </main>
    );
  const operator = me.data;

  return (
    <div className="shell">
      <a className="skip-link" href="#content">
        {t('app.skipToContent')}
      </a>
      <header className="topbar">
        <div className="topbar-brand">
          <span className="logo" aria-hidden="true">
            T
          </span>
          <span className="topbar-title">{t('app.name')}</span>
        </div>
        <button
          type="button"
          className="button button-ghost menu-button"
          aria-expanded={menuOpen}
          aria-controls="topbar-panel"
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span aria-hidden="true">{menuOpen ? '✕' : '☰'}</span>
          {menuOpen ? t('nav.closeMenu') : t('nav.menu')}
        </button>
        <div id="topbar-panel" className={`topbar-panel${menuOpen ? ' topbar-panel-open' : ''}`}>
          <nav className="nav" aria-label={t('nav.label')}>
            {navItems
              .filter((item) => item.allowed(operator.role, operator.platform))
              .map((item) => (
                <NavLink key={item.key} to={item.href} className="nav-link">
                  {t(`nav.${item.key}`)}
                </NavLink>
              ))}
          </nav>
          <div className="topbar-tools">
            <LanguagePicker />
            <ThemeToggle />
            <p className="operator">
              <span className="visually-hidden">{t('topBar.signedInAs', { name: operator.username })}</span>
              <span className="operator-name" aria-hidden="true">
                {operator.username}
              </span>
              <span className={`badge badge-role-${operator.role}`}>{t(`roles.${operator.role}`)}</span>
            </p>
            <NavLink to={paths.account.href()} className="button button-ghost">
              {t('nav.account')}
            </NavLink>
            <button
              type="button"
              className="button"
              disabled={logout.isPending}
              onClick={() => logout.mutate()}
            >
              {t('topBar.logout')}
            </button>
          </div>
        </div>
      </header>
      <main id="content" className="page" tabIndex={-1}>
        <Outlet context={{ operator } satisfies ShellContext} />
      </main>
    </div>
  );
}
