import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, NavLink, useLocation } from 'react-router';
import { Icon } from '../../components/icons.tsx';
import { categories } from '../../config/categories.ts';
import { paths } from '../../config/paths.ts';
import { AccountBar } from '../../features/account/components/account-bar.tsx';
import { HeaderGameMenus } from '../../features/games/components/header-menus.tsx';
import { LanguagePicker } from '../../features/preferences/components/language-picker.tsx';
import { ThemeToggle } from '../../features/preferences/components/theme-toggle.tsx';
import { openOverlay } from '../../lib/overlays.ts';
import { useSessionToken } from '../../lib/session.ts';
import { useSiteStatus } from '../use-site-status.ts';
import { SiteDrawer } from './site-drawer.tsx';

/** Header top (brand, language, theme, guest buttons) and header bottom (the navigation), §2. */
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
              height={44}
            />
          </Link>
          <div className="header-top__tools">
            <div className="header-top__preferences">
              <LanguagePicker languages={whitelabel.supportedLanguages} />
              <ThemeToggle />
            </div>
            {token ? (
              <AccountBar token={token} />
            ) : (
              <div className="header-top__guest">
                <button
                  type="button"
                  className="btn btn-ghost"
                  onClick={() => openOverlay({ kind: 'login' })}
                >
                  {t('common.login')}
                </button>
                <Link className="btn btn-accent" to={paths.register}>
                  {t('common.register')}
                </Link>
              </div>
            )}
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
