import type { FastifyRequest } from 'fastify';

/** The visitor's address as the socket (or, with TRUST_PROXY, the proxy) reports it, without the IPv6 prefix. */
export function clientIp(request: FastifyRequest): string {
  return request.ip.replace(/^::ffff:/, '');
}
