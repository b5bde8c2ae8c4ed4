import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { describe, expect, it } from 'vitest';
import { adminCall, adminLogin } from './support/api.ts';
import { signInToBackOffice } from './support/back-office.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const browser = useBrowser();

type Answer = { success: boolean; value: Record<string, unknown>; errorCode?: string; message?: string };
async function call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : null,
  });
  return (await response.json()) as Answer;
}

async function solved(): Promise<string> {
  const challenge = (await call('GET', '/wps/system/challenge')).value;
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

async function registerMember() {
  const username = `bo${Date.now().toString(36).slice(-6)}${Math.floor(Math.random() * 90 + 10)}`;
  const password = 'Secret123';
  const answer = await call('PUT', '/wps/member/register', {
    username,
    password,
    confirmPassword: password,
    acceptTerms: true,
    confirmAge: true,
    acceptPrivacy: true,
    challenge: await solved(),
  });
  if (!answer.success) throw new Error(`registration failed: ${JSON.stringify(answer)}`);
  return { username, password };
}

async function memberLogin(username: string, password: string, ip: string) {
  return call(
    'POST',
    '/wps/session/login',
    { username, password, type: 'username', challenge: await solved() },
    { 'x-forwarded-for': ip },
  );
}

describe('back office: members', () => {
  it('lets the owner move a member under an agent, refusing a member who is no agent (phone)', async () => {
    const member = await registerMember();
    const page = await browser.newPage({ viewport: phone });
    await signInToBackOffice(page, 'owner', 'owner-demo-1');
    await page.goto(`${baseUrl()}/admin/members`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(member.username);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: member.username }).click();
    await page.getByRole('heading', { name: member.username }).waitFor();
    const move = page.getByRole('region', { name: 'Move to another agent' });
    await move.getByLabel('Username of the new agent').fill('demo');
    await move.getByLabel('Reason for the move').fill('Signed up at the agent’s shop');
    await move.getByRole('button', { name: 'Move member' }).click();
    await move.getByText('This member is not an agent, so nobody can be placed under them.').waitFor();
    await move.getByLabel('Username of the new agent').fill('agent1');
    await move.getByRole('button', { name: 'Move member' }).click();
    await move.getByText('Moved under agent1.').waitFor();
    await page.getByText('agent1', { exact: true }).first().waitFor();
    await page
      .getByRole('region', { name: 'Downline' })
      .getByText('Nobody is directly below this member.')
      .waitFor();
  });

  it('locks a member with a reason so their login fails with the locked message, and unlocks them', async () => {
    const member = await registerMember();
    expect((await memberLogin(member.username, member.password, '198.51.100.21')).success).toBe(true);

    const page = await browser.newPage();
    await signInToBackOffice(page, 'support', 'support-demo-1');
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('heading', { name: 'Members' }).waitFor();
    await page.getByRole('searchbox', { name: 'Search' }).fill(member.username);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: member.username }).click();
    await page.getByRole('heading', { name: member.username }).waitFor();
    // The login above is in the history, with the address it came from.
    await page.getByRole('cell', { name: '198.51.100.21' }).first().waitFor();

    await page.getByRole('button', { name: 'Lock member' }).click();
    await page.getByText('Give a reason for locking.').waitFor();
    await page.getByLabel('Reason for locking').fill('Chargeback under review');
    await page.getByRole('button', { name: 'Lock member' }).click();
    await page.getByText('The member is locked and signed out.').waitFor();
    await page.getByText('Locked: Chargeback under review').waitFor();

    const refused = await memberLogin(member.username, member.password, '198.51.100.22');
    expect(refused).toMatchObject({
      success: false,
      errorCode: 'account_locked',
      message: 'This account is locked. Please contact customer service.',
    });

    await page.getByRole('button', { name: 'Unlock member' }).click();
    await page.getByText('The member is unlocked.').waitFor();
    expect((await memberLogin(member.username, member.password, '198.51.100.23')).success).toBe(true);

    // The list filter by status finds nobody locked under this name any more.
    await page.getByRole('link', { name: 'All members' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(member.username);
    await page.getByLabel('Status').selectOption('locked');
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByText('No members match.').waitFor();
  });

  it('forces a password reset: the temporary password is shown once and works', async () => {
    const member = await registerMember();
    const page = await browser.newPage({ viewport: phone });
    await signInToBackOffice(page, 'owner', 'owner-demo-1');
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('link', { name: 'Members' }).click();
    await page.getByRole('searchbox', { name: 'Search' }).fill(member.username);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: member.username }).click();
    page.once('dialog', (dialog) => void dialog.accept());
    await page.getByRole('button', { name: 'Force a password reset' }).click();
    const secret = page.locator('code.secret');
    await secret.waitFor();
    const temporary = (await secret.textContent()) ?? '';
    expect(temporary.length).toBeGreaterThanOrEqual(8);
    expect((await memberLogin(member.username, member.password, '198.51.100.31')).success).toBe(false);
    const login = await memberLogin(member.username, temporary, '198.51.100.32');
    expect(login.success, JSON.stringify(login)).toBe(true);
    // Phone layout: nothing wider than the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });

  it('shows support a member’s limits read only: each limit set, its use and reset, a waiting raise and the history', async () => {
    const member = await registerMember();
    const login = await memberLogin(member.username, member.password, '198.51.100.41');
    expect(login.success, JSON.stringify(login)).toBe(true);
    const token = login.value.token as string;
    const setLimit = async (key: string, value: number) => {
      const answer = await call('POST', '/wps/relay/RG_setLimit', { key, value }, { authorization: token });
      expect(answer.success, JSON.stringify(answer)).toBe(true);
      return answer.value.outcome;
    };
    expect(await setLimit('deposit_day', 50_000)).toBe('applied');
    expect(await setLimit('session', 90)).toBe('applied');
    expect(await setLimit('deposit_day', 80_000)).toBe('pending');

    const page = await browser.newPage({ viewport: phone });
    await signInToBackOffice(page, 'support', 'support-demo-1');
    await page.goto(`${baseUrl()}/admin/members`);
    await page.getByRole('searchbox', { name: 'Search' }).fill(member.username);
    await page.getByRole('button', { name: 'Search', exact: true }).click();
    await page.getByRole('link', { name: member.username }).click();
    await page.getByRole('heading', { name: member.username }).waitFor();

    const limits = page.getByRole('region', { name: 'Limits' });
    const current = limits.getByRole('table', { name: 'Limits in force' });
    const deposit = current.getByRole('row').filter({ hasText: 'Daily deposit limit' });
    await deposit.getByText('500.00', { exact: true }).waitFor();
    await deposit.getByText('Raise to 800.00').waitFor();
    await deposit.getByText(/^The member may confirm it from .+; it lapses at .+\.$/).waitFor();
    const session = current.getByRole('row').filter({ hasText: 'Session time limit' });
    await session.getByText('90 minutes').waitFor();
    await session.getByText('At the next login').waitFor();
    // Limits the member did not set are not listed.
    expect(await current.getByRole('row').filter({ hasText: 'Weekly loss limit' }).count()).toBe(0);

    const history = limits.getByRole('table', { name: 'Change history' });
    // Three changes, newest first: the raise waiting, the session limit, the first deposit limit.
    const changes = history.getByRole('row').filter({ hasText: '→' });
    await expect.poll(() => changes.count()).toBe(3);
    await changes.nth(0).getByText('500.00 → 800.00').waitFor();
    await changes.nth(0).getByText('Waiting 24 hours and the member’s confirmation').waitFor();
    await changes.nth(1).getByText('No limit → 90 minutes').waitFor();
    await changes.nth(2).getByText('No limit → 500.00').waitFor();
    await changes.nth(2).getByText('Applied at once').waitFor();
    // Read only: nothing in the section changes a limit.
    expect(await limits.getByRole('button').count()).toBe(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(1);
  });

  it('edits a registration rule and the player site’s registration settings change', async () => {
    const owner = await adminLogin();
    const original = await adminCall<unknown[]>(owner, 'GET', '/admin-api/merchants/tala/registration-rules');
    try {
      const page = await browser.newPage();
      await signInToBackOffice(page, 'owner', 'owner-demo-1');
      await page.getByRole('link', { name: 'Registration rules' }).click();
      await page.getByRole('heading', { name: 'Registration rules' }).waitFor();
      const show = page.getByRole('checkbox', { name: 'Show E-mail' });
      if (!(await show.isChecked())) await show.check();
      const require = page.getByRole('checkbox', { name: 'Require E-mail' });
      if (!(await require.isChecked())) await require.check();
      await page.getByRole('spinbutton', { name: 'Minimum length of E-mail' }).fill('7');
      await page.getByRole('spinbutton', { name: 'Maximum length of E-mail' }).fill('90');
      await page.getByRole('combobox', { name: 'Accepted values of E-mail' }).selectOption('EMAIL');

      // A minimum above the maximum is refused beside the rule, and nothing is saved.
      await page.getByRole('spinbutton', { name: 'Minimum length of Payee name' }).fill('200');
      await page.getByRole('spinbutton', { name: 'Maximum length of Payee name' }).fill('20');
      await page.getByRole('button', { name: 'Save rules' }).click();
      await page.getByText(/^Nothing was saved/).waitFor();
      await page.getByRole('spinbutton', { name: 'Minimum length of Payee name' }).fill('2');
      await page.getByRole('button', { name: 'Save rules' }).click();
      await page.getByText('Registration rules saved. The player site uses them now.').waitFor();

      const settings = (await call('GET', '/wps/system/setting/register')) as unknown as {
        value: {
          rules: { field: string; show: boolean; required: boolean; minLength: number; maxLength: number }[];
        };
      };
      const email = settings.value.rules.find((r) => r.field === 'email');
      expect(email).toMatchObject({ show: true, required: true, minLength: 7, maxLength: 90 });
    } finally {
      await adminCall(owner, 'PUT', '/admin-api/merchants/tala/registration-rules', original);
    }
  });

  it('shows finance the members read-only and keeps the outbox from them; support reads the masked outbox', async () => {
    const page = await browser.newPage();
    await signInToBackOffice(page, 'finance', 'finance-demo-1');
    expect(await page.getByRole('link', { name: 'Outbox' }).count()).toBe(0);
    await page.goto(`${baseUrl()}/admin/outbox`);
    await page.getByText('Your role cannot open this page.').waitFor();

    const support = await browser.newPage();
    await signInToBackOffice(support, 'support', 'support-demo-1');
    await support.getByRole('link', { name: 'Outbox' }).click();
    await support.getByRole('heading', { name: 'SMS and e-mail outbox' }).waitFor();
    await support.getByRole('navigation', { name: 'Pages' }).waitFor();
  });
});
