import { hashServerSeed, roundStream } from '@tala/slots/fairness';
import { type Fraction, fraction } from '@tala/slots/fraction';
import { type ByteSource, uniformBelow } from '@tala/slots/random';
import { roundSource } from './round.ts';
import { canonicalJson } from './verify.ts';

/**
 * The fish rooms' rules (issue 17; docs/decisions/056-fish-rooms.md), pure like the rest of packages/live: they run
 * on the server and in the browser verifier.
 *
 * A wave's fish (kinds, paths, times) come from the wave's committed server seed; a shot's catch from the wave's
 * seed, the shooter's client seed and their shot number in the wave. A fish of multiplier m is caught when a uniform
 * integer below m × 10,000 is below the room's declared return in basis points, so a catch has probability
 * rtp / (m × 10,000) and pays m times the bet: the return of every shot is exactly rtp / 10,000, whatever the fish.
 * The boss's multiplier is drawn first (uniformly from `bossMultipliers`), then the same rule, so its return is
 * exactly the declared one too.
 */
export const fishKinds = [
  'sardine',
  'clownfish',
  'puffer',
  'lionfish',
  'turtle',
  'manta',
  'octopus',
  'shark',
  'whale',
  'dragon',
] as const;
export type FishKind = (typeof fishKinds)[number];

/** What a catch pays, in times the bet; 0 for the boss, whose multiplier is drawn per shot. */
export const fishMultipliers: Record<FishKind, number> = {
  sardine: 2,
  clownfish: 3,
  puffer: 5,
  lionfish: 8,
  turtle: 10,
  manta: 15,
  octopus: 20,
  shark: 30,
  whale: 50,
  dragon: 0,
};
export const bossKind: FishKind = 'dragon';
export const bossMultipliers = [100, 150, 200, 300] as const;

/** How often each kind swims by, per 1,000 fish: cheap fish are common, the boss rare (about one wave in two). */
export const fishWeights: Record<FishKind, number> = {
  sardine: 300,
  clownfish: 220,
  puffer: 150,
  lionfish: 100,
  turtle: 80,
  manta: 55,
  octopus: 40,
  shark: 30,
  whale: 18,
  dragon: 7,
};
const weightTotal = fishKinds.reduce((sum, kind) => sum + fishWeights[kind], 0);

/** How long each kind takes to cross the screen (plus up to `swimSpread` ms): big fish are slow. */
const swimBaseMs: Record<FishKind, number> = {
  sardine: 6_000,
  clownfish: 7_000,
  puffer: 8_000,
  lionfish: 9_000,
  turtle: 10_000,
  manta: 11_000,
  octopus: 12_000,
  shark: 12_000,
  whale: 14_000,
  dragon: 16_000,
};
const swimSpreadMs = 3_000;
/** The time between two fish entering: 250 ms plus up to 500 ms (about two a second). */
const gapBaseMs = 250;
const gapSpreadMs = 500;
/** Every fish of a wave has left the screen this long before the wave ends, so no shot reaches past its wave. */
export const waveTailMs = 1_500;

/** One fish of a wave (the contract's fishSpawn). */
export type FishSpawn = {
  id: number;
  kind: FishKind;
  multiplier: number;
  enterMs: number;
  swimMs: number;
  fromLeft: boolean;
  y0: number;
  y1: number;
  bend: number;
};

function weightedKind(source: ByteSource): FishKind {
  let draw = uniformBelow(source, weightTotal);
  for (const kind of fishKinds) {
    draw -= fishWeights[kind];
    if (draw < 0) return kind;
  }
  throw new Error('weights do not add up');
}

/** A height on the screen from 0.1 to 0.9, in thousandths. */
const height = (source: ByteSource) => (100 + uniformBelow(source, 801)) / 1000;

/**
 * A wave's fish from its stream HMAC-SHA256(key = server seed, message = `${room}/${wave}:0:${counter}`), the live
 * tables' round stream: one every 250–750 ms from the wave's start, each fish's kind, swim time, side, heights and
 * bend read in that order; a fish that would still be swimming `waveTailMs` before the wave's end is left out (its
 * bytes are read all the same, so the next fish does not depend on it).
 */
export function waveFish(
  serverSeed: string,
  roomCode: string,
  waveNo: number,
  waveSeconds: number,
): FishSpawn[] {
  const source = roundSource(serverSeed, roomCode, waveNo);
  const end = waveSeconds * 1000 - waveTailMs;
  const fish: FishSpawn[] = [];
  let at = 0;
  for (;;) {
    at += gapBaseMs + uniformBelow(source, gapSpreadMs + 1);
    if (at + swimBaseMs.sardine > end) break;
    const kind = weightedKind(source);
    const swimMs = swimBaseMs[kind] + uniformBelow(source, swimSpreadMs + 1);
    const fromLeft = uniformBelow(source, 2) === 0;
    const y0 = height(source);
    const y1 = height(source);
    const bend = (uniformBelow(source, 201) - 100) / 100;
    if (at + swimMs > end) continue;
    fish.push({
      id: fish.length,
      kind,
      multiplier: fishMultipliers[kind],
      enterMs: at,
      swimMs,
      fromLeft,
      y0,
      y1,
      bend,
    });
  }
  return fish;
}

/** Whether a fish is on screen `ms` after its wave's start, give or take `leewayMs`. */
export function onScreen(fish: FishSpawn, ms: number, leewayMs = 0): boolean {
  return ms >= fish.enterMs - leewayMs && ms <= fish.enterMs + fish.swimMs + leewayMs;
}

/**
 * Where a fish is `ms` after its wave's start, as fractions of the screen (x 0 left, 1 right; y 0 top): it swims from
 * just off one side to just off the other, its height moving from y0 to y1 with a bend of up to 0.15 at the middle.
 * Null when it is not swimming.
 */
export function fishPosition(fish: FishSpawn, ms: number): { x: number; y: number } | null {
  const p = (ms - fish.enterMs) / fish.swimMs;
  if (p < 0 || p > 1) return null;
  const across = -0.1 + 1.2 * p;
  return {
    x: fish.fromLeft ? across : 1 - across,
    y: fish.y0 + (fish.y1 - fish.y0) * p + fish.bend * 0.15 * Math.sin(Math.PI * p),
  };
}

/** The bytes of one shot: HMAC-SHA256(key = the wave's server seed, message = `${room}/${wave}:${clientSeed}:${nonce}:${counter}`). */
export function shotSource(
  serverSeed: string,
  roomCode: string,
  waveNo: number,
  clientSeed: string,
  nonce: number,
): ByteSource {
  return roundStream(serverSeed, `${roomCode}/${waveNo}:${clientSeed}`, nonce);
}

export type ShotOutcome = {
  caught: boolean;
  /** The multiplier paid (the boss's as drawn); 0 when missed. */
  multiplier: number;
};

/** A shot at a fish of `kind` read from `source`, against a declared return of `rtpBps` basis points. */
export function shotOutcome(source: ByteSource, kind: FishKind, rtpBps: number): ShotOutcome {
  if (!Number.isSafeInteger(rtpBps) || rtpBps < 1 || rtpBps > 20_000)
    throw new RangeError(`return ${rtpBps} is not in [1, 20000] basis points`);
  const multiplier =
    kind === bossKind
      ? (bossMultipliers[uniformBelow(source, bossMultipliers.length)] as number)
      : fishMultipliers[kind];
  const caught = uniformBelow(source, multiplier * 10_000) < rtpBps;
  return { caught, multiplier: caught ? multiplier : 0 };
}

/** A shot as the server settles it and anyone can recompute it once the wave's seed is shown. */
export function fishShot(
  serverSeed: string,
  roomCode: string,
  waveNo: number,
  clientSeed: string,
  nonce: number,
  kind: FishKind,
  rtpBps: number,
): ShotOutcome {
  return shotOutcome(shotSource(serverSeed, roomCode, waveNo, clientSeed, nonce), kind, rtpBps);
}

/** The chance that a shot at `kind` catches it (the boss's: over its drawn multipliers), exactly. */
export function catchChance(kind: FishKind, rtpBps: number): Fraction {
  if (kind !== bossKind) return fraction(rtpBps, fishMultipliers[kind] * 10_000);
  let n = 0n;
  let d = 1n;
  for (const m of bossMultipliers) {
    // Σ (1/k) × rtp / (m × 10,000)
    const nd = BigInt(bossMultipliers.length * m * 10_000);
    n = n * nd + BigInt(rtpBps) * d;
    d = d * nd;
  }
  return fraction(n, d);
}

/** A shot's return per unit bet, exactly: Σ over the multipliers m it may pay of P(m) × m. */
export function shotReturn(kind: FishKind, rtpBps: number): Fraction {
  const ms = kind === bossKind ? bossMultipliers : [fishMultipliers[kind]];
  let n = 0n;
  let d = 1n;
  for (const m of ms) {
    // P(this m drawn) × P(caught | m) × m = (1/k) × rtp / (m × 10,000) × m
    const nd = BigInt(ms.length * m * 10_000);
    n = n * nd + BigInt(rtpBps * m) * d;
    d = d * nd;
  }
  return fraction(n, d);
}

// ------------------------------------------------------------------------------------------------ verification

export type PublishedWave = {
  serverSeed: string;
  serverSeedHash: string;
  roomCode: string;
  waveNo: number;
  waveSeconds: number;
  fish: readonly FishSpawn[];
};

/** A wave once its seed is shown: the seed matches its commitment and the fish are the seed's. */
export function verifyWave(wave: PublishedWave) {
  const recomputed = waveFish(wave.serverSeed, wave.roomCode, wave.waveNo, wave.waveSeconds);
  return {
    seedMatches: hashServerSeed(wave.serverSeed) === wave.serverSeedHash,
    resultMatches: canonicalJson(recomputed) === canonicalJson(wave.fish),
    recomputed,
  };
}

export type PublishedShot = {
  serverSeed: string;
  serverSeedHash: string;
  roomCode: string;
  waveNo: number;
  clientSeed: string;
  nonce: number;
  kind: FishKind;
  rtpBps: number;
  caught: boolean;
  multiplier: number;
};

/** A shot of a wave whose seed is shown: the seed matches its commitment and the catch is the seed's. */
export function verifyShot(shot: PublishedShot) {
  const recomputed = fishShot(
    shot.serverSeed,
    shot.roomCode,
    shot.waveNo,
    shot.clientSeed,
    shot.nonce,
    shot.kind,
    shot.rtpBps,
  );
  return {
    seedMatches: hashServerSeed(shot.serverSeed) === shot.serverSeedHash,
    resultMatches: recomputed.caught === shot.caught && recomputed.multiplier === shot.multiplier,
    recomputed,
  };
}

// ------------------------------------------------------------------------------------------------ simulation

export type SimulatedFish = {
  kind: FishKind | 'all';
  shots: number;
  exact: number;
  mean: number;
  standardError: number;
};

/**
 * `shots` shots of one unit each, the kinds in turn, each settled by `shoot` (the declared return checked by
 * playing, as rtp.test.ts does for the tables): each kind's mean return per unit and standard error, and all shots
 * together. `shoot` reads a byte source (the CSPRNG: `fromSource`) or the shot streams themselves (`fromSeeds`).
 * Floats here are statistics, never money.
 */
export function simulateFish(
  shots: number,
  rtpBps: number,
  shoot: (index: number, kind: FishKind, rtpBps: number) => ShotOutcome,
): SimulatedFish[] {
  const sums = fishKinds.map(() => ({ n: 0, sum: 0, squares: 0 }));
  for (let i = 0; i < shots; i++) {
    const k = i % fishKinds.length;
    const outcome = shoot(i, fishKinds[k] as FishKind, rtpBps);
    const s = sums[k] as { n: number; sum: number; squares: number };
    s.n += 1;
    s.sum += outcome.multiplier;
    s.squares += outcome.multiplier * outcome.multiplier;
  }
  const row = (kind: FishKind | 'all', n: number, sum: number, squares: number): SimulatedFish => {
    const mean = sum / n;
    const variance = squares / n - mean * mean;
    return { kind, shots: n, exact: rtpBps / 10_000, mean, standardError: Math.sqrt(variance / n) };
  };
  const rows = fishKinds.map((kind, k) => {
    const s = sums[k] as { n: number; sum: number; squares: number };
    return row(kind, s.n, s.sum, s.squares);
  });
  const all = sums.reduce((a, s) => ({ n: a.n + s.n, sum: a.sum + s.sum, squares: a.squares + s.squares }), {
    n: 0,
    sum: 0,
    squares: 0,
  });
  return [...rows, row('all', all.n, all.sum, all.squares)];
}

/** Shots read one after another from one byte source (the CSPRNG in the short simulation). */
export const fromSource =
  (source: ByteSource) =>
  (_index: number, kind: FishKind, rtpBps: number): ShotOutcome =>
    shotOutcome(source, kind, rtpBps);

/** Shot i is nonce i of one client seed in one wave: the very streams the server settles shots from. */
export const fromSeeds =
  (serverSeed: string, roomCode: string, waveNo: number, clientSeed: string) =>
  (index: number, kind: FishKind, rtpBps: number): ShotOutcome =>
    fishShot(serverSeed, roomCode, waveNo, clientSeed, index, kind, rtpBps);
