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
