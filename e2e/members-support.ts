// Helpers of the members browser tests: members made through the real API, the messaging simulators the merchant is
// pointed at, and the site's language chosen before the first paint.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { type SmsGatewaySimulator, startSmsGateway } from '../apps/server/simulators/sms-gateway.ts';
import { type SmtpSimulator, startSmtpServer } from '../apps/server/simulators/smtp.ts';
import { adminCall, adminLogin } from './support/api.ts';
import { baseUrl, popupReadsOf } from './support/browser.ts';

type Json = Record<string, unknown>;

async function call(method: string, path: string, body?: Json, headers: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body ? JSON.stringify(body) : null,
  });
  return (await response.json()) as { success: boolean; value: Json; errorCode?: string };
}

/** A solved proof of work, as the site's worker makes it. */
export async function solved(): Promise<string> {
  const challenge = (await call('GET', '/wps/system/challenge')).value;
  const solution = await solveChallenge({ challenge: challenge as never, deriveKey });
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let count = 0;
/** A username no other test used (letter first, then letters and digits: the default rule). */
export function uniqueName(prefix = 'm') {
  count += 1;
  return `${prefix}${Date.now().toString(36).slice(-6)}${count}`;
}

/** Registers a member through PUT /wps/member/register; answers its username, password and token. */
export async function registerMember(fields: Json = {}) {
  const username = uniqueName();
  const password = 'Secret123';
  const answer = await call('PUT', '/wps/member/register', {
    username,
    password,
    confirmPassword: password,
    acceptTerms: true,
    confirmAge: true,
    acceptPrivacy: true,
    challenge: await solved(),
    ...fields,
  });
  if (!answer.success) throw new Error(`registration failed: ${JSON.stringify(answer)}`);
  return { username, password, token: answer.value.token as string };
}

/**
 * Marks the popup announcements a login would open as seen (the site's own acknowledgement), so a test that is not
 * about them meets no popup over the page: on a loaded machine it may open after any fixed wait for it.
 */
export async function seePopups(token: string) {
  const headers = { Authorization: token };
  const popups = await call('GET', '/wps/relay/MCSFE_getPopupAnnouncements', undefined, headers);
  if (!popups.success) throw new Error(`reading the popups failed: ${JSON.stringify(popups)}`);
  const ids = (popups.value as unknown as { id: number }[]).map((item) => item.id);
  if (ids.length > 0) await call('POST', '/wps/relay/MCSFE_ackPopupAnnouncements', { ids }, headers);
}

/** Opens the site in `page` as the member of `token` (the session the site keeps), with its popups already seen. */
export async function signInPage(page: Page, token: string) {
  await seePopups(token);
  await page.addInitScript((value) => sessionStorage.setItem('token', value), token);
}

/** Logs in through the API (as another device would): a newer login ends the older session. */
export async function apiLogin(username: string, password: string) {
  const answer = await call('POST', '/wps/session/login', {
    username,
    password,
    type: 'username',
    challenge: await solved(),
  });
  if (!answer.success) throw new Error(`login failed: ${JSON.stringify(answer)}`);
  return answer.value;
}

type Settings = { members: { messaging: Json } & Json; modules: Record<string, boolean> } & Json;
const settingsPath = '/admin-api/merchants/tala/settings';

/**
 * Starts an SMS gateway and an SMTP server simulator in the test process and points the tala merchant at them, so
 * a test reads the codes and links the members receive across a real network boundary. Restores on `stop`.
 */
async function messagingSimulators() {
  const sms: SmsGatewaySimulator = await startSmsGateway();
  const smtp: SmtpSimulator = await startSmtpServer();
  const auth = await adminLogin();
  const original = await adminCall<Settings>(auth, 'GET', settingsPath);
  const changed = structuredClone(original);
  changed.members.messaging = { ...changed.members.messaging, smsGatewayUrl: sms.url, smtpUrl: smtp.url };
  await adminCall(auth, 'PUT', settingsPath, changed);
  return {
    sms,
    smtp,
    lastCode(to: string) {
      const text = sms.messages(to).at(-1)?.text ?? '';
      const code = /\b([0-9]{6})\b/.exec(text)?.[1];
      if (!code) throw new Error(`no SMS code for ${to}`);
      return code;
    },
    async stop() {
      await adminCall(auth, 'PUT', settingsPath, original);
      await Promise.all([sms.close(), smtp.close()]);
    },
  };
}

/** The messaging simulators for a whole test file: started before its first test, stopped after its last. */
export function useMessagingSimulators() {
  let started: Awaited<ReturnType<typeof messagingSimulators>> | undefined;
  beforeAll(async () => {
    started = await messagingSimulators();
  });
  afterAll(async () => {
    await started?.stop();
  });
  const running = () => {
    if (!started) throw new Error('the messaging simulators are not running');
    return started;
  };
  return {
    lastCode: (to: string) => running().lastCode(to),
    get smtp() {
      return running().smtp;
    },
  };
}

/** Waits until a predicate holds (the simulators receive messages a moment after the API answers). */
export async function eventually<T>(read: () => T | undefined, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      const value = read();
      if (value !== undefined) return value;
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The site's language, chosen as the picker keeps it, before the page loads. */
export async function useLanguage(page: Page, language: 'EN' | 'TY') {
  await page.addInitScript((code) => localStorage.setItem('language', code), language);
}

/** A member's id in the back office (by exact username). */
export async function memberId(username: string): Promise<number> {
  const auth = await adminLogin('support', 'support-demo-1');
  const list = await adminCall<{ list: { id: number; account: string }[] }>(
    auth,
    'GET',
    `/admin-api/members?q=${encodeURIComponent(username)}`,
  );
  const found = list.list.find((m) => m.account === username);
  if (!found) throw new Error(`no member ${username}`);
  return found.id;
}

export async function memberDetail(username: string) {
  const auth = await adminLogin('support', 'support-demo-1');
  return adminCall<Json>(auth, 'GET', `/admin-api/members/${await memberId(username)}`);
}

export async function forcePasswordReset(username: string): Promise<string> {
  const auth = await adminLogin('support', 'support-demo-1');
  const value = await adminCall<{ temporaryPassword: string }>(
    auth,
    'POST',
    `/admin-api/members/${await memberId(username)}/password-reset`,
  );
  return value.temporaryPassword;
}

/** Closes the announcement popup if it shows within `timeout` ms. */
async function closePopupIfShown(page: Page, timeout: number) {
  const popup = page.getByTestId('announcement-popup');
  const shown = await popup.waitFor({ timeout }).then(
    () => true,
    () => false,
  );
  if (!shown) return;
  await page
    .getByRole('dialog')
    .filter({ has: popup })
    .getByRole('button', { name: /^(Close|Isara)$/ })
    .click();
  await popup.waitFor({ state: 'detached' });
}

/**
 * The announcement popup opens once after a login when the merchant has popup announcements (the demo content has
 * some); a test that goes on clicking closes it first. On a page of `newPage` this goes by the site's own read of
 * the popups: it waits for that read, and for the popup only when the read had some (a fixed wait for the popup
 * alone lost the race on a loaded machine, and the popup then covered the page). A guest has none.
 */
export async function closeAnnouncements(page: Page, readsBeforeLogin?: number) {
  const reads = popupReadsOf(page);
  if (!reads) return closePopupIfShown(page, 5_000);
  const token = await page.evaluate(() => sessionStorage.getItem('token')).catch(() => null);
  if (!token) return;
  // After a login in this page, its own read; otherwise the first read not dealt with, if none was yet.
  const after = readsBeforeLogin ?? reads.handled;
  if (readsBeforeLogin === undefined && reads.handled > 0 && reads.seen.length === reads.handled) return;
  const deadline = Date.now() + 20_000;
  while (reads.seen.length <= after && Date.now() < deadline) await page.waitForTimeout(100);
  const latest = reads.seen.at(-1) ?? 0;
  reads.handled = reads.seen.length;
  if (latest > 0) await closePopupIfShown(page, 30_000);
}

/** Wide enough for the header's login form (the site's HEADER_FORM_QUERY); narrower screens get the popup. */
export const HEADER_FORM_WIDTH = 1180;

/**
 * Logs in from the header top (§2): the guest form in the header on wide screens, the login popup (its Log in
 * button) on tablets and phones. Closes the announcement popup a login may open.
 */
export async function logInFromHeader(page: Page, username: string, password: string, login = 'Log in') {
  const banner = page.getByRole('banner');
  const wide = (page.viewportSize()?.width ?? 0) >= HEADER_FORM_WIDTH;
  const scope = wide ? banner.getByRole('form', { name: login }) : page.getByRole('dialog', { name: login });
  if (!wide) await banner.getByRole('button', { name: login, exact: true }).click();
  await scope.waitFor();
  await scope.getByLabel('Username').fill(username);
  await scope.getByLabel('Password', { exact: true }).fill(password);
  const readsBefore = popupReadsOf(page)?.seen.length;
  await scope.getByRole('button', { name: login, exact: true }).click();
  await scope.waitFor({ state: 'detached' });
  await closeAnnouncements(page, readsBefore);
}
