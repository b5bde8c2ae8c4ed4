import type { Page } from 'playwright-core';
import { baseUrl } from './browser.ts';

/** Signs an operator in to the back office in the browser; it lands on Site settings. */
export async function signInToBackOffice(page: Page, username: string, password: string) {
  await page.goto(`${baseUrl()}/admin/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Site settings' }).waitFor();
  // The heading shows while the merchants load; the page then moves on to the first merchant's settings, and a
  // click meanwhile (the phone's menu) would be undone by that move.
  await page.waitForURL((url) => /^\/admin\/settings\/[^/]+$/.test(url.pathname));
}

/**
 * Picks the back office's language in its top bar (open on wide screens, behind Menu on phones) and waits until the
 * choice is kept: the language's texts load first, and a navigation before that would drop the choice.
 */
export async function pickBackOfficeLanguage(page: Page, language: string) {
  await page.getByRole('combobox', { name: 'Language', exact: true }).selectOption(language);
  await page.waitForFunction((code) => localStorage.getItem('tala.admin.language') === code, language);
}
