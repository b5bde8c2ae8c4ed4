import type { FeedMatchState } from '@tala/contracts/odds-feed';
import { clonePlay, type Engine, type Play, type Step } from './engines.ts';
import { type MarketDef, settleMarket } from './markets.ts';
import type { Fixture, World } from './world.ts';

/**
 * A match from kick-off to its settlement, and what can befall it: bet stops on goals and dangerous attacks, the
 * end, the settlement and its correction, abandonment, postponement, a new start time, odds cancelled over a window.
 * Each step of play is worked out ahead on a copy and revealed when the feed's clock reaches it.
 */
const MINUTE = 60_000;

export function state(fixture: Fixture): FeedMatchState {
  const p = fixture.play;
  const timed = fixture.engine?.timed ?? false;
  return {
    status: fixture.info.status,
    period: p.period,
    period_name: p.periodName,
    ...(timed && p.started ? { clock: { seconds: Math.floor(p.elapsed), running: p.running } } : {}),
    home_score: p.home,
    away_score: p.away,
    period_scores: p.periods.map((x) => ({ ...x })),
  };
}

function score(w: World, fixture: Fixture, step: Pick<Step, 'event' | 'side'>) {
  w.publish({
    type: 'score',
    producer: 'live',
    timestamp: w.now,
    event_id: fixture.info.id,
    state: state(fixture),
    event: step.event,
    ...(step.side ? { side: step.side } : {}),
  });
}

export function kickoff(w: World, fixture: Fixture) {
  if (fixture.info.status !== 'not_started') return;
  fixture.info = { ...fixture.info, status: 'live' };
  playNext(w, fixture);
}

/** Works out the next thing to happen on a copy of the play, and reveals it when its time comes. */
function playNext(w: World, fixture: Fixture) {
  const engine = fixture.engine as Engine;
  const next = clonePlay(fixture.play);
  const step = engine.next(next, fixture.strength, fixture.rng);
  const at = w.now + step.after * 1000;
  // Clock messages while the clock runs, with a fresh price every third minute as time wears on.
  if (engine.timed && fixture.play.running) {
    for (let t = w.now + MINUTE; t < at; t += MINUTE) {
      w.at(t, () => {
        if (fixture.info.status !== 'live') return;
        fixture.play.elapsed += 60;
        score(w, fixture, { event: 'clock' });
        if (++fixture.ticks % 3 === 0 && fixture.stopped === null) w.reprice(fixture, 'live');
      });
    }
  }
  if (fixture.setup.sport === 'football' && fixture.play.running) maybeDanger(w, fixture, at);
  w.at(at, () => reveal(w, fixture, next, step));
}

/** A dangerous attack: some markets stop for a few seconds. */
function maybeDanger(w: World, fixture: Fixture, until: number) {
  const at = w.now + fixture.rng.exponential(7 * MINUTE);
  if (at >= until - 20_000) return;
  w.at(at, () => {
    if (fixture.info.status !== 'live' || fixture.stopped !== null) return;
    const types = ['1x2', 'asian_handicap', 'total', 'correct_score'];
    fixture.stopped = new Set(types);
    const stop = ++fixture.stops;
    w.publish({
      type: 'bet_stop',
      producer: 'live',
      timestamp: w.now,
      event_id: fixture.info.id,
      markets: types,
      reason: 'dangerous_attack',
    });
    w.at(w.now + 15_000, () => {
      if (fixture.info.status !== 'live' || fixture.stops !== stop) return;
      fixture.stopped = null;
      w.reprice(fixture, 'live');
    });
  });
}

function reveal(w: World, fixture: Fixture, next: Play, step: Step) {
  if (fixture.info.status !== 'live') return;
  fixture.play = next;
  fixture.steps += 1;
  if (fixture.fate === 'abandoned' && fixture.steps >= fixture.abandonAfter && !next.ended) {
    abandon(w, fixture);
    return;
  }
  if (step.stop && !next.ended) {
    fixture.stopped = 'all';
    const stop = ++fixture.stops;
    w.publish({
      type: 'bet_stop',
      producer: 'live',
      timestamp: w.now,
      event_id: fixture.info.id,
      markets: 'all',
      reason: step.event,
    });
    score(w, fixture, step);
    w.at(w.now + 45_000, () => {
      if (fixture.info.status !== 'live' || fixture.stops !== stop) return;
      fixture.stopped = null;
      w.reprice(fixture, 'live');
    });
    playNext(w, fixture);
    return;
  }
  if (next.ended) {
    fixture.info = { ...fixture.info, status: 'ended' };
    fixture.stopped = 'all';
    score(w, fixture, step);
    w.publishOdds(
      fixture,
      'live',
      fixture.markets.map((m) => ({
        ...m,
        status: 'deactivated',
        outcomes: m.outcomes.map((o) => ({ id: o.id, name: o.name, active: false })),
      })),
    );
    w.at(w.now + 2 * MINUTE, () => settle(w, fixture));
    return;
  }
  score(w, fixture, step);
  if (step.reprice && fixture.stopped === null) w.reprice(fixture, 'live');
  playNext(w, fixture);
}

function settle(w: World, fixture: Fixture) {
  fixture.info = { ...fixture.info, status: 'closed' };
  w.publish({
    type: 'bet_settlement',
    producer: 'live',
    timestamp: w.now,
    event_id: fixture.info.id,
    certainty: 'confirmed',
    markets: fixture.defs.map((d) => settleMarket(d, fixture.play)),
  });
  if (fixture.fate === 'correction')
    w.at(w.now + (10 + fixture.rng.int(20)) * MINUTE, () => correct(w, fixture));
}

/** A goal taken back after the whole match was settled: roll back what it changed, settle those markets again. */
function correct(w: World, fixture: Fixture) {
  const corrected = clonePlay(fixture.play);
  const period = [...corrected.periods].reverse().find((p) => p.home + p.away > 0);
  if (period) {
    const side = period.home > 0 && (period.away === 0 || fixture.rng.chance(0.5)) ? 'home' : 'away';
    period[side] -= 1;
    corrected[side] -= 1;
  } else {
    // A goalless match: the correction is a goal the scouts missed.
    const last = corrected.periods[corrected.periods.length - 1];
    if (!last) return;
    last.home += 1;
    corrected.home += 1;
  }
  const changed = fixture.defs.filter(
    (d) => JSON.stringify(settleMarket(d, fixture.play)) !== JSON.stringify(settleMarket(d, corrected)),
  );
  if (changed.length === 0) return;
  const refs = changed.map((d) => ({ id: d.id, specifiers: d.specifiers }));
  w.publish({
    type: 'rollback_bet_settlement',
    producer: 'live',
    timestamp: w.now,
    event_id: fixture.info.id,
    markets: refs,
  });
  fixture.play = corrected;
  score(w, fixture, { event: 'correction' });
  w.publish({
    type: 'bet_settlement',
    producer: 'live',
    timestamp: w.now,
    event_id: fixture.info.id,
    certainty: 'confirmed',
    markets: changed.map((d) => settleMarket(d, corrected)),
  });
}

function allMarketRefs(_w: World, fixture: Fixture) {
  return fixture.defs.map((d) => ({ id: d.id, specifiers: d.specifiers }));
}

function closeMarkets(w: World, fixture: Fixture) {
  fixture.stopped = 'all';
  w.publishOdds(
    fixture,
    fixture.info.status === 'live' ? 'live' : 'prematch',
    fixture.markets.map((m) => ({
      ...m,
      status: 'deactivated',
      outcomes: m.outcomes.map((o) => ({ id: o.id, name: o.name, active: false })),
    })),
  );
}

function abandon(w: World, fixture: Fixture) {
  closeMarkets(w, fixture);
  fixture.info = { ...fixture.info, status: 'abandoned' };
  fixture.play.running = false;
  w.publish({
    type: 'fixture_change',
    producer: 'live',
    timestamp: w.now,
    event_id: fixture.info.id,
    change: 'abandoned',
    fixture: fixture.info,
  });
  score(w, fixture, { event: 'abandoned' });
  w.publish({
    type: 'bet_cancel',
    producer: 'live',
    timestamp: w.now,
    event_id: fixture.info.id,
    reason: 'event_abandoned',
    markets: allMarketRefs(w, fixture),
  });
}

export function postpone(w: World, fixture: Fixture) {
  if (fixture.info.status !== 'not_started') return;
  closeMarkets(w, fixture);
  fixture.info = { ...fixture.info, status: 'postponed' };
  w.publish({
    type: 'fixture_change',
    producer: 'prematch',
    timestamp: w.now,
    event_id: fixture.info.id,
    change: 'postponed',
    fixture: fixture.info,
  });
  w.publish({
    type: 'bet_cancel',
    producer: 'prematch',
    timestamp: w.now,
    event_id: fixture.info.id,
    reason: 'event_postponed',
    markets: allMarketRefs(w, fixture),
  });
}

export function reschedule(w: World, fixture: Fixture) {
  if (fixture.info.status !== 'not_started') return;
  const start = fixture.info.start_time + (fixture.rng.chance(0.5) ? 30 : 90) * MINUTE;
  fixture.info = { ...fixture.info, start_time: start };
  w.publish({
    type: 'fixture_change',
    producer: 'prematch',
    timestamp: w.now,
    event_id: fixture.info.id,
    change: 'start_time',
    fixture: fixture.info,
  });
  w.at(start, () => kickoff(w, fixture));
}

/** Odds that were wrong for a few minutes: bets placed then are cancelled; sometimes the provider thinks again. */
export function cancelWindow(w: World, fixture: Fixture) {
  if (fixture.info.status !== 'not_started') return;
  const def = fixture.defs[0] as MarketDef;
  const window = { start_time: w.now - 10 * MINUTE, end_time: w.now - 4 * MINUTE };
  const markets = [{ id: def.id, specifiers: def.specifiers }];
  w.publish({
    type: 'bet_cancel',
    producer: 'prematch',
    timestamp: w.now,
    event_id: fixture.info.id,
    ...window,
    reason: 'incorrect_odds',
    markets,
  });
  if (fixture.setup.sport === 'basketball' || fixture.rng.chance(0.5)) {
    w.at(Math.min(fixture.info.start_time - 1000, w.now + 20_000), () =>
      w.publish({
        type: 'rollback_bet_cancel',
        producer: 'prematch',
        timestamp: w.now,
        event_id: fixture.info.id,
        ...window,
        markets,
      }),
    );
  }
}
