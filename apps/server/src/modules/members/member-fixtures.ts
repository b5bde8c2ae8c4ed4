// Test support for members and sessions: solving the proof of work, registering, logging in, reading the codes the
// simulators received. Used by the tests beside this code and by other modules' tests that need a member.
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/sha';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Services } from '../../services.ts';

type App = Pick<FastifyInstance, 'inject'>;

/** A solved proof-of-work payload, as the ALTCHA widget would put in its field. */
export async function solvedChallenge(app: App, ip = '127.0.0.1'): Promise<string> {
  const response = await app.inject({ url: '/wps/system/challenge', remoteAddress: ip });
  const challenge = response.json().value;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('challenge not solved');
  return Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');
}

let counter = 0;
/** A username no other test used. */
export function uniqueName(prefix = 'user') {
  counter += 1;
  return `${prefix}${Date.now().toString(36).slice(-5)}${counter}`.toLowerCase();
}

export type Visit = { ip?: string; merchant?: string; language?: string };

function headersOf(visit: Visit, extra: Record<string, string> = {}) {
  return {
    ...(visit.merchant ? { merchant: visit.merchant } : {}),
    ...(visit.language ? { language: visit.language } : {}),
    ...extra,
  };
}

/** Registers a member by username with the default rules and returns the response. */
export async function register(app: App, fields: Record<string, unknown> = {}, visit: Visit = {}) {
  const username = uniqueName('reg');
  return app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    remoteAddress: visit.ip ?? '127.0.0.1',
    headers: headersOf(visit),
    payload: {
      username,
      password: 'secret123',
      confirmPassword: 'secret123',
      acceptTerms: true,
      confirmAge: true,
      acceptPrivacy: true,
      challenge: await solvedChallenge(app, visit.ip),
      ...fields,
    },
  });
}

/** Logs in by username and password; returns the response. */
export async function login(
  app: App,
  username: string,
  password: string,
  visit: Visit = {},
  extra: Record<string, unknown> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/wps/session/login',
    remoteAddress: visit.ip ?? '127.0.0.1',
    headers: headersOf(visit),
    payload: { username, password, challenge: await solvedChallenge(app, visit.ip), ...extra },
  });
}

/** Logs in and returns the raw session token (fails the test otherwise). */
export async function tokenOf(app: App, username: string, password: string, visit: Visit = {}) {
  const response = await login(app, username, password, visit);
  expect(response.json(), response.body).toMatchObject({ success: true });
  const token = response.json().value.token as string | null;
  if (!token) throw new Error(`no token: ${response.body}`);
  return token;
}

/** A registered, logged-in member: its username, password and token. */
export async function newMember(app: App, visit: Visit = {}, fields: Record<string, unknown> = {}) {
  const username = uniqueName('mem');
  const response = await register(app, { username, ...fields }, visit);
  expect(response.statusCode, response.body).toBe(200);
  return {
    username,
    password: (fields.password as string) ?? 'secret123',
    token: response.json().value.token as string,
  };
}

/** The code in the newest SMS the gateway simulator received for a number. */
export async function lastSmsCode(services: Services, to: string): Promise<string> {
  const { sms } = await services.messaging.localSimulators();
  const text = sms.messages(to).at(-1)?.text ?? '';
  const code = /\b([0-9]{6})\b/.exec(text)?.[1];
  if (!code) throw new Error(`no SMS code for ${to}`);
  return code;
}

/** The newest e-mail the SMTP simulator received for an address. */
export async function lastEmail(services: Services, to: string) {
  const { smtp } = await services.messaging.localSimulators();
  const message = smtp.messages(to).at(-1);
  if (!message) throw new Error(`no e-mail for ${to}`);
  return message;
}

/** A captcha image and its answer, read from the database through the service's own check. */
export async function captchaFor(app: App, visit: Visit = {}) {
  const response = await app.inject({ url: '/wps/captcha', headers: headersOf(visit) });
  return { id: response.headers['captcha-id'] as string, image: response.json().value as string, response };
}

/** Changes a merchant's settings as the back office would (the cache is dropped), runs `fn`, then restores them. */
export async function withSettings<T>(
  services: Services,
  code: string,
  change: (settings: Awaited<ReturnType<Services['merchants']['storedSettings']>>) => void,
  fn: () => Promise<T>,
): Promise<T> {
  const actor = { id: 1, name: 'owner', ip: '127.0.0.1' };
  const before = await services.merchants.storedSettings(code);
  const changed = structuredClone(before);
  change(changed);
  await services.merchants.updateSettings(code, changed, actor);
  try {
    return await fn();
  } finally {
    await services.merchants.updateSettings(code, before, actor);
  }
}
