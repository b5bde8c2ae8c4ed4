import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';

/**
 * Where the sportsbook has got to in the odds feed (migration 087, decision 058): the last sequence number whose
 * message it has finished applying, one row per feed. `main.ts` reads it at start and passes it to the consumer as
 * `afterSequence`, so a restart resumes through the feed's recovery instead of a snapshot; sportsbook-feed-link.ts
 * writes it about once a second, not per message.
 */
export type FeedPosition = {
  readonly feed: string;
  read(): Promise<number | undefined>;
  /**
   * Stores a position that only moves forward (GREATEST: every process of a cluster consumes the feed and writes
   * here), unless `restarted`: the feed numbers from the start again (a snapshot behind the stored position), so the
   * old number means nothing any more and is replaced.
   */
  save(sequence: number, options?: { restarted?: boolean }): Promise<void>;
};

/** A feed's key: its address without credentials, query or trailing slash (a different address is another feed). */
export function feedKey(url: string) {
  const u = new URL(url);
  return `${u.protocol}//${u.host}${u.pathname.replace(/\/+$/, '')}`;
}

export function feedPosition(db: Database, feed: string): FeedPosition {
  return {
    feed,
    async read() {
      const { rows } = await sql<{ sequence: string }>`
        SELECT sequence FROM sports_feed_positions WHERE feed = ${feed}`.execute(db);
      return rows[0] ? Number(rows[0].sequence) : undefined;
    },
    async save(sequence, options = {}) {
      await sql`
        INSERT INTO sports_feed_positions AS p (feed, sequence) VALUES (${feed}, ${sequence})
        ON CONFLICT (feed) DO UPDATE SET
          sequence = ${options.restarted ? sql`EXCLUDED.sequence` : sql`GREATEST(p.sequence, EXCLUDED.sequence)`},
          updated_at = now()`.execute(db);
    },
  };
}
