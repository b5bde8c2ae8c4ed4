import { describe, expect, it } from 'vitest';
import { signInToBackOffice } from './support/back-office.ts';
import { port, useBrowser } from './support/browser.ts';

const browser = useBrowser();

/** Issue 19 item 1: a platform owner creates a merchant in the back office and its site opens on its new domain. */
describe('merchants as a product', () => {
  it('creates a merchant in the back office; its site works at once on its new domain, then suspends it', async () => {
    const code = `nb${Date.now().toString(36)}`;
    const host = `${code}.localhost`;
    const admin = await browser.newPage();
    await signInToBackOffice(admin, 'owner', 'owner-demo-1');
    await admin.getByRole('link', { name: 'Merchants' }).click();
    await admin.getByRole('heading', { name: 'Merchants', level: 1 }).waitFor();
    await admin.getByRole('cell', { name: 'lucky', exact: true }).waitFor();

    await admin.getByRole('textbox', { name: 'Code' }).fill(code);
    await admin.getByRole('textbox', { name: 'Brand name' }).fill('New Brand Casino');
    await admin.getByRole('textbox', { name: 'Domains' }).fill(host);
    await admin.getByRole('textbox', { name: 'Favicon' }).fill('/brand/lucky.svg');
    await admin.getByRole('textbox', { name: 'Time zone' }).fill('Asia/Ho_Chi_Minh');
    await admin.getByRole('textbox', { name: 'Currency' }).fill('VND');
    await admin.getByRole('checkbox', { name: 'Tiếng Việt' }).check();
    await admin.getByRole('textbox', { name: 'Licence text' }).fill('Licensed for the browser test.');
    // A domain of another merchant is refused first, and nothing is created.
    await admin.getByRole('textbox', { name: 'Domains' }).fill('lucky.localhost');
    await admin.getByRole('button', { name: 'Create merchant' }).click();
    await admin
      .getByText('The domain lucky.localhost is already used by another merchant.')
      .first()
      .waitFor();
    await admin.getByRole('textbox', { name: 'Domains' }).fill(host);
    await admin.getByRole('button', { name: 'Create merchant' }).click();
    await admin.getByText(`Merchant ${code} created. Its site answers on ${host}.`).waitFor();
    await admin.getByRole('cell', { name: code, exact: true }).waitFor();

    const site = await browser.newPage();
    await site.goto(`http://${host}:${port()}/index`);
    await site.getByRole('img', { name: 'New Brand Casino' }).first().waitFor();
    expect(await site.title()).toBe('New Brand Casino');
    expect(await site.locator('link[rel="icon"]').getAttribute('href')).toBe('/brand/lucky.svg');

    // Suspended: the site shows its maintenance page.
    admin.once('dialog', (dialog) => void dialog.accept());
    await admin.getByRole('button', { name: `Suspend ${code}` }).click();
    await admin.getByRole('button', { name: `Resume ${code}` }).waitFor();
    await site.reload();
    await site.getByRole('heading', { name: 'Scheduled maintenance' }).waitFor();
  });
});
