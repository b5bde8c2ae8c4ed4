import { lazy, Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, ScrollRestoration, useLocation, useMatches } from 'react-router';
import { loginExemptPaths, paths } from '../../config/paths.ts';
import { AfterLoginPopup } from '../../features/announcements/components/after-login-popup.tsx';
import { BannerCarousel } from '../../features/banners/components/banner-carousel.tsx';
import { NoticeBar } from '../../features/notices/components/notice-bar.tsx';
import { SupportHost } from '../../features/support/components/support-host.tsx';
import { useChatOpen } from '../../features/support/lib/chat-store.ts';
import { forgetFirstPaint } from '../../lib/first-paint.ts';
import { loadDeferredTexts } from '../../lib/i18n.ts';
import { useOverlay } from '../../lib/overlays.ts';
import { useSessionToken } from '../../lib/session.ts';
import type { RouteHandle } from '../route-handle.ts';
import { useSiteStatus } from '../use-site-status.ts';
import { AccountOverlays } from './account-overlays.tsx';
import { PageProgress } from './page-progress.tsx';
import { RightBar } from './right-bar.tsx';
import { SideMenu } from './side-menu.tsx';
import { SiteFooter } from './site-footer.tsx';
import { SiteHeader } from './site-header.tsx';

// The session clock and reality checks of the game pages: their own chunk, loaded only on a game page of a member.
// A restricted member's banner (time-out, exclusion, closure): its own chunk, loaded once a member is signed in.
const RestrictionBanner = lazy(() =>
  Promise.all([
    import('../../features/safer-gambling/components/restriction-banner.tsx'),
    loadDeferredTexts(),
  ]).then(([m]) => ({
    default: m.RestrictionBanner,
  })),
);
const RealityCheckHost = lazy(() =>
  Promise.all([
    import('../../features/safer-gambling/components/reality-check-host.tsx'),
    loadDeferredTexts(),
  ]).then(([m]) => ({
    default: m.RealityCheckHost,
  })),
);

function useRouteHandle(): RouteHandle {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const handle = matches[i]?.handle as RouteHandle | undefined;
    if (handle?.layout) return handle;
  }
  return { layout: 'site' };
}

/**
 * The root layout (§2): header top and bottom, notice bar, banner, main content, side menu, footer and right bar,
 * trimmed for the game pages and /helpmc. The page type (the path without its slash) is on the root as data-page.
 */
export function RootLayout() {
  const { t } = useTranslation();
  const status = useSiteStatus();
  const token = useSessionToken();
  const location = useLocation();
  const handle = useRouteHandle();
  const overlay = useOverlay();
  const chat = useChatOpen();
  // The site is on screen: a later splash (a language file loading) is a plain one, not the first screen again.
  useEffect(forgetFirstPaint, []);

  // The login-required rule: a merchant may close the site to guests, except for the ways in.
  if (status.loginRequired && !token && !loginExemptPaths.includes(location.pathname)) {
    return <Navigate to={paths.login} replace />;
  }

  const brandName = status.info.whitelabel.brandName;
  const page = location.pathname.replace(/^\//, '');
  const full = handle.layout === 'site';
  return (
    <div className={`site site--${handle.layout}`} data-page={page}>
      <PageProgress />
      <a className="skip-link" href="#main">
        {t('common.skipToContent')}
      </a>
      {handle.layout === 'content' ? null : <SiteHeader />}
      {(handle.layout === 'game' || handle.play) && token ? (
        <Suspense fallback={null}>
          <RealityCheckHost key={token} token={token} />
        </Suspense>
      ) : null}
      {/* A time-out, an exclusion or a closure: why play is off, until when, and the way to withdraw. */}
      {token && handle.layout !== 'content' ? (
        <Suspense fallback={null}>
          <RestrictionBanner />
        </Suspense>
      ) : null}
      {full ? <NoticeBar brandName={brandName} /> : null}
      {full && handle.banner ? (
        <BannerCarousel key={handle.banner} group={handle.banner} brandName={brandName} />
      ) : null}
      <div className="site__body">
        {full ? <SideMenu /> : null}
        <main id="main" className="site__main" tabIndex={-1}>
          <Outlet />
        </main>
        {full ? <RightBar /> : null}
      </div>
      {full ? <SiteFooter /> : null}
      <AccountOverlays />
      <SupportHost token={token} />
      <AfterLoginPopup token={token} suspended={overlay !== null || chat !== null} />
      <ScrollRestoration />
    </div>
  );
}
