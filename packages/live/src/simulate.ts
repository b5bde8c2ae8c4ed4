import { type Fraction, toNumber } from '@tala/slots/fraction';
import { type ByteSource, systemByteSource } from '@tala/slots/random';
import {
  type BaccaratBetType,
  baccaratBetTypes,
  baccaratReturns,
  betReturn,
  dealBaccarat,
} from './baccarat.ts';
import {
  dealDragonTiger,
  dragonTigerBetTypes,
  dragonTigerReturn,
  dragonTigerReturns,
} from './dragon-tiger.ts';
import { type RouletteBet, rouletteBetReturn, rouletteReturn, spinRoulette } from './roulette.ts';
import { everySicBoBet, rollSicBo, sicBoBetReturn, sicBoReturn } from './sicbo.ts';

/**
 * The declared returns checked by playing rounds (rtp.test.ts, rtp.long.test.ts): every round of every game is
 * dealt from the source and every listed bet settled on it, at a stake of 20 minor units (the banker's
 * commission and dragon tiger's half-back are then exact). Floats here are statistics, never money.
 */
export type SimulatedBet = { game: string; bet: string; exact: number; mean: number; standardError: number };

const stake = 20n;

type Table<R> = {
  game: string;
  play: (source: ByteSource) => R;
  bets: { bet: string; exact: Fraction; settle: (result: R) => bigint }[];
};

/** Plays `rounds` rounds of every game and gives each bet's mean return per unit and its standard error. */
export function simulateLive(rounds: number, source: ByteSource = systemByteSource()): SimulatedBet[] {
  const baccarat = baccaratReturns();
  const dragonTiger = dragonTigerReturns();
  const roulette: [string, RouletteBet][] = [
    ['straight 17', { type: 'straight', numbers: [17], stake }],
    ['split 0-1', { type: 'split', numbers: [0, 1], stake }],
    ['street 16-18', { type: 'street', numbers: [16, 17, 18], stake }],
    ['corner 0-3', { type: 'corner', numbers: [0, 1, 2, 3], stake }],
    ['six line 31-36', { type: 'sixLine', numbers: [31, 32, 33, 34, 35, 36], stake }],
    ['dozen 1', { type: 'dozen', index: 1, stake }],
    ['column 3', { type: 'column', index: 3, stake }],
    ...(['red', 'black', 'odd', 'even', 'low', 'high'] as const).map((type): [string, RouletteBet] => [
      type,
      { type, stake },
    ]),
  ];
  return [
    simulate(
      {
        game: 'baccarat',
        play: dealBaccarat,
        bets: baccaratBetTypes.map((type: BaccaratBetType) => ({
          bet: type,
          exact: baccarat[type],
          settle: (r: ReturnType<typeof dealBaccarat>) => betReturn(r, { type, stake }),
        })),
      },
      rounds,
      source,
    ),
    simulate(
      {
        game: 'dragon tiger',
        play: dealDragonTiger,
        bets: dragonTigerBetTypes.map((type) => ({
          bet: type,
          exact: dragonTiger[type],
          settle: (r: ReturnType<typeof dealDragonTiger>) => dragonTigerReturn(r, { type, stake }),
        })),
      },
      rounds,
      source,
    ),
    simulate(
      {
        game: 'roulette',
        play: spinRoulette,
        bets: roulette.map(([bet, b]) => ({
          bet,
          exact: rouletteBetReturn(b),
          settle: (r: ReturnType<typeof spinRoulette>) => rouletteReturn(r, b),
        })),
      },
      rounds,
      source,
    ),
    simulate(
      {
        game: 'sic bo',
        play: rollSicBo,
        bets: everySicBoBet(stake).map((b) => ({
          bet: JSON.stringify({ ...b, stake: undefined }),
          exact: sicBoBetReturn(b),
          settle: (r: ReturnType<typeof rollSicBo>) => sicBoReturn(r, b),
        })),
      },
      rounds,
      source,
    ),
  ].flat();
}

function simulate<R>({ game, play, bets }: Table<R>, rounds: number, source: ByteSource): SimulatedBet[] {
  const sums = bets.map(() => ({ sum: 0, squares: 0 }));
  for (let i = 0; i < rounds; i++) {
    const result = play(source);
    bets.forEach((b, k) => {
      const x = Number(b.settle(result)) / Number(stake);
      sums[k]!.sum += x;
      sums[k]!.squares += x * x;
    });
  }
  return bets.map((b, k) => {
    const mean = sums[k]!.sum / rounds;
    const variance = (sums[k]!.squares / rounds - mean * mean) * (rounds / (rounds - 1));
    return { game, bet: b.bet, exact: toNumber(b.exact), mean, standardError: Math.sqrt(variance / rounds) };
  });
}
