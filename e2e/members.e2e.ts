import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  apiLogin,
  closeAnnouncements,
  eventually,
  forcePasswordReset,
  logInFromHeader,
  memberDetail,
  registerMember,
  uniqueName,
  useLanguage,
  useMessagingSimulators,
} from './members-support.ts';
import { baseUrl, phone, useBrowser } from './support/browser.ts';

const { newPage } = useBrowser();

const messaging = useMessagingSimulators();

/** Page errors a visitor would not see but that mean something broke. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

/** Tablets and phones open the login popup from the header's Log in button (wide screens have the form inline). */
const tablet = { width: 1024, height: 800 };

async function openLogin(page: Page, name = 'Log in'): Promise<Locator> {
  await page.getByRole('banner').getByRole('button', { name, exact: true }).click();
  const dialog = page.getByRole('dialog', { name });
  await dialog.waitFor();
  return dialog;
}

const accountMenu = (page: Page) => page.getByRole('button', { name: /^Account menu/ });

describe('registration', () => {
  it('registers by username with the server rules, the affiliate and referral codes from the address, then logs in (EN)', async () => {
    const page = await newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl()}/register?affiliateCode=agent1&referralCode=FRIEND7`);
    const dialog = page.getByRole('dialog', { name: 'Register' });
    const form = dialog.getByRole('form', { name: 'Create an account' });
    await form.waitFor();
    // The address's affiliate code was verified: no affiliate input, a note instead.
    await dialog.getByText('You were invited with code AGENT1.').waitFor();
    expect(await dialog.getByLabel('Invitation code').count()).toBe(0);
    // Required fields carry ＊ before their placeholder; optional ones do not.
    expect(await dialog.getByLabel('Username').getAttribute('placeholder')).toBe('＊Username');
    expect(await dialog.getByLabel('E-mail').getAttribute('placeholder')).toBe('E-mail');
    // Fields the rule set hides are absent.
    expect(await dialog.getByLabel('QQ number').count()).toBe(0);

    await form.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByText('This field is required.').first().waitFor();
    expect(await dialog.getByText('Please tick this box to continue.').count()).toBe(3);

    const username = uniqueName('reg');
    await dialog.getByLabel('Username').fill('9starts-with-digit');
    await dialog.getByLabel('Password', { exact: true }).fill('abc12345');
    await dialog.getByLabel('Confirm password').fill('abc12346');
    await dialog.getByLabel('Mobile number').fill('12');
    await form.getByRole('button', { name: 'Create account' }).click();
    await dialog.getByText('Start with a letter, then letters and digits only; 6-16 characters.').waitFor();
    await dialog.getByText('The two passwords are not the same.').waitFor();
    // One number when min and max are equal.
    await dialog.getByText('Digits only; 10 digits.').waitFor();

    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Confirm password').fill('abc12345');
    await dialog.getByLabel('Mobile number').fill('');
    await dialog.getByLabel('I have read and accept the terms and conditions.').check();
    await dialog.getByLabel('I am at least 18 years old.').check();
    await dialog.getByLabel('I agree to the privacy policy.').check();
    await form.getByRole('button', { name: 'Create account' }).click();

    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('status').filter({ hasText: 'Welcome! This is your first login.' }).waitFor();
    await page.waitForURL(/\/index$/);
    await accountMenu(page).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toMatch(/^[\w-]{40,}$/);

    const detail = await memberDetail(username);
    expect(detail).toMatchObject({
      registerMethod: 'WEB',
      referralCode: 'FRIEND7',
      uplineAccount: 'agent1',
    });
    expect(String(detail.registerUrl)).toContain('/register?affiliateCode=agent1');
    expect(errors).toEqual([]);
  });

  it('shows the affiliate input with invitation_code_error for a bad code, and the rule messages in Tagalog (TY)', async () => {
    const page = await newPage();
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/register?affiliateCode=NOPE99`);
    const dialog = page.getByRole('dialog', { name: 'Magrehistro' });
    const affiliate = dialog.getByLabel('Invitation code');
    await affiliate.waitFor();
    const message = await affiliate.getAttribute('aria-describedby');
    expect(message).toBeTruthy();
    const text = await page.locator(`[id="${message}"]`).textContent();
    expect(text?.length).toBeGreaterThan(3);

    await dialog.getByRole('button', { name: 'Gumawa ng account' }).click();
    await dialog.getByText('Kailangan ang field na ito.').first().waitFor();
    expect(await dialog.getByText('Pakilagyan ng tsek ang kahong ito para magpatuloy.').count()).toBe(3);
    await dialog.getByLabel('Ako ay hindi bababa sa 18 taong gulang.').waitFor();
  });

  it('registers by mobile number and SMS code (TY on a phone)', async () => {
    const page = await newPage({ viewport: phone });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/register`);
    const dialog = page.getByRole('dialog', { name: 'Magrehistro' });
    await dialog.getByRole('tab', { name: 'Numero ng mobile' }).click();
    const number = `917${String(Date.now()).slice(-7)}`;
    await dialog.getByLabel('Numero ng mobile').fill(number);
    const send = dialog.getByRole('button', { name: 'Ipadala ang code' });
    await send.click();
    await dialog.getByRole('button', { name: /^Muling ipadala sa \d+ s$/ }).waitFor();
    expect(await dialog.getByRole('button', { name: /^Muling ipadala/ }).isDisabled()).toBe(true);
    const code = await eventually(() => messaging.lastCode(`+63${number}`));
    await dialog.getByLabel('Verification code').fill(code);
    for (const box of await dialog.getByRole('checkbox').all()) await box.check();
    await dialog.getByRole('button', { name: 'Gumawa ng account' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: /^Menu ng account/ }).waitFor();
  });
});

describe('login and the header', () => {
  it('logs in with remember, shows the previous login, the balance with refresh and hide, the account menu and logs out (EN)', async () => {
    const { username, password } = await registerMember();
    await apiLogin(username, password);
    const page = await newPage();
    const errors = collectErrors(page);
    await page.goto(`${baseUrl()}/index`);
    // Wide screens log in from the form in the header top (§2).
    const login = page.getByRole('banner').getByRole('form', { name: 'Log in' });
    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password', { exact: true }).fill(password);
    await login.getByLabel('Remember me').check();
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    await login.waitFor({ state: 'detached' });
    await page
      .getByRole('status')
      .filter({ hasText: /^Welcome back! Your previous login was / })
      .waitFor();
    await closeAnnouncements(page);
    // The remember option keeps the username (never the password) in a cookie for a day.
    const cookies = await page.context().cookies();
    const lastUser = cookies.find((c) => c.name === 'lastUser');
    expect(lastUser?.value).toBe(username);
    expect((lastUser?.expires ?? 0) - Date.now() / 1000).toBeGreaterThan(23 * 3600);
    expect(cookies.some((c) => /password/i.test(c.name))).toBe(false);

    const balance = page.getByTestId('balance');
    await expect.poll(() => balance.textContent()).toBe('P0');
    await page.getByRole('button', { name: 'Hide balance' }).click();
    expect(await balance.textContent()).toBe('***');
    await page.getByRole('button', { name: 'Hide balance' }).click();
    expect(await balance.textContent()).toBe('P0');
    const refreshed = page.waitForResponse((r) => r.url().endsWith('/wps/v2/wallets/balance'));
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    expect((await refreshed).status()).toBe(200);

    await accountMenu(page).click();
    const menu = page.getByRole('menu', { name: 'Account menu' });
    const items = await menu.getByRole('menuitem').allTextContents();
    expect(items).toEqual([
      'Members center',
      'Withdrawal',
      'Transaction history',
      'Betting record',
      'Log out',
    ]);
    await menu.getByRole('menuitem', { name: 'Log out' }).click();
    const confirm = page.getByRole('dialog', { name: 'Log out?' });
    await confirm.getByRole('button', { name: 'Stay' }).click();
    await accountMenu(page).waitFor();

    await accountMenu(page).click();
    await page.getByRole('menuitem', { name: 'Log out' }).click();
    await page.getByRole('dialog', { name: 'Log out?' }).getByRole('button', { name: 'Log out' }).click();
    await login.waitFor();
    expect(new URL(page.url()).pathname).toBe('/index');
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    const again = login;
    expect(await again.getByLabel('Username').inputValue()).toBe(username);
    expect(await again.getByLabel('Remember me').isChecked()).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows the captcha after a failed login and then requires it; (TY)', async () => {
    const { username, password } = await registerMember();
    const page = await newPage({ viewport: tablet });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    const dialog = await openLogin(page, 'Mag-log in');
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password', { exact: true }).fill('wrong-password-1');
    await dialog.getByRole('button', { name: 'Mag-log in', exact: true }).click();
    await dialog.getByRole('alert').waitFor();
    const captcha = dialog.getByLabel('Captcha', { exact: true });
    await captcha.waitFor();
    await dialog.getByRole('button', { name: 'Bagong larawan ng captcha' }).locator('img').waitFor();

    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Mag-log in', exact: true }).click();
    await dialog.getByText('Ilagay ang captcha.').waitFor();
  });

  it('logs in by SMS code without a proof of work, with the send button counting down (EN)', async () => {
    const number = `918${String(Date.now()).slice(-7)}`;
    await registerMember({ mobileNum: number, countryDialingCode: '+63' });
    const page = await newPage({ viewport: tablet });
    await page.goto(`${baseUrl()}/index`);
    const dialog = await openLogin(page);
    await dialog.getByRole('tab', { name: 'SMS code' }).click();
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Enter your mobile number.').waitFor();
    await dialog.getByLabel('Mobile number').fill('123');
    // One press a second (§5): the next one counts after the pause.
    await page.waitForTimeout(1100);
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByText('Enter a valid phone number.').waitFor();

    await dialog.getByRole('button', { name: 'Country code +63' }).click();
    await dialog
      .getByRole('listbox', { name: 'Country codes' })
      .getByRole('option', { name: '+63' })
      .waitFor();
    await dialog.getByLabel('Mobile number').click();
    // The list closes 200 ms after focus leaves it.
    await dialog.getByRole('listbox').waitFor({ state: 'detached' });

    await dialog.getByLabel('Mobile number').fill(number);
    await page.waitForTimeout(1100);
    const challenge = page
      .waitForRequest((r) => r.url().includes('/wps/system/challenge'), {
        timeout: 3000,
      })
      .then(
        () => 'asked',
        () => 'not asked',
      );
    await dialog.getByRole('button', { name: 'Send code' }).click();
    await dialog.getByRole('button', { name: /^Resend in \d+ s$/ }).waitFor();
    const code = await eventually(() => messaging.lastCode(`+63${number}`));
    await dialog.getByLabel('Verification code').fill(code);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    await accountMenu(page).waitFor();
    expect(await challenge).toBe('not asked');
  });

  it('asks for a second check on a login from a new address (bank account name) before the session starts', async () => {
    const { username, password } = await registerMember({ payeeName: 'Ana Reyes' });
    await apiLogin(username, password);
    const page = await newPage({ viewport: tablet, headers: { 'X-Forwarded-For': '198.51.100.23' } });
    await page.goto(`${baseUrl()}/index`);
    const dialog = await openLogin(page);
    await dialog.getByLabel('Username').fill(username);
    await dialog.getByLabel('Password', { exact: true }).fill(password);
    await dialog.getByRole('button', { name: 'Log in', exact: true }).click();
    await dialog.getByText('You are logging in from a new place.', { exact: false }).waitFor();
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await dialog.getByLabel('Name on your bank account').fill('Wrong Name');
    await dialog.getByRole('button', { name: 'Confirm and log in' }).click();
    await dialog.getByRole('alert').waitFor();
    await dialog.getByLabel('Name on your bank account').fill('ana  reyes');
    await dialog.getByRole('button', { name: 'Confirm and log in' }).click();
    await dialog.waitFor({ state: 'detached' });
    await accountMenu(page).waitFor();
  });

  it('plays free and shows the need-true-account warning for real-account features (EN)', async () => {
    const page = await newPage({ viewport: tablet });
    await page.goto(`${baseUrl()}/index`);
    const dialog = await openLogin(page);
    await dialog.getByRole('button', { name: 'Try free play' }).click();
    await dialog.waitFor({ state: 'detached' });
    await closeAnnouncements(page);
    await expect.poll(() => page.getByTestId('balance').textContent()).toMatch(/^P[0-9,]+$/);
    await accountMenu(page).click();
    await page.getByRole('menu').getByText('Free-play account').waitFor();
    await page.getByRole('menuitem', { name: 'Members center' }).click();
    const warning = page.getByRole('dialog', { name: 'Real account needed' });
    await warning.getByText('This feature needs a real account.', { exact: false }).waitFor();
    await warning.getByRole('button', { name: 'Register now' }).click();
    await page.getByRole('dialog', { name: 'Register' }).waitFor();
  });

  it('forces a password change after an operator reset, then goes to / (EN)', async () => {
    const { username } = await registerMember();
    const temporary = await forcePasswordReset(username);
    const page = await newPage({ viewport: tablet });
    await page.goto(`${baseUrl()}/rng`);
    const login = await openLogin(page);
    await login.getByLabel('Username').fill(username);
    await login.getByLabel('Password', { exact: true }).fill(temporary);
    await login.getByRole('button', { name: 'Log in', exact: true }).click();
    const forced = page.getByRole('dialog', { name: 'Change your password' });
    await forced.waitFor();
    await forced.getByLabel('Current password').fill(temporary);
    await forced.getByLabel('New password').fill('NewPass123');
    await forced.getByLabel('Confirm password').fill('NewPass124');
    await forced.getByRole('button', { name: 'Save new password' }).click();
    await forced.getByText('The two passwords are not the same.').waitFor();
    await forced.getByLabel('Confirm password').fill('NewPass123');
    await forced.getByRole('button', { name: 'Save new password' }).click();
    await forced.waitFor({ state: 'detached' });
    await page.waitForURL(/\/index$/);
    await accountMenu(page).waitFor();
    await apiLogin(username, 'NewPass123');
  });

  it('ends a session replaced by a newer login with the server message and the login popup (EN)', async () => {
    const { username, password } = await registerMember();
    await apiLogin(username, password);
    const page = await newPage();
    await page.goto(`${baseUrl()}/index`);
    await logInFromHeader(page, username, password);
    await accountMenu(page).waitFor();
    await apiLogin(username, password);
    await page.getByRole('button', { name: 'Refresh balance' }).click();
    const dialog = page.getByRole('dialog', { name: 'Log in' });
    await dialog.getByRole('status').waitFor();
    expect((await dialog.getByRole('status').textContent())?.length).toBeGreaterThan(5);
    expect(await page.evaluate(() => sessionStorage.getItem('token'))).toBeNull();
    await page.getByRole('banner').getByRole('form', { name: 'Log in' }).waitFor();
  });
});

describe('passwords', () => {
  it('resets by e-mail: the link opens the new-password page, then the login works (EN)', async () => {
    const email = `${uniqueName('mail')}@example.test`;
    const { username } = await registerMember({ email });
    const page = await newPage({ viewport: tablet });
    await page.goto(`${baseUrl()}/index`);
    const login = await openLogin(page);
    await login.getByRole('button', { name: 'Forgot password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Forgot password' });
    await forgot.getByLabel('Username').fill(username);
    await forgot.getByLabel('E-mail').fill('not-an-email');
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText('Enter a valid e-mail address', { exact: false }).waitFor();
    await forgot.getByLabel('E-mail').fill(email);
    await forgot.getByRole('button', { name: 'Send reset link' }).click();
    await forgot.getByText('a reset link is on its way', { exact: false }).waitFor();

    const mail = await eventually(() => messaging.smtp.messages(email).at(-1));
    const link = /https?:\/\/\S+resetToken=[\w-]+/.exec(mail.text)?.[0];
    expect(link).toBeTruthy();
    const path = new URL(link as string);
    await page.goto(`${baseUrl()}${path.pathname}${path.search}`);
    const reset = page.getByRole('dialog', { name: 'Set a new password' });
    await reset.waitFor();
    expect(new URL(page.url()).search).toBe('');
    await reset.getByLabel('New password').fill('short');
    await reset.getByLabel('Confirm password').fill('short');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    await reset.getByText('Use both letters and digits; 6-20 characters.').waitFor();
    await reset.getByLabel('New password').fill('Reset1234');
    await reset.getByLabel('Confirm password').fill('Reset1234');
    await reset.getByRole('button', { name: 'Set new password' }).click();
    const again = page.getByRole('dialog', { name: 'Log in' });
    await again.getByText('Your new password is set.', { exact: false }).waitFor();
    await again.getByLabel('Username').fill(username);
    await again.getByLabel('Password', { exact: true }).fill('Reset1234');
    await again.getByRole('button', { name: 'Log in', exact: true }).click();
    await again.waitFor({ state: 'detached' });
    await accountMenu(page).waitFor();
  });

  it('resets by phone with an SMS code, then shows a message and the login dialog (TY)', async () => {
    const number = `919${String(Date.now()).slice(-7)}`;
    const { username } = await registerMember({ mobileNum: number, countryDialingCode: '+63' });
    const page = await newPage({ viewport: tablet });
    await useLanguage(page, 'TY');
    await page.goto(`${baseUrl()}/index`);
    const login = await openLogin(page, 'Mag-log in');
    await login.getByRole('button', { name: 'Nakalimutan ang password?' }).click();
    const forgot = page.getByRole('dialog', { name: 'Nakalimutan ang password' });
    await forgot.getByRole('tab', { name: 'Sa telepono' }).click();
    await forgot.getByLabel('Numero ng mobile').fill(number);
    await forgot.getByRole('button', { name: 'Ipadala ang code' }).click();
    const code = await eventually(() => messaging.lastCode(`+63${number}`));
    await forgot.getByLabel('Verification code').fill(code);
    await forgot.getByLabel('Bagong password').fill('Phone1234');
    await forgot.getByLabel('Kumpirmahin ang password').fill('Phone1234');
    await forgot.getByRole('button', { name: 'Itakda ang bagong password' }).click();
    const again = page.getByRole('dialog', { name: 'Mag-log in' });
    await again.getByText('Napalitan na ang iyong password.', { exact: false }).waitFor();
    await apiLogin(username, 'Phone1234');
  });
});
