import { type CompiledReels, type CompiledTitle, lineWin } from './engine.ts';
import { add, div, type Fraction, fraction, mul, sub } from './fraction.ts';
import { reelCount, rowCount } from './paylines.ts';

/**
 * The exact return to player of a title, computed from its reel strips (not measured, not guessed).
 *
 * Lines: the symbol a payline shows on a reel is the strip symbol at (stop + row), and with a uniform stop that is
 * uniform over the strip whatever the row; the five reels are independent. So every line has the same expected
 * pay, found by enumerating the symbol counts of the five strips (symbols^5 combinations, each weighted by the
 * product of its counts), and the line part of the RTP is that expectation (total bet = lines × line bet).
 *
 * Scatters: the number of scatters in the window is the sum over reels of the scatters in each reel's three
 * visible stops; its exact distribution is the convolution of the per-reel distributions, counted over every stop.
 *
 * Free spins: a free spin awards R more on average (retrigger); by Wald's identity a feature that starts with N
 * spins plays N / (1 − R) spins on average, each worth (line + scatter expectation of the free reels) × multiplier.
 *
 * Everything is kept as exact fractions of big integers. The one approximation is the engine's safety stop of
 * 1000 free spins per round, which needs hundreds of retriggers in a row: its effect is below 10^-100.
 *
 * The jackpot's share of each bet is paid back in full over time (the pool is never the house's), so it adds its
 * share to the RTP exactly.
 */

const whole = (n: number | bigint) => fraction(n);

export type ReelSetMath = {
  /** Expected pay of one line, in line bets (= the lines' share of the RTP). */
  line: Fraction;
  /** Expected scatter pay, in total bets. */
  scatter: Fraction;
  /** Expected free spins awarded per spin. */
  awards: Fraction;
  /** Chance that a spin awards free spins. */
  trigger: Fraction;
  /** Chance of each scatter count in the window, 0..15. */
  scatterCounts: Fraction[];
};

function analyseReels(title: CompiledTitle, reels: CompiledReels): ReelSetMath {
  const symbolCount = title.codes.length;
  const lengths = reels.strips.map((s) => s.length);
  const combinations = lengths.reduce((p, l) => p * BigInt(l), 1n);
  const counts = reels.strips.map((strip) => {
    const c = new Array<number>(symbolCount).fill(0);
    for (const s of strip) c[s] = (c[s] as number) + 1;
    return c;
  });
  const present = counts.map((c) => c.flatMap((n, s) => (n > 0 ? [s] : [])));

  // Lines: every combination of symbols on the five reels, weighted by how many stop combinations show it.
  let lineTotal = 0n;
  const symbols = [0, 0, 0, 0, 0];
  const result = { symbol: -1, count: 0, pay: 0 };
  const walk = (reel: number, weight: number) => {
    if (reel === reelCount) {
      const { pay } = lineWin(title, symbols, result);
      if (pay > 0) lineTotal += BigInt(weight) * BigInt(pay);
      return;
    }
    for (const s of present[reel] as number[]) {
      symbols[reel] = s;
      walk(reel + 1, weight * ((counts[reel] as number[])[s] as number));
    }
  };
  walk(0, 1);

  // Scatters: per reel, how many stops show 0, 1, 2 or 3 scatters; then the convolution over the reels.
  let distribution: bigint[] = [1n];
  for (const strip of reels.strips) {
    const perReel = new Array<bigint>(rowCount + 1).fill(0n);
    for (let stop = 0; stop < strip.length; stop++) {
      let k = 0;
      for (let row = 0; row < rowCount; row++) if (strip[(stop + row) % strip.length] === title.scatter) k++;
      perReel[k] = (perReel[k] as bigint) + 1n;
    }
    const next = new Array<bigint>(distribution.length + rowCount).fill(0n);
    distribution.forEach((a, i) => {
      perReel.forEach((b, j) => {
        next[i + j] = (next[i + j] as bigint) + a * b;
      });
    });
    distribution = next;
  }
  let scatterTotal = 0n;
  let awardTotal = 0n;
  let triggerTotal = 0n;
  distribution.forEach((ways, k) => {
    scatterTotal += ways * BigInt(title.scatterPays[k] ?? 0);
    const award = BigInt(title.scatterAwards[k] ?? 0);
    awardTotal += ways * award;
    if (award > 0n) triggerTotal += ways;
  });
  return {
    line: fraction(lineTotal, combinations),
    scatter: fraction(scatterTotal, combinations),
    awards: fraction(awardTotal, combinations),
    trigger: fraction(triggerTotal, combinations),
    scatterCounts: distribution.map((ways) => fraction(ways, combinations)),
  };
}

export type TitleMath = {
  base: ReelSetMath;
  free: ReelSetMath;
  /** Average free spins in one feature (from the spins a trigger awards and the retriggers). */
  freeSpinsPerFeature: Fraction;
  /** RTP parts, in total bets. */
  lineRtp: Fraction;
  scatterRtp: Fraction;
  freeSpinsRtp: Fraction;
  /** The game without the jackpot. */
  gameRtp: Fraction;
  jackpotRtp: Fraction;
  /** What the info panel declares. */
  totalRtp: Fraction;
};

/** The exact maths of a title. */
export function analyseTitle(title: CompiledTitle): TitleMath {
  const base = analyseReels(title, title.base);
  const free = analyseReels(title, title.free);
  const one = whole(1);
  if (free.awards.n >= free.awards.d) throw new Error(`${title.config.code}: free spins would never end`);
  const spinsPerAward = div(one, sub(one, free.awards));
  const multiplier = whole(title.config.freeSpins.multiplier);
  const freeSpinValue = mul(multiplier, add(free.line, free.scatter));
  const freeSpinsRtp = mul(mul(base.awards, spinsPerAward), freeSpinValue);
  const gameRtp = add(add(base.line, base.scatter), freeSpinsRtp);
  const jackpotRtp = fraction(BigInt(title.config.jackpot.shareBp), 10_000n);
  const freeSpinsPerFeature =
    base.trigger.n === 0n ? whole(0) : mul(div(base.awards, base.trigger), spinsPerAward);
  return {
    base,
    free,
    freeSpinsPerFeature,
    lineRtp: base.line,
    scatterRtp: base.scatter,
    freeSpinsRtp,
    gameRtp,
    jackpotRtp,
    totalRtp: add(gameRtp, jackpotRtp),
  };
}
