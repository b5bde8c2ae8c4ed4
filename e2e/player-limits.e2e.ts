// Player limits in the member centre (issue 18 item 1): the safer-gambling page's limits section sets a limit that
// applies at once, holds a raise for 24 hours with the time it can be confirmed, removes nothing at once; the deposit
// page offers a deposit limit and opens the section in one click (EN on a desktop, TY on a phone).
import { describe, expect, it } from 'vitest';
import { apiLogin, logInFromHeader, registerMember, useLanguage } from './members-support.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

describe('the limits section', () => {
  it('sets a daily deposit limit at once and holds a raise for 24 hours (EN)', async () => {
    const { username, password } = await registerMember();
    await apiLogin(username, password);
    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, username, password);
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Members center' }).click();
    const centre = page.getByRole('dialog', { name: 'Members center' });
    await centre
      .getByRole('navigation', { name: 'Members center menu' })
      .getByRole('button', { name: 'Safer gambling' })
      .click();
    await centre.getByRole('tab', { name: 'Limits' }).click();

    const daily = centre.getByRole('region', { name: 'Daily deposit limit' });
    await daily.getByText('No limit').waitFor();
    await daily.getByLabel('New Daily deposit limit').fill('500');
    await daily.getByRole('button', { name: 'Save' }).click();
    await daily.getByText('Your new limit applies now.').waitFor();
    await daily.getByText('P500', { exact: true }).waitFor();
    await daily.getByText(/P0 used, P500 left · resets/).waitFor();

    // A higher limit waits: the old one stays in force, with the time the raise can be confirmed.
    await daily.getByLabel('New Daily deposit limit').fill('800');
    await daily.getByRole('button', { name: 'Save' }).click();
    await daily.getByText('Change to P800 requested.', { exact: false }).waitFor();
    await daily.getByText(/You can confirm it from/).waitFor();
    await daily.getByText('P500', { exact: true }).waitFor();
    expect(
      await daily.getByRole('button', { name: 'Confirm the change of the Daily deposit limit' }).count(),
    ).toBe(0);
    await daily.getByRole('button', { name: 'Keep the current Daily deposit limit' }).click();
    await daily.getByText(/Change to P800 requested/).waitFor({ state: 'detached' });

    // Bad input is refused with the server's message, and nothing changes.
    const session = centre.getByRole('region', { name: 'Session time limit' });
    await session.getByLabel('New Session time limit in minutes').fill('2');
    await session.getByRole('button', { name: 'Save' }).click();
    await session
      .getByRole('alert')
      .getByText(/at least 5/)
      .waitFor();
    await session.getByText('No limit').waitFor();
  });

  it('is one click from the deposit page, which offers a deposit limit (TY on a phone)', async () => {
    const { username, password } = await registerMember();
    await apiLogin(username, password);
    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, username, password, 'Mag-log in');
    await page.getByRole('banner').getByRole('button', { name: 'Deposito', exact: true }).click();
    const centre = page.getByRole('dialog', { name: 'Members center' });
    const offer = centre.getByRole('region', { name: 'Mga limitasyon sa deposito' });
    await offer.getByText(/Wala ka pang limitasyon sa deposito/).waitFor();
    await offer.getByRole('button', { name: 'Magtakda ng limitasyon sa deposito' }).click();

    expect(await centre.getByRole('tab', { name: 'Mga limitasyon' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    const weekly = centre.getByRole('region', { name: 'Lingguhang limitasyon sa deposito' });
    await weekly.getByLabel('Bagong Lingguhang limitasyon sa deposito').fill('2000');
    await weekly.getByRole('button', { name: 'I-save' }).click();
    await weekly.getByText('Umiiral na ngayon ang bago mong limitasyon.').waitFor();
    await weekly.getByText('P2,000', { exact: true }).waitFor();
    // A removal waits too.
    await weekly.getByRole('button', { name: 'Alisin ang Lingguhang limitasyon sa deposito' }).click();
    await weekly.getByText('Hiniling na alisin.', { exact: false }).waitFor();
    await weekly.getByText('P2,000', { exact: true }).waitFor();
  });
});
