import type { FishRecallWave } from '@tala/contracts/fish';
import { hashServerSeed } from '@tala/slots/fairness';
import { describe, expect, it } from 'vitest';
import { verifyWave } from './verify.ts';

const seed = 'f'.repeat(64);
const wave = (over: Partial<FishRecallWave> = {}): FishRecallWave => ({
  roomCode: 'FISH-1',
  waveNo: 7,
  startsAt: '2026-11-26T10:00:00.000Z',
  serverSeedHash: hashServerSeed(seed),
  serverSeed: seed,
  clientSeed: 'abcdefgh12',
  rtpBps: 9600,
  totalBet: 30,
  totalWin: 20,
  shots: [
    {
      nonce: 0,
      fishId: 1,
      kind: 'sardine',
      bet: 10,
      caught: false,
      multiplier: 0,
      win: 0,
      at: '2026-11-26T10:00:01Z',
    },
    {
      nonce: 1,
      fishId: 1,
      kind: 'sardine',
      bet: 10,
      caught: true,
      multiplier: 2,
      win: 20,
      at: '2026-11-26T10:00:02Z',
    },
  ],
  ...over,
});

describe('the browser’s check of a wave', () => {
  it('waits for the seed', () => {
    expect(verifyWave(wave({ serverSeed: null }), () => ({ caught: false, multiplier: 0 }))).toBeNull();
  });

  it('passes when the seed matches its hash and every shot recomputes to what was paid', () => {
    const check = verifyWave(wave(), (_w, shot) => ({ caught: shot.nonce === 1, multiplier: 2 }));
    expect(check?.seedMatches).toBe(true);
    expect(check?.shots.map((s) => s.matches)).toEqual([true, true]);
    expect(check?.allMatch).toBe(true);
  });

  it('fails on a seed that is not the committed one, a shot that differs, or a verifier that throws', () => {
    expect(
      verifyWave(wave({ serverSeedHash: '0'.repeat(64) }), () => ({ caught: false, multiplier: 0 }))
        ?.allMatch,
    ).toBe(false);
    const differs = verifyWave(wave(), () => ({ caught: true, multiplier: 5 }));
    expect(differs?.shots.map((s) => s.matches)).toEqual([false, false]);
    const throws = verifyWave(wave(), () => {
      throw new Error('bad');
    });
    expect(throws?.allMatch).toBe(false);
  });

  it('leaves the shots unchecked (not failed) without a verifier', () => {
    const check = verifyWave(wave(), null);
    expect(check?.seedMatches).toBe(true);
    expect(check?.shots.map((s) => s.matches)).toEqual([null, null]);
  });
});

describe('the engine’s verifier in the recall', () => {
  it('recomputes a shot the way the server settles it', async () => {
    const { fishShot } = await import('@tala/live/fish');
    const { engineVerifier } = await import('./engine-verifier.ts');
    const w = wave();
    // Whatever the engine says each shot was, recorded so: every shot checks out; flip one and it does not.
    const shots = w.shots.map((s) => {
      const out = fishShot(seed, w.roomCode, w.waveNo, w.clientSeed, s.nonce, s.kind, w.rtpBps);
      return { ...s, caught: out.caught, multiplier: out.multiplier, win: out.multiplier * s.bet };
    });
    expect(verifyWave({ ...w, shots }, engineVerifier)?.allMatch).toBe(true);
    const flipped = shots.map((s, i) =>
      i === 0 ? { ...s, caught: !s.caught, multiplier: s.caught ? 0 : 2 } : s,
    );
    const check = verifyWave({ ...w, shots: flipped }, engineVerifier);
    expect(check?.shots.map((s) => s.matches)).toEqual([false, true]);
  });
});
