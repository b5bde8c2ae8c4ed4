// Browser tests of referral, "invite friends" (issue 13 item 4): "a referral's reward". A member copies their link
// from the member centre; a friend opens it, registers (the code carried by the address) and deposits through the
// sandbox payment gateway; the member then sees the friend qualified, the P100 reward in bonus details and in the
// balance (EN, desktop). The same in Tagalog on a phone, the friend registering and depositing over the API.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeAnnouncements, logInFromHeader, solved, uniqueName, useLanguage } from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();
let addresses = 40;
/** Each party of a test browses from its own address (the server refuses friends who share one). */
const nextAddress = () => `198.51.100.${++addresses}`;

async function api(
  path: string,
  init: { method?: string; token?: string; body?: object; headers?: object } = {},
) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      'content-type': 'application/json',
      ...(init.token ? { authorization: init.token } : {}),
      ...init.headers,
    },
    ...(init.body ? { body: JSON.stringify(init.body) } : {}),
  });
  return (await response.json()) as { success: boolean; value: Record<string, unknown> };
}

/** Registers over the API from an address and a browser of its own; answers the username, password and token. */
async function registerFrom(address: string, fields: object = {}) {
  const username = uniqueName('rf');
  const password = 'Secret123';
  const answer = await api('/wps/member/register', {
    method: 'PUT',
    headers: { 'X-Forwarded-For': address, Device: `e2e-${username}` },
    body: {
      username,
      password,
      confirmPassword: password,
      acceptTerms: true,
      confirmAge: true,
      acceptPrivacy: true,
      challenge: await solved(),
      ...fields,
    },
  });
  if (!answer.success) throw new Error(`registration failed: ${JSON.stringify(answer)}`);
  return { username, password, token: answer.value.token as string };
}

async function openCentrePage(page: Page, menuLabel: RegExp, centreName: string, entry: string) {
  await page.getByRole('button', { name: menuLabel }).click();
  await page.getByRole('menuitem', { name: centreName }).click();
  const centre = page.getByRole('dialog', { name: centreName });
  await centre.getByRole('navigation').getByRole('button', { name: entry }).click();
  return centre;
}

/** Copies the link with the page's own button and reads it back from the clipboard. */
async function copiedLink(page: Page, centre: ReturnType<Page['getByRole']>, copy: string, copied: string) {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await centre.getByRole('button', { name: copy }).click();
  await centre.getByRole('button', { name: copied }).waitFor();
  return page.evaluate(() => navigator.clipboard.readText());
}

/**
 * The member comes back to the page until it shows `text` in a friend's card: the friend's deposit is credited when
 * the gateway's notification arrives, which may be a moment after the friend is back on the site.
 */
async function comeBackUntil(page: Page, text: string) {
  const centre = page.getByRole('dialog', { name: 'Members center' });
  for (let attempt = 0; ; attempt++) {
    await page.goto(`${baseUrl()}/index?memberCentre=referral`);
    const card = centre.getByRole('article').filter({ hasText: text });
    const shown = await card.waitFor({ timeout: 4000 }).then(
      () => true,
      () => false,
    );
    if (shown) return { centre, card };
    if (attempt === 4) {
      await page.screenshot({ path: '/tmp/referral-e2e-fail.png' });
      throw new Error(`no friend card with "${text}"`);
    }
  }
}

describe('referral', () => {
  it("a referral's reward: the friend registers through the copied link and deposits; the member sees the reward (EN)", async () => {
    const referrerAddress = nextAddress();
    const referrer = await registerFrom(referrerAddress);
    const page = await newPage({ headers: { 'X-Forwarded-For': referrerAddress } });
    await page.goto(`${baseUrl()}/index`);
    await closeAnnouncements(page);
    await logInFromHeader(page, referrer.username, referrer.password);
    let centre = await openCentrePage(page, /^Account menu/, 'Members center', 'Invite friends');
    await centre.getByRole('heading', { name: 'Invite friends' }).waitFor();
    await centre.getByText('Get P100 for each friend who qualifies. Your friend gets P50 too.').waitFor();
    const code = (await centre.getByTestId('referral-code').textContent()) ?? '';
    expect(code).toMatch(/^[A-Z2-9]{8}$/);
    const link = await copiedLink(page, centre, 'Copy link', 'Copied');
    expect(link).toBe(`${baseUrl()}/register?referralCode=${code}`);
    const qr = centre.getByRole('img', { name: 'QR code of your invitation link' });
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await centre.getByText('No friends yet').waitFor();

    // The friend, on another address and browser, opens the link and registers: the code travels with the address.
    const friendPage = await newPage({ headers: { 'X-Forwarded-For': nextAddress() } });
    await friendPage.goto(link);
    const dialog = friendPage.getByRole('dialog', { name: 'Register' });
    await dialog.getByText(`You were invited by a friend (code ${code}).`).waitFor();
    const friendName = uniqueName('fr');
    await dialog.getByLabel('Username').fill(friendName);
    await dialog.getByLabel('Password', { exact: true }).fill('Secret123');
    await dialog.getByLabel('Confirm password').fill('Secret123');
    await dialog.getByLabel('I have read and accept the terms and conditions.').check();
    await dialog.getByLabel('I am at least 18 years old.').check();
    await dialog.getByLabel('I agree to the privacy policy.').check();
    await dialog
      .getByRole('form', { name: 'Create an account' })
      .getByRole('button', { name: 'Create account' })
      .click();
    await dialog.waitFor({ state: 'detached' });
    await closeAnnouncements(friendPage);

    // Its first deposit, through the sandbox gateway: P300, over the P200 the demo referral asks.
    const friendCentre = await openCentrePage(friendPage, /^Account menu/, 'Members center', 'Deposit');
    await friendCentre.getByRole('button', { name: 'Online payment' }).click();
    const gateway = friendCentre.getByRole('form', { name: 'Online payment' });
    await gateway.getByLabel('Amount').fill('300');
    await gateway.getByRole('button', { name: 'Continue to payment' }).click();
    await friendPage.getByRole('heading', { name: 'SandboxPay checkout' }).waitFor();
    await friendPage.getByRole('button', { name: 'Pay now' }).click();
    await friendPage.waitForURL(/\/index$/);

    // The member comes back to the page: the friend qualified and the reward is paid.
    const { centre: back, card: friend } = await comeBackUntil(page, 'You earned P100');
    centre = back;
    await friend.getByText('Qualified', { exact: true }).waitFor();
    expect(await friend.getByRole('strong').textContent()).not.toBe(friendName);
    const totals = centre.locator('.referral__totals');
    await expect.poll(() => totals.textContent()).toContain('Qualified1');
    expect(await totals.textContent()).toContain('Rewards earnedP100');

    await centre.getByRole('navigation').getByRole('button', { name: 'Bonus details' }).click();
    const bonus = centre.getByRole('article', { name: 'Invite a friend, get P100' });
    await bonus.getByText('P100', { exact: true }).first().waitFor();
    await page.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await expect.poll(() => page.getByTestId('balance').textContent()).toBe('P100');
    // Two browsers, a registration, a gateway's checkout and the reward's job: 35 s on an idle machine, over the
    // suite's 120 s once on a loaded CI machine.
  }, 240_000);

  it('shows the friend qualified and the reward in Tagalog on a phone', async () => {
    const referrerAddress = nextAddress();
    const referrer = await registerFrom(referrerAddress);
    const page = await newPage({ viewport: phone, headers: { 'X-Forwarded-For': referrerAddress } });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    await closeAnnouncements(page);
    await logInFromHeader(page, referrer.username, referrer.password, 'Mag-log in');
    await page.goto(`${baseUrl()}/index?memberCentre=referral`);
    const centre = page.getByRole('dialog', { name: 'Members center' });
    await centre
      .getByText('Makakuha ng P100 sa bawat kaibigang magiging kwalipikado.', { exact: false })
      .waitFor();
    const link = await copiedLink(page, centre, 'Kopyahin ang link', 'Nakopya');
    const code = new URL(link).searchParams.get('referralCode') as string;

    // A friend registers through the code from another address and deposits P200 by bank, approved by finance.
    const friend = await registerFrom(nextAddress(), { referralCode: code, payeeName: 'Ana Reyes' });
    const form = new FormData();
    form.set('amount', '20000');
    form.set('bankAccountId', 'bdo-main');
    form.set('payerName', 'Ana Reyes');
    form.set('reference', `REF-${Date.now()}`);
    const made = (await (
      await fetch(`${baseUrl()}/wps/relay/PAY_depositBank`, {
        method: 'POST',
        headers: { authorization: friend.token },
        body: form,
      })
    ).json()) as { value: { id: number } };
    const finance = await adminLogin('finance', 'finance-demo-1');
    await adminCall(finance, 'POST', `/admin-api/payments/deposits/${made.value.id}/approve`);

    // The member comes back to the page later.
    const { card } = await comeBackUntil(page, 'Nakakuha ka ng P100');
    await card.getByText('Kwalipikado', { exact: true }).waitFor();
    await centre.getByRole('navigation').getByRole('button', { name: 'Detalye ng bonus' }).click();
    await centre.getByRole('article', { name: 'Mag-imbita ng kaibigan, makakuha ng P100' }).waitFor();
  });
});
