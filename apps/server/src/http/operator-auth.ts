import type { FastifyRequest } from 'fastify';

/** The back office sends its token as `Authorization: Bearer <token>`. */
export function operatorToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7) : undefined;
}
