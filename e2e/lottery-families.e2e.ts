// Browser tests of the lottery's other game families (issue 14, decision 041): a member bets dragon and tiger of
// 1st v 10th on the one-minute PK10 race (exactly one of the two wins every draw), the draw pays it and the results
// show the finishing order; the picker of other families on a phone (no sideways scroll), in Tagalog.
import { describe, expect, it } from 'vitest';
import { closeAnnouncements, logInFromHeader, registerMember, useLanguage } from './members-support.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';
import { depositApproved } from './support/lottery.ts';

const { newPage } = useBrowser();

describe('the other lottery families', () => {
  it('places dragon and tiger on the PK10 race; the draw pays one of them and shows the finishing order (EN)', async () => {
    const member = await registerMember();
    await depositApproved(member.token, 20_000);
    const page = await newPage();
    await useLanguage(page, 'EN');
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, member.username, member.password);
    await closeAnnouncements(page);

    await page.goto(`${baseUrl()}/lottery`);
    await page.getByRole('link', { name: 'Play PK10 race · 1 min' }).click();
    await page.getByRole('heading', { level: 1, name: 'PK10 race · 1 min' }).waitFor();
    await page.getByRole('button', { name: /^Dragon\/tiger/ }).click();
    const row = page.getByRole('group', { name: '1st v 10th' });
    await row.getByRole('button', { name: '1st v 10th Dragon' }).click();
    await row.getByRole('button', { name: '1st v 10th Tiger' }).click();
    // Keyboard: the next row's dragon is a tab away and Space picks it; pick it back off the same way.
    await page.getByRole('button', { name: '2nd v 9th Dragon' }).focus();
    await page.keyboard.press('Space');
    await expect
      .poll(() => page.getByRole('button', { name: '2nd v 9th Dragon' }).getAttribute('aria-pressed'))
      .toBe('true');
    await page.keyboard.press('Space');
    await page.getByLabel(/Stake per line/).fill('1');
    await page.getByText('2 lines · total P2').waitFor();
    await page.getByText('Numbers: 1st v 10th Dragon, 1st v 10th Tiger').waitFor();

    // Bet while at least five seconds of the sale are left.
    await expect
      .poll(
        async () => {
          const text =
            (await page
              .getByText(/Betting closes in/)
              .textContent()
              .catch(() => null)) ?? '';
          const match = /(\d{2}):(\d{2})/.exec(text);
          return match ? Number(match[1]) * 60 + Number(match[2]) : 0;
        },
        { timeout: 75_000, interval: 500 },
      )
      .toBeGreaterThanOrEqual(5);
    await page.getByRole('button', { name: 'Place bet' }).click();
    const placed = await page.getByRole('status').filter({ hasText: 'Bet placed on issue' }).textContent();
    const issueNo = /issue (\d{8}-\d{4})/.exec(placed ?? '')?.[1];
    expect(issueNo).toBeDefined();
    const myBets = page.getByRole('region', { name: 'My bets' });
    await myBets.getByText(/Dragon\/tiger · 1st v 10th Dragon 1st v 10th Tiger/).waitFor();

    // No tie is possible: exactly one line wins, P1.95 (×1.95, Lott) on P1, shown in whole pesos by the demo site.
    await myBets.getByText(/^P2 · Won · P1(\.95)?$/).waitFor({ timeout: 100_000 });
    await page.reload();
    const results = page.getByRole('region', { name: 'Latest results' });
    const drawn = results.getByRole('listitem').filter({ hasText: issueNo as string });
    // The finishing order: ten two-digit car numbers.
    await expect
      .poll(async () => drawn.locator('.lottery-special').textContent(), { timeout: 30_000 })
      .toMatch(/^(\d{2} ){9}\d{2}$/);
  }, 200_000);

  it('shows the sum picker of fast 3 dice and the SSC direct rows on a phone in Tagalog, dark theme', async () => {
    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await page.goto(`${baseUrl()}/lottery?gameCode=K3F1`);
    await page.getByRole('heading', { level: 1, name: 'Mabilis na 3 dice · 1 min' }).waitFor();
    // Sum: one pick, each with its own odds (sum 10: ×7.8 in Lott).
    await page
      .getByRole('button', { name: /^Kabuuan/ })
      .first()
      .click();
    await page.getByRole('button', { name: /^10/ }).click();
    await page.getByRole('button', { name: /^11/ }).click();
    await page.getByText('Mga numero: 11').waitFor();
    await page.getByText(/1 linya · kabuuan/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);

    await page.goto(`${baseUrl()}/lottery?gameCode=SSCF1`);
    await page.getByRole('button', { name: /^Unang 3 direkta/ }).click();
    // Quick pick makes one line: a digit on each of the three rows.
    await page.getByRole('button', { name: 'Mabilis na pili' }).click();
    await page.getByText(/1 linya · kabuuan/).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(phone.width);
  });
});
