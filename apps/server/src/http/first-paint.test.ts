// Issue 11 item 7 (decision 070): the player site's page carries its first banner, so a phone paints it before any
// JavaScript; escaped like every value from the database, and nothing where the site would show something else.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../testing/test-app.ts';
import { registerBuiltApps } from './built-apps.ts';
import { escapeHtml, firstPaintOf, isSiteImagePath } from './first-paint.ts';

const { app, services } = await testApp();

// The built page's shape (apps/web/index.html): a title, an empty root.
const built = Buffer.from(
  '<!doctype html><html><head><title>Welcome</title><script type="module" src="/assets/index.js"></script></head><body><div id="root"></div></body></html>',
);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tala-first-paint-'));
fs.writeFileSync(path.join(dir, 'index.html'), built);
const site = Fastify();
registerBuiltApps(
  site,
  [{ prefix: '/', dir, html: built, br: zlib.brotliCompressSync(built), gzip: zlib.gzipSync(built) }],
  { firstPaint: firstPaintOf(services) },
);
afterAll(async () => {
  await site.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

// A merchant of its own, without banners until a test gives it one.
const settings = await services.merchants.storedSettings('tala');
await services.merchants.create('bare', settings, ['bare.localhost']);
const bare = await services.merchants.byCode('bare');

async function page(url: string, headers: Record<string, string> = {}) {
  const response = await site.inject({ url, headers: { host: 'localhost:3000', ...headers } });
  expect(response.statusCode).toBe(200);
  expect(response.headers['cache-control']).toBe('no-cache');
  return response.body;
}

async function firstBanner(group: string, language = 'EN') {
  const response = await app.inject({
    url: `/wps/relay/MCSFE_getBanners?groupName=${group}`,
    headers: { merchant: 'tala', language },
  });
  const [first] = response.json().value as { url: string; title: string }[];
  if (!first) throw new Error(`no ${group} banner`);
  return first;
}

describe('the first screen in the page', () => {
  it("carries the page's first banner of the host's merchant: preloaded, and in the root at high priority", async () => {
    for (const [url, group] of [
      ['/index', 'home'],
      ['/rng', 'rng'],
      ['/index?memberCentre=securityCenter', 'home'],
    ] as const) {
      const banner = await firstBanner(group);
      const html = await page(url);
      expect(html, url).toContain(
        `</title><link rel="preload" as="image" href="${banner.url}" fetchpriority="high" />`,
      );
      const root = html.slice(html.indexOf('<div id="root">'));
      expect(root, url).toContain(
        `<img class="banner__image" src="${banner.url}" alt="${escapeHtml(banner.title)}" width="1200" height="400" fetchpriority="high" />`,
      );
      expect(html.match(/<img /g), url).toHaveLength(1);
    }
  });

  it('sends the same page compressed as asked', async () => {
    const plain = await page('/index');
    const br = await site.inject({ url: '/index', headers: { host: 'localhost', 'accept-encoding': 'br' } });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gzip = await site.inject({
      url: '/index',
      headers: { host: 'localhost', 'accept-encoding': 'gzip' },
    });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.rawPayload).toString()).toBe(plain);
  });

  it("follows the site's kept language (its cookie) when the merchant has it, else the merchant's default", async () => {
    const tagalog = await firstBanner('home', 'TY');
    const english = await firstBanner('home', 'EN');
    expect(tagalog.url).not.toBe(english.url);
    expect(await page('/index', { cookie: 'theme=dark; language=TY' })).toContain(`src="${tagalog.url}"`);
    // Thai is a language of the site but not of this merchant; a made-up value is nobody's.
    for (const cookie of ['language=TH', 'language=<b>', 'language=TY"x'])
      expect(await page('/index', { cookie }), cookie).toContain(`src="${english.url}"`);
  });

  it('puts nothing in for a merchant without banners, a page without a banner, or a host of no merchant', async () => {
    expect(await page('/index', { host: 'bare.localhost' })).toBe(built.toString());
    expect(await page('/login')).toBe(built.toString());
    expect(await page('/lottery')).toBe(built.toString());
    expect(await page('/index', { host: 'nobody.example' })).toBe(built.toString());
  });

  it('puts nothing in where the site opens on maintenance or a login', async () => {
    const paused = { ...settings, maintenance: { ...settings.maintenance, enabled: true } };
    const closed = { ...settings, modules: { ...settings.modules, loginRequiredForHome: true } };
    for (const [code, changed] of [
      ['paused', paused],
      ['closed', closed],
    ] as const) {
      await services.merchants.create(code, changed, [`${code}.localhost`]);
      const merchant = await services.merchants.byCode(code);
      await services.db
        .insertInto('banners')
        .values({
          merchant_id: merchant.id,
          group_name: 'home',
          sort_order: 0,
          enabled: true,
          images: JSON.stringify({ EN: 'some-image' }),
          titles: JSON.stringify({ EN: 'Hi' }),
        })
        .execute();
      expect(await page('/index', { host: `${code}.localhost` }), code).toBe(built.toString());
    }
  });

  it("escapes a banner's title and picture, and never points the page at another host", async () => {
    const hostile = `"><script>alert(1)</script><img src=x onerror=alert(1) x=" $' $& $\``;
    await services.db
      .insertInto('banners')
      .values({
        merchant_id: bare.id,
        group_name: 'home',
        sort_order: 0,
        enabled: true,
        images: JSON.stringify({ EN: `x" onerror="alert(1)` }),
        titles: JSON.stringify({ EN: hostile }),
      })
      .execute();
    const html = await page('/index', { host: 'bare.localhost' });
    expect(html).toContain(`alt="${escapeHtml(hostile)}"`);
    expect(html).toContain('src="/wps/content/images/x&quot; onerror=&quot;alert(1)"');
    expect(html).not.toContain('<script>alert');
    // Each tag keeps exactly its own attributes: no value ended its quotes early.
    expect(html).toMatch(
      /<img class="banner__image" src="[^"<>]*" alt="[^"<>]*" width="1200" height="400" fetchpriority="high" \/>/,
    );
    expect(html).toMatch(/<link rel="preload" as="image" href="[^"<>]*" fetchpriority="high" \/>/);
    expect(html.match(/<img /g)).toHaveLength(1);
  });
});

describe('escapeHtml and isSiteImagePath', () => {
  it('leaves no character that opens a tag or ends an attribute', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;&amp;&lt;/a&gt;',
    );
  });

  it('takes a path of this host, never an address that leaves it', () => {
    expect(isSiteImagePath('/wps/content/images/abc')).toBe(true);
    for (const url of [
      '//evil.example/x.png',
      '/\\evil.example/x.png',
      'https://evil.example/x.png',
      'x.png',
      '',
    ])
      expect(isSiteImagePath(url), url).toBe(false);
  });
});
