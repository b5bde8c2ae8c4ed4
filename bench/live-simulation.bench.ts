import { simulateLive } from '@tala/live/simulate';
import type { Bench } from './bench-kit.ts';

/**
 * The live studio's declared returns against simulated play (issue 16): a million rounds of each game (baccarat,
 * dragon tiger, roulette, sic bo) from the system CSPRNG with the real engine, every bet kind's mean return against
 * its exact one. LIVE_BENCH_SIM_ROUNDS sets another count (at least 100,000).
 */
export default (async () => {
  const rounds = Math.max(100_000, Number(process.env.LIVE_BENCH_SIM_ROUNDS ?? 1_000_000));
  const started = performance.now();
  const rows = simulateLive(rounds);
  const seconds = (performance.now() - started) / 1000;
  const table = [
    '| Game | Bet | Declared return | Simulated | Difference | Standard error | Within 4 SE |',
    '|---|---|---|---|---|---|---|',
    ...rows.map((r) => {
      const z = Math.abs(r.mean - r.exact) / r.standardError;
      return (
        `| ${r.game} | ${r.bet} | ${(r.exact * 100).toFixed(3)}% | ${(r.mean * 100).toFixed(3)}% | ` +
        `${((r.mean - r.exact) * 100).toFixed(3)} pp | ${(r.standardError * 100).toFixed(3)} pp | ${z < 4 ? 'yes' : 'NO'} |`
      );
    }),
  ];
  return {
    title: 'Live tables: declared returns by simulation',
    markdown:
      `Command: \`npm run bench -- live-simulation\`. ${rounds.toLocaleString('en-US')} rounds of each game with the ` +
      `real engine (packages/live) and the system CSPRNG, in ${seconds.toFixed(0)} s; declared = exact returns ` +
      `(docs/decisions/052-live-engine.md).\n\n${table.join('\n')}\n`,
  };
}) satisfies Bench;
