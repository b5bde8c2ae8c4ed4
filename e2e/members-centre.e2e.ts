import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, logInFromHeader, registerMember, useLanguage } from './members-support.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

async function logIn(page: Page, username: string, password: string, labels = { login: 'Log in' }) {
  await logInFromHeader(page, username, password, labels.login);
}

const entries = [
  'My account',
  'My wallet',
  'Deposit',
  'Withdrawal',
  'Transfer to upline',
  'Betting record',
  'Transaction history',
  'Profit and loss',
  'Bonus details',
  'Reward center',
  'Invite friends',
  'Missions',
  'Messages',
  'Safer gambling',
];

describe('member centre', () => {
  it('opens from the account menu with its thirteen entries of §2 and safer gambling, my account, the password change, bonus details and invite friends (EN)', async () => {
    const { username, password } = await registerMember({ payeeName: 'Lea Cruz', email: 'lea@example.test' });
    await apiLogin(username, password);
    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await logIn(page, username, password);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Members center' }).click();

    const centre = page.getByRole('dialog', { name: 'Members center' });
    const menu = centre.getByRole('navigation', { name: 'Members center menu' });
    await menu.waitFor();
    expect((await menu.getByRole('button').allTextContents()).map((t) => t.trim())).toEqual(entries);
    expect(await menu.getByRole('button', { name: 'My account' }).getAttribute('aria-current')).toBe('page');

    const account = centre.getByRole('region', { name: 'My account' });
    await account.getByText(username).first().waitFor();
    await account.getByText('le***@example.test').waitFor();
    await account.getByRole('button', { name: 'Change avatar' }).click();
    const avatarSaved = page.waitForResponse((r) => r.url().endsWith('/wps/member/info/icon'));
    await account.getByRole('button', { name: 'Avatar 7' }).click();
    expect((await avatarSaved).status()).toBe(200);

    await account.getByLabel('Current password').fill('not-the-password1');
    await account.getByLabel('New password').fill('Changed123');
    await account.getByLabel('Confirm password').fill('Changed123');
    await account.getByRole('button', { name: 'Save new password' }).click();
    await account.getByLabel('Current password').and(page.locator('[aria-invalid="true"]')).waitFor();
    await account.getByLabel('Current password').fill(password);
    await account.getByRole('button', { name: 'Save new password' }).click();
    await account.getByText('Your password has been changed.', { exact: false }).waitFor();

    await menu.getByRole('button', { name: 'Deposit' }).click();
    expect(await menu.getByRole('button', { name: 'Deposit' }).getAttribute('aria-current')).toBe('page');
    await centre.getByRole('group', { name: 'Payment method' }).waitFor();
    await menu.getByRole('button', { name: 'Bonus details' }).click();
    await centre.getByRole('heading', { name: 'No bonuses yet' }).waitFor();
    // Invite friends is a working page now (issue 13 item 4): the link's QR code, then back to My account.
    await menu.getByRole('button', { name: 'Invite friends' }).click();
    await centre.getByRole('img', { name: 'QR code of your invitation link' }).waitFor();
    await menu.getByRole('button', { name: 'My account' }).click();
    await centre.getByRole('region', { name: 'My account' }).waitFor();
    await centre.getByRole('button', { name: 'Close' }).click();
    await centre.waitFor({ state: 'detached' });
    await apiLogin(username, 'Changed123');
  });

  it('opens at the page the header asks for: deposit, withdrawal, records (TY on a phone)', async () => {
    const { username, password } = await registerMember();
    await apiLogin(username, password);
    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    await logIn(page, username, password, { login: 'Mag-log in' });
    await page.getByRole('banner').getByRole('button', { name: 'Deposito', exact: true }).click();
    const centre = page.getByRole('dialog', { name: 'Members center' });
    const menu = centre.getByRole('navigation', { name: 'Menu ng members center' });
    await menu.waitFor();
    expect(await menu.getByRole('button', { name: 'Deposito' }).getAttribute('aria-current')).toBe('page');
    await centre.getByRole('group', { name: 'Paraan ng pagbabayad' }).waitFor();
    await centre.getByRole('button', { name: 'Isara' }).click();
    await centre.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: /^Menu ng account/ }).click();
    await page.getByRole('menuitem', { name: 'Talaan ng taya' }).click();
    // The betting record (games issue): a new member has no bets in the range.
    await centre.getByText('Walang taya sa saklaw na ito.').waitFor();
  });
});
