import { hashServerSeed } from '@tala/slots/fairness';
import type { ByteSource } from '@tala/slots/random';
import { dealBaccarat } from './baccarat.ts';
import { drawOrder } from './bingo.ts';
import { dealDragonTiger } from './dragon-tiger.ts';
import { spinRoulette } from './roulette.ts';
import { roundSource } from './round.ts';
import { rollSicBo } from './sicbo.ts';

/** How each game turns a round's stream into its result (bingo's result is the order of the calls). */
export const liveGames = {
  baccarat: dealBaccarat,
  dragonTiger: dealDragonTiger,
  roulette: spinRoulette,
  sicbo: rollSicBo,
  bingo75: (source: ByteSource) => drawOrder(source, 75),
  bingo90: (source: ByteSource) => drawOrder(source, 90),
} as const;
export type LiveGame = keyof typeof liveGames;

export function roundResult<G extends LiveGame>(
  game: G,
  serverSeed: string,
  tableCode: string,
  roundNo: number,
): ReturnType<(typeof liveGames)[G]> {
  return liveGames[game](roundSource(serverSeed, tableCode, roundNo)) as ReturnType<(typeof liveGames)[G]>;
}

export type PublishedRound = {
  serverSeed: string;
  serverSeedHash: string;
  tableCode: string;
  roundNo: number;
  result: unknown;
};

export type Verification = { seedMatches: boolean; resultMatches: boolean; recomputed: unknown };

/**
 * JSON with every object's keys in order: a stored result comes back from the database's jsonb with its keys
 * reordered, and the same result must compare equal.
 */
export function canonicalJson(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** Checks a published round: the seed matches its commitment, and recomputing the round gives the stored result. */
export function verifyRound(game: LiveGame, round: PublishedRound): Verification {
  const recomputed = roundResult(game, round.serverSeed, round.tableCode, round.roundNo);
  return {
    seedMatches: hashServerSeed(round.serverSeed) === round.serverSeedHash,
    resultMatches: canonicalJson(recomputed) === canonicalJson(round.result),
    recomputed,
  };
}

export const verifyBaccarat = (round: PublishedRound) => verifyRound('baccarat', round);
export const verifyDragonTiger = (round: PublishedRound) => verifyRound('dragonTiger', round);
export const verifyRoulette = (round: PublishedRound) => verifyRound('roulette', round);
export const verifySicBo = (round: PublishedRound) => verifyRound('sicbo', round);
export const verifyBingo75 = (round: PublishedRound) => verifyRound('bingo75', round);
export const verifyBingo90 = (round: PublishedRound) => verifyRound('bingo90', round);
