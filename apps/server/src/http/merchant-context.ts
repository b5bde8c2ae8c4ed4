import type { FastifyRequest } from 'fastify';
import type { Merchant, MerchantsService } from '../modules/merchants/merchants.service.ts';
import { AppError } from './app-error.ts';

/** The merchant a player request is for: the `Merchant` header when sent, else the request's host name. */
export async function requestMerchant(
  merchants: MerchantsService,
  request: FastifyRequest,
): Promise<Merchant> {
  const header = request.headers.merchant;
  if (header !== undefined) {
    const code = Array.isArray(header) ? header[0] : header;
    if (!code || !/^[a-z0-9-]{2,32}$/.test(code)) throw new AppError('bad_header', 'Merchant');
    return merchants.byCode(code);
  }
  return merchants.byHost(request.hostname);
}

/**
 * The merchant of a WebSocket's upgrade request: the `Merchant` header, else `?merchant=` (browsers cannot set headers
 * on a socket), else the host name.
 */
export async function socketMerchant(
  merchants: MerchantsService,
  request: FastifyRequest,
): Promise<Merchant> {
  const header = request.headers.merchant;
  const code =
    (Array.isArray(header) ? header[0] : header) ?? (request.query as { merchant?: string }).merchant;
  if (code !== undefined) {
    if (!/^[a-z0-9-]{2,32}$/.test(code)) throw new AppError('bad_header', 'Merchant');
    return merchants.byCode(code);
  }
  return merchants.byHost(request.hostname);
}
