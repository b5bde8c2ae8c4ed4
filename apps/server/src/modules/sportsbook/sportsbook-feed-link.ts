import type { OddsFeedClient } from '../sports-feed/feed-client.ts';
import type { SportsbookService } from './sportsbook.service.ts';

/**
 * Connects the odds feed's consumer (sports-feed/feed-client.ts) to the sportsbook: every valid message in sequence
 * order to applyFeedMessage, a snapshot after a long gap to applyFeedSnapshot. The client awaits each handler, so
 * the sportsbook sees the feed's order. A producer gone down suspends every market until the feed's next odds
 * changes open them. Answers a function that disconnects them.
 */
export function linkOddsFeed(client: OddsFeedClient, sportsbook: SportsbookService) {
  const off = [
    client.on('message', async (message) => void (await sportsbook.applyFeedMessage(message))),
    client.on('snapshot', async (snapshot) => void (await sportsbook.applyFeedSnapshot(snapshot))),
    // Odds may be stale while a producer is down: nothing takes bets until the feed prices it again.
    client.on('producer_down', async () => void (await sportsbook.suspendAllMarkets())),
  ];
  return () => {
    for (const stop of off) stop();
  };
}
