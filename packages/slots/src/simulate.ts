import { type CompiledTitle, playRound } from './engine.ts';
import { type ByteSource, systemByteSource } from './random.ts';

/**
 * Rounds to simulate per title so that ±0.5 percentage points is about four standard errors of the measured RTP,
 * given each title's volatility (standard deviation of a round's return: about 2.9, 4.4 and 3.7 total bets).
 */
export const recommendedRounds: Record<string, number> = {
  'TALA-RNG-0001': 6_000_000,
  'TALA-RNG-0002': 12_000_000,
  'TALA-RNG-0003': 9_000_000,
};

export type SimulationResult = {
  spins: number;
  /** Total bet and total paid, in minor units; the jackpot is modelled as a pool funded by each bet's share. */
  staked: number;
  paid: number;
  jackpotPaid: number;
  jackpotHits: number;
  /** What was still in the pool at the end (funded, not yet paid). */
  poolLeft: number;
  /** paid / staked, the measured RTP. */
  rtp: number;
  /** The measured RTP without the jackpot. */
  gameRtp: number;
  /** Standard deviation of one round's return, in total bets (for the confidence of the estimate). */
  deviation: number;
  /** Share of rounds that paid anything. */
  hitRate: number;
  /** Share of rounds that started free spins. */
  featureRate: number;
};

/**
 * Plays `spins` rounds of a title at one bet with the real engine, drawing from the operating system's CSPRNG
 * (through the same rejection sampling as live play), and models the progressive pool as the server runs it:
 * each bet adds its share, a jackpot hit pays the whole pool.
 */
export function simulate(
  title: CompiledTitle,
  spins: number,
  options: { bet?: number; source?: ByteSource } = {},
): SimulationResult {
  const bet = options.bet ?? title.maxBet;
  const source = options.source ?? systemByteSource();
  const share = (bet * title.config.jackpot.shareBp) / 10_000;
  let paid = 0;
  let jackpotPaid = 0;
  let jackpotHits = 0;
  let pool = 0;
  let hits = 0;
  let features = 0;
  let sumSquares = 0;
  for (let i = 0; i < spins; i++) {
    const round = playRound(title, bet, source);
    pool += share;
    let win = round.win;
    if (round.jackpotHit) {
      jackpotHits++;
      jackpotPaid += pool;
      win += pool;
      pool = 0;
    }
    paid += win;
    if (win > 0) hits++;
    if (round.freeSpins.length > 0) features++;
    const ratio = round.win / bet;
    sumSquares += ratio * ratio;
  }
  const staked = bet * spins;
  const gameRtp = (paid - jackpotPaid) / staked;
  return {
    spins,
    staked,
    paid,
    jackpotPaid,
    jackpotHits,
    poolLeft: pool,
    rtp: paid / staked,
    gameRtp,
    deviation: Math.sqrt(Math.max(0, sumSquares / spins - gameRtp * gameRtp)),
    hitRate: hits / spins,
    featureRate: features / spins,
  };
}
