import type {
  FeedFixture,
  FeedFixtureDetail,
  FeedMarket,
  FeedMessage,
  FeedProducer,
  UnsequencedFeedMessage,
} from '@tala/contracts/odds-feed';
import { marketKey } from '@tala/contracts/odds-feed';
import { ActionQueue } from './action-queue.ts';
import { type SportSetup, setups, sidesOf } from './catalogue.ts';
import { type Engine, engineFor, newPlay, type Play, playOut } from './engines.ts';
import { type MarketDef, marketsFor, priceMarkets } from './markets.ts';
import { cancelWindow, kickoff, postpone, reschedule, state } from './match-play.ts';
import { type OutrightPlan, startOutright } from './outright-play.ts';
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
export type Fixture = {
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
  outright?: OutrightPlan;
};

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

export class World {
  readonly fixtures = new Map<string, Fixture>();
  private readonly queue = new ActionQueue();
  /** The feed's clock as the simulation has reached it (the time of the action running). */
  now: number;
  private sequence = 0;
  /** The log as the JSON sent (far smaller than the objects), with each message's timestamp beside it. */
  private log: string[] = [];
  private logTimes: number[] = [];
  private firstLogged = 1;
  private matchCounter = 0;
  private cupCounter = 0;
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
    this.soonCups();
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
      state: state(f),
      betting_status: f.stopped === 'all' ? 'suspended' : 'open',
      markets: f.markets,
    };
  }

  /** Plans an action at a time of the feed's clock. */
  at(at: number, run: () => void) {
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
    // A daily cup of one esport (an afternoon's knock-out), with its own stream so the matches stay as they were.
    const cups = random(`${this.options.seed}:cup:${day}`);
    const setup = cups.pick(setups.filter((s) => s.leagues[0]?.category === 'Esports'));
    const start = dayStart + (11 + cups.int(6)) * 60 * MINUTE;
    const length = (4 + cups.int(3)) * 60 * MINUTE;
    if (start >= this.now + 10 * MINUTE) this.createCup(setup, start, length, cups);
  }

  /** Two short outrights starting in the first half hour and settled within three hours: one a dead heat. */
  private soonCups() {
    const rng = random(`${this.options.seed}:soon-cups`);
    const dota = setups.find((s) => s.sport === 'dota2') as SportSetup;
    const football = setups.find((s) => s.sport === 'football') as SportSetup;
    this.createCup(dota, this.options.epoch + 20 * MINUTE, 90 * MINUTE, rng, true);
    this.createCup(football, this.options.epoch + 25 * MINUTE, 120 * MINUTE, rng, false);
  }

  /** A short tournament of eight sides of a league: its winner as an outright, settled a few hours after it starts. */
  private createCup(setup: SportSetup, start: number, length: number, rng: Random, tie?: boolean) {
    const league = rng.pick(setup.leagues);
    const pool = [...this.sides(setup, league.id)];
    const sides: Side[] = [];
    while (sides.length < 8 && pool.length > 0) sides.push(...pool.splice(rng.int(pool.length), 1));
    const id = `sim:cup:${++this.cupCounter + 50_000_000}`;
    this.createOutright(setup, league, {
      id,
      // A tournament of its own, so the league's season keeps its name.
      tournament: { id: `sim:tournament:${league.id}-cup`, name: `${league.name} Daily Cup` },
      start,
      plan: { sides, length, ...(tie === undefined ? {} : { tie }) },
    });
  }

  /**
   * Finished fixtures (matches, and outrights once settled) stay listed for two days, then are forgotten (a feed
   * running for weeks stays small).
   */
  private forgetOld(before: number) {
    for (const [id, f] of this.fixtures)
      if (f.info.start_time < before && !['not_started', 'live', 'ended'].includes(f.info.status))
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
    this.announce(fixture);
    this.reprice(fixture, 'prematch', finals);
    this.scheduleDrift(fixture);
    this.at(start, () => kickoff(this, fixture));
    if (fate === 'postponed') {
      const when = Math.max(this.now + 30_000, start - 45 * MINUTE);
      this.at(when, () => postpone(this, fixture));
    }
    if (fate === 'rescheduled') {
      this.at(Math.max(this.now + 30_000, start - 3 * 60 * MINUTE), () => reschedule(this, fixture));
    }
    if (fate === 'cancel_window') {
      const when = Math.min(
        start - 30_000,
        this.now + 60_000 + fixture.rng.int(Math.max(1, start - this.now - 120_000)),
      );
      this.at(when, () => cancelWindow(this, fixture));
    }
  }

  /** The season winners of two football leagues and a Dota 2 league: the seasons start in 30–90 days, last 270. */
  private outrights() {
    const rng = random(`${this.options.seed}:outrights`);
    for (const [sport, leagueId] of [
      ['football', 101],
      ['football', 102],
      ['dota2', 902],
    ] as const) {
      const setup = setups.find((s) => s.sport === sport) as SportSetup;
      const league = setup.leagues.find((l) => l.id === leagueId) as SportSetup['leagues'][number];
      this.createOutright(setup, league, {
        id: `sim:season:${leagueId}${new Date(this.options.epoch).getUTCFullYear()}`,
        tournament: { id: `sim:tournament:${leagueId}`, name: league.name },
        start: this.options.epoch + (30 + rng.int(60)) * DAY,
        plan: { sides: this.sides(setup, leagueId), length: 270 * DAY },
      });
    }
  }

  private createOutright(
    setup: SportSetup,
    league: SportSetup['leagues'][number],
    what: { id: string; tournament: { id: string; name: string }; start: number; plan: OutrightPlan },
  ) {
    const { id, start, plan } = what;
    const fixture: Fixture = {
      info: {
        id,
        kind: 'outright',
        sport: setup.sport,
        category: league.category,
        tournament: what.tournament,
        competitors: plan.sides.map((s) => ({ id: s.id, name: s.name, abbreviation: s.abbreviation })),
        start_time: start,
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
      // Its own copy of the ratings: they drift with its prices.
      outright: { ...plan, sides: plan.sides.map((s) => ({ ...s })) },
    };
    this.fixtures.set(id, fixture);
    this.announce(fixture);
    this.repriceOutright(fixture);
    this.at(start, () => startOutright(this, fixture));
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
    // Every few hours until the start (every few minutes for a cup starting soon).
    const untilStart = fixture.info.start_time - this.now;
    const next =
      untilStart > DAY
        ? (4 + fixture.rng.int(8)) * 60 * MINUTE
        : Math.max(MINUTE, Math.min(2 * 60 * MINUTE, untilStart / 4));
    if (this.now + next >= fixture.info.start_time - MINUTE) return;
    this.at(this.now + next, () => {
      if (fixture.info.status !== 'not_started') return;
      for (const s of sides) s.rating += fixture.rng.normal(0, 0.03);
      this.repriceOutright(fixture);
    });
  }

  /** A new fixture on the feed (its fixture_change `new`). */
  private announce(fixture: Fixture) {
    this.publish({
      type: 'fixture_change',
      producer: 'prematch',
      timestamp: this.now,
      event_id: fixture.info.id,
      change: 'new',
      fixture: fixture.info,
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

  reprice(fixture: Fixture, producer: FeedProducer, finals = this.imagine(fixture)) {
    const stopped = fixture.stopped;
    const markets = priceMarkets(fixture.defs, finals, false).map((m) => {
      if (m.status !== 'active') return m;
      if (stopped === 'all' || stopped?.has(m.id)) return { ...m, status: 'suspended' as const };
      return m;
    });
    this.publishOdds(fixture, producer, markets);
  }

  /** Publishes the markets that changed (all of them when the betting status changed). */
  publishOdds(fixture: Fixture, producer: FeedProducer, markets: FeedMarket[], reason?: string) {
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
}
