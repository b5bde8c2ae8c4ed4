import crypto from 'node:crypto';

/** A session token of 256 random bits, handed to the client once; only its hash is stored. */
export function newToken(): { token: string; hash: Buffer } {
  const token = crypto.randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): Buffer {
  return crypto.createHash('sha256').update(token).digest();
}
