// Helpers of the sportsbook's browser tests (e2e/sports.e2e.ts). The odds feed's side is played by this process as
// a second server process on the server's own database: its feed messages go through the sportsbook's
// applyFeedMessage (with the live push's announcement), and the change relay carries the announcements to the server,
// which pushes them to the browser's socket as it would the real feed's.
import { postgresChangeRelay } from '../../apps/server/src/db/change-relay.ts';
import { openDatabase } from '../../apps/server/src/db/database.ts';
import { changes } from '../../apps/server/src/lib/change-feed.ts';
import {
  betSettlement,
  fixtureChange,
  matchMarkets,
  oddsChange,
  oneXTwo,
  type TestMarket,
} from '../../apps/server/src/modules/sportsbook/sportsbook-testing.ts';
import { createServices } from '../../apps/server/src/services.ts';
import { server } from './browser.ts';

export { betSettlement, matchMarkets, oddsChange, oneXTwo };

export async function feedProcess() {
  const url = server().databaseUrl;
  if (!url) throw new Error('the sportsbook browser tests need PostgreSQL (DATABASE_URL)');
  const handle = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 4 });
  const services = createServices(handle.db, {});
  const stopRelay = changes.connect(await postgresChangeRelay(url, handle.db, changes));
  const { sportsbook } = services;

  async function apply(message: unknown) {
    const applied = await sportsbook.applyFeedMessage(message);
    if (!applied.applied) throw new Error(`feed message not applied: ${JSON.stringify(applied)}`);
    return applied;
  }

  let count = 0;
  /** A new football match with the test markets priced; `live` starts it (in-play bets wait their delay). */
  async function match(
    options: { live?: boolean; home?: string; away?: string; markets?: TestMarket[] } = {},
  ) {
    count += 1;
    const eventId = `sr:match:e2e${Date.now().toString(36)}${count}`;
    const fixture = fixtureChange(eventId, {
      status: options.live ? 'live' : 'not_started',
      startTime: options.live ? Date.now() - 600_000 : Date.now() + 2 * 86_400_000,
    }) as Extract<ReturnType<typeof fixtureChange>, { type: 'fixture_change' }>;
    fixture.fixture.competitors = [
      { id: `sr:competitor:h${count}`, name: options.home ?? `Home ${count}`, abbreviation: 'HOM' },
      { id: `sr:competitor:a${count}`, name: options.away ?? `Away ${count}`, abbreviation: 'AWY' },
    ];
    await apply(fixture);
    await apply(oddsChange(eventId, options.markets ?? matchMarkets));
    const { markets } = await sportsbook.event(eventId);
    return { eventId, markets };
  }

  return {
    sportsbook,
    apply,
    match,
    async close() {
      await stopRelay();
      await handle.close();
    },
  };
}
