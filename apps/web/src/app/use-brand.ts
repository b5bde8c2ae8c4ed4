import type { SystemStatus } from '@tala/contracts/system';
import { useLayoutEffect } from 'react';
import { changeLanguage, currentLanguage, storedLanguage } from '../lib/i18n.ts';
import { applyBrandColours } from '../lib/theme.ts';

/**
 * Puts the merchant's brand on the page (colours over the theme tokens, the tab title) and its language rules:
 * the visitor's kept choice when the merchant supports it, else the merchant's default language.
 */
export function useBrand(status: SystemStatus | undefined) {
  const whitelabel = status?.info.whitelabel;
  const primary = whitelabel?.primaryColour;
  const accent = whitelabel?.accentColour;
  const brandName = whitelabel?.brandName;
  const defaultLanguage = whitelabel?.defaultLanguage;
  const supported = whitelabel?.supportedLanguages.join(',');
  const favicon = whitelabel?.faviconUrl;
  const appIcon = whitelabel?.appIconUrl;

  useLayoutEffect(() => {
    if (primary && accent) applyBrandColours(primary, accent);
  }, [primary, accent]);

  useLayoutEffect(() => {
    if (brandName && !document.title.endsWith(brandName)) document.title = brandName;
  }, [brandName]);

  // The merchant's own tab and home-screen icons, when it has them (decision 060); else the shipped ones.
  useLayoutEffect(() => {
    if (favicon) document.querySelector('link[rel="icon"]')?.setAttribute('href', favicon);
    if (appIcon) document.querySelector('link[rel="apple-touch-icon"]')?.setAttribute('href', appIcon);
  }, [favicon, appIcon]);

  useLayoutEffect(() => {
    if (!defaultLanguage || !supported) return;
    const languages = supported.split(',');
    const chosen = storedLanguage();
    const wanted = chosen && languages.includes(chosen) ? chosen : defaultLanguage;
    if (wanted !== currentLanguage()) void changeLanguage(wanted, false);
  }, [defaultLanguage, supported]);
}
