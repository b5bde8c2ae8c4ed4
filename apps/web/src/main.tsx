import './styles/tokens.css';
import './styles/base.css';
import './styles/layout.css';
import './styles/components.css';
import './styles/account.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { registerServiceWorker } from './features/download/lib/pwa.ts';
import { readCachedStatus } from './features/system/api/get-system-status.ts';
import './lib/i18n.ts';
import { applyBrandColours, applyTheme, currentTheme } from './lib/theme.ts';

// Theme and the session's known brand colours go on before the first paint, so a reload does not flash.
applyTheme(currentTheme());
const cached = readCachedStatus()?.info.whitelabel;
if (cached) applyBrandColours(cached.primaryColour, cached.accentColour);

// The installable web app (/down): a service worker with the app shell and an offline page.
registerServiceWorker();

const root = document.getElementById('root');
if (root) {
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}
