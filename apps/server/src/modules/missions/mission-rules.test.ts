// The missions' period and progress rules, property-tested: a period contains its instant, days follow each other
// without gaps, weeks start on Monday in the merchant's zone, and progress never passes its target.
import { dayOf } from '@tala/contracts/calendar';
import type { MissionTask } from '@tala/contracts/missions';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type MemberFacts,
  periodAt,
  previousPeriod,
  progressOf,
  statusOf,
  taskDone,
} from './mission-rules.ts';

const zones = ['Asia/Manila', 'UTC', 'America/New_York', 'Asia/Ho_Chi_Minh', 'Europe/London'];
const instant = fc.date({
  min: new Date('2020-01-01T00:00:00Z'),
  max: new Date('2035-12-31T00:00:00Z'),
  noInvalidDate: true,
});

describe('mission periods', () => {
  it('contain their instant, and the previous one ends where it starts', () => {
    fc.assert(
      fc.property(
        instant,
        fc.constantFrom(...zones),
        fc.constantFrom('day' as const, 'week' as const),
        (at, zone, period) => {
          const bounds = periodAt(period, at, zone);
          expect(bounds.start.getTime()).toBeLessThanOrEqual(at.getTime());
          expect(bounds.end.getTime()).toBeGreaterThan(at.getTime());
          const previous = previousPeriod(period, at, zone);
          expect(previous.end.getTime()).toBe(bounds.start.getTime());
          expect(previous.key).not.toBe(bounds.key);
          // Around 23-25 hours a day, 7 days a week (summer time shifts an hour).
          const hours = (bounds.end.getTime() - bounds.start.getTime()) / 3_600_000;
          if (period === 'day') expect(hours).toBeGreaterThanOrEqual(23);
          else expect(hours).toBeGreaterThanOrEqual(167);
        },
      ),
    );
  });

  it('start a week on the Monday of the merchant’s calendar', () => {
    fc.assert(
      fc.property(instant, fc.constantFrom(...zones), (at, zone) => {
        const week = periodAt('week', at, zone);
        const monday = week.key.slice(1);
        expect(new Date(`${monday}T00:00:00Z`).getUTCDay()).toBe(1);
        expect(dayOf(week.start, zone)).toBe(monday);
        expect(week.key).toBe(`W${monday}`);
      }),
    );
  });

  it('puts 23:30 in Manila on Sunday in that week, not the next', () => {
    // Sunday 2026-11-29 23:30 in Manila is 15:30 UTC; Monday 00:10 in Manila is still Sunday in UTC.
    expect(periodAt('week', new Date('2026-11-29T15:30:00Z'), 'Asia/Manila').key).toBe('W2026-11-23');
    expect(periodAt('week', new Date('2026-11-29T16:10:00Z'), 'Asia/Manila').key).toBe('W2026-11-30');
    expect(periodAt('day', new Date('2026-11-29T16:10:00Z'), 'Asia/Manila').key).toBe('2026-11-30');
  });
});

const taskArb = fc.record({
  kind: fc.constantFrom('login', 'depositCount', 'depositAmount', 'betAmount', 'gamesPlayed') as fc.Arbitrary<
    MissionTask['kind']
  >,
  product: fc.constantFrom(null, 'RNG', 'LIVE') as fc.Arbitrary<MissionTask['product']>,
  target: fc.integer({ min: 1, max: 1_000_000 }),
});
const factsArb: fc.Arbitrary<MemberFacts> = fc.record({
  signInDays: fc.integer({ min: 0, max: 7 }),
  deposits: fc.record({
    count: fc.integer({ min: 0, max: 50 }),
    amount: fc.integer({ min: 0, max: 10_000_000 }),
  }),
  betsByProduct: fc
    .array(fc.tuple(fc.constantFrom('RNG', 'LIVE', 'FISH'), fc.integer({ min: 0, max: 1_000_000 })), {
      maxLength: 3,
    })
    .map((pairs) => new Map(pairs)),
  gamesPlayed: fc.integer({ min: 0, max: 30 }),
});

describe('mission progress', () => {
  it('never passes the target nor goes below 0, and only more activity makes more progress', () => {
    fc.assert(
      fc.property(taskArb, factsArb, fc.integer({ min: 0, max: 1_000 }), (task, facts, extra) => {
        const done = taskDone(task, facts);
        expect(done).toBeGreaterThanOrEqual(0);
        expect(done).toBeLessThanOrEqual(task.target);
        const more: MemberFacts = {
          signInDays: facts.signInDays + 1,
          deposits: { count: facts.deposits.count + 1, amount: facts.deposits.amount + extra },
          betsByProduct: new Map([...facts.betsByProduct].map(([k, v]) => [k, v + extra])),
          gamesPlayed: facts.gamesPlayed + 1,
        };
        expect(taskDone(task, more)).toBeGreaterThanOrEqual(done);
      }),
    );
  });

  it('counts a product’s bets only for that product, all of them without one', () => {
    const facts: MemberFacts = {
      signInDays: 1,
      deposits: { count: 0, amount: 0 },
      betsByProduct: new Map([
        ['RNG', 300],
        ['LIVE', 500],
      ]),
      gamesPlayed: 2,
    };
    expect(taskDone({ kind: 'betAmount', product: 'RNG', target: 10_000 }, facts)).toBe(300);
    expect(taskDone({ kind: 'betAmount', product: 'FISH', target: 10_000 }, facts)).toBe(0);
    expect(taskDone({ kind: 'betAmount', product: null, target: 10_000 }, facts)).toBe(800);
  });

  it('is claimable only when every task is done, and claimed wins over both', () => {
    fc.assert(
      fc.property(
        fc.array(taskArb, { minLength: 1, maxLength: 5 }),
        factsArb,
        fc.boolean(),
        (tasks, facts, claimed) => {
          const progress = progressOf(tasks, facts);
          const status = statusOf(progress, claimed);
          if (claimed) expect(status).toBe('claimed');
          else expect(status === 'claimable').toBe(progress.every((p) => p.done === p.target));
        },
      ),
    );
  });
});
