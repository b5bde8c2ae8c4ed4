import type { FeedSport } from '@tala/contracts/odds-feed';
import type { Random } from './random.ts';

/**
 * How each sport is played, one step at a time. The same engines play the match the feed reports and, from a copy
 * of its state, the many imagined rests of the match the odds are priced from: prices and results cannot disagree.
 * `strength` is the home side's edge, 0.5 for an even match.
 */
export type Side = 'home' | 'away';
export type PeriodScore = { number: number; type: string; home: number; away: number };
export type Play = {
  /** The period in play or just ended, 0 before the start. */
  period: number;
  periodName: string;
  /** Playing seconds elapsed (timed sports). */
  elapsed: number;
  /** When the current period ends, in elapsed seconds (timed sports). */
  periodEnd: number;
  running: boolean;
  inBreak: boolean;
  home: number;
  away: number;
  periods: PeriodScore[];
  /** Points in the current game (tennis) or set (rally sports) or rounds in the map (shooters). */
  points: [number, number];
  /** Games in the current set (tennis). */
  games: [number, number];
  /** Tennis: who serves the current game (0 home, 1 away). */
  serving: 0 | 1;
  started: boolean;
  ended: boolean;
};
export type Step = {
  /** Seconds of the feed's clock the step took. */
  after: number;
  /** kickoff, goal, point, game, set, run, half_inning, round, map, period_start, period_end, ended */
  event: string;
  side?: Side;
  /** Markets stop for a moment (a goal, a map won). */
  stop?: boolean;
  /** The step changes prices enough to publish new odds. */
  reprice?: boolean;
};
export type Engine = {
  timed: boolean;
  periodType: string;
  next: (play: Play, strength: number, rng: Random) => Step;
};

export function newPlay(): Play {
  return {
    period: 0,
    periodName: 'not started',
    elapsed: 0,
    periodEnd: 0,
    running: false,
    inBreak: false,
    home: 0,
    away: 0,
    periods: [],
    points: [0, 0],
    games: [0, 0],
    serving: 0,
    started: false,
    ended: false,
  };
}

export function clonePlay(play: Play): Play {
  return {
    ...play,
    periods: play.periods.map((p) => ({ ...p })),
    points: [play.points[0], play.points[1]],
    games: [play.games[0], play.games[1]],
  };
}

function current(play: Play): PeriodScore {
  return play.periods[play.periods.length - 1] as PeriodScore;
}

function addScore(play: Play, side: Side, amount = 1) {
  play[side] += amount;
  current(play)[side] += amount;
}

/** Clocked sports where goals or points arrive at random: football, ice hockey, basketball. */
function timedEngine(config: {
  periods: number;
  periodSeconds: number;
  breakSeconds: (after: number) => number;
  periodType: string;
  periodNames: string[];
  /** Stoppage time added to a period, in seconds, drawn at its start. */
  stoppage?: (period: number, rng: Random) => number;
  /** Scores per second of play for each side. */
  rates: (strength: number) => [number, number];
  amount: (rng: Random) => number;
  overtime: 'none' | 'sudden_death_then_shootout' | 'periods';
  overtimeSeconds: number;
  scoreEvent: string;
  scoreStops: boolean;
}): Engine {
  const startPeriod = (play: Play, number: number, rng: Random) => {
    play.period = number;
    const overtime = number > config.periods;
    play.periodName = overtime
      ? 'overtime'
      : (config.periodNames[number - 1] ?? `${config.periodType} ${number}`);
    play.periods.push({ number, type: overtime ? 'overtime' : config.periodType, home: 0, away: 0 });
    const length = overtime ? config.overtimeSeconds : config.periodSeconds;
    const base =
      overtime && config.overtime === 'periods'
        ? play.elapsed
        : overtime
          ? config.periods * config.periodSeconds
          : (number - 1) * config.periodSeconds;
    play.elapsed = base;
    play.periodEnd = base + length + (config.stoppage?.(number, rng) ?? 0);
    play.running = true;
    play.inBreak = false;
  };
  return {
    timed: true,
    periodType: config.periodType,
    next(play, strength, rng) {
      if (!play.started) {
        play.started = true;
        startPeriod(play, 1, rng);
        return { after: 0, event: 'kickoff', reprice: true };
      }
      if (play.inBreak) {
        const gap = config.breakSeconds(play.period);
        startPeriod(play, play.period + 1, rng);
        return { after: gap, event: 'period_start', reprice: true };
      }
      const [rh, ra] = config.rates(strength);
      const overtime = play.period > config.periods;
      const wait = rng.exponential(1 / (rh + ra));
      if (play.elapsed + wait >= play.periodEnd) {
        const after = play.periodEnd - play.elapsed;
        play.elapsed = play.periodEnd;
        play.running = false;
        const tied = play.home === play.away;
        if (
          play.period < config.periods ||
          (play.period >= config.periods && tied && config.overtime === 'periods')
        ) {
          play.inBreak = true;
          play.periodName = play.period < config.periods ? 'break' : 'before overtime';
          return { after, event: 'period_end', reprice: true };
        }
        if (tied && config.overtime === 'sudden_death_then_shootout') {
          if (!overtime) {
            play.inBreak = true;
            play.periodName = 'before overtime';
            return { after, event: 'period_end', reprice: true };
          }
          play.periods.push({ number: play.period + 1, type: 'penalties', home: 0, away: 0 });
          play.period += 1;
          addScore(play, rng.chance(0.5 + (strength - 0.5) * 0.5) ? 'home' : 'away');
          play.periodName = 'ended';
          play.ended = true;
          return { after: after + 240, event: 'ended' };
        }
        play.periodName = 'ended';
        play.ended = true;
        return { after, event: 'ended' };
      }
      play.elapsed += wait;
      const side: Side = rng.chance(rh / (rh + ra)) ? 'home' : 'away';
      addScore(play, side, config.amount(rng));
      if (overtime && config.overtime === 'sudden_death_then_shootout') {
        play.running = false;
        play.periodName = 'ended';
        play.ended = true;
        return { after: wait, event: 'ended', side };
      }
      return {
        after: wait,
        event: config.scoreEvent,
        side,
        stop: config.scoreStops,
        reprice: config.scoreStops,
      };
    },
  };
}

/** Per-side rates from a total and the home edge. */
const split = (total: number, strength: number, spread: number): [number, number] => {
  const share = Math.min(0.9, Math.max(0.1, 0.5 + (strength - 0.5) * spread));
  return [total * share, total * (1 - share)];
};

const football = timedEngine({
  periods: 2,
  periodSeconds: 45 * 60,
  breakSeconds: () => 15 * 60,
  periodType: 'half',
  periodNames: ['1st half', '2nd half'],
  stoppage: (period, rng) => 60 * (period === 1 ? rng.int(4) : 2 + rng.int(5)),
  rates: (s) => split(2.6 / 5400, s, 1.1),
  amount: () => 1,
  overtime: 'none',
  overtimeSeconds: 0,
  scoreEvent: 'goal',
  scoreStops: true,
});

const iceHockey = timedEngine({
  periods: 3,
  periodSeconds: 20 * 60,
  breakSeconds: (p) => (p < 3 ? 18 * 60 : 3 * 60),
  periodType: 'period',
  periodNames: ['1st period', '2nd period', '3rd period'],
  rates: (s) => split(5.8 / 3600, s, 0.9),
  amount: () => 1,
  overtime: 'sudden_death_then_shootout',
  overtimeSeconds: 5 * 60,
  scoreEvent: 'goal',
  scoreStops: true,
});

const basketball = timedEngine({
  periods: 4,
  periodSeconds: 10 * 60,
  breakSeconds: (p) => (p === 2 ? 15 * 60 : 2 * 60),
  periodType: 'quarter',
  periodNames: ['1st quarter', '2nd quarter', '3rd quarter', '4th quarter'],
  rates: (s) => split(164 / 2.13 / 2400, s, 0.35),
  amount: (rng) => {
    const r = rng.next();
    return r < 0.12 ? 1 : r < 0.75 ? 2 : 3;
  },
  overtime: 'periods',
  overtimeSeconds: 5 * 60,
  scoreEvent: 'point',
  scoreStops: false,
});

/** Rally-scored sets: volleyball, badminton, table tennis. */
function rallyEngine(config: {
  setsToWin: number;
  points: number;
  lastSetPoints: number;
  cap?: number;
  secondsPerPoint: number;
  breakSeconds: number;
  edge: number;
}): Engine {
  return {
    timed: false,
    periodType: 'set',
    next(play, strength, rng) {
      if (!play.started || play.inBreak) {
        const first = !play.started;
        play.started = true;
        play.inBreak = false;
        play.period += 1;
        play.periodName = `set ${play.period}`;
        play.periods.push({ number: play.period, type: 'set', home: 0, away: 0 });
        play.points = [0, 0];
        return {
          after: first ? 0 : config.breakSeconds,
          event: first ? 'kickoff' : 'period_start',
          reprice: true,
        };
      }
      const side: Side = rng.chance(0.5 + (strength - 0.5) * config.edge) ? 'home' : 'away';
      const i = side === 'home' ? 0 : 1;
      play.points[i] += 1;
      current(play)[side] += 1;
      const after = rng.exponential(config.secondsPerPoint);
      const lastSet = play.home + play.away === config.setsToWin * 2 - 2;
      const target = lastSet ? config.lastSetPoints : config.points;
      const [a, b] = play.points;
      const won =
        (Math.max(a, b) >= target && Math.abs(a - b) >= 2) ||
        (config.cap !== undefined && Math.max(a, b) >= config.cap);
      if (!won) return { after, event: 'point', side, reprice: (a + b) % 6 === 0 };
      play[side] += 1;
      if (play[side] >= config.setsToWin) {
        play.ended = true;
        play.periodName = 'ended';
        return { after, event: 'ended', side };
      }
      play.inBreak = true;
      play.periodName = 'break';
      return { after, event: 'set', side, reprice: true };
    },
  };
}

const tennis: Engine = {
  timed: false,
  periodType: 'set',
  next(play, strength, rng) {
    if (!play.started || play.inBreak) {
      const first = !play.started;
      play.started = true;
      play.inBreak = false;
      play.period += 1;
      play.periodName = `set ${play.period}`;
      play.periods.push({ number: play.period, type: 'set', home: 0, away: 0 });
      play.points = [0, 0];
      play.games = [0, 0];
      return { after: first ? 0 : 120, event: first ? 'kickoff' : 'period_start', reprice: true };
    }
    const edge = (strength - 0.5) * 0.22;
    const serverWins = 0.63;
    const homeWinsPoint = play.serving === 0 ? serverWins + edge : 1 - serverWins + edge;
    const side: Side = rng.chance(homeWinsPoint) ? 'home' : 'away';
    const i = side === 'home' ? 0 : 1;
    play.points[i] += 1;
    const after = rng.exponential(40);
    const tiebreak = play.games[0] === 6 && play.games[1] === 6;
    const [a, b] = play.points;
    const gameWon = Math.max(a, b) >= (tiebreak ? 7 : 4) && Math.abs(a - b) >= 2;
    if (!gameWon) return { after, event: 'point', side };
    play.points = [0, 0];
    play.games[i] += 1;
    current(play)[side] += 1;
    play.serving = play.serving === 0 ? 1 : 0;
    const [g, h] = play.games;
    const setWon = (Math.max(g, h) >= 6 && Math.abs(g - h) >= 2) || Math.max(g, h) === 7;
    if (!setWon) return { after, event: 'game', side, reprice: true };
    play[side] += 1;
    if (play[side] >= 2) {
      play.ended = true;
      play.periodName = 'ended';
      return { after, event: 'ended', side };
    }
    play.inBreak = true;
    play.periodName = 'break';
    return { after, event: 'set', side, reprice: true };
  },
};

/** Nine innings, one step per half-inning; extra innings while tied. */
const baseball: Engine = {
  timed: false,
  periodType: 'inning',
  next(play, strength, rng) {
    if (!play.started) {
      play.started = true;
      play.period = 1;
      play.periodName = 'top 1st';
      play.periods.push({ number: 1, type: 'inning', home: 0, away: 0 });
      play.points = [0, 0];
      return { after: 0, event: 'kickoff', reprice: true };
    }
    // points[0] counts half-innings played in the current inning (0 top done? 1 bottom done).
    const top = play.points[0] === 0;
    const side: Side = top ? 'away' : 'home';
    const mean = 0.52 * (side === 'home' ? 1 + (strength - 0.5) * 0.8 : 1 - (strength - 0.5) * 0.8);
    const runs = rng.chance(0.3) ? rng.poisson(mean * 1.9) + (rng.chance(0.5) ? 1 : 0) : 0;
    if (runs > 0) addScore(play, side, runs);
    const after = 480 + rng.exponential(240);
    const inning = play.period;
    if (top) {
      if (inning >= 9 && play.home > play.away) {
        play.ended = true;
        play.periodName = 'ended';
        return { after, event: 'ended', side };
      }
      play.points = [1, 0];
      play.periodName = `bottom ${inning}`;
      return { after, event: runs > 0 ? 'run' : 'half_inning', side, reprice: true };
    }
    if (inning >= 9 && play.home !== play.away) {
      play.ended = true;
      play.periodName = 'ended';
      return { after, event: 'ended', side };
    }
    play.period += 1;
    play.points = [0, 0];
    play.periodName = `top ${play.period}`;
    play.periods.push({ number: play.period, type: 'inning', home: 0, away: 0 });
    return { after, event: runs > 0 ? 'run' : 'half_inning', side, reprice: true };
  },
};

/** Best-of-N maps; shooters play rounds to 13 (overtime: two clear), MOBAs one fight per map. */
function mapsEngine(kind: 'rounds' | 'moba', bestOf: number): Engine {
  const toWin = Math.floor(bestOf / 2) + 1;
  return {
    timed: false,
    periodType: 'map',
    next(play, strength, rng) {
      if (!play.started || play.inBreak) {
        const first = !play.started;
        play.started = true;
        play.inBreak = false;
        play.period += 1;
        play.periodName = `map ${play.period}`;
        play.periods.push({ number: play.period, type: 'map', home: 0, away: 0 });
        play.points = [0, 0];
        return {
          after: first ? 0 : 360 + rng.int(240),
          event: first ? 'kickoff' : 'period_start',
          reprice: true,
        };
      }
      let side: Side;
      let after: number;
      if (kind === 'rounds') {
        side = rng.chance(0.5 + (strength - 0.5) * 0.3) ? 'home' : 'away';
        const i = side === 'home' ? 0 : 1;
        play.points[i] += 1;
        current(play)[side] += 1;
        after = 70 + rng.exponential(40);
        const [a, b] = play.points;
        const mapWon =
          (Math.max(a, b) >= 13 && Math.abs(a - b) >= 2 && a + b <= 24) ||
          (a + b > 24 && Math.abs(a - b) >= 2);
        if (!mapWon) return { after, event: 'round', side, reprice: (a + b) % 4 === 0 };
      } else {
        side = rng.chance(0.5 + (strength - 0.5) * 0.8) ? 'home' : 'away';
        current(play)[side] += 1;
        after = Math.max(900, rng.normal(34 * 60, 7 * 60));
      }
      play[side] += 1;
      if (play[side] >= toWin) {
        play.ended = true;
        play.periodName = 'ended';
        return { after, event: 'ended', side };
      }
      play.inBreak = true;
      play.periodName = 'break';
      return { after, event: 'map', side, stop: true, reprice: true };
    },
  };
}

const volleyball = rallyEngine({
  setsToWin: 3,
  points: 25,
  lastSetPoints: 15,
  secondsPerPoint: 28,
  breakSeconds: 180,
  edge: 0.12,
});
const badminton = rallyEngine({
  setsToWin: 2,
  points: 21,
  lastSetPoints: 21,
  cap: 30,
  secondsPerPoint: 16,
  breakSeconds: 120,
  edge: 0.14,
});
const tableTennis = rallyEngine({
  setsToWin: 3,
  points: 11,
  lastSetPoints: 11,
  secondsPerPoint: 11,
  breakSeconds: 60,
  edge: 0.14,
});

export function engineFor(sport: FeedSport, bestOf: number): Engine {
  switch (sport) {
    case 'football':
      return football;
    case 'ice_hockey':
      return iceHockey;
    case 'basketball':
      return basketball;
    case 'tennis':
      return tennis;
    case 'volleyball':
      return volleyball;
    case 'badminton':
      return badminton;
    case 'table_tennis':
      return tableTennis;
    case 'baseball':
      return baseball;
    case 'counter_strike':
    case 'valorant':
      return mapsEngine('rounds', bestOf);
    case 'mobile_legends':
    case 'dota2':
    case 'league_of_legends':
      return mapsEngine('moba', bestOf);
  }
}

/** Plays a copy of the match to its end (for pricing). */
export function playOut(engine: Engine, play: Play, strength: number, rng: Random): Play {
  const copy = clonePlay(play);
  let guard = 0;
  while (!copy.ended && guard++ < 5000) engine.next(copy, strength, rng);
  return copy;
}
