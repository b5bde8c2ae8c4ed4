import { roundStream } from '@tala/slots/fairness';
import { chiSquare, chiSquareCritical } from '@tala/slots/test-sources';
import { describe, expect, it } from 'vitest';
import { drawResult, drawStreamLabel } from './draw.ts';
import { gameByCode, lotteryGames } from './games.ts';
import {
  distinctGames,
  fastDrawStream,
  simulateGame,
  simulationBound,
  simulationDraws,
} from './simulation.ts';

const seed = (i: number) => i.toString(16).padStart(64, '0');

describe('the simulation’s byte stream', () => {
  it('is decision 007’s round stream, byte for byte', () => {
    for (let i = 0; i < 20; i++) {
      const label = drawStreamLabel('SSCF1', `20261126-${i}`);
      const slow = roundStream(seed(i), label, 0);
      const fast = fastDrawStream(seed(i), label);
      for (let b = 0; b < 100; b++) expect(fast.nextByte()).toBe(slow.nextByte());
    }
    const game = gameByCode('PK10F1')!;
    expect(game.draw(fastDrawStream(seed(3), drawStreamLabel('PK10F1', '20261126-0001')))).toEqual(
      drawResult(game, seed(3), '20261126-0001'),
    );
  });
});

/*
 * The declared house edge of every game checked by simulation (issue 14's long test): the real draw over fresh random
 * seeds, every bet type's sampled lines settled on every draw. By default 10,000 draws per game (about ten seconds in all);
 * `LOTTERY_SIMULATION_DRAWS=1000000` runs the full million (README, test section; `npm run bench -- lottery`).
 */
const draws = simulationDraws();

describe(`the declared return of every game, by simulating ${draws.toLocaleString('en')} draws`, () => {
  for (const game of distinctGames(lotteryGames)) {
    it(`${game.code}: every sampled line's empirical return within ${simulationBound} standard errors of the declared`, () => {
      const rows = simulateGame(game, draws);
      expect(rows.length).toBeGreaterThanOrEqual(game.betTypes.length);
      for (const row of rows) {
        const z = Math.abs(row.empirical - row.declared) / row.standardError;
        expect(
          z,
          `${game.code} ${row.betType} ${row.line}: ${row.empirical} vs ${row.declared}`,
        ).toBeLessThan(simulationBound);
      }
    }, 600_000);
  }
});

describe('the families’ draws are uniform (chi-square at the 0.1% level)', () => {
  const n = 6000;
  const results = (code: string) => {
    const game = gameByCode(code)!;
    return Array.from({ length: n }, (_, i) => drawResult(game, seed(5000 + i), `20261126-${i}`));
  };

  it('digits (SSC, LF, PC28, CHAIN): every digit at every position', () => {
    for (const code of ['SSCF1', 'LFF5', 'PCBF3', 'CHAINF1']) {
      const rows = results(code) as { digits: number[] }[];
      for (let position = 0; position < rows[0]!.digits.length; position++) {
        const counts = new Array<number>(10).fill(0);
        for (const r of rows) counts[r.digits[position]!]! += 1;
        expect(chiSquare(counts), `${code} ${position}`).toBeLessThan(chiSquareCritical(9));
      }
    }
  });

  it('11X5: every ball at every draw position; K3: every die; PK10: every car at every place', () => {
    const eleven = results('11X5F1') as { balls: number[] }[];
    for (let position = 0; position < 5; position++) {
      const counts = new Array<number>(11).fill(0);
      for (const r of eleven) counts[r.balls[position]! - 1]! += 1;
      expect(chiSquare(counts)).toBeLessThan(chiSquareCritical(10));
    }
    const dice = results('K3F1') as { dice: number[] }[];
    for (let position = 0; position < 3; position++) {
      const counts = new Array<number>(6).fill(0);
      for (const r of dice) counts[r.dice[position]! - 1]! += 1;
      expect(chiSquare(counts)).toBeLessThan(chiSquareCritical(5));
    }
    const races = results('PK10F1') as { places: number[] }[];
    for (let place = 0; place < 10; place++) {
      const counts = new Array<number>(10).fill(0);
      for (const r of races) counts[r.places[place]! - 1]! += 1;
      expect(chiSquare(counts)).toBeLessThan(chiSquareCritical(9));
    }
  });

  it('LHC: every number among the regular six and as the special', () => {
    const rows = results('LHCF5') as { regular: number[]; special: number }[];
    const regular = new Array<number>(49).fill(0);
    const special = new Array<number>(7).fill(0);
    for (const r of rows) {
      for (const x of r.regular) regular[x - 1]! += 1;
      special[(r.special - 1) % 7]! += 1;
    }
    expect(chiSquare(regular)).toBeLessThan(chiSquareCritical(48));
    expect(chiSquare(special)).toBeLessThan(chiSquareCritical(6));
  });
});
