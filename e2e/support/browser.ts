import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, inject } from 'vitest';
import { findChromium } from './chromium.ts';

/** This worker's server: the global setup starts one per worker, each on its own database. */
export function server() {
  const servers = inject('servers');
  const index = (Number(process.env.VITEST_POOL_ID ?? '1') - 1) % servers.length;
  return servers[index] as (typeof servers)[number];
}
export const baseUrl = () => server().baseUrl;
export const port = () => server().port;

/** The flags of GUIDE §7: headless, and no background traffic on a machine with a closed network. */
const args = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const desktop = { width: 1366, height: 860 };
export const phone = { width: 390, height: 844 };

/** How many popup announcements each of a page's reads of them answered, and how many of those a test dealt with. */
export type PopupReads = { seen: number[]; handled: number };
const popupReads = new WeakMap<Page, PopupReads>();

/** The popup reads of a page made by `newPage` (undefined for any other page). */
export const popupReadsOf = (page: Page) => popupReads.get(page);

/** Records each answer of the popup announcements the page reads (the site reads them once after a login). */
function watchPopups(page: Page) {
  const reads: PopupReads = { seen: [], handled: 0 };
  popupReads.set(page, reads);
  page.on('response', (response) => {
    if (!response.url().includes('/MCSFE_getPopupAnnouncements')) return;
    response.json().then(
      (body: { value?: unknown[] }) => reads.seen.push(body.value?.length ?? 0),
      () => reads.seen.push(0),
    );
  });
}

/**
 * One browser per test file; each test gets a fresh context (cookies and storage) through `newPage`.
 * Contexts are closed after every test.
 */
export function useBrowser() {
  let browser: Browser;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: findChromium(), args, headless: true });
  });
  afterEach(async () => {
    await Promise.all(contexts.splice(0).map((c) => c.close()));
  });
  afterAll(async () => {
    await browser?.close();
  });
  return {
    async newPage(
      options: {
        viewport?: { width: number; height: number };
        headers?: Record<string, string>;
        /** The browser's own time zone (the machine's unless given). */
        timezoneId?: string;
        /** Whether owner and finance skip the authenticator code, as in a browser they chose to trust (default). */
        rememberedOperators?: boolean;
      } = {},
    ): Promise<Page> {
      const context = await browser.newContext({
        viewport: options.viewport ?? desktop,
        extraHTTPHeaders: options.headers ?? {},
        ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
      });
      contexts.push(context);
      if (options.rememberedOperators !== false)
        await context.addCookies([
          {
            name: 'tala_admin_device',
            value: server().adminDevices,
            domain: '127.0.0.1',
            path: '/admin-api/session',
            httpOnly: true,
            sameSite: 'Strict',
          },
        ]);
      const page = await context.newPage();
      // Twice what an idle machine needs for the slowest step (free play's proof of work and session in one click).
      page.setDefaultTimeout(30_000);
      watchPopups(page);
      return page;
    },
  };
}
