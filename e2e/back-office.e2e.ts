import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../apps/server/src/modules/totp/totp.service.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { pickBackOfficeLanguage, signInToBackOffice } from './support/back-office.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const browser = useBrowser();

async function signIn(page: Page, username: string, password: string) {
  await signInToBackOffice(page, username, password);
  await page.getByRole('switch', { name: 'Maintenance mode' }).waitFor();
}

async function saveSettings(page: Page) {
  await page.getByRole('button', { name: 'Save settings' }).click();
  await page.getByText('Settings saved. The player site uses them now.').waitFor();
}

describe('back office', () => {
  it('lets an owner put the player site into maintenance and back, and audits both changes', async () => {
    const owner = await adminLogin();
    const original = await adminCall<Record<string, unknown>>(
      owner,
      'GET',
      '/admin-api/merchants/tala/settings',
    );
    const title = `Cashier upgrade ${Date.now()}`;
    try {
      const admin = await browser.newPage();
      await signIn(admin, 'owner', 'owner-demo-1');
      await expect.poll(() => admin.getByText('owner', { exact: true }).count()).toBeGreaterThan(0);
      expect(await admin.getByText('Owner', { exact: true }).isVisible()).toBe(true);

      const maintenance = admin.getByRole('switch', { name: 'Maintenance mode' });
      expect(await maintenance.isChecked()).toBe(false);
      await maintenance.check();
      await admin.getByRole('textbox', { name: 'Title' }).fill(title);
      expect(await admin.getByText('Unsaved changes').isVisible()).toBe(true);
      await saveSettings(admin);

      const player = await browser.newPage();
      await player.goto(`${baseUrl()}/index`);
      await player.getByRole('heading', { name: title }).waitFor();

      await maintenance.uncheck();
      await saveSettings(admin);
      await player.goto(`${baseUrl()}/index`, { waitUntil: 'networkidle' });
      expect(await player.getByRole('heading', { name: title }).count()).toBe(0);

      await admin.getByRole('link', { name: 'Audit log' }).click();
      await admin.getByRole('heading', { name: 'Audit log' }).waitFor();
      await admin.getByLabel('Action').selectOption('merchant.settings.update');
      const rows = admin.getByRole('row').filter({ hasText: 'Site settings saved' });
      await expect.poll(() => rows.count()).toBeGreaterThanOrEqual(2);
      expect(await rows.first().textContent()).toContain('owner');

      // The newest change switched maintenance off: its diff shows the switch and the title as they were.
      await rows.first().getByRole('button', { name: 'Show changes' }).click();
      await admin
        .getByRole('row', { name: 'maintenance.enabled (Changed) true false', exact: true })
        .waitFor();
      await rows.nth(1).getByRole('button', { name: 'Show changes' }).click();
      const titleChange = admin.getByRole('row', {
        // The title is per language (decision 066): the change is to its English text.
        name: /^maintenance\.title\.EN \(Changed\) .+ Cashier upgrade \d+$/,
      });
      expect(await titleChange.textContent()).toContain(title);
    } finally {
      await adminCall(owner, 'PUT', '/admin-api/merchants/tala/settings', original);
    }
  });

  it('refuses a bad value beside its field and saves nothing', async () => {
    const owner = await adminLogin();
    const original = await adminCall<{ whitelabel: { primaryColour: string } }>(
      owner,
      'GET',
      '/admin-api/merchants/tala/settings',
    );
    try {
      const page = await browser.newPage();
      await signIn(page, 'owner', 'owner-demo-1');
      const colour = page.getByRole('textbox', { name: 'Primary colour', exact: true });
      await colour.fill('#12');
      await page.getByRole('switch', { name: 'Free play' }).click();
      await page.getByRole('button', { name: 'Save settings' }).click();
      await page.getByRole('alert').filter({ hasText: 'Nothing was saved' }).waitFor();
      expect(await colour.getAttribute('aria-invalid')).toBe('true');
      expect(await page.getByText('This value is not accepted.').isVisible()).toBe(true);

      const stored = await adminCall<typeof original & { modules: Record<string, boolean> }>(
        owner,
        'GET',
        '/admin-api/merchants/tala/settings',
      );
      expect(stored).toEqual(original);
    } finally {
      await adminCall(owner, 'PUT', '/admin-api/merchants/tala/settings', original);
    }
  });

  it('shows settings read-only to support, in the language they pick, on a phone; logout returns to login', async () => {
    const page = await browser.newPage({ viewport: phone });
    await signIn(page, 'support', 'support-demo-1');
    await page.getByText('Only owners can change site settings. You are viewing them read-only.').waitFor();
    expect(await page.getByRole('switch', { name: 'Maintenance mode' }).isDisabled()).toBe(true);
    expect(await page.getByRole('textbox', { name: 'Title' }).isDisabled()).toBe(true);
    expect(await page.getByRole('button', { name: 'Save settings' }).count()).toBe(0);

    // On a phone the navigation sits behind the menu button; support sees no audit log.
    expect(await page.getByRole('link', { name: 'Site settings' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Site settings' }).waitFor();
    expect(await page.getByRole('link', { name: 'Audit log' }).count()).toBe(0);

    await pickBackOfficeLanguage(page, 'TY');
    await page.getByRole('heading', { name: 'Mga setting ng site' }).waitFor();
    await page.reload();
    await page.getByRole('heading', { name: 'Mga setting ng site' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('combobox', { name: 'Wika', exact: true }).selectOption('EN');
    // Chinese and Indonesian arrive as their own files when chosen (decision 066).
    await pickBackOfficeLanguage(page, 'CN');
    await page.getByRole('heading', { name: '站点设置' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await page.getByRole('combobox', { name: '语言', exact: true }).selectOption('ID');
    await page.getByRole('heading', { name: 'Pengaturan situs' }).waitFor();
    await page.getByRole('combobox', { name: 'Bahasa', exact: true }).selectOption('EN');
    await page.getByRole('heading', { name: 'Site settings' }).waitFor();

    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
    await page.getByText('You have logged out.').waitFor();
    await page.goto(`${baseUrl()}/admin/settings`);
    await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
  });

  it('sends the operator back to login when the session is refused', async () => {
    const page = await browser.newPage();
    await signIn(page, 'finance', 'finance-demo-1');
    const token = await page.evaluate(() => sessionStorage.getItem('tala.admin.token'));
    await adminCall(`Bearer ${token}`, 'DELETE', '/admin-api/session');
    await page.getByRole('combobox', { name: 'Merchant' }).selectOption('lucky');
    await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
    await page.getByText('Your session has ended. Please sign in again.').waitFor();
    // Signing in again returns to the page that was asked for.
    await page.getByLabel('Username').fill('finance');
    await page.getByLabel('Password').fill('finance-demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Site settings' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/admin/settings/lucky');
  });

  it('shows the server’s localised message for a wrong password', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/admin/login`);
    await pickBackOfficeLanguage(page, 'TY');
    await page.getByLabel('Username').fill('owner');
    await page.getByLabel('Password').fill('not-the-password');
    await page.getByRole('button', { name: 'Mag-sign in' }).click();
    await page.getByRole('alert').filter({ hasText: 'Mali ang username o password.' }).waitFor();
  });
});

describe('two-step sign-in', () => {
  it('makes a new finance operator set up an authenticator, then accepts a recovery code (phone layout)', async () => {
    const owner = await adminLogin();
    const username = `fin${Date.now().toString(36)}`;
    await adminCall(owner, 'POST', '/admin-api/operators', {
      username,
      password: 'a-long-password-1',
      role: 'finance',
    });
    const page = await browser.newPage({ viewport: phone, rememberedOperators: false });
    await page.goto(`${baseUrl()}/admin/`);
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('a-long-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Set up your authenticator' }).waitFor();
    await page.getByRole('img', { name: 'QR code to scan with the authenticator app' }).waitFor();
    const key = ((await page.locator('.secret-key').textContent()) ?? '').replaceAll(' ', '');
    expect(key).toMatch(/^[A-Z2-7]{32}$/);
    await page.getByLabel('Code').fill('000000' === currentCode(key) ? '111111' : '000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').filter({ hasText: 'The authenticator code is not right' }).waitFor();
    await page.getByLabel('Code').fill(currentCode(key));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Your recovery codes' }).waitFor();
    const codes = await page.locator('.recovery-codes code').allTextContents();
    expect(codes).toHaveLength(10);
    await page.getByRole('button', { name: 'I have saved the codes' }).click();
    await page.getByRole('heading', { name: 'Site settings' }).waitFor();

    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.getByRole('heading', { name: 'Sign in to the back office' }).waitFor();
    await page.getByLabel('Username').fill(username);
    await page.getByLabel('Password').fill('a-long-password-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('heading', { name: 'Enter your authenticator code' }).waitFor();
    await page.getByLabel('Code').fill(codes[0] as string);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('heading', { name: 'Site settings' }).waitFor();
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'My account' }).click();
    await page.getByText('9 recovery codes left.').waitFor();
    // A role that must use it offers no way to turn it off.
    expect(await page.getByRole('button', { name: 'Turn off the authenticator' }).count()).toBe(0);
  });

  it('lets support turn an authenticator on from My account, in Tagalog', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/admin/login`);
    await pickBackOfficeLanguage(page, 'TY');
    await page.getByLabel('Username').fill('support');
    await page.getByLabel('Password').fill('support-demo-1');
    await page.getByRole('button', { name: 'Mag-sign in' }).click();
    await page.getByRole('link', { name: 'Aking account' }).click();
    await page
      .getByRole('heading', { name: 'Authenticator app (dalawang hakbang na pag-sign in)' })
      .waitFor();
    await page.getByText('Opsyonal para sa iyong tungkulin.').waitFor();
    await page.getByRole('button', { name: 'Mag-set up ng authenticator' }).click();
    const key = ((await page.locator('.secret-key').textContent()) ?? '').replaceAll(' ', '');
    await page.getByLabel('Code').fill(currentCode(key));
    await page.getByRole('button', { name: 'I-verify' }).click();
    await page.getByRole('heading', { name: 'Ang iyong mga recovery code' }).waitFor();
    await page.getByRole('button', { name: 'Na-save ko na ang mga code' }).click();
    await page.getByText('10 recovery code na lang ang natitira.').waitFor();
    // Turned off again, so the other tests sign support in with the password alone.
    const owner = await adminLogin();
    const operators = await adminCall<Array<{ id: number; username: string; twoFactor: boolean }>>(
      owner,
      'GET',
      '/admin-api/operators',
    );
    const support = operators.find((o) => o.username === 'support');
    expect(support?.twoFactor).toBe(true);
    await adminCall(owner, 'DELETE', `/admin-api/operators/${support?.id}/second-factor`);
  });
});
