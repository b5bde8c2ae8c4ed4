import { bannerGroups } from '@tala/contracts/content';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { newMember, tokenOf } from '../members/member-fixtures.ts';
import { jpeg, multipart, png, webp, XSS_PAYLOADS } from './test-fixtures.ts';

const { app, database } = await testApp();
const content = await operatorAuth(app, 'content', 'content-demo-1');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');

type Json = Record<string, unknown>;
async function call(method: string, url: string, payload?: unknown, headers: Record<string, string> = {}) {
  const response = await app.inject({
    method: method as 'GET',
    url,
    headers: { merchant: 'tala', ...headers },
    ...(payload === undefined ? {} : { payload: payload as Json }),
  });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}
const admin = (method: string, url: string, payload?: unknown, auth = content) =>
  call(method, `/admin-api/merchants/tala${url}`, payload, { authorization: auth });

async function upload(data: Buffer, filename = 'banner.png', contentType = 'image/png', auth = content) {
  const form = multipart([{ name: 'file', filename, contentType, data }]);
  const response = await app.inject({
    method: 'POST',
    url: '/admin-api/merchants/tala/images',
    headers: { ...form.headers, authorization: auth },
    payload: form.payload,
  });
  return { status: response.statusCode, body: response.json() };
}

const anImage = (await upload(png(1200, 400))).body.value.id as string;
const tyImage = (await upload(jpeg(1200, 400), 'ty.jpg', 'image/jpeg')).body.value.id as string;

function bannerBody(overrides: Json = {}) {
  return {
    groupName: 'promotion',
    images: { EN: anImage },
    titles: { EN: 'Test banner' },
    linkageType: null,
    linkageTarget: null,
    ...overrides,
  };
}

describe('seeded demo content', () => {
  it('has banners in every group of §2, with images served from this site', async () => {
    for (const group of bannerGroups) {
      const { body } = await call('GET', `/wps/relay/MCSFE_getBanners?groupName=${group}`);
      expect(body.value.length, group).toBeGreaterThan(0);
      for (const banner of body.value) expect(banner.url).toMatch(/^\/wps\/content\/images\/[\w-]+$/);
    }
    const { body } = await call('GET', '/wps/relay/MCSFE_getBanners?groupName=home');
    const image = await app.inject({ url: body.value[0].url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/svg+xml');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(image.headers['content-security-policy']).toContain("default-src 'none'");
    expect(image.body).toContain('<svg');
    expect(image.body).not.toMatch(/https?:\/\/(?!www\.w3\.org)/);

    // Every language of the site has its own picture and title, drawn with its own texts (decision 066).
    const thai = (
      await call('GET', '/wps/relay/MCSFE_getBanners?groupName=home', undefined, { language: 'TH' })
    ).body.value;
    expect(thai[0].url).not.toBe(body.value[0].url);
    expect(thai[0].title).not.toBe(body.value[0].title);
    const thaiImage = await app.inject({ url: thai[0].url });
    expect(thaiImage.body).toContain(thai[0].title);
    expect(thaiImage.body).toContain('xml:lang="th"');
  });

  it('has notices, announcements of each type, help in EN and TY, and a footer', async () => {
    expect((await call('GET', '/wps/relay/MCSFE_getNotices')).body.value.total).toBeGreaterThan(0);
    for (const type of ['B', 'PL', 'PU', 'PR', 'H']) {
      const { body } = await call('GET', `/wps/relay/MCSFE_getListAnnouncements?types=${type}&platform=W`);
      expect(body.value.total, type).toBeGreaterThan(0);
    }
    const en = (await call('GET', '/wps/system/helpCenter')).body.value.categories;
    const ty = (await call('GET', '/wps/system/helpCenter', undefined, { language: 'TY' })).body.value
      .categories;
    expect(en.length).toBeGreaterThan(2);
    expect(en[0].articles.length).toBeGreaterThan(0);
    expect(ty[1].name).not.toBe(en[1].name);
    const footer = (await call('GET', '/wps/relay/MCSFE_getFooter')).body.value;
    expect(footer.vendorLogos.length).toBeGreaterThan(0);
    expect(footer.paymentPartners.length).toBeGreaterThan(0);
    expect(footer.providerPartners.length).toBeGreaterThan(0);
    expect(footer.products.map((p: Json) => p.path)).toContain('/rng');
  });
});

describe('banners', () => {
  it('creates a clickable banner per language, falling back to EN, and lists it only while scheduled', async () => {
    const created = await admin(
      'POST',
      '/banners',
      bannerBody({
        groupName: 'bingo',
        images: { EN: anImage, TY: tyImage },
        titles: { EN: 'Bingo bonanza', TY: 'Bingo saya' },
        linkageType: 'ROUTE',
        linkageTarget: '/bingo?room=3',
        sortOrder: 0,
      }),
    );
    expect(created.status).toBe(200);
    expect(created.body.value).toMatchObject({
      live: true,
      linkageType: 'ROUTE',
      linkageTarget: '/bingo?room=3',
    });
    const id = created.body.value.id;

    const en = (await call('GET', '/wps/relay/MCSFE_getBanners?groupName=bingo')).body.value;
    expect(en[0]).toEqual({
      bannerId: id,
      groupName: 'bingo',
      url: `/wps/content/images/${anImage}`,
      title: 'Bingo bonanza',
      linkageType: 'ROUTE',
      linkageTarget: '/bingo?room=3',
    });
    const ty = (
      await call('GET', '/wps/relay/MCSFE_getBanners?groupName=bingo', undefined, { language: 'TY' })
    ).body.value;
    expect(ty[0]).toMatchObject({ url: `/wps/content/images/${tyImage}`, title: 'Bingo saya' });
    const cn = (
      await call('GET', '/wps/relay/MCSFE_getBanners?groupName=bingo', undefined, { language: 'CN' })
    ).body.value;
    expect(cn[0]).toMatchObject({ url: `/wps/content/images/${anImage}`, title: 'Bingo bonanza' });

    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    await admin('PUT', `/banners/${id}`, { ...created.body.value, startsAt: future, endsAt: null });
    const later = (await call('GET', '/wps/relay/MCSFE_getBanners?groupName=bingo')).body.value;
    expect(later.map((b: Json) => b.bannerId)).not.toContain(id);
    await admin('PUT', `/banners/${id}`, { ...created.body.value, startsAt: null, endsAt: past });
    const expired = (await call('GET', '/wps/relay/MCSFE_getBanners?groupName=bingo')).body.value;
    expect(expired.map((b: Json) => b.bannerId)).not.toContain(id);

    const deleted = await admin('DELETE', `/banners/${id}`);
    expect(deleted.body.value).toEqual({ id });
    expect((await admin('DELETE', `/banners/${id}`)).status).toBe(404);
  });

  it('refuses script link targets with unsafe_link and malformed targets with the field named', async () => {
    const unsafe = [
      ['URL', 'javascript:alert(1)'],
      ['URL', 'JavaScript:alert(document.cookie)'],
      ['URL', ' java\tscript:alert(1)'],
      ['URL', 'java&#x09;script:alert(1)'],
      ['URL', 'data:text/html,<script>alert(1)</script>'],
      ['ROUTE', 'javascript:alert(1)'],
      ['PROMOTION', 'vbscript:msgbox(1)'],
    ];
    for (const [type, target] of unsafe) {
      const response = await admin(
        'POST',
        '/banners',
        bannerBody({ linkageType: type, linkageTarget: target }),
      );
      expect(response.status, target).toBe(400);
      expect(response.body, target).toMatchObject({ errorCode: 'unsafe_link', field: 'linkageTarget' });
      expect(response.body.message).toMatch(/not allowed/);
    }
    const invalid = [
      ['ROUTE', '//evil.example/path'],
      ['ROUTE', 'https://evil.example'],
      ['GAME', 'abc'],
      ['URL', 'ftp://files.example/x'],
      ['URL', 'not a url'],
    ];
    for (const [type, target] of invalid) {
      const response = await admin(
        'POST',
        '/banners',
        bannerBody({ linkageType: type, linkageTarget: target }),
      );
      expect(response.body, target).toMatchObject({ errorCode: 'validation_failed', field: 'linkageTarget' });
    }
    const half = await admin('POST', '/banners', bannerBody({ linkageType: 'URL', linkageTarget: null }));
    expect(half.body).toMatchObject({ errorCode: 'validation_failed', field: 'linkageTarget' });
    const ok = await admin(
      'POST',
      '/banners',
      bannerBody({ linkageType: 'URL', linkageTarget: 'https://news.example/tala?x=1' }),
    );
    expect(ok.status).toBe(200);
    const game = await admin('POST', '/banners', bannerBody({ linkageType: 'GAME', linkageTarget: '1204' }));
    expect(game.status).toBe(200);
  });

  it('refuses an image of another merchant, a missing EN image and an end before the start', async () => {
    const form = multipart([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: png(10, 10) },
    ]);
    const lucky = await app.inject({
      method: 'POST',
      url: '/admin-api/merchants/lucky/images',
      headers: { ...form.headers, authorization: content },
      payload: form.payload,
    });
    expect(lucky.statusCode).toBe(200);
    const foreign = await admin('POST', '/banners', bannerBody({ images: { EN: lucky.json().value.id } }));
    expect(foreign.body).toMatchObject({ errorCode: 'not_found', field: 'images' });
    const noEn = await admin('POST', '/banners', bannerBody({ images: { TY: anImage } }));
    expect(noEn.body).toMatchObject({ errorCode: 'validation_failed', field: 'images.EN' });
    const backwards = await admin(
      'POST',
      '/banners',
      bannerBody({ startsAt: '2030-01-02T00:00:00Z', endsAt: '2030-01-01T00:00:00Z' }),
    );
    expect(backwards.body).toMatchObject({ errorCode: 'validation_failed', field: 'endsAt' });
  });

  it('reorders a group and rejects an order that leaves out a banner', async () => {
    const list = (await admin('GET', '/banners?groupName=home')).body.value as { id: number }[];
    const reversed = list.map((b) => b.id).reverse();
    const saved = await admin('PUT', '/banners/order', { groupName: 'home', ids: reversed });
    expect(saved.body.value.map((b: Json) => b.id)).toEqual(reversed);
    const live = (await call('GET', '/wps/relay/MCSFE_getBanners?groupName=home')).body.value;
    expect(live.map((b: Json) => b.bannerId)).toEqual(reversed);
    const partial = await admin('PUT', '/banners/order', { groupName: 'home', ids: reversed.slice(1) });
    expect(partial.body).toMatchObject({ errorCode: 'validation_failed', field: 'ids' });
    const audit = await database.db
      .selectFrom('audit_log')
      .select(['actor_name', 'target'])
      .where('action', '=', 'content.banner.reorder')
      .execute();
    expect(audit).toEqual([{ actor_name: 'content', target: 'banners:home' }]);
  });
});

describe('image uploads', () => {
  it('accepts png, jpg and webp by content and serves them with a strict type and nosniff', async () => {
    for (const [data, type] of [
      [png(40, 20), 'image/png'],
      [jpeg(640, 480), 'image/jpeg'],
      [webp(300, 100), 'image/webp'],
    ] as const) {
      // The declared type and name do not matter: the content decides.
      const { status, body } = await upload(data, 'whatever.bin', 'application/octet-stream');
      expect(status).toBe(200);
      expect(body.value.contentType).toBe(type);
      const served = await app.inject({ url: body.value.url });
      expect(served.headers['content-type']).toBe(type);
      expect(served.headers['x-content-type-options']).toBe('nosniff');
      expect(served.rawPayload.equals(data)).toBe(true);
    }
    expect((await upload(png(40, 20))).body.value).toMatchObject({ width: 40, height: 20 });
  });

  it('refuses SVG or HTML disguised as png, oversized and too many files, each with its own code', async () => {
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"></svg>');
    const html = Buffer.from('<html><script>alert(1)</script></html>');
    for (const data of [svg, html, Buffer.from('GIF89a......')]) {
      const { status, body } = await upload(data, 'evil.png', 'image/png');
      expect(status).toBe(415);
      expect(body).toMatchObject({ errorCode: 'image_type_not_allowed', field: 'file' });
      expect(body.message).toContain('PNG, JPG, WEBP');
    }
    const big = await upload(png(1500, 1200, true));
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ errorCode: 'image_too_large', field: 'file' });
    expect(big.body.message).toContain('5 MB');

    const two = multipart([
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: png(2, 2) },
      { name: 'file', filename: 'b.png', contentType: 'image/png', data: png(2, 2) },
    ]);
    const many = await app.inject({
      method: 'POST',
      url: '/admin-api/merchants/tala/images',
      headers: { ...two.headers, authorization: content },
      payload: two.payload,
    });
    expect(many.json()).toMatchObject({ errorCode: 'too_many_images', field: 'file' });

    const none = multipart([{ name: 'note', value: 'no file' }]);
    const empty = await app.inject({
      method: 'POST',
      url: '/admin-api/merchants/tala/images',
      headers: { ...none.headers, authorization: content },
      payload: none.payload,
    });
    expect(empty.json()).toMatchObject({ errorCode: 'image_required', field: 'file' });

    const json = await admin('POST', '/images', { file: 'data:image/png;base64,AAAA' });
    expect(json.status).toBe(415);
    expect(json.body.errorCode).toBe('unsupported_media_type');

    const broken = await app.inject({
      method: 'POST',
      url: '/admin-api/merchants/tala/images',
      headers: { 'content-type': 'multipart/form-data; boundary=xyz', authorization: content },
      payload: '--xyz\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\n\x89PNG',
    });
    expect(broken.statusCode).toBeGreaterThanOrEqual(400);
    expect(broken.statusCode).toBeLessThan(500);
  });

  it('lets only owners and content operators upload, checked before the body is read', async () => {
    expect((await upload(png(2, 2), 'a.png', 'image/png', support)).status).toBe(403);
    expect((await upload(png(2, 2), 'a.png', 'image/png', 'Bearer nope')).status).toBe(401);
    expect((await upload(png(2, 2), 'a.png', 'image/png', owner)).status).toBe(200);
  });
});

describe('rich text', () => {
  it('stores notices, announcements and help articles sanitised: every XSS payload comes back inert', async () => {
    const category = await admin('POST', '/help-categories', { texts: { EN: { name: 'XSS' } } });
    for (const payload of XSS_PAYLOADS) {
      const html = `<p>Safe text</p>${payload}`;
      const texts = { EN: { title: 'Payload', content: html }, TY: { title: 'Payload TY', content: html } };
      const saved = [
        await admin('POST', '/notices', { texts }),
        await admin('POST', '/announcements', { type: 'B', contentGroup: 'player', texts }),
        await admin('POST', '/help-articles', { categoryId: category.body.value.id, texts }),
      ];
      for (const response of saved) {
        expect(response.status, payload).toBe(200);
        for (const language of ['EN', 'TY']) {
          const stored = response.body.value.texts[language].content as string;
          expect(stored, payload).toContain('<p>Safe text</p>');
          expect(stored, payload).not.toMatch(
            /<script|<iframe|<svg|<object|<form|<input|<style|<math|onerror|onload|onclick|javascript:|data:|style=|tracker\.example/i,
          );
        }
      }
    }
    const notices = (await call('GET', '/wps/relay/MCSFE_getNotices?pageSize=200')).body.value.list;
    for (const notice of notices) expect(notice.content).not.toMatch(/<script|onerror|javascript:/i);
  });

  it('keeps the allow-listed structure, marks outside links and keeps images from this site only', async () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> <em>it</em> <a href="https://example.org/x">out</a> <a href="/help">in</a></p>' +
      '<ul><li>one</li></ul><img src="/wps/content/images/abc" alt="ok"><img src="//cdn.example/x.png">';
    const saved = await admin('POST', '/notices', { texts: { EN: { title: 'Structure', content: html } } });
    const stored = saved.body.value.texts.EN.content;
    expect(stored).toContain('<h2>Title</h2>');
    expect(stored).toContain(
      '<a href="https://example.org/x" target="_blank" rel="noopener noreferrer nofollow">out</a>',
    );
    expect(stored).toContain('<a href="/help">in</a>');
    expect(stored).toContain('<img src="/wps/content/images/abc" alt="ok" />');
    expect(stored).not.toContain('cdn.example');
  });

  it('refuses rich text with nothing left to show once sanitised', async () => {
    const response = await admin('POST', '/notices', {
      texts: { EN: { title: 'Empty', content: '<script>alert(1)</script>' } },
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ errorCode: 'content_required', field: 'texts.EN.content' });
  });
});

describe('announcements', () => {
  it('filters by type, content group and execution, pages by 9 and falls back to EN', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    await admin('POST', '/announcements', {
      type: 'H',
      contentGroup: 'banners',
      texts: { EN: { title: 'Coming soon', content: '<p>Soon</p>' } },
      startsAt: future,
    });
    const now = (await call('GET', '/wps/relay/MCSFE_getListAnnouncements?types=H&platform=W&execution=true'))
      .body.value;
    expect(now.list.map((a: Json) => a.title)).not.toContain('Coming soon');
    const all = (await call('GET', '/wps/relay/MCSFE_getListAnnouncements?types=H&execution=false')).body
      .value;
    expect(all.list.map((a: Json) => a.title)).toContain('Coming soon');

    const page = (await call('GET', '/wps/relay/MCSFE_getListAnnouncements')).body.value;
    expect(page.pageSize).toBe(9);
    expect(page.list.length).toBe(9);
    expect(page.totalPages).toBe(Math.ceil(page.total / 9));

    const popup = (
      await call('GET', '/wps/relay/MCSFE_getListAnnouncements?contentGroup=popup', undefined, {
        language: 'TY',
      })
    ).body.value;
    expect(popup.list.every((a: Json) => a.contentGroup === 'popup')).toBe(true);
    expect(popup.list[0].title).toMatch(/Maligayang|I-download/);

    const bad = await call('GET', '/wps/relay/MCSFE_getListAnnouncements?types=B,XX');
    expect(bad.body).toMatchObject({ errorCode: 'validation_failed' });
    expect((await call('GET', '/wps/relay/MCSFE_getListAnnouncements?platform=H5')).status).toBe(400);
  });

  it('shows the popup group once per login', async () => {
    const member = await newMember(app, { merchant: 'tala', ip: '10.77.0.1' });
    const first = { authorization: member.token };
    const popups = (await call('GET', '/wps/relay/MCSFE_getPopupAnnouncements', undefined, first)).body.value;
    expect(popups.length).toBe(2);
    const ack = await call(
      'POST',
      '/wps/relay/MCSFE_ackPopupAnnouncements',
      { ids: popups.map((p: Json) => p.id) },
      first,
    );
    expect(ack.body.value.acknowledged).toBe(2);
    expect(
      (await call('GET', '/wps/relay/MCSFE_getPopupAnnouncements', undefined, first)).body.value,
    ).toEqual([]);
    // The next login shows them again.
    const second = {
      authorization: await tokenOf(app, member.username, member.password, { merchant: 'tala' }),
    };
    expect(
      (await call('GET', '/wps/relay/MCSFE_getPopupAnnouncements', undefined, second)).body.value.length,
    ).toBe(2);
    const guest = await call('GET', '/wps/relay/MCSFE_getPopupAnnouncements');
    expect(guest.status).toBe(401);
    expect(guest.body.errorCode).toBe('not_logged_in');
  });
});

describe('help centre administration', () => {
  it('refuses to delete a category that still has articles, then deletes it once emptied', async () => {
    const category = (await admin('POST', '/help-categories', { texts: { EN: { name: 'Temporary' } } })).body
      .value;
    const article = (
      await admin('POST', '/help-articles', {
        categoryId: category.id,
        texts: { EN: { title: 'Q', content: '<p>A</p>' } },
      })
    ).body.value;
    const refused = await admin('DELETE', `/help-categories/${category.id}`);
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe('help_category_not_empty');
    expect((await admin('DELETE', `/help-articles/${article.id}`)).status).toBe(200);
    expect((await admin('DELETE', `/help-categories/${category.id}`)).status).toBe(200);
    const missing = await admin('POST', '/help-articles', {
      categoryId: category.id,
      texts: { EN: { title: 'Q', content: '<p>A</p>' } },
    });
    expect(missing.body).toMatchObject({ errorCode: 'not_found', field: 'categoryId' });
  });

  it('hides disabled categories and articles from the site', async () => {
    const hidden = (
      await admin('POST', '/help-categories', { texts: { EN: { name: 'Hidden category' } }, enabled: false })
    ).body.value;
    await admin('POST', '/help-articles', {
      categoryId: hidden.id,
      texts: { EN: { title: 'Hidden', content: '<p>x</p>' } },
    });
    const names = (await call('GET', '/wps/system/helpCenter')).body.value.categories.map(
      (c: Json) => c.name,
    );
    expect(names).not.toContain('Hidden category');
  });
});

describe('footer, channels and app download', () => {
  it('lists only configured social networks and edits channels as a content operator', async () => {
    const before = (await call('GET', '/wps/relay/MCSFE_getFooter')).body.value;
    expect(before.socialLinks.map((s: Json) => s.type)).toEqual(['FACEBOOK', 'YOUTUBE', 'TELEGRAM']);

    const channels = (await admin('GET', '/channels')).body.value;
    channels.resources.push({
      resourceType: 'INSTAGRAM',
      url: 'https://instagram.com/tala',
      qrCodeUrl: null,
      labelNameEn: 'Instagram',
    });
    const saved = await admin('PUT', '/channels', channels);
    expect(saved.status).toBe(200);
    const after = (await call('GET', '/wps/relay/MCSFE_getFooter')).body.value;
    expect(after.socialLinks.map((s: Json) => s.type)).toEqual([
      'FACEBOOK',
      'INSTAGRAM',
      'YOUTUBE',
      'TELEGRAM',
    ]);

    const unsafe = structuredClone(channels);
    unsafe.customerService[0].path = 'javascript:alert(1)';
    const refused = await admin('PUT', '/channels', unsafe);
    expect(refused.body).toMatchObject({ errorCode: 'unsafe_link', field: 'customerService.0.path' });
    const duplicate = structuredClone(channels);
    duplicate.resources.push(duplicate.resources[0]);
    expect((await admin('PUT', '/channels', duplicate)).body.errorCode).toBe('validation_failed');
    expect((await admin('PUT', '/channels', channels, support)).status).toBe(403);
  });

  it('keeps channel titles and partner names per language, each falling back to EN (edited in the back office)', async () => {
    const channels = (await admin('GET', '/channels')).body.value;
    const live = channels.customerService.find((c: Json) => c.csType === 'LIVECHAT');
    expect(live.titles).toMatchObject({ EN: 'Live chat' });
    live.titles = { EN: 'Chat with us', TY: 'Makipag-chat sa amin' };
    const telegram = channels.customerService.find((c: Json) => c.csType === 'TELEGRAM');
    telegram.titles = { EN: 'Telegram help' };
    expect((await admin('PUT', '/channels', channels)).status).toBe(200);
    // The status (fetched before the site knows its language) carries every language; getService picks one.
    const status = (await call('GET', '/wps/system/status')).body.value;
    expect(status.customerService.find((c: Json) => c.csType === 'LIVECHAT').titles).toEqual(live.titles);
    const title = async (language: string, csType: string) => {
      const service = (await call('GET', '/wps/relay/CSP_getService', undefined, { language })).body.value;
      return service.version.pathList.find((p: Json) => p.csType === csType)?.title;
    };
    expect(await title('EN', 'LIVECHAT')).toBe('Chat with us');
    expect(await title('TY', 'LIVECHAT')).toBe('Makipag-chat sa amin');
    expect(await title('TY', 'TELEGRAM')).toBe('Telegram help');
    expect(await title('VI', 'LIVECHAT')).toBe('Chat with us');
    const noEnglish = structuredClone(channels);
    noEnglish.customerService[0].titles = { TY: 'Walang Ingles' };
    expect((await admin('PUT', '/channels', noEnglish)).body).toMatchObject({
      errorCode: 'validation_failed',
      field: 'customerService.0.titles.EN',
    });

    const partners = (await admin('GET', '/partners')).body.value;
    const bank = partners.find((p: Json) => (p.names as Json).EN === 'Bank Transfer');
    expect(bank.names).toEqual({
      EN: 'Bank Transfer',
      TY: 'Paglipat sa bangko',
      CN: '银行转账',
      ID: 'Transfer bank',
      TH: 'โอนผ่านธนาคาร',
      VI: 'Chuyển khoản ngân hàng',
    });
    const { id, imageUrls, ...body } = bank;
    // A logo per language, each spelling the partner's name in that language; the footer shows the visitor's.
    expect(Object.keys(imageUrls).sort()).toEqual(['CN', 'EN', 'ID', 'TH', 'TY', 'VI']);
    const logo = async (url: string) => (await app.inject({ url, headers: { merchant: 'tala' } })).body;
    expect(await logo(imageUrls.EN)).toContain('>Bank Transfer</text>');
    expect(await logo(imageUrls.TY)).toContain('>Paglipat sa bangko</text>');
    expect(await logo(imageUrls.CN)).toContain('xml:lang="zh-CN"');
    expect(await logo(imageUrls.CN)).toContain('>银行转账</text>');
    const shown = async (language: string) =>
      (
        await call('GET', '/wps/relay/MCSFE_getFooter', undefined, { language })
      ).body.value.paymentPartners.find((p: Json) => p.imageUrl === imageUrls[language]);
    expect(await shown('TH')).toMatchObject({ name: 'โอนผ่านธนาคาร', imageUrl: imageUrls.TH });
    expect(await shown('EN')).toMatchObject({ name: 'Bank Transfer', imageUrl: imageUrls.EN });
    const saved = await admin('PUT', `/partners/${id}`, {
      ...body,
      names: { EN: 'Bank transfer', CN: '银行转账' },
    });
    expect(saved.body.value.names).toEqual({ EN: 'Bank transfer', CN: '银行转账' });
    const names = async (language: string) =>
      (
        await call('GET', '/wps/relay/MCSFE_getFooter', undefined, { language })
      ).body.value.paymentPartners.map((p: Json) => p.name);
    expect(await names('CN')).toContain('银行转账');
    expect(await names('TY')).toContain('Bank transfer');
    expect(await names('TY')).toContain('Bayad sa counter');
    expect(await names('EN')).toContain('Over the Counter');
    const xss = await admin('PUT', `/partners/${id}`, {
      ...body,
      names: { EN: '<img src=x onerror=alert(1)>' },
    });
    expect(xss.body.value.names.EN).toBe('<img src=x onerror=alert(1)>');
    expect((await admin('PUT', `/partners/${id}`, { ...body, names: { TY: 'x' } })).body.errorCode).toBe(
      'validation_failed',
    );
  });

  it('edits footer links and feedback bounds in the content settings, refusing script links', async () => {
    const settings = (await admin('GET', '/content-settings')).body.value;
    settings.footer.helpLinks[0].path = 'javascript:alert(1)';
    expect((await admin('PUT', '/content-settings', settings)).body).toMatchObject({
      errorCode: 'unsafe_link',
      field: 'footer.helpLinks.0.path',
    });
    settings.footer.helpLinks[0].path = '/help';
    settings.feedback = { minWords: 10, maxWords: 5 };
    expect((await admin('PUT', '/content-settings', settings)).body).toMatchObject({
      errorCode: 'validation_failed',
      field: 'feedback.maxWords',
    });
    settings.feedback = { minWords: 3, maxWords: 400 };
    const saved = await admin('PUT', '/content-settings', settings);
    expect(saved.body.value.feedback).toEqual({ minWords: 3, maxWords: 400 });
    const ty = (await call('GET', '/wps/relay/MCSFE_getFooter', undefined, { language: 'TY' })).body.value;
    expect(ty.helpLinks[3].title).toBe('Mga anunsyo');
  });

  it('gives the app download entries with QR codes drawn with the §9 defaults', async () => {
    const { body } = await call('GET', '/wps/relay/MCSFE_getAppDownload');
    expect(body.value.qr).toMatchObject({
      size: 200,
      margin: 20,
      errorCorrectionLevel: 'M',
      dotScale: 1,
      logoScale: 0.2,
    });
    expect(body.value.apps.map((a: Json) => a.resourceType)).toEqual(['IOS', 'ANDROID', 'MOBILE_CONFIG']);
    const mobile = body.value.apps[2];
    expect(mobile.qrText).toBe('http://localhost:80/index');
    const qr = await app.inject({ url: mobile.qrCodeUrl });
    expect(qr.statusCode).toBe(200);
    expect(qr.headers['content-type']).toBe('image/svg+xml; charset=utf-8');
    expect(qr.headers['x-content-type-options']).toBe('nosniff');
    expect(qr.body).toMatch(/^<svg [^>]*width="200" height="200"/);
    expect(qr.body).toContain('<path fill="#000" d="M20 20h');
    const tooLong = await app.inject({ url: `/wps/system/qrcode?text=${'x'.repeat(1001)}` });
    expect(tooLong.statusCode).toBe(400);
    expect((await app.inject({ url: '/wps/system/qrcode' })).json().errorCode).toBe('validation_failed');
  });
});

describe('affiliate applications (/join)', () => {
  const application = {
    name: 'Juan dela Cruz',
    email: 'juan@example.ph',
    mobile: '+63 917 123 4567',
    contactType: 'telegram',
    contactId: '@juandc',
    trafficSource: 'social',
    website: 'https://facebook.com/juandc',
    message: '<script>alert(1)</script> I run a gaming page with 20k followers.',
  };

  it('lands in the back office, keeps free text as text, and is handled by an operator', async () => {
    const sent = await call('POST', '/wps/relay/MCSFE_submitAffiliateApplication', application, {
      'x-forwarded-for': '1.2.3.4',
    });
    expect(sent.status).toBe(200);
    const list = await admin('GET', '/affiliate-applications?status=new', undefined, support);
    const found = list.body.value.list.find((a: Json) => a.id === sent.body.value.id);
    expect(found).toMatchObject({ name: 'Juan dela Cruz', message: application.message, status: 'new' });
    expect(list.headers['content-type']).toMatch(/^application\/json/);
    const handled = await admin(
      'PATCH',
      `/affiliate-applications/${found.id}`,
      { status: 'contacted', operatorNote: 'Called on Telegram' },
      support,
    );
    expect(handled.body.value).toMatchObject({ status: 'contacted', handledBy: 'support' });
  });

  it('refuses a script website, a bad e-mail and floods from one address', async () => {
    const unsafe = await call('POST', '/wps/relay/MCSFE_submitAffiliateApplication', {
      ...application,
      website: 'javascript:alert(1)',
    });
    expect(unsafe.body).toMatchObject({ errorCode: 'unsafe_link', field: 'website' });
    const email = await call('POST', '/wps/relay/MCSFE_submitAffiliateApplication', {
      ...application,
      email: 'x',
    });
    expect(email.body).toMatchObject({ errorCode: 'validation_failed', field: 'email' });
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const response = await app.inject({
        method: 'POST',
        url: '/wps/relay/MCSFE_submitAffiliateApplication',
        headers: { merchant: 'tala' },
        remoteAddress: '10.20.30.40',
        payload: application,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses[5]).toBe(429);
  });
});

describe('back-office access to content', () => {
  const calls: [string, string][] = [
    ['GET', '/banners'],
    ['GET', '/notices'],
    ['GET', '/announcements'],
    ['GET', '/help-categories'],
    ['GET', '/help-articles'],
    ['GET', '/partners'],
    ['GET', '/content-settings'],
    ['GET', '/channels'],
    ['GET', '/images'],
  ];
  it.each(calls)('%s %s: owner and content 200, support 403, no token 401', async (method, url) => {
    expect((await admin(method, url, undefined, owner)).status).toBe(200);
    expect((await admin(method, url, undefined, content)).status).toBe(200);
    const refused = await admin(method, url, undefined, support);
    expect(refused.status).toBe(403);
    expect(refused.body.errorCode).toBe('forbidden');
    expect((await call(method, `/admin-api/merchants/tala${url}`)).status).toBe(401);
  });
});

describe('API document', () => {
  it('describes the content and support routes from their contracts', async () => {
    const response = await app.inject({ url: '/api-docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    for (const path of [
      '/wps/relay/MCSFE_getBanners',
      '/wps/relay/MCSFE_getListAnnouncements',
      '/wps/system/helpCenter',
      '/wps/system/qrcode',
      '/wps/feedback',
      '/wps/relay/CSP_getService',
      '/admin-api/merchants/{code}/banners',
      '/admin-api/support/feedback',
    ]) {
      expect(paths, path).toContain(path);
    }
  });
});

describe('the installable web app of each merchant', () => {
  it('names the merchant, in its colours, with icons drawn for it (tala by Merchant header, lucky by host)', async () => {
    const { PNG } = await import('pngjs');
    const manifests = [
      await app.inject({ url: '/manifest.webmanifest', headers: { merchant: 'tala' } }),
      await app.inject({ url: '/manifest.webmanifest', headers: { host: 'lucky.localhost:3000' } }),
    ];
    const [tala, lucky] = manifests.map((response) => {
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toContain('application/manifest+json');
      return response.json();
    });
    expect(tala).toMatchObject({ name: 'Tala Casino', short_name: 'Tala Casino', display: 'standalone' });
    expect(lucky).toMatchObject({ name: 'Lucky Perlas', short_name: 'Lucky Perlas', display: 'standalone' });
    expect(tala.theme_color).not.toBe(lucky.theme_color);
    expect(tala.background_color).not.toBe(lucky.background_color);
    for (const manifest of [tala, lucky])
      expect(manifest.icons.map((i: { sizes: string }) => i.sizes)).toEqual([
        '192x192',
        '512x512',
        '512x512',
      ]);

    const centre = async (src: string, headers: Record<string, string>) => {
      const response = await app.inject({ url: src, headers });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      const image = PNG.sync.read(response.rawPayload);
      // The tile's corner near the top left (outside the ring and star) is the merchant's primary colour family.
      const at = (x: number, y: number) => [
        ...image.data.subarray((y * image.width + x) * 4, (y * image.width + x) * 4 + 3),
      ];
      return { width: image.width, tile: at(Math.round(image.width * 0.2), Math.round(image.height * 0.12)) };
    };
    const talaIcon = await centre(tala.icons[0].src, { merchant: 'tala' });
    const luckyIcon = await centre(lucky.icons[1].src, { host: 'lucky.localhost:3000' });
    expect(talaIcon.width).toBe(192);
    expect(luckyIcon.width).toBe(512);
    expect(talaIcon.tile).not.toEqual(luckyIcon.tile);
    expect((await app.inject({ url: '/icons/other.png', headers: { merchant: 'tala' } })).statusCode).toBe(
      400,
    );
  });

  it('words the manifest in the language the site asks for, else in the merchant’s default', async () => {
    const manifest = async (query: string) => {
      const response = await app.inject({
        url: `/manifest.webmanifest${query}`,
        headers: { merchant: 'tala' },
      });
      return { status: response.statusCode, body: response.json() };
    };
    const english = await manifest('');
    expect(english.body).toMatchObject({ lang: 'en', description: expect.stringContaining('live casino') });
    const descriptions = new Set([english.body.description]);
    for (const [code, tag] of [
      ['ty', 'fil'],
      ['cn', 'zh-CN'],
      ['ID', 'id'],
      ['th', 'th'],
      ['vi', 'vi'],
    ]) {
      const { status, body } = await manifest(`?lang=${code}`);
      expect(status).toBe(200);
      expect(body).toMatchObject({ lang: tag, name: 'Tala Casino' });
      expect(body.description).toContain('Tala Casino');
      descriptions.add(body.description);
    }
    expect(descriptions.size).toBe(6);
    expect((await manifest('?lang=ja')).status).toBe(400);
  });
});
