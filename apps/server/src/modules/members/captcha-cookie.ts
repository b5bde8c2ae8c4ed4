import type { FastifyRequest } from 'fastify';
import { readCookie } from '../../http/cookies.ts';

export const CAPTCHA_COOKIE = 'tala_captcha';

/** The captcha id from the body, else from the cookie GET /wps/captcha set. */
export function captchaIdOf(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  return fromBody || readCookie(request, CAPTCHA_COOKIE, /[0-9a-f-]{36}/);
}
