// Browser test of the point mall (issue 13 item 6): a member whose deposit earned points redeems a reward in the
// point mall, and an operator approves it in the back office's fulfilment queue; in English on a desktop and in
// Tagalog on a phone.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeAnnouncements, logInFromHeader, registerMember, useLanguage } from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();
const PAY = '246810';

/** A real deposit, approved by finance, then the accrual run until the member's points show (P10,000 at P50 a point = 200 points). */
async function memberWithPoints() {
  const member = await registerMember({ payeeName: 'Ana Reyes' });
  const post = (path: string, body: object) =>
    fetch(`${baseUrl()}${path}`, {
      method: 'POST',
      headers: { authorization: member.token, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    }).then((r) => r.json() as Promise<{ success: boolean; value: unknown }>);
  await post('/wps/relay/PAY_paymentPassword', { loginPassword: member.password, paymentPassword: PAY });
  const form = new FormData();
  form.set('amount', '1000000');
  form.set('bankAccountId', 'bdo-main');
  form.set('payerName', 'Ana Reyes');
  form.set('reference', `REF-${Date.now()}`);
  const made = (await (
    await fetch(`${baseUrl()}/wps/relay/PAY_depositBank`, {
      method: 'POST',
      headers: { authorization: member.token },
      body: form,
    })
  ).json()) as { success: boolean; value: { id: number } };
  if (!made.success) throw new Error(`deposit failed: ${JSON.stringify(made)}`);
  const finance = await adminLogin('finance', 'finance-demo-1');
  await adminCall(finance, 'POST', `/admin-api/payments/deposits/${made.value.id}/approve`);
  // The accrual leaves the last seconds to its next run: run it until this deposit is in.
  await expect
    .poll(
      async () => {
        await adminCall(finance, 'POST', '/admin-api/merchants/tala/points/accrue');
        const balance = (await post('/wps/relay/MCS2_getPointBalance', {})).value as { points: number };
        return balance.points;
      },
      { timeout: 40_000, interval: 2_000 },
    )
    .toBe(200);
  return member;
}

type Texts = Record<
  | 'cap'
  | 'redeemThis'
  | 'dialog'
  | 'quantity'
  | 'address'
  | 'mobile'
  | 'remark'
  | 'password'
  | 'submit'
  | 'done'
  | 'close',
  string
>;

async function redeemCap(page: Page, texts: Texts) {
  const card = page.getByRole('article', { name: texts.cap });
  await card.getByRole('button', { name: texts.redeemThis }).click();
  const dialog = page.getByRole('dialog', { name: texts.dialog });
  await dialog.getByLabel(texts.quantity).fill('1');
  await dialog.getByLabel(texts.address).fill('12 Mabini St, Quezon City');
  await dialog.getByLabel(texts.mobile).fill('09171234567');
  await dialog.getByLabel(texts.remark).fill('Please ring twice');
  await dialog.getByLabel(texts.password).fill(PAY);
  await dialog.getByRole('button', { name: texts.submit }).click();
  await dialog.getByRole('status').getByText(texts.done).waitFor();
  await dialog.getByRole('button', { name: texts.close, exact: true }).first().click();
  await page.getByTestId('point-balance').getByText('50').waitFor();
}

async function approveInBackOffice(username: string) {
  const office = await newPage();
  await office.goto(`${baseUrl()}/admin/`);
  await office.getByLabel('Username').fill('support');
  await office.getByLabel('Password').fill('support-demo-1');
  await office.getByRole('button', { name: 'Sign in' }).click();
  await office.getByRole('link', { name: 'Point mall' }).first().click();
  await office.goto(`${baseUrl()}/admin/point-mall/tala/queue`);
  const row = office.getByRole('row').filter({ hasText: username });
  await row.getByText('1 × Tala cap').waitFor();
  await row.getByRole('button', { name: /Approve redemption/ }).click();
  await office.getByRole('combobox', { name: 'Status' }).selectOption('approved');
  await office.getByRole('row').filter({ hasText: username }).getByText('Approved').waitFor();
}

describe('point mall', () => {
  it('redeems a reward with points and the operator approves it (EN, desktop)', async () => {
    const member = await memberWithPoints();
    const page = await newPage();
    await page.goto(`${baseUrl()}/pointMall`);
    await logInFromHeader(page, member.username, member.password);
    await closeAnnouncements(page);
    await page.getByRole('heading', { name: 'Point mall' }).first().waitFor();
    await page.getByTestId('point-balance').getByText('200').waitFor();
    await redeemCap(page, {
      cap: 'Tala cap',
      redeemThis: 'Redeem Tala cap',
      dialog: 'Redeem Tala cap',
      quantity: 'Quantity',
      address: 'Receiving address',
      mobile: 'Mobile number',
      remark: 'Remark (optional)',
      password: 'Payment password',
      submit: 'Redeem now',
      done: 'Redeemed for 150 points.',
      close: 'Close',
    });
    await page.getByRole('tab', { name: 'My redemptions' }).click();
    await page.getByText('1 × Tala cap').waitFor();
    await page.getByText('Processing').waitFor();

    await approveInBackOffice(member.username);
    await page.reload();
    await page.getByRole('tab', { name: 'My redemptions' }).click();
    await page.getByText('Approved').waitFor();
    await page.getByRole('tab', { name: 'Points history' }).click();
    await page.getByRole('cell', { name: '-150' }).waitFor();
  });

  it('redeems in Tagalog on a phone, and the operator approves it', async () => {
    const member = await memberWithPoints();
    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, member.username, member.password, 'Mag-log in');
    await closeAnnouncements(page);
    await page.goto(`${baseUrl()}/pointMall`);
    await page.getByTestId('point-balance').getByText('200').waitFor();
    await redeemCap(page, {
      cap: 'Sombrerong Tala',
      redeemThis: 'I-redeem ang Sombrerong Tala',
      dialog: 'I-redeem ang Sombrerong Tala',
      quantity: 'Dami',
      address: 'Address na padadalhan',
      mobile: 'Numero ng mobile',
      remark: 'Paalala (opsyonal)',
      password: 'Password sa pagbabayad',
      submit: 'I-redeem na',
      done: 'Na-redeem sa halagang 150 puntos.',
      close: 'Isara',
    });
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await page.getByRole('tab', { name: 'Aking mga redemption' }).click();
    await page.getByText('Pinoproseso').waitFor();
    await approveInBackOffice(member.username);
    await page.reload();
    await page.getByRole('tab', { name: 'Aking mga redemption' }).click();
    await page.getByText('Naaprubahan').waitFor();
  });
});
