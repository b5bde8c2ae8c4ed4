// Browser test of the live studio's back office (issue 16 item 5; docs/decisions/054-live-office.md): the owner
// opens Live casino, sees the tables, puts one under maintenance (confirming that its open rounds will be refunded)
// and back, and opens the rounds explorer and a round's detail.
import { describe, expect, it } from 'vitest';
import { adminCall, adminLogin } from './support/api.ts';
import { signInToBackOffice } from './support/back-office.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

type Table = { code: string; maintenance: boolean; openRounds: number };
async function tableOf(code: string) {
  const owner = await adminLogin();
  const value = await adminCall<{ list: Table[] }>(owner, 'GET', '/admin-api/live/tables');
  return value.list.find((t) => t.code === code);
}

describe('the live casino back office', () => {
  it('shows the tables, puts one under maintenance and back, and explores the rounds', async () => {
    const page = await newPage();
    await signInToBackOffice(page, 'owner', 'owner-demo-1');
    await page.getByRole('link', { name: 'Live casino' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Live casino' }).waitFor();
    const bac1 = page.getByRole('form', { name: 'Baccarat Maynila (BAC-1)' });
    await bac1.waitFor();
    const form = page.getByRole('form', { name: 'Speed Baccarat Cebu (BAC-2)' });
    // The cycle is locked while the table runs.
    expect(await form.getByLabel('Betting seconds').isDisabled()).toBe(true);

    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.accept();
    });
    await form.getByRole('switch', { name: 'Under maintenance' }).check();
    await form.getByRole('button', { name: 'Save BAC-2' }).click();
    await form.getByText('Saved.').waitFor();
    expect(dialogs[0]).toContain('refunded');
    await expect.poll(async () => (await tableOf('BAC-2'))?.maintenance).toBe(true);
    expect((await tableOf('BAC-2'))?.openRounds).toBe(0);
    await form.locator('.badge', { hasText: 'Under maintenance' }).waitFor();

    await form.getByRole('switch', { name: 'Under maintenance' }).uncheck();
    await form.getByRole('button', { name: 'Save BAC-2' }).click();
    await form.locator('.badge', { hasText: 'Running' }).waitFor();
    expect((await tableOf('BAC-2'))?.maintenance).toBe(false);
    expect(dialogs).toHaveLength(1);

    await page.getByRole('link', { name: 'Rounds', exact: true }).click();
    await page.getByRole('heading', { level: 2, name: 'Rounds' }).waitFor();
    await page.getByLabel('Table').selectOption('BAC-2');
    const details = page.getByRole('button', { name: /^Round \d+ of BAC-2: details$/ }).first();
    await details.waitFor({ timeout: 15_000 });
    await details.click();
    await page.getByRole('heading', { level: 3, name: /^BAC-2 round \d+$/ }).waitFor();
    await page.getByText('Seed hash (committed before betting)').waitFor();
    await page.getByRole('table', { name: /^This merchant’s bets on round \d+$/ }).waitFor();

    // The phone layout of the tables.
    const small = await newPage({ viewport: phone });
    await signInToBackOffice(small, 'owner', 'owner-demo-1');
    await small.goto(`${baseUrl()}/admin/live/tala/tables`);
    await small.getByRole('form', { name: 'Speed Baccarat Cebu (BAC-2)' }).waitFor();
  });

  it('shows support the rounds and the room chat only', async () => {
    const page = await newPage();
    await signInToBackOffice(page, 'support', 'support-demo-1');
    await page.getByRole('link', { name: 'Live casino' }).first().click();
    await page.getByRole('heading', { level: 2, name: 'Rounds' }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Live casino sections' });
    expect(await tabs.getByRole('link').allTextContents()).toEqual(['Rounds', 'Room chat']);
    await page
      .getByRole('button', { name: /^Round \d+ of BAC-\d: details$/ })
      .first()
      .waitFor({ timeout: 15_000 });
  });
});
