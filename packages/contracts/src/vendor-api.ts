import { z } from 'zod';
import { envelope } from './envelope.ts';

/**
 * The seamless-wallet contract a game vendor speaks to us (`/vendor-api/<vendorCode>/<call>`), all POST with JSON.
 * Every request is signed: `X-Tala-Timestamp` (Unix milliseconds), `X-Tala-Nonce` (16-64 characters, never reused)
 * and `X-Tala-Signature` = hex HMAC-SHA256(vendor secret, `${timestamp}.${nonce}.${raw body}`). Amounts are integer
 * minor units. A transaction id is idempotent per vendor: the same id with the same data gets the same answer; the
 * same id with other data gets `duplicate_transaction`.
 */
export const signatureHeaders = {
  timestamp: 'x-tala-timestamp',
  nonce: 'x-tala-nonce',
  signature: 'x-tala-signature',
} as const;
/** How far a request's timestamp may be from our clock. */
export const signatureWindowMs = 5 * 60_000;

const id = z.string().trim().min(1).max(100);
const amount = z.number().int().min(0).max(1_000_000_000_000);

export const vendorParams = z.object({ vendorCode: z.string().regex(/^[A-Z0-9_]{2,32}$/) });

export const authenticateBody = z.strictObject({ token: z.string().min(16).max(200) });
export const authenticateValue = z.object({
  playerId: z.string(),
  nickname: z.string(),
  currency: z.string(),
  balance: z.number().int(),
  demo: z.boolean(),
  gameCode: z.string(),
});

export const balanceBody = z.strictObject({ playerId: id });
export const balanceValue = z.object({ playerId: z.string(), balance: z.number().int(), demo: z.boolean() });

export const betBody = z.strictObject({
  token: z.string().min(16).max(200),
  playerId: id,
  transactionId: id,
  roundId: id,
  gameCode: id,
  amount: amount.min(1),
});
export const winBody = z.strictObject({
  playerId: id,
  transactionId: id,
  roundId: id,
  gameCode: id,
  amount,
});
export const rollbackBody = z.strictObject({
  playerId: id,
  transactionId: id,
  betTransactionId: id,
  roundId: id,
});
export const transactionValue = z.object({
  transactionId: z.string(),
  balance: z.number().int(),
  /** True when this transaction id had been seen before with the same data: nothing moved this time. */
  replayed: z.boolean(),
});

export const authenticateResponse = envelope(authenticateValue);
export const balanceResponse = envelope(balanceValue);
export const transactionResponse = envelope(transactionValue);

/** GCS_gameLaunchFB: the member asks to play a game; the answer is the address the /game page frames. */
export const launchQuery = z.strictObject({
  nodeId: z.coerce.number().int().min(1).max(2_147_483_647),
  mode: z.enum(['real', 'demo']).default('real'),
  language: z.string().max(4).optional(),
  platform: z.string().max(60).optional(),
  backUrl: z.string().max(300).optional(),
});
export const launchValue = z.object({
  url: z.string(),
  demo: z.boolean(),
  vendor: z.string(),
  gameCode: z.string(),
  name: z.string(),
});
export const launchResponse = envelope(launchValue);
