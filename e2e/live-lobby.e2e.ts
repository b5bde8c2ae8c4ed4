import { describe, expect, it } from 'vitest';
import { apiLogin, closeAnnouncements, signInPage } from './members-support.ts';
import { baseUrl, useBrowser } from './support/browser.ts';

const browser = useBrowser();

describe('the live studio’s tables on /live', () => {
  it('shows each table’s countdown and last results; Play asks a guest to log in and opens the table for a member', async () => {
    const guest = await browser.newPage();
    await guest.goto(`${baseUrl()}/live`);
    const card = guest.getByRole('listitem').filter({ hasText: 'Baccarat Maynila' });
    await card.waitFor({ timeout: 15_000 });
    await expect
      .poll(async () => (await card.textContent()) ?? '', { timeout: 15_000 })
      .toMatch(/Bets close in \d+ s|Dealing|Next round soon/);
    await card.getByRole('button', { name: 'Play at Baccarat Maynila' }).click();
    await guest.getByRole('dialog').first().waitFor();
    await guest.close();

    const login = await apiLogin('demo', 'demo-pass-1');
    const member = await browser.newPage();
    await signInPage(member, login.token as string);
    await member.goto(`${baseUrl()}/live`);
    await closeAnnouncements(member);
    await member
      .getByRole('listitem')
      .filter({ hasText: 'Baccarat Maynila' })
      .getByRole('button', { name: 'Play at Baccarat Maynila' })
      .click();
    await expect.poll(() => new URL(member.url()).pathname, { timeout: 15_000 }).toBe('/game');
    // The game frame opens the table's page in the in-house client.
    const frame = member.frameLocator('iframe').first();
    await frame.getByRole('heading', { name: 'Baccarat Maynila' }).waitFor({ timeout: 20_000 });
    await member.close();
  });
});
