import { createHmac } from 'node:crypto';
import { hashServerSeed } from '@tala/slots/fairness';
import { fraction } from '@tala/slots/fraction';
import { type ByteSource, systemByteSource } from '@tala/slots/random';
import { describe, expect, it } from 'vitest';
import {
  bossMultipliers,
  catchChance,
  type FishKind,
  fishKinds,
  fishMultipliers,
  fishPosition,
  fishShot,
  fromSource,
  onScreen,
  shotOutcome,
  shotReturn,
  simulateFish,
  verifyShot,
  verifyWave,
  waveFish,
  waveTailMs,
} from './fish.ts';

const seed = 'a'.repeat(64);

/** A source that answers these 32-bit values, most significant byte first. */
function words(...values: number[]): ByteSource {
  const bytes = values.flatMap((v) => [(v >>> 24) & 255, (v >>> 16) & 255, (v >>> 8) & 255, v & 255]);
  let i = 0;
  return {
    nextByte() {
      if (i >= bytes.length) throw new Error('read past the words given');
      return bytes[i++] as number;
    },
  };
}

/** The first 32-bit word of a shot's stream, computed here with node:crypto, not the engine's HMAC. */
function firstWords(serverSeed: string, message: string, count: number): number[] {
  const block = createHmac('sha256', serverSeed).update(message).digest();
  return Array.from({ length: count }, (_, i) => block.readUInt32BE(i * 4));
}

describe('a shot', () => {
  it('catches a fish of multiplier m when the draw below m × 10,000 is below the return', () => {
    // Sardine (2): a draw below 20,000; 9,599 catches, 9,600 misses at 96.00%.
    expect(shotOutcome(words(9_599), 'sardine', 9_600)).toEqual({ caught: true, multiplier: 2 });
    expect(shotOutcome(words(9_600), 'sardine', 9_600)).toEqual({ caught: false, multiplier: 0 });
    // 2^32 mod 20,000 = 7,296: the top 7,296 values are rejected and the next word read.
    expect(shotOutcome(words(2 ** 32 - 1, 20_000 + 5), 'sardine', 9_600)).toEqual({
      caught: true,
      multiplier: 2,
    });
    // Whale (50): a draw below 500,000; 1,540,000 reads as 40,000 (missed), 1,509,799 as 9,799 (caught at 98%).
    expect(shotOutcome(words(1_540_000), 'whale', 9_800).caught).toBe(false);
    expect(shotOutcome(words(1_509_799), 'whale', 9_800)).toEqual({ caught: true, multiplier: 50 });
  });

  it('draws the boss’s multiplier first, then the same rule', () => {
    // 2^32 is a multiple of 4: word 6 → index 2 → 200; then a draw below 2,000,000.
    expect(shotOutcome(words(6, 9_599), 'dragon', 9_600)).toEqual({ caught: true, multiplier: 200 });
    expect(shotOutcome(words(7, 9_599), 'dragon', 9_600)).toEqual({ caught: true, multiplier: 300 });
    expect(shotOutcome(words(4, 2_000_000 + 9_600), 'dragon', 9_600)).toEqual({
      caught: false,
      multiplier: 0,
    });
  });

  it('reads the HMAC of the wave’s seed over room/wave:clientSeed:nonce:0', () => {
    for (let nonce = 0; nonce < 20; nonce++) {
      const [x] = firstWords(seed, `FISH-1/7:player-seed:${nonce}:0`, 1) as [number];
      const limit = 2 ** 32 - (2 ** 32 % 100_000);
      if (x >= limit) continue;
      expect(fishShot(seed, 'FISH-1', 7, 'player-seed', nonce, 'turtle', 9_600)).toEqual(
        x % 100_000 < 9_600 ? { caught: true, multiplier: 10 } : { caught: false, multiplier: 0 },
      );
      const [a, b] = firstWords(seed, `FISH-1/7:player-seed:${nonce}:0`, 2) as [number, number];
      const m = bossMultipliers[a % 4] as number;
      const bossLimit = 2 ** 32 - (2 ** 32 % (m * 10_000));
      if (b >= bossLimit) continue;
      expect(fishShot(seed, 'FISH-1', 7, 'player-seed', nonce, 'dragon', 9_600)).toEqual(
        b % (m * 10_000) < 9_600 ? { caught: true, multiplier: m } : { caught: false, multiplier: 0 },
      );
    }
  });

  it('returns exactly the declared return for every kind and every return a room may declare', () => {
    for (const rtp of [9_000, 9_600, 9_650, 9_800])
      for (const kind of fishKinds) expect(shotReturn(kind, rtp)).toEqual(fraction(rtp, 10_000));
    expect(catchChance('sardine', 9_600)).toEqual(fraction(12, 25));
    expect(catchChance('whale', 9_600)).toEqual(fraction(9_600, 500_000));
    // The boss: (1/4)(1/100 + 1/150 + 1/200 + 1/300) × 0.96 = (1/4)(1/40) × 0.96... exactly:
    expect(catchChance('dragon', 9_600)).toEqual(fraction(9_600 * (6 + 4 + 3 + 2), 4 * 600 * 10_000));
  });

  it('counts the catches of every draw: P(caught) × m is the return, by enumerating the draws', () => {
    // Every value below m × 10,000 is equally likely (rejection sampling): the catches are the rtp values below it.
    for (const kind of fishKinds.filter((k) => k !== 'dragon')) {
      const m = fishMultipliers[kind];
      let caught = 0;
      for (let v = 0; v < m * 10_000; v += 1) if (shotOutcome(words(v), kind, 9_600).caught) caught += 1;
      expect(caught).toBe(9_600);
    }
  });
});

describe('a wave', () => {
  it('is the seed’s: the same fish every time, a new seed new fish', () => {
    const a = waveFish(seed, 'FISH-1', 3, 60);
    expect(waveFish(seed, 'FISH-1', 3, 60)).toEqual(a);
    expect(waveFish(seed, 'FISH-1', 4, 60)).not.toEqual(a);
    expect(waveFish('b'.repeat(64), 'FISH-1', 3, 60)).not.toEqual(a);
  });

  it('keeps every fish on screen inside the wave, ids in order, cheap fish common and a boss now and then', () => {
    const counts = new Map<FishKind, number>();
    let withBoss = 0;
    let total = 0;
    for (let w = 0; w < 200; w++) {
      const fish = waveFish(hashServerSeed(String(w)), 'FISH-2', w, 60);
      expect(fish.map((f) => f.id)).toEqual(fish.map((_, i) => i));
      for (const [i, f] of fish.entries()) {
        expect(f.enterMs).toBeGreaterThan(i === 0 ? 0 : (fish[i - 1] as { enterMs: number }).enterMs);
        expect(f.enterMs + f.swimMs).toBeLessThanOrEqual(60_000 - waveTailMs);
        expect(f.multiplier).toBe(fishMultipliers[f.kind]);
        expect(Math.min(f.y0, f.y1)).toBeGreaterThanOrEqual(0.1);
        expect(Math.max(f.y0, f.y1)).toBeLessThanOrEqual(0.9);
        expect(Math.abs(f.bend)).toBeLessThanOrEqual(1);
        counts.set(f.kind, (counts.get(f.kind) ?? 0) + 1);
      }
      if (fish.some((f) => f.kind === 'dragon')) withBoss += 1;
      total += fish.length;
    }
    expect(total / 200).toBeGreaterThan(80);
    expect(total / 200).toBeLessThan(120);
    expect(counts.get('sardine') ?? 0).toBeGreaterThan((counts.get('shark') ?? 0) * 5);
    expect(withBoss).toBeGreaterThan(30);
    expect(withBoss).toBeLessThan(170);
  });

  it('says where a fish is and whether it is on screen', () => {
    const fish = {
      id: 0,
      kind: 'sardine' as const,
      multiplier: 2,
      enterMs: 1_000,
      swimMs: 6_000,
      fromLeft: true,
      y0: 0.2,
      y1: 0.6,
      bend: 0,
    };
    expect(fishPosition(fish, 999)).toBeNull();
    expect(fishPosition(fish, 4_000)).toEqual({ x: 0.5, y: 0.4 });
    expect(fishPosition({ ...fish, fromLeft: false }, 1_000)?.x).toBeCloseTo(1.1);
    expect(onScreen(fish, 999)).toBe(false);
    expect(onScreen(fish, 999, 500)).toBe(true);
    expect(onScreen(fish, 7_000)).toBe(true);
    expect(onScreen(fish, 7_400, 500)).toBe(true);
    expect(onScreen(fish, 7_600, 500)).toBe(false);
  });
});

describe('the verifier', () => {
  it('recomputes a wave and a shot once the seed is shown, and catches any change', () => {
    const fish = waveFish(seed, 'FISH-1', 9, 60);
    const wave = { serverSeed: seed, serverSeedHash: hashServerSeed(seed), roomCode: 'FISH-1', waveNo: 9 };
    expect(verifyWave({ ...wave, waveSeconds: 60, fish })).toMatchObject({
      seedMatches: true,
      resultMatches: true,
    });
    const moved = fish.map((f, i) => (i === 3 ? { ...f, kind: 'whale' as const, multiplier: 50 } : f));
    expect(verifyWave({ ...wave, waveSeconds: 60, fish: moved }).resultMatches).toBe(false);
    expect(
      verifyWave({ ...wave, serverSeedHash: hashServerSeed('x'), waveSeconds: 60, fish }).seedMatches,
    ).toBe(false);
    const outcome = fishShot(seed, 'FISH-1', 9, 'my-seed-1', 4, 'octopus', 9_600);
    const shot = { ...wave, clientSeed: 'my-seed-1', nonce: 4, kind: 'octopus' as const, rtpBps: 9_600 };
    expect(verifyShot({ ...shot, ...outcome })).toMatchObject({ seedMatches: true, resultMatches: true });
    expect(
      verifyShot({ ...shot, caught: !outcome.caught, multiplier: outcome.caught ? 0 : 20 }).resultMatches,
    ).toBe(false);
  });
});

describe('the declared return, by simulating 20,000 shots of each kind', () => {
  it('puts every kind within 5 standard errors of the declared return', () => {
    const rows = simulateFish(200_000, 9_600, fromSource(systemByteSource()));
    expect(rows).toHaveLength(fishKinds.length + 1);
    for (const row of rows) {
      const z = Math.abs(row.mean - row.exact) / row.standardError;
      expect(z, `${row.kind}: ${row.mean} vs ${row.exact}`).toBeLessThan(5);
    }
  });
});
