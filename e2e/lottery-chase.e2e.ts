// Browser tests of chasing (issue 14, decision 043): from the bet slip a member starts two chases on a one-minute
// game at once: lô 2 số on all hundred numbers over 3 issues, stopping on a win (every draw pays it, so it stops
// after the first issue and the other two issues' stakes come back), and đề on one number over 3 issues without
// stopping (its second issue is bet when the first draw opens it; the member then cancels the rest). Support then
// finds both in the back office's chase list.
import { describe, expect, it } from 'vitest';
import { closeAnnouncements, logInFromHeader, registerMember, useLanguage } from './members-support.ts';
import { signInToBackOffice } from './support/back-office.ts';
import { baseUrl, useBrowser } from './support/browser.ts';
import { depositApproved, waitForOpenSale } from './support/lottery.ts';

const { newPage } = useBrowser();

describe('chasing', () => {
  it('follows a bet over several issues, stops on a win and refunds the rest; cancels the rest of another', async () => {
    const member = await registerMember();
    await depositApproved(member.token, 50_000);
    const page = await newPage();
    await useLanguage(page, 'EN');
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, member.username, member.password);
    await closeAnnouncements(page);
    await page.goto(`${baseUrl()}/lottery?gameCode=VNN1`);
    await page.getByRole('heading', { level: 1, name: 'Vietnam North 1 min' }).waitFor();

    // Chase 1: lô 2 số on every number, 3 issues, stop on a win.
    await page.getByRole('button', { name: /^Lô 2 số/ }).click();
    const grid = page.getByRole('group', { name: /Pick 1 to 100 numbers/ });
    for (let n = 0; n < 100; n++)
      await grid.getByRole('button', { name: String(n).padStart(2, '0'), exact: true }).click();
    await page.getByLabel(/Stake per line/).fill('1');
    await page.getByLabel('Follow this bet over several issues (chase)').check();
    await page.getByLabel(/Issues to follow/).fill('3');
    expect(await page.getByLabel('Stop when it wins').isChecked()).toBe(true);
    await page.getByText('3 issues · total P300').waitFor();
    await waitForOpenSale(page, 8, /Betting closes in/);
    await page.getByRole('button', { name: 'Start chase' }).click();
    await page.getByRole('status').filter({ hasText: 'Chase started: 3 issues' }).waitFor();

    // Chase 2: đề on 07, 3 issues, without stopping.
    await page.getByRole('button', { name: /^Đề ×/ }).click();
    await grid.getByRole('button', { name: '07', exact: true }).click();
    await page.getByLabel(/Stake per line/).fill('2');
    await page.getByLabel('Follow this bet over several issues (chase)').check();
    await page.getByLabel(/Issues to follow/).fill('3');
    await page.getByLabel('Stop when it wins').uncheck();
    await page.getByText('3 issues · total P6').waitFor();
    await page.getByRole('button', { name: 'Start chase' }).click();
    await page.getByRole('status').filter({ hasText: 'Chase started: 3 issues' }).waitFor();

    const chases = page.getByRole('region', { name: 'My chases' });
    const stopping = chases.getByRole('listitem').filter({ hasText: 'Lô 2 số' });
    const following = chases.getByRole('listitem').filter({ hasText: 'Đề' });
    await stopping.getByText('1 of 3 issues bet').waitFor();
    await following.getByText('1 of 3 issues bet').waitFor();

    // The draw pays the lô chase (27 hits): it stops and the two issues not bet come back (P200).
    await stopping
      .getByText(/Stopped on a win · won P97(\.47)? · P200(\.00)? refunded/)
      .waitFor({ timeout: 100_000 });
    // The đề chase goes on: the next issue, opened by the draw, is bet.
    await following.getByText('2 of 3 issues bet').waitFor({ timeout: 30_000 });
    // Timed out once at 30 s on a loaded CI machine (cause not found; passes in 52 s whole on an idle one).
    await following.getByText(/Running · P2(\.00)? still held/).waitFor({ timeout: 60_000 });
    await following.getByRole('button', { name: 'Cancel the rest' }).click();
    await following.getByText(/Cancelled · P2(\.00)? refunded/).waitFor();
    await expect.poll(() => following.getByRole('button', { name: 'Cancel the rest' }).count()).toBe(0);

    // Its bets are ordinary bets in my bets.
    const myBets = page.getByRole('region', { name: 'My bets' });
    expect(await myBets.getByRole('listitem').count()).toBeGreaterThanOrEqual(3);

    // Support finds both in the back office's chase list by the member's account name.
    const office = await newPage();
    await signInToBackOffice(office, 'support', 'support-demo-1');
    await office.goto(`${baseUrl()}/admin/lottery/tala/chases`);
    await office.getByLabel('Member account').fill(member.username);
    await office.getByRole('button', { name: 'Search' }).click();
    const rows = office.getByRole('table', { name: 'Chases' }).getByRole('row');
    await rows.filter({ hasText: 'Stopped on a win' }).filter({ hasText: 'Lô 2 số' }).waitFor();
    await rows.filter({ hasText: 'Cancelled' }).filter({ hasText: 'Đề' }).waitFor();
    expect(await rows.filter({ hasText: member.username }).count()).toBe(2);
  }, 200_000);
});
