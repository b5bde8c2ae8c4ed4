// Browser tests of the agent centre (issue 12, item 2): its menu, every working page in English on a desktop and
// in Tagalog on a phone, opening an account that then shows in the team, notices to agents, and the warning a
// member who is not an agent gets. The demo agent agent1 (with player1 below it) is the agent here.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiLogin,
  logInFromHeader,
  memberId,
  registerMember,
  uniqueName,
  useLanguage,
} from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

// Dividend and daily salary are on by default; hourly and real-time salary off.
const ten = [
  'Announcement',
  'Overview',
  'Register account',
  'Team management',
  'Team betting',
  'User profit and loss',
  'My income',
  'Transaction details',
  'Dividend',
  'Daily salary',
];

async function openAgentCentre(page: Page, labels: { login: string; menu: RegExp; entry: string }) {
  await page.goto(`${baseUrl()}/index`);
  await logInFromHeader(page, 'agent1', 'agent-pass-1', labels.login);
  await page.getByRole('button', { name: labels.menu }).click();
  await page.getByRole('menuitem', { name: labels.entry }).click();
  const centre = page.getByRole('dialog', { name: labels.entry });
  const menu = centre.getByRole('navigation');
  await menu.waitFor();
  return { centre, menu };
}

describe('agent centre', () => {
  it('shows the ten pages in order, and each works (EN, desktop)', async () => {
    const owner = await adminLogin();
    const title = `Agents: new rates ${uniqueName('n')}`;
    const notice = await adminCall<{ id: number }>(owner, 'POST', '/admin-api/merchants/tala/announcements', {
      type: 'B',
      contentGroup: 'agent',
      texts: {
        EN: { title, content: '<p>Salary rates change on Monday.</p>' },
        TY: { title: `${title} (TY)`, content: '<p>Bago</p>' },
      },
    });

    // The transfer page asks for a payment password first when none is set: set the one the payments tests use.
    const { token } = await apiLogin('agent1', 'agent-pass-1');
    await fetch(`${baseUrl()}/wps/relay/PAY_paymentPassword`, {
      method: 'POST',
      headers: { authorization: String(token), 'content-type': 'application/json' },
      body: JSON.stringify({ loginPassword: 'agent-pass-1', paymentPassword: '135791' }),
    });

    const page = await newPage();
    const { centre, menu } = await openAgentCentre(page, {
      login: 'Log in',
      menu: /^Account menu/,
      entry: 'Agent center',
    });
    expect((await menu.getByRole('button').allTextContents()).map((t) => t.trim())).toEqual(ten);

    // Announcement: the notice addressed to agents.
    await centre.getByRole('heading', { name: title }).waitFor();
    await centre.getByText('Salary rates change on Monday.').waitFor();

    // Overview: the team's figures for today.
    await menu.getByRole('button', { name: 'Overview' }).click();
    const teamSize = Number(await centre.getByTestId('overview-teamSize').textContent());
    expect(teamSize).toBeGreaterThanOrEqual(1);
    await centre.getByLabel('Range').selectOption('custom');
    await centre.getByLabel('From').waitFor();
    await centre.getByLabel('Range').selectOption('thisMonth');
    await centre.getByText(/ to /).first().waitFor();

    // Register account: a mismatch is named on its field; then a new member opens under the agent.
    await menu.getByRole('button', { name: 'Register account' }).click();
    const form = centre.getByRole('form', { name: 'Open an account' });
    const username = uniqueName('dl');
    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill('Secret123');
    await form.getByLabel('Confirm password').fill('Secret124');
    await form.getByRole('button', { name: 'Open account' }).click();
    await form.getByLabel('Confirm password').and(page.locator('[aria-invalid="true"]')).waitFor();
    await form.getByLabel('Confirm password').fill('Secret123');
    await form.getByRole('button', { name: 'Open account' }).click();
    await form.getByText(`Member account ${username} is open.`).waitFor();
    expect(await centre.getByTestId('affiliate-code').textContent()).toBe('AGENT1');
    expect(await centre.getByLabel('Invitation link', { exact: true }).inputValue()).toContain(
      'affiliateCode=AGENT1',
    );
    // The QR code at the spec's defaults (§9: size 200, margin 20).
    const qr = centre.getByRole('img', { name: 'QR code of your invitation link' });
    await qr.waitFor();
    expect(await qr.getAttribute('src')).toMatch(/&size=200&margin=20$/);
    expect(await qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(200);

    // Team management: the new member is a direct member, found by its account.
    await menu.getByRole('button', { name: 'Team management' }).click();
    const team = centre.getByTestId('team-list');
    await team.getByText(username).waitFor();
    await team.getByText('player1').waitFor();
    await centre.getByLabel('Member account').fill(username);
    await centre.getByRole('button', { name: 'Show' }).click();
    await centre.getByText('Members: 1').waitFor();
    // Transfer opens the wallet's transfer page with the member filled in.
    await team.getByRole('button', { name: `Transfer to ${username}` }).click();
    const wallet = page.getByRole('dialog', { name: 'Members center' });
    expect(await wallet.getByLabel('Member account').inputValue()).toBe(username);
    await wallet.getByRole('button', { name: 'Close' }).first().click();

    // Team betting, profit and loss, transaction details: each answers for the team, and names a stranger.
    await page.getByRole('button', { name: /^Account menu/ }).click();
    await page.getByRole('menuitem', { name: 'Agent center' }).click();
    await menu.getByRole('button', { name: 'Team betting' }).click();
    await centre.getByTestId('team-bet-count').waitFor();
    await menu.getByRole('button', { name: 'User profit and loss' }).click();
    await centre.getByTestId('team-profit-loss').getByText('Team total').waitFor();
    await menu.getByRole('button', { name: 'Transaction details' }).click();
    await centre.getByLabel('Member account').fill('demo');
    await centre.getByRole('button', { name: 'Show' }).click();
    await centre.getByRole('alert').getByText('This member is not in your team.').waitFor();
    await centre.getByLabel('Member account').fill('player1');
    await centre.getByRole('button', { name: 'Show' }).click();
    await centre.getByRole('alert').waitFor({ state: 'detached' });

    await adminCall(owner, 'DELETE', `/admin-api/merchants/tala/announcements/${notice.id}`);
  });

  it('works in Tagalog on a phone', async () => {
    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    const { centre, menu } = await openAgentCentre(page, {
      login: 'Mag-log in',
      menu: /^Menu ng account/,
      entry: 'Agent center',
    });
    await menu.getByRole('button', { name: 'Pangkalahatang-ideya' }).click();
    await centre.getByText('Laki ng team').waitFor();
    await menu.getByRole('button', { name: 'Magrehistro ng account' }).click();
    await centre.getByRole('heading', { name: 'Magbukas ng account' }).waitFor();
    await menu.getByRole('button', { name: 'Pamamahala ng team' }).click();
    await centre.getByRole('button', { name: 'Lahat ng antas' }).click();
    await centre.getByTestId('team-list').getByText('player1').waitFor();
    // A phone shows each member as a card of labelled values, the transfer button within reach.
    const width = await centre.getByTestId('team-list').evaluate((table) => table.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);
    await menu.getByRole('button', { name: 'Taya ng team' }).click();
    await centre.getByText('Mga taya').first().waitFor();
    await menu.getByRole('button', { name: 'Kita at lugi ng user' }).click();
    await centre.getByText('Kabuuan ng team').waitFor();
    await menu.getByRole('button', { name: 'Detalye ng transaksyon' }).click();
    await centre.getByLabel('Saklaw').waitFor();
    await menu.getByRole('button', { name: 'Aking kita' }).click();
    await centre.getByLabel('Uri').waitFor();
    await menu.getByRole('button', { name: 'Dibidendo' }).click();
    await centre.getByRole('heading', { name: 'Aking kontrata' }).waitFor();
    await menu.getByRole('button', { name: 'Arawang sahod' }).click();
    await centre.getByRole('heading', { name: 'Mga kontrata ng iyong direktang downline' }).waitFor();
    await menu.getByRole('button', { name: 'Anunsyo' }).click();
    await centre.getByRole('region', { name: 'Anunsyo', exact: true }).waitFor();
  });

  it('answers a member who is not an agent with the warning', async () => {
    const { username, password } = await registerMember();
    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, username, password);
    await page.goto(`${baseUrl()}/index?agentCentre=agentTeamOverview`);
    const warning = page.getByRole('dialog', { name: 'Not available' });
    await warning.getByText('The agent center is only for agents.').waitFor();
  });

  it('offers a daily salary contract with a tier within its own, which the sub-agent accepts (EN desktop, TY phone)', async () => {
    const owner = await adminLogin();
    const agent1 = await memberId('agent1');
    // 1.5 %, and 1.8 % from 5 active members and P10,000 in bets.
    await adminCall(owner, 'PUT', `/admin-api/members/${agent1}/contracts/dailySalary`, {
      terms: { rate: 150, tiers: [{ minActiveMembers: 5, minVolume: 1_000_000, rate: 180 }] },
    });
    // agent1 opens a sub-agent through the API (the register page is tested above), which sets its own password.
    const { token } = await apiLogin('agent1', 'agent-pass-1');
    const subName = uniqueName('sa');
    const opened = await fetch(`${baseUrl()}/wps/agent/register`, {
      method: 'PUT',
      headers: { authorization: String(token), 'content-type': 'application/json' },
      body: JSON.stringify({
        accountType: 'agent',
        username: subName,
        password: 'Secret123',
        confirmPassword: 'Secret123',
      }),
    });
    expect(opened.status).toBe(200);
    const sub = await apiLogin(subName, 'Secret123');
    const changed = await fetch(`${baseUrl()}/wps/member/password`, {
      method: 'POST',
      headers: { authorization: String(sub.token), 'content-type': 'application/json' },
      body: JSON.stringify({
        oldPassword: 'Secret123',
        newPassword: 'Secret456',
        confirmNewPassword: 'Secret456',
      }),
    });
    expect(changed.status).toBe(200);

    const page = await newPage();
    const { centre, menu } = await openAgentCentre(page, {
      login: 'Log in',
      menu: /^Account menu/,
      entry: 'Agent center',
    });
    await menu.getByRole('button', { name: 'Daily salary' }).click();
    const mine = centre.getByTestId('my-contract');
    await mine.getByText('1.5% with at least 0 active members').waitFor();
    await mine.getByText('1.8% from 5 active members and P10,000 in bets').waitFor();
    const offer = centre.getByRole('form', { name: 'Offer a contract' });
    await offer.getByLabel('To').selectOption(subName);
    // Each rate above agent1's own is named under its field before anything is sent.
    const rate = offer.getByLabel('Rate (%)', { exact: true });
    await rate.fill('2');
    await offer.getByRole('button', { name: 'Add a tier' }).click();
    const tier = offer.getByRole('group', { name: 'Tier 1' });
    await tier.getByLabel('Active members from').fill('4');
    await tier.getByLabel('Bets from').fill('10000');
    await tier.getByLabel('Tier rate (%)').fill('1.8');
    await offer.getByRole('button', { name: 'Send offer' }).click();
    await offer.getByRole('alert').getByText('Check the fields marked above.').waitFor();
    expect(await rate.getAttribute('aria-invalid')).toBe('true');
    await offer.getByText("At most 1.5%: your own contract's rate.").waitFor();
    await tier.getByText('At most 1.5%: your own rate at these figures.').waitFor();
    // From agent1's own thresholds, the tier may reach agent1's tier.
    await rate.fill('1');
    await tier.getByLabel('Active members from').fill('5');
    await offer.getByRole('button', { name: 'Send offer' }).click();
    const request = centre.getByRole('listitem').filter({ hasText: `Offer to ${subName} from agent1` });
    await request.getByText('1.8% from 5 active members and P10,000 in bets').waitFor();
    await request.getByRole('button', { name: 'Withdraw' }).waitFor();

    // The sub-agent sees the offer with its tier on a phone in Tagalog, accepts it, and has it as its contract.
    const phonePage = await newPage({ viewport: phone });
    await useLanguage(phonePage, 'TY');
    await phonePage.goto(`${baseUrl()}/index`);
    await logInFromHeader(phonePage, subName, 'Secret456', 'Mag-log in');
    await phonePage.goto(`${baseUrl()}/index?agentCentre=agentDailyWages2`);
    const incoming = phonePage
      .getByRole('listitem')
      .filter({ hasText: `Alok kay ${subName} mula kay agent1` });
    await incoming.getByText('1.8% mula 5 aktibong miyembro at P10,000 na taya').waitFor();
    await incoming.getByRole('button', { name: 'Tanggapin' }).click();
    const accepted = phonePage.getByTestId('my-contract');
    await accepted.getByText('1% na may hindi bababa sa 0 aktibong miyembro').waitFor();
    await accepted.getByText('1.8% mula 5 aktibong miyembro at P10,000 na taya').waitFor();
    const width = await phonePage.evaluate(() => document.documentElement.scrollWidth);
    expect(width).toBeLessThanOrEqual(phone.width);

    // agent1 sees it among its direct downline's contracts.
    await menu.getByRole('button', { name: 'My income' }).click();
    await menu.getByRole('button', { name: 'Daily salary' }).click();
    const downline = centre.getByRole('region', { name: 'Contracts of your direct downline' });
    await downline.getByText(subName).waitFor();
    await downline.getByText('1.8% from 5 active members and P10,000 in bets').waitFor();

    await menu.getByRole('button', { name: 'My income' }).click();
    await centre
      .getByText('No salary or dividend has been paid to you yet.')
      .or(centre.getByTestId('income'))
      .waitFor();
    await menu.getByRole('button', { name: 'Dividend' }).click();
    await centre
      .getByText('You have no contract of this kind. Your upline or the site can offer you one.')
      .waitFor();
    await adminCall(owner, 'DELETE', `/admin-api/members/${agent1}/contracts/dailySalary`);
  });

  it('shows the hourly and real-time salary entries once the merchant turns them on (EN desktop, TY phone)', async () => {
    const owner = await adminLogin();
    const settingsPath = '/admin-api/merchants/tala/contract-settings';
    const before = await adminCall<Record<string, { enabled: boolean }>>(owner, 'GET', settingsPath);
    const on = (kind: 'hourlySalary' | 'realtimeSalary') => ({ ...before[kind], enabled: true });
    await adminCall(owner, 'PUT', settingsPath, {
      ...before,
      hourlySalary: on('hourlySalary'),
      realtimeSalary: on('realtimeSalary'),
    });
    try {
      const page = await newPage();
      const { centre, menu } = await openAgentCentre(page, {
        login: 'Log in',
        menu: /^Account menu/,
        entry: 'Agent center',
      });
      // The twelve entries in the spec's order: the four contract entries last, each shown by its flag.
      expect((await menu.getByRole('button').allTextContents()).map((t) => t.trim())).toEqual([
        ...ten.slice(0, 9),
        'Daily salary',
        'Hourly salary',
        'Real-time salary',
      ]);
      for (const entry of ['Hourly salary', 'Real-time salary']) {
        await menu.getByRole('button', { name: entry }).click();
        await centre.getByRole('heading', { name: 'Contracts of your direct downline' }).waitFor();
        await centre
          .getByText('You have no contract of this kind. Your upline or the site can offer you one.')
          .waitFor();
      }

      const phonePage = await newPage({ viewport: phone });
      await useLanguage(phonePage, 'TY');
      const tagalog = await openAgentCentre(phonePage, {
        login: 'Mag-log in',
        menu: /^Menu ng account/,
        entry: 'Agent center',
      });
      for (const entry of ['Oras-oras na sahod', 'Real-time na sahod']) {
        await tagalog.menu.getByRole('button', { name: entry }).click();
        await tagalog.centre
          .getByRole('heading', { name: 'Mga kontrata ng iyong direktang downline' })
          .waitFor();
      }
      const width = await tagalog.centre.evaluate((dialog) => dialog.scrollWidth);
      expect(width).toBeLessThanOrEqual(phone.width);
    } finally {
      await adminCall(owner, 'PUT', settingsPath, before);
    }
  });
});
