import { describe, expect, it } from 'vitest';
import { simulateLive } from './simulate.ts';

/*
 * The long simulation: LIVE_LONG=1 npx vitest run --project live rtp.long
 * A million rounds of each game from the system CSPRNG; every bet within 4 standard errors of its exact return.
 */
const rounds = 1_000_000;

describe.skipIf(process.env.LIVE_LONG !== '1')(
  `the declared returns, by simulating ${rounds} rounds of each game`,
  () => {
    it('puts every bet within 4 standard errors of its exact return', () => {
      const rows = simulateLive(rounds);
      for (const row of rows) {
        const z = Math.abs(row.mean - row.exact) / row.standardError;
        expect(z, `${row.game} ${row.bet}: ${row.mean} vs ${row.exact}`).toBeLessThan(4);
      }
    }, 3_600_000);
  },
);
