import type { Page } from 'playwright-core';
import { baseUrl } from './browser.ts';

/** Signs an operator in to the back office in the browser; it lands on Site settings. */
export async function signInToBackOffice(page: Page, username: string, password: string) {
  await page.goto(`${baseUrl()}/admin/`);
  await page.getByLabel('Username').fill(username);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await page.getByRole('heading', { name: 'Site settings' }).waitFor();
}
