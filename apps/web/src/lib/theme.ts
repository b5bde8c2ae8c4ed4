import { useSyncExternalStore } from 'react';
import { readStorage, storageKeys, writeStorage } from './storage.ts';

export type Theme = 'light' | 'dark';

const listeners = new Set<() => void>();

/** The kept theme; light by default (spec §9). */
export function currentTheme(): Theme {
  return readStorage('local', storageKeys.theme) === 'dark' ? 'dark' : 'light';
}

export function applyTheme(theme: Theme): void {
  document.documentElement.dataset.theme = theme;
  document.documentElement.style.colorScheme = theme;
}

export function setTheme(theme: Theme): void {
  writeStorage('local', storageKeys.theme, theme);
  applyTheme(theme);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function useTheme(): Theme {
  return useSyncExternalStore(subscribe, currentTheme, () => 'light');
}

/** Relative luminance of a #rrggbb colour (WCAG), to pick readable text on the merchant's colours. */
export function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  const [r = 0, g = 0, b = 0] = channels;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** Dark text on light brand colours, white text on dark ones. */
export function readableOn(hex: string): string {
  return luminance(hex) > 0.4 ? '#111827' : '#ffffff';
}

/** Puts the merchant's brand colours on top of the theme tokens. */
export function applyBrandColours(primary: string, accent: string): void {
  const style = document.documentElement.style;
  style.setProperty('--brand-primary', primary);
  style.setProperty('--brand-accent', accent);
  style.setProperty('--on-primary', readableOn(primary));
  style.setProperty('--on-accent', readableOn(accent));
}
