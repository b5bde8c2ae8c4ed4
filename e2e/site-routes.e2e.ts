import { describe, expect, it } from 'vitest';
import { closeAnnouncements, registerMember, signInPage } from './members-support.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const browser = useBrowser();

describe('the spec routes /elott, /download and /seamless', () => {
  it('/elott shows the Vietnam lottery first, opens a draw and comes back, and lists the lottery providers', async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/elott`);
    await page.getByRole('heading', { level: 1, name: 'Lottery' }).waitFor();
    const vietnam = page.getByRole('region', { name: 'Vietnam lottery' });
    await vietnam.getByRole('link', { name: 'Play Vietnam North 1 min' }).waitFor();
    // Only the Vietnam family in its area; the other families under the fast draws.
    expect(
      await vietnam
        .locator('[data-family]')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-family'))),
    ).toEqual(expect.arrayContaining(['VN']));
    expect(await vietnam.locator('[data-family]:not([data-family="VN"])').count()).toBe(0);
    await page
      .getByRole('region', { name: 'Fast draws' })
      .getByRole('link', { name: /^Play PK10 race/ })
      .waitFor();
    // The providers of the lottery categories, into their lobby.
    const providers = page.getByRole('region', { name: 'Lottery providers' });
    await providers.getByRole('link', { name: /Suerte E-Lottery/ }).click();
    await page.waitForURL(/\/lobby\/ELOTT\?vendor=/);

    await page.goBack();
    await vietnam.getByRole('link', { name: 'Play Vietnam North 1 min' }).click();
    await page.waitForURL(/\/lottery\?gameCode=VNN1&lottoPrizeMode=Elott/);
    await page.getByRole('link', { name: 'Back' }).or(page.locator('.lottery-back a')).first().click();
    await page.waitForURL('**/elott');
    await page.getByRole('heading', { level: 1, name: 'Lottery' }).waitFor();
  });

  it('/elott and /download work on a phone in the dark theme, in Tagalog', async () => {
    const page = await browser.newPage({ viewport: phone });
    await page.addInitScript(() => {
      localStorage.setItem('theme', 'dark');
      localStorage.setItem('language', 'TY');
    });
    await page.goto(`${baseUrl()}/elott`);
    await page.getByRole('heading', { level: 1, name: 'Lotto' }).waitFor();
    await page.getByRole('heading', { level: 2, name: 'Mabibilis na bola' }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.goto(`${baseUrl()}/download`);
    await page.getByRole('heading', { level: 1 }).first().waitFor();
    const [scrollWidth, innerWidth] = await page.evaluate(() => [
      document.documentElement.scrollWidth,
      window.innerWidth,
    ]);
    expect(scrollWidth).toBeLessThanOrEqual(innerWidth);
  });

  it("/download shows a QR code of the site's own address, drawn by our server", async () => {
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/download`);
    await page.getByRole('heading', { level: 1, name: 'App download' }).waitFor();
    const qr = page.getByRole('img', { name: /^QR code of .+'s address$/ });
    await qr.waitFor();
    const src = (await qr.getAttribute('src')) ?? '';
    expect(src.startsWith('/wps/system/qrcode?')).toBe(true);
    expect(new URL(src, baseUrl()).searchParams.get('text')).toBe(`${baseUrl()}/index`);
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    expect(await page.locator('[data-page]').getAttribute('data-page')).toBe('download');
  });

  it("/seamless frames a seamless vendor's game with the main wallet beside it", async () => {
    const list = (await (
      await fetch(`${baseUrl()}/wps/relay/GCSGAME_gameList?vassalage=BAGWIS_RNG&pageSize=1`)
    ).json()) as { value: { list: { nodeId: number; name: string }[] } };
    const game = list.value.list[0] as { nodeId: number; name: string };
    const { token } = await registerMember();
    const page = await browser.newPage();
    await signInPage(page, token);

    await page.goto(`${baseUrl()}/seamless`);
    await page.getByRole('heading', { level: 1, name: 'No game is open' }).waitFor();

    await page.goto(`${baseUrl()}/seamless?nodeId=${game.nodeId}`);
    await closeAnnouncements(page);
    await page.getByRole('heading', { level: 1, name: game.name }).waitFor();
    await page.locator(`iframe[title="${game.name}"]`).waitFor();
    await page.getByText('Main wallet', { exact: true }).waitFor();
    await expect.poll(() => page.getByTestId('seamless-balance').textContent()).toMatch(/\d/);
    // Header only: no footer.
    expect(await page.getByRole('contentinfo').count()).toBe(0);
  });
});
