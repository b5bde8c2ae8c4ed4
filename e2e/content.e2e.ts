// Browser tests of the site's content and support screens (issue 6): banners, notices, announcements, help and
// feedback, live chat, app download and the installable web app, footer, right bar and /join — in EN and TY, on
// desktop and phone sizes, with XSS payloads in every rich-text and free-text field.
import jsQR from 'jsqr';
import type { Page } from 'playwright-core';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { registerMember, useLanguage } from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { baseUrl, desktop, phone, useBrowser } from './support/browser.ts';

const browser = useBrowser();
const xss = '<img src=x onerror="window.__xss=1"><script>window.__xss=1</script>';

async function signedIn(page: Page, token: string) {
  await page.addInitScript((value) => sessionStorage.setItem('token', value), token);
}

/** Fails the test when any payload ran: every payload sets window.__xss. */
async function expectInert(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
}

async function activeIndex(page: Page, group: string) {
  return Number(await page.getByTestId(`banner-${group}`).getAttribute('data-active-index'));
}

describe('banners', () => {
  it('moves the home carousel every 5 s, also after a click, and opens a linked banner (EN, desktop)', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/index`);
    const carousel = page.getByTestId('banner-home');
    await carousel.waitFor();
    expect(Number(await carousel.getAttribute('data-count'))).toBeGreaterThan(1);
    expect(await activeIndex(page, 'home')).toBe(0);
    await page.waitForTimeout(3000);
    expect(await activeIndex(page, 'home')).toBe(0);
    await expect.poll(() => activeIndex(page, 'home'), { timeout: 4000 }).toBe(1);
    // Interaction does not stop it: a chosen slide moves on 5 s later.
    await carousel.hover();
    await page.getByRole('button', { name: 'Show banner 1' }).click();
    expect(await activeIndex(page, 'home')).toBe(0);
    await page.waitForTimeout(3500);
    expect(await activeIndex(page, 'home')).toBe(0);
    await expect.poll(() => activeIndex(page, 'home'), { timeout: 3000 }).toBe(1);
    // A banner with a linkage opens its target.
    const link = carousel.locator('.banner__slide:not([aria-hidden="true"]) a.banner__link').first();
    const href = await link.getAttribute('href');
    expect(href).toBeTruthy();
    if (href?.startsWith('/')) {
      await link.click();
      await expect.poll(() => new URL(page.url()).pathname).toBe(href.split('?')[0]);
    }
  });

  it('keeps a single banner still and shows each route group its own banners (TY, phone)', async () => {
    const page = await browser.newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    await page.getByRole('button', { name: 'Mag-log in' }).first().click();
    const dialogBanner = page.getByTestId('banner-w_login');
    await dialogBanner.waitFor();
    expect(await dialogBanner.getAttribute('data-count')).toBe('1');
    expect(
      await page
        .getByRole('dialog')
        .getByRole('button', { name: /Ipakita ang banner/ })
        .count(),
    ).toBe(0);
    await page.waitForTimeout(5600);
    expect(await activeIndex(page, 'w_login')).toBe(0);
    await page.getByRole('button', { name: 'Isara' }).click();

    const api = (await (
      await fetch(`${baseUrl()}/wps/relay/MCSFE_getBanners?groupName=fish`, { headers: { Language: 'TY' } })
    ).json()) as { value: { url: string; title: string }[] };
    await page.goto(`${baseUrl()}/fish`);
    const fish = page.getByTestId('banner-fish');
    await fish.waitFor();
    const first = api.value[0];
    expect(first).toBeDefined();
    expect(await fish.locator('img').first().getAttribute('src')).toBe(first?.url);
    expect(await fish.locator('img').first().getAttribute('alt')).toBe(first?.title);
  });

  it('paints the first banner before any script, where the carousel then shows it, in the kept language (phone)', async () => {
    const firstBanner = async (language: 'EN' | 'TY') =>
      (
        (await (
          await fetch(`${baseUrl()}/wps/relay/MCSFE_getBanners?groupName=home`, {
            headers: { Language: language },
          })
        ).json()) as { value: { url: string }[] }
      ).value[0]?.url;
    const page = await browser.newPage({ viewport: phone });
    // What a phone shows while the site's scripts are still on the way: the server's first screen (decision 070).
    const scripts = (route: { abort: () => Promise<void> }) => route.abort();
    await page.route('**/assets/*.js', scripts);
    await page.goto(`${baseUrl()}/index`);
    const painted = page.locator('.first-paint .banner__image');
    await expect
      .poll(() => painted.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0))
      .toBe(true);
    expect(await painted.getAttribute('src')).toBe(await firstBanner('EN'));
    const paintedFrame = await page.locator('.first-paint .banner__frame').boundingBox();

    // With its scripts the site replaces that screen by its own, the same banner in the same place.
    await page.unroute('**/assets/*.js', scripts);
    await page.goto(`${baseUrl()}/index`);
    const carousel = page.getByTestId('banner-home');
    await carousel.waitFor();
    expect(await carousel.locator('img').first().getAttribute('src')).toBe(await firstBanner('EN'));
    expect(await carousel.locator('.banner__frame').boundingBox()).toEqual(paintedFrame);
    expect(await page.locator('.first-paint').count()).toBe(0);

    // A language chosen in the site reaches the server: the next page's first screen is in it.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page
      .getByRole('dialog', { name: 'Menu' })
      .getByRole('combobox', { name: 'Language' })
      .selectOption('TY');
    await expect.poll(() => page.evaluate(() => document.cookie)).toContain('language=TY');
    await page.route('**/assets/*.js', scripts);
    await page.goto(`${baseUrl()}/index`);
    expect(await page.locator('.first-paint .banner__image').getAttribute('src')).toBe(
      await firstBanner('TY'),
    );
  });
});

describe('notices and announcements', () => {
  it('opens the notice modal at the clicked title, pauses on hover, and lists notices on /noticePage (EN)', async () => {
    const page = await browser.newPage();
    const notices = (await (await fetch(`${baseUrl()}/wps/relay/MCSFE_getNotices`)).json()) as {
      value: { list: { id: number; title: string }[] };
    };
    const second = notices.value.list[1];
    expect(second).toBeDefined();
    await page.goto(`${baseUrl()}/index`);
    const bar = page.getByRole('region', { name: 'Announcements' });
    const track = bar.locator('.notice-bar__track');
    await bar
      .getByRole('button', { name: second?.title ?? '' })
      .first()
      .waitFor();
    await bar.hover();
    expect(await track.evaluate((el) => getComputedStyle(el).animationPlayState)).toBe('paused');
    await bar
      .getByRole('button', { name: second?.title ?? '' })
      .first()
      .click();
    const modal = page.getByTestId('notice-modal');
    await modal.waitFor();
    expect(await modal.getAttribute('data-notice-id')).toBe(String(second?.id));
    await modal.getByText(`2 of ${notices.value.list.length}`).waitFor();
    await modal.getByRole('button', { name: 'Previous', exact: true }).click();
    expect(await modal.getAttribute('data-notice-id')).toBe(String(notices.value.list[0]?.id));
    // The backdrop does not close the modal; the close control does.
    await page.mouse.click(5, 5);
    await modal.waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    await modal.waitFor({ state: 'detached' });

    await page.goto(`${baseUrl()}/noticePage`);
    await page.getByRole('heading', { level: 1, name: 'Notices' }).waitFor();
    const items = page.locator('.notice-list__item');
    await expect.poll(() => items.count(), { timeout: 10_000 }).toBe(notices.value.list.length);
  });

  it('pages the announcement popup 9 titles at a time, opens and collapses a title (TY, phone)', async () => {
    const page = await browser.newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    const all = (await (
      await fetch(`${baseUrl()}/wps/relay/MCSFE_getListAnnouncements?pageSize=100`, {
        headers: { Language: 'TY' },
      })
    ).json()) as { value: { list: { id: number; title: string }[]; total: number } };
    expect(all.value.total).toBeGreaterThan(9);
    await page.goto(`${baseUrl()}/noticePage`);
    await page.getByRole('button', { name: 'Mga anunsyo' }).click();
    const popup = page.getByTestId('announcement-popup');
    await popup.waitFor();
    const titles = popup.locator('.announcements__title');
    await expect.poll(() => titles.count()).toBe(9);
    const pages = Math.ceil(all.value.total / 9);
    await popup.getByText(`Pahina 1 sa ${pages}`).waitFor();
    const firstTitle = titles.first();
    await firstTitle.click();
    expect(await firstTitle.getAttribute('aria-expanded')).toBe('true');
    await popup.locator('.announcements__body:not([hidden]) .rich-text').first().waitFor();
    await firstTitle.click();
    expect(await firstTitle.getAttribute('aria-expanded')).toBe('false');
    expect(await popup.locator('.announcements__body:not([hidden])').count()).toBe(0);
    await popup.getByRole('button', { name: 'Susunod na pahina' }).click();
    await popup.getByText(`Pahina 2 sa ${pages}`).waitFor();
    await expect.poll(() => titles.count()).toBe(Math.min(9, all.value.total - 9));
    expect(await titles.first().textContent()).toContain(all.value.list[9]?.title ?? '');
  });

  it('shows the popup group once after login: not again on reload', async () => {
    const member = await registerMember();
    const page = await browser.newPage();
    await signedIn(page, member.token);
    await page.goto(`${baseUrl()}/index`);
    const popup = page.getByTestId('announcement-popup');
    await popup.waitFor();
    expect(await popup.locator('.announcements__title').count()).toBeGreaterThan(0);
    await page.getByRole('button', { name: 'Close' }).click();
    await page.reload();
    await page.getByTestId('banner-home').waitFor();
    await page.waitForTimeout(1500);
    expect(await popup.count()).toBe(0);
  });

  it('renders XSS in a notice title and rich text inert (sanitised on the server and again by DOMPurify)', async () => {
    const auth = await adminLogin('content', 'content-demo-1');
    const title = `Security notice ${Date.now()}`;
    const payload = `<p>Read this ${xss}<a href="javascript:window.__xss=1">link</a><svg onload="window.__xss=1"></svg></p>`;
    await adminCall(auth, 'POST', '/admin-api/merchants/tala/notices', {
      texts: { EN: { title: `${title} <img src=x onerror="window.__xss=1">`, content: payload } },
      sortOrder: 0,
    });
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/noticePage`);
    const item = page.locator('.notice-list__item', { hasText: title }).first();
    const head = item.getByRole('button');
    if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
    await item.getByText('Read this').waitFor();
    expect(await item.locator('.rich-text').locator('script, svg, img[onerror], [onload]').count()).toBe(0);
    expect(await item.locator('a:not([href])', { hasText: 'link' }).count()).toBe(1);
    // The title is text: the markup shows as typed.
    await item.getByText('<img src=x onerror="window.__xss=1">').waitFor();
    await expectInert(page);
  });
});

/**
 * Rich text as an attacker would type it in the back office: script, event handlers, javascript: links (also
 * disguised), SVG and MathML tricks. Every one sets window.__xss if it ever runs.
 */
const richPayload = [
  '<p>Safe words stay</p>',
  '<script>window.__xss=1</script>',
  '<img src=x onerror="window.__xss=1">',
  '<a href="javascript:window.__xss=1">plain link</a>',
  '<a href="JaVaScRiPt:window.__xss=1">cased link</a>',
  '<a href="java&#x09;script:window.__xss=1">tab link</a>',
  '<svg onload="window.__xss=1"><circle r="5"/></svg>',
  '<svg><a href="javascript:window.__xss=1"><text>svg link</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=1">',
  '<p onclick="window.__xss=1" style="position:fixed;inset:0">overlay</p>',
  '<iframe src="javascript:window.__xss=1"></iframe>',
].join('');

/** The rendered rich text holds none of the dangerous parts, and every link left has a safe address or none. */
async function expectInertRichText(page: Page, scope: ReturnType<Page['locator']>) {
  await scope.getByText('Safe words stay').waitFor();
  expect(
    await scope.locator('script, svg, math, iframe, img[onerror], [onload], [onclick], [style]').count(),
  ).toBe(0);
  const hrefs = await scope
    .locator('a[href]')
    .evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  for (const href of hrefs) expect(href).not.toMatch(/^\s*(javascript|data|vbscript):/i);
  // Click what is left as a link: nothing runs.
  for (const name of ['plain link', 'cased link', 'tab link']) {
    const link = scope.getByText(name);
    if ((await link.count()) > 0) await link.first().click();
  }
  await expectInert(page);
}

describe('rich text from the back office is inert on the site', () => {
  it('announcement bodies with XSS payloads render inert in the popup (EN desktop, TY phone)', async () => {
    const auth = await adminLogin('content', 'content-demo-1');
    const title = `Maintenance window ${Date.now()}`;
    await adminCall(auth, 'POST', '/admin-api/merchants/tala/announcements', {
      type: 'B',
      contentGroup: 'player',
      texts: {
        EN: { title: `${title} <img src=x onerror="window.__xss=1">`, content: richPayload },
        TY: { title: `${title} TY <svg onload="window.__xss=1">`, content: richPayload },
      },
    });
    for (const [language, viewport] of [
      ['EN', desktop],
      ['TY', phone],
    ] as const) {
      const page = await browser.newPage({ viewport });
      await useLanguage(page, language);
      await page.goto(`${baseUrl()}/noticePage`);
      await page.getByRole('button', { name: language === 'EN' ? 'Announcements' : 'Mga anunsyo' }).click();
      const popup = page.getByTestId('announcement-popup');
      const head = popup.locator('.announcements__title', { hasText: title }).first();
      await head.click();
      expect(await head.getAttribute('aria-expanded')).toBe('true');
      // The title is text: its markup shows as typed.
      expect(await head.textContent()).toContain(language === 'EN' ? '<img src=x' : '<svg onload');
      await expectInertRichText(page, popup.locator('.announcements__body:not([hidden])'));
    }
  });

  it('help article bodies with XSS payloads render inert on /help and /helpmc (EN desktop, TY phone)', async () => {
    const auth = await adminLogin('content', 'content-demo-1');
    const category = await adminCall<{ id: number }>(
      auth,
      'POST',
      '/admin-api/merchants/tala/help-categories',
      {
        texts: {
          EN: { name: 'Security <b>check</b>' },
          TY: { name: 'Seguridad <i onmouseover="window.__xss=1">' },
        },
      },
    );
    await adminCall(auth, 'POST', '/admin-api/merchants/tala/help-articles', {
      categoryId: category.id,
      texts: {
        EN: { title: 'Is my account safe? <script>window.__xss=1</script>', content: richPayload },
        TY: { title: 'Ligtas ba ang account ko?', content: richPayload },
      },
    });
    for (const [language, viewport, path] of [
      ['EN', desktop, '/help'],
      ['TY', phone, '/helpmc'],
    ] as const) {
      const page = await browser.newPage({ viewport });
      await useLanguage(page, language);
      await page.goto(`${baseUrl()}${path}?category=${category.id}`);
      const article = page.locator('.help__article').first();
      const head = article.locator('.help__article-title');
      await head.waitFor();
      if ((await head.getAttribute('aria-expanded')) !== 'true') await head.click();
      if (language === 'EN') expect(await head.textContent()).toContain('<script>');
      await page
        .getByText(language === 'EN' ? 'Security <b>check</b>' : 'Seguridad <i')
        .first()
        .waitFor();
      await expectInertRichText(page, article.locator('.help__article-body'));
    }
  });
});

describe('help, feedback and platform messages', () => {
  it('shows help categories and articles on /help and /helpmc (content only) in EN and TY', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/help`);
    await page.getByTestId('banner-help').waitFor();
    const categories = page.getByRole('navigation', { name: 'Help topics' });
    const second = categories.getByRole('button').nth(1);
    const name = (await second.textContent()) ?? '';
    await second.click();
    await expect.poll(() => new URL(page.url()).searchParams.get('category')).not.toBeNull();
    const article = page.locator('.help__article-title').first();
    expect(await article.getAttribute('aria-expanded')).toBe('true');
    await article.click();
    expect(await article.getAttribute('aria-expanded')).toBe('false');
    expect(name.length).toBeGreaterThan(0);

    const phonePage = await browser.newPage({ viewport: phone });
    await useLanguage(phonePage, 'TY');
    await phonePage.goto(`${baseUrl()}/helpmc`);
    await phonePage.getByRole('navigation', { name: 'Mga paksa ng tulong' }).waitFor();
    expect(await phonePage.locator('header.site-header, .site-footer').count()).toBe(0);
  });

  it('sends feedback with images, refuses a wrong file, and shows the operator’s answer as a platform message', async () => {
    const member = await registerMember();
    const page = await browser.newPage();
    await signedIn(page, member.token);
    await page.goto(`${baseUrl()}/help?category=feedback`);
    // The popup group shows first after a login.
    await page.getByTestId('announcement-popup').waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    const form = page.getByRole('form', { name: 'Send feedback' });
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await form.getByText('Choose a question type.').waitFor();
    await form.getByLabel('Question type').selectOption('deposit');
    const text = `My deposit is missing, please check it ${xss} thank you very much for the help`;
    await form.getByLabel('Your message').fill(text);
    const png = (name: string) => ({ name, mimeType: 'image/png', buffer: tinyPng() });
    await form
      .getByLabel('Images (optional)')
      .setInputFiles([{ name: 'x.gif', mimeType: 'image/gif', buffer: Buffer.from('GIF89a') }]);
    await form.getByText('Only PNG or JPG images can be added.').waitFor();
    await form.getByRole('button', { name: 'Remove x.gif' }).click();
    await form.getByLabel('Images (optional)').setInputFiles([png('one.png'), png('two.png')]);
    expect(await form.getByRole('listitem').getByRole('img').count()).toBe(2);
    await form.getByRole('button', { name: 'Send feedback' }).click();
    await page.getByText('Thank you! Your feedback was sent.').waitFor();
    await expectInert(page);

    const support = await adminLogin('support', 'support-demo-1');
    const inbox = await adminCall<{ list: { id: number; memberAccount: string; imageCount: number }[] }>(
      support,
      'GET',
      '/admin-api/support/feedback?status=open&pageSize=100',
    );
    const mine = inbox.list.find((f) => f.memberAccount === member.username);
    expect(mine?.imageCount).toBe(2);
    const answer = `Found it, it is on your balance now ${xss}`;
    await adminCall(support, 'POST', `/admin-api/support/feedback/${mine?.id}/answer`, { answer });

    // The form's list shows the answer; the member centre's messages carry it, with the unread count.
    await page.reload();
    await page.locator('.feedback__status--answered').first().waitFor();
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Members center' }).click();
    await page.getByRole('button', { name: /^Messages/ }).click();
    const message = page.locator('.messages__item').first();
    await message.getByRole('button').click();
    await message.getByText(answer).waitFor();
    await expectInert(page);
  });
});

function tinyPng(): Buffer {
  const png = new PNG({ width: 4, height: 4 });
  png.data.fill(200);
  return PNG.sync.write(png);
}

/** The operator's console as a socket (the back office's console speaks the same frames). */
async function operatorSocket() {
  const auth = await adminLogin('support', 'support-demo-1');
  const socket = new WebSocket(`${baseUrl().replace('http', 'ws')}/admin-api/support/chat`);
  const frames: { type: string; [key: string]: unknown }[] = [];
  socket.on('message', (data) => frames.push(JSON.parse(String(data))));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  const send = (frame: Record<string, unknown>) => socket.send(JSON.stringify(frame));
  send({ type: 'hello', token: auth.replace(/^Bearer /, '') });
  const next = async (match: (frame: { type: string; [key: string]: unknown }) => boolean) => {
    await expect.poll(() => frames.some(match), { timeout: 15_000 }).toBe(true);
    return frames.find(match) as { type: string; [key: string]: unknown };
  };
  await next((f) => f.type === 'ready');
  return { send, next, frames, close: () => socket.close() };
}

describe('customer service', () => {
  it('runs a live chat between a member page and the operator console, surviving a reload (EN)', async () => {
    const member = await registerMember();
    const page = await browser.newPage();
    await signedIn(page, member.token);
    await page.goto(`${baseUrl()}/index?chat=1`);
    const room = page.getByTestId('chat-room');
    await room.waitFor();
    await expect.poll(() => room.getAttribute('data-status'), { timeout: 15_000 }).toBe('open');
    const first = `Hello, I need help with a deposit ${Date.now()} ${xss}`;
    await room.getByLabel('Message').fill(first);
    await room.getByRole('button', { name: 'Send' }).click();
    await room.getByText(first).waitFor();

    const operator = await operatorSocket();
    const opened = await operator.next(
      (f) => f.type === 'conversation' || (f.type === 'ready' && JSON.stringify(f).includes(member.username)),
    );
    const conversationId =
      opened.type === 'conversation'
        ? (opened.conversation as { id: number }).id
        : ((opened.conversations as { id: number; visitorName: string }[]).find((c) =>
            c.visitorName.includes(member.username),
          )?.id ?? 0);
    expect(conversationId).toBeGreaterThan(0);
    operator.send({ type: 'take', conversationId });
    await room
      .getByText(/joined the chat|Chatting with/)
      .first()
      .waitFor();
    operator.send({ type: 'typing', conversationId, typing: true });
    await page.getByTestId('chat-typing').waitFor();
    const reply = `Hi! I am checking your deposit now ${xss}`;
    operator.send({ type: 'send', conversationId, clientId: `op${Date.now()}`, body: reply });
    await room.getByText(reply).waitFor();
    // The member's page read the reply; the operator gets the read mark.
    await operator.next((f) => f.type === 'read' && f.reader === 'visitor');
    operator.send({ type: 'read', conversationId, upToId: 1_000_000 });
    await room.getByTestId('chat-seen').first().waitFor();
    await expectInert(page);

    // A reload keeps the room open with the whole conversation.
    await page.reload();
    await room.waitFor();
    await room.getByText(first).waitFor();
    await room.getByText(reply).waitFor();
    const second = 'Thank you, that was quick';
    await room.getByLabel('Message').fill(second);
    await room.getByRole('button', { name: 'Send' }).click();
    await operator.next((f) => f.type === 'message' && (f.message as { body: string }).body === second);
    operator.close();
  });

  it('lists the getService paths in a popup, opens live chat from it, and closes the popup on a failed fetch', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(`${baseUrl()}/index`);
    const rail = page.getByRole('complementary', { name: 'Customer service' });
    await rail.getByRole('button', { name: 'Customer service' }).click();
    const list = page.getByTestId('service-list');
    await list.getByRole('button', { name: 'Live chat' }).click();
    await page.getByTestId('chat-room').waitFor();
    await page.getByRole('button', { name: 'Close' }).click();
    // Guests see live chat, not the VIP service (rank above 4 only).
    await rail.getByRole('button', { name: 'Customer service' }).click();
    await list.getByRole('button', { name: 'Telegram' }).waitFor();
    expect(await list.getByRole('button', { name: 'VIP service' }).count()).toBe(0);
    await page.getByRole('button', { name: 'Close' }).click();

    await page.route('**/wps/relay/CSP_getService', (route) => route.abort());
    await rail.getByRole('button', { name: 'Customer service' }).click();
    await expect.poll(() => page.getByRole('dialog').count(), { timeout: 10_000 }).toBe(0);
  });
});

describe('app download, QR codes and the web app', () => {
  it('shows QR codes on /down that decode to the configured addresses, with install steps (EN desktop, TY phone)', async () => {
    const download = (await (await fetch(`${baseUrl()}/wps/relay/MCSFE_getAppDownload`)).json()) as {
      value: { apps: { resourceType: string; qrText: string }[]; qr: { size: number; margin: number } };
    };
    expect(download.value.qr).toMatchObject({ size: 200, margin: 20 });
    expect(download.value.apps.map((a) => a.resourceType).sort()).toEqual([
      'ANDROID',
      'IOS',
      'MOBILE_CONFIG',
    ]);
    for (const [language, viewport] of [
      ['EN', desktop],
      ['TY', phone],
    ] as const) {
      const page = await browser.newPage({ viewport });
      await useLanguage(page, language);
      await page.goto(`${baseUrl()}/down`);
      for (const app of download.value.apps) {
        const card = page.locator(`.download__card[data-platform="${app.resourceType}"]`);
        const qr = card.locator('.qr');
        await qr.locator('img.qr__code').waitFor();
        await expect
          .poll(() =>
            qr.locator('img').evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).complete)),
          )
          .toBe(true);
        await qr.scrollIntoViewIfNeeded();
        const box = await qr.boundingBox();
        expect(Math.round(box?.width ?? 0)).toBe(200);
        const shot = PNG.sync.read(await qr.screenshot());
        const decoded = jsQR(new Uint8ClampedArray(shot.data), shot.width, shot.height);
        expect(decoded?.data, `${language} ${app.resourceType}`).toBe(app.qrText);
        expect(await card.locator('.download__steps li').count()).toBe(4);
      }
      await page
        .getByText(language === 'EN' ? 'How to install' : 'Paano i-install')
        .first()
        .waitFor();
      await page.close();
    }
  });

  it('is an installable web app: manifest, icons and a registered service worker with an offline page', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/index`);
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    const manifest = (await (await fetch(`${baseUrl()}${href}`)).json()) as {
      start_url: string;
      display: string;
      icons: { src: string; sizes: string }[];
    };
    expect(manifest.display).toBe('standalone');
    expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    for (const icon of manifest.icons) expect((await fetch(`${baseUrl()}${icon.src}`)).status).toBe(200);
    await expect
      .poll(() =>
        page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.state ?? null),
      )
      .toBe('activated');
    const offline = await fetch(`${baseUrl()}/offline.htm`);
    expect(offline.headers.get('content-type')).toContain('text/html');
    expect(await offline.text()).toContain('You are offline');
    // Without network, a page of the site still opens (the app shell or the offline page).
    await page.context().setOffline(true);
    await page.goto(`${baseUrl()}/down`).catch(() => undefined);
    expect(await page.locator('body').textContent()).toBeTruthy();
    await page.context().setOffline(false);
  });

  it('shows the right bar with customer service, Telegram, Facebook and QR codes on a wide screen (TY, dark)', async () => {
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await useLanguage(page, 'TY');
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${baseUrl()}/index`);
    const rail = page.getByRole('complementary', { name: 'Customer service' });
    await rail.waitFor();
    await rail
      .getByRole('link', { name: /Telegram/ })
      .first()
      .waitFor();
    await rail
      .getByRole('link', { name: /Facebook/ })
      .first()
      .waitFor();
    const qr = rail.getByRole('link', { name: 'QR code para sa iOS' });
    await qr.hover();
    await rail.locator('.rail-flyout--qr img.qr__code').first().waitFor({ state: 'visible' });
  });
});

describe('footer and join', () => {
  it('shows the footer from the merchant content: help links, products, social links, partners (EN, phone)', async () => {
    const footerApi = (await (await fetch(`${baseUrl()}/wps/relay/MCSFE_getFooter`)).json()) as {
      value: {
        helpLinks: { title: string }[];
        products: { title: string }[];
        socialLinks: { type: string }[];
        vendorLogos: unknown[];
        copyright: string;
      };
    };
    const page = await browser.newPage({ viewport: phone });
    await page.goto(`${baseUrl()}/index`);
    // The footer loads as it comes near the viewport; the page above it may still be growing, so keep going down.
    const footer = page.getByTestId('site-footer');
    const firstHelpLink = footer.getByRole('link', { name: footerApi.value.helpLinks[0]?.title ?? '' });
    await expect
      .poll(
        async () => {
          await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
          return firstHelpLink.count();
        },
        { timeout: 20_000 },
      )
      .toBeGreaterThan(0);
    expect(await footer.locator('nav[aria-labelledby="footer-products"] a').count()).toBe(
      footerApi.value.products.length,
    );
    // Only the configured networks show (the demo merchant has no Twitter or Instagram).
    expect(await footer.locator('[data-social]').count()).toBe(footerApi.value.socialLinks.length);
    expect(await footer.locator('[data-social="TWITTER"]').count()).toBe(
      footerApi.value.socialLinks.filter((s) => s.type === 'TWITTER').length,
    );
    expect(await footer.locator('.footer-logos img').count()).toBeGreaterThanOrEqual(
      footerApi.value.vendorLogos.length,
    );
    await footer.getByText(footerApi.value.copyright).waitFor();
  });

  it('sends a /join application that lands in the back office, with XSS kept as text (TY, desktop)', async () => {
    const page = await browser.newPage({
      viewport: desktop,
      headers: { 'X-Forwarded-For': '198.51.100.61' },
    });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/join`);
    const form = page.getByRole('form', { name: 'Mag-apply ngayon' });
    await form.getByRole('button', { name: 'Ipadala ang application' }).click();
    await form.getByText('Maglagay ng tamang e-mail address.').waitFor();
    const name = `Ana ${Date.now()} ${xss}`;
    await form.getByLabel('Buong pangalan').fill(name.slice(0, 60));
    await form.getByLabel('E-mail').fill('ana@example.org');
    await form.getByLabel('Mobile number').fill('+63 917 555 0101');
    await form.getByLabel('Contact ID o numero').fill('@ana_partner');
    await form.getByLabel('Website o page (opsyonal)').fill('https://ana.example.org');
    await form
      .getByLabel('Ikuwento ang iyong audience (opsyonal)')
      .fill(`Gaming group of 5000 members ${xss}`);
    await form.getByRole('button', { name: 'Ipadala ang application' }).click();
    await page.getByText(/Natanggap ang application mo/).waitFor();
    await expectInert(page);
    const owner = await adminLogin();
    const list = await adminCall<{ list: { name: string; email: string; language: string }[] }>(
      owner,
      'GET',
      '/admin-api/merchants/tala/affiliate-applications?pageSize=100',
    );
    const found = list.list.find((a) => a.name === name.slice(0, 60).trim());
    expect(found?.email).toBe('ana@example.org');
    expect(found?.language).toBe('TY');
  });
});
