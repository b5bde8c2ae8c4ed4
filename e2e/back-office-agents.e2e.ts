import { describe, expect, it } from 'vitest';
import { memberId } from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { pickBackOfficeLanguage, signInToBackOffice } from './support/back-office.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

describe('back office: agents', () => {
  it("sets a top agent's contract, settles a day, and cancels it with two operators", async () => {
    const agent1 = await memberId('agent1');
    const owner = await newPage();
    await signInToBackOffice(owner, 'owner', 'owner-demo-1');
    await owner.goto(`${baseUrl()}/admin/members/${agent1}`);
    const contracts = owner.getByRole('region', { name: 'Contracts' });
    const form = contracts.getByRole('form', { name: 'Set contract' });
    await form.getByLabel('Kind').selectOption('dailySalary');
    const rate = form.getByLabel('Rate (%)', { exact: true });
    await rate.fill('9');
    // A tier, checked like the rate against the merchant's contract settings before it is sent.
    await form.getByRole('button', { name: 'Add a tier' }).click();
    const tier = form.getByRole('group', { name: 'Tier 1' });
    await tier.getByLabel('Active members from').fill('5');
    await tier.getByLabel('Bets from').fill('ten');
    await tier.getByLabel('Tier rate (%)').fill('1.8');
    await form.getByRole('button', { name: 'Set contract' }).click();
    await tier.getByText('Enter an amount, 0 or more.').waitFor();
    await tier.getByLabel('Bets from').fill('10000');
    await form.getByRole('button', { name: 'Set contract' }).click();
    await form.getByText('At most 2%: the highest rate in the contract settings.').waitFor();
    expect(await rate.getAttribute('aria-invalid')).toBe('true');
    await rate.fill('1.5');
    await form.getByRole('button', { name: 'Set contract' }).click();
    await contracts.getByText('Saved.').waitFor();
    const inForce = contracts
      .getByRole('row')
      .filter({ hasText: 'In force' })
      .filter({ hasText: 'Daily salary' });
    await inForce.getByText('1.5% · at least 0 active members').waitFor();
    await inForce.getByText('1.8% from 5 active members and 10,000.00 in bets').waitFor();

    // A member's upline is a link to the upline's own page.
    await owner.goto(`${baseUrl()}/admin/members/${await memberId('player1')}`);
    await owner.getByRole('region', { name: 'Profile' }).getByRole('link', { name: 'agent1' }).click();
    await owner.getByRole('heading', { name: 'agent1', level: 1 }).waitFor();
    expect(new URL(owner.url()).pathname).toBe(`/admin/members/${agent1}`);

    await owner.goto(`${baseUrl()}/admin/agents/tala/runs`);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    const runNow = owner.getByRole('form', { name: 'Settle now' });
    await runNow.getByLabel('Kind').selectOption('dailySalary');
    await runNow.getByLabel('A day in the period').fill(yesterday);
    await runNow.getByRole('button', { name: 'Settle now' }).click();
    const runs = owner.getByRole('table', { name: 'Settlement runs' });
    const row = runs.getByRole('row').filter({ hasText: 'Daily salary' }).filter({ hasText: 'Done' }).first();
    await row.waitFor();
    await row.getByLabel('Reason to cancel').fill('Rates were set wrong');
    await row.getByRole('button', { name: 'Ask to cancel' }).click();
    await runs.getByText('Cancel asked').first().waitFor();

    const finance = await newPage();
    await signInToBackOffice(finance, 'finance', 'finance-demo-1');
    await finance.goto(`${baseUrl()}/admin/agents/tala/runs`);
    await finance.getByRole('button', { name: 'Approve cancel (reverse payments)' }).first().click();
    await finance.getByRole('table', { name: 'Settlement runs' }).getByText('Cancelled').first().waitFor();

    await adminCall(await adminLogin(), 'DELETE', `/admin-api/members/${agent1}/contracts/dailySalary`);
  });

  it('shows the contract settings and the commission report in Tagalog on a phone', async () => {
    const page = await newPage({ viewport: phone });
    await signInToBackOffice(page, 'owner', 'owner-demo-1');
    await page.getByRole('button', { name: 'Menu' }).click();
    await pickBackOfficeLanguage(page, 'TY');
    // Tagalog is its own chunk, fetched when chosen: the choice is kept once it has loaded.
    await page.waitForFunction(() => document.documentElement.lang === 'fil');
    await page.goto(`${baseUrl()}/admin/agents/tala/settings`);
    await page.getByRole('heading', { name: 'Mga ahente', exact: true }).waitFor();
    const settings = page.getByRole('form', { name: 'Setting ng kontrata' });
    await settings.getByLabel('Sino ang nagbabayad sa bawat antas').waitFor();
    await settings.getByLabel('Kolektahin ang utang ng upline nang (araw)').waitFor();
    await settings.getByRole('button', { name: 'I-save ang setting ng kontrata' }).click();
    await page.getByText('Na-save.').waitFor();
    // Bills uplines still owe: none in the demo (the merchant pays its agents).
    await page.getByRole('link', { name: 'Mga utang na bill' }).click();
    await page.getByText('Walang upline na may utang.').waitFor();
    await page.getByRole('link', { name: 'Ulat ng komisyon' }).click();
    await page.getByRole('table', { name: 'Komisyon at sahod bawat ahente' }).waitFor();
    // A phone shows the page without sideways scrolling.
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
  });
});
