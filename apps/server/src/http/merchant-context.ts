import type { FastifyRequest } from 'fastify';
import type { Merchant, MerchantsService } from '../modules/merchants/merchants.service.ts';
import { AppError } from './app-error.ts';

/** A suspended merchant's member calls are refused (its site shows maintenance from /wps/system/status). */
function open(merchant: Merchant): Merchant {
  if (merchant.suspended) throw new AppError('merchant_suspended');
  return merchant;
}

/**
 * The merchant a player request is for: the `Merchant` header when sent, else the request's host name; a suspended
 * merchant answers merchant_suspended unless `evenSuspended` (the site's status calls, which show its maintenance).
 */
export async function requestMerchant(
  merchants: MerchantsService,
  request: FastifyRequest,
  options: { evenSuspended?: boolean } = {},
): Promise<Merchant> {
  const header = request.headers.merchant;
  let merchant: Merchant;
  if (header !== undefined) {
    const code = Array.isArray(header) ? header[0] : header;
    if (!code || !/^[a-z0-9-]{2,32}$/.test(code)) throw new AppError('bad_header', 'Merchant');
    merchant = await merchants.byCode(code);
  } else {
    merchant = await merchants.byHost(request.hostname);
  }
  return options.evenSuspended ? merchant : open(merchant);
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
    return open(await merchants.byCode(code));
  }
  return open(await merchants.byHost(request.hostname));
}
