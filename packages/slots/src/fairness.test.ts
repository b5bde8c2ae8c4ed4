import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { playRound } from './engine.ts';
import {
  hashServerSeed,
  isClientSeed,
  newClientSeed,
  newServerSeed,
  roundStream,
  serverSeedPattern,
  streamBlock,
} from './fairness.ts';
import { uniformBelow } from './random.ts';
import { chiSquare, chiSquareCritical } from './test-sources.ts';
import { titleByCode, titleConfigs } from './titles.ts';

const serverSeed = 'a3f1c2d4e5b60718293a4b5c6d7e8f90112233445566778899aabbccddeeff00';
const clientSeed = 'lucky-player_7';

describe('provably-fair stream', () => {
  it('is HMAC-SHA256(server seed, "clientSeed:nonce:counter"), as any HMAC tool computes it', () => {
    for (const [nonce, counter] of [
      [0, 0],
      [1, 0],
      [42, 3],
    ] as const) {
      const expected = crypto
        .createHmac('sha256', serverSeed)
        .update(`${clientSeed}:${nonce}:${counter}`)
        .digest('hex');
      expect(Buffer.from(streamBlock(serverSeed, clientSeed, nonce, counter)).toString('hex')).toBe(expected);
    }
  });

  it('commits with SHA-256 of the server seed text', () => {
    expect(hashServerSeed(serverSeed)).toBe(crypto.createHash('sha256').update(serverSeed).digest('hex'));
  });

  it('reads the blocks of counter 0, 1, 2, ... in order', () => {
    const stream = roundStream(serverSeed, clientSeed, 9);
    const read = Array.from({ length: 100 }, () => stream.nextByte());
    const blocks = Buffer.concat([0, 1, 2, 3].map((c) => streamBlock(serverSeed, clientSeed, 9, c)));
    expect(Buffer.from(read)).toEqual(blocks.subarray(0, 100));
    expect(stream.bytesRead).toBe(100);
  });

  it('gives a different round for another nonce or client seed, and the same round for the same inputs', () => {
    const title = titleByCode('TALA-RNG-0001')!;
    const round = (cs: string, nonce: number) => playRound(title, 100, roundStream(serverSeed, cs, nonce));
    expect(round(clientSeed, 5)).toEqual(round(clientSeed, 5));
    expect(round(clientSeed, 5).base.stops).not.toEqual(round(clientSeed, 6).base.stops);
    expect(round(clientSeed, 5).base.stops).not.toEqual(round('other', 5).base.stops);
  });

  it('makes fresh seeds of the documented shapes', () => {
    const seed = newServerSeed();
    expect(seed).toMatch(serverSeedPattern);
    expect(newServerSeed()).not.toBe(seed);
    expect(isClientSeed(newClientSeed())).toBe(true);
    for (const bad of ['', 'a'.repeat(65), 'has space', 'colon:here', 'ümlaut', 7, null])
      expect(isClientSeed(bad)).toBe(false);
  });

  it('refuses a negative or fractional nonce', () => {
    expect(() => roundStream(serverSeed, clientSeed, -1)).toThrow(RangeError);
    expect(() => roundStream(serverSeed, clientSeed, 1.5)).toThrow(RangeError);
  });
});

describe('reel stops from the stream (chi-square)', () => {
  // Fixed seeds make these deterministic; a uniform stream passes at the 0.1% level.
  it('lands uniformly on every stop of a 31-stop reel over 100,000 draws', () => {
    const counts = new Array<number>(31).fill(0);
    for (let nonce = 0; nonce < 20_000; nonce++) {
      const stream = roundStream(serverSeed, clientSeed, nonce);
      for (let r = 0; r < 5; r++) counts[uniformBelow(stream, 31)]! += 1;
    }
    expect(chiSquare(counts)).toBeLessThan(chiSquareCritical(30));
  });

  it.each(titleConfigs.map((c) => [c.code]))(
    'lands uniformly on every stop of each reel of %s in real rounds',
    (code) => {
      const title = titleByCode(code)!;
      const counts = title.base.strips.map((strip) => new Array<number>(strip.length).fill(0));
      for (let nonce = 1; nonce <= 20_000; nonce++) {
        const round = playRound(title, 100, roundStream(serverSeed, `${code}-chi`, nonce));
        round.base.stops.forEach((stop, reel) => {
          counts[reel]![stop]! += 1;
        });
      }
      for (const reel of counts) expect(chiSquare(reel)).toBeLessThan(chiSquareCritical(reel.length - 1));
    },
  );
});
