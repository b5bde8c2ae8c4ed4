// Property tests of the contract rules (issue 12): rates never above the upline's (tiers too), the tier chosen,
// automatic ends, the difference rule (what the levels receive adds up to what the top rate pays) and periods that
// tile time.
import {
  contractsToEnd,
  exceeds,
  limitsOf,
  rateAt,
  termsProblem,
  termsProblems,
} from '@tala/contracts/agent-contract-rules';
import {
  BASIS,
  type ContractKind,
  type ContractTerms,
  contractTerms,
  defaultContractSettings,
} from '@tala/contracts/agent-contracts';
import { addDays, dayStart } from '@tala/contracts/calendar';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  appliedRate,
  dailySalaryPaidOn,
  lastClosedPeriod,
  levelDue,
  levelGross,
  periodAt,
} from './contract-rules.ts';

const terms = (values: Partial<ContractTerms>) => contractTerms.parse(values);
const limits = (kind: ContractKind) => limitsOf(kind, defaultContractSettings);
const noStats = { volume: 0, houseResult: 0, activeMembers: 0, winVolume: 0, lossVolume: 0 };

/** A random tree: node i > 0 hangs under a node before it; each node's own players bet some volume. */
const trees = fc
  .array(fc.record({ parent: fc.nat(), own: fc.integer({ min: 0, max: 50_000_000 }), cut: fc.nat(10_000) }), {
    minLength: 1,
    maxLength: 30,
  })
  .map((nodes) => nodes.map((n, i) => ({ ...n, parent: i === 0 ? -1 : n.parent % i })));

/** Terms of a salary with up to three tiers. */
const termsArb = fc
  .record({
    rate: fc.nat(300),
    tiers: fc.array(
      fc.record({
        minActiveMembers: fc.nat(8),
        minVolume: fc.nat(8).map((n) => n * 1_000),
        rate: fc.nat(300),
      }),
      { maxLength: 3 },
    ),
  })
  .map((values) => terms(values));

/** Every corner where either terms' rate may change, and no figures at all: enough to compare two step functions. */
function gridOf(a: ContractTerms, b: ContractTerms): [number, number][] {
  const actives = new Set([0, ...[...a.tiers, ...b.tiers].map((t) => t.minActiveMembers)]);
  const volumes = new Set([0, ...[...a.tiers, ...b.tiers].map((t) => t.minVolume)]);
  return [...actives].flatMap((x) => [...volumes].map((y) => [x, y] as [number, number]));
}

/** A tree of agents (node 0 takes the new terms; node i > 0 hangs under one before it) with nested contracts. */
const contractTrees = fc.array(fc.tuple(fc.nat(), termsArb), { minLength: 2, maxLength: 12 }).map((nodes) => {
  const tree = nodes.map(([parent], i) => (i === 0 ? null : parent % i));
  // Each contract is made to fit under its upline's, as offers must: rates cut down to the upline's.
  const contracts: ContractTerms[] = [];
  nodes.forEach(([, t], i) => {
    const up = i === 0 ? null : contracts[tree[i] as number];
    contracts[i] = up
      ? terms({
          rate: Math.min(t.rate, rateAt(up, 0, 0)),
          tiers: t.tiers.map((x) => ({
            ...x,
            rate: Math.min(x.rate, rateAt(up, x.minActiveMembers, x.minVolume)),
          })),
        })
      : t;
  });
  return [tree, contracts] as const;
});

const depthOf = (tree: readonly (number | null)[], i: number) => {
  let depth = 0;
  for (let at = tree[i] ?? null; at !== null; at = tree[at] ?? null) depth++;
  return depth;
};

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
        const problem = termsProblem('dailySalary', offered, limits('dailySalary'), upline);
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

  it("accepts tiers only when, at any figures the two teams can have, they give at most the upline's rate", () => {
    // The upline's team holds the downline's: its active members and volume are at least the downline's.
    const open = { ...limits('dailySalary'), maxRate: BASIS, maxTiers: 10 };
    fc.assert(
      fc.property(
        termsArb,
        termsArb,
        fc.array(fc.tuple(fc.nat(12), fc.nat(12_000), fc.nat(12), fc.nat(12_000)), { minLength: 20 }),
        (offered, upline, figures) => {
          const problem = termsProblem('dailySalary', offered, open, upline);
          const higherSomewhere = gridOf(offered, upline).some(
            ([a, v]) => rateAt(offered, a, v) > rateAt(upline, a, v),
          );
          expect(problem?.code === 'contract_rate_above_upline').toBe(higherSomewhere);
          expect(exceeds('dailySalary', offered, upline)).toBe(higherSomewhere);
          if (problem === null)
            for (const [a, v, moreA, moreV] of figures)
              expect(rateAt(offered, a, v)).toBeLessThanOrEqual(rateAt(upline, a + moreA, v + moreV));
          // The field named is a rate that is above the upline's where it starts.
          if (problem?.code === 'contract_rate_above_upline') {
            const tier = /^terms\.tiers\.(\d+)\.rate$/.exec(problem.field);
            const at = tier
              ? offered.tiers[Number(tier[1])]
              : { rate: offered.rate, minActiveMembers: 0, minVolume: 0 };
            expect(at).toBeDefined();
            expect(at?.rate).toBeGreaterThan(rateAt(upline, at?.minActiveMembers ?? 0, at?.minVolume ?? 0));
            expect(problem.max).toBe(rateAt(upline, at?.minActiveMembers ?? 0, at?.minVolume ?? 0));
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it("names each field above the upline's rates or the merchant's limits, and refuses tiers on real-time salary", () => {
    const upline = terms({ rate: 100, tiers: [{ minActiveMembers: 5, minVolume: 100_000, rate: 150 }] });
    // A tier from the upline's thresholds up may reach the upline's tier; one that starts earlier may not.
    expect(
      termsProblem(
        'dailySalary',
        terms({ rate: 80, tiers: [{ minActiveMembers: 6, minVolume: 200_000, rate: 150 }] }),
        limits('dailySalary'),
        upline,
      ),
    ).toBeNull();
    const offered = terms({
      rate: 120,
      tiers: [
        { minActiveMembers: 5, minVolume: 100_000, rate: 140 },
        { minActiveMembers: 4, minVolume: 100_000, rate: 140 },
        { minActiveMembers: 9, minVolume: 0, rate: 250 },
      ],
    });
    expect(termsProblems('dailySalary', offered, limits('dailySalary'), upline)).toEqual([
      { code: 'contract_rate_above_limit', field: 'terms.tiers.2.rate', max: 200 },
      { code: 'contract_rate_above_upline', field: 'terms.rate', max: 100 },
      { code: 'contract_rate_above_upline', field: 'terms.tiers.1.rate', max: 100 },
    ]);
    const sixTiers = terms({
      rate: 10,
      tiers: Array.from({ length: 6 }, (_, i) => ({ minActiveMembers: i, minVolume: 0, rate: 20 })),
    });
    expect(termsProblem('dailySalary', sixTiers, limits('dailySalary'), null)).toEqual({
      code: 'contract_too_many_tiers',
      field: 'terms.tiers',
      max: 5,
    });
    const realtime = { ...limits('realtimeSalary'), enabled: true };
    expect(
      termsProblem(
        'realtimeSalary',
        terms({ profitRate: 50, lossRate: 100, tiers: [{ minActiveMembers: 1, minVolume: 0, rate: 60 }] }),
        realtime,
        null,
      ),
    ).toEqual({ code: 'contract_realtime_no_tiers', field: 'terms.tiers' });
    expect(
      termsProblems(
        'realtimeSalary',
        terms({ profitRate: 60, lossRate: 90 }),
        realtime,
        terms({ profitRate: 50, lossRate: 100 }),
      ),
    ).toEqual([{ code: 'contract_rate_above_upline', field: 'terms.profitRate', max: 50 }]);
  });

  it('refuses a switched-off kind and a dividend period the merchant does not allow', () => {
    expect(termsProblem('hourlySalary', terms({ rate: 10 }), limits('hourlySalary'), null)?.code).toBe(
      'contract_kind_off',
    );
    expect(
      termsProblem('dividend', terms({ rate: 100, periodType: 'D' }), limits('dividend'), null)?.code,
    ).toBe('contract_period_not_allowed');
  });
});

describe('automatic ends', () => {
  it('ends exactly the contracts above the new terms and every contract beneath one that ends', () => {
    fc.assert(
      fc.property(contractTrees, termsArb, ([tree, contracts], ceiling) => {
        // Upper levels first, as the repository reads them.
        const below = contracts
          .map((c, i) => ({ terms: c, memberId: i, uplineId: tree[i] ?? null, depth: depthOf(tree, i) }))
          .filter((c) => c.memberId !== 0)
          .sort((a, b) => a.depth - b.depth);
        const ended = new Set(contractsToEnd('dailySalary', below, ceiling).map((c) => c.memberId));
        for (const c of below) {
          // The holder's path up to (not including) the member that takes the new terms.
          const path: number[] = [];
          for (let at: number | null = c.memberId; at !== null && at !== 0; at = tree[at] ?? null)
            path.push(at);
          const higher = path.some((at) =>
            gridOf(contracts[at] as ContractTerms, ceiling).some(
              ([a, v]) => rateAt(contracts[at] as ContractTerms, a, v) > rateAt(ceiling, a, v),
            ),
          );
          expect(ended.has(c.memberId), `member ${c.memberId}`).toBe(higher);
        }
        // What stays: no rate above its upline's new terms at any figures.
        for (const c of below)
          if (!ended.has(c.memberId) && c.uplineId === 0)
            expect(exceeds('dailySalary', c.terms, ceiling)).toBe(false);
        expect(contractsToEnd('dailySalary', below, null)).toHaveLength(below.length);
      }),
      { numRuns: 300 },
    );
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

  it('pays the daily salary on every n-th calendar day of the merchant, across a change of clocks too', () => {
    for (const timeZone of ['Asia/Manila', 'Europe/London', 'America/New_York', 'Pacific/Auckland']) {
      for (const everyDays of [1, 2, 3]) {
        // Noon of each day from 2026-03-01 to 2026-11-30 (both of London's and New York's changes, and Auckland's).
        const paid: number[] = [];
        for (let d = 0; d < 275; d++) {
          const day = addDays('2026-03-01', d);
          if (
            dailySalaryPaidOn(
              new Date(dayStart(day, timeZone).getTime() + 12 * 3_600_000),
              timeZone,
              everyDays,
            )
          )
            paid.push(d);
        }
        const gaps = new Set(paid.slice(1).map((d, i) => d - (paid[i] as number)));
        expect([...gaps], `${timeZone} every ${everyDays}`).toEqual([everyDays]);
        // The day's first and last instants agree with its noon.
        const day = addDays('2026-03-29', 0);
        const start = dayStart(day, timeZone);
        const end = new Date(dayStart(addDays(day, 1), timeZone).getTime() - 1);
        expect(dailySalaryPaidOn(start, timeZone, everyDays)).toBe(
          dailySalaryPaidOn(end, timeZone, everyDays),
        );
      }
    }
  });

  it('cuts semimonthly dividends at the 16th in the merchant calendar', () => {
    const first = periodAt('dividend', 'H', new Date('2026-11-10T00:00:00Z'), 'Asia/Manila');
    expect(first.start.toISOString()).toBe('2026-10-31T16:00:00.000Z');
    expect(first.end.toISOString()).toBe('2026-11-15T16:00:00.000Z');
    const second = periodAt('dividend', 'H', new Date('2026-11-20T00:00:00Z'), 'Asia/Manila');
    expect(second.end.toISOString()).toBe('2026-11-30T16:00:00.000Z');
  });
});
