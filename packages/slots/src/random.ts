/**
 * Uniform integers from a stream of random bytes, without modulo bias.
 *
 * `bytes % n` favours the small values whenever n does not divide the number of possible byte values. Rejection
 * sampling throws away the top, incomplete band: a draw of `width` bytes gives x in [0, 256^width); x is accepted
 * only below the largest multiple of n that fits, so every result in [0, n) has exactly the same number of
 * accepted x behind it.
 */

/** A source of random bytes: the provably-fair HMAC stream of a round, or the operating system's CSPRNG. */
export interface ByteSource {
  nextByte(): number;
}

/** The width of a draw, in bytes: 32 bits covers every range the engine uses (reel lengths, jackpot odds). */
export const drawWidth = 4;

const drawSpace = 256 ** drawWidth;

/** The largest range a draw of `width` bytes can serve. */
export function maxRange(width: number = drawWidth): number {
  return width === drawWidth ? drawSpace : 256 ** width;
}

/** Reads `width` bytes, most significant first, as an unsigned integer. */
function readUint(source: ByteSource, width: number): number {
  let value = 0;
  for (let i = 0; i < width; i++) value = value * 256 + source.nextByte();
  return value;
}

/**
 * A uniform integer in [0, n) by rejection sampling. `width` is a parameter so that tests can prove the absence
 * of bias exhaustively with one-byte draws; the engine always uses `drawWidth`.
 */
export function uniformBelow(source: ByteSource, n: number, width: number = drawWidth): number {
  const space = maxRange(width);
  if (!Number.isSafeInteger(n) || n < 1 || n > space)
    throw new RangeError(`range ${n} is not in [1, ${space}]`);
  const limit = space - (space % n);
  for (;;) {
    const x = readUint(source, width);
    if (x < limit) return x % n;
  }
}

/** The operating system's CSPRNG through Web Crypto (Node and browsers), read in blocks for speed. */
export function systemByteSource(blockSize = 65_536): ByteSource {
  const block = new Uint8Array(blockSize);
  let position = blockSize;
  return {
    nextByte() {
      if (position === blockSize) {
        // getRandomValues fills at most 65,536 bytes per call.
        for (let offset = 0; offset < blockSize; offset += 65_536) {
          globalThis.crypto.getRandomValues(block.subarray(offset, Math.min(offset + 65_536, blockSize)));
        }
        position = 0;
      }
      return block[position++] as number;
    },
  };
}
