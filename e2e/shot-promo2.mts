import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import { chromium } from 'playwright-core';
import { currentCode } from '../apps/server/src/modules/totp/totp.service.ts';
import { findChromium } from './support/chromium.ts';

const base = 'http://127.0.0.1:3996';
const j = async (path: string, init: RequestInit = {}) => (await fetch(`${base}${path}`, init)).json();
const challenge = (await j('/wps/system/challenge')).value;
const solution = await solveChallenge({ challenge, deriveKey });
const name = `shot${Date.now() % 100000}`;
const reg = await j('/wps/member/register', {
  method: 'PUT',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    username: name,
    password: 'Secret123',
    confirmPassword: 'Secret123',
    acceptTerms: true,
    confirmAge: true,
    acceptPrivacy: true,
    payeeName: 'Ana Reyes',
    challenge: Buffer.from(JSON.stringify({ challenge, solution })).toString('base64'),
  }),
});
const token = reg.value.token;
const post = (path: string, body: object, auth = token) =>
  j(path, {
    method: 'POST',
    headers: { authorization: auth, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
console.log(
  await post('/wps/relay/PAY_paymentPassword', { loginPassword: 'Secret123', paymentPassword: '246810' }),
);
console.log(
  await post('/wps/relay/PAY_bankCards', {
    bankName: 'BPI',
    accountNumber: `55${Date.now() % 1e8}`,
    payeeName: 'Ana Reyes',
    paymentPassword: '246810',
  }),
);
const form = new FormData();
form.set('amount', '50000');
form.set('bankAccountId', 'bdo-main');
form.set('payerName', 'Ana Reyes');
form.set('reference', 'REF-12345');
const dep = await (
  await fetch(`${base}/wps/relay/PAY_depositBank`, {
    method: 'POST',
    headers: { authorization: token },
    body: form,
  })
).json();
const owner = await j('/admin-api/session', {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({
    username: 'owner',
    password: 'owner-demo-1',
    code: currentCode('TALADEMOOWNERKEYTALADEMOOWNERKEY'),
  }),
});
console.log(
  await post(`/admin-api/payments/deposits/${dep.value.id}/approve`, {}, `Bearer ${owner.value.token}`),
);
const browser = await chromium.launch({ executablePath: findChromium() });
async function shot(file: string, width: number, height: number, theme: string, lang: string, path: string) {
  const page = await browser.newPage({ viewport: { width, height } });
  await page.addInitScript(
    ([t, l, tok]) => {
      localStorage.setItem('theme', t as string);
      localStorage.setItem('language', l as string);
      sessionStorage.setItem('token', tok as string);
    },
    [theme, lang, token],
  );
  await page.goto(`${base}${path}`);
  await page.waitForTimeout(3000);
  const close = page.getByTestId('announcement-popup');
  if (await close.count()) await page.keyboard.press('Escape');
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/${file}.png` });
  return page;
}
await shot('reward-desktop', 1366, 900, 'light', 'EN', '/index?memberCentre=rewardCenter');
console.log(await post('/wps/relay/MCS2_claimPromotion', { promotionId: 1, deviceId: 'shotdevice01' }));
await shot('bonus-phone-dark', 390, 844, 'dark', 'TY', '/index?memberCentre=bonusDetails');
await shot('withdraw-desktop-dark', 1366, 900, 'dark', 'EN', '/index?memberCentre=withdraw');
await shot('promo-member-desktop', 1366, 900, 'light', 'EN', '/promotions');
await browser.close();
