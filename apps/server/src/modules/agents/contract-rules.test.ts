// Property tests of the contract rules (issue 12): rates never above the upline's, the tier chosen, the difference
// rule (what the levels receive adds up to what the top rate pays) and periods that tile time.
import { type ContractTerms, contractTerms, defaultContractSettings } from '@tala/contracts/agent-contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appliedRate,
  exceeds,
  lastClosedPeriod,
  levelDue,
  levelGross,
  periodAt,
  termsProblem,
} from './contract-rules.ts';

const terms = (values: Partial<ContractTerms>) => contractTerms.parse(values);
const noStats = { volume: 0, houseResult: 0, activeMembers: 0, winVolume: 0, lossVolume: 0 };

/** A random tree: node i > 0 hangs under a node before it; each node's own players bet some volume. */
const trees = fc
  .array(fc.record({ parent: fc.nat(), own: fc.integer({ min: 0, max: 50_000_000 }), cut: fc.nat(10_000) }), {
    minLength: 1,
    maxLength: 30,
  })
  .map((nodes) => nodes.map((n, i) => ({ ...n, parent: i === 0 ? -1 : n.parent % i })));

describe('the difference rule', () => {
  it('pays every level a non-negative difference, and the levels together exactly what the top rate pays', () => {
    fc.assert(
      fc.property(trees, fc.integer({ min: 1, max: 10_000 }), (tree, topRate) => {
        // Rates nest: each node's rate is at most its parent's.
        const rates: number[] = [];
        tree.forEach((n, i) => {
          rates[i] = i === 0 ? topRate : Math.floor(((rates[n.parent] ?? 0) * n.cut) / 10_000);
        });
        // A node's team volume: every node strictly below it.
        const volume = tree.map(() => 0);
        tree.forEach((n, i) => {
          for (let up = n.parent; up >= 0; up = tree[up]?.parent ?? -1)
            volume[up] = (volume[up] ?? 0) + tree[i]!.own;
        });
        const gross = tree.map(
          (_, i) =>
            levelGross(
              'dailySalary',
              terms({ rate: rates[i] ?? 0 }),
              { ...noStats, volume: volume[i] ?? 0 },
              0,
            ).gross,
        );
        const due = tree.map((_, i) => {
          const granted = tree.reduce((sum, c, j) => (c.parent === i ? sum + (gross[j] ?? 0) : sum), 0);
          expect(gross[i]! - granted).toBeGreaterThanOrEqual(0);
          return levelDue(gross[i] ?? 0, granted);
        });
        expect(due.reduce((a, b) => a + b, 0)).toBe(gross[0]);
      }),
      { numRuns: 300 },
    );
  });

  it('carries a dividend period the house lost into the next one', () => {
    const dividend = terms({ rate: 3000, periodType: 'W', carryNegative: true });
    const lost = levelGross('dividend', dividend, { ...noStats, volume: 10_000, houseResult: -4_000 }, 0);
    expect(lost).toMatchObject({ gross: 0, carryOut: -4_000 });
    const next = levelGross(
      'dividend',
      dividend,
      { ...noStats, volume: 10_000, houseResult: 10_000 },
      lost.carryOut,
    );
    expect(next).toMatchObject({ gross: 1_800, carryOut: 0 });
    const forgiven = levelGross(
      'dividend',
      terms({ rate: 3000, carryNegative: false }),
      { ...noStats, houseResult: -4_000 },
      0,
    );
    expect(forgiven.carryOut).toBe(0);
  });

  it('pays real-time salary on qualifying stakes the players won and lost', () => {
    const realtime = terms({ profitRate: 50, lossRate: 150, singleBetMin: 1_000 });
    const level = levelGross(
      'realtimeSalary',
      realtime,
      { ...noStats, winVolume: 200_000, lossVolume: 100_000 },
      0,
    );
    expect(level.gross).toBe(1_000 + 1_500);
  });
});

describe('tiers', () => {
  it('applies the best tier the team reached, else the base rate, else nothing below the minimum', () => {
    const tier = fc.record({
      minActiveMembers: fc.nat(50),
      minVolume: fc.nat(1_000_000),
      rate: fc.nat(10_000),
    });
    fc.assert(
      fc.property(
        fc.array(tier, { maxLength: 5 }),
        fc.nat(10_000),
        fc.nat(50),
        fc.nat(50),
        fc.nat(1_000_000),
        (tiers, rate, minActiveMembers, active, volume) => {
          const t = terms({ rate, minActiveMembers, tiers });
          const applied = appliedRate(t, { activeMembers: active, volume });
          const reached = tiers.filter((x) => active >= x.minActiveMembers && volume >= x.minVolume);
          const best = Math.max(-1, ...reached.map((x) => x.rate));
          if (applied === null) {
            expect(active).toBeLessThan(minActiveMembers);
            expect(best < rate).toBe(true);
          } else {
            expect(applied).toBe(Math.max(best, active >= minActiveMembers ? rate : -1));
          }
        },
      ),
    );
  });
});

describe('offers', () => {
  it('never accepts rates above the upline base rate or the merchant limit, nor tiers beyond the limit', () => {
    const tier = fc.record({ minActiveMembers: fc.nat(10), minVolume: fc.nat(1000), rate: fc.nat(500) });
    fc.assert(
      fc.property(fc.nat(500), fc.array(tier, { maxLength: 7 }), fc.nat(500), (rate, tiers, uplineRate) => {
        const offered = terms({ rate, tiers });
        const upline = terms({ rate: uplineRate });
        const problem = termsProblem('dailySalary', offered, defaultContractSettings, upline);
        if (problem === null) {
          expect(Math.max(rate, ...tiers.map((x) => x.rate))).toBeLessThanOrEqual(
            Math.min(uplineRate, defaultContractSettings.dailySalary.maxRate),
          );
          expect(tiers.length).toBeLessThanOrEqual(defaultContractSettings.dailySalary.maxTiers);
          expect(exceeds('dailySalary', offered, upline)).toBe(false);
        }
      }),
    );
  });

  it('refuses a switched-off kind and a dividend period the merchant does not allow', () => {
    expect(termsProblem('hourlySalary', terms({ rate: 10 }), defaultContractSettings, null)?.code).toBe(
      'contract_kind_off',
    );
    expect(
      termsProblem('dividend', terms({ rate: 100, periodType: 'D' }), defaultContractSettings, null)?.code,
    ).toBe('contract_period_not_allowed');
  });
});

describe('periods', () => {
  it('holds the instant and follows on from the period before, for every kind and period type', () => {
    const kinds = fc.constantFrom('dividend', 'dailySalary', 'hourlySalary', 'realtimeSalary' as const);
    fc.assert(
      fc.property(
        kinds,
        fc.constantFrom('D', 'W', 'H', 'M' as const),
        fc.date({ min: new Date('2024-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }),
        fc.constantFrom('Asia/Manila', 'UTC', 'America/New_York'),
        (kind, type, at, zone) => {
          const period = periodAt(kind, type, at, zone);
          expect(period.start.getTime()).toBeLessThanOrEqual(at.getTime());
          expect(period.end.getTime()).toBeGreaterThan(at.getTime());
          expect(lastClosedPeriod(kind, type, at, zone).end.getTime()).toBe(period.start.getTime());
        },
      ),
    );
  });

  it('cuts semimonthly dividends at the 16th in the merchant calendar', () => {
    const first = periodAt('dividend', 'H', new Date('2026-11-10T00:00:00Z'), 'Asia/Manila');
    expect(first.start.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(first.end.toISOString()).toBe('2026-11-15T16:00:00.000Z');
    const second = periodAt('dividend', 'H', new Date('2026-11-20T00:00:00Z'), 'Asia/Manila');
    expect(second.end.toISOString()).toBe('2026-11-30T16:00:00.000Z');
  });
});
