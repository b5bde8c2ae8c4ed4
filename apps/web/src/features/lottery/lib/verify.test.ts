import { drawResult } from '@tala/lottery/draw';
import { gameByCode } from '@tala/lottery/games';
import { hashServerSeed } from '@tala/slots/fairness';
import { describe, expect, it } from 'vitest';
import { verifyInBrowser } from './verify.ts';

const seed = 'a'.repeat(64);
const issueNo = '20261126-0421';
const published = drawResult(gameByCode('VNN1')!, seed, issueNo);

describe('the verifier', () => {
  it('agrees with a draw made by the server’s code, whatever the order of the published keys', () => {
    const verdict = verifyInBrowser({
      gameCode: 'VNN1',
      issueNo,
      serverSeed: seed,
      commitment: hashServerSeed(seed),
      published: JSON.parse(JSON.stringify(published)),
    });
    expect(verdict).toMatchObject({ seedMatches: true, resultMatches: true });
  });

  it('disagrees with a tampered seed, another issue, and answers null for what is not a seed', () => {
    const tampered = `b${seed.slice(1)}`;
    const base = { gameCode: 'VNN1', issueNo, commitment: hashServerSeed(seed), published };
    expect(verifyInBrowser({ ...base, serverSeed: tampered })).toMatchObject({
      seedMatches: false,
      resultMatches: false,
    });
    expect(verifyInBrowser({ ...base, serverSeed: seed, issueNo: '20261126-0422' })?.resultMatches).toBe(
      false,
    );
    expect(verifyInBrowser({ ...base, serverSeed: 'xyz' })).toBeNull();
    expect(verifyInBrowser({ ...base, gameCode: 'NOPE', serverSeed: seed })).toBeNull();
  });
});
