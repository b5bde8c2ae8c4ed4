import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/account.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { matchRoutes } from 'react-router';
import { App } from './app/app.tsx';
import type { RouteHandle } from './app/route-handle.ts';
import { routes } from './app/router.tsx';
import { prefetchBanners } from './features/banners/api/get-banners.ts';
import { registerServiceWorker } from './features/download/lib/pwa.ts';
import { readCachedStatus } from './features/system/api/get-system-status.ts';
import { keepFirstPaint } from './lib/first-paint.ts';
import './lib/i18n.ts';
import { queryClient } from './lib/query-client.ts';
import { applyBrandColours, applyTheme, currentTheme } from './lib/theme.ts';

// Theme and the session's known brand colours go on before the first paint, so a reload does not flash.
applyTheme(currentTheme());
const cached = readCachedStatus()?.info.whitelabel;
if (cached) applyBrandColours(cached.primaryColour, cached.accentColour);

// The page's banners (its largest picture) are asked for now, while the route's own code is still loading.
const handle = matchRoutes(routes, window.location)?.at(-1)?.route.handle as RouteHandle | undefined;
if (handle?.banner) prefetchBanners(queryClient, handle.banner);

// The installable web app (/down): a service worker with the app shell and an offline page.
registerServiceWorker();

const root = document.getElementById('root');
if (root) {
  keepFirstPaint(root);
  // Rendered as a transition, React yields to the browser every few milliseconds while it builds the first screen,
  // instead of holding the main thread in long tasks (a phone stays responsive while the site starts).
  const reactRoot = createRoot(root);
  startTransition(() =>
    reactRoot.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
