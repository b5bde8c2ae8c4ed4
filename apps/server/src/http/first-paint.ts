import { bannerGroupOfRoute } from '@tala/contracts/content';
import { type LanguageCode, languageCodes } from '@tala/contracts/languages';
import type { FastifyRequest } from 'fastify';
import type { Services } from '../services.ts';
import { clientIp } from './client-ip.ts';
import { readCookie } from './cookies.ts';

/**
 * The first screen put into the page the server sends (decision 070): what is added to its head (a preload of the
 * picture) and what goes into the app's root until the app renders. A phone paints this before any JavaScript.
 */
export type FirstPaint = { head: string; root: string };

/** The banner that is the first screen's largest element: its address on this host and its title. */
type FirstBanner = { url: string; title: string };

/** Text for an element's content or a double- or single-quoted attribute: the five characters HTML gives meaning. */
export function escapeHtml(text: string): string {
  return text
    .replaceAll('&', '&amp;')
    .replaceAll('<', '&lt;')
    .replaceAll('>', '&gt;')
    .replaceAll('"', '&quot;')
    .replaceAll("'", '&#39;');
}

/** A path on this host: never an address that leaves it (`//host`, or `/\host` as browsers read it). */
export function isSiteImagePath(url: string): boolean {
  return /^\/[^/\\]/.test(url);
}

/**
 * The site's first screen around the banner, in the site's own classes (apps/web styles): empty header rows and
 * notice bar of the real ones' heights (layout.css `.first-paint`), then the banner frame. The app's splash keeps
 * showing it until the page itself renders, and the banner lands where the carousel will put it.
 */
function firstPaintMarkup(banner: FirstBanner): FirstPaint {
  const url = escapeHtml(banner.url);
  return {
    head: `<link rel="preload" as="image" href="${url}" fetchpriority="high" />`,
    root:
      '<div class="first-paint" aria-hidden="true">' +
      '<div class="header-top"><div class="container header-top__inner"></div></div>' +
      '<div class="header-bottom"><div class="container header-bottom__inner"></div></div>' +
      '<div class="notice-bar"><div class="container notice-bar__inner"></div></div>' +
      '<div class="banner banner--page"><div class="banner__frame">' +
      // The frame fixes the shape (3:1); the size attributes say it too for a browser without the style sheet.
      `<img class="banner__image" src="${url}" alt="${escapeHtml(banner.title)}" width="1200" height="400" fetchpriority="high" />` +
      '</div></div></div>',
  };
}

/** The built page with the first screen put in: the preload early in its head (after the title), the screen in its root. */
export function withFirstPaint(html: string, paint: FirstPaint): string {
  // Replaced through functions: a replacement string would read `$&` or `$'` in a banner's title as patterns.
  return html
    .replace('</title>', () => `</title>${paint.head}`)
    .replace('<div id="root"></div>', () => `<div id="root">${paint.root}</div>`);
}

/** The language kept by the site (its `language` cookie, written beside its stored choice) when the merchant has it. */
function keptLanguage(request: FastifyRequest, supported: readonly string[]): LanguageCode | null {
  const value = readCookie(request, 'language', /[A-Za-z]{2}/)?.toUpperCase();
  return value && (languageCodes as readonly string[]).includes(value) && supported.includes(value)
    ? (value as LanguageCode)
    : null;
}

/**
 * The first screen of a player-site page that opens on a banner: that page's first banner of the request host's
 * merchant, in the language the site will show (the kept choice, else the merchant's default). Null where the site
 * would show something else first (no such merchant, maintenance, a blocked region, login required, no banner).
 */
export function firstPaintOf(services: Services) {
  return async (request: FastifyRequest): Promise<FirstPaint | null> => {
    const path = request.url.split('?')[0] ?? '/';
    const group = bannerGroupOfRoute[path];
    if (!group) return null;
    const merchant = await services.merchants.byHost(request.hostname).catch(() => null);
    if (!merchant || merchant.suspended) return null;
    const status = services.system.status(merchant, clientIp(request));
    if (status.maintenance.enabled || status.regionRestriction.restricted || status.loginRequired)
      return null;
    const { defaultLanguage, supportedLanguages } = merchant.settings.whitelabel;
    const language = keptLanguage(request, supportedLanguages) ?? defaultLanguage;
    const [first] = await services.content.liveBanners(merchant, group, language);
    if (!first || !isSiteImagePath(first.url)) return null;
    return firstPaintMarkup(first);
  };
}
