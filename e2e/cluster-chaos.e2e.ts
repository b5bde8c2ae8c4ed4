// Issue 20: processes behind HAProxy under a mixed load (logins, slot spins, vendor bets and wins, bank deposits,
// live chat) while processes are SIGKILLed, and while PostgreSQL is stopped with -m immediate. Real processes (the
// built server), real PostgreSQL, real HAProxy, all on loopback. Bounded: each test runs CHAOS_SECONDS (default 45)
// of load; the long versions are in the bench (bench/cluster.bench.ts). docs/decisions/067-cluster.md.
import crypto from 'node:crypto';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { postgresBin, privateCluster } from '../apps/server/src/testing/private-cluster.ts';
import { haproxyBinary } from '../scripts/cluster-kit.mjs';
import { chaosWithDatabaseStops, chaosWithKills, type LoadResult, type verify } from './support/cluster.ts';

const SECONDS = Number(process.env.CHAOS_SECONDS ?? 45);
const MEMBERS = 13; // three of each role and the chatter
const cleanups: (() => unknown)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) {
    try {
      await cleanup();
    } catch (error) {
      console.error('cleanup failed', error);
    }
  }
}, 60_000);

async function scratchDatabase(): Promise<string> {
  const base = process.env.DATABASE_URL as string;
  const name = `tala_chaos_${crypto.randomBytes(4).toString('hex')}`;
  const client = new pg.Client({ connectionString: base });
  await client.connect();
  await client.query(`CREATE DATABASE ${name}`);
  await client.end();
  cleanups.push(async () => {
    const c = new pg.Client({ connectionString: base });
    await c.connect();
    await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await c.end();
  });
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

type Checked = Awaited<ReturnType<typeof verify>>;

function summary(checked: Checked, load: LoadResult) {
  return `${load.operations} operations, ${checked.acknowledged} ledger entries, ${load.logins} logins, ${checked.chatAcked} chat messages (${load.chatLive} pushed live; member→console processes: ${[...new Set(load.chatAcked.values())].join(' ')}), ${checked.jobMinutes} job minutes; answers ${JSON.stringify([...load.answers])}`;
}

function expectNothingLost(checked: Checked, load: LoadResult, context: string) {
  const why = `${context}\n${summary(checked, load)}`;
  expect(checked.acknowledged, why).toBeGreaterThan(20);
  expect(checked.missing, why).toEqual([]);
  expect(checked.doubled, why).toEqual([]);
  expect(checked.unbalanced, why).toEqual([]);
  expect(checked.reconciled, why).toBe(true);
  expect(checked.vendorDoubled, why).toEqual([]);
  expect(checked.vendorMissing, why).toBe(0);
  expect(checked.chatAcked, why).toBeGreaterThan(5);
  expect(checked.chatMissing, why).toEqual([]);
  expect(checked.chatStored, why).toBe(checked.chatAcked);
  // The every-minute jobs created during the load: never two of one name in one minute (a tick run twice), and none
  // failed. (Whether every tick got its job is not checked here: pg-boss's cron monitor creates a tick's job up to a
  // minute late, so a 45 s load cannot tell a missing tick from a late one; decision 067.)
  for (const job of checked.jobs) {
    expect(job.n, `${job.name} at ${job.minute}: ${why}`).toBe(1);
    expect(job.states, `${job.name} at ${job.minute}: ${why}`).toMatch(/^(completed|active|created|retry)$/);
  }
}

const runnable = !!process.env.DATABASE_URL && !!haproxyBinary();

describe.skipIf(!runnable)('the cluster under chaos', () => {
  for (const processes of [2, 3])
    it(`loses and doubles nothing with ${processes} processes behind HAProxy, one SIGKILLed every 15-30 s`, async () => {
      const { load, checked, kills } = await chaosWithKills({
        processes,
        databaseUrl: await scratchDatabase(),
        seconds: SECONDS,
        members: MEMBERS,
        cleanups,
      });
      console.log(`${processes} processes, kills ${kills.join(', ')}: ${summary(checked, load)}`);
      expect(kills.length).toBeGreaterThanOrEqual(1);
      expectNothingLost(checked, load, `kills: ${kills.join(', ')}`);
    }, 240_000);

  // On a private cluster (PostgreSQL's own binaries), so stopping it touches no other test's database. Every call of
  // the load gives up after 15 s and every retry 20 s after the load ends, so the run is bounded (80–220 s). Opt-in
  // (CHAOS_DATABASE=1): one of six recoveries measured took 4.5 s against the 5 s line (decision 067).
  // apps/server/src/db/database-outage.test.ts covers one process.
  it.skipIf(!postgresBin() || process.env.CHAOS_DATABASE !== '1')(
    'answers 503 while PostgreSQL is stopped three times, serves again within 5 s of its return, loses nothing',
    async () => {
      const database = await privateCluster(postgresBin() as string, { fsync: false, maxConnections: 120 });
      cleanups.push(() => database.destroy().catch(() => undefined));
      const { load, checked, recoveries, downAnswers, phases } = await chaosWithDatabaseStops({
        database,
        stops: 3,
        members: MEMBERS,
        cleanups,
      });
      console.log(
        `PostgreSQL stopped 3 times (${phases.join(', ')}): served again ${recoveries.join(', ')} ms after its return; while away /readyz and the lobby answered ${downAnswers.join(', ')}; ${summary(checked, load)}`,
      );
      // /readyz asks the database; the lobby list may come from the catalogue's cache.
      downAnswers.forEach((answer, i) => {
        if (i % 2 === 0) expect(answer).toBe('503 database_unavailable');
        else expect(['503 database_unavailable', '200 undefined']).toContain(answer);
      });
      for (const ms of recoveries) expect(ms).toBeLessThanOrEqual(5_000);
      const otherErrors = [...load.answers.keys()].filter(
        (k) => k.startsWith('5') && k !== '503 database_unavailable',
      );
      expect(otherErrors, JSON.stringify([...load.answers])).toEqual([]);
      // A minute whose job fell due while the database was away may have none; none has two.
      for (const job of checked.jobs) expect(job.n).toBe(1);
      expectNothingLost({ ...checked, jobs: [], jobMinutes: 0 }, load, `recoveries ${recoveries.join(', ')}`);
    },
    300_000,
  );
});
