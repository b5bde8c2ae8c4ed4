import { type Fraction, fraction, toNumber } from '@tala/slots/fraction';
import { describe, expect, it } from 'vitest';
import { gameReturns } from './analysis.ts';
import { type BetType, checkSelection, type Game, modeShare } from './game.ts';
import { gameByCode } from './games.ts';
import { regularChance, waves } from './lhc.ts';

/*
 * The declared return of every bet type of the families beyond Vietnam (decision 041), exactly: each bet type's
 * expected hits recomputed by walking every possible result (or, where a bet reads only some places, every order
 * of those places), then the return in each mode against the mode's share.
 */

const game = (code: string) => gameByCode(code) as Game;

/** Every result of `count` digits. */
function* allDigits(count: number) {
  for (let n = 0; n < 10 ** count; n++)
    yield { digits: String(n).padStart(count, '0').split('').map(Number) };
}

/** Every ordered draw of five of 1–11. */
function* allElevenFive() {
  const walk = function* (prefix: number[]): Generator<{ balls: number[] }> {
    if (prefix.length === 5) {
      yield { balls: [...prefix] };
      return;
    }
    for (let b = 1; b <= 11; b++) if (!prefix.includes(b)) yield* walk([...prefix, b]);
  };
  yield* walk([]);
}

function* allDice() {
  for (let a = 1; a <= 6; a++)
    for (let b = 1; b <= 6; b++) for (let c = 1; c <= 6; c++) yield { dice: [a, b, c] };
}

/** Every order of the cars at places 1, 2 and 10 (the rest in a fixed order): all the bets sampled below read. */
function* pk10FirstTwoAndLast() {
  for (let a = 1; a <= 10; a++)
    for (let b = 1; b <= 10; b++)
      for (let c = 1; c <= 10; c++) {
        if (a === b || b === c || a === c) continue;
        const rest = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10].filter((x) => x !== a && x !== b && x !== c);
        yield { places: [a, b, ...rest, c] };
      }
}

/** The mean hits of a line over every result. */
function meanHits(type: BetType, line: number[], results: readonly unknown[]): Fraction {
  let total = 0;
  for (const r of results) total += type.hits(line, r);
  return fraction(total, results.length);
}

/** Some valid selections of a bet type and their lines (at most `limit`). */
function sampleLines(type: BetType, picks: number[], limit = 8): number[][] {
  const selection = checkSelection(type, picks);
  if (!selection.ok) throw new Error(`${type.code}: ${selection.code}`);
  return selection.lines.filter((_, i) => i % Math.max(1, Math.floor(selection.lines.length / limit)) === 0);
}

const sets: { code: string; results: () => Iterable<unknown>; picks: Record<string, number[]> }[] = [
  {
    code: 'SSCF1',
    results: () => allDigits(5),
    picks: {
      dw: [3, 104, 209, 300, 405],
      q3zx: [1, 2, 105, 208],
      z3zx: [0, 107, 209],
      h3zx: [5, 106, 207],
      q3z3: [1, 4, 9],
      z3z3: [0, 5],
      h3z3: [2, 3, 7],
      q3z6: [1, 2, 3, 9],
      z3z6: [0, 4, 8],
      h3z6: [5, 6, 7],
      dxds: [0, 101, 202, 303, 400],
      zh: [0, 1, 2, 3],
    },
  },
  {
    code: 'LFF5',
    results: () => allDigits(3),
    picks: {
      dw: [0, 105, 209],
      zx: [1, 105, 209],
      z3: [0, 1, 2],
      z6: [3, 4, 5, 6],
      dxds: [0, 1, 102, 203],
      zh: [0, 1, 2, 3],
    },
  },
  {
    code: '11X5F1',
    results: allElevenFive,
    picks: {
      rx1: [1, 11],
      rx2: [1, 2, 3],
      rx3: [1, 5, 9],
      rx4: [2, 3, 4, 5],
      rx5: [1, 3, 5, 7, 9, 11],
      rx6: [1, 2, 3, 4, 5, 6],
      rx7: [1, 2, 3, 4, 5, 6, 7],
      rx8: [1, 2, 3, 4, 5, 6, 7, 8, 9],
      q2zx: [1, 2, 101, 102],
      q2zu: [1, 2, 3],
      q3zx: [1, 102, 203, 204],
      q3zu: [4, 5, 6, 7],
    },
  },
  {
    code: 'K3F1',
    results: allDice,
    picks: {
      sthdx: [1, 6],
      sthtx: [0],
      ethfx: [2, 5],
      ebth: [1, 2, 6],
      sbth: [1, 3, 5, 6],
      dxds: [0, 1, 2, 3],
    },
  },
  {
    code: 'PCBF3',
    results: () => allDigits(3),
    picks: { dxds: [0, 1, 2, 3], jz: [0, 1] },
  },
  {
    code: 'PK10F1',
    results: pk10FirstTwoAndLast,
    picks: { dw: [1, 10, 905, 910], dxds: [0, 1, 2, 3, 900, 903], lh: [0, 1] },
  },
];

describe('the families’ expected hits, by walking every result', () => {
  for (const set of sets) {
    it(`${set.code}: every sampled line and every pick of each bet type hits as declared`, () => {
      const g = game(set.code);
      const results = [...set.results()];
      for (const type of g.betTypes) {
        if (type.perPick) {
          for (const p of type.perPick)
            expect(meanHits(type, [p.pick], results), `${type.code}:${p.pick}`).toEqual(p.expectedHits);
          continue;
        }
        const picks = set.picks[type.code];
        expect(picks, `${set.code} ${type.code} sampled`).toBeDefined();
        for (const line of sampleLines(type, picks as number[]))
          expect(meanHits(type, line, results), `${type.code} ${line}`).toEqual(type.expectedHits);
      }
    });
  }

  it('LHC: the chances by another reading (one number at a time; the colour waves cover 1–49 once)', () => {
    for (const k of [1, 2, 3]) {
      let p = fraction(1);
      for (let i = 0; i < k; i++) p = fraction(p.n * BigInt(6 - i), p.d * BigInt(49 - i));
      expect(regularChance(k)).toEqual(p);
    }
    const all = [...waves.red, ...waves.blue, ...waves.green].sort((a, b) => a - b);
    expect(all).toEqual(Array.from({ length: 49 }, (_, i) => i + 1));
    const lhc = game('LHCF5');
    const special = (s: number) => ({
      regular: [1, 2, 3, 4, 5, 6].map((x) => (x === s ? 7 : x)),
      special: s,
    });
    const specials = Array.from({ length: 49 }, (_, i) => special(i + 1));
    const tm = lhc.betTypes.find((t) => t.code === 'tm') as BetType;
    expect(meanHits(tm, [17], specials)).toEqual(tm.expectedHits);
    const bsoe = lhc.betTypes.find((t) => t.code === 'tmdxds') as BetType;
    for (const o of [0, 1, 2, 3]) expect(meanHits(bsoe, [o], specials)).toEqual(bsoe.expectedHits);
    const bs = lhc.betTypes.find((t) => t.code === 'bs') as BetType;
    for (const p of bs.perPick ?? []) expect(meanHits(bs, [p.pick], specials)).toEqual(p.expectedHits);
  });
});

describe('the families’ declared return (exact)', () => {
  it('returns at most the mode’s share of the fair odds, and less than 0.1% of it below (odds to four digits)', () => {
    for (const code of ['SSCF1', '11X5F1', 'K3F1', 'PK10F1', 'LHCF5', 'PCBF3', 'LFF5', 'CHAINF1']) {
      const rows = gameReturns(game(code));
      expect(rows.length).toBeGreaterThan(0);
      for (const { betType, mode, rtp } of rows) {
        const share = toNumber(modeShare[mode]);
        const value = toNumber(rtp);
        expect(value, `${code} ${betType} ${mode}`).toBeLessThanOrEqual(share);
        expect(value, `${code} ${betType} ${mode}`).toBeGreaterThan(share * 0.999);
      }
    }
  });
});
