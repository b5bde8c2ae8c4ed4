import type { FeedMarket } from '@tala/contracts/odds-feed';
import { outrightResult, type Standing } from '@tala/sports/settlement';
import { state } from './match-play.ts';
import type { Random } from './random.ts';
import type { Fixture, World } from './world.ts';

/**
 * An outright from its start to its settlement: at the start time betting stops (a bet_stop of every market, the
 * status live); when the competition ends the standings are drawn from the sides' ratings, the status is ended and
 * the market deactivated, and two minutes later the market is settled, one result per competitor, a shared first
 * place as a dead heat (outrightResult of @tala/sports, the rule the sportsbook itself knows). Outrights have no
 * live odds: every message is the prematch producer's.
 */
const MINUTE = 60_000;

/** The chance that the top two finish level (a shared title, a drawn final). */
const TIE_CHANCE = 0.05;

export type OutrightPlan = {
  sides: { id: string; name: string; abbreviation: string; rating: number }[];
  /** From the start time to the end of the competition, ms. */
  length: number;
  /** Whether the top two share first place; undefined: by chance. */
  tie?: boolean;
};

function publishState(w: World, fixture: Fixture, event: string) {
  w.publish({
    type: 'score',
    producer: 'prematch',
    timestamp: w.now,
    event_id: fixture.info.id,
    state: state(fixture),
    event,
  });
}

export function startOutright(w: World, fixture: Fixture) {
  if (fixture.info.status !== 'not_started') return;
  fixture.info = { ...fixture.info, status: 'live' };
  fixture.stopped = 'all';
  fixture.stops += 1;
  w.publish({
    type: 'bet_stop',
    producer: 'prematch',
    timestamp: w.now,
    event_id: fixture.info.id,
    markets: 'all',
    reason: 'started',
  });
  publishState(w, fixture, 'kickoff');
  w.at(fixture.info.start_time + (fixture.outright?.length ?? 0), () => endOutright(w, fixture));
}

/**
 * The final standings: each side's performance is its rating (as priced, ×1.4) plus Gumbel noise, so each wins with
 * the probability its price was fair for (the Plackett–Luce ranking of the prices' weights). Positions are standard
 * competition ranking: two sharing first are 1, 1, then 3.
 */
export function drawStandings(plan: OutrightPlan, rng: Random): Standing[] {
  const ranked = plan.sides
    .map((s) => ({ id: s.id, performance: s.rating * 1.4 - Math.log(-Math.log(1 - rng.next())) }))
    .sort((a, b) => b.performance - a.performance);
  const tie = plan.tie ?? rng.chance(TIE_CHANCE);
  return ranked.map((s, i) => ({ competitor: s.id, position: tie && i === 1 ? 1 : i + 1 }));
}

export function endOutright(w: World, fixture: Fixture) {
  const plan = fixture.outright;
  if (fixture.info.status !== 'live' || !plan) return;
  const standings = drawStandings(plan, fixture.rng);
  fixture.info = { ...fixture.info, status: 'ended' };
  publishState(w, fixture, 'ended');
  w.publishOdds(
    fixture,
    'prematch',
    fixture.markets.map(
      (m): FeedMarket => ({
        ...m,
        status: 'deactivated',
        outcomes: m.outcomes.map((o) => ({ id: o.id, name: o.name, active: false })),
      }),
    ),
  );
  w.at(w.now + 2 * MINUTE, () => settleOutright(w, fixture, standings));
}

function settleOutright(w: World, fixture: Fixture, standings: Standing[]) {
  fixture.info = { ...fixture.info, status: 'closed' };
  w.publish({
    type: 'bet_settlement',
    producer: 'prematch',
    timestamp: w.now,
    event_id: fixture.info.id,
    certainty: 'confirmed',
    markets: [
      {
        id: 'outright',
        specifiers: '',
        outcomes: fixture.info.competitors.map((c) => {
          const { win } = outrightResult(standings, c.id);
          if (win.n === 0n) return { id: c.id, result: 'lose' as const };
          if (win.n === win.d) return { id: c.id, result: 'win' as const };
          return { id: c.id, result: 'win' as const, dead_heat_factor: Number(win.n) / Number(win.d) };
        }),
      },
    ],
  });
}
