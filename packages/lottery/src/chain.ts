import { hashServerSeed } from '@tala/slots/fairness';

/**
 * CHAIN's seeds (decision 041): a reverse SHA-256 hash chain per merchant, game and segment of issues. From a secret
 * link h_L, each link is the hash of the next one, h_{j−1} = SHA-256(h_j) (of its hex text, as decision 007 hashes a
 * server seed), down to the terminal h_0, which is published before the segment's first issue. The issue at offset i
 * of the segment is drawn from link h_{i+1}: its commitment SHA-256(h_{i+1}) is h_i, the terminal or the seed the
 * issue before it revealed. So every result of a segment is fixed once its terminal is out, and anyone can check
 * that each revealed seed hashes to the one before it, back to the terminal.
 */

/** Issues per segment: a week of one-minute draws. */
export const chainLength = 10_080;

/** SHA-256 of a link's text, as hex: decision 007's `hashServerSeed` (the server passes Node's, which is faster). */
export type LinkHash = (link: string) => string;

/** Link j of the chain whose secret is link `length`. */
export function chainLink(
  secret: string,
  length: number,
  j: number,
  hash: LinkHash = hashServerSeed,
): string {
  if (!Number.isInteger(j) || j < 0 || j > length)
    throw new RangeError(`no link ${j} in a chain of ${length}`);
  let link = secret;
  for (let k = length; k > j; k--) link = hash(link);
  return link;
}

export const chainTerminal = (secret: string, length: number, hash?: LinkHash) =>
  chainLink(secret, length, 0, hash);

/** The segment of an issue and its offset in it. */
export function chainPlace(issueIndex: number, length = chainLength) {
  return { segment: Math.floor(issueIndex / length), offset: issueIndex % length };
}

/** The server seed of the issue at `offset` of its segment: link offset + 1. */
export const chainSeed = (secret: string, length: number, offset: number, hash?: LinkHash) =>
  chainLink(secret, length, offset + 1, hash);

/** Whether a revealed seed of the issue at `offset` hashes back to the terminal in offset + 1 steps. */
export function verifyChainSeed(seed: string, offset: number, terminal: string): boolean {
  let link = seed;
  for (let k = 0; k <= offset; k++) link = hashServerSeed(link);
  return link === terminal;
}
