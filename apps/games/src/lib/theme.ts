import { read, write } from './session.ts';

export type Theme = 'light' | 'dark';

/** The launch address's `theme`, else the site's kept choice (spec: light by default). */
export function initialTheme(): Theme {
  const fromUrl = new URLSearchParams(window.location.search).get('theme');
  const stored = read('local', 'theme');
  for (const candidate of [fromUrl, stored])
    if (candidate === 'light' || candidate === 'dark') return candidate;
  return 'light';
}

export function applyTheme(theme: Theme) {
  document.documentElement.dataset.theme = theme;
  write('local', 'theme', theme);
}
