import { describe, expect, it } from 'vitest';
import { analyseTitle } from './analysis.ts';
import { toNumber } from './fraction.ts';
import { recommendedRounds, simulate } from './simulate.ts';
import { titleByCode, titleConfigs } from './titles.ts';

/**
 * Simulated RTP against the declared (computed) RTP, over millions of real rounds each: a long test, run with
 * `SLOTS_LONG=1 npx vitest run --project slots rtp.long`. The spin count of each title is chosen from its
 * volatility so that 0.5 percentage points is about four standard errors of the estimate (a false failure about
 * once in 10,000 runs); the test also checks that it is at least 3.5 for the deviation it measures.
 */
describe.skipIf(!process.env.SLOTS_LONG)('simulated RTP (long)', () => {
  it.each(titleConfigs.map((c) => [c.code]))(
    '%s pays back within ±0.5 percentage points of its declared RTP',
    (code) => {
      const title = titleByCode(code)!;
      const declared = toNumber(analyseTitle(title).totalRtp);
      const spins = recommendedRounds[code] ?? 0;
      expect(spins).toBeGreaterThanOrEqual(1_000_000);
      const result = simulate(title, spins);
      console.log(
        `${code}: declared ${(declared * 100).toFixed(3)}%, measured ${(result.rtp * 100).toFixed(3)}% over ${spins} rounds ` +
          `(standard error ${((result.deviation / Math.sqrt(spins)) * 100).toFixed(3)} pp, ${result.jackpotHits} jackpots)`,
      );
      expect(Math.abs(result.rtp - declared)).toBeLessThan(0.005);
      expect((3.5 * result.deviation) / Math.sqrt(spins)).toBeLessThan(0.005);
    },
    900_000,
  );
});
