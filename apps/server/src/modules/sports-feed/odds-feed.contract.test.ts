import {
  type FeedMatchState,
  type FeedMessage,
  type FeedMessageOf,
  feedFixture,
  feedMessage,
  feedSports,
  fixtureDetail,
} from '@tala/contracts/odds-feed';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { newPlay } from '../../../simulators/odds-feed/engines.ts';
import { marketsFor, settleMarket } from '../../../simulators/odds-feed/markets.ts';
import { World } from '../../../simulators/odds-feed/world.ts';
import { startOddsFeedProcess } from './feed-process.ts';
import { feedLog, waitFor } from './feed-testing.ts';

/**
 * The odds feed simulator's contract, tested as a provider's would be: its own process, over real HTTP and a
 * WebSocket, every message checked against packages/contracts/src/odds-feed.ts. At FEED_SPEED 900 a football match
 * takes about eight seconds; the first minutes of the feed always hold a match of every sport, a corrected result,
 * an abandoned match and odds cancelled over a window (simulators/odds-feed/world.ts, soonBatch).
 */
type Settlement = FeedMessageOf<'bet_settlement'>;
type SettledMarket = Settlement['markets'][number];

let feed: { url: string; stop: () => Promise<void> };
let socket: WebSocket;
const pushed: FeedMessage[] = [];
const invalid: string[] = [];

beforeAll(async () => {
  const started = await startOddsFeedProcess({
    source: true,
    env: { FEED_SEED: 'contract', FEED_SPEED: '900', FEED_ALIVE_MS: '200', FEED_SAMPLES: '200' },
  });
  if (!started) throw new Error('the simulator did not start');
  feed = started;
  socket = new WebSocket(`${feed.url.replace('http', 'ws')}/v1/stream`);
  socket.on('message', (data) => {
    const result = feedMessage.safeParse(JSON.parse(String(data)));
    if (result.success) pushed.push(result.data);
    else invalid.push(String(data));
  });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
}, 60_000);

afterAll(async () => {
  socket?.terminate();
  await feed?.stop();
});

const getJson = async (path: string) => {
  const response = await fetch(`${feed.url}${path}`);
  return { status: response.status, body: (await response.json()) as unknown };
};

/** The last score state of an event at or before a sequence number. */
function stateBefore(log: FeedMessage[], eventId: string, sequence: number): FeedMatchState | undefined {
  let state: FeedMatchState | undefined;
  for (const m of log) {
    if (m.sequence > sequence) break;
    if (m.type === 'score' && m.event_id === eventId) state = m.state;
  }
  return state;
}

/** What a handicap or total line pays, worked out by hand: both halves of a quarter line, then the table. */
function lineByHand(value: number, line: number): { result: 'win' | 'lose'; void_factor?: number } {
  const halves = Number.isInteger(line * 2) ? [line, line] : [line - 0.25, line + 0.25];
  const signs = halves.map((h) => Math.sign(value + h)).join(',');
  const table: Record<string, { result: 'win' | 'lose'; void_factor?: number }> = {
    '1,1': { result: 'win' },
    '-1,-1': { result: 'lose' },
    '0,0': { result: 'lose', void_factor: 1 },
    '0,1': { result: 'win', void_factor: 0.5 },
    '1,0': { result: 'win', void_factor: 0.5 },
    '-1,0': { result: 'lose', void_factor: 0.5 },
    '0,-1': { result: 'lose', void_factor: 0.5 },
  };
  const answer = table[signs];
  if (!answer) throw new Error(`impossible line ${line} for ${value}`);
  return answer;
}

const outcomeOf = (market: SettledMarket, id: string) => {
  const o = market.outcomes.find((x) => x.id === id);
  if (!o) throw new Error(`no outcome ${id} in ${market.id}`);
  return { result: o.result, ...(o.void_factor ? { void_factor: o.void_factor } : {}) };
};
const spec = (market: SettledMarket, name: string) =>
  Number(new URLSearchParams(market.specifiers.replaceAll('|', '&')).get(name));

/** Checks a football settlement against the final score, market by market. */
function checkFootball(settlement: Settlement, state: FeedMatchState) {
  const h = state.home_score;
  const a = state.away_score;
  const seen = new Set<string>();
  for (const market of settlement.markets) {
    seen.add(market.id);
    const win = (id: string, won: boolean) =>
      expect(outcomeOf(market, id)).toEqual({ result: won ? 'win' : 'lose' });
    switch (market.id) {
      case '1x2':
        win('home', h > a);
        win('draw', h === a);
        win('away', h < a);
        break;
      case 'asian_handicap': {
        const line = spec(market, 'hcp');
        expect(outcomeOf(market, 'home'), `home ${line} at ${h}:${a}`).toEqual(lineByHand(h - a, line));
        expect(outcomeOf(market, 'away'), `away ${-line} at ${h}:${a}`).toEqual(lineByHand(a - h, -line));
        break;
      }
      case 'total': {
        const line = spec(market, 'total');
        expect(outcomeOf(market, 'over'), `over ${line} at ${h}:${a}`).toEqual(lineByHand(h + a, -line));
        expect(outcomeOf(market, 'under'), `under ${line} at ${h}:${a}`).toEqual(lineByHand(-(h + a), line));
        break;
      }
      case 'odd_even':
        win('odd', (h + a) % 2 === 1);
        win('even', (h + a) % 2 === 0);
        break;
      case 'btts':
        win('yes', h > 0 && a > 0);
        win('no', h === 0 || a === 0);
        break;
      case 'correct_score': {
        const winners = market.outcomes.filter((o) => o.result === 'win').map((o) => o.id);
        expect(winners).toEqual([h > 3 || a > 3 ? 'other' : `${h}:${a}`]);
        break;
      }
      case 'highest_scoring_half': {
        const [first, second] = [1, 2].map((n) => {
          const p = state.period_scores.find((x) => x.number === n);
          return p ? p.home + p.away : 0;
        }) as [number, number];
        const outcomes = Object.fromEntries(market.outcomes.map((o) => [o.id, o]));
        if (first === second) {
          expect(outcomes.first).toMatchObject({ result: 'win', dead_heat_factor: 0.5 });
          expect(outcomes.second).toMatchObject({ result: 'win', dead_heat_factor: 0.5 });
        } else {
          expect(outcomes.first?.result).toBe(first > second ? 'win' : 'lose');
          expect(outcomes.second?.result).toBe(second > first ? 'win' : 'lose');
        }
        break;
      }
    }
  }
  return seen;
}

describe('odds feed simulator contract', () => {
  it('lists fixtures of every sport and esport, today, tomorrow and later, with their markets and outrights', async () => {
    const { body } = await getJson('/v1/fixtures');
    const fixtures = (body as { fixtures: unknown[] }).fixtures.map((f) => feedFixture.parse(f));
    for (const sport of feedSports)
      expect(
        fixtures.some((f) => f.sport === sport && f.kind === 'match'),
        sport,
      ).toBe(true);
    const days = new Set(
      fixtures.filter((f) => f.kind === 'match').map((f) => Math.floor(f.start_time / 86_400_000)),
    );
    expect(days.size).toBeGreaterThanOrEqual(3);

    const expected: Record<string, string[]> = {
      football: ['1x2', 'asian_handicap', 'total', 'odd_even', 'btts', 'correct_score'],
      basketball: ['winner', 'handicap', 'total'],
      tennis: ['winner', 'set_handicap', 'total_games'],
      ice_hockey: ['1x2', 'winner', 'handicap', 'total'],
      volleyball: ['winner', 'set_handicap', 'total_points'],
      badminton: ['winner', 'set_handicap', 'total_points'],
      table_tennis: ['winner', 'set_handicap', 'total_points'],
      baseball: ['winner', 'handicap', 'total'],
    };
    const details = await Promise.all(
      feedSports.map(async (sport) => {
        // The latest upcoming one, so it is still pre-match when asked; esports: a best-of-three or longer has map
        // handicaps and totals.
        const candidates = fixtures.filter(
          (f) =>
            f.sport === sport && f.kind === 'match' && f.status === 'not_started' && (f.best_of ?? 3) >= 3,
        );
        const fixture = candidates[candidates.length - 1];
        if (!fixture) throw new Error(`no upcoming ${sport} match`);
        return [sport, fixtureDetail.parse((await getJson(`/v1/fixtures/${fixture.id}`)).body)] as const;
      }),
    );
    for (const [sport, detail] of details) {
      const ids = new Set(detail.markets.map((m) => m.id));
      for (const id of expected[sport] ?? ['winner', 'map_handicap', 'total_maps', 'map_winner'])
        expect(ids.has(id), `${sport} ${id}`).toBe(true);
      const offered = detail.markets.flatMap((m) => m.outcomes).filter((o) => o.active);
      expect(offered.length).toBeGreaterThan(0);
      for (const o of offered) expect(Number.isInteger(o.odds) && (o.odds as number) > 1000).toBe(true);
      if (sport === 'football') {
        // Quarter lines (x.25, x.75) among the Asian handicaps and the totals.
        const quarters = (id: string) =>
          detail.markets
            .filter((m) => m.id === id)
            .map((m) => Number(m.specifiers.split('=')[1]))
            .filter((line) => !Number.isInteger(line * 2));
        expect(quarters('asian_handicap').length).toBeGreaterThan(0);
        expect(quarters('total').length).toBeGreaterThan(0);
      }
    }

    const outright = fixtures.find((f) => f.kind === 'outright');
    if (!outright) throw new Error('no outright');
    const detail = fixtureDetail.parse((await getJson(`/v1/fixtures/${outright.id}`)).body);
    expect(detail.markets[0]?.id).toBe('outright');
    expect(detail.markets[0]?.outcomes.length).toBe(outright.competitors.length);
    expect((await getJson('/v1/fixtures/sim:match:1')).status).toBe(404);
  });

  it('pushes valid messages from both producers, one sequence number after another', async () => {
    await waitFor(() => pushed.length >= 300, 20_000, '300 pushed messages');
    expect(invalid).toEqual([]);
    for (let i = 1; i < pushed.length; i++)
      expect((pushed[i] as FeedMessage).sequence).toBe((pushed[i - 1] as FeedMessage).sequence + 1);
    for (const producer of ['prematch', 'live'])
      expect(pushed.some((m) => m.type === 'alive' && m.producer === producer)).toBe(true);
    expect(pushed.some((m) => m.type === 'odds_change')).toBe(true);
    expect(pushed.some((m) => m.type === 'score' && m.state.clock?.running)).toBe(true);
  });

  it('answers the recovery call with exactly what it pushed, and refuses a call without a position', async () => {
    await waitFor(() => pushed.length >= 50, 20_000, 'pushed messages');
    const window = pushed.slice(0, 50);
    const first = window[0] as FeedMessage;
    const { body } = await getJson(`/v1/messages?after=${first.sequence - 1}&limit=50`);
    expect((body as { messages: unknown[] }).messages).toEqual(window);
    const since = await getJson(`/v1/messages?since=${first.timestamp - 1}&limit=1`);
    expect(since.status).toBe(200);
    expect((await getJson('/v1/messages')).status).toBe(400);
    expect((await getJson('/v1/messages?after=-3')).status).toBe(400);
  });

  it('stops every market on a goal and opens them again with the next odds', async () => {
    const found = await waitFor(
      async () => {
        const log = await feedLog(feed.url);
        for (const stop of log) {
          if (stop.type !== 'bet_stop' || stop.markets !== 'all' || stop.reason !== 'goal') continue;
          const after = log.filter(
            (m) => m.sequence > stop.sequence && 'event_id' in m && m.event_id === stop.event_id,
          );
          const reopen = after.find((m) => m.type === 'odds_change') as
            | FeedMessageOf<'odds_change'>
            | undefined;
          // A goal in the last seconds is followed by the end instead (every market deactivated): not this case.
          if (reopen?.markets.some((m) => m.status !== 'deactivated')) return { stop, after, reopen };
        }
        return undefined;
      },
      25_000,
      'a goal and the reopening odds',
    );
    expect(found.after[0]).toMatchObject({ type: 'score', event: 'goal' });
    expect(found.reopen.betting_status).toBe('open');
    expect(found.reopen.markets.some((m) => m.status === 'active')).toBe(true);
    // Nothing is offered between the stop and the reopening.
    expect(found.after.indexOf(found.reopen)).toBeGreaterThan(0);
  });

  it('settles a finished match from its final score: 1X2, Asian quarter lines, totals, dead heats', async () => {
    const { log, settlements } = await waitFor(
      async () => {
        const log = await feedLog(feed.url);
        const settlements = log.filter((m): m is Settlement => m.type === 'bet_settlement');
        const football = new Set(
          log.flatMap((m) =>
            m.type === 'fixture_change' && m.fixture.sport === 'football' ? [m.event_id] : [],
          ),
        );
        const events = new Set(settlements.map((s) => s.event_id));
        const ready = events.size >= 8 && settlements.some((s) => football.has(s.event_id));
        return ready ? { log, settlements } : undefined;
      },
      25_000,
      'settlements of eight matches, one of them football',
    );
    const firstSettlement = new Map<string, Settlement>();
    for (const s of settlements) if (!firstSettlement.has(s.event_id)) firstSettlement.set(s.event_id, s);
    let football = 0;
    for (const [eventId, settlement] of firstSettlement) {
      const state = stateBefore(log, eventId, settlement.sequence);
      if (!state) throw new Error(`no score for ${eventId}`);
      expect(state.status).toBe('ended');
      const fixture = feedFixture.parse(
        (
          log.find(
            (m) => m.type === 'fixture_change' && m.event_id === eventId,
          ) as FeedMessageOf<'fixture_change'>
        ).fixture,
      );
      const winner = settlement.markets.find((m) => m.id === 'winner');
      if (winner) {
        expect(outcomeOf(winner, 'home').result).toBe(state.home_score > state.away_score ? 'win' : 'lose');
        expect(outcomeOf(winner, 'away').result).toBe(state.away_score > state.home_score ? 'win' : 'lose');
      }
      for (const map of settlement.markets.filter((m) => m.id === 'map_winner')) {
        const played = state.period_scores.find((p) => p.number === spec(map, 'mapnr'));
        if (!played) expect(map.outcomes.every((o) => o.void_factor === 1)).toBe(true);
      }
      if (fixture.sport === 'football') {
        const seen = checkFootball(settlement, state);
        for (const id of ['1x2', 'asian_handicap', 'total', 'odd_even', 'btts', 'correct_score'])
          expect(seen.has(id)).toBe(true);
        football += 1;
      }
    }
    expect(football).toBeGreaterThan(0);
  });

  it('rolls back a corrected result and settles the changed markets again', async () => {
    const { log, rollback } = await waitFor(
      async () => {
        const log = await feedLog(feed.url);
        const rollback = log.find((m) => m.type === 'rollback_bet_settlement');
        if (rollback?.type !== 'rollback_bet_settlement') return undefined;
        const again = log.some(
          (m) =>
            m.type === 'bet_settlement' && m.event_id === rollback.event_id && m.sequence > rollback.sequence,
        );
        return again ? { log, rollback } : undefined;
      },
      28_000,
      'a rollback and its new settlement',
    );
    const later = log.filter(
      (m) => m.sequence > rollback.sequence && 'event_id' in m && m.event_id === rollback.event_id,
    );
    const resettled = later.find((m): m is Settlement => m.type === 'bet_settlement') as Settlement;
    const keys = (ms: { id: string; specifiers: string }[]) =>
      ms.map((m) => `${m.id}|${m.specifiers}`).sort();
    expect(keys(resettled.markets)).toEqual(keys(rollback.markets));
    expect(later[0]).toMatchObject({ type: 'score', event: 'correction' });
    const corrected = stateBefore(log, rollback.event_id, resettled.sequence) as FeedMatchState;
    checkFootball(resettled, corrected);
  });

  it('cancels bets placed in a window and takes it back; cancels every market of an abandoned match', async () => {
    const log = await waitFor(
      async () => {
        const log = await feedLog(feed.url);
        const ready =
          log.some((m) => m.type === 'rollback_bet_cancel') &&
          log.some((m) => m.type === 'bet_cancel' && m.reason === 'event_abandoned');
        return ready ? log : undefined;
      },
      20_000,
      'a cancel window rolled back and an abandoned match',
    );
    const rollback = log.find(
      (m) => m.type === 'rollback_bet_cancel',
    ) as FeedMessageOf<'rollback_bet_cancel'>;
    const cancel = log.find(
      (m) => m.type === 'bet_cancel' && m.event_id === rollback.event_id && m.sequence < rollback.sequence,
    ) as FeedMessageOf<'bet_cancel'>;
    expect(cancel.start_time).toBeLessThan(cancel.end_time as number);
    expect({ start: rollback.start_time, end: rollback.end_time, markets: rollback.markets }).toEqual({
      start: cancel.start_time,
      end: cancel.end_time,
      markets: cancel.markets,
    });
    const abandoned = log.find(
      (m) => m.type === 'bet_cancel' && m.reason === 'event_abandoned',
    ) as FeedMessageOf<'bet_cancel'>;
    expect(abandoned.start_time).toBeUndefined();
    const change = log.find(
      (m) => m.type === 'fixture_change' && m.change === 'abandoned' && m.event_id === abandoned.event_id,
    );
    expect(change).toBeDefined();
    const detail = fixtureDetail.parse((await getJson(`/v1/fixtures/${abandoned.event_id}`)).body);
    expect(detail.fixture.status).toBe('abandoned');
    expect(detail.markets.every((m) => m.status === 'deactivated')).toBe(true);
  });
});

describe('odds feed settlement rules, against hand-worked lines', () => {
  const final = (home: number, away: number) => ({
    ...newPlay(),
    home,
    away,
    ended: true,
    periods: [
      { number: 1, type: 'half', home, away: 0 },
      { number: 2, type: 'half', home: 0, away },
    ],
  });
  const defs = marketsFor('football', 3, { margin: 0.5, total: 2.5, games: 0, points: 0 });
  const settle = (id: string, specifiers: string, home: number, away: number) => {
    const def = defs.find((d) => d.id === id && d.specifiers === specifiers);
    if (!def) throw new Error(`no ${id} ${specifiers}`);
    return Object.fromEntries(settleMarket(def, final(home, away)).outcomes.map((o) => [o.id, o]));
  };

  it.each([
    // Home −0.75 (half on −0.5, half on −1): a one-goal win wins half and refunds half.
    ['hcp=-0.75', 1, 0, { result: 'win', void_factor: 0.5 }, { result: 'lose', void_factor: 0.5 }],
    ['hcp=-0.75', 2, 0, { result: 'win' }, { result: 'lose' }],
    ['hcp=-0.75', 1, 1, { result: 'lose' }, { result: 'win' }],
    ['hcp=-0.5', 1, 1, { result: 'lose' }, { result: 'win' }],
    ['hcp=-0.25', 1, 1, { result: 'lose', void_factor: 0.5 }, { result: 'win', void_factor: 0.5 }],
  ])('asian handicap %s at %i:%i', (specifiers, home, away, homeResult, awayResult) => {
    const defsHere = marketsFor('football', 3, {
      margin: -Number(specifiers.split('=')[1]),
      total: 2.5,
      games: 0,
      points: 0,
    });
    const def = defsHere.find((d) => d.id === 'asian_handicap' && d.specifiers === specifiers);
    if (!def) throw new Error(`no line ${specifiers}`);
    const outcomes = Object.fromEntries(settleMarket(def, final(home, away)).outcomes.map((o) => [o.id, o]));
    expect(outcomes.home).toEqual({ id: 'home', ...homeResult });
    expect(outcomes.away).toEqual({ id: 'away', ...awayResult });
  });

  it('total 2.75: three goals win half, two lose all; 2.5 is never a refund', () => {
    expect(settle('total', 'total=2.75', 2, 1)).toEqual({
      over: { id: 'over', result: 'win', void_factor: 0.5 },
      under: { id: 'under', result: 'lose', void_factor: 0.5 },
    });
    expect(settle('total', 'total=2.75', 1, 1).under).toEqual({ id: 'under', result: 'win' });
    expect(settle('total', 'total=2.5', 3, 0).over).toEqual({ id: 'over', result: 'win' });
  });

  it('highest scoring half with no "equal": a tie is a dead heat at half the odds', () => {
    expect(settle('highest_scoring_half', '', 1, 1)).toEqual({
      first: { id: 'first', result: 'win', dead_heat_factor: 0.5 },
      second: { id: 'second', result: 'win', dead_heat_factor: 0.5 },
    });
  });
});

describe('odds feed determinism', () => {
  it('plays the same matches with the same messages from the same seed and epoch, and others from another seed', () => {
    const epoch = Date.UTC(2026, 10, 26, 9, 0);
    const play = (seed: string, hours: number) => {
      const world = new World({ seed, speed: 1, epoch, rate: 0, samples: 20, logSize: 100_000 });
      const messages: FeedMessage[] = [];
      world.onMessage((m) => messages.push(m));
      world.runUntil(epoch + hours * 3_600_000);
      return { world, messages, opening: world.messagesAfter(0, 100)?.messages };
    };
    const one = play('same', 1);
    const two = play('same', 1);
    expect(one.messages.length).toBeGreaterThan(300);
    expect(two.messages).toEqual(one.messages);
    expect(two.opening).toEqual(one.opening);
    expect(play('other', 0).opening).not.toEqual(one.opening);
  });
});

describe('odds feed outrights', () => {
  it('stops an outright at its start, ends it and settles it once per competitor, a shared first place as a dead heat', () => {
    const epoch = Date.UTC(2026, 10, 26, 9, 0);
    // The first two and a half hours: the soon batch's two cups start within half an hour and are settled by then.
    const play = () => {
      const world = new World({ seed: 'outright', speed: 1, epoch, rate: 0, samples: 20, logSize: 100_000 });
      const messages: FeedMessage[] = [];
      world.onMessage((m) => messages.push(feedMessage.parse(m)));
      world.runUntil(epoch + 150 * 60_000);
      return { world, messages };
    };
    const { world, messages } = play();
    const outrights = [...world.fixtures.values()].map((f) => f.info).filter((f) => f.kind === 'outright');
    const settledOnes = outrights.filter((f) =>
      messages.some((m) => m.type === 'bet_settlement' && m.event_id === f.id),
    );
    expect(settledOnes.length).toBeGreaterThanOrEqual(2);
    const winnerCounts: number[] = [];
    for (const fixture of settledOnes) {
      const own = messages.filter((m) => 'event_id' in m && m.event_id === fixture.id);
      const stop = own.find((m) => m.type === 'bet_stop') as FeedMessageOf<'bet_stop'>;
      expect(stop).toMatchObject({ markets: 'all', timestamp: fixture.start_time });
      const ended = own.find(
        (m) => m.type === 'score' && m.state.status === 'ended',
      ) as FeedMessageOf<'score'>;
      const settlements = own.filter((m): m is Settlement => m.type === 'bet_settlement');
      expect(settlements.length).toBe(1);
      const settlement = settlements[0] as Settlement;
      // Stopped, then ended, then settled; nothing offered after the stop.
      expect(stop.sequence).toBeLessThan(ended.sequence);
      expect(ended.sequence).toBeLessThan(settlement.sequence);
      for (const m of own.filter((x) => x.sequence > stop.sequence && x.type === 'odds_change'))
        expect(m.type === 'odds_change' && m.markets.every((x) => x.status === 'deactivated')).toBe(true);
      // One outright market, one result per competitor.
      expect(settlement.markets.map((m) => `${m.id}|${m.specifiers}`)).toEqual(['outright|']);
      const outcomes = settlement.markets[0]?.outcomes ?? [];
      expect(outcomes.map((o) => o.id).sort()).toEqual(fixture.competitors.map((c) => c.id).sort());
      const winners = outcomes.filter((o) => o.result === 'win');
      expect(winners.length).toBeGreaterThanOrEqual(1);
      for (const o of outcomes) expect(o.void_factor).toBeUndefined();
      for (const o of outcomes.filter((x) => x.result === 'lose')) expect(o.dead_heat_factor).toBeUndefined();
      // One winner in full, or n tied at 1/n each: the winning shares add up to one title.
      for (const o of winners)
        if (winners.length === 1) expect(o.dead_heat_factor).toBeUndefined();
        else expect(o.dead_heat_factor).toBeCloseTo(1 / winners.length, 9);
      expect(winners.reduce((sum, o) => sum + (o.dead_heat_factor ?? 1), 0)).toBeCloseTo(1, 9);
      winnerCounts.push(winners.length);
      expect(world.detail(fixture.id)?.fixture.status).toBe('closed');
    }
    // The soon batch holds a dead heat of two and a single winner.
    expect(winnerCounts).toContain(1);
    expect(winnerCounts).toContain(2);
    // The seasons go on, priced and open.
    const seasons = outrights.filter((f) => f.id.startsWith('sim:season:'));
    expect(seasons.length).toBe(3);
    for (const season of seasons) {
      const detail = world.detail(season.id);
      expect(detail).toMatchObject({ fixture: { status: 'not_started' }, betting_status: 'open' });
      expect(detail?.markets[0]).toMatchObject({ id: 'outright', status: 'active' });
    }
    // The same seed and epoch draw the same standings.
    const again = play().messages.filter(
      (m) => m.type === 'bet_settlement' && m.event_id.startsWith('sim:cup:'),
    );
    expect(again).toEqual(
      messages.filter((m) => m.type === 'bet_settlement' && m.event_id.startsWith('sim:cup:')),
    );
  });
});
