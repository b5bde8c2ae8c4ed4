import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';
import { OddsFeedClient } from '../sports-feed/feed-client.ts';
import { startOddsFeedProcess } from '../sports-feed/feed-process.ts';
import { waitFor } from '../sports-feed/feed-testing.ts';
import { parsedJson } from './sportsbook.repository.ts';
import { linkOddsFeed } from './sportsbook-feed-link.ts';
import { betOnPricedEvents } from './sportsbook-testing.ts';

/**
 * The sportsbook fed by the odds feed's simulator in its own process, through the feed's consumer, as in production:
 * the snapshot and the stream fill the tables, a member bets on a market the feed priced, and the feed's own
 * settlements settle bets exactly as the rules say (each bet's return checked against its legs).
 */
const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const feed = await startOddsFeedProcess({
  source: true,
  env: { FEED_SEED: 'sportsbook', FEED_SPEED: '600', FEED_SAMPLES: '60', FEED_ALIVE_MS: '500' },
});
if (!feed) throw new Error('the odds feed simulator did not start');
const client = new OddsFeedClient({ url: feed.url });
const unlink = linkOddsFeed(client, services.sportsbook);
afterAll(async () => {
  await unlink();
  await client.stop();
  await feed.stop();
  await app.close();
});

describe('the sportsbook on the odds feed', () => {
  it('takes events and prices from the feed, takes bets on them and settles them from the feed', async () => {
    await client.start();
    const events = await waitFor(
      async () => {
        const list = await services.sportsbook.events(tala, { product: 'SPORTS' });
        return list.some((e) => e.openMarkets > 0 && !e.inPlay) ? list : undefined;
      },
      30_000,
      'priced events',
    );
    expect(events.length).toBeGreaterThan(0);
    const esports = await services.sportsbook.events(tala, { product: 'ESPORTS' });
    expect(esports.every((e) => e.product === 'ESPORTS')).toBe(true);

    // Bets on the main market of a few priced events, taken at the price shown.
    const member = await fundedMember(services, tala, 1_000_000);
    const placed = await betOnPricedEvents(
      app,
      services.sportsbook,
      member.token,
      events
        .filter((e) => e.openMarkets > 0 && !e.inPlay)
        .slice(0, 5)
        .map((e) => e.id),
      'feed',
    );
    expect(placed.length).toBeGreaterThan(0);

    // At 600 feed seconds a second the matches end within a minute or so and the feed settles their markets.
    const settled = await waitFor(
      async () => {
        const { rows } = await sql<{ id: string; status: string }>`
          SELECT id, status FROM sports_bets WHERE id = ANY(${placed}) AND status NOT IN ('open', 'pending')`.execute(
          services.db,
        );
        return rows.length > 0 ? rows : undefined;
      },
      90_000,
      'a settled bet',
    );
    expect(settled.length).toBeGreaterThan(0);

    // The feed's short outrights end within its first two hours (about 15 s here): the market settled with one
    // result per competitor, the winning shares adding up to one.
    type Settled = { outcomes: { result: string; dead_heat_factor?: number }[] };
    const outright = await waitFor(
      async () => {
        const { rows } = await sql<{ result: unknown; competitors: unknown }>`
          SELECT m.result, e.competitors FROM sports_markets m JOIN sports_events e ON e.id = m.event_id
           WHERE e.kind = 'outright' AND m.market_type = 'outright' AND m.status = 'settled'`.execute(
          services.db,
        );
        const row = rows[0];
        return row
          ? { result: parsedJson<Settled>(row.result), competitors: parsedJson<unknown[]>(row.competitors) }
          : undefined;
      },
      60_000,
      'a settled outright',
    );
    expect(outright.result.outcomes.length).toBe(outright.competitors.length);
    const shares = outright.result.outcomes
      .filter((o) => o.result === 'win')
      .reduce((sum, o) => sum + (o.dead_heat_factor ?? 1), 0);
    expect(shares).toBeCloseTo(1, 9);
    const report = await services.wallet.reconcile(tala.id);
    expect(report.ok).toBe(true);
  }, 150_000);
});
