// Browser tests of the verifier and the results history (issue 14, decision 043): a real draw's result, opened from
// the betting page's results, is verified in the browser (agree), then the same with a tampered seed (disagree); the
// history page shows the trend chart and its table alternative, on a phone in Tagalog too.
import { describe, expect, it } from 'vitest';
import { useLanguage } from './members-support.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';
import { firstResult } from './support/lottery.ts';

const { newPage } = useBrowser();

describe('verifying draws and the results history', () => {
  it('agrees with a real draw and disagrees with a tampered seed (EN)', async () => {
    const drawn = await firstResult('VNN1');
    const page = await newPage();
    await useLanguage(page, 'EN');
    await page.goto(`${baseUrl()}/lottery?gameCode=VNN1`);
    const results = page.getByRole('region', { name: 'Latest results' });
    const row = results.getByRole('listitem').filter({ hasText: drawn.issueNo });
    await row.locator('summary').click({ timeout: 30_000 });
    await row.getByRole('link', { name: 'Verify this result' }).click();
    await page.getByRole('heading', { level: 1, name: 'Verify a draw' }).waitFor();
    expect(await page.getByLabel('Issue').inputValue()).toBe(drawn.issueNo);
    expect(await page.getByLabel(/Server seed/).inputValue()).toBe(drawn.serverSeed);
    await page.getByRole('status').filter({ hasText: '✓ Verified' }).waitFor();
    await page.getByText(drawn.balls.join(' ')).first().waitFor();

    const tampered = `${drawn.serverSeed.slice(0, -1)}${drawn.serverSeed.endsWith('0') ? '1' : '0'}`;
    await page.getByLabel(/Server seed/).fill(tampered);
    await page.getByRole('button', { name: 'Verify', exact: true }).click();
    await page.getByRole('status').filter({ hasText: '✗ Does not match' }).waitFor();
    expect(await page.getByText('(different)').count()).toBe(2);
  }, 160_000);

  it('shows the last results with a trend chart, hot and cold counts and a table, on a phone in Tagalog', async () => {
    await firstResult('VNN1');
    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/lottery?gameCode=VNN1`);
    await page.getByRole('link', { name: 'Kasaysayan ng resulta at trend' }).click();
    await page.getByRole('heading', { level: 1, name: /mga huling resulta/ }).waitFor();
    await page.getByRole('img', { name: /Trend ng posisyon 1/ }).waitFor();
    await page.getByRole('table', { name: /Posisyon 1/ }).waitFor();
    await page.getByRole('button', { name: 'Posisyon 5' }).click();
    await page.getByRole('img', { name: /Trend ng posisyon 5/ }).waitFor();
    expect(
      await page
        .getByRole('table', { name: /Posisyon 5/ })
        .getByRole('row')
        .count(),
    ).toBe(11);
    await page.getByText(/mainit .* malamig/).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
  }, 160_000);
});
