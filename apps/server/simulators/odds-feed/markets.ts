import type { FeedMarket, FeedSport } from '@tala/contracts/odds-feed';
import type { Play } from './engines.ts';

/**
 * The markets offered per sport, each outcome with its settlement rule over the final state of a match. Prices are
 * the fair price of that rule over many imagined finishes, less a margin, so an Asian quarter line is priced with
 * its half refunds exactly as it is later settled.
 */
export type Settled = { win: boolean; voidFactor: 0 | 0.5 | 1; deadHeat: number };
export type OutcomeDef = { id: string; name: string; settle: (final: Play) => Settled };
export type MarketDef = {
  id: string;
  specifiers: string;
  name: string;
  margin: number;
  outcomes: OutcomeDef[];
};

const WIN: Settled = { win: true, voidFactor: 0, deadHeat: 1 };
const LOSE: Settled = { win: false, voidFactor: 0, deadHeat: 1 };
const VOID: Settled = { win: false, voidFactor: 1, deadHeat: 1 };
const outcome = (win: boolean) => (win ? WIN : LOSE);

/** A line split in two halves when it is a quarter (−0.75 = −0.5 and −1); x > 0 wins, x = 0 refunds. */
function lineResult(value: number, line: number): Settled {
  const quarter = Math.abs(line * 4) % 2 === 1;
  const parts = quarter ? [line - 0.25, line + 0.25] : [line];
  let won = 0;
  let refunded = 0;
  for (const part of parts) {
    const x = value + part;
    if (x > 0) won += 1 / parts.length;
    else if (x === 0) refunded += 1 / parts.length;
  }
  if (refunded === 1) return VOID;
  if (refunded === 0.5) return { win: won > 0, voidFactor: 0.5, deadHeat: 1 };
  return outcome(won === 1);
}

const fmt = (n: number) => String(n);
const regulation = (play: Play, type: string) =>
  play.periods
    .filter((p) => p.type === type)
    .reduce((s, p) => [(s[0] ?? 0) + p.home, (s[1] ?? 0) + p.away], [0, 0]);
const sumPoints = (play: Play) => play.periods.reduce((s, p) => s + p.home + p.away, 0);

function threeWay(name: string, score: (f: Play) => number[]): MarketDef {
  const diff = (f: Play) => {
    const [h = 0, a = 0] = score(f);
    return h - a;
  };
  return {
    id: '1x2',
    specifiers: '',
    name,
    margin: 0.07,
    outcomes: [
      { id: 'home', name: 'Home', settle: (f) => outcome(diff(f) > 0) },
      { id: 'draw', name: 'Draw', settle: (f) => outcome(diff(f) === 0) },
      { id: 'away', name: 'Away', settle: (f) => outcome(diff(f) < 0) },
    ],
  };
}

function winner(name = 'Winner', id = 'winner'): MarketDef {
  return {
    id,
    specifiers: '',
    name,
    margin: 0.05,
    outcomes: [
      { id: 'home', name: 'Home', settle: (f) => outcome(f.home > f.away) },
      { id: 'away', name: 'Away', settle: (f) => outcome(f.away > f.home) },
    ],
  };
}

/** Handicap from the home side's view (UOF's convention): `hcp=-0.75` gives home −0.75 and away +0.75. */
function handicap(id: string, name: string, line: number, margin = (f: Play) => f.home - f.away): MarketDef {
  return {
    id,
    specifiers: `hcp=${fmt(line)}`,
    name: `${name} ${fmt(line)}`,
    margin: 0.05,
    outcomes: [
      { id: 'home', name: `Home ${fmt(line)}`, settle: (f) => lineResult(margin(f), line) },
      { id: 'away', name: `Away ${fmt(-line)}`, settle: (f) => lineResult(-margin(f), -line) },
    ],
  };
}

function total(id: string, name: string, line: number, count: (f: Play) => number): MarketDef {
  return {
    id,
    specifiers: `total=${fmt(line)}`,
    name: `${name} ${fmt(line)}`,
    margin: 0.05,
    outcomes: [
      { id: 'over', name: `Over ${fmt(line)}`, settle: (f) => lineResult(count(f), -line) },
      { id: 'under', name: `Under ${fmt(line)}`, settle: (f) => lineResult(-count(f), line) },
    ],
  };
}

const quarter = (x: number) => Math.round(x * 4) / 4;
const half = (x: number) => Math.floor(x) + 0.5;

/** Expectations of a match before it starts, from which the lines are chosen. */
export type Expectation = { margin: number; total: number; games: number; points: number };

export function marketsFor(sport: FeedSport, bestOf: number, expect: Expectation): MarketDef[] {
  switch (sport) {
    case 'football': {
      const main = quarter(-expect.margin);
      const totalMain = quarter(expect.total);
      const goals = (f: Play) => f.home + f.away;
      const halves = (f: Play) => [f.periods[0], f.periods[1]].map((p) => (p ? p.home + p.away : 0));
      const scores: MarketDef['outcomes'] = [];
      for (let h = 0; h <= 3; h++)
        for (let a = 0; a <= 3; a++)
          scores.push({
            id: `${h}:${a}`,
            name: `${h}:${a}`,
            settle: (f) => outcome(f.home === h && f.away === a),
          });
      scores.push({ id: 'other', name: 'Any other', settle: (f) => outcome(f.home > 3 || f.away > 3) });
      const totals = new Set([totalMain - 0.25, totalMain, totalMain + 0.25, 2.5]);
      return [
        threeWay('1X2', (f) => [f.home, f.away]),
        ...[main - 0.25, main, main + 0.25].map((l) => handicap('asian_handicap', 'Asian handicap', l)),
        ...[...totals].sort((a, b) => a - b).map((l) => total('total', 'Total goals', l, goals)),
        {
          id: 'odd_even',
          specifiers: '',
          name: 'Total goals odd/even',
          margin: 0.05,
          outcomes: [
            { id: 'odd', name: 'Odd', settle: (f) => outcome(goals(f) % 2 === 1) },
            { id: 'even', name: 'Even', settle: (f) => outcome(goals(f) % 2 === 0) },
          ],
        },
        {
          id: 'btts',
          specifiers: '',
          name: 'Both teams to score',
          margin: 0.06,
          outcomes: [
            { id: 'yes', name: 'Yes', settle: (f) => outcome(f.home > 0 && f.away > 0) },
            { id: 'no', name: 'No', settle: (f) => outcome(f.home === 0 || f.away === 0) },
          ],
        },
        { id: 'correct_score', specifiers: '', name: 'Correct score', margin: 0.15, outcomes: scores },
        {
          // Two outcomes and no "equal": a tie is a dead heat, each side paid half its odds.
          id: 'highest_scoring_half',
          specifiers: '',
          name: 'Highest scoring half (dead heat rules)',
          margin: 0.06,
          outcomes: (['first', 'second'] as const).map((id, i) => ({
            id,
            name: i === 0 ? '1st half' : '2nd half',
            settle: (f: Play) => {
              const [a = 0, b = 0] = halves(f);
              if (a === b) return { win: true, voidFactor: 0, deadHeat: 0.5 } as Settled;
              return outcome(i === 0 ? a > b : b > a);
            },
          })),
        },
      ];
    }
    case 'ice_hockey': {
      const totalMain = half(expect.total - 0.5);
      return [
        threeWay('1X2 (regular time)', (f) => regulation(f, 'period')),
        winner('Winner (incl. overtime and penalties)'),
        handicap('handicap', 'Puck line', -1.5),
        handicap('handicap', 'Puck line', 1.5),
        ...[totalMain - 1, totalMain, totalMain + 1].map((l) =>
          total('total', 'Total goals (incl. overtime)', l, (f) => f.home + f.away),
        ),
      ];
    }
    case 'basketball': {
      const main = half(-expect.margin);
      const totalMain = half(expect.total);
      return [
        winner('Moneyline (incl. overtime)'),
        ...[main - 2, main, main + 2].map((l) => handicap('handicap', 'Handicap (incl. overtime)', l)),
        ...[totalMain - 4, totalMain, totalMain + 4].map((l) =>
          total('total', 'Total points (incl. overtime)', l, (f) => f.home + f.away),
        ),
      ];
    }
    case 'baseball':
      return [
        winner('Moneyline (incl. extra innings)'),
        handicap('handicap', 'Run line', -1.5),
        handicap('handicap', 'Run line', 1.5),
        ...[7.5, 8.5, 9.5].map((l) => total('total', 'Total runs', l, (f) => f.home + f.away)),
      ];
    case 'tennis': {
      const gamesMain = half(expect.games);
      return [
        winner('Match winner'),
        handicap('set_handicap', 'Set handicap', -1.5),
        handicap('set_handicap', 'Set handicap', 1.5),
        ...[gamesMain - 1, gamesMain, gamesMain + 1].map((l) =>
          total('total_games', 'Total games', l, sumPoints),
        ),
      ];
    }
    case 'volleyball':
    case 'badminton':
    case 'table_tennis': {
      const pointsMain = half(expect.points);
      return [
        winner('Match winner'),
        handicap('set_handicap', 'Set handicap', -1.5),
        handicap('set_handicap', 'Set handicap', 1.5),
        ...[pointsMain - 2, pointsMain, pointsMain + 2].map((l) =>
          total('total_points', 'Total points', l, sumPoints),
        ),
      ];
    }
    default: {
      const lines = bestOf >= 5 ? [-2.5, -1.5, 1.5, 2.5] : bestOf >= 3 ? [-1.5, 1.5] : [];
      const totals = bestOf >= 5 ? [3.5, 4.5] : bestOf >= 3 ? [2.5] : [];
      const maps: MarketDef[] = [];
      for (let n = 1; n <= bestOf; n++)
        maps.push({
          id: 'map_winner',
          specifiers: `mapnr=${n}`,
          name: `Map ${n} winner`,
          margin: 0.05,
          outcomes: (['home', 'away'] as const).map((side) => ({
            id: side,
            name: side === 'home' ? 'Home' : 'Away',
            settle: (f: Play) => {
              const map = f.periods[n - 1];
              if (!map) return VOID; // not played: bets on it are refunded
              return outcome(side === 'home' ? map.home > map.away : map.away > map.home);
            },
          })),
        });
      return [
        winner('Match winner'),
        ...lines.map((l) => handicap('map_handicap', 'Map handicap', l)),
        ...totals.map((l) => total('total_maps', 'Total maps', l, (f) => f.home + f.away)),
        ...maps,
      ];
    }
  }
}

/** Decimal thousandths the way books quote them: two decimals under 10, one under 100. */
function roundOdds(decimal: number): number {
  const t = decimal * 1000;
  const step = t < 10_000 ? 10 : t < 100_000 ? 100 : 1000;
  return Math.min(1_000_000, Math.max(1_010, Math.round(t / step) * step));
}

/**
 * Prices every market over the imagined finishes. A market whose every outcome is already certain across them is
 * deactivated (its result is known, or no longer in doubt).
 */
export function priceMarkets(defs: MarketDef[], finals: Play[], suspended: boolean): FeedMarket[] {
  return defs.map((def) => {
    let decided = true;
    const outcomes = def.outcomes.map((o) => {
      let refund = 0;
      let paid = 0;
      let first: string | undefined;
      for (const f of finals) {
        const s = o.settle(f);
        refund += s.voidFactor;
        if (s.win) paid += (1 - s.voidFactor) * s.deadHeat;
        const key = `${s.win}${s.voidFactor}${s.deadHeat}`;
        if (first === undefined) first = key;
        else if (key !== first) decided = false;
      }
      const n = finals.length;
      if (paid === 0) return { id: o.id, name: o.name, active: false };
      const fair = (1 - refund / n) / (paid / n);
      return { id: o.id, name: o.name, odds: roundOdds(fair / (1 + def.margin)), active: true };
    });
    const status = decided ? 'deactivated' : suspended ? 'suspended' : 'active';
    return {
      id: def.id,
      specifiers: def.specifiers,
      name: def.name,
      status,
      outcomes: decided ? outcomes.map((o) => ({ id: o.id, name: o.name, active: false })) : outcomes,
    } satisfies FeedMarket;
  });
}

/** The result of every outcome of a market on the final state. */
export function settleMarket(def: MarketDef, final: Play) {
  return {
    id: def.id,
    specifiers: def.specifiers,
    outcomes: def.outcomes.map((o) => {
      const s = o.settle(final);
      return {
        id: o.id,
        result: s.win ? ('win' as const) : ('lose' as const),
        ...(s.voidFactor ? { void_factor: s.voidFactor } : {}),
        ...(s.deadHeat !== 1 ? { dead_heat_factor: s.deadHeat } : {}),
      };
    }),
  };
}
