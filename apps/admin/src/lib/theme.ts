import { useSyncExternalStore } from 'react';
import { local } from './storage.ts';

export type Theme = 'light' | 'dark';
const THEME_KEY = 'tala.admin.theme';
const listeners = new Set<() => void>();

function initialTheme(): Theme {
  const kept = local.get(THEME_KEY);
  if (kept === 'light' || kept === 'dark') return kept;
  return typeof window !== 'undefined' && window.matchMedia?.('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light';
}

let theme: Theme = initialTheme();

/** Puts the theme on <html> so the CSS custom properties of that theme apply. */
export function applyTheme() {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export function setTheme(next: Theme) {
  theme = next;
  local.set(THEME_KEY, next);
  applyTheme();
  for (const listener of listeners) listener();
}

export function useTheme(): Theme {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => theme,
  );
}
