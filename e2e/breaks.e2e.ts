// The member centre's Breaks section (issue 18 item 3; docs/decisions/047-time-out-and-self-exclusion.md): a
// time-out in English on a desktop, a self-exclusion in Tagalog on a phone, each after its confirmation; the banner
// of a restricted account on the site, with the withdrawal one click away; a shorter break refused.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInFromHeader, registerMember, useLanguage } from './members-support.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

/** A call with the browser's own session (a login from elsewhere would end it). */
async function apiAs(page: Page, path: string) {
  const token = (await page.evaluate(() => sessionStorage.getItem('token'))) ?? '';
  const response = await fetch(`${baseUrl()}${path}`, { headers: { authorization: token } });
  return (await response.json()) as { success: boolean; errorCode?: string };
}

async function openBreaks(page: Page, labels: { menu: string; centre: string; entry: string; tab: string }) {
  await page.getByRole('button', { name: new RegExp(`^${labels.menu}`) }).click();
  await page.getByRole('menuitem', { name: 'Members center' }).click();
  const centre = page.getByRole('dialog', { name: 'Members center' });
  await centre
    .getByRole('navigation', { name: labels.centre })
    .getByRole('button', { name: labels.entry })
    .click();
  await centre.getByRole('tab', { name: labels.tab }).click();
  return centre;
}

describe('breaks in the member centre', () => {
  it('takes a time-out after its confirmation; the site then says why play is off and opens the withdrawal (EN)', async () => {
    const { username, password } = await registerMember();
    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, username, password);
    const centre = await openBreaks(page, {
      menu: 'Account menu',
      centre: 'Members center menu',
      entry: 'Safer gambling',
      tab: 'Breaks',
    });
    await centre.getByText('No break is running: you can play as usual.').waitFor();
    await centre.getByLabel('Length of the time-out').selectOption({ label: '1 week' });
    await centre.getByRole('button', { name: 'Take a time-out' }).click();

    // The confirmation says what happens before anything does.
    const confirm = page.getByRole('dialog', { name: 'Start a time-out?' });
    await confirm.getByText('You are about to take a time-out of 1 week.').waitFor();
    await confirm.getByText(/Bonuses still under wagering/).waitFor();
    await confirm.getByText(/you can still withdraw it/).waitFor();
    // Cancelling changes nothing.
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await confirm.waitFor({ state: 'detached' });
    expect((await apiAs(page, '/wps/relay/PAY_depositChannels')).success).toBe(true);

    await centre.getByRole('button', { name: 'Take a time-out' }).click();
    await page
      .getByRole('dialog', { name: 'Start a time-out?' })
      .getByRole('button', { name: 'Start the time-out' })
      .click();
    await centre.getByText('Your time-out has started.').waitFor();
    await centre.getByText(/^Time-out until .+ Play, deposits and bonuses are off until then\.$/).waitFor();
    const entry = centre.getByRole('listitem').filter({ hasText: 'Time-out' });
    await entry.getByText('Running').waitFor();
    expect((await apiAs(page, '/wps/relay/PAY_depositChannels')).errorCode).toBe('timed_out');

    // A shorter time-out is refused, with the reason.
    await centre.getByLabel('Length of the time-out').selectOption({ label: '24 hours' });
    await centre.getByRole('button', { name: 'Take a time-out' }).click();
    await page
      .getByRole('dialog', { name: 'Start a time-out?' })
      .getByRole('button', { name: 'Start the time-out' })
      .click();
    await centre
      .getByRole('alert')
      .getByText(/cannot be shortened/)
      .waitFor();

    // On the site: the banner, and its withdrawal button opens the withdrawal page.
    await centre.getByRole('button', { name: 'Close', exact: true }).click();
    const banner = page.getByRole('status', { name: 'Account restricted' });
    await banner
      .getByText(/Play is off: you are taking a time-out until .+ You can still withdraw your balance\./)
      .waitFor();
    await banner.getByRole('button', { name: 'Withdraw' }).click();
    const menu = page.getByRole('navigation', { name: 'Members center menu' });
    expect(await menu.getByRole('button', { name: 'Withdrawal' }).getAttribute('aria-current')).toBe('page');
  });

  it('excludes the member for a year after its confirmation, and refuses a shorter one (TY on a phone)', async () => {
    const { username, password } = await registerMember();
    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, username, password, 'Mag-log in');
    const centre = await openBreaks(page, {
      menu: 'Menu ng account',
      centre: 'Menu ng members center',
      entry: 'Ligtas na paglalaro',
      tab: 'Pahinga',
    });
    await centre.getByText('Walang pahingang tumatakbo: makakapaglaro ka gaya ng dati.').waitFor();
    await centre.getByRole('radio', { name: '1 taon' }).check();
    await centre.getByRole('button', { name: 'Ibukod ang sarili ko' }).click();
    const confirm = page.getByRole('dialog', { name: 'Ibukod ang sarili?' });
    await confirm.getByText('Ibubukod mo ang sarili mo nang 1 taon.').waitFor();
    await confirm.getByText(/Hindi ito mapapaikli/).waitFor();
    await confirm.getByRole('button', { name: 'Simulan ang self-exclusion' }).click();
    await centre.getByText('Nagsimula na ang iyong self-exclusion.').waitFor();
    await centre.getByText(/^Naka-self-exclusion hanggang .+ man lang\./).waitFor();
    expect((await apiAs(page, '/wps/relay/PAY_depositChannels')).errorCode).toBe('self_excluded');
    // Not liftable before its end.
    await centre.getByText('Mahihiling mong alisin ito kapag tapos na ang panahon nito.').waitFor();

    // Six months would end sooner: refused in Tagalog, nothing changes.
    await centre.getByRole('radio', { name: '6 na buwan' }).check();
    await centre.getByRole('button', { name: 'Ibukod ang sarili ko' }).click();
    await page
      .getByRole('dialog', { name: 'Ibukod ang sarili?' })
      .getByRole('button', { name: 'Simulan ang self-exclusion' })
      .click();
    await centre
      .getByRole('alert')
      .getByText(/Hindi puwedeng paikliin/)
      .waitFor();
    expect(await centre.getByRole('listitem').filter({ hasText: 'Self-exclusion' }).count()).toBe(1);

    await centre.getByRole('button', { name: 'Isara', exact: true }).click();
    const banner = page.getByRole('status', { name: 'Limitadong account' });
    await banner
      .getByText(/Sarado ang paglalaro: ibinukod mo ang sarili mo hanggang .+ man lang\./)
      .waitFor();
    await banner.getByRole('button', { name: 'Mag-withdraw' }).waitFor();
  });
});
