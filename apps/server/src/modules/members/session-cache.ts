import { LRUCache } from 'lru-cache';
import { changes } from '../../lib/change-feed.ts';
import type { membersRepository } from './members.repository.ts';

export type SessionRow = NonNullable<Awaited<ReturnType<ReturnType<typeof membersRepository>['session']>>>;

/**
 * How long a live session read from the database is trusted without reading it again. Every way this process ends
 * a session or changes its member drops the copy at once (the change feed); this bounds what it cannot see: a
 * change made by another process without the PostgreSQL relay, or made in the database by hand.
 */
export const SESSION_CACHE_MS = 5_000;
/** Live sessions kept: far more than one process serves at once; the least recently used go first. */
export const SESSION_CACHE_SIZE = 20_000;

/**
 * The member guard's session look-ups kept in process memory (docs/decisions/040-session-and-counts-cache.md): a
 * bounded LRU of live sessions by token hash, each trusted for SESSION_CACHE_MS, dropped by the change feed when
 * the session ends or its member changes. A read that began before a change is not kept (the epoch), so a row
 * loaded just before a logout committed cannot outlive it.
 */
export function sessionCache(options: { ttlMs?: number; max?: number } = {}) {
  const ttlMs = options.ttlMs ?? SESSION_CACHE_MS;
  /** Token hashes (base64) by member, to drop a member's sessions without walking the whole cache. */
  const byMember = new Map<number, Set<string>>();
  const entries = new LRUCache<string, { row: SessionRow; until: number }>({
    max: options.max ?? SESSION_CACHE_SIZE,
    dispose: (entry, key) => {
      const keys = byMember.get(entry.row.id);
      keys?.delete(key);
      if (keys?.size === 0) byMember.delete(entry.row.id);
    },
  });
  let epoch = 0;

  changes.subscribe((change) => {
    if (change.on === 'session') {
      epoch++;
      entries.delete(change.tokenHash);
    } else if (change.on === 'sessions') {
      epoch++;
      for (const key of [...(byMember.get(change.memberId) ?? [])]) entries.delete(key);
    } else if (change.on === 'all') {
      epoch++;
      entries.clear();
    }
  });

  return {
    /** The cached live session of a token hash (base64), if still trusted. */
    get(key: string): SessionRow | undefined {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (Date.now() >= entry.until) {
        entries.delete(key);
        return undefined;
      }
      return entry.row;
    },

    /** Taken before reading a session from the database, and handed to `keep`. */
    epoch: () => epoch,

    /** Keeps a live session read from the database, unless a session or member changed since the read began. */
    keep(key: string, row: SessionRow, since: number) {
      if (since !== epoch) return;
      entries.set(key, { row, until: Date.now() + ttlMs });
      let keys = byMember.get(row.id);
      if (!keys) {
        keys = new Set();
        byMember.set(row.id, keys);
      }
      keys.add(key);
    },

    forget(key: string) {
      entries.delete(key);
    },

    get size() {
      return entries.size;
    },
  };
}

export type SessionCache = ReturnType<typeof sessionCache>;
