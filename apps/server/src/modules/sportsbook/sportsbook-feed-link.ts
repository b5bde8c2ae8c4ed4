import type { FeedMessage } from '@tala/contracts/odds-feed';
import type { FeedLogger, OddsFeedClient } from '../sports-feed/feed-client.ts';
import type { SportsbookService } from './sportsbook.service.ts';
import type { FeedPosition } from './sportsbook-feed-position.ts';

export type FeedLinkOptions = {
  /** Where to keep the last sequence number applied (sportsbook-feed-position.ts); without it, nowhere. */
  position?: FeedPosition | undefined;
  /** How often the position is written when it has moved (default 1 s). */
  saveEveryMs?: number;
  logger?: FeedLogger;
};

/**
 * Connects the odds feed's consumer (sports-feed/feed-client.ts) to the sportsbook: every valid message in sequence
 * order to applyFeedMessage, a snapshot after a long gap to applyFeedSnapshot. The client awaits each handler, so
 * the sportsbook sees the feed's order; each live message is also handed to `foresee` as it arrives, unqueued. A producer gone down suspends every market until the feed's next odds
 * changes open them.
 *
 * With a `position`, the last sequence number the sportsbook has finished applying is written every `saveEveryMs`
 * (one statement a second, not one per message at 1,000 odds changes a second), and once more when unlinked. What
 * was applied after the last write is applied again after a crash: every message is idempotent (odds changes skip
 * stale sequences per event, settlements are unique per bet and version). A message whose handler failed (the
 * database gone, not the feed's fault: those are recorded and skipped) holds the position before it for the rest
 * of the process's life, so a restart replays it. Answers a function that disconnects them and writes the last
 * position.
 */
export function linkOddsFeed(
  client: OddsFeedClient,
  sportsbook: SportsbookService & { foresee?: (message: FeedMessage) => void },
  options: FeedLinkOptions = {},
) {
  const { position, logger } = options;
  /** The highest position known: where this client started from, then what the sportsbook has applied. */
  let applied = client.handledSequence;
  let saved = applied;
  let restarted = false;
  let held = false;

  const advance = (sequence: number) => {
    if (!held) applied = sequence;
  };
  const hold = (sequence: number) => {
    if (held) return;
    held = true;
    logger?.error(
      { sequence, position: applied },
      'sportsbook: a feed message failed: the stored position stays before it until a restart replays it',
    );
  };

  const off = [
    // The push sends what a live odds change will make of its event as it arrives (sports-push.ts).
    client.onArrival((message) => sportsbook.foresee?.(message)),
    client.on('message', async (message) => {
      try {
        await sportsbook.applyFeedMessage(message);
      } catch (error) {
        hold(message.sequence);
        throw error;
      }
      advance(message.sequence);
    }),
    client.on('snapshot', async (snapshot) => {
      try {
        await sportsbook.applyFeedSnapshot(snapshot);
      } catch (error) {
        hold(snapshot.sequence);
        throw error;
      }
      // A snapshot behind the position: the feed numbers from the start again (a restarted feed).
      if (!held && applied !== undefined && snapshot.sequence < applied) restarted = true;
      advance(snapshot.sequence);
    }),
    // Odds may be stale while a producer is down: nothing takes bets until the feed prices it again.
    client.on('producer_down', async () => void (await sportsbook.suspendAllMarkets())),
  ];

  let writing: Promise<void> = Promise.resolve();
  const save = () => {
    writing = writing.then(async () => {
      const sequence = applied;
      if (!position || sequence === undefined || (sequence === saved && !restarted)) return;
      const reset = restarted;
      try {
        await position.save(sequence, { restarted: reset });
        saved = sequence;
        if (reset) restarted = false;
      } catch (error) {
        logger?.warn({ err: (error as Error).message, sequence }, 'sportsbook: feed position not saved');
      }
    });
    return writing;
  };
  const timer = position ? setInterval(() => void save(), options.saveEveryMs ?? 1_000) : undefined;
  timer?.unref();

  return async () => {
    clearInterval(timer);
    for (const stop of off) stop();
    await save();
  };
}
