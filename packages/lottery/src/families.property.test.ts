import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BetType,
  betOdds,
  checkSelection,
  type Game,
  linePayout,
  oddsScale,
  prizeModes,
  settleBet,
} from './game.ts';
import { gameByCode } from './games.ts';

/*
 * Every bet type of the families beyond Vietnam (decision 041), on any drawn result and any valid selection: the
 * settled payout of each line is stake × odds × hits, and the hits agree with a second reading of the rules written
 * differently (over the result as text, or by counting), here below.
 */

/** Any result the game can draw: its own draw over arbitrary bytes. */
const drawn = (game: Game) =>
  fc.uint8Array({ minLength: 64, maxLength: 64 }).map((bytes) => {
    let i = 0;
    return game.draw({ nextByte: () => bytes[i++ % bytes.length] as number });
  });

/** Every pick a bet type accepts. */
function universe(type: BetType): number[] {
  if (type.perPick) return type.perPick.map((p) => p.pick);
  const values = Array.from(
    { length: type.numbers.max - type.numbers.min + 1 },
    (_, i) => type.numbers.min + i,
  );
  if (!type.positions) return values;
  return type.positions.flatMap((_, position) => values.map((v) => position * 100 + v));
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
const same = (a: readonly number[], b: readonly number[]) =>
  [...a].sort((x, y) => x - y).join() === [...b].sort((x, y) => x - y).join();

/** The rules again: positions read from the pick's text, windows as substrings, sets as sorted strings. */
function secondReading(family: string, code: string, line: readonly number[], result: unknown): number {
  const [p = 0] = line;
  const at = String(p).padStart(3, '0');
  const position = Number(at.slice(0, -2));
  const value = Number(at.slice(-2));
  const bsoe = (n: number, bigFrom: number, option: number) =>
    option === 0 ? n >= bigFrom : option === 1 ? n < bigFrom : option === 2 ? n % 2 !== 0 : n % 2 === 0;
  const b = (x: boolean) => (x ? 1 : 0);
  if (family === 'SSC' || family === 'CHAIN' || family === 'LF') {
    const text = (result as { digits: number[] }).digits.join('');
    const start = family === 'LF' ? 0 : ({ q3: 0, z3: 1, h3: 2 }[code.slice(0, 2)] ?? 0);
    const win = text.slice(start, start + 3);
    const kind = family === 'LF' ? code : code.slice(-2);
    if (code === 'dw') return b(text[position] === String(value));
    if (code === 'dxds') return b(bsoe(Number(text[position]), 5, value));
    if (code === 'zh') return b(bsoe(sum([...text].map(Number)), text.length === 5 ? 23 : 14, p));
    if (kind === 'zx') return b(win === line.join(''));
    if (kind === 'z3')
      return b(same([...win].map(Number), [line[0] as number, line[0] as number, line[1] as number]));
    if (kind === 'z6') return b(same([...win].map(Number), line));
  }
  if (family === '11X5') {
    const balls = (result as { balls: number[] }).balls;
    if (code.startsWith('rx')) {
      const k = Number(code.slice(2));
      const common = balls.filter((x) => line.includes(x)).length;
      return b(common === Math.min(k, 5));
    }
    if (code.endsWith('zx')) return b(balls.slice(0, line.length).join() === line.join());
    return b(same(balls.slice(0, line.length), line));
  }
  if (family === 'K3') {
    const dice = (result as { dice: number[] }).dice;
    const counts = [1, 2, 3, 4, 5, 6].map((n) => dice.filter((d) => d === n).length);
    const s = sum(dice);
    const triple = counts.includes(3);
    switch (code) {
      case 'hz':
        return b(s === p);
      case 'sthdx':
        return b(counts[p - 1] === 3);
      case 'sthtx':
        return b(triple);
      case 'ethfx':
        return b((counts[p - 1] ?? 0) >= 2);
      case 'ebth':
        return b(line.every((n) => (counts[n - 1] ?? 0) >= 1));
      case 'sbth':
        return b(same(dice, line));
      case 'dxds':
        return b(!triple && bsoe(s, 11, p));
    }
  }
  if (family === 'PK10') {
    const places = (result as { places: number[] }).places;
    const gy = (places[0] as number) + (places[1] as number);
    switch (code) {
      case 'dw':
        return b(places[position] === value);
      case 'dxds':
        return b(bsoe(places[position] as number, 6, value));
      case 'lh':
        return b((value === 0) === (places[position] as number) > (places[9 - position] as number));
      case 'gyh':
        return b(gy === p);
      case 'gydxds':
        return b(bsoe(gy, 12, p));
    }
  }
  if (family === 'LHC') {
    const { regular, special } = result as { regular: number[]; special: number };
    const red = [1, 2, 7, 8, 12, 13, 18, 19, 23, 24, 29, 30, 34, 35, 40, 45, 46];
    const blue = [3, 4, 9, 10, 14, 15, 20, 25, 26, 31, 36, 37, 41, 42, 47, 48];
    switch (code) {
      case 'tm':
        return b(special === p);
      case 'tmdxds':
        return b(special !== 49 && bsoe(special, 25, p));
      case 'bs':
        return b(
          [red.includes(special), blue.includes(special), !red.includes(special) && !blue.includes(special)][
            p
          ] === true,
        );
      default:
        return b(line.every((n) => regular.includes(n)));
    }
  }
  if (family === 'PCB') {
    const s = sum((result as { digits: number[] }).digits);
    switch (code) {
      case 'hz':
        return b(s === p);
      case 'dxds':
        return b(bsoe(s, 14, p));
      case 'zh':
        return b(bsoe(s, 14, p < 2 ? 0 : 1) && bsoe(s, 14, p % 2 === 0 ? 2 : 3));
      case 'jz':
        return b(p === 0 ? s > 21 : s < 6);
    }
  }
  throw new Error(`no second reading of ${family} ${code}`);
}

describe('every bet type of the other families, on any drawn result (property-based)', () => {
  for (const code of ['SSCF1', '11X5F1', 'K3F1', 'PK10F1', 'LHCF5', 'PCBF3', 'LFF5', 'CHAINF1']) {
    const game = gameByCode(code) as Game;
    for (const type of game.betTypes) {
      it(`${code} ${type.code}: payout = stake × odds × hits per line, hits as the second reading says`, () => {
        const all = universe(type);
        fc.assert(
          fc.property(
            drawn(game),
            fc.shuffledSubarray(all, {
              minLength: type.picks.min,
              maxLength: Math.min(type.picks.max, type.picks.min + 4),
            }),
            fc.integer({ min: type.stake.min, max: type.stake.max }),
            fc.constantFrom(...prizeModes),
            (result, chosen, stake, mode) => {
              expect(game.isResult(result)).toBe(true);
              const selection = checkSelection(type, chosen);
              fc.pre(selection.ok);
              const odds = betOdds(type, mode, chosen);
              const settled = settleBet(type, { picks: chosen, stakePerLine: stake, odds }, result);
              let total = 0;
              for (const line of settled.lines) {
                expect(line.hits, `${type.code} ${line.line}`).toBe(
                  secondReading(game.family, type.code, line.line, result),
                );
                expect(line.hits).toBeLessThanOrEqual(type.maxHits);
                expect(line.payout).toBe(Math.floor((stake * odds * line.hits) / oddsScale));
                expect(line.payout).toBe(linePayout(stake, odds, line.hits));
                total += line.payout;
              }
              expect(settled.win).toBe(total);
            },
          ),
          { numRuns: 200 },
        );
      });
    }
  }
});
