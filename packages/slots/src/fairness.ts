import { hmac } from '@noble/hashes/hmac.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import type { ByteSource } from './random.ts';

/**
 * The provably-fair byte stream (docs/decisions/007-slots-fairness.md).
 *
 * Before play the server commits to a secret server seed by showing SHA-256 of it. Each round's random bytes are
 * HMAC-SHA256(key = server seed, message = `${clientSeed}:${nonce}:${counter}`) for counter 0, 1, 2, ..., used in
 * order. The player chooses the client seed, so the server cannot have picked a seed that favours it; the nonce
 * makes every round of a seed pair different; once the pair is rotated the server seed is revealed, and anyone
 * can check its hash and recompute every round. The same code runs on the server and in the browser verifier.
 */

/** A client seed: what the player may type (letters, digits, dash and underscore; 1 to 64 of them). */
export const clientSeedPattern = /^[A-Za-z0-9_-]{1,64}$/;
/** A server seed: 32 random bytes written as 64 lower-case hex digits; the HMAC key is this text as UTF-8. */
export const serverSeedPattern = /^[0-9a-f]{64}$/;

export function isClientSeed(value: unknown): value is string {
  return typeof value === 'string' && clientSeedPattern.test(value);
}

function randomHex(bytes: number): string {
  const buffer = new Uint8Array(bytes);
  globalThis.crypto.getRandomValues(buffer);
  return bytesToHex(buffer);
}

/** A fresh secret server seed from the CSPRNG. */
export function newServerSeed(): string {
  return randomHex(32);
}

/** A default client seed for a player who has not chosen one. */
export function newClientSeed(): string {
  return randomHex(10);
}

/** The commitment shown before play: SHA-256 of the server seed's text, in hex. */
export function hashServerSeed(serverSeed: string): string {
  return bytesToHex(sha256(utf8ToBytes(serverSeed)));
}

/** One 32-byte block of a round's stream. */
export function streamBlock(
  serverSeed: string,
  clientSeed: string,
  nonce: number,
  counter: number,
): Uint8Array {
  return hmac(sha256, utf8ToBytes(serverSeed), utf8ToBytes(`${clientSeed}:${nonce}:${counter}`));
}

export type RoundStream = ByteSource & {
  /** Bytes read so far (the verifier shows how many HMAC blocks a round used). */
  readonly bytesRead: number;
};

/** The byte source of one round: HMAC blocks for counter 0, 1, 2, ... read in order. */
export function roundStream(serverSeed: string, clientSeed: string, nonce: number): RoundStream {
  if (!Number.isSafeInteger(nonce) || nonce < 0) throw new RangeError('nonce must be a non-negative integer');
  const key = utf8ToBytes(serverSeed);
  let counter = 0;
  let block = hmac(sha256, key, utf8ToBytes(`${clientSeed}:${nonce}:${counter}`));
  let position = 0;
  let read = 0;
  return {
    nextByte() {
      if (position === block.length) {
        counter += 1;
        block = hmac(sha256, key, utf8ToBytes(`${clientSeed}:${nonce}:${counter}`));
        position = 0;
      }
      read += 1;
      return block[position++] as number;
    },
    get bytesRead() {
      return read;
    },
  };
}
