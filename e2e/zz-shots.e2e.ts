// Screenshots only (not committed).
import { describe, it } from 'vitest';
import { registerMember } from './members-support.ts';
import { signInToBackOffice } from './support/back-office.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';
import { memberToken } from './support/live.ts';
import { depositApproved } from './support/lottery.ts';

const browser = useBrowser();
const out = '/tmp/bingo-shots';

describe('shots', () => {
  it('takes them', async () => {
    const member = await registerMember();
    await depositApproved(member.token, 20_000);
    const token = await memberToken(member.username, member.password);
    const page = await browser.newPage();
    await page.goto(`${baseUrl()}/games/bingo/BGO-90#token=${token}`);
    await page.getByRole('heading', { level: 1 }).waitFor();
    await page.waitForTimeout(1500);
    // buy 3 cards if on sale
    const buy = page.getByRole('button', { name: /^Buy / });
    if (await buy.isEnabled()) {
      await page.getByTestId('card-count').fill('3');
      await buy.click();
      await page.getByTestId('bingo-card').first().waitFor();
    }
    await page.screenshot({ path: `${out}/real-sale-desktop.png`, fullPage: true });
    const small = await browser.newPage({ viewport: phone });
    await small.addInitScript(() => localStorage.setItem('theme', 'dark'));
    await small.goto(`${baseUrl()}/games/bingo/BGO-75?lang=TY#token=${token}`);
    await small.getByRole('heading', { level: 1 }).waitFor();
    await small.waitForTimeout(1500);
    await small.screenshot({ path: `${out}/real-phone-ty-dark.png`, fullPage: true });
    const site = await browser.newPage();
    await site.goto(`${baseUrl()}/bingo`);
    await site.getByTestId('bingo-room-BGO-75').waitFor();
    await site.waitForTimeout(800);
    await site.screenshot({ path: `${out}/real-site-bingo.png` });
    const admin = await browser.newPage();
    await signInToBackOffice(admin, 'owner', 'owner-demo-1');
    await admin.goto(`${baseUrl()}/admin/live/tala/tables`);
    await admin.getByRole('heading', { name: 'Bingo rooms' }).waitFor();
    await admin.getByRole('heading', { name: 'Bingo rooms' }).scrollIntoViewIfNeeded();
    await admin.screenshot({ path: `${out}/real-admin-rooms.png`, fullPage: true });
    await admin.goto(`${baseUrl()}/admin/live/tala/rounds`);
    await admin.getByLabel('Table').selectOption('BGO-90');
    await admin.waitForTimeout(1500);
    await admin.screenshot({ path: `${out}/real-admin-rounds.png` });
  }, 90_000);
});
