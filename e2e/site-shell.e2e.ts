import { brotliCompressSync, gzipSync, constants as zlibConstants } from 'node:zlib';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { registerMember } from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { baseUrl, phone, port, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

/** A text per language (EN required; decision 066). */
type Texts = Partial<Record<'EN' | 'TY' | 'CN' | 'ID' | 'TH' | 'VI', string>>;
type Settings = {
  maintenance: { enabled: boolean; title: Texts; message: Texts; endTime: string | null };
  region: { mode: 'off' | 'allow' | 'block'; countries: string[]; message: Texts };
  modules: Record<string, boolean>;
  [key: string]: unknown;
};

const settingsPath = '/admin-api/merchants/tala/settings';

/** Changes the tala merchant's settings for the body of a test and always puts the original back. */
async function withSettings(change: (s: Settings) => Settings, body: () => Promise<void>) {
  const auth = await adminLogin();
  const original = await adminCall<Settings>(auth, 'GET', settingsPath);
  await adminCall(auth, 'PUT', settingsPath, change(structuredClone(original)));
  try {
    await body();
  } finally {
    await adminCall(auth, 'PUT', settingsPath, original);
  }
}

/** Page errors and console errors a visitor would never see but that mean something broke. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

async function heading1(page: Page, name: string) {
  await page.getByRole('heading', { level: 1, name, exact: true }).waitFor();
}

async function pageType(page: Page) {
  return page.locator('[data-page]').getAttribute('data-page');
}

/** Every route of the spec's table (plus /login and the lobby), the page type it sets and its main heading. */
const routeTable: { path: string; page: string; heading: string }[] = [
  { path: '/index', page: 'index', heading: 'Choose your game' },
  { path: '/login', page: 'login', heading: 'Log in' },
  { path: '/noticePage', page: 'noticePage', heading: 'Notices' },
  { path: '/pointMall', page: 'pointMall', heading: 'Point mall' },
  { path: '/sports', page: 'sports', heading: 'Sports' },
  { path: '/esports', page: 'esports', heading: 'Esports' },
  { path: '/lottery', page: 'lottery', heading: 'Choose a lottery game' },
  { path: '/rng', page: 'rng', heading: 'Slots' },
  { path: '/fish', page: 'fish', heading: 'Fishing' },
  { path: '/pvp', page: 'pvp', heading: 'Card games' },
  { path: '/live', page: 'live', heading: 'Live casino' },
  { path: '/bingo', page: 'bingo', heading: 'Bingo' },
  { path: '/promotions', page: 'promotions', heading: 'Promotions' },
  { path: '/promoDetail', page: 'promoDetail', heading: 'Promotion details' },
  { path: '/seamless', page: 'seamless', heading: 'No game is open' },
  { path: '/fbsports', page: 'fbsports', heading: 'The sportsbook opens soon' },
  { path: '/help', page: 'help', heading: 'Help' },
  { path: '/helpmc', page: 'helpmc', heading: 'Help' },
  { path: '/down', page: 'down', heading: 'App download' },
  { path: '/download', page: 'download', heading: 'App download' },
  { path: '/elott', page: 'elott', heading: 'Lottery' },
  { path: '/join', page: 'join', heading: 'Join us' },
  { path: '/game', page: 'game', heading: 'No game is open' },
  { path: '/lobby/LIVE', page: 'lobby/LIVE', heading: 'Live casino' },
  { path: '/no-such-page', page: 'no-such-page', heading: 'We could not find that page' },
];

describe('player site shell', () => {
  it('sends its pages with a Permissions-Policy that switches off camera, microphone, location and payment', async () => {
    for (const path of ['/index', '/admin/', '/games/']) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.headers.get('content-type')).toMatch(/text\/html/);
      expect(response.headers.get('permissions-policy')).toMatch(
        /camera=\(\), microphone=\(\), geolocation=\(\), payment=\(\)/,
      );
    }
  });

  it('sends / to /index, keeping the query', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/?referralCode=ABC123`);
    await heading1(page, 'Choose your game');
    expect(new URL(page.url()).pathname).toBe('/index');
    expect(new URL(page.url()).searchParams.get('referralCode')).toBe('ABC123');
  });

  it('shows every route of the route table with its page type, on a direct load', async () => {
    const page = await newPage();
    const errors = collectErrors(page);
    for (const route of routeTable) {
      await page.goto(`${baseUrl()}${route.path}`);
      await heading1(page, route.heading);
      expect(await pageType(page), route.path).toBe(route.page);
    }
    expect(errors).toEqual([]);
  });

  it('moves between pages through the navigation without reloading', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await heading1(page, 'Choose your game');
    const navigation = page.getByRole('navigation', { name: 'Main navigation' });
    await navigation.getByRole('link', { name: 'Fishing' }).click();
    await heading1(page, 'Fishing');
    expect(await pageType(page)).toBe('fish');
    await navigation.getByRole('link', { name: 'Lottery' }).click();
    await page.waitForURL('**/lobby/LOTT');
    await heading1(page, 'Lottery');
    await navigation.getByRole('link', { name: 'Home' }).click();
    await heading1(page, 'Choose your game');
  });

  it('gives most pages the full layout and the game pages and /helpmc their own', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await heading1(page, 'Choose your game');
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(1);
    expect(await page.getByRole('region', { name: 'Announcements' }).count()).toBe(1);
    // The banner carousel shows once the group's banners have loaded.
    await page.getByRole('region', { name: 'Featured' }).waitFor();
    expect(await page.getByRole('contentinfo').count()).toBe(1);
    // The notice bar scrolls the merchant's notice titles.
    await page.getByRole('region', { name: 'Announcements' }).getByRole('button').first().waitFor();

    for (const path of ['/lottery', '/seamless', '/game', '/fbsports']) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole('heading', { level: 1 }).waitFor();
      // Header only: the navigation stays, the notice bar, banner and footer go.
      expect(await page.getByRole('navigation', { name: 'Main navigation' }).count(), path).toBe(1);
      expect(await page.getByRole('region', { name: 'Announcements' }).count(), path).toBe(0);
      // A guest's /game opens the login popup, which has banners of its own (w_login): count the page's only.
      const featured = page.getByRole('region', { name: 'Featured' });
      const inPopups = page.getByRole('dialog').getByRole('region', { name: 'Featured' });
      // Polled: the popup's banners may arrive between the two counts.
      await expect
        .poll(async () => (await featured.count()) - (await inPopups.count()), { message: path })
        .toBe(0);
      expect(await page.getByRole('contentinfo').count(), path).toBe(0);
    }

    await page.goto(`${baseUrl()}/helpmc`);
    await heading1(page, 'Help');
    expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
    expect(await page.getByRole('banner').count()).toBe(0);
  });

  for (const path of ['/register', '/register.html']) {
    it(`opens the registration dialog over home at ${path}, closing only through its control`, async () => {
      const page = await newPage();
      await page.goto(`${baseUrl()}${path}`);
      const dialog = page.getByRole('dialog', { name: 'Register' });
      await dialog.waitFor();
      await heading1(page, 'Choose your game');
      await dialog.getByRole('form', { name: 'Create an account' }).waitFor();
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');

      // A click on the backdrop leaves the wrapper open.
      await page.mouse.click(10, 10);
      expect(await dialog.isVisible()).toBe(true);

      await dialog.getByRole('button', { name: 'Close' }).click();
      await dialog.waitFor({ state: 'detached' });
      expect(new URL(page.url()).pathname).toBe('/index');
      expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
    });
  }

  it('opens the login popup and the registration dialog from the header (a tablet: no room for the form)', async () => {
    const page = await newPage({ viewport: { width: 1024, height: 800 } });
    await page.goto(`${baseUrl()}/live`);
    await heading1(page, 'Live casino');
    await page.getByRole('banner').getByRole('link', { name: 'Register' }).click();
    await page.getByRole('dialog', { name: 'Register' }).waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('banner').getByRole('button', { name: 'Log in' }).click();
    const login = page.getByRole('dialog', { name: 'Log in' });
    await login.getByRole('form', { name: 'Log in' }).waitFor();
    await login.getByRole('button', { name: 'Close' }).click();
    await login.waitFor({ state: 'detached' });
    await heading1(page, 'Choose your game');
  });

  it('takes the RNG tab from ?page= and keeps the chosen tab in the address', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/rng?page=VP`);
    const tabs = page.getByRole('tablist', { name: 'Slot categories' });
    await tabs.waitFor();
    expect(await tabs.getByRole('tab').allTextContents()).toEqual([
      'Accumulative prize',
      'Video poker',
      'Jackpot',
      'Table games',
      'Arcade',
      'Bingo',
    ]);
    expect(await tabs.getByRole('tab', { name: 'Video poker' }).getAttribute('aria-selected')).toBe('true');
    await tabs.getByRole('tab', { name: 'Arcade' }).click();
    await page.waitForURL('**/rng?page=AC');
    await expect
      .poll(() => tabs.getByRole('tab', { name: 'Arcade' }).getAttribute('aria-selected'))
      .toBe('true');
    await page.keyboard.press('ArrowRight');
    await page.waitForURL('**/rng?page=BG');
    await page.reload();
    await expect
      .poll(() => page.getByRole('tab', { name: 'Bingo' }).getAttribute('aria-selected'))
      .toBe('true');
  });

  it('hides the RNG tabs when the merchant does not support Tagalog', async () => {
    await withSettings(
      (s) => {
        const whitelabel = s.whitelabel as { supportedLanguages: string[]; defaultLanguage: string };
        whitelabel.supportedLanguages = ['EN'];
        whitelabel.defaultLanguage = 'EN';
        return s;
      },
      async () => {
        const page = await newPage();
        await page.goto(`${baseUrl()}/rng?page=VP`);
        await heading1(page, 'Slots');
        expect(await page.getByRole('tablist').count()).toBe(0);
      },
    );
  });

  it('upper-cases the lobby game type', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/lobby/rng`);
    await heading1(page, 'Slots');
    expect(new URL(page.url()).pathname).toBe('/lobby/RNG');
    expect(await pageType(page)).toBe('lobby/RNG');
  });

  it('shows the lottery game the address asks for', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/lottery?gameCode=VN-HN&vendor=TCG_LOTTO_VN&playType=LO2`);
    await heading1(page, 'Your lottery game is almost ready');
    const details = page.locator('dl');
    expect(await details.innerText()).toMatch(/Game\s+VN-HN\s+Provider\s+TCG_LOTTO_VN\s+Play type\s+LO2/);
  });

  it('keeps Tagalog and the dark theme across a reload', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await heading1(page, 'Choose your game');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    const picker = page.getByRole('combobox', { name: 'Language' });
    expect(await picker.locator('option').allTextContents()).toEqual(['English', 'Tagalog']);
    await picker.selectOption('TY');
    await heading1(page, 'Piliin ang laro mo');
    await page.getByRole('button', { name: 'Madilim na tema' }).click();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');

    const statusCall = page.waitForRequest((request) => request.url().includes('/wps/system/status'));
    await page.reload();
    // The API hears the chosen language too.
    expect((await statusCall).headers().language).toBe('TY');
    await heading1(page, 'Piliin ang laro mo');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fil');
    expect(await page.getByRole('button', { name: 'Madilim na tema' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    expect(await page.getByRole('button', { name: 'Mag-log in' }).count()).toBe(1);
  });

  it("shows the second merchant's brand on its own host", async () => {
    const page = await newPage();
    await page.goto(`http://lucky.localhost:${port()}/index`);
    await heading1(page, 'Choose your game');
    await page.getByRole('img', { name: 'Lucky Perlas' }).first().waitFor();
    expect(await page.getByRole('img', { name: 'Lucky Perlas' }).first().getAttribute('src')).toBe(
      '/brand/lucky.svg',
    );
    expect(await page.title()).toBe('Lucky Perlas');
    const primary = await page.evaluate(() =>
      document.documentElement.style.getPropertyValue('--brand-primary').trim(),
    );
    expect(primary).toBe('#7c2d12');
  });

  it('shows the maintenance page while maintenance is on, and the site again once it is off', async () => {
    const page = await newPage();
    await page.goto(`${baseUrl()}/rng`);
    await heading1(page, 'Slots');
    await withSettings(
      (s) => ({
        ...s,
        maintenance: {
          enabled: true,
          title: { EN: 'Upgrading the tables' },
          message: { EN: 'New games are being installed.' },
          endTime: '2030-01-15T10:00:00.000Z',
        },
      }),
      async () => {
        await page.reload();
        await heading1(page, 'Upgrading the tables');
        expect(await page.getByText('New games are being installed.').count()).toBe(1);
        // 10:00 UTC is 18:00 in the merchant's Asia/Manila.
        expect(await page.getByText(/Expected back: .*Jan 15, 2030.*6:00\sPM/).count()).toBe(1);
        expect(await page.getByRole('button', { name: 'Customer service' }).count()).toBe(1);
        expect(await page.getByRole('navigation', { name: 'Main navigation' }).count()).toBe(0);
      },
    );
    await page.reload();
    await heading1(page, 'Slots');
    expect(new URL(page.url()).pathname).toBe('/rng');
  });

  it('falls back to the localised maintenance title and text when the merchant left them empty', async () => {
    await withSettings(
      (s) => ({
        ...s,
        maintenance: { enabled: true, title: { EN: '' }, message: { EN: '' }, endTime: null },
      }),
      async () => {
        const page = await newPage();
        await page.goto(`${baseUrl()}/index`);
        await heading1(page, "We'll be back soon");
        expect(await page.getByText('The site is under maintenance.', { exact: false }).count()).toBe(1);
        expect(await page.getByText(/Expected back/).count()).toBe(0);
      },
    );
  });

  it('notices an operator switching maintenance on without a reload', async () => {
    const page = await newPage();
    await page.clock.install();
    await page.goto(`${baseUrl()}/index`);
    await heading1(page, 'Choose your game');
    await withSettings(
      (s) => ({ ...s, maintenance: { ...s.maintenance, enabled: true, title: { EN: 'Back in a moment' } } }),
      async () => {
        await page.clock.fastForward(61_000);
        await heading1(page, 'Back in a moment');
      },
    );
    await page.clock.fastForward(61_000);
    await heading1(page, 'Choose your game');
  });

  it('shows the region page with the visitor IP when the region is not allowed, and the site once it is off', async () => {
    const page = await newPage({ headers: { 'X-Forwarded-For': '8.8.8.8' } });
    await withSettings(
      (s) => ({ ...s, region: { ...s.region, mode: 'allow', countries: ['PH'] } }),
      async () => {
        await page.goto(`${baseUrl()}/index`);
        await heading1(page, 'Access restricted');
        expect(await page.getByText('IP: 8.8.8.8', { exact: true }).count()).toBe(1);
        expect(await page.getByText('Our service is not available in your region.').count()).toBe(1);
        expect(await page.getByRole('button', { name: 'Customer service' }).count()).toBe(1);
      },
    );
    await page.reload();
    await heading1(page, 'Choose your game');
  });

  it('sends guests to /login when the merchant requires login, except on the ways in', async () => {
    await withSettings(
      (s) => ({ ...s, modules: { ...s.modules, loginRequiredForHome: true } }),
      async () => {
        const page = await newPage();
        await page.goto(`${baseUrl()}/index`);
        await heading1(page, 'Log in');
        expect(new URL(page.url()).pathname).toBe('/login');
        await page.goto(`${baseUrl()}/promotions`);
        await heading1(page, 'Log in');
        for (const open of ['/helpmc', '/register', '/download']) {
          await page.goto(`${baseUrl()}${open}`);
          await page.getByRole('heading', { level: 1 }).waitFor();
          expect(new URL(page.url()).pathname, open).toBe(open);
        }
        // With a member's session the rule lets them through (a real one: a made-up token is refused by the
        // member-info call, which then rightly sends the guest to /login).
        const { token } = await registerMember();
        await page.evaluate((value) => sessionStorage.setItem('token', value), token);
        await page.goto(`${baseUrl()}/promotions`);
        await heading1(page, 'Promotions');
      },
    );
  });

  it('lays the phone layout out without sideways scrolling, with the menu in a drawer', async () => {
    const page = await newPage({ viewport: phone });
    for (const path of [
      '/index',
      '/rng?page=TG',
      '/login',
      '/register',
      '/lottery?gameCode=VN-HN&vendor=TCG_LOTTO_VN&playType=LO2',
      '/promotions',
      '/lobby/ESPORTS',
      '/helpmc',
      '/elott',
      '/download',
    ]) {
      await page.goto(`${baseUrl()}${path}`);
      await page.getByRole('heading', { level: 1 }).first().waitFor();
      const [scrollWidth, innerWidth] = await page.evaluate(() => [
        document.documentElement.scrollWidth,
        window.innerWidth,
      ]);
      expect(scrollWidth, path).toBeLessThanOrEqual(innerWidth);
    }

    await page.goto(`${baseUrl()}/index`);
    await page.getByRole('button', { name: 'Open menu' }).click();
    const drawer = page.getByRole('dialog', { name: 'Menu' });
    await drawer.waitFor();
    expect(await drawer.getByRole('combobox', { name: 'Language' }).count()).toBe(1);
    expect(await drawer.getByRole('link', { name: 'Live chat' }).count()).toBe(1);
    await drawer.getByRole('link', { name: 'Point mall' }).click();
    await heading1(page, 'Point mall');
    await drawer.waitFor({ state: 'detached' });
  });

  it('keeps the JavaScript transferred on a first visit to /index within 180 KB', async () => {
    const page = await newPage();
    // What a phone receives: the server sends the brotli copy that `npm run build` wrote beside each script
    // (scripts/precompress.mjs, the same settings here) to every browser that accepts it; this browser asks over
    // plain HTTP, where Chromium offers only gzip, so the size is worked out from the body. The gzip size is logged.
    const sizes: Promise<[string, number, number]>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      sizes.push(
        response.body().then((body) => [
          response.url(),
          brotliCompressSync(body, {
            params: {
              [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
              [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
            },
          }).length,
          gzipSync(body, { level: 9 }).length,
        ]),
      );
    });
    await page.goto(`${baseUrl()}/index`);
    await heading1(page, 'Choose your game');
    await page.waitForLoadState('networkidle');
    const scripts = await Promise.all(sizes);
    const brotli = scripts.reduce((sum, [, br]) => sum + br, 0);
    const gzip = scripts.reduce((sum, [, , gz]) => sum + gz, 0);
    console.info(
      `first-load JS of /index: ${(brotli / 1024).toFixed(1)} KB brotli (${(gzip / 1024).toFixed(1)} KB gzip) in ${scripts.length} files`,
    );
    expect(brotli).toBeLessThanOrEqual(180 * 1024);
    // Only English ships with the first load; the other language files stay behind.
    expect(scripts.some(([url]) => /\/(ty|cn|id|th|vi)-[\w-]+\.js$/.test(url))).toBe(false);
  });
});
