import zlib from 'node:zlib';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { apiLogin, logInFromHeader, registerMember } from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { baseUrl, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

/** A small real PNG (a proof of transfer). */
function png(): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(8, 0);
  header.writeUInt32BE(8, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc(8 * (1 + 8 * 3), 0x7f);
  for (let y = 0; y < 8; y++) rows[y * 25] = 0;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function logIn(page: Page, username: string, password: string) {
  await page.goto(`${baseUrl()}/index`);
  await logInFromHeader(page, username, password).catch(async (error) => {
    await page.screenshot({ path: `/tmp/pay-e2e-${username}.png` });
    throw error;
  });
}

async function openCentre(page: Page, entry: string): Promise<{ centre: Locator; content: Locator }> {
  const centre = page.getByRole('dialog', { name: 'Members center' });
  if (!(await centre.isVisible())) {
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page
      .getByRole('menuitem', { name: 'Members center' })
      .click({ timeout: 8000 })
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/pay-e2e-menu.png' });
        throw error;
      });
  }
  await centre
    .getByRole('navigation', { name: 'Members center menu' })
    .getByRole('button', { name: entry })
    .click();
  return { centre, content: centre.getByRole('region', { name: entry }) };
}

async function closeCentre(page: Page) {
  const centre = page.getByRole('dialog', { name: 'Members center' });
  await centre.getByRole('button', { name: 'Close' }).click();
  await centre.waitFor({ state: 'detached' });
}

async function setPaymentPassword(
  content: Locator,
  loginPassword: string,
  paymentPassword: string,
  options: { maybeSet?: boolean } = {},
) {
  const form = content.getByRole('form', { name: 'Set your payment password' });
  // A shared demo account (agent1) may have set it in an earlier test file, with the same password.
  if (options.maybeSet) {
    const ready = content.getByRole('form', { name: 'Transfer to downline' });
    await form.or(ready).first().waitFor();
    if (await ready.isVisible()) return;
  }
  await form.getByLabel('Login password').fill(loginPassword);
  await form.getByLabel('New payment password').fill(paymentPassword);
  await form.getByRole('button', { name: 'Save payment password' }).click();
  await form.waitFor({ state: 'detached' });
}

const balance = (page: Page) => page.getByTestId('balance');

describe('payments', () => {
  it('deposits by bank transfer (approved in the back office) and through the sandbox gateway; the account record shows both', async () => {
    const { username, password } = await registerMember({ payeeName: 'Rosa Lim' });
    await apiLogin(username, password);
    const page = await newPage();
    await logIn(page, username, password);
    await expect.poll(() => balance(page).textContent()).toBe('P0');

    const { content } = await openCentre(page, 'Deposit');
    const bank = content.getByRole('form', { name: 'Bank transfer' });
    await bank.getByText('0012 3456 7890').waitFor();
    await bank.getByLabel('Amount').fill('50');
    await bank.getByLabel('Name on the paying account').fill('Rosa Lim');
    await bank.getByLabel('Transfer reference').fill('BDO-55501');
    await bank.getByRole('button', { name: 'I have sent it' }).click();
    await bank.getByRole('alert').getByText('The amount is below the minimum.').waitFor();
    await bank.getByLabel('Amount').fill('1,500');
    await bank
      .getByLabel(/Proof of transfer/)
      .setInputFiles({ name: 'slip.png', mimeType: 'image/png', buffer: png() });
    await bank.getByRole('button', { name: 'I have sent it' }).click();
    const sent = await bank.getByRole('status').textContent();
    const orderNo = /D[0-9A-F]{16}/.exec(sent ?? '')?.[0];
    expect(orderNo, sent ?? '').toBeTruthy();
    await content.getByRole('region', { name: 'My deposits' }).getByText('Pending').waitFor();

    // The back office approves it in its own browser page.
    const admin = await newPage();
    await admin.goto(`${baseUrl()}/admin/`);
    await admin.getByLabel('Username').fill('finance');
    await admin.getByLabel('Password').fill('finance-demo-1');
    await admin.getByRole('button', { name: 'Sign in' }).click();
    await admin.getByRole('heading', { name: 'Site settings' }).waitFor();
    await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }).click();
    await admin.getByRole('heading', { name: 'Payments' }).waitFor();
    const row = admin.getByRole('row').filter({ hasText: orderNo as string });
    await row.getByRole('img', { name: 'Proof 1' }).waitFor();
    // The decision's own answer first, so that the list is filtered once it holds (and a refusal shows here).
    const decided = admin.waitForResponse((r) =>
      /\/admin-api\/payments\/deposits\/\d+\/approve$/.test(r.url()),
    );
    await row.getByRole('button', { name: `Approve ${orderNo}` }).click();
    const answer = await decided;
    expect(answer.status(), await answer.text()).toBe(200);
    await admin.getByLabel('Status').first().selectOption('approved');
    await admin
      .getByRole('row')
      .filter({ hasText: orderNo as string })
      .getByText('Decided by finance')
      .waitFor();

    await closeCentre(page);
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await expect.poll(() => balance(page).textContent()).toBe('P1,500');

    // Online payment: the sandbox gateway's page, then back to the site, credited by its signed notification.
    await openCentre(page, 'Deposit');
    await content.getByRole('button', { name: 'Online payment' }).click();
    const gateway = content.getByRole('form', { name: 'Online payment' });
    await gateway.getByLabel('Amount').fill('300');
    await gateway.getByRole('button', { name: 'Continue to payment' }).click();
    await page.getByRole('heading', { name: 'SandboxPay checkout' }).waitFor();
    expect(await page.getByLabel('Amount to pay').textContent()).toBe('PHP 300.00');
    await page.getByRole('button', { name: 'Pay now' }).click();
    await page.waitForURL(/\/index$/);
    await expect.poll(() => balance(page).textContent()).toBe('P1,800');

    const record = await openCentre(page, 'Transaction history');
    const table = record.content.getByRole('table');
    await table.getByRole('row').nth(2).waitFor();
    const amounts = await table.locator('tbody tr td.amount:nth-of-type(3)').allTextContents();
    expect(amounts).toEqual(['P300', 'P1,500']);
    await record.content.getByLabel('Type').selectOption('withdrawal');
    await record.content.getByText('Nothing here yet.').waitFor();
  });

  it('withdraws to a bound card: approved, paid in part and confirmed partly received in the member centre', async () => {
    const { username, password } = await registerMember({ payeeName: 'Ben Tan' });
    await apiLogin(username, password);
    const finance = await adminLogin('finance', 'finance-demo-1');
    const owner = await adminLogin();
    const members = await adminCall<{ list: { memberId: number }[] }>(
      owner,
      'GET',
      `/admin-api/payments/balances?merchantCode=tala&q=${username}`,
    );
    const memberId = members.list[0]?.memberId as number;
    const asked = await adminCall<{ id: number }>(finance, 'POST', '/admin-api/payments/adjustments', {
      memberId,
      direction: 'credit',
      amount: 500_000,
      reason: 'Opening funds for the browser test',
    });
    await adminCall(owner, 'POST', `/admin-api/payments/adjustments/${asked.id}/approve`);

    const page = await newPage();
    await logIn(page, username, password);
    await expect.poll(() => balance(page).textContent()).toBe('P5,000');
    const { content } = await openCentre(page, 'Withdrawal');
    await setPaymentPassword(content, password, '482913');
    const card = content.getByRole('form', { name: 'Bind a bank card' });
    await card.getByLabel('Bank name').fill('Metrobank');
    await card.getByLabel('Account number').fill('4455667788');
    await card.getByLabel('Payee name (your registered name)').fill('Someone Else');
    await card.getByLabel('Payment password').fill('482913');
    await card.getByRole('button', { name: 'Bind card' }).click();
    await card.getByText('The payee name must match your registered name.').waitFor();
    await card.getByLabel('Payee name (your registered name)').fill('Ben Tan');
    await card.getByRole('button', { name: 'Bind card' }).click();
    await content.getByText('Metrobank **** 7788 · Ben Tan').waitFor();

    const request = content.getByRole('form', { name: 'Withdraw' });
    await request.getByLabel('Amount').fill('2000');
    await request.getByLabel('Payment password').fill('wrong-pass');
    await request.getByRole('button', { name: 'Withdraw' }).click();
    await request.getByText('The payment password is not correct.').waitFor();
    await request.getByLabel('Payment password').fill('482913');
    await request.getByRole('button', { name: 'Withdraw' }).click();
    const requested = await request.getByRole('status').textContent();
    const orderNo = /W[0-9A-F]{16}/.exec(requested ?? '')?.[0] as string;
    expect(orderNo).toBeTruthy();
    await expect.poll(() => balance(page).textContent()).toBe('P3,000');

    const queue = await adminCall<{ list: { id: number; orderNo: string }[] }>(
      finance,
      'GET',
      `/admin-api/payments/withdrawals?q=${orderNo}`,
    );
    const id = queue.list[0]?.id as number;
    await adminCall(finance, 'POST', `/admin-api/payments/withdrawals/${id}/approve`);
    await adminCall(owner, 'POST', `/admin-api/payments/withdrawals/${id}/paid`, { paidAmount: 150_000 });

    await closeCentre(page);
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await expect.poll(() => balance(page).textContent()).toBe('P3,500');
    const again = await openCentre(page, 'Withdrawal');
    const item = again.content.getByRole('article', { name: orderNo });
    await item.getByText('Paid in part: P1,500').waitFor();
    const confirm = item.getByRole('form', { name: 'Did you receive P1,500?' });
    await confirm.getByLabel('Partly received').check();
    await confirm.getByLabel('Amount received').fill('1000');
    await confirm.getByRole('button', { name: 'Send answer' }).click();
    await item.getByText('You received P1,000').waitFor();
    await item.getByText('Under investigation').waitFor();

    const record = await openCentre(page, 'Transaction history');
    await record.content.getByRole('cell', { name: `Withdrawal ${orderNo}: partial payout` }).waitFor();

    // The card cannot be removed while its withdrawal is under investigation; once resolved, it can.
    const cards = (await openCentre(page, 'Withdrawal')).content.getByRole('region', { name: 'Bank cards' });
    const removeButton = cards.getByRole('button', { name: 'Remove Metrobank **** 7788' });
    await removeButton.click();
    const removeForm = cards.getByRole('form', { name: 'Remove Metrobank **** 7788' });
    await removeForm
      .getByText('Remove Metrobank **** 7788? Enter your payment password to confirm.')
      .waitFor();
    await removeForm.getByRole('button', { name: 'Cancel' }).click();
    await removeForm.waitFor({ state: 'detached' });
    await removeButton.click();
    await removeForm.getByLabel('Payment password').fill('482913');
    await removeForm.getByRole('button', { name: 'Remove card' }).click();
    await removeForm
      .getByRole('alert')
      .getByText(/A withdrawal to this card is still in progress/)
      .waitFor();
    await adminCall(finance, 'POST', `/admin-api/payments/withdrawals/${id}/resolve`, {
      refundAmount: 50_000,
      note: 'Bank confirmed P1,000 arrived',
    });
    await removeForm.getByRole('button', { name: 'Remove card' }).click();
    await cards
      .getByRole('status')
      .getByText('The card Metrobank **** 7788 was removed.')
      .waitFor()
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/pay-e2e-card-removed.png', fullPage: true });
        throw error;
      });
    await cards.getByText('Bind a bank card to withdraw.').waitFor();
  });

  it('takes a deposit limit changed in the back office at once on the site', async () => {
    const owner = await adminLogin();
    const settingsUrl = '/admin-api/payments/settings?merchantCode=tala';
    const before = await adminCall<unknown>(owner, 'GET', settingsUrl);
    try {
      const admin = await newPage();
      await admin.goto(`${baseUrl()}/admin/`);
      await admin.getByLabel('Username').fill('owner');
      await admin.getByLabel('Password').fill('owner-demo-1');
      await admin.getByRole('button', { name: 'Sign in' }).click();
      // Signed in, the back office opens its first page; going on before that could be undone by that redirect.
      await admin.getByRole('heading', { name: 'Site settings' }).waitFor();
      await admin.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Payments' }).click();
      await admin
        .getByRole('navigation', { name: 'Payments' })
        .getByRole('link', { name: 'Settings', exact: true })
        .click();
      await admin.getByLabel('Merchant', { exact: true }).selectOption('tala');
      const form = admin.getByRole('form', { name: 'Payment settings' });
      const bank = form.getByRole('region', { name: 'Bank transfer deposits' });
      await expect.poll(() => bank.getByLabel('Minimum per deposit').inputValue()).toBe('100.00');
      await bank.getByLabel('Minimum per deposit').fill('250');
      await form.getByRole('button', { name: 'Save payment settings' }).click();
      await form.getByText('Payment settings saved.', { exact: false }).waitFor();
      expect(await bank.getByLabel('Minimum per deposit').inputValue()).toBe('250.00');

      const { username, password } = await registerMember({ payeeName: 'Lara Cruz' });
      const page = await newPage();
      await logIn(page, username, password);
      const { content } = await openCentre(page, 'Deposit');
      const deposit = content.getByRole('form', { name: 'Bank transfer' });
      await deposit.getByText('From P250 to P50,000').waitFor();
      await deposit.getByLabel('Amount').fill('200');
      await deposit.getByLabel('Name on the paying account').fill('Lara Cruz');
      await deposit.getByLabel('Transfer reference').fill('BDO-77701');
      await deposit.getByRole('button', { name: 'I have sent it' }).click();
      await deposit.getByRole('alert').getByText('The amount is below the minimum.').waitFor();
    } finally {
      await adminCall(owner, 'PUT', settingsUrl, before);
    }
  });

  it('lets an agent transfer to their downline, refuses someone outside it, and records it', async () => {
    const page = await newPage();
    await apiLogin('agent1', 'agent-pass-1');
    const owner = await adminLogin();
    const balances = await adminCall<{ list: { memberId: number; username: string; mainBalance: number }[] }>(
      owner,
      'GET',
      '/admin-api/payments/balances?merchantCode=tala&q=agent1',
    );
    const agent = balances.list.find((b) => b.username === 'agent1');
    if (!agent) throw new Error('no agent1');
    if (agent.mainBalance < 100_000) {
      const asked = await adminCall<{ id: number }>(owner, 'POST', '/admin-api/payments/adjustments', {
        memberId: agent.memberId,
        direction: 'credit',
        amount: 100_000,
        reason: 'Float for the transfer test',
      });
      await adminCall(
        await adminLogin('finance', 'finance-demo-1'),
        'POST',
        `/admin-api/payments/adjustments/${asked.id}/approve`,
      );
    }
    const stranger = await registerMember();

    await logIn(page, 'agent1', 'agent-pass-1');
    const { content } = await openCentre(page, 'Transfer to upline');
    await setPaymentPassword(content, 'agent-pass-1', '135791', { maybeSet: true });
    const form = content.getByRole('form', { name: 'Transfer to downline' });
    await form.getByLabel('Member account').fill(stranger.username);
    await form.getByLabel('Amount').fill('100');
    await form.getByLabel('Payment password').fill('135791');
    await form.getByRole('button', { name: 'Transfer to downline' }).click();
    await form.getByText('This member is not in your downline.').waitFor();
    await form.getByLabel('Member account').fill('player1');
    await form.getByRole('button', { name: 'Transfer to downline' }).click();
    await form.getByText(/P100 sent to player1\./).waitFor();

    const record = await openCentre(page, 'Transaction history');
    await record.content.getByRole('cell', { name: 'Transfer to downline player1' }).waitFor();
  });
});
