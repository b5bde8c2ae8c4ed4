// The dong merchant (issue 19 item 3, decision 061): on vn.localhost a member deposits, spins a slot and reads the
// records, and every amount shows with thousands separators and no decimals; a deposit with decimals is refused.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { closeAnnouncements } from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { baseUrl, port, useBrowser } from './support/browser.ts';

const browser = useBrowser();
const vn = () => `http://vn.localhost:${port()}`;

async function call(method: string, path: string, body?: unknown, token?: string) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: {
      merchant: 'saomai',
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...(token ? { authorization: token } : {}),
    },
    body: body ? JSON.stringify(body) : null,
  });
  return (await response.json()) as { success: boolean; value: Record<string, unknown>; errorCode?: string };
}

async function registerVnMember() {
  const challenge = (await call('GET', '/wps/system/challenge')).value;
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  const username = `vn${Date.now().toString(36).slice(-6)}`;
  const answer = await call('PUT', '/wps/member/register', {
    username,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    acceptTerms: true,
    confirmAge: true,
    acceptPrivacy: true,
    payeeName: 'Nguyen Van An',
    challenge: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
  });
  if (!answer.success) throw new Error(JSON.stringify(answer));
  return answer.value.token as string;
}

async function openCentre(page: Page, entry: string) {
  const centre = page.getByRole('dialog', { name: 'Members center' });
  if (!(await centre.isVisible())) {
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Members center' }).click();
  }
  await centre
    .getByRole('navigation', { name: 'Members center menu' })
    .getByRole('button', { name: entry })
    .click();
  return { centre, content: centre.getByRole('region', { name: entry }) };
}

/** Dong amounts: digits grouped by commas (EN), no decimal part, the ₫ sign after. */
const DONG = /^-?\d{1,3}(,\d{3})* ₫$/;

describe('a merchant in Vietnamese dong', () => {
  it('deposits, spins and shows records with no decimals; refuses an amount with decimals', async () => {
    const token = await registerVnMember();
    const page = await browser.newPage();
    await page.addInitScript((value) => sessionStorage.setItem('token', value), token);
    await page.goto(`${vn()}/index`);
    await closeAnnouncements(page);
    const balance = page.getByTestId('balance');
    await expect.poll(() => balance.textContent(), { timeout: 15_000 }).toBe('0 ₫');

    // A deposit of 150,000.5 dong has a fraction of the dong's smallest unit: refused with its own message.
    const { centre, content } = await openCentre(page, 'Deposit');
    const bank = content.getByRole('form', { name: 'Bank transfer' });
    await bank.getByText(/From 10,000 ₫ to 5,000,000 ₫/).waitFor();
    await bank.getByLabel('Amount').fill('150,000.5');
    await bank.getByLabel('Name on the paying account').fill('Nguyen Van An');
    await bank.getByLabel('Transfer reference').fill('VCB-10001');
    await bank.getByRole('button', { name: 'I have sent it' }).click();
    await bank
      .getByRole('alert')
      .getByText('The amount has more decimals than the currency allows.')
      .waitFor();
    await bank.getByLabel('Amount').fill('150,000');
    await bank.getByRole('button', { name: 'I have sent it' }).click();
    const sent = (await bank.getByRole('status').textContent()) ?? '';
    const orderNo = /D[0-9A-F]{16}/.exec(sent)?.[0] as string;
    expect(orderNo, sent).toBeTruthy();
    const mine = content.getByRole('region', { name: 'My deposits' });
    await mine.getByText('150,000 ₫').waitFor();

    // Finance approves it; the member's balance is 150,000 dong.
    const finance = await adminLogin('finance', 'finance-demo-1');
    const pending = await adminCall<{ list: { id: number; orderNo: string; amount: number }[] }>(
      finance,
      'GET',
      '/admin-api/payments/deposits?merchantCode=saomai&status=pending',
    );
    const deposit = pending.list.find((d) => d.orderNo === orderNo);
    expect(deposit?.amount).toBe(150_000);
    await adminCall(finance, 'POST', `/admin-api/payments/deposits/${deposit?.id}/approve`);
    await centre.getByRole('button', { name: 'Close' }).click();
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    await expect.poll(() => balance.textContent()).toBe('150,000 ₫');

    // A slot spin: the balance, the bet and the win are whole dong.
    const slot = await browser.newPage();
    await slot.goto(`${vn()}/games/slot/TALA-RNG-0002#token=${token}`);
    const spin = slot.getByRole('button', { name: 'Spin', exact: true });
    await expect.poll(() => spin.isEnabled(), { timeout: 15_000 }).toBe(true);
    await expect.poll(() => slot.getByTestId('balance').textContent()).toBe('150,000 ₫');
    await spin.click();
    await expect
      .poll(() => slot.getByRole('button', { name: 'Spinning…' }).count(), { timeout: 10_000 })
      .toBe(1);
    await spin.waitFor({ timeout: 120_000 });
    const after = (await slot.getByTestId('balance').textContent()) ?? '';
    expect(after).toMatch(DONG);
    expect((await slot.getByTestId('win').textContent()) ?? '').toMatch(DONG);

    // The betting record shows the round in dong.
    await page.reload();
    await closeAnnouncements(page);
    const records = await openCentre(page, 'Betting record');
    const row = records.content.getByTestId('bet-record').getByRole('row').nth(1);
    await expect.poll(() => row.textContent(), { timeout: 15_000 }).toContain('₫');
    const amounts = (await row.textContent())?.match(/-?[\d,.]+ ₫/g) ?? [];
    expect(amounts.length).toBeGreaterThan(0);
    for (const amount of amounts) expect(amount).toMatch(DONG);
    // And the account record shows the deposit.
    const history = await openCentre(page, 'Transaction history');
    await history.content.getByRole('table').getByText('150,000 ₫').first().waitFor();
  });
});
