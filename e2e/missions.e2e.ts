// Browser tests of missions (issue 13, item 3): a member signs in and spins a real slot round, which completes the
// demo's daily check-in; the member centre shows the mission badge, the mission's progress bars and its claim; the
// claim drops the badge and raises the balance; the leaderboard lists the member (EN, desktop; TY, phone). The back
// office builds a mission that the member then sees.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeAnnouncements, logInFromHeader, registerMember, useLanguage } from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

/** A bank deposit the member makes over the API and finance approves: money to spin with. */
async function depositApproved(token: string, amount: number) {
  const form = new FormData();
  form.set('amount', String(amount));
  form.set('bankAccountId', 'bdo-main');
  form.set('payerName', 'Ana Reyes');
  form.set('reference', `REF-${Date.now()}`);
  const response = await fetch(`${baseUrl()}/wps/relay/PAY_depositBank`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  const made = (await response.json()) as { success: boolean; value: { id: number } };
  if (!made.success) throw new Error(`deposit failed: ${JSON.stringify(made)}`);
  const finance = await adminLogin('finance', 'finance-demo-1');
  await adminCall(finance, 'POST', `/admin-api/payments/deposits/${made.value.id}/approve`);
}

/** One real round of the in-house slot, with the browser's own session (its login ended the registration's). */
async function spinWithBrowserSession(page: Page) {
  const token = await page.evaluate(() => sessionStorage.getItem('token'));
  const response = await fetch(`${baseUrl()}/wps/relay/SLOTS_spin`, {
    method: 'POST',
    headers: { authorization: token ?? '', 'content-type': 'application/json', merchant: 'tala' },
    body: JSON.stringify({ gameCode: 'TALA-RNG-0001', bet: 100, requestId: `mission-e2e-${Date.now()}` }),
  });
  const spun = (await response.json()) as { success: boolean };
  if (!spun.success) throw new Error(`spin failed: ${JSON.stringify(spun)}`);
}

const balance = (page: Page) => page.getByTestId('balance');
const pounds = (text: string | null) => Number((text ?? '').replace(/[^0-9.]/g, ''));

async function completeAndClaim(options: {
  language: 'EN' | 'TY';
  viewport?: { width: number; height: number };
  login: string;
  centre: string;
  entry: string;
  mission: string;
  claimButton: string;
  claimedStatus: string;
  leaderboardTab: string;
  you: string;
}) {
  const member = await registerMember();
  await depositApproved(member.token, 10_000);
  const page = await newPage(options.viewport ? { viewport: options.viewport } : {});
  await useLanguage(page, options.language);
  await page.goto(`${baseUrl()}/index`);
  await logInFromHeader(page, member.username, member.password, options.login);
  await closeAnnouncements(page);
  await spinWithBrowserSession(page);
  await page.goto(`${baseUrl()}/index?memberCentre=missionLeaderboard`);
  const centre = page.getByRole('dialog', { name: options.centre });
  const entry = centre.getByRole('navigation').getByRole('button', { name: new RegExp(`^${options.entry}`) });
  // The badge counts the completed mission (the demo's daily check-in).
  await expect.poll(() => entry.locator('.count-badge').count(), { timeout: 15_000 }).toBe(1);
  const badgeBefore = Number((await entry.locator('.count-badge').textContent())?.replace(/\D/g, ''));
  expect(badgeBefore).toBeGreaterThanOrEqual(1);

  const card = centre.getByRole('article', { name: options.mission });
  await card.waitFor();
  const bars = card.getByRole('progressbar');
  expect(await bars.count()).toBe(2);
  for (const bar of await bars.all()) expect(await bar.getAttribute('aria-valuenow')).toBe('1');
  const before = pounds(await balance(page).textContent());
  await card.getByRole('button', { name: new RegExp(options.claimButton) }).click();
  await centre.getByRole('status').filter({ hasText: options.mission }).waitFor();
  await card.getByText(options.claimedStatus, { exact: true }).first().waitFor();
  // The badge drops by one and the balance rises by the reward (P5).
  if (badgeBefore === 1) await expect.poll(() => entry.locator('.count-badge').count()).toBe(0);
  else
    await expect
      .poll(async () => Number((await entry.locator('.count-badge').textContent())?.replace(/\D/g, '')))
      .toBe(badgeBefore - 1);
  await expect
    .poll(async () => pounds(await balance(page).textContent()), { timeout: 15_000 })
    .toBe(before + 5);

  await centre.getByRole('tab', { name: options.leaderboardTab }).click();
  await centre.getByText(options.you, { exact: false }).first().waitFor();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  if (options.viewport) expect(width).toBeLessThanOrEqual(options.viewport.width);
  return page;
}

describe('missions', () => {
  it('completes the daily check-in with a sign-in and a spin, claims it, the badge drops and the balance rises (EN)', async () => {
    await completeAndClaim({
      language: 'EN',
      login: 'Log in',
      centre: 'Members center',
      entry: 'Missions',
      mission: 'Daily check-in',
      claimButton: 'Claim the reward of Daily check-in',
      claimedStatus: 'Claimed',
      leaderboardTab: 'Leaderboard',
      you: '(you)',
    });
  });

  it('does the same in Tagalog on a phone', async () => {
    await completeAndClaim({
      language: 'TY',
      viewport: phone,
      login: 'Mag-log in',
      centre: 'Members center',
      entry: 'Mga misyon',
      mission: 'Araw-araw na check-in',
      claimButton: 'Kunin ang gantimpala ng Araw-araw na check-in',
      claimedStatus: 'Nakuha na',
      leaderboardTab: 'Leaderboard',
      you: '(ikaw)',
    });
  });

  it('builds a mission in the back office that the member then sees', async () => {
    const office = await newPage();
    await office.goto(`${baseUrl()}/admin/`);
    await office.getByLabel('Username').fill('owner');
    await office.getByLabel('Password').fill('owner-demo-1');
    await office.getByRole('button', { name: 'Sign in' }).click();
    await office.getByRole('heading', { name: 'Site settings' }).waitFor();
    await office.goto(`${baseUrl()}/admin/missions/tala`);
    await office.getByRole('button', { name: 'New mission' }).click();
    const form = office.getByRole('form', { name: 'Mission builder' });
    await form.getByLabel('Cash reward').fill('12.50');
    await form.getByLabel('Leaderboard points').fill('30');
    const task = form.getByRole('group', { name: 'Task 1' });
    await task.getByLabel('Counts').selectOption('betAmount');
    await task.getByLabel('Product').selectOption('RNG');
    await task.getByLabel('Target amount').fill('3');
    await form.getByLabel('Name').fill('Three peso spin');
    await form.getByLabel('Description').fill('Bet P3 on slots today.');
    await form.getByRole('button', { name: 'Create mission' }).click();
    await office.getByText('Mission saved.').waitFor();
    const row = office.getByRole('row').filter({ hasText: 'Three peso spin' });
    await row
      .getByText('P12.50 + 30 pts', { exact: false })
      .or(row.getByText('12.50 + 30 pts'))
      .first()
      .waitFor();

    const member = await registerMember();
    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, member.username, member.password);
    await closeAnnouncements(page);
    await page.goto(`${baseUrl()}/index?memberCentre=missionLeaderboard`);
    const card = page
      .getByRole('dialog', { name: 'Members center' })
      .getByRole('article', { name: 'Three peso spin' });
    await card.getByText('Bet P3 on slots today.').waitFor();
    await card.getByText('In progress').waitFor();
    expect(await card.getByRole('progressbar').getAttribute('aria-valuenow')).toBe('0');
  });
});
