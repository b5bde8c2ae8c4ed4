import { describe, expect, it } from 'vitest';
import {
  apiLogin,
  closeAnnouncements,
  logInFromHeader,
  registerMember,
  uniqueName,
  useLanguage,
} from './members-support.ts';
import { pickBackOfficeLanguage, signInToBackOffice } from './support/back-office.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

/** vip1 (rank 6 in the demo) starts with nothing unread, so the badge counts only what the test sends. */
async function vipWithNothingUnread() {
  const { token } = (await apiLogin('vip1', 'vip-pass-1')) as { token: string };
  const response = await fetch(`${baseUrl()}/wps/relay/MCSFE_readMessageV2`, {
    method: 'POST',
    headers: { authorization: token, 'content-type': 'application/json', merchant: 'tala' },
    body: JSON.stringify({ all: true }),
  });
  expect(((await response.json()) as { value: { unread: number } }).value.unread).toBe(0);
}

describe('platform messages', () => {
  it('an owner sends a message to VIP rank 6; vip1 reads it, a rank-0 member never gets it (EN)', async () => {
    await vipWithNothingUnread();
    const other = await registerMember();
    const title = `VIP night ${uniqueName('b')}`;

    const office = await newPage();
    await signInToBackOffice(office, 'owner', 'owner-demo-1');
    await office.getByRole('link', { name: 'Messages' }).click();
    await office.getByRole('heading', { name: 'Platform messages' }).waitFor();
    const form = office.getByRole('form', { name: 'New message' });
    await form.getByRole('radio', { name: 'VIP ranks' }).check();
    await form.getByRole('checkbox', { name: 'Rank 6' }).check();
    await form.getByRole('button', { name: 'Count recipients' }).click();
    await form.getByText(/^Recipients now: [1-9]\d*$/).waitFor();
    await form.getByLabel('Title (EN)').fill(title);
    await form.getByLabel('Message (EN)').fill('Double points on live casino tonight from 20:00.');
    await form.getByLabel('Title (TY)').fill(`${title} (TY)`);
    await form.getByLabel('Message (TY)').fill('Dobleng puntos sa live casino ngayong gabi mula 20:00.');
    const preview = form.getByRole('region', { name: 'Preview as the member sees it' });
    await preview.getByText(title, { exact: true }).waitFor();
    await preview.getByText('Double points on live casino tonight from 20:00.').waitFor();
    await form.getByRole('button', { name: 'Send message' }).click();
    await form.getByText(/^Message sent\. Recipients: [1-9]\d*$/).waitFor();
    const row = office.getByRole('row').filter({ hasText: title });
    await row.getByText('VIP 6').waitFor();
    await row.getByText('Sent', { exact: true }).waitFor();

    // vip1 sees the badge, opens the message, and the badge goes.
    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, 'vip1', 'vip-pass-1');
    await closeAnnouncements(page);
    await page.goto(`${baseUrl()}/index?memberCentre=messageV2`);
    const centre = page.getByRole('dialog', { name: 'Members center' });
    const entry = centre.getByRole('navigation', { name: 'Members center menu' }).getByRole('button', {
      name: /^Messages/,
    });
    await expect.poll(() => entry.locator('.count-badge').textContent()).toBe('Unread:1');
    const message = centre.getByRole('button', { name: new RegExp(title) });
    await message.getByText('Unread').waitFor();
    await message.click();
    await centre.getByText('Double points on live casino tonight from 20:00.').waitFor();
    await expect.poll(() => entry.locator('.count-badge').count()).toBe(0);

    // The operator's list counts the read.
    await office.reload();
    const readRow = office.getByRole('row').filter({ hasText: title });
    await expect.poll(() => readRow.locator('td[data-label="Read"]').textContent()).toBe('1');

    // A member of another rank has nothing.
    const elsewhere = await newPage();
    await elsewhere.goto(`${baseUrl()}/index`);
    await logInFromHeader(elsewhere, other.username, other.password);
    await closeAnnouncements(elsewhere);
    await elsewhere.goto(`${baseUrl()}/index?memberCentre=messageV2`);
    const otherCentre = elsewhere.getByRole('dialog', { name: 'Members center' });
    await otherCentre.getByRole('heading', { name: 'No messages yet' }).waitFor();
    expect(await otherCentre.getByText(title).count()).toBe(0);
  });

  it('support sends one in Tagalog on a phone, and vip1 reads it in Tagalog on a phone', async () => {
    await vipWithNothingUnread();
    const title = `Paligsahan ${uniqueName('b')}`;
    const office = await newPage({ viewport: phone });
    await signInToBackOffice(office, 'support', 'support-demo-1');
    await office.getByRole('button', { name: 'Menu' }).click();
    await pickBackOfficeLanguage(office, 'TY');
    await office.goto(`${baseUrl()}/admin/broadcasts/tala`);
    await office.getByRole('heading', { name: 'Mga mensahe ng platform' }).waitFor();
    const form = office.getByRole('form', { name: 'Bagong mensahe' });
    await form.getByRole('radio', { name: 'Mga VIP rank' }).check();
    await form.getByRole('checkbox', { name: 'Rank 6' }).check();
    await form.getByLabel('Pamagat (EN)').fill(`${title} EN`);
    await form.getByLabel('Mensahe (EN)').fill('A slots tournament for VIP members this weekend.');
    await form.getByLabel('Pamagat (TY)').fill(title);
    await form.getByLabel('Mensahe (TY)').fill('May paligsahan sa slots para sa mga VIP ngayong weekend.');
    await form.getByRole('button', { name: 'Ipadala ang mensahe' }).click();
    await form.getByText(/^Naipadala ang mensahe\. Nakatanggap: [1-9]\d*$/).waitFor();
    await office
      .getByRole('row')
      .filter({ hasText: `${title} EN` })
      .getByText('Naipadala')
      .waitFor();
    const officeWidth = await office.evaluate(() => document.documentElement.scrollWidth);
    expect(officeWidth).toBeLessThanOrEqual(phone.width);

    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, 'vip1', 'vip-pass-1', 'Mag-log in');
    await closeAnnouncements(page);
    await page.goto(`${baseUrl()}/index?memberCentre=messageV2`);
    const centre = page.getByRole('dialog', { name: 'Members center' });
    const message = centre.getByRole('button', { name: new RegExp(title) });
    await message.getByText('Hindi pa nababasa').waitFor();
    await message.getByText('Paunawa').waitFor();
    await message.click();
    await centre.getByText('May paligsahan sa slots para sa mga VIP ngayong weekend.').waitFor();
    await expect.poll(() => message.getByText('Hindi pa nababasa').count()).toBe(0);
    await centre.getByRole('button', { name: 'Markahan lahat na nabasa na' }).waitFor();
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
  });
});
