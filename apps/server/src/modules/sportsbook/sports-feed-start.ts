import { OddsFeedClient } from '../sports-feed/feed-client.ts';
import { resolveOddsFeed } from '../sports-feed/feed-process.ts';
import type { SportsbookService } from './sportsbook.service.ts';
import { linkOddsFeed } from './sportsbook-feed-link.ts';

/**
 * The odds feed consumed by this process, when asked for: ODDS_FEED_URL names a feed (a real provider's bridge or a
 * simulator elsewhere), ODDS_FEED=simulator starts the in-repo simulator as a child process (FEED_* pass through).
 * Off by default, so that a server without a feed (tests, demos of other areas) does not ingest one. Answers how to
 * stop it.
 */
export async function startSportsFeed(
  sportsbook: SportsbookService,
  env: NodeJS.ProcessEnv,
  logger: {
    info: (o: object, m: string) => void;
    warn: (o: object, m: string) => void;
    error: (o: object, m: string) => void;
  },
): Promise<(() => Promise<void>) | undefined> {
  if (!env.ODDS_FEED_URL && env.ODDS_FEED !== 'simulator') return undefined;
  const feed = await resolveOddsFeed(env);
  if (!feed) return undefined;
  const client = new OddsFeedClient({ url: feed.url, logger });
  const unlink = linkOddsFeed(client, sportsbook);
  await client.start();
  logger.info({ url: feed.url }, 'sportsbook: odds feed connected');
  return async () => {
    unlink();
    await client.stop();
    await feed.stop();
  };
}
