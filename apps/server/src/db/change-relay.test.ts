// The change feed between processes (PostgreSQL LISTEN/NOTIFY): two feeds stand for two server processes on one
// database; a committed change of one reaches the other's caches, never its own twice, and a (re)connection tells
// the caches that anything may have changed.
import { describe, expect, it } from 'vitest';
import { type Change, changeFeed } from '../lib/change-feed.ts';
import { freshDatabase } from '../testing/test-app.ts';
import { postgresChangeRelay } from './change-relay.ts';

const url = process.env.DATABASE_URL;

describe.skipIf(!url)('the PostgreSQL change relay', () => {
  it('carries committed changes to the other process, not back to its own', async () => {
    const database = await freshDatabase();
    const db = database.db;
    const target = new URL(url as string);
    // freshDatabase made a database of its own: listen on that one.
    const name = (
      await db.selectNoFrom((eb) => eb.fn<string>('current_database', []).as('n')).executeTakeFirstOrThrow()
    ).n;
    target.pathname = `/${name}`;
    const [one, two] = [changeFeed(), changeFeed()];
    const heard: Record<'one' | 'two', Change[]> = { one: [], two: [] };
    one.subscribe((c) => heard.one.push(c));
    two.subscribe((c) => heard.two.push(c));
    const stopOne = one.connect(await postgresChangeRelay(target.toString(), db, one));
    const stopTwo = two.connect(await postgresChangeRelay(target.toString(), db, two));
    try {
      // Each connection began by dropping everything.
      expect(heard.one).toEqual([{ on: 'all' }]);
      expect(heard.two).toEqual([{ on: 'all' }]);
      await db.transaction().execute(async (trx) => {
        one.publish(trx, { on: 'sessions', memberId: 42 });
        await new Promise((resolve) => setTimeout(resolve, 100));
        // Not sent before the commit.
        expect(heard.two).toEqual([{ on: 'all' }]);
      });
      one.publish(db, { on: 'member', memberId: 7 });
      for (let i = 0; i < 100 && heard.two.length < 3; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard.two).toEqual([
        { on: 'all' },
        { on: 'sessions', memberId: 42 },
        { on: 'member', memberId: 7 },
      ]);
      // Its own: told at once and after the commit, never again from the database.
      await new Promise((resolve) => setTimeout(resolve, 100));
      expect(heard.one).toEqual([
        { on: 'all' },
        { on: 'sessions', memberId: 42 },
        { on: 'sessions', memberId: 42 },
        { on: 'member', memberId: 7 },
      ]);
    } finally {
      await stopOne();
      await stopTwo();
      await database.close();
    }
  });
});
