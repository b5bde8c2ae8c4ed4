import crypto from 'node:crypto';

/** HMAC-SHA256 over `${timestamp}.${nonce}.${raw body}`, hex: the seamless-wallet request signature. */
export function vendorSignature(secret: string, timestamp: string, nonce: string, rawBody: string): string {
  return crypto.createHmac('sha256', secret).update(`${timestamp}.${nonce}.${rawBody}`).digest('hex');
}

/** Constant-time comparison of two hex signatures. */
export function signaturesEqual(a: string, b: string): boolean {
  const left = Buffer.from(a, 'utf8');
  const right = Buffer.from(b, 'utf8');
  return left.length === right.length && crypto.timingSafeEqual(left, right);
}

/** Headers for a signed vendor call (used by the vendor simulator and the tests). */
export function signedHeaders(secret: string, rawBody: string, now = Date.now()) {
  const timestamp = String(now);
  const nonce = crypto.randomBytes(16).toString('hex');
  return {
    'content-type': 'application/json',
    'x-tala-timestamp': timestamp,
    'x-tala-nonce': nonce,
    'x-tala-signature': vendorSignature(secret, timestamp, nonce, rawBody),
  };
}
