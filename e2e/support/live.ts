// Helpers of the live tables' browser tests (live-baccarat, live-tables).
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiLogin } from '../members-support.ts';

/** A member's session token, logged in through the API (solving the proof of work as the site's widget does). */
export async function memberToken(username: string, password: string): Promise<string> {
  return (await apiLogin(username, password)).token as string;
}

/** Money as a table page shows it, in minor units. */
export const money = (text: string | null) => Math.round(Number((text ?? '').replace(/[^0-9.]/g, '')) * 100);

/** Waits until the page takes bets with at least `seconds` left (the next round when fewer are left). */
export async function bettingOpen(page: Page, seconds: number): Promise<number> {
  await expect
    .poll(
      async () => {
        const phase = await page.getByTestId('phase').textContent();
        const left = Number(((await page.getByTestId('countdown').textContent()) ?? '').replace(/\D/g, ''));
        return phase === 'Place your bets' && left >= seconds;
      },
      { timeout: 45_000, interval: 250 },
    )
    .toBe(true);
  return Number(((await page.getByTestId('round-no').textContent()) ?? '').replace(/\D/g, ''));
}
