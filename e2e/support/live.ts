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

/**
 * Waits for a betting window with `seconds` left, puts the chosen chip on each spot, checks the first spot shows
 * `chip` pending, places them, and returns the round they went on. A loaded machine can spend a whole window on a
 * few clicks (a CI run did, with three tables open at once): when the board closes first, or the server refuses
 * the late bet, it tries again on the next round, three rounds at most.
 */
export async function placeChips(
  page: Page,
  spots: string[],
  chip: number,
  seconds: number,
): Promise<number> {
  for (let attempt = 1; ; attempt++) {
    const roundNo = await bettingOpen(page, seconds);
    const last = attempt === 3;
    try {
      for (const spot of spots) await page.getByTestId(`spot-${spot}`).click({ timeout: 5_000 });
      expect(money(await page.getByTestId(`pending-${spots[0]}`).textContent())).toBe(chip);
      await page.getByRole('button', { name: /^Place / }).click({ timeout: 2_000 });
    } catch (e) {
      if (last) throw e;
      continue;
    }
    let outcome: 'placed' | 'refused' | null = null;
    await expect
      .poll(
        async () => {
          if (money(await page.getByTestId('placed-total').textContent()) > 0) outcome = 'placed';
          else if (await page.getByRole('alert').isVisible()) outcome = 'refused';
          return outcome;
        },
        { timeout: 10_000, interval: 100 },
      )
      .not.toBeNull();
    if (outcome === 'placed') return roundNo;
    if (last)
      throw new Error(
        `the table refused the bet three rounds running: ${await page.getByRole('alert').textContent()}`,
      );
  }
}
