import crypto from 'node:crypto';
import { signaturesEqual, vendorSignature } from '../../lib/vendor-signature.ts';

/*
 * The wire protocol between us and a payment gateway (the in-repo sandbox speaks it too). Both directions are
 * JSON bodies signed with the merchant's secret: HMAC-SHA256 over `${timestamp}.${nonce}.${raw body}`, hex, in
 * the headers below. A signature older than SIGNATURE_WINDOW_MS is stale; a nonce is accepted once.
 *
 *   us → gateway  POST {api}/api/orders        {merchantNo, orderNo, amount, currency, exponent, notifyUrl, returnUrl}
 *                 → {success, value: {gatewayTxnId, payUrl}}
 *   gateway → us  POST {notifyUrl}             {merchantNo, orderNo, gatewayTxnId, amount, status: paid|failed}
 */
export const gatewayHeaderNames = {
  timestamp: 'x-gateway-timestamp',
  nonce: 'x-gateway-nonce',
  signature: 'x-gateway-signature',
} as const;

export const SIGNATURE_WINDOW_MS = 5 * 60 * 1000;

export function signGateway(secret: string, rawBody: string, now = Date.now()) {
  const timestamp = String(now);
  const nonce = crypto.randomBytes(16).toString('hex');
  return {
    'content-type': 'application/json',
    [gatewayHeaderNames.timestamp]: timestamp,
    [gatewayHeaderNames.nonce]: nonce,
    [gatewayHeaderNames.signature]: vendorSignature(secret, timestamp, nonce, rawBody),
  };
}

export type SignatureCheck = 'ok' | 'missing' | 'stale' | 'invalid';

/** Checks a signed body: present, fresh, and made with this secret. */
export function checkGatewaySignature(
  secret: string,
  headers: { timestamp?: string | undefined; nonce?: string | undefined; signature?: string | undefined },
  rawBody: string,
  now = Date.now(),
): SignatureCheck {
  const { timestamp, nonce, signature } = headers;
  if (
    !timestamp ||
    !nonce ||
    !signature ||
    !/^\d{1,15}$/.test(timestamp) ||
    !/^[\x21-\x7e]{8,128}$/.test(nonce)
  ) {
    return 'missing';
  }
  if (!signaturesEqual(vendorSignature(secret, timestamp, nonce, rawBody), signature)) return 'invalid';
  if (Math.abs(now - Number(timestamp)) > SIGNATURE_WINDOW_MS) return 'stale';
  return 'ok';
}

export type CreateOrder = {
  merchantNo: string;
  orderNo: string;
  amount: number;
  currency: string;
  exponent: number;
  notifyUrl: string;
  returnUrl: string;
};

/** A payment gateway as the payments module uses it. */
export type PaymentGatewayAdapter = {
  createOrder(
    account: { apiUrl: string; secret: string },
    order: CreateOrder,
  ): Promise<{ gatewayTxnId: string; payUrl: string }>;
};

/** The HTTP implementation (real gateways of this protocol, and the sandbox). */
export function httpGatewayAdapter(options: { timeoutMs?: number } = {}): PaymentGatewayAdapter {
  return {
    async createOrder(account, order) {
      const raw = JSON.stringify(order);
      const response = await fetch(new URL('/api/orders', account.apiUrl), {
        method: 'POST',
        headers: signGateway(account.secret, raw),
        body: raw,
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
      const body = (await response.json().catch(() => null)) as {
        success?: boolean;
        value?: { gatewayTxnId?: unknown; payUrl?: unknown };
      } | null;
      const value = body?.success ? body.value : undefined;
      if (!response.ok || typeof value?.gatewayTxnId !== 'string' || typeof value.payUrl !== 'string') {
        throw new Error(`gateway refused the order (${response.status})`);
      }
      return { gatewayTxnId: value.gatewayTxnId, payUrl: value.payUrl };
    },
  };
}
