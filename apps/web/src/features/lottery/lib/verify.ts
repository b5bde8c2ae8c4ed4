import { drawResult } from '@tala/lottery/draw';
import { gameByCode } from '@tala/lottery/games';
import { hashServerSeed } from '@tala/slots/fairness';

/** JSON with its keys sorted, so that two equal results compare equal whatever order their keys came in. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.keys(value)
      .sort()
      .map((k) => `${JSON.stringify(k)}:${canonical((value as Record<string, unknown>)[k])}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

export type Verdict = {
  /** SHA-256 of the seed typed, and whether it is the commitment published before the sale. */
  hash: string;
  seedMatches: boolean;
  /** The result recomputed here with the lottery's own draw code, and whether it is the one published. */
  recomputed: unknown;
  resultMatches: boolean | null;
};

/**
 * Recomputes a draw in the browser with @tala/lottery's own code (decision 039: the game's draw over decision 007's
 * HMAC stream keyed by the seed, client seed `${game}/${issue}`): the seed against the commitment, the result
 * against the published one (null when none is published yet).
 */
export function verifyInBrowser(input: {
  gameCode: string;
  issueNo: string;
  serverSeed: string;
  commitment: string;
  published: unknown;
}): Verdict | null {
  const game = gameByCode(input.gameCode);
  if (!game || !/^[0-9a-f]{64}$/.test(input.serverSeed)) return null;
  const hash = hashServerSeed(input.serverSeed);
  const recomputed = drawResult(game, input.serverSeed, input.issueNo);
  return {
    hash,
    seedMatches: hash === input.commitment,
    recomputed,
    resultMatches: input.published ? canonical(recomputed) === canonical(input.published) : null,
  };
}
