// Browser tests of promotions and bonus money (issue 13, items 1, 2 and 8): a member claims the demo welcome bonus
// after a real deposit and watches its turnover move after a real slot spin (EN, desktop); a member claims from the
// reward centre and forfeits in Tagalog on a phone; the back office builds a promotion that the site then lists.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  closeAnnouncements,
  logInFromHeader,
  registerMember,
  uniqueName,
  useLanguage,
} from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

/** A bank deposit the member makes over the API and finance approves: it is what a deposit bonus is paid on. */
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

/** A payment password and a bank card: the demo welcome bonus is one claim per bank account. */
async function bindCard(member: { token: string; password: string }) {
  const post = (path: string, body: object) =>
    fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { authorization: member.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ success: boolean }>);
  await post('/wps/relay/PAY_paymentPassword', { loginPassword: member.password, paymentPassword: '246810' });
  const card = await post('/wps/relay/PAY_bankCards', {
    bankName: 'BPI',
    accountNumber: `${Date.now()}${Math.floor(Math.random() * 1000)}`.slice(-12),
    payeeName: 'Ana Reyes',
    paymentPassword: '246810',
  });
  if (!card.success) throw new Error(`bank card: ${JSON.stringify(card)}`);
}

async function openCentrePage(page: Page, menuLabel: RegExp, centreName: string, entry: string) {
  await page.getByRole('button', { name: menuLabel }).click();
  await page.getByRole('menuitem', { name: centreName }).click();
  const centre = page.getByRole('dialog', { name: centreName });
  await centre.getByRole('navigation').getByRole('button', { name: entry }).click();
  return centre;
}

describe('promotions', () => {
  it('claims the welcome bonus after a deposit and shows the turnover moving after a spin (EN)', async () => {
    const member = await registerMember({ payeeName: 'Ana Reyes' });
    await depositApproved(member.token, 20_000);
    await bindCard(member);
    const page = await newPage();
    await page.goto(`${baseUrl()}/promotions`);
    await logInFromHeader(page, member.username, member.password);
    await closeAnnouncements(page);

    const card = page.getByRole('article', { name: '100% welcome bonus up to P1,000' });
    await card.getByText('Claim', { exact: true }).waitFor();
    await card.getByRole('link', { name: 'Details' }).click();
    await page.getByRole('heading', { name: 'Promotion details' }).waitFor();
    const detail = page.getByRole('article', { name: '100% welcome bonus up to P1,000' });
    await detail.getByText('Slots count in full, sports 50%, live casino 10%.', { exact: false }).waitFor();
    await detail.getByRole('button', { name: 'Claim P200' }).click();
    await detail.getByRole('status').getByText('P200 bonus added to your balance.').waitFor();

    // The withdrawal page shows what the bonus holds back.
    const withdraw = await openCentrePage(page, /^Account menu/, 'Members center', 'Withdrawal');
    const held = withdraw.locator('dl > div').filter({ hasText: 'Held by a bonus' });
    await held.waitFor();
    expect(await held.locator('dd').textContent()).toBe('P400');
    await withdraw.getByRole('navigation').getByRole('button', { name: 'Bonus details' }).click();
    const bonus = withdraw;
    const claimed = bonus.getByRole('article', { name: '100% welcome bonus up to P1,000' });
    await claimed.getByText('P0 of P2,000 wagered (0%)').waitFor();
    await bonus.getByRole('button', { name: 'Close' }).click();

    // A real spin of an in-house slot counts towards the turnover (with the browser's session: its login ended the
    // registration's).
    const token = await page.evaluate(() => sessionStorage.getItem('token'));
    await page.goto(`${baseUrl()}/games/slot/TALA-RNG-0002#token=${token}`);
    const spin = page.getByRole('button', { name: 'Spin', exact: true });
    await expect.poll(() => spin.isEnabled(), { timeout: 15_000 }).toBe(true);
    await page.getByLabel('Bet', { exact: true }).selectOption('200');
    await spin.click();
    await page.getByRole('button', { name: 'Spinning…' }).waitFor();
    await spin.waitFor({ timeout: 120_000 });

    await page.goto(`${baseUrl()}/index?memberCentre=bonusDetails`);
    const after = page.getByRole('dialog', { name: 'Members center' });
    await after.getByText('P2 of P2,000 wagered (0%)').waitFor();
    expect(
      await after.getByRole('progressbar', { name: 'Turnover progress' }).getAttribute('aria-valuenow'),
    ).toBe('0');
  });

  it('claims from the reward centre and forfeits the bonus, in Tagalog on a phone', async () => {
    const member = await registerMember({ payeeName: 'Ana Reyes' });
    await depositApproved(member.token, 50_000);
    await bindCard(member);
    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, member.username, member.password, 'Mag-log in');
    await closeAnnouncements(page);
    await page.goto(`${baseUrl()}/index?memberCentre=rewardCenter`);
    const centre = page.getByRole('dialog', { name: 'Members center' });
    const ready = centre.getByRole('region', { name: 'Handa nang i-claim' });
    const welcome = ready.getByRole('article', { name: '100% welcome bonus hanggang P1,000' });
    await welcome.getByRole('button', { name: 'I-claim ang P500' }).click();
    await centre.getByText('Naidagdag sa iyong balanse ang P500 na bonus.').waitFor();
    const running = centre.getByRole('region', { name: 'Isinasagawa' });
    await running.getByText('P0 sa P5,000 ang naitaya (0%)').waitFor();

    await running.getByRole('button', { name: 'Isuko ang bonus' }).click();
    await running.getByText('Isuko ang bonus na ito?', { exact: false }).waitFor();
    await running.getByRole('button', { name: 'Oo, isuko' }).click();
    await running.getByRole('button', { name: 'Isuko ang bonus' }).waitFor({ state: 'detached' });
    // The welcome bonus is used up; the weekly lucky draw (P500 deposited this week) is still there to draw.
    await ready
      .getByRole('article', { name: 'Lingguhang lucky draw' })
      .getByRole('button', { name: 'Bumunot ngayon' })
      .waitFor();
    await centre.getByRole('navigation').getByRole('button', { name: 'Detalye ng bonus' }).click();
    const forfeited = centre.getByRole('article', { name: '100% welcome bonus hanggang P1,000' });
    await forfeited.getByText('Isinuko').waitFor();
    await forfeited.getByText('P500', { exact: true }).first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
  });

  it('applies with a remark and images, is approved in the back office, and sees the bonus (EN)', async () => {
    const member = await registerMember();
    const page = await newPage();
    await page.goto(`${baseUrl()}/promotions`);
    await logInFromHeader(page, member.username, member.password);
    await closeAnnouncements(page);
    const card = page.getByRole('article', { name: 'Share your big win' });
    await card.getByRole('button', { name: 'Apply' }).click();
    const form = card.getByRole('form', { name: 'Application' });
    await form.getByLabel('Remark').fill('x'.repeat(150));
    expect(await form.getByLabel('Remark').inputValue()).toHaveLength(140);
    await form.getByText('140 of 140 characters').waitFor();
    await form.getByLabel('Remark').fill('Won 80× on Golden Carabao');
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await form.getByLabel('Images').setInputFiles([
      { name: 'win-1.png', mimeType: 'image/png', buffer: png },
      { name: 'win-2.png', mimeType: 'image/png', buffer: png },
    ]);
    await form.getByRole('img', { name: 'win-2.png' }).waitFor();
    await form.getByRole('button', { name: 'Send application' }).click();
    // The list reads the promotion again: it is now waiting for review.
    await card.getByText('Your application is being reviewed.').waitFor();
    await card.getByText('Applying', { exact: true }).waitFor();

    // The owner reads the queue with the images and issues P120.
    const office = await newPage();
    await office.goto(`${baseUrl()}/admin/`);
    await office.getByLabel('Username').fill('owner');
    await office.getByLabel('Password').fill('owner-demo-1');
    await office.getByRole('button', { name: 'Sign in' }).click();
    await office.getByRole('heading', { name: 'Site settings' }).waitFor();
    await office.goto(`${baseUrl()}/admin/promotions/tala/applications`);
    const row = office.getByRole('row').filter({ hasText: member.username });
    await row.getByRole('img', { name: 'Image 2' }).waitFor();
    await row.getByLabel('Bonus').fill('120');
    await row.getByRole('button', { name: 'Issue bonus' }).click();
    await office.getByRole('combobox', { name: 'Status' }).selectOption('issued');
    await office
      .getByRole('row')
      .filter({ hasText: member.username })
      .getByText('120.00 issued by owner')
      .waitFor();

    await page.goto(`${baseUrl()}/index?memberCentre=bonusDetails`);
    const centre = page.getByRole('dialog', { name: 'Members center' });
    const bonus = centre.getByRole('article', { name: 'Share your big win' });
    await bonus.getByText('P0 of P360 wagered (0%)').waitFor();
    await bonus.getByText('In progress').waitFor();
  });

  it('grants a manual bonus from the back office, and the member sees it with its turnover', async () => {
    const member = await registerMember();
    const office = await newPage();
    await office.goto(`${baseUrl()}/admin/`);
    await office.getByLabel('Username').fill('owner');
    await office.getByLabel('Password').fill('owner-demo-1');
    await office.getByRole('button', { name: 'Sign in' }).click();
    await office.getByRole('heading', { name: 'Site settings' }).waitFor();
    await office.goto(`${baseUrl()}/admin/promotions/tala/manual`);
    const form = office.getByRole('form', { name: 'Grant a bonus' });
    await form.getByLabel('Member').fill(member.username);
    await form.getByLabel('Bonus', { exact: true }).fill('50');
    await form.getByLabel('Turnover multiple').fill('4');
    await form.getByLabel('Title').fill('Sorry for the outage');
    await form.getByLabel('Reason (for operators)').fill('Live casino was down for an hour');
    await form.getByRole('button', { name: 'Grant bonus' }).click();
    await form.getByText('Bonus paid.').waitFor();
    await office.getByRole('row').filter({ hasText: member.username }).getByText('Paid').waitFor();

    const page = await newPage({ viewport: phone });
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, member.username, member.password);
    await closeAnnouncements(page);
    await page.goto(`${baseUrl()}/index?memberCentre=bonusDetails`);
    const bonus = page
      .getByRole('dialog', { name: 'Members center' })
      .getByRole('article', { name: 'Sorry for the outage' });
    await bonus.getByText('P0 of P200 wagered (0%)').waitFor();
  });

  it('builds a promotion in the back office with a preview, and the site lists it', async () => {
    const title = `Payday bonus ${uniqueName('p')}`;
    const page = await newPage();
    await page.goto(`${baseUrl()}/admin/`);
    await page.getByLabel('Username').fill('content');
    await page.getByLabel('Password').fill('content-demo-1');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.getByRole('link', { name: 'Promotions' }).first().waitFor();
    await page.goto(`${baseUrl()}/admin/promotions/tala`);
    await page.getByRole('button', { name: 'New promotion' }).click();
    const form = page.getByRole('form', { name: 'Promotion' });
    await form.getByLabel('Kind').selectOption('repeatDeposit');
    await form.getByLabel('Bonus (% of the deposit)').fill('25');
    await form.getByLabel('Largest bonus').fill('300');
    await form.getByLabel('Smallest deposit').fill('150');
    await form.getByLabel('Claims', { exact: true }).selectOption('day');
    await form.getByLabel('Title').fill(title);
    await form.getByLabel('Summary').fill('A quarter more on payday.');
    // The English picture: uploaded at once to the image library, shown in the preview and on the site's card.
    await form.getByLabel(/Picture in this language/).setInputFiles({
      name: 'payday.png',
      mimeType: 'image/png',
      buffer: Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
        'base64',
      ),
    });
    const preview = form.getByRole('region', { name: 'Preview' });
    await preview.locator('img.promo-preview__image').waitFor();
    await preview.getByText('25% up to 300.00 on deposits from 150.00; turnover 10×').waitFor();
    await preview.getByText(title).waitFor();
    await form.getByRole('button', { name: 'Create promotion' }).click();
    await page.getByText('Promotion saved.').waitFor();
    await page.getByRole('cell', { name: title }).waitFor();

    const site = await newPage();
    await site.goto(`${baseUrl()}/promotions`);
    await site.getByRole('button', { name: 'Reload bonus' }).click();
    const card = site.getByRole('article', { name: title });
    await card.getByText('A quarter more on payday.').waitFor();
    expect(await card.locator('img.promo-card__image').getAttribute('src')).toMatch(
      /^\/wps\/content\/images\//,
    );
    await card.getByRole('button', { name: 'Log in' }).waitFor();
    const owner = await adminLogin();
    const listed = await adminCall<{ texts: { EN?: { title: string } }; rules: { percent: number } }[]>(
      owner,
      'GET',
      '/admin-api/merchants/tala/promotions',
    );
    expect(listed.find((p) => p.texts.EN?.title === title)?.rules.percent).toBe(2_500);
  });
});
