import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Sets a cookie, `Secure` whenever the request came over TLS: directly, or through a trusted proxy that says so in
 * X-Forwarded-Proto (Fastify reads that header only with TRUST_PROXY on, so a client cannot claim it).
 */
export function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  attributes: { path: string; maxAgeSeconds: number; sameSite: 'Strict' | 'Lax' },
) {
  const secure = request.protocol === 'https' ? '; Secure' : '';
  reply.header(
    'set-cookie',
    `${name}=${value}; Path=${attributes.path}; Max-Age=${attributes.maxAgeSeconds}; HttpOnly; SameSite=${attributes.sameSite}${secure}`,
  );
}

/** A cookie's value when it is there and matches `pattern` (the whole value); cookies are hostile input. */
export function readCookie(request: FastifyRequest, name: string, pattern: RegExp): string | undefined {
  const header = request.headers.cookie ?? '';
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== name) continue;
    const value = part.slice(at + 1).trim();
    if (new RegExp(`^(?:${pattern.source})$`).test(value)) return value;
  }
  return undefined;
}
