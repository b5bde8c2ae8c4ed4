import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Icon } from '../../components/icons.tsx';
import { categories } from '../../config/categories.ts';
import { paths } from '../../config/paths.ts';
import { AccountBar } from '../../features/account/components/account-bar.tsx';
import { HeaderGameMenus } from '../../features/games/components/header-menus.tsx';
import { LanguagePicker } from '../../features/preferences/components/language-picker.tsx';
import { ThemeToggle } from '../../features/preferences/components/theme-toggle.tsx';
import { useCountryCode } from '../../features/system/api/get-country-code.ts';
import { openOverlay } from '../../lib/overlays.ts';
import { useSessionToken } from '../../lib/session.ts';
import { useMediaQuery } from '../../lib/use-media-query.ts';
import { useSiteStatus } from '../use-site-status.ts';
import { SiteDrawer } from './site-drawer.tsx';

// The header's login form (§2) on wide screens: its own chunk, so the first load of the page stays small.
const HeaderLoginForm = lazy(() =>
  import('../../features/auth/components/login-form.tsx').then((m) => ({ default: m.LoginForm })),
);

/** Wide enough for the guest login form in the header top; narrower screens keep the Log in button. */
const HEADER_FORM_QUERY = '(min-width: 1180px)';

function LoginButton() {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn-ghost" onClick={() => openOverlay({ kind: 'login' })}>
      {t('common.login')}
    </button>
  );
}

/** Guests: the login form in the header on wide screens (§2), the Log in button on phones; Register beside. */
function GuestTools() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const wide = useMediaQuery(HEADER_FORM_QUERY);
  const country = useCountryCode();
  return (
    <div className="header-top__guest">
      {wide ? (
        <Suspense fallback={<LoginButton />}>
          <HeaderLoginForm
            variant="header"
            options={{
              loginByCode: status.register.loginByCode,
              freePlay: status.register.freePlay,
              visitorDialingCode: country.data?.countryDialingCode,
            }}
          />
        </Suspense>
      ) : (
        <LoginButton />
      )}
      <Link className="btn btn-accent" to={paths.register}>
        {t('common.register')}
      </Link>
    </div>
  );
}

/** Header top (brand, language, theme, the guest login form or the account bar) and header bottom (navigation), §2. */
export function SiteHeader() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const whitelabel = status.info.whitelabel;
  const token = useSessionToken();
  const location = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  const top = useRef<HTMLElement>(null);
  const [stuck, setStuck] = useState(false);

  // The menu closes when the visitor goes somewhere.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the path change is the trigger
  useEffect(() => setDrawerOpen(false), [location.pathname]);

  // Once the top row scrolls away, the sticky bottom row shows a small logo so the brand stays in view.
  useEffect(() => {
    const node = top.current;
    if (!node || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(([entry]) => setStuck(entry ? !entry.isIntersecting : false));
    observer.observe(node);
    return () => observer.disconnect();
  }, []);

  return (
    <>
      <header ref={top} className="header-top">
        <div className="container header-top__inner">
          <button
            type="button"
            className="icon-button header-top__menu"
            aria-label={t('common.openMenu')}
            aria-expanded={drawerOpen}
            aria-haspopup="dialog"
            onClick={() => setDrawerOpen(true)}
          >
            <Icon name="menu" size={24} />
          </button>
          <Link to={paths.home} className="brand-link">
            <img
              className="brand-link__logo"
              src={whitelabel.logoUrl}
              alt={whitelabel.brandName}
              width={166}
              height={44}
            />
          </Link>
          <div className="header-top__tools">
            <div className="header-top__preferences">
              <LanguagePicker languages={whitelabel.supportedLanguages} />
              <ThemeToggle />
            </div>
            {token ? <AccountBar token={token} /> : <GuestTools />}
          </div>
        </div>
      </header>
      <nav className={`header-bottom${stuck ? ' header-bottom--stuck' : ''}`} aria-label={t('nav.main')}>
        <div className="container header-bottom__inner">
          <Link
            to={paths.home}
            className="header-bottom__logo"
            tabIndex={stuck ? 0 : -1}
            aria-hidden={!stuck}
          >
            <img src={whitelabel.logoUrl} alt={whitelabel.brandName} height={30} />
          </Link>
          <ul className="main-nav">
            <li>
              <NavLink className="main-nav__link" to={paths.home}>
                <Icon name="home" size={18} />
                <span>{t('nav.home')}</span>
              </NavLink>
            </li>
            <HeaderGameMenus
              categories={[
                ...categories.map((category) => ({ ...category, label: t(`nav.${category.id}`) })),
                {
                  id: 'elott',
                  gameType: 'ELOTT',
                  path: paths.lobby('ELOTT'),
                  icon: 'lottery',
                  label: t('games.elott'),
                },
              ]}
            />
            <li>
              <NavLink className="main-nav__link" to={paths.promotions}>
                <Icon name="gift" size={18} />
                <span>{t('nav.promotions')}</span>
              </NavLink>
            </li>
            <li>
              <NavLink className="main-nav__link" to={paths.down}>
                <Icon name="download" size={18} />
                <span>{t('nav.download')}</span>
              </NavLink>
            </li>
          </ul>
        </div>
      </nav>
      <SiteDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} />
    </>
  );
}
