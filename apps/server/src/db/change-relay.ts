import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import type { Change, ChangeFeed, ChangeRelay } from '../lib/change-feed.ts';
import type { Database } from './database.ts';

const CHANNEL = 'tala_changes';
/** Changes gathered before one NOTIFY: a burst of bets costs one notification, not one each. */
const FLUSH_MS = 10;
/** NOTIFY payloads are limited to 8,000 bytes; most changes are about 40, a fish room's shot about 200. */
const PER_NOTIFY = 100;
const NOTIFY_BYTES = 7_000;

/**
 * The change feed between server processes on one PostgreSQL database (LISTEN/NOTIFY): committed changes are sent
 * within FLUSH_MS on the ordinary pool; one dedicated connection listens and hands other processes' changes to this
 * one's feed. While that connection is down, changes are missed, so after every (re)connection the caches are told
 * that anything may have changed. Each process ignores its own notifications.
 */
export async function postgresChangeRelay(
  databaseUrl: string,
  db: Database,
  feed: ChangeFeed,
  options: { log?: { warn: (object: object, message: string) => void }; retryMs?: number } = {},
): Promise<ChangeRelay> {
  const origin = crypto.randomBytes(8).toString('hex');
  let listener: pg.Client | undefined;
  let closed = false;
  let queued = new Map<string, Change>();
  let timer: NodeJS.Timeout | undefined;

  /** Tries again after retryMs, and again after every failed try, until the relay is closed. */
  function listenLater(error?: Error) {
    if (closed) return;
    options.log?.warn({ err: error }, 'change relay connection lost; reconnecting');
    setTimeout(() => void listen().catch(listenLater), options.retryMs ?? 1000).unref();
  }

  async function listen(): Promise<void> {
    const client = new pg.Client({ connectionString: databaseUrl });
    client.on('notification', (message) => {
      if (!message.payload) return;
      const { o, c } = JSON.parse(message.payload) as { o: string; c: Change[] };
      if (o === origin) return;
      for (const change of c) feed.receive(change);
    });
    // A connection that listened and broke: drop it and listen again on a new one.
    const lost = (error?: Error) => {
      if (listener !== client) return;
      listener = undefined;
      client.end().catch(() => {});
      listenLater(error);
    };
    client.on('error', lost);
    client.on('end', () => lost());
    try {
      await client.connect();
      await client.query(`LISTEN ${CHANNEL}`);
    } catch (error) {
      client.end().catch(() => {});
      throw error;
    }
    if (closed) {
      await client.end().catch(() => {});
      return;
    }
    listener = client;
    // Whatever other processes sent while this one was not listening is lost: drop every cached copy.
    feed.receive({ on: 'all' });
  }

  async function flush() {
    timer = undefined;
    const changes = [...queued.values()];
    queued = new Map();
    // Up to PER_NOTIFY changes and NOTIFY_BYTES of them per notification.
    let batch: Change[] = [];
    let bytes = 0;
    const send = async () => {
      if (batch.length === 0) return;
      const payload = JSON.stringify({ o: origin, c: batch });
      batch = [];
      bytes = 0;
      await sql`SELECT pg_notify(${CHANNEL}, ${payload})`.execute(db).catch((error: unknown) => {
        options.log?.warn({ err: error }, 'change relay could not notify');
      });
    };
    for (const change of changes) {
      const size = Buffer.byteLength(JSON.stringify(change)) + 1;
      if (batch.length >= PER_NOTIFY || bytes + size > NOTIFY_BYTES) await send();
      batch.push(change);
      bytes += size;
    }
    await send();
  }

  await listen();
  return {
    send(change) {
      if (closed) return;
      queued.set(JSON.stringify(change), change);
      timer ??= setTimeout(() => void flush(), FLUSH_MS);
    },
    async close() {
      closed = true;
      if (timer) {
        clearTimeout(timer);
        await flush();
      }
      const client = listener;
      listener = undefined;
      await client?.end().catch(() => {});
    },
  };
}
