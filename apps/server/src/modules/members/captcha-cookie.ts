import type { FastifyRequest } from 'fastify';

export const CAPTCHA_COOKIE = 'tala_captcha';

/** The captcha id from the body, else from the cookie GET /wps/captcha set. */
export function captchaIdOf(request: FastifyRequest, fromBody: string | undefined): string | undefined {
  if (fromBody) return fromBody;
  const cookie = request.headers.cookie ?? '';
  const match = new RegExp(`(?:^|;\\s*)${CAPTCHA_COOKIE}=([0-9a-f-]{36})`).exec(cookie);
  return match?.[1];
}
