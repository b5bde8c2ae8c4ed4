import { describe, expect, it } from 'vitest';
import { simulateLive } from './simulate.ts';

/*
 * The short simulation that always runs: 20,000 rounds of each game, every bet within 5 standard errors of its
 * exact return (the long one, rtp.long.test.ts, plays a million rounds with a bound of 4).
 */
describe('the declared returns, by simulating 20,000 rounds of each game', () => {
  it('puts every bet within 5 standard errors of its exact return', () => {
    const rows = simulateLive(20_000);
    expect(rows.length).toBe(5 + 3 + 13 + 50);
    for (const row of rows) {
      const z = Math.abs(row.mean - row.exact) / row.standardError;
      expect(z, `${row.game} ${row.bet}: ${row.mean} vs ${row.exact}`).toBeLessThan(5);
    }
  });
});
