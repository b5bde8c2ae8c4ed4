import { analyseTitle } from '@tala/slots/analysis';
import { percent, toNumber } from '@tala/slots/fraction';
import { recommendedRounds, simulate } from '@tala/slots/simulate';
import { titleByCode, titleConfigs } from '@tala/slots/titles';
import type { Bench } from './bench-kit.ts';

/**
 * The in-house slots' RTP: the declared figure (computed exactly from the reel strips) against the one measured by
 * playing real rounds with the engine and the system CSPRNG, at the largest bet so the jackpot pool turns over.
 * Each title plays the rounds its volatility needs for ±0.5 pp to be about four standard errors (6 to 12 million,
 * as the long test); SLOTS_BENCH_SPINS sets another count (at least 1,000,000).
 */
export default (async () => {
  const override = process.env.SLOTS_BENCH_SPINS
    ? Math.max(1_000_000, Number(process.env.SLOTS_BENCH_SPINS))
    : null;
  const rows = [
    '| Title | Rounds | Declared RTP | Measured RTP | Difference | Standard error | Within ±0.5 pp | Hit rate | Free spins | Jackpots | Rounds/s |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const config of titleConfigs) {
    const title = titleByCode(config.code);
    if (!title) throw new Error(`title ${config.code} does not compile`);
    const declared = toNumber(analyseTitle(title).totalRtp);
    const spins = override ?? recommendedRounds[config.code] ?? 1_000_000;
    const started = performance.now();
    const result = simulate(title, spins);
    const seconds = (performance.now() - started) / 1000;
    const difference = (result.rtp - declared) * 100;
    const error = (result.deviation / Math.sqrt(spins)) * 100;
    rows.push(
      `| ${config.name.EN} \`${config.code}\` | ${spins.toLocaleString('en-US')} | ${percent(analyseTitle(title).totalRtp, 3)}% | ${(result.rtp * 100).toFixed(3)}% | ` +
        `${difference >= 0 ? '+' : ''}${difference.toFixed(3)} pp | ${error.toFixed(3)} pp | ${Math.abs(difference) < 0.5 ? 'yes' : 'no'} | ` +
        `${(result.hitRate * 100).toFixed(1)}% | 1 in ${(1 / result.featureRate).toFixed(0)} | ${result.jackpotHits} | ` +
        `${Math.round(spins / seconds).toLocaleString('en-US')} |`,
    );
  }
  return {
    title: 'In-house slots: RTP',
    markdown:
      `Command: \`npm run bench -- slots\`. Rounds at the largest bet with the real engine and the system CSPRNG, as ` +
      `many per title as make ±0.5 pp about four standard errors (\`SLOTS_BENCH_SPINS\` sets another count). ` +
      `Declared = exact analysis of the reel strips plus the 1% jackpot share (docs/decisions/007-slots-fairness.md).` +
      `\n\n${rows.join('\n')}\n`,
  };
}) satisfies Bench;
