// Identity verification (issue 18 item 4): the member centre's verification section in EN and TY, and the back
// office's review queue and document viewer.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { png } from '../apps/server/src/modules/content/test-fixtures.ts';
import { apiLogin, logInFromHeader, registerMember, useLanguage } from './members-support.ts';
import { signInToBackOffice } from './support/back-office.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
const HTML = Buffer.from('<html><script>alert(1)</script></html>');

/** A document sent through the API, as the member's phone would. */
async function apiUpload(token: string, kind: string, data: Buffer, name: string, type: string) {
  const form = new FormData();
  form.set('kind', kind);
  form.set('document', new Blob([new Uint8Array(data)], { type }), name);
  const response = await fetch(`${baseUrl()}/wps/relay/KYC_upload`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

async function openVerification(
  page: Page,
  labels: { menu: RegExp; centre: string; entry: string; tab: string },
) {
  await page.getByRole('button', { name: labels.menu }).click();
  await page.getByRole('menuitem', { name: labels.centre }).click();
  const centre = page.getByRole('dialog', { name: 'Members center' });
  await centre.getByRole('button', { name: labels.entry }).click();
  await centre.getByRole('tab', { name: labels.tab }).click();
  return centre;
}

describe('identity verification', () => {
  it('lets a member send an ID (refusing a forged file), and support approve it with the ID number and reject a selfie with a reason the member then reads (EN)', async () => {
    const { username, password, token } = await registerMember();
    await apiUpload(token, 'selfie', png(64, 48), 'selfie.png', 'image/png');
    // The first login (firstTimeLogin) is spent here, as in the member centre's tests.
    await apiLogin(username, password);

    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, username, password);
    const centre = await openVerification(page, {
      menu: /^Account menu/,
      centre: 'Members center',
      entry: 'Safer gambling',
      tab: 'Verification',
    });
    const section = centre.getByRole('region', { name: 'Identity verification' });
    await section.getByText('Under review', { exact: true }).first().waitFor();
    await section.getByText('Withdrawals above P50,000 need a verified account.').waitFor();

    // A web page dressed as a PNG is refused with its own message, and nothing changes.
    const idFile = section.getByLabel('Choose a file for: Identity document');
    await idFile.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: HTML });
    await section.getByRole('button', { name: 'Upload Identity document' }).click();
    await section
      .getByRole('alert')
      .getByText('The file is not what its name or type says', { exact: false })
      .waitFor();

    await idFile.setInputFiles({ name: 'passport.png', mimeType: 'image/png', buffer: png(320, 200) });
    await section.getByRole('button', { name: 'Upload Identity document' }).click();
    await section.getByText('Received. We will review it soon.').waitFor();
    expect(await section.getByText('Under review', { exact: true }).count()).toBeGreaterThanOrEqual(2);

    // Support reviews in the back office.
    const office = await newPage();
    await signInToBackOffice(office, 'support', 'support-demo-1');
    await office
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Verification' })
      .click();
    await office.getByRole('heading', { name: 'Identity verification' }).waitFor();
    await office.getByLabel('Member username').fill(username);
    await office.getByRole('button', { name: 'Search' }).click();
    const queue = office.getByRole('table', { name: 'Documents to review' });
    await queue.getByRole('link', { name: `Open the Identity document of ${username}` }).click();
    const image = office.getByRole('img', { name: `Identity document of ${username}` });
    await image.waitFor();
    expect(await image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(320);
    await office.getByText('This view was recorded in the audit log.', { exact: false }).waitFor();
    const approve = office.getByRole('form', { name: 'Approve' });
    await approve.getByRole('button', { name: 'Approve document' }).click();
    await approve.getByText('Enter the ID number shown on the identity document', { exact: false }).waitFor();
    await approve.getByLabel('ID number').fill('N01-234-567');
    await approve.getByRole('button', { name: 'Approve document' }).click();
    await office.getByText('N01234567').waitFor();

    await office.getByRole('link', { name: 'Back to the queue' }).click();
    await office.getByLabel('Member username').fill(username);
    await office.getByRole('button', { name: 'Search' }).click();
    await queue.getByRole('link', { name: `Open the Selfie with ID of ${username}` }).click();
    const reject = office.getByRole('form', { name: 'Reject' });
    await reject.getByLabel('Reason').selectOption({ label: 'Blurred or unreadable' });
    await reject.getByLabel('Note to the member').fill('Your face is out of focus.');
    await reject.getByRole('button', { name: 'Reject document' }).click();
    await office.getByText('This document has been reviewed.', { exact: false }).waitFor();

    // The member sees the refusal and its reason.
    await centre.getByRole('tab', { name: 'Overview' }).click();
    await centre.getByRole('tab', { name: 'Verification' }).click();
    await section.getByText('Action needed').waitFor();
    await section
      .getByRole('status')
      .getByText('the document is blurred or unreadable', { exact: false })
      .first()
      .waitFor();
    await section.getByText('Your face is out of focus.', { exact: false }).first().waitFor();
    await section.getByText('Approved').waitFor();
  }, 180_000);

  it('shows the section in Tagalog on a phone: status, what is needed, an accepted PDF and a refused GIF (TY)', async () => {
    const { username, password } = await registerMember();
    await apiLogin(username, password);
    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, username, password, 'Mag-log in');
    const centre = await openVerification(page, {
      menu: /^Menu ng account/,
      centre: 'Members center',
      entry: 'Ligtas na paglalaro',
      tab: 'Beripikasyon',
    });
    const section = centre.getByRole('region', { name: 'Beripikasyon ng pagkakakilanlan' });
    await section.getByText('Hindi beripikado').waitFor();
    expect(await section.getByText('Kailangan', { exact: true }).count()).toBe(3);

    const proof = section.getByLabel('Pumili ng file para sa: Patunay ng tirahan');
    await proof.setInputFiles({
      name: 'bill.gif',
      mimeType: 'image/gif',
      buffer: Buffer.concat([Buffer.from('GIF89a'), Buffer.alloc(32, 1)]),
    });
    await section.getByRole('button', { name: 'I-upload ang Patunay ng tirahan' }).click();
    await section
      .getByRole('alert')
      .getByText('Mga file na PNG, JPG o PDF lamang ang tinatanggap.')
      .waitFor();

    await proof.setInputFiles({ name: 'bill.pdf', mimeType: 'application/pdf', buffer: PDF });
    await section.getByRole('button', { name: 'I-upload ang Patunay ng tirahan' }).click();
    await section.getByText('Natanggap na. Susuriin namin ito sa lalong madaling panahon.').waitFor();
    await section.getByText('Sinusuri', { exact: true }).first().waitFor();
    expect(await section.getByText('Kailangan', { exact: true }).count()).toBe(2);
  });
});
