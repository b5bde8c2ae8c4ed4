import { type Fraction, toNumber } from '@tala/slots/fraction';
import { describe, expect, it } from 'vitest';
import { gameReturns } from './analysis.ts';
import { lotteryGames } from './games.ts';
import { xienChance } from './vietnam.ts';

/** The chance that k given numbers all appear among n uniform draws of 100, by a walk over how many came out. */
function xienByMarkovChain(n: number, k: number): number {
  let states = new Array<number>(k + 1).fill(0);
  states[0] = 1;
  for (let draw = 0; draw < n; draw++) {
    const next = new Array<number>(k + 1).fill(0);
    for (let s = 0; s <= k; s++) {
      const p = states[s] as number;
      const newOne = (k - s) / 100;
      next[s]! += p * (1 - newOne);
      if (s < k) next[s + 1]! += p * newOne;
    }
    states = next;
  }
  return states[k] as number;
}

const share = { Lott: 0.975, Elott: 0.97, ZY: 0.965, SEA: 0.96 } as const;

describe('the declared return of every bet type (exact)', () => {
  it('computes the xiên chances by inclusion–exclusion as a step-by-step walk does', () => {
    for (const n of [18, 27]) {
      for (const k of [2, 3, 4]) expect(toNumber(xienChance(n, k))).toBeCloseTo(xienByMarkovChain(n, k), 12);
    }
  });

  it('returns at most the prize mode’s share of the fair odds, and within 0.6 pp of it (odds rounded down to three digits)', () => {
    for (const game of lotteryGames) {
      for (const { betType, mode, rtp } of gameReturns(game)) {
        const value = toNumber(rtp as Fraction);
        expect(value, `${game.code} ${betType} ${mode}`).toBeLessThanOrEqual(share[mode]);
        expect(value, `${game.code} ${betType} ${mode}`).toBeGreaterThan(share[mode] - 0.006);
      }
    }
  });
});
