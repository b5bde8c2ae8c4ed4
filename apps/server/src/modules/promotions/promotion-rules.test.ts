// The promotions' arithmetic under any order of deposits, bonuses, bets, wins and forfeits (issue 13, Tests:
// "the withdrawable amount never includes unmet bonus money"). A model member plays through random events with the
// rules the service uses; the bonus money it was paid is tracked apart, and what it may take out is checked after
// every step.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  birthdayBonus,
  birthdayWindow,
  bonusFor,
  claimPeriodAt,
  heldFor,
  prizeAt,
  rebateFor,
  turnoverFor,
  turnoverOf,
  weightOfAll,
  withdrawable,
} from './promotion-rules.ts';

const event = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 1, max: 1_000_000 }) }),
  fc.record({
    kind: fc.constant('claim' as const),
    percent: fc.integer({ min: 1, max: 20_000 }),
    maxBonus: fc.integer({ min: 1, max: 500_000 }),
    multiple: fc.integer({ min: 0, max: 40 }),
    basis: fc.constantFrom('bonus' as const, 'bonusDeposit' as const),
  }),
  fc.record({
    kind: fc.constant('bet' as const),
    product: fc.constantFrom('RNG', 'LIVE', 'SPORTS', 'FISH'),
    stake: fc.integer({ min: 1, max: 200_000 }),
    winFactor: fc.constantFrom(0, 0, 0.5, 1, 2, 10),
  }),
  fc.record({ kind: fc.constant('forfeit' as const) }),
  fc.record({ kind: fc.constant('withdraw' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
);
const weights = { LIVE: 10, SPORTS: 50, FISH: 0 } as const;

describe('promotion rules', () => {
  it('never lets a bonus or the deposit that earned it out before its turnover is met', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 60 }), (events) => {
        let balance = 0;
        let lastDeposit: number | null = null;
        let active: { bonus: number; deposit: number; required: number; bets: Map<string, number> } | null =
          null;
        for (const e of events) {
          if (e.kind === 'deposit') {
            balance += e.amount;
            lastDeposit = e.amount;
          } else if (e.kind === 'claim' && lastDeposit !== null && !active) {
            const bonus = bonusFor({ percent: e.percent, maxBonus: e.maxBonus, minDeposit: 0 }, lastDeposit);
            expect(bonus).toBeLessThanOrEqual(e.maxBonus);
            expect(bonus).toBeLessThanOrEqual(Math.floor((lastDeposit * e.percent) / 10_000));
            if (bonus > 0) {
              const required = turnoverFor(
                { turnoverMultiple: e.multiple, turnoverBasis: e.basis },
                bonus,
                lastDeposit,
              );
              balance += bonus;
              if (required > 0) active = { bonus, deposit: lastDeposit, required, bets: new Map() };
            }
            lastDeposit = null;
          } else if (e.kind === 'bet') {
            const stake = Math.min(e.stake, balance);
            if (stake === 0) continue;
            balance += Math.floor(stake * e.winFactor) - stake;
            if (active) {
              active.bets.set(e.product, (active.bets.get(e.product) ?? 0) + stake);
              const done = turnoverOf(weights, active.bets);
              // Weighted turnover never counts more than was staked, and nothing for a product weighted 0.
              const staked = [...active.bets.values()].reduce((a, b) => a + b, 0);
              expect(done).toBeLessThanOrEqual(staked - (active.bets.get('FISH') ?? 0));
              if (done >= active.required) active = null;
            }
          } else if (e.kind === 'forfeit' && active) {
            balance -= Math.min(active.bonus, balance);
            active = null;
          } else if (e.kind === 'withdraw') {
            const held = active ? heldFor(active.bonus, active.deposit, active.required) : 0;
            const free = withdrawable(balance, held);
            const amount = Math.floor(free * e.share);
            balance -= amount;
          }
          const held = active ? heldFor(active.bonus, active.deposit, active.required) : 0;
          const free = withdrawable(balance, held);
          expect(free).toBeGreaterThanOrEqual(0);
          expect(free).toBeLessThanOrEqual(balance);
          // While a bonus is unmet, what may leave is only what lies above the bonus and its deposit.
          if (active) expect(free).toBeLessThanOrEqual(Math.max(0, balance - active.bonus - active.deposit));
          expect(balance).toBeGreaterThanOrEqual(0);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('pays nothing under the minimum deposit and holds nothing without a turnover', () => {
    expect(bonusFor({ percent: 10_000, maxBonus: 1_000, minDeposit: 500 }, 499)).toBe(0);
    expect(bonusFor({ percent: 10_000, maxBonus: 1_000, minDeposit: 500 }, 700)).toBe(700);
    expect(bonusFor({ percent: 10_000, maxBonus: 1_000, minDeposit: 500 }, 5_000)).toBe(1_000);
    expect(heldFor(1_000, 5_000, 0)).toBe(0);
    expect(turnoverFor({ turnoverMultiple: 3, turnoverBasis: 'bonusDeposit' }, 1_000, 5_000)).toBe(18_000);
  });

  it('keys claim periods by the merchant calendar: days, and weeks from Monday', () => {
    const manila = 'Asia/Manila';
    // 2026-11-29 is a Sunday; 23:30 UTC on it is Monday 07:30 in Manila.
    expect(claimPeriodAt('day', new Date('2026-11-29T23:30:00Z'), manila).key).toBe('2026-11-30');
    expect(claimPeriodAt('week', new Date('2026-11-29T12:00:00Z'), manila).key).toBe('W2026-11-23');
    expect(claimPeriodAt('week', new Date('2026-11-29T23:30:00Z'), manila).key).toBe('W2026-11-30');
    expect(claimPeriodAt('once', new Date(), manila)).toEqual({ key: 'once', start: null });
  });
});

describe('raffle prizes', () => {
  it('gives each prize exactly as many of the possible picks as its weight', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            amount: fc.integer({ min: 1, max: 1_000_000 }),
            weight: fc.integer({ min: 1, max: 50 }),
          }),
          {
            minLength: 1,
            maxLength: 8,
          },
        ),
        (prizes) => {
          const total = weightOfAll(prizes);
          // Prizes of the same amount share their picks; each amount gets the sum of its weights.
          const byAmount = new Map<number, number>();
          for (const p of prizes) byAmount.set(p.amount, (byAmount.get(p.amount) ?? 0) + p.weight);
          for (const [amount, weight] of byAmount) {
            let got = 0;
            for (let pick = 0; pick < total; pick++) if (prizeAt(prizes, pick) === amount) got += 1;
            expect(got).toBe(weight);
          }
          expect(() => prizeAt(prizes, total)).toThrow(RangeError);
        },
      ),
    );
  });
});

describe('rebates', () => {
  const play = fc.array(
    fc.record({
      product: fc.constantFrom('RNG', 'LIVE', 'SPORTS', 'FISH'),
      bet: fc.integer({ min: 0, max: 10_000_000 }),
      win: fc.integer({ min: 0, max: 20_000_000 }),
    }),
    { maxLength: 8 },
  );
  const rules = fc.record({
    percent: fc.integer({ min: 1, max: 10_000 }),
    maxBonus: fc.integer({ min: 1, max: 10_000_000 }),
    minPayout: fc.integer({ min: 0, max: 100_000 }),
    rebateBasis: fc.constantFrom('validBets' as const, 'netLoss' as const),
    rebateRates: fc.record({ RNG: fc.integer({ min: 0, max: 10_000 }) }, { requiredKeys: [] }),
  });
  it('pays each product its rate of its basis, at most the cap, nothing under the minimum', () => {
    fc.assert(
      fc.property(rules, play, (r, rows) => {
        const { basis, amount } = rebateFor(r, rows);
        let expected = 0;
        let base = 0;
        for (const row of rows) {
          const b = r.rebateBasis === 'netLoss' ? Math.max(0, row.bet - row.win) : row.bet;
          base += b;
          expected += Math.floor(
            (b * ((r.rebateRates as Record<string, number>)[row.product] ?? r.percent)) / 10_000,
          );
        }
        expect(basis).toBe(base);
        const capped = Math.min(expected, r.maxBonus);
        expect(amount).toBe(capped >= Math.max(1, r.minPayout) ? capped : 0);
        expect(amount).toBeLessThanOrEqual(r.maxBonus);
      }),
    );
  });
  it('never pays more for less play', () => {
    fc.assert(
      fc.property(rules, play, fc.integer({ min: 0, max: 7 }), (r, rows, drop) => {
        const fewer = rows.filter((_, i) => i !== drop);
        expect(rebateFor(r, fewer).amount).toBeLessThanOrEqual(rebateFor(r, rows).amount);
      }),
    );
  });
});

describe('birthday windows', () => {
  const manila = 'Asia/Manila';
  const at = (iso: string) => new Date(iso);

  it('opens on the birthday in the merchant calendar for the given days, and otherwise names the next one', () => {
    // 10:00 in Manila on 5 May 2026.
    const open = birthdayWindow('1990-05-03', 7, at('2026-05-05T02:00:00Z'), manila);
    expect(open).toMatchObject({ key: 'B2026', open: true });
    expect(open.opensAt.toISOString()).toBe('2026-05-02T16:00:00.000Z');
    expect(open.closesAt.toISOString()).toBe('2026-05-09T16:00:00.000Z');
    // The seventh day is the last one; the eighth is the next year's wait.
    expect(birthdayWindow('1990-05-03', 7, at('2026-05-09T15:59:59Z'), manila).open).toBe(true);
    const after = birthdayWindow('1990-05-03', 7, at('2026-05-09T16:00:00Z'), manila);
    expect(after).toMatchObject({ key: 'B2027', open: false });
    expect(birthdayWindow('1990-05-03', 7, at('2026-01-10T00:00:00Z'), manila).key).toBe('B2026');
  });

  it('runs a late-December birthday into January, keyed by the year it began, and keeps 29 February on the 28th', () => {
    expect(birthdayWindow('1988-12-30', 7, at('2027-01-02T04:00:00Z'), manila)).toMatchObject({
      key: 'B2026',
      open: true,
    });
    const leap = birthdayWindow('2000-02-29', 1, at('2027-02-28T04:00:00Z'), manila);
    expect(leap).toMatchObject({ key: 'B2027', open: true });
    expect(birthdayWindow('2000-02-29', 1, at('2028-02-29T04:00:00Z'), manila).open).toBe(true);
  });

  it('is the window around an instant or the next one, `days` days long, keyed by the year it opens', () => {
    fc.assert(
      fc.property(
        fc.date({ min: new Date('1950-01-01'), max: new Date('2005-12-31'), noInvalidDate: true }),
        fc.integer({ min: 1, max: 31 }),
        fc.date({ min: new Date('2025-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        (born, days, now) => {
          const w = birthdayWindow(born.toISOString().slice(0, 10), days, now, manila);
          expect(w.closesAt.getTime() - w.opensAt.getTime()).toBe(days * 86_400_000);
          expect(w.closesAt.getTime()).toBeGreaterThan(now.getTime());
          expect(w.open).toBe(w.opensAt.getTime() <= now.getTime());
          // Manila is 8 hours ahead: the window opens at midnight there, on the birthday's month and day.
          const local = new Date(w.opensAt.getTime() + 8 * 3_600_000).toISOString();
          expect(w.key).toBe(`B${local.slice(0, 4)}`);
          const monthDay = born.toISOString().slice(5, 10);
          expect([monthDay, '02-28']).toContain(local.slice(5, 10));
        },
      ),
      { numRuns: 200 },
    );
  });

  it('pays the bonus of the highest level reached, else the base amount', () => {
    const rules = {
      maxBonus: 100,
      levelBonuses: [
        { level: 5, amount: 900 },
        { level: 2, amount: 300 },
      ],
    };
    expect([0, 1, 2, 4, 5, 9].map((level) => birthdayBonus(rules, level))).toEqual([
      100, 100, 300, 300, 900, 900,
    ]);
    expect(birthdayBonus({ maxBonus: 50, levelBonuses: [] }, 7)).toBe(50);
  });
});
