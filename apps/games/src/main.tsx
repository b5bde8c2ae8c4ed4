import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { router } from './app/router.tsx';
import { initI18n } from './lib/i18n.ts';
import { adoptLaunchToken } from './lib/session.ts';
import { applyTheme, initialTheme } from './lib/theme.ts';
import './styles.css';

adoptLaunchToken();
applyTheme(initialTheme());
void initI18n().then(() => {
  const root = document.getElementById('root');
  if (root) {
    createRoot(root).render(
      <StrictMode>
        <RouterProvider router={router} />
      </StrictMode>,
    );
  }
});
