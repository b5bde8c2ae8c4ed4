import { verifyShot } from '@tala/live/fish';
import type { ShotVerifier } from './verify.ts';

/**
 * The engine's shot verifier (packages/live/src/fish.ts, the code the server settles with): a shot recomputed from
 * the wave's revealed seed, the member's client seed and the shot's number, against the wave's declared return.
 */
export const engineVerifier: ShotVerifier = (wave, shot) => {
  if (!wave.serverSeed) throw new Error('the wave’s seed is not shown yet');
  return verifyShot({
    serverSeed: wave.serverSeed,
    serverSeedHash: wave.serverSeedHash,
    roomCode: wave.roomCode,
    waveNo: wave.waveNo,
    clientSeed: wave.clientSeed,
    nonce: shot.nonce,
    kind: shot.kind,
    rtpBps: wave.rtpBps,
    caught: shot.caught,
    multiplier: shot.multiplier,
  }).recomputed;
};
