// Browser tests of the in-house lottery (issue 14): the lobby at /lottery lists the fast Vietnam games; a member
// opens one, sees the issue on sale with its countdown and commitment, picks every two-digit number for lô 2 số
// (so the draw surely pays), places the bet, and after the draw sees it won, paid and the result with its revealed
// seed (EN, desktop); the same betting page in Tagalog on a phone in the dark theme.
import { describe, expect, it } from 'vitest';
import { closeAnnouncements, logInFromHeader, registerMember, useLanguage } from './members-support.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';
import { depositApproved, waitForOpenSale } from './support/lottery.ts';

const { newPage } = useBrowser();

describe('the in-house lottery', () => {
  it('places a lô 2 số bet on every number of a one-minute game; the draw pays it and shows the result (EN)', async () => {
    const member = await registerMember();
    await depositApproved(member.token, 20_000);
    const page = await newPage();
    await useLanguage(page, 'EN');
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, member.username, member.password);
    await closeAnnouncements(page);

    await page.goto(`${baseUrl()}/lottery`);
    await page.getByRole('heading', { level: 1, name: 'Choose a lottery game' }).waitFor();
    await page.getByRole('link', { name: 'Play Vietnam North 1 min' }).click();
    await page.getByRole('heading', { level: 1, name: 'Vietnam North 1 min' }).waitFor();
    await page.getByText(/Result commitment/).waitFor();
    await page.getByRole('button', { name: /^Lô 2 số/ }).click();
    const grid = page.getByRole('group', { name: /Pick 1 to 100 numbers/ });
    for (let n = 0; n < 100; n++)
      await grid.getByRole('button', { name: String(n).padStart(2, '0'), exact: true }).click();
    expect(await grid.locator('[aria-pressed="true"]').count()).toBe(100);
    await page.getByLabel(/Stake per line/).fill('1');
    await page.getByText('100 lines · total P100').waitFor();

    await waitForOpenSale(page, 5, /Betting closes in/);
    await page.getByRole('button', { name: 'Place bet' }).click();
    const placed = await page.getByRole('status').filter({ hasText: 'Bet placed on issue' }).textContent();
    const issueNo = /issue (\d{8}-\d{4})/.exec(placed ?? '')?.[1];
    expect(issueNo).toBeDefined();
    const myBets = page.getByRole('region', { name: 'My bets' });
    await myBets.getByText('Waiting for the draw').waitFor();

    // Within a minute the issue is drawn: every prize ends in one of the numbers, so 27 hits at ×3.61 pay P97.47.
    await myBets.getByText(/Won · P97/).waitFor({ timeout: 100_000 });
    // The results list is polled; a reload reads it at once.
    await page.reload();
    const results = page.getByRole('region', { name: 'Latest results' });
    const row = results.getByRole('listitem').filter({ hasText: issueNo as string });
    await row.locator('summary').click({ timeout: 30_000 });
    await row.getByText('Server seed:').waitFor();
    expect(await row.locator('dd').count()).toBe(8);
  }, 200_000);

  it('shows the betting page in Tagalog on a phone in the dark theme, with a 3-digit bet type typed in', async () => {
    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${baseUrl()}/lottery?gameCode=VNS3&lottoPrizeMode=SEA`);
    await page.getByRole('heading', { level: 1, name: 'Vietnam Timog 3 min' }).waitFor();
    await page.getByText(/Commitment ng resulta/).waitFor();
    await page.getByRole('button', { name: /^3 càng/ }).click();
    await page.getByLabel(/numerong may 3 digit/).fill('123 045');
    await page.getByText('Mga numero: 123 045').waitFor();
    await page.getByText(/2 linya · kabuuan/).waitFor();
    // A guest who bets is asked to log in.
    await page.getByRole('button', { name: 'Ilagay ang taya' }).click();
    await page.getByRole('dialog').first().waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
  });
});
