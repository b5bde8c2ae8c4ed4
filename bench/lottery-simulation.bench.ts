import { lotteryGames } from '@tala/lottery/games';
import { distinctGames, simulateGame, simulationBound } from '@tala/lottery/simulation';
import type { Bench } from './bench-kit.ts';

/**
 * Issue 14: the declared house edge of each game checked by simulation over 10^6 draws (decision 041). The real draw
 * over fresh random seeds; every bet type's sampled lines (every pick where picks pay differently) in the Lott mode.
 * The same check runs at 10,000 draws in the default tests and at any count with LOTTERY_SIMULATION_DRAWS.
 */
export default (async () => {
  const draws = Number(process.env.LOTTERY_SIMULATION_DRAWS) || 1_000_000;
  const rows = [
    '| Game | Lines checked | Declared return (mean of lines) | Empirical return | Worst line, standard errors | Time | Met |',
    '|---|---|---|---|---|---|---|',
  ];
  let allMet = true;
  for (const game of distinctGames(lotteryGames)) {
    const started = performance.now();
    const lines = simulateGame(game, draws);
    const seconds = (performance.now() - started) / 1000;
    const worst = Math.max(...lines.map((l) => Math.abs(l.empirical - l.declared) / l.standardError));
    const mean = (f: (l: (typeof lines)[number]) => number) =>
      lines.reduce((a, l) => a + f(l), 0) / lines.length;
    const met = worst < simulationBound;
    allMet &&= met;
    rows.push(
      `| ${game.code} (${game.family}) | ${lines.length} | ${(mean((l) => l.declared) * 100).toFixed(3)}% | ${(mean((l) => l.empirical) * 100).toFixed(3)}% | ${worst.toFixed(2)} | ${seconds.toFixed(1)} s | ${met ? 'yes' : 'no'} |`,
    );
    console.log(rows.at(-1));
  }
  return {
    title: 'Lottery house edge by simulation',
    markdown: `Command: \`npm run bench -- lottery-simulation\` (${draws.toLocaleString('en')} draws per game, one core; games that differ only in pace are simulated once). Budget: every sampled line's empirical return within ${simulationBound} standard errors of its exact declared return (${allMet ? 'met' : 'NOT met'}).\n\n${rows.join('\n')}\n`,
  };
}) satisfies Bench;
