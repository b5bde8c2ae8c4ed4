import { chromium, type Page } from 'playwright-core';
const base = 'http://127.0.0.1:4102';
const args = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args, headless: true });
async function page(width: number, lang: 'EN' | 'TY', theme: 'light' | 'dark') {
  const ctx = await browser.newContext({ viewport: { width, height: width < 500 ? 844 : 900 } });
  const p = await ctx.newPage();
  await p.addInitScript(([l, th]) => { localStorage.setItem('language', l); localStorage.setItem('theme', th); }, [lang, theme]);
  return p;
}
async function closePopup(p: Page) {
  const popup = p.getByTestId('announcement-popup');
  if (await popup.waitFor({ timeout: 4000 }).then(() => true, () => false))
    await p.getByRole('dialog').filter({ has: popup }).getByRole('button', { name: /^(Close|Isara)$/ }).click();
}
async function login(p: Page, user: string, pass: string, label: string) {
  await p.goto(`${base}/index`);
  const wide = (p.viewportSize()?.width ?? 0) >= 1180;
  const banner = p.getByRole('banner');
  const scope = wide ? banner.getByRole('form', { name: label }) : p.getByRole('dialog', { name: label });
  if (!wide) await banner.getByRole('button', { name: label, exact: true }).click();
  await scope.getByLabel('Username').fill(user);
  await scope.getByLabel('Password', { exact: true }).fill(pass);
  await scope.getByRole('button', { name: label, exact: true }).click();
  await scope.waitFor({ state: 'detached' });
  await closePopup(p);
}
async function openBreaks(p: Page, menu: string, entry: string, tab: string) {
  await p.getByRole('button', { name: new RegExp(`^${menu}`) }).click();
  await p.getByRole('menuitem', { name: 'Members center' }).click();
  const centre = p.getByRole('dialog', { name: 'Members center' });
  await centre.getByRole('button', { name: entry }).click();
  await centre.getByRole('tab', { name: tab }).click();
  await p.waitForTimeout(800);
  return centre;
}
// EN light desktop: no break, then the self-exclusion confirmation, then a time-out.
{
  const p = await page(1366, 'EN', 'light');
  await login(p, 'demo', 'demo-pass-1', 'Log in');
  const c = await openBreaks(p, 'Account menu', 'Safer gambling', 'Breaks');
  await p.screenshot({ path: '/tmp/shot-en-light-desktop-none.png' });
  await c.getByRole('radio', { name: '1 year' }).check();
  await c.getByRole('button', { name: 'Exclude myself' }).click();
  await p.waitForTimeout(500);
  await p.screenshot({ path: '/tmp/shot-en-light-desktop-confirm.png' });
  await p.getByRole('dialog', { name: 'Exclude yourself?' }).getByRole('button', { name: 'Cancel' }).click();
  await c.getByLabel('Length of the time-out').selectOption({ label: '1 week' });
  await c.getByRole('button', { name: 'Take a time-out' }).click();
  await p.getByRole('dialog', { name: 'Start a time-out?' }).getByRole('button', { name: 'Start the time-out' }).click();
  await c.getByText('Your time-out has started.').waitFor();
  await p.screenshot({ path: '/tmp/shot-en-light-desktop-active.png', fullPage: true });
  await c.getByRole('button', { name: 'Close', exact: true }).click();
  await p.waitForTimeout(800);
  await p.screenshot({ path: '/tmp/shot-en-light-desktop-banner.png' });
}
// TY dark phone: player1 self-excludes.
{
  const p = await page(390, 'TY', 'dark');
  await login(p, 'player1', 'player-pass-1', 'Mag-log in');
  const c = await openBreaks(p, 'Menu ng account', 'Ligtas na paglalaro', 'Pahinga');
  await p.screenshot({ path: '/tmp/shot-ty-dark-phone-none.png', fullPage: true });
  await c.getByRole('button', { name: 'Ibukod ang sarili ko' }).click();
  await p.waitForTimeout(500);
  await p.screenshot({ path: '/tmp/shot-ty-dark-phone-confirm.png' });
  await p.getByRole('dialog', { name: 'Ibukod ang sarili?' }).getByRole('button', { name: 'Simulan ang self-exclusion' }).click();
  await c.getByText('Nagsimula na ang iyong self-exclusion.').waitFor();
  await p.screenshot({ path: '/tmp/shot-ty-dark-phone-active.png' });
  await c.getByRole('button', { name: 'Isara', exact: true }).click();
  await p.waitForTimeout(800);
  await p.screenshot({ path: '/tmp/shot-ty-dark-phone-banner.png' });
}
// Back office: support on demo's page.
{
  const p = await page(1366, 'EN', 'light');
  await p.goto(`${base}/admin/`);
  await p.getByLabel('Username').fill('support');
  await p.getByLabel('Password').fill('support-demo-1');
  await p.getByRole('button', { name: 'Sign in' }).click();
  await p.waitForTimeout(1500);
  await p.goto(`${base}/admin/members`);
  await p.getByRole('searchbox', { name: 'Search' }).fill('player1');
  await p.getByRole('button', { name: 'Search', exact: true }).click();
  await p.getByRole('link', { name: 'player1' }).click();
  const section = p.getByRole('region', { name: 'Breaks and exclusions' });
  await section.waitFor();
  await section.scrollIntoViewIfNeeded();
  await p.waitForTimeout(800);
  await section.screenshot({ path: '/tmp/shot-admin-en.png' });
  const ctx2 = await page(390, 'TY', 'dark');
  await ctx2.close();
}
await browser.close();
