import { chromium } from 'playwright-core';
import { findChromium } from './support/chromium.ts';

const base = 'http://127.0.0.1:3996';
const browser = await chromium.launch({ executablePath: findChromium() });
const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
await page.goto(`${base}/admin/`);
await page.getByLabel('Username').fill('content');
await page.getByLabel('Password').fill('content-demo-1');
await page.getByRole('button', { name: 'Sign in' }).click();
await page.waitForTimeout(1500);
await page.goto(`${base}/admin/promotions/tala`);
await page.waitForTimeout(1500);
await page.screenshot({ path: '/tmp/admin-list.png' });
await page.getByRole('button', { name: 'Edit' }).first().click();
await page.waitForTimeout(800);
await page.screenshot({ path: '/tmp/admin-edit.png', fullPage: true });
await browser.close();
