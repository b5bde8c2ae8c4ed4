import type {
  FeedFixture,
  FeedFixtureDetail,
  FeedMarket,
  FeedMatchState,
  FeedMessage,
  FeedProducer,
  UnsequencedFeedMessage,
} from '@tala/contracts/odds-feed';
import { marketKey } from '@tala/contracts/odds-feed';
import { ActionQueue } from './action-queue.ts';
import { type SportSetup, setups, sidesOf } from './catalogue.ts';
import { clonePlay, type Engine, engineFor, newPlay, type Play, playOut, type Step } from './engines.ts';
import { type MarketDef, marketsFor, priceMarkets, settleMarket } from './markets.ts';
import { hash32, type Random, random } from './random.ts';

/**
 * The simulated world: a schedule of fixtures for today and the next days, each priced before the start, played
 * step by step on the feed's clock, settled at the end; with the odd postponement, abandonment, cancelled odds and
 * corrected result. Everything that happens is a message, numbered in order and kept for recovery.
 *
 * Determinism: the schedule, the matches and their messages follow from the seed and the epoch alone, in the same
 * order whatever the speed; only the heartbeats and the extra load of FEED_RATE are interleaved by the wall clock.
 */
export type WorldOptions = {
  seed: string;
  /** Feed seconds per wall second. */
  speed: number;
  /** The feed's clock at start, Unix ms. */
  epoch: number;
  /** Extra pre-match odds changes per wall second (load for benchmarks). */
  rate: number;
  /** Finishes imagined per pricing. */
  samples: number;
  /** Messages kept for recovery. */
  logSize: number;
};

type Fate = 'normal' | 'correction' | 'cancel_window' | 'abandoned' | 'postponed' | 'rescheduled';
type Side = { id: string; name: string; abbreviation: string; rating: number };
type Fixture = {
  info: FeedFixture;
  setup: SportSetup;
  engine: Engine | undefined;
  strength: number;
  play: Play;
  defs: MarketDef[];
  markets: FeedMarket[];
  /** Market types stopped by a bet_stop, or all of them. */
  stopped: 'all' | Set<string> | null;
  /** Counts the stops, so a reopening meant for an earlier stop does not end a later one early. */
  stops: number;
  rng: Random;
  fate: Fate;
  /** Abandoned after this many steps of play. */
  abandonAfter: number;
  steps: number;
  ticks: number;
  outright?: { sides: Side[] };
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export class World {
  readonly fixtures = new Map<string, Fixture>();
  private readonly queue = new ActionQueue();
  private now: number;
  private sequence = 0;
  /** The log as the JSON sent (far smaller than the objects), with each message's timestamp beside it. */
  private log: string[] = [];
  private logTimes: number[] = [];
  private firstLogged = 1;
  private matchCounter = 0;
  private readonly listeners = new Set<(message: FeedMessage, json: string) => void>();
  /** The wall time the clock started (pricing the first days takes a moment that must not eat the first kick-offs). */
  private wallStart: number | undefined;
  private timer: NodeJS.Timeout | undefined;
  private rateCarry = 0;
  private readonly rateRng: Random;
  private lastRateAt = Date.now();

  constructor(readonly options: WorldOptions) {
    this.now = options.epoch;
    this.rateRng = random(`${options.seed}:rate`);
    const today = Math.floor(options.epoch / DAY) * DAY;
    this.soonBatch();
    for (let d = 0; d <= 2; d++) this.scheduleDay(today + d * DAY, d);
    for (let d = 1; d <= 400; d++) {
      const dayStart = today + d * DAY;
      this.at(dayStart, () => {
        this.forgetOld(dayStart - 2 * DAY);
        this.scheduleDay(dayStart + 2 * DAY, d + 2);
      });
    }
    this.outrights();
  }

  /** The feed's clock now. */
  clock(): number {
    if (this.wallStart === undefined) return this.options.epoch;
    return Math.round(this.options.epoch + (Date.now() - this.wallStart) * this.options.speed);
  }

  lastSequence() {
    return this.sequence;
  }

  onMessage(listener: (message: FeedMessage, json: string) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  start() {
    this.wallStart = Date.now();
    this.lastRateAt = this.wallStart;
    this.timer = setInterval(() => this.advance(), 20);
  }

  stop() {
    clearInterval(this.timer);
  }

  /** Runs everything due by the feed's clock, oldest first. */
  advance() {
    this.runUntil(this.clock());
    this.extraLoad();
  }

  /** Runs everything due by a time of the feed's clock (at most `limit` actions: the rest on the next call). */
  runUntil(target: number, limit = 50_000) {
    let done = 0;
    while ((this.queue.nextAt() ?? Number.POSITIVE_INFINITY) <= target && done++ < limit) {
      const action = this.queue.take();
      this.now = action.at;
      action.run();
    }
    if (done <= limit) this.now = Math.max(this.now, target);
  }

  publish(message: UnsequencedFeedMessage) {
    const sequenced = { ...message, sequence: ++this.sequence } as FeedMessage;
    const json = JSON.stringify(sequenced);
    this.log.push(json);
    this.logTimes.push(sequenced.timestamp);
    if (this.log.length > this.options.logSize * 1.25) {
      const drop = this.log.length - this.options.logSize;
      this.log.splice(0, drop);
      this.logTimes.splice(0, drop);
      this.firstLogged += drop;
    }
    for (const listener of this.listeners) listener(sequenced, json);
    return sequenced;
  }

  alive(producer: FeedProducer) {
    this.publish({ type: 'alive', producer, timestamp: this.clock(), subscribed: true });
  }

  /** Messages (as JSON) after a sequence number; undefined when they are no longer kept. */
  messagesAfter(after: number, limit: number): { messages: string[]; complete: boolean } | undefined {
    if (after < this.firstLogged - 1) return undefined;
    const from = Math.max(0, after + 1 - this.firstLogged);
    const messages = this.log.slice(from, from + limit);
    return { messages, complete: from + limit >= this.log.length };
  }

  messagesSince(since: number, limit: number) {
    const index = this.logTimes.findIndex((t) => t > since);
    if (index < 0) return { messages: [], complete: true };
    if (index === 0 && this.firstLogged > 1) return undefined;
    return this.messagesAfter(this.firstLogged + index - 1, limit);
  }

  /** Forgets all but the newest `keep` messages (a test hook: a consumer back from a long absence). */
  trimLog(keep: number) {
    const drop = Math.max(0, this.log.length - keep);
    this.log.splice(0, drop);
    this.logTimes.splice(0, drop);
    this.firstLogged += drop;
  }

  oldestSequence() {
    return this.firstLogged;
  }

  detail(id: string): FeedFixtureDetail | undefined {
    const f = this.fixtures.get(id);
    if (!f) return undefined;
    return {
      fixture: f.info,
      state: this.state(f),
      betting_status: f.stopped === 'all' ? 'suspended' : 'open',
      markets: f.markets,
    };
  }

  private at(at: number, run: () => void) {
    this.queue.plan(at, run);
  }

  // ——— the schedule ———

  /** A fixture of every sport starting within minutes, so a demo or a test sees every kind of message soon. */
  private soonBatch() {
    const rng = random(`${this.options.seed}:soon`);
    const forced: Record<string, Fate> = { 'football:1': 'correction', 'football:2': 'abandoned' };
    let minute = 2;
    for (const setup of setups) {
      const count = setup.sport === 'football' ? 3 : setup.sport === 'basketball' ? 2 : 1;
      for (let i = 0; i < count; i++) {
        const fate: Fate =
          forced[`${setup.sport}:${i}`] ??
          (setup.sport === 'basketball' && i === 1 ? 'cancel_window' : 'normal');
        this.createMatch(setup, this.options.epoch + minute * MINUTE, rng, fate);
        minute += 1;
      }
    }
  }

  private scheduleDay(dayStart: number, day: number) {
    const rng = random(`${this.options.seed}:day:${day}`);
    for (const setup of setups) {
      const times: number[] = [];
      for (let i = 0; i < setup.perDay; i++) {
        const [from, to] = setup.hours;
        const minutes = (from + rng.next() * (to - from)) * 60;
        times.push(dayStart + Math.round(minutes / 15) * 15 * MINUTE);
      }
      times.sort((a, b) => a - b);
      for (const time of times) {
        const roll = rng.next();
        const fate: Fate =
          roll < 0.015
            ? 'postponed'
            : roll < 0.03
              ? 'abandoned'
              : roll < 0.05
                ? 'cancel_window'
                : roll < 0.07
                  ? 'rescheduled'
                  : roll < 0.13 && setup.sport === 'football'
                    ? 'correction'
                    : 'normal';
        if (time < this.now + 10 * MINUTE) continue;
        this.createMatch(setup, time, rng, fate);
      }
    }
  }

  /** Finished fixtures stay listed for two days, then are forgotten (a feed running for weeks stays small). */
  private forgetOld(before: number) {
    for (const [id, f] of this.fixtures)
      if (
        f.info.kind === 'match' &&
        f.info.start_time < before &&
        !['not_started', 'live'].includes(f.info.status)
      )
        this.fixtures.delete(id);
  }

  private leagueSides = new Map<number, Side[]>();
  private sides(setup: SportSetup, leagueId: number) {
    let sides = this.leagueSides.get(leagueId);
    if (!sides) {
      const league = setup.leagues.find((l) => l.id === leagueId);
      if (!league) throw new Error(`no league ${leagueId}`);
      sides = sidesOf(setup, league, random(`${this.options.seed}:league:${leagueId}`));
      this.leagueSides.set(leagueId, sides);
    }
    return sides;
  }

  private createMatch(setup: SportSetup, start: number, rng: Random, fate: Fate) {
    const league = rng.pick(setup.leagues);
    const sides = this.sides(setup, league.id);
    const home = rng.pick(sides);
    let away = rng.pick(sides);
    while (away === home) away = rng.pick(sides);
    const bestOf = setup.bestOf ? rng.pick(setup.bestOf) : undefined;
    const id = `sim:match:${++this.matchCounter + 40_000_000}`;
    const strength = Math.min(
      0.88,
      Math.max(0.12, 1 / (1 + Math.exp(-(home.rating - away.rating) * 0.7)) + setup.homeEdge),
    );
    const competitor = (s: Side) => ({ id: s.id, name: s.name, abbreviation: s.abbreviation });
    const fixture: Fixture = {
      info: {
        id,
        kind: 'match',
        sport: setup.sport,
        category: league.category,
        tournament: { id: `sim:tournament:${league.id}`, name: league.name },
        competitors: [competitor(home), competitor(away)],
        start_time: start,
        status: 'not_started',
        live_odds: true,
        ...(bestOf ? { best_of: bestOf } : {}),
      },
      setup,
      engine: engineFor(setup.sport, bestOf ?? 3),
      strength,
      play: newPlay(),
      defs: [],
      markets: [],
      stopped: null,
      stops: 0,
      rng: random(hash32(`${this.options.seed}:${id}`)),
      fate,
      abandonAfter: 0,
      steps: 0,
      ticks: 0,
    };
    // Abandoned early in play (rain, floodlights, a server crash), a few steps after the start.
    fixture.abandonAfter = 2 + fixture.rng.int(3);
    this.fixtures.set(id, fixture);
    const finals = this.imagine(fixture);
    const mean = (f: (p: Play) => number) => finals.reduce((s, p) => s + f(p), 0) / finals.length;
    const sumPeriods = (p: Play) => p.periods.reduce((s, x) => s + x.home + x.away, 0);
    fixture.defs = marketsFor(setup.sport, bestOf ?? 3, {
      margin: mean((p) => p.home - p.away),
      total: mean((p) => p.home + p.away),
      games: mean(sumPeriods),
      points: mean(sumPeriods),
    });
    this.publish({
      type: 'fixture_change',
      producer: 'prematch',
      timestamp: this.now,
      event_id: id,
      change: 'new',
      fixture: fixture.info,
    });
    this.reprice(fixture, 'prematch', finals);
    this.scheduleDrift(fixture);
    this.at(start, () => this.kickoff(fixture));
    if (fate === 'postponed') {
      const when = Math.max(this.now + 30_000, start - 45 * MINUTE);
      this.at(when, () => this.postpone(fixture));
    }
    if (fate === 'rescheduled') {
      this.at(Math.max(this.now + 30_000, start - 3 * 60 * MINUTE), () => this.reschedule(fixture));
    }
    if (fate === 'cancel_window') {
      const when = Math.min(
        start - 30_000,
        this.now + 60_000 + fixture.rng.int(Math.max(1, start - this.now - 120_000)),
      );
      this.at(when, () => this.cancelWindow(fixture));
    }
  }

  private outrights() {
    const rng = random(`${this.options.seed}:outrights`);
    for (const [sport, leagueId] of [
      ['football', 101],
      ['football', 102],
      ['dota2', 902],
    ] as const) {
      const setup = setups.find((s) => s.sport === sport) as SportSetup;
      const league = setup.leagues.find((l) => l.id === leagueId) as SportSetup['leagues'][number];
      const sides = this.sides(setup, leagueId);
      const id = `sim:season:${leagueId}${new Date(this.options.epoch).getUTCFullYear()}`;
      const fixture: Fixture = {
        info: {
          id,
          kind: 'outright',
          sport,
          category: league.category,
          tournament: { id: `sim:tournament:${leagueId}`, name: league.name },
          competitors: sides.map((s) => ({ id: s.id, name: s.name, abbreviation: s.abbreviation })),
          start_time: this.options.epoch + (30 + rng.int(60)) * DAY,
          status: 'not_started',
          live_odds: false,
        },
        setup,
        engine: undefined,
        strength: 0.5,
        play: newPlay(),
        defs: [],
        markets: [],
        stopped: null,
        stops: 0,
        rng: random(`${this.options.seed}:${id}`),
        fate: 'normal',
        abandonAfter: 0,
        steps: 0,
        ticks: 0,
        outright: { sides: sides.map((s) => ({ ...s })) },
      };
      this.fixtures.set(id, fixture);
      this.publish({
        type: 'fixture_change',
        producer: 'prematch',
        timestamp: this.now,
        event_id: id,
        change: 'new',
        fixture: fixture.info,
      });
      this.repriceOutright(fixture);
    }
  }

  private repriceOutright(fixture: Fixture) {
    const sides = fixture.outright?.sides ?? [];
    const weights = sides.map((s) => Math.exp(s.rating * 1.4));
    const sum = weights.reduce((a, b) => a + b, 0);
    const market: FeedMarket = {
      id: 'outright',
      specifiers: '',
      name: `${fixture.info.tournament.name} winner`,
      status: 'active',
      outcomes: sides.map((s, i) => {
        const p = (weights[i] ?? 0) / sum;
        const odds = Math.min(1_000_000, Math.max(1_010, Math.round(1000 / (p * 1.2) / 50) * 50));
        return { id: s.id, name: s.name, odds, active: true };
      }),
    };
    this.publishOdds(fixture, 'prematch', [market]);
    this.at(this.now + (4 + fixture.rng.int(8)) * 60 * MINUTE, () => {
      for (const s of sides) s.rating += fixture.rng.normal(0, 0.03);
      this.repriceOutright(fixture);
    });
  }

  // ——— prices ———

  private imagine(fixture: Fixture): Play[] {
    const rng = random(hash32(`${this.options.seed}:${fixture.info.id}:price`));
    const engine = fixture.engine as Engine;
    const finals: Play[] = [];
    for (let i = 0; i < this.options.samples; i++)
      finals.push(playOut(engine, fixture.play, fixture.strength, rng));
    return finals;
  }

  private reprice(fixture: Fixture, producer: FeedProducer, finals = this.imagine(fixture)) {
    const stopped = fixture.stopped;
    const markets = priceMarkets(fixture.defs, finals, false).map((m) => {
      if (m.status !== 'active') return m;
      if (stopped === 'all' || stopped?.has(m.id)) return { ...m, status: 'suspended' as const };
      return m;
    });
    this.publishOdds(fixture, producer, markets);
  }

  /** Publishes the markets that changed (all of them when the betting status changed). */
  private publishOdds(fixture: Fixture, producer: FeedProducer, markets: FeedMarket[], reason?: string) {
    const before = new Map(fixture.markets.map((m) => [marketKey(m), m]));
    const changed = markets.filter((m) => JSON.stringify(before.get(marketKey(m))) !== JSON.stringify(m));
    for (const m of changed) before.set(marketKey(m), m);
    fixture.markets = [...before.values()];
    if (changed.length === 0) return false;
    this.publish({
      type: 'odds_change',
      producer,
      timestamp: this.now,
      event_id: fixture.info.id,
      betting_status: fixture.stopped === 'all' ? 'suspended' : 'open',
      ...(reason ? { betstop_reason: reason } : {}),
      markets: changed,
    });
    return true;
  }

  private scheduleDrift(fixture: Fixture) {
    const untilStart = fixture.info.start_time - this.now;
    // Prices move more often as the start nears, as money comes in.
    const mean =
      untilStart > DAY ? 3 * 60 * MINUTE : untilStart > 3 * 60 * MINUTE ? 60 * MINUTE : 10 * MINUTE;
    const at = this.now + fixture.rng.exponential(mean);
    if (at >= fixture.info.start_time - MINUTE) return;
    this.at(at, () => {
      if (fixture.info.status !== 'not_started') return;
      fixture.strength = Math.min(0.9, Math.max(0.1, fixture.strength + fixture.rng.normal(0, 0.012)));
      this.reprice(fixture, 'prematch');
      this.scheduleDrift(fixture);
    });
  }

  /** FEED_RATE: small moves of one pre-match market at a time, at a steady rate of the wall clock. */
  private extraLoad() {
    const wall = Date.now();
    if (this.options.rate <= 0) {
      this.lastRateAt = wall;
      return;
    }
    this.rateCarry += ((wall - this.lastRateAt) / 1000) * this.options.rate;
    this.lastRateAt = wall;
    const count = Math.floor(this.rateCarry);
    this.rateCarry -= count;
    if (count === 0) return;
    const open = [...this.fixtures.values()].filter(
      (f) => f.info.status === 'not_started' && f.info.kind === 'match',
    );
    if (open.length === 0) return;
    const saved = this.now;
    this.now = this.clock();
    for (let i = 0, tries = 0; i < count && tries < count * 3; tries++) {
      const fixture = this.rateRng.pick(open);
      const market = this.rateRng.pick(fixture.markets);
      if (market?.status !== 'active') continue;
      const factor = 1 + (this.rateRng.next() - 0.5) * 0.04;
      const nudge = (odds: number, up: boolean) => {
        const moved = Math.round((odds * (up ? factor : 1 / factor)) / 10) * 10;
        // Always a visible move, however short the price.
        const changed = moved === odds ? odds + (up === factor >= 1 ? 10 : -10) : moved;
        return Math.min(1_000_000, Math.max(1_010, changed));
      };
      const moved: FeedMarket = {
        ...market,
        outcomes: market.outcomes.map((o, j) =>
          o.odds === undefined ? o : { ...o, odds: nudge(o.odds, j % 2 === 0) },
        ),
      };
      if (this.publishOdds(fixture, 'prematch', [moved])) i++;
    }
    this.now = Math.max(saved, this.now);
  }

  // ——— the match ———

  state(fixture: Fixture): FeedMatchState {
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

  private score(fixture: Fixture, step: Pick<Step, 'event' | 'side'>) {
    this.publish({
      type: 'score',
      producer: 'live',
      timestamp: this.now,
      event_id: fixture.info.id,
      state: this.state(fixture),
      event: step.event,
      ...(step.side ? { side: step.side } : {}),
    });
  }

  private kickoff(fixture: Fixture) {
    if (fixture.info.status !== 'not_started') return;
    fixture.info = { ...fixture.info, status: 'live' };
    this.step(fixture);
  }

  /** Works out the next thing to happen on a copy of the play, and reveals it when its time comes. */
  private step(fixture: Fixture) {
    const engine = fixture.engine as Engine;
    const next = clonePlay(fixture.play);
    const step = engine.next(next, fixture.strength, fixture.rng);
    const at = this.now + step.after * 1000;
    // Clock messages while the clock runs, with a fresh price every third minute as time wears on.
    if (engine.timed && fixture.play.running) {
      for (let t = this.now + MINUTE; t < at; t += MINUTE) {
        this.at(t, () => {
          if (fixture.info.status !== 'live') return;
          fixture.play.elapsed += 60;
          this.score(fixture, { event: 'clock' });
          if (++fixture.ticks % 3 === 0 && fixture.stopped === null) this.reprice(fixture, 'live');
        });
      }
    }
    if (fixture.setup.sport === 'football' && fixture.play.running) this.maybeDanger(fixture, at);
    this.at(at, () => this.reveal(fixture, next, step));
  }

  /** A dangerous attack: some markets stop for a few seconds. */
  private maybeDanger(fixture: Fixture, until: number) {
    const at = this.now + fixture.rng.exponential(7 * MINUTE);
    if (at >= until - 20_000) return;
    this.at(at, () => {
      if (fixture.info.status !== 'live' || fixture.stopped !== null) return;
      const types = ['1x2', 'asian_handicap', 'total', 'correct_score'];
      fixture.stopped = new Set(types);
      const stop = ++fixture.stops;
      this.publish({
        type: 'bet_stop',
        producer: 'live',
        timestamp: this.now,
        event_id: fixture.info.id,
        markets: types,
        reason: 'dangerous_attack',
      });
      this.at(this.now + 15_000, () => {
        if (fixture.info.status !== 'live' || fixture.stops !== stop) return;
        fixture.stopped = null;
        this.reprice(fixture, 'live');
      });
    });
  }

  private reveal(fixture: Fixture, next: Play, step: Step) {
    if (fixture.info.status !== 'live') return;
    fixture.play = next;
    fixture.steps += 1;
    if (fixture.fate === 'abandoned' && fixture.steps >= fixture.abandonAfter && !next.ended) {
      this.abandon(fixture);
      return;
    }
    if (step.stop && !next.ended) {
      fixture.stopped = 'all';
      const stop = ++fixture.stops;
      this.publish({
        type: 'bet_stop',
        producer: 'live',
        timestamp: this.now,
        event_id: fixture.info.id,
        markets: 'all',
        reason: step.event,
      });
      this.score(fixture, step);
      this.at(this.now + 45_000, () => {
        if (fixture.info.status !== 'live' || fixture.stops !== stop) return;
        fixture.stopped = null;
        this.reprice(fixture, 'live');
      });
      this.step(fixture);
      return;
    }
    if (next.ended) {
      fixture.info = { ...fixture.info, status: 'ended' };
      fixture.stopped = 'all';
      this.score(fixture, step);
      this.publishOdds(
        fixture,
        'live',
        fixture.markets.map((m) => ({
          ...m,
          status: 'deactivated',
          outcomes: m.outcomes.map((o) => ({ id: o.id, name: o.name, active: false })),
        })),
      );
      this.at(this.now + 2 * MINUTE, () => this.settle(fixture));
      return;
    }
    this.score(fixture, step);
    if (step.reprice && fixture.stopped === null) this.reprice(fixture, 'live');
    this.step(fixture);
  }

  private settle(fixture: Fixture) {
    fixture.info = { ...fixture.info, status: 'closed' };
    this.publish({
      type: 'bet_settlement',
      producer: 'live',
      timestamp: this.now,
      event_id: fixture.info.id,
      certainty: 'confirmed',
      markets: fixture.defs.map((d) => settleMarket(d, fixture.play)),
    });
    if (fixture.fate === 'correction')
      this.at(this.now + (10 + fixture.rng.int(20)) * MINUTE, () => this.correct(fixture));
  }

  /** A goal taken back after the whole match was settled: roll back what it changed, settle those markets again. */
  private correct(fixture: Fixture) {
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
    this.publish({
      type: 'rollback_bet_settlement',
      producer: 'live',
      timestamp: this.now,
      event_id: fixture.info.id,
      markets: refs,
    });
    fixture.play = corrected;
    this.score(fixture, { event: 'correction' });
    this.publish({
      type: 'bet_settlement',
      producer: 'live',
      timestamp: this.now,
      event_id: fixture.info.id,
      certainty: 'confirmed',
      markets: changed.map((d) => settleMarket(d, corrected)),
    });
  }

  private allMarketRefs(fixture: Fixture) {
    return fixture.defs.map((d) => ({ id: d.id, specifiers: d.specifiers }));
  }

  private closeMarkets(fixture: Fixture) {
    fixture.stopped = 'all';
    this.publishOdds(
      fixture,
      fixture.info.status === 'live' ? 'live' : 'prematch',
      fixture.markets.map((m) => ({
        ...m,
        status: 'deactivated',
        outcomes: m.outcomes.map((o) => ({ id: o.id, name: o.name, active: false })),
      })),
    );
  }

  private abandon(fixture: Fixture) {
    this.closeMarkets(fixture);
    fixture.info = { ...fixture.info, status: 'abandoned' };
    fixture.play.running = false;
    this.publish({
      type: 'fixture_change',
      producer: 'live',
      timestamp: this.now,
      event_id: fixture.info.id,
      change: 'abandoned',
      fixture: fixture.info,
    });
    this.score(fixture, { event: 'abandoned' });
    this.publish({
      type: 'bet_cancel',
      producer: 'live',
      timestamp: this.now,
      event_id: fixture.info.id,
      reason: 'event_abandoned',
      markets: this.allMarketRefs(fixture),
    });
  }

  private postpone(fixture: Fixture) {
    if (fixture.info.status !== 'not_started') return;
    this.closeMarkets(fixture);
    fixture.info = { ...fixture.info, status: 'postponed' };
    this.publish({
      type: 'fixture_change',
      producer: 'prematch',
      timestamp: this.now,
      event_id: fixture.info.id,
      change: 'postponed',
      fixture: fixture.info,
    });
    this.publish({
      type: 'bet_cancel',
      producer: 'prematch',
      timestamp: this.now,
      event_id: fixture.info.id,
      reason: 'event_postponed',
      markets: this.allMarketRefs(fixture),
    });
  }

  private reschedule(fixture: Fixture) {
    if (fixture.info.status !== 'not_started') return;
    const start = fixture.info.start_time + (fixture.rng.chance(0.5) ? 30 : 90) * MINUTE;
    fixture.info = { ...fixture.info, start_time: start };
    this.publish({
      type: 'fixture_change',
      producer: 'prematch',
      timestamp: this.now,
      event_id: fixture.info.id,
      change: 'start_time',
      fixture: fixture.info,
    });
    this.at(start, () => this.kickoff(fixture));
  }

  /** Odds that were wrong for a few minutes: bets placed then are cancelled; sometimes the provider thinks again. */
  private cancelWindow(fixture: Fixture) {
    if (fixture.info.status !== 'not_started') return;
    const def = fixture.defs[0] as MarketDef;
    const window = { start_time: this.now - 10 * MINUTE, end_time: this.now - 4 * MINUTE };
    const markets = [{ id: def.id, specifiers: def.specifiers }];
    this.publish({
      type: 'bet_cancel',
      producer: 'prematch',
      timestamp: this.now,
      event_id: fixture.info.id,
      ...window,
      reason: 'incorrect_odds',
      markets,
    });
    if (fixture.setup.sport === 'basketball' || fixture.rng.chance(0.5)) {
      this.at(Math.min(fixture.info.start_time - 1000, this.now + 20_000), () =>
        this.publish({
          type: 'rollback_bet_cancel',
          producer: 'prematch',
          timestamp: this.now,
          event_id: fixture.info.id,
          ...window,
          markets,
        }),
      );
    }
  }
}
