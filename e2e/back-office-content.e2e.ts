import { describe, expect, it } from 'vitest';
import { adminCall, adminLogin } from './support/api.ts';
import { pickBackOfficeLanguage, signInToBackOffice } from './support/back-office.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const browser = useBrowser();

/** A valid 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type PublicBanner = {
  bannerId: number;
  url: string;
  title: string;
  linkageType: string | null;
  linkageTarget: string | null;
};

describe('back office: content', () => {
  it('creates a banner with an uploaded image and the site’s banners of its group list it', async () => {
    const page = await browser.newPage();
    await signInToBackOffice(page, 'content', 'content-demo-1');
    await page.getByRole('link', { name: 'Content', exact: true }).click();
    await page.getByRole('heading', { name: 'Site content' }).waitFor();
    await page.getByLabel('Banner group').selectOption('promotion');
    await page.getByRole('button', { name: 'Add a banner' }).click();
    const form = page.getByRole('form', { name: 'Banner' });

    // Without the English image nothing is sent.
    await form.getByRole('button', { name: 'Save banner' }).click();
    await form.getByText('Upload the English image').waitFor();

    // A file that only claims to be an image is refused by content.
    await form.getByLabel('Banner image').setInputFiles({
      name: 'fake.png',
      mimeType: 'image/png',
      buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'),
    });
    await form.locator('.field-error').filter({ hasNotText: 'Upload the English image' }).first().waitFor();

    await form
      .getByLabel('Banner image')
      .setInputFiles({ name: 'banner.png', mimeType: 'image/png', buffer: png });
    await form.getByRole('img', { name: 'Uploaded image' }).waitFor();
    const title = `Weekend reload ${Date.now()}`;
    await form.getByLabel('Image description (alternative text)').fill(title);
    await form.getByLabel('Opens').selectOption('URL');
    await form.getByLabel('Target').fill('javascript:alert(1)');
    await form.getByRole('button', { name: 'Save banner' }).click();
    await page.getByText(/^Nothing was saved/).waitFor();
    await form.getByLabel('Opens').selectOption('ROUTE');
    await form.getByLabel('Target').fill('/promotions');
    await form.getByRole('button', { name: 'Save banner' }).click();
    await page.getByRole('list', { name: 'Banners' }).getByText(title).waitFor();

    const response = await fetch(`${baseUrl()}/wps/relay/MCSFE_getBanners?groupName=promotion`);
    const banners = ((await response.json()) as { value: PublicBanner[] }).value;
    const ours = banners.find((b) => b.title === title);
    expect(ours).toMatchObject({ linkageType: 'ROUTE', linkageTarget: '/promotions' });
    const image = await fetch(`${baseUrl()}${ours?.url}`);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    // Deleting it takes it off the site.
    page.once('dialog', (dialog) => void dialog.accept());
    await page
      .getByRole('listitem')
      .filter({ hasText: title })
      .getByRole('button', { name: 'Delete' })
      .click();
    await expect.poll(async () => await page.getByText(title).count()).toBe(0);
    const after = (await (
      await fetch(`${baseUrl()}/wps/relay/MCSFE_getBanners?groupName=promotion`)
    ).json()) as {
      value: PublicBanner[];
    };
    expect(after.value.some((b) => b.title === title)).toBe(false);
  });

  it('renders an announcement’s script and javascript: links inert in the preview and stores them sanitised', async () => {
    const page = await browser.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    await signInToBackOffice(page, 'content', 'content-demo-1');
    await page.goto(`${baseUrl()}/admin/content/tala/announcements`);
    await page.getByRole('button', { name: 'Add an announcement' }).click();
    const form = page.getByRole('form', { name: 'New announcement' });
    const title = `Maintenance notice ${Date.now()}`;
    await form.getByLabel('Title').fill(title);
    await form.getByRole('button', { name: 'HTML' }).click();
    const hostile =
      '<p>Read <strong>this</strong></p><script>window.parent.__xss = "script"; alert("script")</script>' +
      '<a href="javascript:alert(\'link\')">click me</a><a href=" JaVa&#x0A;script:alert(1)">sneaky</a>' +
      '<img src="x" onerror="window.parent.__xss = \'img\'; alert(\'img\')"><a href="https://example.com/">ok</a>';
    await form.getByLabel('HTML of Content').fill(hostile);

    await form.getByRole('button', { name: 'Preview' }).click();
    const preview = page.frameLocator('iframe[title="Preview of Content"]');
    await preview.getByText('click me').waitFor();
    expect(await page.locator('iframe[title="Preview of Content"]').getAttribute('sandbox')).toBe('');
    expect(await preview.locator('script').count()).toBe(0);
    expect(await preview.locator('img').count()).toBe(0);
    expect(await preview.getByText('click me').getAttribute('href')).toBeNull();
    expect(await preview.getByText('sneaky').getAttribute('href')).toBeNull();
    expect(await preview.getByText('ok').getAttribute('href')).toBe('https://example.com/');
    await preview.getByText('click me').click();

    // The editing view is filled from the cleaned markup too.
    await form.getByRole('button', { name: 'Edit' }).click();
    await form.getByRole('textbox', { name: 'Content' }).getByText('click me').waitFor();
    expect(await form.locator('.editor-area [onerror], .editor-area script').count()).toBe(0);

    await form.getByRole('button', { name: 'Save announcement' }).click();
    await page.getByRole('list', { name: 'Announcements' }).getByText(title).waitFor();
    expect(await page.evaluate(() => (window as { __xss?: string }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);

    const owner = await adminLogin('content', 'content-demo-1');
    const stored = await adminCall<{ id: number; texts: { EN: { title: string; content: string } } }[]>(
      owner,
      'GET',
      '/admin-api/merchants/tala/announcements',
    );
    const ours = stored.find((a) => a.texts.EN.title === title);
    expect(ours?.texts.EN.content).toContain('<strong>this</strong>');
    expect(ours?.texts.EN.content).not.toMatch(/script|onerror|javascript/i);
    if (ours) await adminCall(owner, 'DELETE', `/admin-api/merchants/tala/announcements/${ours.id}`);
  });

  it('edits social and customer-service channels in Tagalog on a phone in the dark theme', async () => {
    const auth = await adminLogin('content', 'content-demo-1');
    const original = await adminCall<unknown>(auth, 'GET', '/admin-api/merchants/tala/channels');
    try {
      const page = await browser.newPage({ viewport: phone });
      await signInToBackOffice(page, 'content', 'content-demo-1');
      await page.getByRole('button', { name: 'Menu' }).click();
      await pickBackOfficeLanguage(page, 'TY');
      await page.getByRole('button', { name: 'Madilim na tema' }).click();
      expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
      await page.goto(`${baseUrl()}/admin/content/tala/channels`);
      await page.getByRole('heading', { name: 'Mga entry ng customer service' }).waitFor();
      await page.getByRole('button', { name: 'Magdagdag ng entry' }).click();
      const entries = page.getByRole('region', { name: 'Mga entry ng customer service' });
      const last = entries.locator('.item').last();
      await last.getByLabel('Uri').selectOption('TELEGRAM');
      await last.getByLabel('Pamagat').fill('Telegram support');
      // The title is per language: a Tagalog one beside the required English one.
      await last.getByRole('button', { name: /^Tagalog/ }).click();
      await last.getByLabel('Pamagat').fill('Suporta sa Telegram');
      await last.getByLabel('Link').fill('javascript:alert(1)');
      await page.getByRole('button', { name: 'I-save', exact: true }).click();
      await page.getByRole('alert').waitFor();
      await last.getByLabel('Link').fill('https://t.me/tala_support');
      await page.getByRole('button', { name: 'I-save', exact: true }).click();
      await page.getByText('Nai-save.').waitFor();
      const saved = await adminCall<{ customerService: { titles: Record<string, string>; path: string }[] }>(
        auth,
        'GET',
        '/admin-api/merchants/tala/channels',
      );
      expect(saved.customerService.at(-1)).toEqual({
        csType: 'TELEGRAM',
        titles: { EN: 'Telegram support', TY: 'Suporta sa Telegram' },
        path: 'https://t.me/tala_support',
      });
      // The site shows the entry's title in the visitor's language (the footer's support list, TY).
      const site = await browser.newPage({ viewport: { width: 390, height: 844 } });
      await site.addInitScript(() => localStorage.setItem('language', 'TY'));
      await site.goto(`${baseUrl()}/index`);
      // The footer loads as it comes near; the page above it may still grow, so keep going down until it is there.
      const telegram = site.getByTestId('site-footer').getByRole('link', { name: 'Suporta sa Telegram' });
      await expect
        .poll(
          async () => {
            await site.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
            return telegram.count();
          },
          { timeout: 20_000 },
        )
        .toBeGreaterThan(0);
      await site.close();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(1);
    } finally {
      await adminCall(auth, 'PUT', '/admin-api/merchants/tala/channels', original);
    }
  });
});
