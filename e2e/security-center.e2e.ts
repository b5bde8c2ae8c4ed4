import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { currentCode } from '../apps/server/src/modules/totp/totp.service.ts';
import {
  eventually,
  logInFromHeader,
  registerMember,
  uniqueName,
  useLanguage,
  useMessagingSimulators,
} from './members-support.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

const messaging = useMessagingSimulators();

function emailCode(to: string) {
  const text = messaging.smtp.messages(to).at(-1)?.text ?? '';
  const code = /\b([0-9]{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no e-mail code for ${to}`);
  return code;
}

async function openMyAccount(page: Page, labels = { menu: /^Account menu/, myAccount: 'My account' }) {
  await page.getByRole('button', { name: labels.menu }).click();
  await page.getByRole('menuitem', { name: 'Members center' }).click();
  const account = page.getByRole('dialog', { name: 'Members center' }).getByRole('region', {
    name: labels.myAccount,
  });
  await account.waitFor();
  return account;
}

describe('header top (§2)', () => {
  it('has the login form inline on a wide screen: remember, SMS toggle, errors and captcha in its panel (EN)', async () => {
    const { username, password } = await registerMember();
    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    const banner = page.getByRole('banner');
    const form = banner.getByRole('form', { name: 'Log in' });
    await form.waitFor();
    await form.getByLabel('Remember me').waitFor();
    await form.getByRole('button', { name: 'Log in', exact: true }).click();
    await banner.getByRole('alert').filter({ hasText: 'Enter your username.' }).waitFor();

    await form.getByLabel('Username').fill(username);
    await form.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await form.getByRole('button', { name: 'Log in', exact: true }).click();
    await banner.getByRole('alert').waitFor();
    // After a failure the captcha is asked for, in the panel under the form.
    await banner.getByLabel('Captcha', { exact: true }).waitFor();
    await form.getByLabel('Password', { exact: true }).fill(password);
    await form.getByRole('button', { name: 'Log in', exact: true }).click();
    await banner.getByRole('alert').filter({ hasText: 'Enter the captcha.' }).waitFor();
    await page.screenshot({ path: '/tmp/sec-header-captcha-en.png' });
    expect(await page.getByRole('dialog', { name: 'Log in' }).count()).toBe(0);
  });

  it('logs in from the header form; SMS login swaps the fields (TY), and a phone keeps the Log in button', async () => {
    const { username, password } = await registerMember();
    const page = await newPage();
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    const form = page.getByRole('banner').getByRole('form', { name: 'Mag-log in' });
    await form.waitFor();
    await page.screenshot({ path: '/tmp/sec-header-ty.png' });
    await form.getByRole('button', { name: 'SMS code' }).click();
    await form.getByLabel('Numero ng mobile').waitFor();
    await form.getByRole('button', { name: 'Ipadala ang code' }).waitFor();
    await form.getByRole('button', { name: 'Password', exact: true }).click();
    await logInFromHeader(page, username, password, 'Mag-log in');
    await page.getByRole('button', { name: /^Menu ng account/ }).waitFor();

    const small = await newPage({ viewport: phone });
    await small.goto(`${baseUrl()}/index`);
    const button = small.getByRole('banner').getByRole('button', { name: 'Log in', exact: true });
    await button.waitFor();
    expect(await small.getByRole('banner').getByRole('form').count()).toBe(0);
    await button.click();
    await small.getByRole('dialog', { name: 'Log in' }).getByRole('form', { name: 'Log in' }).waitFor();
    await small.screenshot({ path: '/tmp/sec-header-phone.png' });
  });
});

describe('my account (securityCenter)', () => {
  it('edits the nickname, binds a mobile and changes the e-mail by code, sets the payment password, lists logins (EN)', async () => {
    const oldEmail = `${uniqueName('old')}@example.test`;
    const { username, password } = await registerMember({ email: oldEmail });
    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, username, password);
    const account = await openMyAccount(page);

    // Nickname: an empty one is refused before the call; a good one is saved.
    await account.getByRole('button', { name: 'Edit nickname' }).click();
    const nickname = account.getByRole('form', { name: 'Edit nickname' });
    await nickname.getByLabel('Nickname').fill('   ');
    await nickname.getByRole('button', { name: 'Save' }).click();
    await nickname.getByText('Enter a nickname of 1 to 30 characters.').waitFor();
    await nickname.getByLabel('Nickname').fill('Lucky Lea');
    await nickname.getByRole('button', { name: 'Save' }).click();
    await account.getByText('Your nickname has been saved.').waitFor();
    await account.getByRole('heading', { name: 'Lucky Lea' }).waitFor();

    // Mobile: a code to the new number; a wrong code is refused, the right one binds it.
    const number = `917${String(Date.now()).slice(-7)}`;
    await account.getByRole('button', { name: 'Bind: Mobile number' }).click();
    const mobile = account.getByRole('form', { name: 'Bind mobile number' });
    await mobile.getByLabel('New mobile number').fill(number);
    await mobile.getByRole('button', { name: 'Send code' }).click();
    const code = await eventually(() => messaging.lastCode(`+63${number}`));
    await mobile.getByText(`Code sent to +63 ${number}.`).waitFor();
    await mobile.getByRole('button', { name: /^Resend in/ }).waitFor();
    await mobile.getByLabel('Verification code').fill(code === '000000' ? '111111' : '000000');
    await mobile.getByRole('button', { name: 'Bind mobile number' }).click();
    await mobile.getByText('The verification code is not valid.').waitFor();
    await mobile.getByLabel('Verification code').fill(code);
    await mobile.getByRole('button', { name: 'Bind mobile number' }).click();
    await account.getByText('Your mobile number has been saved.').waitFor();
    await account.getByText(`+63 ${number.slice(0, 2)}`, { exact: false }).waitFor();

    // E-mail: replacing a bound address also needs the login password.
    const newEmail = `${uniqueName('new')}@example.test`;
    await account.getByRole('button', { name: 'Change: E-mail' }).click();
    const email = account.getByRole('form', { name: 'Bind e-mail' });
    await email.getByLabel('New e-mail address').fill(newEmail);
    await email.getByRole('button', { name: 'Send code' }).click();
    const mailed = await eventually(() => emailCode(newEmail));
    await email.getByLabel('Verification code').fill(mailed);
    await email.getByRole('button', { name: 'Bind e-mail' }).click();
    await email.getByText('Enter your password.').waitFor();
    await email.getByLabel('Login password').fill(password);
    await email.getByRole('button', { name: 'Bind e-mail' }).click();
    await account.getByText('Your e-mail address has been saved.').waitFor();
    await account.getByText(`${newEmail.slice(0, 2)}***`, { exact: false }).waitFor();

    // Payment password: set with the login password, then offered as a change.
    const payment = account.getByRole('region', { name: 'Payment password' });
    await payment.getByLabel('Login password').fill(password);
    await payment.getByLabel('Payment password', { exact: true }).fill('12ab');
    await payment.getByLabel('Confirm payment password').fill('12ab');
    await payment.getByRole('button', { name: 'Set payment password' }).click();
    await payment.getByText('The payment password is 6 digits.').waitFor();
    await payment.getByLabel('Payment password', { exact: true }).fill('482913');
    await payment.getByLabel('Confirm payment password').fill('482913');
    await payment.getByRole('button', { name: 'Set payment password' }).click();
    await payment.getByText('Your payment password has been saved.').waitFor();
    await payment.getByRole('button', { name: 'Change payment password' }).waitFor();

    // Recent logins: this browser's login, with its method and outcome.
    const logins = account.getByRole('region', { name: 'Recent logins' });
    await logins.getByRole('list').getByText('Success').first().waitFor();
    await logins.getByText('Password').first().waitFor();
    await account.screenshot({ path: '/tmp/sec-account-en.png' });
  });

  it('binds an e-mail by code and sets the payment password on a phone (TY)', async () => {
    const { username, password } = await registerMember();
    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, username, password, 'Mag-log in');
    const account = await openMyAccount(page, { menu: /^Menu ng account/, myAccount: 'Aking account' });

    const address = `${uniqueName('ty')}@example.test`;
    await account.getByRole('button', { name: 'Ikabit: E-mail' }).click();
    const email = account.getByRole('form', { name: 'Ikabit ang e-mail' });
    await email.getByLabel('Bagong e-mail address').fill(address);
    await email.getByRole('button', { name: 'Ipadala ang code' }).click();
    const code = await eventually(() => emailCode(address));
    await email.getByLabel('Verification code').fill('12');
    await email.getByRole('button', { name: 'Ikabit ang e-mail' }).click();
    await email.getByText('Maglagay ng wastong verification code.').waitFor();
    await email.getByLabel('Verification code').fill(code);
    await email.getByRole('button', { name: 'Ikabit ang e-mail' }).click();
    await account
      .getByText('Na-save na ang iyong e-mail address.')
      .waitFor()
      .catch(async (error) => {
        await page.screenshot({ path: '/tmp/sec-ty-fail.png' });
        throw error;
      });

    const payment = account.getByRole('region', { name: 'Password sa pagbabayad' });
    await payment.getByLabel('Password sa pag-log in').fill(password);
    await payment.getByLabel('Password sa pagbabayad', { exact: true }).fill('246810');
    await payment.getByLabel('Kumpirmahin ang password sa pagbabayad').fill('246811');
    await payment.getByRole('button', { name: 'Itakda ang password sa pagbabayad' }).click();
    await payment.getByText('Hindi magkapareho ang dalawang password.', { exact: false }).waitFor();
    await payment.getByLabel('Kumpirmahin ang password sa pagbabayad').fill('246810');
    await payment.getByRole('button', { name: 'Itakda ang password sa pagbabayad' }).click();
    await payment.getByText('Na-save na ang iyong password sa pagbabayad.').waitFor();
    await account
      .getByRole('region', { name: 'Mga kamakailang pag-log in' })
      .getByText('Tagumpay')
      .first()
      .waitFor();
    await page.screenshot({ path: '/tmp/sec-account-ty-phone.png', fullPage: false });
  });
});

describe('Google verification (§4)', () => {
  it('is set up in My account with a QR code, then confirms a login from a new place (recovery code, phone)', async () => {
    const { username, password } = await registerMember();
    const page = await newPage({ viewport: phone });
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, username, password);
    const account = await openMyAccount(page);
    const card = account.getByRole('region', { name: 'Google verification' });
    await card.getByRole('button', { name: 'Set up Google verification' }).click();
    await card.getByRole('img', { name: 'QR code to scan with your authenticator app' }).waitFor();
    const key = ((await card.locator('.google__key').textContent()) ?? '').replaceAll(' ', '');
    await card.getByLabel('Code from the app').fill('12');
    await card.getByRole('button', { name: 'Turn on' }).click();
    await card.getByRole('alert').waitFor();
    await card.getByLabel('Code from the app').fill(currentCode(key));
    await card.getByRole('button', { name: 'Turn on' }).click();
    // The codes arrive with the server's answer: wait for them before reading them all at once.
    const list = card.getByRole('list', { name: 'Your recovery codes.' });
    await list.getByRole('listitem').nth(9).waitFor();
    const codes = await list.getByRole('listitem').allTextContents();
    expect(codes).toHaveLength(10);
    await card.getByRole('button', { name: 'I have saved them' }).click();
    await card.getByText('10 recovery codes left.').waitFor();
    await page.screenshot({ path: '/tmp/sec-google-phone.png' });

    // Elsewhere, the login waits for the authenticator (here a recovery code: the app's code was just used).
    const elsewhere = await newPage({ viewport: phone, headers: { 'X-Forwarded-For': '198.51.100.77' } });
    await elsewhere.goto(`${baseUrl()}/index`);
    await elsewhere.getByRole('banner').getByRole('button', { name: 'Log in', exact: true }).click();
    const dialog = elsewhere.getByRole('dialog', { name: 'Log in' });
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    // The only way this member can confirm, so no tabs: straight to the code.
    await dialog.getByText('Open your authenticator app', { exact: false }).waitFor();
    await dialog.getByLabel('Authenticator code').fill(codes[0] as string);
    await dialog.getByRole('button', { name: 'Confirm and log in' }).click();
    await dialog.waitFor({ state: 'detached' });
  });
});

describe('badge counts (§2)', () => {
  it('shows an unread platform message on the avatar and the Messages entry, and drops it once read (EN)', async () => {
    const { username, password, token } = await registerMember();
    const sent = await fetch(`${baseUrl()}/wps/feedback`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: token },
      body: JSON.stringify({
        questionType: 'deposit',
        content: 'My deposit from this morning has not arrived yet, could you please check it for me?',
      }),
    });
    expect(sent.status).toBe(200);
    const support = await adminLogin('support', 'support-demo-1');
    const inbox = await adminCall<{ list: { id: number; memberAccount: string }[] }>(
      support,
      'GET',
      '/admin-api/support/feedback?status=open&merchantCode=tala',
    );
    const item = inbox.list.find((f) => f.memberAccount === username);
    if (!item) throw new Error('feedback not in the inbox');
    await adminCall(support, 'POST', `/admin-api/support/feedback/${item.id}/answer`, {
      answer: 'It has arrived now. Thank you for waiting.',
    });

    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, username, password);
    await page.getByRole('button', { name: 'Account menu, 1 unclaimed' }).click();
    await page.getByRole('menuitem', { name: 'Members center' }).click();
    const centre = page.getByRole('dialog', { name: 'Members center' });
    const messages = centre.getByRole('navigation', { name: 'Members center menu' }).getByRole('button', {
      name: /^Messages/,
    });
    await expect.poll(() => messages.locator('.count-badge').textContent()).toBe('Unread:1');
    await messages.click();
    await centre.getByRole('button', { name: /Reply to your feedback/ }).click();
    await expect.poll(() => messages.locator('.count-badge').count()).toBe(0);
    await centre.getByRole('button', { name: 'Close' }).first().click();
    await page.getByRole('button', { name: 'Account menu', exact: true }).waitFor();
  });
});
