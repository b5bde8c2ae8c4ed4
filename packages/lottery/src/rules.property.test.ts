import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkSelection, linePayout, oddsScale, prizeModes, settleBet } from './game.ts';
import { lotteryGames } from './games.ts';
import { northernTiers, southernTiers, type VnResult, type VnTier } from './vietnam.ts';

/** Any result of a shape: each prize any string of its digits. */
function vnResult(tiers: readonly VnTier[]): fc.Arbitrary<VnResult> {
  return fc
    .tuple(
      ...tiers.map((t) =>
        fc
          .array(fc.integer({ min: 0, max: 10 ** t.digits - 1 }), { minLength: t.count, maxLength: t.count })
          .map((values) => values.map((v) => String(v).padStart(t.digits, '0'))),
      ),
    )
    .map((prizes) => ({ prizes }));
}

const pad = (n: number, digits: number) => String(n).padStart(digits, '0');

/**
 * The rules again, written differently (string suffixes and prefixes over the flat prize list), so that the
 * property below checks one reading against the other.
 */
function naiveHits(code: string, line: readonly number[], result: VnResult): number {
  const all = result.prizes.flat();
  const sp = all[0] as string;
  switch (code) {
    case 'lo2':
      return all.filter((p) => p.endsWith(pad(line[0] as number, 2))).length;
    case 'lo3':
      return all.filter((p) => p.length >= 3 && p.endsWith(pad(line[0] as number, 3))).length;
    case 'de':
      return sp.endsWith(pad(line[0] as number, 2)) ? 1 : 0;
    case 'dedau':
      return sp.startsWith(pad(line[0] as number, 2)) ? 1 : 0;
    case 'bacang':
      return sp.endsWith(pad(line[0] as number, 3)) ? 1 : 0;
    default:
      return line.every((n) => all.some((p) => p.endsWith(pad(n, 2)))) ? 1 : 0;
  }
}

describe('every Vietnam bet type, on any result (property-based)', () => {
  for (const [shape, tiers] of [
    ['northern', northernTiers],
    ['southern', southernTiers],
  ] as const) {
    const gameOfShape = lotteryGames.find((g) =>
      g.isResult({ prizes: tiers.map((t) => Array.from({ length: t.count }, () => '0'.repeat(t.digits))) }),
    )!;

    for (const type of gameOfShape.betTypes) {
      it(`${shape} ${type.code}: a settled payout is stake × odds for the matched rule, per line`, () => {
        const picks = fc.uniqueArray(fc.integer({ min: type.numbers.min, max: type.numbers.max }), {
          minLength: type.picks.min,
          maxLength: Math.min(type.picks.max, type.picks.min + 3),
        });
        fc.assert(
          fc.property(
            vnResult(tiers),
            picks,
            fc.integer({ min: type.stake.min, max: type.stake.max }),
            fc.constantFrom(...prizeModes),
            (result, chosen, stake, mode) => {
              const selection = checkSelection(type, chosen);
              expect(selection.ok).toBe(true);
              const odds = type.odds[mode];
              const settled = settleBet(type, { picks: chosen, stakePerLine: stake, odds }, result);
              let total = 0;
              for (const line of settled.lines) {
                const hits = naiveHits(type.code, line.line, result);
                expect(line.hits).toBe(hits);
                expect(line.hits).toBeLessThanOrEqual(type.maxHits);
                // stake × odds × hits exactly, in whole minor units rounded down.
                expect(line.payout).toBe(Math.floor((stake * odds * hits) / oddsScale));
                expect(line.payout).toBe(linePayout(stake, odds, hits));
                total += line.payout;
              }
              expect(settled.win).toBe(total);
              expect(settled.lines).toHaveLength(type.lines(chosen).length);
            },
          ),
          { numRuns: 300 },
        );
      });
    }
  }

  it('refuses any selection with a fractional, out-of-range or repeated number', () => {
    const type = lotteryGames[0]!.betTypes.find((t) => t.code === 'lo2')!;
    fc.assert(
      fc.property(fc.double({ min: 0, max: 99, noInteger: true, noNaN: true }), (x) => {
        expect(checkSelection(type, [x])).toEqual({ ok: false, code: 'lottery_pick_fractional' });
      }),
    );
    fc.assert(
      fc.property(fc.oneof(fc.integer({ max: -1 }), fc.integer({ min: 100 })), (x) => {
        expect(checkSelection(type, [x])).toEqual({ ok: false, code: 'lottery_pick_out_of_range' });
      }),
    );
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 99 }), (x) => {
        expect(checkSelection(type, [x, x])).toEqual({ ok: false, code: 'lottery_pick_duplicate' });
      }),
    );
  });
});
