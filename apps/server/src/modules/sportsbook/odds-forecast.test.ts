import type { FeedMessage } from '@tala/contracts/odds-feed';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';
import { type EventRows, forecastOdds } from './odds-forecast.ts';
import { sportsbookRepository } from './sportsbook.repository.ts';
import { oddsChangeOf } from './sportsbook-feed.ts';
import {
  betSettlement,
  betStop,
  matchMarkets,
  oddsChange,
  oneXTwo,
  type TestMarket,
  testEvent,
} from './sportsbook-testing.ts';

/**
 * The push sends what an odds change will make of an event before the database has written it (odds-forecast.ts);
 * these tests hold that forecast to sports_apply_odds's own answer, change after change, on this database.
 */
const { services, database } = await testApp();
const sportsbook = services.sportsbook;
const repository = sportsbookRepository();

async function rowsOf(eventId: string): Promise<EventRows> {
  const event = await repository.event(database.db, eventId);
  if (!event) throw new Error(`no event ${eventId}`);
  return { event, markets: await repository.eventMarkets(database.db, eventId) };
}

/** Rows compared without their write times (the function's clock, not ours); a suspension's time is there or not. */
const comparable = (rows: EventRows | null | undefined) =>
  rows && {
    event: { ...rows.event, updated_at: undefined },
    markets: rows.markets.map((m) => ({
      ...m,
      updated_at: undefined,
      suspended_at: m.suspended_at !== null,
    })),
  };

/** Applies an odds change and expects the forecast from the rows before it to be what the database answered. */
async function appliedAsForecast(message: FeedMessage & { type: 'odds_change' }) {
  const forecast = forecastOdds(await rowsOf(message.event_id), oddsChangeOf(message), new Date());
  const applied = await sportsbook.applyFeedMessage(message);
  if (!applied.applied || !applied.changed) throw new Error(`not applied: ${JSON.stringify(applied)}`);
  expect(forecast).not.toBeNull();
  expect(comparable(forecast)).toEqual(comparable(applied.changed));
  return applied.changed;
}

/** A small deterministic generator, so a failure names the step that broke. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

describe('the odds forecast of the push', () => {
  it('is what sports_apply_odds makes of a walk of odds changes, suspensions, bet stops and a settled market', async () => {
    const { eventId } = await testEvent(sportsbook);
    const next = random(15);
    const pick = <T>(values: readonly T[]) => values[Math.floor(next() * values.length)] as T;
    const prices = [1_800, 1_900, 2_000, 2_100] as const;
    let versionsMoved = 0;
    for (let step = 0; step < 40; step++) {
      // Some markets of the event, each at one of a few prices (so that an unchanged market comes often), its own
      // status; now and then the whole event suspended; a bet stop or the 1x2's settlement on the way.
      const markets: TestMarket[] = matchMarkets
        .filter(() => next() < 0.7)
        .map((m) => ({
          ...m,
          status: pick(['active', 'active', 'active', 'suspended', 'deactivated'] as const),
          outcomes: Object.fromEntries(
            Object.keys(m.outcomes).map((o) => [o, next() < 0.1 ? null : pick(prices)]),
          ),
        }));
      const before = await rowsOf(eventId);
      const after = await appliedAsForecast(
        oddsChange(eventId, markets, next() < 0.15 ? 'suspended' : 'open') as FeedMessage & {
          type: 'odds_change';
        },
      );
      versionsMoved += after.markets.filter(
        (m, i) => m.price_version !== before.markets[i]?.price_version,
      ).length;
      if (step === 10 || step === 25) await sportsbook.applyFeedMessage(betStop(eventId));
      if (step === 20) await sportsbook.applyFeedMessage(betSettlement(eventId, [oneXTwo('home')]));
    }
    // The walk wrote some markets and left others as they were.
    expect(versionsMoved).toBeGreaterThan(10);
    const settled = (await rowsOf(eventId)).markets.find((m) => m.market_type === '1x2');
    expect(settled?.status).toBe('settled');
  });

  it('cannot know a change the database refuses or a market the event does not have yet', async () => {
    const { eventId } = await testEvent(sportsbook);
    const rows = await rowsOf(eventId);
    const late = oddsChangeOf(oddsChange(eventId, matchMarkets) as FeedMessage & { type: 'odds_change' });
    expect(forecastOdds(rows, { ...late, sequence: rows.event.odds_sequence }, new Date())).toBeNull();
    const added = oddsChange(eventId, [{ id: 'odd_even', outcomes: { odd: 1_900, even: 1_900 } }]);
    expect(
      forecastOdds(rows, oddsChangeOf(added as FeedMessage & { type: 'odds_change' }), new Date()),
    ).toBeNull();
    // The database takes the new market: the forecast of the change after it is exact again.
    await sportsbook.applyFeedMessage(added);
    await appliedAsForecast(
      oddsChange(eventId, [{ id: 'odd_even', outcomes: { odd: 1_850, even: 1_950 } }]) as FeedMessage & {
        type: 'odds_change';
      },
    );
  });
});
