import { hashServerSeed, roundStream } from '@tala/slots/fairness';
import type { Game } from './game.ts';

/**
 * A draw's provably-fair result (docs/decisions/039-lottery.md, reusing decision 007's HMAC stream): each draw has
 * its own secret server seed, whose SHA-256 is shown from the moment the draw is scheduled, before its sale
 * opens. The result is the game's draw over HMAC-SHA256(key = server seed, message = `${game}/${issue}:0:${counter}`)
 * for counter 0, 1, 2, ...; once drawn, the seed is published and anyone can recompute the result.
 */
export function drawStreamLabel(gameCode: string, issueNo: string): string {
  return `${gameCode}/${issueNo}`;
}

export function drawResult(game: Game, serverSeed: string, issueNo: string): unknown {
  return game.draw(roundStream(serverSeed, drawStreamLabel(game.code, issueNo), 0));
}

/** Checks a published draw: the seed matches the commitment and recomputes the result. */
export function verifyDraw(
  game: Game,
  draw: { issueNo: string; serverSeed: string; serverSeedHash: string; result: unknown },
): { seedMatches: boolean; resultMatches: boolean; recomputed: unknown } {
  const recomputed = drawResult(game, draw.serverSeed, draw.issueNo);
  return {
    seedMatches: hashServerSeed(draw.serverSeed) === draw.serverSeedHash,
    resultMatches: JSON.stringify(recomputed) === JSON.stringify(draw.result),
    recomputed,
  };
}
