// Helpers of the lottery's browser tests (e2e/lottery*.e2e.ts).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { adminCall, adminLogin } from './api.ts';
import { baseUrl } from './browser.ts';

/** A bank deposit the member makes over the API and finance approves. */
export async function depositApproved(token: string, amount: number) {
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

/** Waits until the issue on sale has at least `seconds` left, so a bet placed now is not refused at the close. */
export async function waitForOpenSale(page: Page, seconds: number, closesIn: RegExp) {
  await expect
    .poll(
      async () => {
        const text =
          (await page
            .getByText(closesIn)
            .textContent()
            .catch(() => null)) ?? '';
        const match = /(\d{2}):(\d{2})/.exec(text);
        return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
      },
      { timeout: 75_000, interval: 500 },
    )
    .toBeGreaterThanOrEqual(seconds);
}

/** Waits until the game has at least one result (the scheduler draws every game every interval) and answers it. */
export async function firstResult(gameCode: string) {
  let found: { issueNo: string; serverSeed: string; balls: string[] } | undefined;
  await expect
    .poll(
      async () => {
        const response = await fetch(`${baseUrl()}/lgw/vn/numeros/opened/game?gameCode=${gameCode}&count=1`);
        const body = (await response.json()) as { value: { list: (typeof found)[] } };
        found = body.value.list[0];
        return Boolean(found);
      },
      { timeout: 130_000, interval: 2_000 },
    )
    .toBe(true);
  return found as NonNullable<typeof found>;
}
