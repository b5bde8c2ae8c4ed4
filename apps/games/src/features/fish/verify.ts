import type { FishRecallWave } from '@tala/contracts/fish';
import { hashServerSeed } from '@tala/slots/fairness';

export type ShotCheck = { nonce: number; matches: boolean | null; caught: boolean; multiplier: number };
export type WaveCheck = { seedMatches: boolean; shots: ShotCheck[]; allMatch: boolean };

/** What the engine's verifier says one shot was: caught or not, and the multiplier paid. */
export type ShotVerifier = (
  wave: FishRecallWave,
  shot: FishRecallWave['shots'][number],
) => { caught: boolean; multiplier: number };

/**
 * The browser's own check of a finished wave: the revealed seed hashes to the commitment shown at its start, and each
 * of the member's shots, recomputed from the seed, the client seed and the shot's number, caught (or missed) what
 * the server said and paid the same multiplier. `null` while the wave's seed is still secret.
 */
export function verifyWave(wave: FishRecallWave, verifier: ShotVerifier | null): WaveCheck | null {
  if (!wave.serverSeed) return null;
  const seedMatches = hashServerSeed(wave.serverSeed) === wave.serverSeedHash;
  const shots = wave.shots.map((shot) => {
    if (!verifier)
      return { nonce: shot.nonce, matches: null, caught: shot.caught, multiplier: shot.multiplier };
    let outcome: { caught: boolean; multiplier: number };
    try {
      outcome = verifier(wave, shot);
    } catch {
      return { nonce: shot.nonce, matches: false, caught: false, multiplier: 0 };
    }
    return {
      nonce: shot.nonce,
      matches: outcome.caught === shot.caught && (!shot.caught || outcome.multiplier === shot.multiplier),
      caught: outcome.caught,
      multiplier: outcome.multiplier,
    };
  });
  return { seedMatches, shots, allMatch: seedMatches && shots.every((s) => s.matches === true) };
}
