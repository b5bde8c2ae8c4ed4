import { chromium } from 'playwright-core';
import { currentCode } from '../apps/server/src/modules/totp/totp.service.ts';
import { findChromium } from './support/chromium.ts';

const base = 'http://127.0.0.1:3996';
const browser = await chromium.launch({ executablePath: findChromium() });
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
page.on('console', (m) => console.log('console', m.type(), m.text()));
page.on('pageerror', (e) => console.log('pageerror', e.message));
await page.goto(`${base}/admin/`);
await page.getByLabel('Username').fill('owner');
await page.getByLabel('Password').fill('owner-demo-1');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForTimeout(1000);
const code = page.getByLabel(/code/i).first();
if (await code.count()) {
  await code.fill(currentCode('TALADEMOOWNERKEYTALADEMOOWNERKEY'));
  await page.keyboard.press('Enter');
}
await page.waitForTimeout(1500);
await page.goto(`${base}/admin/promotions/tala/applications`);
await page.waitForTimeout(2500);
await page.screenshot({ path: '/tmp/admin-apps.png' });
await browser.close();
