import { newServerSeed } from '@tala/slots/fairness';
import { describe, expect, it } from 'vitest';
import { fromSeeds, simulateFish } from './fish.ts';

/*
 * The long simulation: LIVE_LONG=1 npx vitest run --project live fish.long
 * A million shots (the kinds in turn) settled from the very streams the server uses: one fresh wave seed, nonces
 * 0 to 999,999 of one client seed. Every kind and all shots together within 4 standard errors of the declared return.
 */
const shots = 1_000_000;

describe.skipIf(process.env.LIVE_LONG !== '1')(`the fish rooms' declared return over ${shots} shots`, () => {
  it('puts every kind and all shots within 4 standard errors of 96.00%', () => {
    const rows = simulateFish(shots, 9_600, fromSeeds(newServerSeed(), 'FISH-1', 1, 'long-test-seed'));
    for (const row of rows) {
      const z = Math.abs(row.mean - row.exact) / row.standardError;
      expect(z, `${row.kind}: ${row.mean} vs ${row.exact}`).toBeLessThan(4);
    }
  }, 3_600_000);
});
