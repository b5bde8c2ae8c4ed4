import type { FishKind, FishSpawn, FishWave } from '@tala/contracts/fish';
import { fishPosition } from '@tala/live/fish';

/**
 * The fish room's world: a 16:9 sea whose x and y both run 0..1 (x left to right, y top to bottom). The canvas keeps
 * that aspect, so an angle means the same on every screen and the other seats' cannons turn the way their owners
 * aimed.
 */
export const worldAspect = 16 / 9;

/** Each kind's body length in world heights: the dearer the fish, the bigger it is (the boss the biggest). */
export const fishSize: Record<FishKind, number> = {
  sardine: 0.075,
  clownfish: 0.09,
  puffer: 0.1,
  lionfish: 0.12,
  turtle: 0.14,
  manta: 0.18,
  octopus: 0.16,
  shark: 0.24,
  whale: 0.3,
  dragon: 0.34,
};

export type FishAt = { x: number; y: number; heading: number };

/**
 * Where a fish is `ms` after its wave's start and which way it swims: its place is the engine's (packages/live's
 * fishPosition, from just off one side to just off the other), its heading the slope of that path over the next
 * few milliseconds, in the 16:9 world. `null` before it enters and after it left.
 */
export function fishAt(spawn: FishSpawn, ms: number): FishAt | null {
  const at = fishPosition(spawn, ms);
  if (!at) return null;
  const step = Math.max(1, spawn.swimMs / 200);
  const ahead = fishPosition(spawn, ms + step) ?? at;
  const behind = ahead === at ? (fishPosition(spawn, ms - step) ?? at) : at;
  const to = ahead === at ? at : ahead;
  const dx = (to.x - behind.x) * worldAspect || (spawn.fromLeft ? 1 : -1);
  return { x: at.x, y: at.y, heading: Math.atan2(to.y - behind.y, dx) };
}

/** Whether a point is on the visible sea. */
export const onScreen = (p: { x: number; y: number }) => p.x >= 0 && p.x <= 1 && p.y >= 0 && p.y <= 1;

/** ms since the wave's start at the server's time `serverNow`. */
export const waveMs = (wave: Pick<FishWave, 'startsAt'>, serverNow: number) =>
  serverNow - Date.parse(wave.startsAt);

export type SwimmingFish = FishSpawn & FishAt;

/** The wave's fish on screen at `ms`, not yet caught, biggest first (so that the small ones are drawn on top). */
export function swimming(wave: FishWave | null, caught: ReadonlySet<number>, ms: number): SwimmingFish[] {
  if (!wave) return [];
  const out: SwimmingFish[] = [];
  for (const spawn of wave.fish) {
    if (caught.has(spawn.id)) continue;
    const at = fishAt(spawn, ms);
    if (at && onScreen(at)) out.push({ ...spawn, ...at });
  }
  return out.sort((a, b) => fishSize[b.kind] - fishSize[a.kind]);
}

/**
 * A seat's cannon on the sea: seats 0 and 1 along the bottom, 2 and 3 along the top (facing down), so four players
 * share the screen as around a table.
 */
export function cannonAt(slot: number): { x: number; y: number; rest: number } {
  const positions = [
    { x: 0.3, y: 1, rest: -Math.PI / 2 },
    { x: 0.7, y: 1, rest: -Math.PI / 2 },
    { x: 0.7, y: 0, rest: Math.PI / 2 },
    { x: 0.3, y: 0, rest: Math.PI / 2 },
  ];
  return positions[((slot % 4) + 4) % 4]!;
}

/** The angle from a cannon to a point, in the 16:9 world (radians, −π..π; 0 points right, −π/2 up). */
export function aimAngle(from: { x: number; y: number }, to: { x: number; y: number }): number {
  return Math.atan2(to.y - from.y, (to.x - from.x) * worldAspect);
}

/** A cannon's angle kept inside the half-plane it faces (it cannot shoot into its own rail). */
export function clampAngle(angle: number, rest: number): number {
  const spread = Math.PI / 2 - 0.08;
  let delta = angle - rest;
  while (delta > Math.PI) delta -= 2 * Math.PI;
  while (delta < -Math.PI) delta += 2 * Math.PI;
  return rest + Math.max(-spread, Math.min(spread, delta));
}

const distance = (a: { x: number; y: number }, b: { x: number; y: number }) =>
  Math.hypot((a.x - b.x) * worldAspect, a.y - b.y);

/** A fish's reach around its centre for a hit, in world heights (a little more than its half length). */
export const hitRadius = (kind: FishKind) => fishSize[kind] * 0.6 + 0.015;

/**
 * The fish a tap aims at: one whose body is under the point (the nearest such), else the nearest within a finger's
 * width, else none.
 */
export function fishAtPoint(
  fish: readonly SwimmingFish[],
  point: { x: number; y: number },
): SwimmingFish | null {
  let best: SwimmingFish | null = null;
  let bestGap = Number.POSITIVE_INFINITY;
  for (const f of fish) {
    const gap = distance(f, point) - hitRadius(f.kind);
    if (gap < bestGap) {
      best = f;
      bestGap = gap;
    }
  }
  return best && bestGap <= 0.06 ? best : null;
}

/**
 * The fish on a cannon's aim line: of those whose body the line crosses (ahead of the cannon), the nearest to it;
 * none when the line crosses none.
 */
export function fishOnLine(
  fish: readonly SwimmingFish[],
  cannon: { x: number; y: number },
  angle: number,
): SwimmingFish | null {
  const ux = Math.cos(angle);
  const uy = Math.sin(angle);
  let best: SwimmingFish | null = null;
  let bestAlong = Number.POSITIVE_INFINITY;
  for (const f of fish) {
    const dx = (f.x - cannon.x) * worldAspect;
    const dy = f.y - cannon.y;
    const along = dx * ux + dy * uy;
    if (along <= 0) continue;
    const across = Math.abs(dx * uy - dy * ux);
    if (across <= hitRadius(f.kind) && along < bestAlong) {
      best = f;
      bestAlong = along;
    }
  }
  return best;
}

/**
 * Aim help for the Fire button and the keyboard: the fish the aim line crosses, else the one nearest in angle to it
 * (the cannon then turns to it); none only when the sea is empty.
 */
export function fishNearLine(
  fish: readonly SwimmingFish[],
  cannon: { x: number; y: number; rest: number },
  angle: number,
): SwimmingFish | null {
  const onLine = fishOnLine(fish, cannon, angle);
  if (onLine) return onLine;
  let best: SwimmingFish | null = null;
  let bestTurn = Number.POSITIVE_INFINITY;
  for (const f of fish) {
    const to = clampAngle(aimAngle(cannon, f), cannon.rest);
    if (Math.abs(to - aimAngle(cannon, f)) > 1e-9) continue;
    const turn = Math.abs(to - angle);
    if (turn < bestTurn) {
      best = f;
      bestTurn = turn;
    }
  }
  return best;
}

/** The nearest fish of a kind to a cannon (the lock-on's pick), or none on screen. */
export function nearestOfKind(
  fish: readonly SwimmingFish[],
  kind: FishKind,
  cannon: { x: number; y: number },
): SwimmingFish | null {
  let best: SwimmingFish | null = null;
  for (const f of fish) {
    if (f.kind !== kind) continue;
    if (!best || distance(f, cannon) < distance(best, cannon)) best = f;
  }
  return best;
}

/**
 * The room's cap on shots a second, kept on this side too so that a held trigger never asks for a refused shot: at
 * most `perSecond` shots in any one-second window. `wait` says how long until the next is allowed (0: now).
 */
export function createLimiter(perSecond: number, windowMs = 1_000) {
  const times: number[] = [];
  const prune = (now: number) => {
    while (times.length && now - times[0]! >= windowMs) times.shift();
  };
  return {
    wait(now: number): number {
      prune(now);
      if (times.length < Math.max(1, perSecond)) return 0;
      return windowMs - (now - times[0]!);
    },
    take(now: number): boolean {
      if (this.wait(now) > 0) return false;
      times.push(now);
      return true;
    },
    /** Forgets a shot the server never counted (it refused it before firing, or it never arrived). */
    giveBack() {
      times.pop();
    },
  };
}
export type Limiter = ReturnType<typeof createLimiter>;

/** The next bet up or down the room's list (staying at the ends). */
export function stepBet(bets: readonly number[], bet: number, step: 1 | -1): number {
  if (!bets.length) return bet;
  const index = bets.indexOf(bet);
  if (index < 0) return bets[0]!;
  return bets[Math.max(0, Math.min(bets.length - 1, index + step))]!;
}

/** A fresh client seed (32 hex characters) from the browser's own randomness, so the site cannot choose it. */
export function newClientSeed(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
