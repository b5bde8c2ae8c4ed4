import type { FishSpawn, FishWave } from '@tala/contracts/fish';
import { describe, expect, it } from 'vitest';
import {
  aimAngle,
  cannonAt,
  clampAngle,
  createLimiter,
  fishAt,
  fishAtPoint,
  fishNearLine,
  fishOnLine,
  nearestOfKind,
  stepBet,
  swimming,
  waveMs,
} from './logic.ts';
import { newerWave, withShot } from './use-fish-room.ts';

const spawn = (over: Partial<FishSpawn> = {}): FishSpawn => ({
  id: 1,
  kind: 'sardine',
  multiplier: 2,
  enterMs: 1_000,
  swimMs: 10_000,
  fromLeft: true,
  y0: 0.5,
  y1: 0.5,
  bend: 0,
  ...over,
});

const wave = (fish: FishSpawn[], caught: number[] = []): FishWave => ({
  roomCode: 'FISH-1',
  waveNo: 3,
  startsAt: '2026-11-26T10:00:00.000Z',
  endsAt: '2026-11-26T10:01:00.000Z',
  serverSeedHash: 'a'.repeat(64),
  fish,
  caught,
  serverSeed: null,
});

describe('a fish at a time', () => {
  it('is off the sea before it enters and after its swim, and crosses it in between', () => {
    expect(fishAt(spawn(), 999)).toBeNull();
    expect(fishAt(spawn(), 11_001)).toBeNull();
    const start = fishAt(spawn(), 1_000);
    const middle = fishAt(spawn(), 6_000);
    const end = fishAt(spawn(), 11_000);
    // It starts just off the left edge, is at the middle half-way and ends just off the right.
    expect(start?.x).toBeLessThan(0);
    expect(middle?.x).toBeCloseTo(0.5, 10);
    expect(end?.x).toBeGreaterThan(1);
    expect(middle?.y).toBeCloseTo(0.5, 10);
    expect(middle?.heading).toBeCloseTo(0, 6);
    expect(fishAt(spawn(), 11_000)?.heading).toBeCloseTo(0, 6);
  });

  it('swims the other way from the right, from y0 to y1, bent most at the middle', () => {
    const f = spawn({ fromLeft: false, y0: 0.2, y1: 0.6, bend: 0.4 });
    const middle = fishAt(f, 6_000);
    expect(middle?.x).toBeCloseTo(0.5, 10);
    // Half-way down its slope (0.4), plus the bend's full 0.4 × 0.15.
    expect(middle?.y).toBeCloseTo(0.4 + 0.06, 10);
    expect(fishAt(f, 1_000)?.y).toBeCloseTo(0.2, 10);
    expect(fishAt(f, 11_000)?.y).toBeCloseTo(0.6, 10);
    // Heading left: the angle points into the left half.
    expect(Math.cos(middle?.heading ?? 0)).toBeLessThan(0);
  });

  it('is placed by the server’s clock from the wave’s start', () => {
    const w = wave([spawn()]);
    expect(waveMs(w, Date.parse('2026-11-26T10:00:06.000Z'))).toBe(6_000);
  });

  it('lists the fish on screen, not caught, the big ones first', () => {
    const w = wave(
      [
        spawn({ id: 1 }),
        spawn({ id: 2, kind: 'whale' }),
        spawn({ id: 3, enterMs: 20_000 }),
        spawn({ id: 4 }),
      ],
      [4],
    );
    expect(swimming(w, new Set(w.caught), 6_000).map((f) => f.id)).toEqual([2, 1]);
    expect(swimming(null, new Set(), 6_000)).toEqual([]);
  });
});

describe('picking the target', () => {
  const w = wave([
    spawn({ id: 1, y0: 0.3, y1: 0.3 }),
    spawn({ id: 2, kind: 'shark', y0: 0.6, y1: 0.6, enterMs: 0 }),
    spawn({ id: 3, kind: 'sardine', y0: 0.8, y1: 0.8, enterMs: 3_000 }),
  ]);
  const fish = swimming(w, new Set(), 6_000);
  const byId = (id: number) => fish.find((f) => f.id === id)!;

  it('takes the fish under a tap, else the nearest within a finger, else none', () => {
    expect(fishAtPoint(fish, { x: byId(1).x, y: 0.3 })?.id).toBe(1);
    expect(fishAtPoint(fish, { x: byId(1).x + 0.02, y: 0.33 })?.id).toBe(1);
    expect(fishAtPoint(fish, { x: 0.05, y: 0.05 })).toBeNull();
  });

  it('takes the nearest fish the aim line crosses, none when it crosses none', () => {
    const cannon = cannonAt(0);
    const straightAtOne = aimAngle(cannon, byId(1));
    // The shark lies between the cannon and fish 1 only if the line passes it: aim at fish 1 from below.
    const picked = fishOnLine(fish, cannon, straightAtOne);
    expect(picked).not.toBeNull();
    const atShark = fishOnLine(fish, cannon, aimAngle(cannon, byId(2)));
    expect(atShark?.id).toBe(2);
    // Straight back into the rail: nothing ahead.
    expect(fishOnLine(fish, cannon, Math.PI / 2)).toBeNull();
  });

  it('locks on the nearest fish of a kind', () => {
    const bottomLeft = cannonAt(0);
    expect(nearestOfKind(fish, 'sardine', bottomLeft)?.id).toBe(3);
    expect(nearestOfKind(fish, 'sardine', cannonAt(3))?.id).toBe(1);
    expect(nearestOfKind(fish, 'dragon', bottomLeft)).toBeNull();
  });

  it('keeps a cannon turned into the sea, never into its own rail', () => {
    const bottom = cannonAt(0);
    expect(clampAngle(Math.PI / 2, bottom.rest)).toBeLessThan(0);
    expect(clampAngle(-Math.PI / 2, bottom.rest)).toBeCloseTo(-Math.PI / 2, 10);
    const top = cannonAt(2);
    expect(clampAngle(-Math.PI / 2, top.rest)).toBeGreaterThan(0);
  });
});

describe('the shots-per-second limiter', () => {
  it('lets the cap through in any second, then says how long to wait', () => {
    const limiter = createLimiter(3);
    expect(limiter.take(0)).toBe(true);
    expect(limiter.take(100)).toBe(true);
    expect(limiter.take(200)).toBe(true);
    expect(limiter.take(300)).toBe(false);
    expect(limiter.wait(300)).toBe(700);
    expect(limiter.take(999)).toBe(false);
    expect(limiter.take(1_000)).toBe(true);
    expect(limiter.wait(1_050)).toBe(50);
  });

  it('forgets a shot the server refused before firing', () => {
    const limiter = createLimiter(1);
    expect(limiter.take(0)).toBe(true);
    limiter.giveBack();
    expect(limiter.take(10)).toBe(true);
    expect(limiter.take(20)).toBe(false);
  });
});

describe('the bet', () => {
  it('steps along the room’s bets and stays at the ends', () => {
    expect(stepBet([10, 50, 100], 10, 1)).toBe(50);
    expect(stepBet([10, 50, 100], 100, 1)).toBe(100);
    expect(stepBet([10, 50, 100], 10, -1)).toBe(10);
    expect(stepBet([10, 50, 100], 7, 1)).toBe(10);
  });
});

describe('the room’s wave from HTTP and the socket', () => {
  it('keeps the later wave and every catch either has seen', () => {
    const a = wave([spawn()], [1]);
    const b = { ...wave([spawn()], [2]), serverSeed: null };
    expect(newerWave(a, b)?.caught.sort()).toEqual([1, 2]);
    const later = { ...wave([]), waveNo: 4 };
    expect(newerWave(later, a)).toBe(later);
    expect(newerWave(a, later)).toBe(later);
    expect(newerWave(null, a)).toBe(a);
  });

  it('takes a caught fish off the sea on a shot frame', () => {
    const w = wave([spawn()]);
    const frame = {
      type: 'fishShot' as const,
      roomCode: 'FISH-1',
      waveNo: 3,
      seat: 1,
      angle: -1,
      fishId: 1,
      bet: 10,
      caught: true,
      multiplier: 2,
      win: 20,
    };
    expect(withShot(w, frame)?.caught).toEqual([1]);
    expect(withShot(w, { ...frame, caught: false })).toBe(w);
    expect(withShot(w, { ...frame, waveNo: 2 })).toBe(w);
  });
});

describe('aim help', () => {
  it('takes the fish on the line, else the one nearest in angle in front of the cannon, else none', () => {
    const w = wave([spawn({ id: 1, y0: 0.3, y1: 0.3 }), spawn({ id: 2, y0: 0.5, y1: 0.5, enterMs: 4_000 })]);
    const fish = swimming(w, new Set(), 6_000);
    const cannon = cannonAt(0);
    const one = fish.find((f) => f.id === 1)!;
    expect(fishNearLine(fish, cannon, aimAngle(cannon, one))?.id).toBe(1);
    // Aimed far to the right of both: the nearer in angle is taken.
    const near = fishNearLine(fish, cannon, -0.2);
    expect(near).not.toBeNull();
    expect(fishNearLine([], cannon, -0.2)).toBeNull();
  });
});
