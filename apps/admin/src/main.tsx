import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.tsx';
import { i18nReady } from './lib/i18n.ts';
import { applyTheme } from './lib/theme.ts';
import './app/styles.css';
import './app/pages.css';

applyTheme();
const root = document.getElementById('root');
// The kept language's file arrives before the first render, so a reload does not flash English.
void i18nReady.then(() => {
  if (!root) return;
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
