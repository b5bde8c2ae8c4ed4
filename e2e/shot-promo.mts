import { chromium } from 'playwright-core';
import { findChromium } from './support/chromium.ts';

const base = 'http://127.0.0.1:3996';
const browser = await chromium.launch({ executablePath: findChromium() });
async function shot(
  name: string,
  width: number,
  height: number,
  theme: 'light' | 'dark',
  lang: string,
  path: string,
  token?: string,
) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.addInitScript(
    ([t, l, tok]) => {
      localStorage.setItem('theme', t as string);
      localStorage.setItem('language', l as string);
      if (tok) sessionStorage.setItem('token', tok as string);
    },
    [theme, lang, token ?? ''],
  );
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(2500);
  await page.screenshot({ path: `/tmp/${name}.png`, fullPage: true });
  await page.close();
}
// A member with a deposit: demo logs in, deposits and finance approves.
const login = await (await fetch(`${base}/wps/system/challenge`)).json();
console.log(Object.keys(login.value ?? {}));
await shot('promo-guest-desktop', 1366, 900, 'light', 'EN', '/promotions');
await shot('promo-guest-phone-dark', 390, 844, 'dark', 'TY', '/promotions');
await shot('promo-detail-phone', 390, 844, 'light', 'EN', '/promoDetail?id=1');
await browser.close();
