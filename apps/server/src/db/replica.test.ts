// The read replica (decision 062) on a real streaming replica: a private primary and a standby made from it with
// `pg_basebackup -R` (GUIDE §10), so the machine's shared server is neither restarted nor reconfigured. The primary
// starts as a copy of the run's seeded database.
import { execFileSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { postgresBin, privateCluster, privateStandby } from '../testing/private-cluster.ts';
import { startServerProcess } from '../testing/server-process.ts';
import { freshDatabase, operatorAuth } from '../testing/test-app.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';
import { ReplicaConfigError } from './replica.ts';

const bin = postgresBin();
const seeded = process.env.DATABASE_URL ? inject('seeded') : null;

async function query<T extends object>(url: string, text: string): Promise<T[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query<T & pg.QueryResultRow>(text)).rows;
  } finally {
    await client.end();
  }
}

async function until(what: string, ok: () => Promise<boolean>, ms = 20_000) {
  const end = Date.now() + ms;
  while (!(await ok())) {
    if (Date.now() > end) throw new Error(`still not: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(!bin || seeded?.kind !== 'postgres')('the read replica', () => {
  let primary: Awaited<ReturnType<typeof privateCluster>>;
  let standby: Awaited<ReturnType<typeof privateStandby>>;
  let primaryUrl: string;
  let replicaUrl: string;
  let database: DatabaseHandle;
  let built: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    primary = await privateCluster(bin as string);
    standby = await privateStandby(bin as string, primary.url);
    const name = 'tala';
    await query(primary.url, `CREATE DATABASE ${name}`);
    primaryUrl = primary.url.replace(/\/postgres$/, `/${name}`);
    replicaUrl = standby.url.replace(/\/postgres$/, `/${name}`);
    // A copy of the seeded database (its own: the template itself must stay free for other files' copies).
    const copy = await freshDatabase(seeded ?? undefined);
    try {
      const source = new URL(process.env.DATABASE_URL as string);
      const { rows } = await (await import('kysely')).sql<{
        name: string;
      }>`SELECT current_database() AS name`.execute(copy.db);
      const dump = execFileSync(
        path.join(bin as string, 'pg_dump'),
        [
          '-h',
          source.hostname,
          '-p',
          source.port || '5432',
          '-U',
          'postgres',
          '--no-owner',
          '-d',
          rows[0]?.name as string,
        ],
        { maxBuffer: 512 * 1024 * 1024 },
      );
      execFileSync(path.join(bin as string, 'psql'), ['-q', '-v', 'ON_ERROR_STOP=1', '-d', primaryUrl], {
        input: dump,
        stdio: ['pipe', 'ignore', 'pipe'],
      });
    } finally {
      await copy.close();
    }
    // The standby replays the restore through streaming replication.
    await until('the standby has the restored database', async () => {
      try {
        const [row] = await query<{ n: number }>(
          replicaUrl,
          'SELECT count(*)::int AS n FROM schema_migrations',
        );
        const [want] = await query<{ n: number }>(
          primaryUrl,
          'SELECT count(*)::int AS n FROM schema_migrations',
        );
        return (row?.n ?? 0) > 0 && row?.n === want?.n;
      } catch {
        return false;
      }
    });
    database = await openDatabase({
      databaseUrl: primaryUrl,
      dataDir: null,
      replicaUrl,
      replicaMaxLagSeconds: 5,
      replicaCheckEveryMs: 200,
    });
    built = await buildApp({ db: database.db, replica: database.replica, serveApps: false, logger: false });
  }, 120_000);

  afterAll(async () => {
    await built?.app.close();
    await database?.close();
    await standby?.destroy();
    await primary?.destroy();
  });

  const pauseReplay = () => query(replicaUrl, 'SELECT pg_wal_replay_pause()');
  const resumeReplay = () => query(replicaUrl, 'SELECT pg_wal_replay_resume()');
  async function newMember(funds: number) {
    const { services } = built;
    const tala = await services.merchants.byCode('tala');
    const username = `rp${crypto.randomBytes(4).toString('hex')}`;
    const id = await services.members.create(tala, {
      username,
      password: 'secret123',
      type: 1,
      uplineId: null,
    });
    const account = await services.wallet.memberAccount(tala.id, id);
    await services.wallet.transfer(services.db, {
      merchantId: tala.id,
      idempotencyKey: `replica-test-${id}`,
      type: 'adjustment',
      from: await services.wallet.houseAccount(tala.id, 'house_deposit_clearing'),
      to: account,
      amount: funds,
      actor: { type: 'system' },
    });
    return { id, username, account };
  }
  const listed = async (owner: string, username: string) =>
    (
      await built.app.inject({
        url: `/admin-api/members?pageNo=1&pageSize=10&q=${username}`,
        headers: { authorization: owner },
      })
    ).json().value.total as number;

  it('reads the back office members list from the replica, money and sessions from the primary', async () => {
    expect(database.replicaState?.()).toMatchObject({ inUse: true });
    const owner = await operatorAuth(built.app, 'owner', 'owner-demo-1');
    await pauseReplay();
    try {
      // Signing in writes a session and reads it back at once: the primary's, replay paused or not.
      const again = await operatorAuth(built.app, 'support', 'support-demo-1');
      expect(again).toBeTruthy();
      const member = await newMember(12_345);
      // The balance is money: read from the primary, right after the write.
      expect(await built.services.wallet.balance(member.account)).toBe(12_345);
      // The list is a report: the paused replica has not seen the member yet.
      expect(await listed(owner, member.username)).toBe(0);
      await resumeReplay();
      await until('the list shows the member', async () => (await listed(owner, member.username)) === 1);
    } finally {
      await resumeReplay();
    }
  });

  it('reads the promotions cost report from the replica, and the bonus it counts from the primary', async () => {
    const finance = await operatorAuth(built.app, 'finance', 'finance-demo-1');
    const day = (offset: number) => new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    // Every merchant's today falls between yesterday and tomorrow in UTC.
    const manualPaid = async () => {
      const answer = await built.app.inject({
        url: `/admin-api/merchants/tala/promotions-report?from=${day(-1)}&to=${day(1)}`,
        headers: { authorization: finance },
      });
      expect(answer.statusCode, answer.body).toBe(200);
      const rows = answer.json().value.rows as Array<{ source: string; paid: number }>;
      return rows.filter((r) => r.source === 'manual').reduce((sum, r) => sum + r.paid, 0);
    };
    const before = await manualPaid();
    const member = await newMember(1);
    await pauseReplay();
    try {
      const granted = await built.app.inject({
        method: 'POST',
        url: '/admin-api/merchants/tala/manual-bonuses',
        headers: { authorization: finance },
        payload: {
          username: member.username,
          amount: 4_321,
          turnoverMultiple: 1,
          title: 'Replica test',
          reason: 'The cost report reads the replica',
        },
      });
      // The grant is answered from the primary (read-your-writes): paid at once, in the member's balance.
      expect(granted.json().value, granted.body).toMatchObject({ status: 'issued' });
      expect(await built.services.wallet.balance(member.account)).toBe(1 + 4_321);
      // The report is read from the paused replica: the bonus is not in it yet.
      expect(await manualPaid()).toBe(before);
      await resumeReplay();
      await until('the report counts the bonus', async () => (await manualPaid()) === before + 4_321);
    } finally {
      await resumeReplay();
    }
  });

  it('reads the primary while the replica lags more than allowed, and the replica again once it catches up', async () => {
    const owner = await operatorAuth(built.app, 'owner', 'owner-demo-1');
    await pauseReplay();
    try {
      const member = await newMember(1);
      await until('the replica is left aside', async () => database.replicaState?.().inUse === false);
      expect(database.replicaState?.().reason).toMatch(/lags \d+ s behind the primary/);
      expect(await listed(owner, member.username)).toBe(1);
    } finally {
      await resumeReplay();
    }
    await until('the replica is used again', async () => database.replicaState?.().inUse === true);
  });

  it('refuses at start a replica URL that does not name a standby of the same database', async () => {
    const open = (url: string, databaseUrl = primaryUrl) =>
      openDatabase({ databaseUrl, dataDir: null, replicaUrl: url, replicaCheckEveryMs: 60_000 });
    // The primary itself: not a standby.
    await expect(open(primaryUrl)).rejects.toThrow(ReplicaConfigError);
    await expect(open(primaryUrl)).rejects.toThrow(/DATABASE_REPLICA_URL .* is not a standby/);
    // The standby, but another of its databases.
    await expect(open(standby.url)).rejects.toThrow(/its database is "postgres", DATABASE_URL's is "tala"/);
    // Another cluster's database of the same name (the machine's shared server).
    const shared = new URL(process.env.DATABASE_URL as string);
    shared.pathname = '/postgres';
    await expect(open(shared.toString(), primary.url)).rejects.toThrow(/another PostgreSQL cluster/);
  });

  it('falls back to the primary when the replica cannot be reached, and says so', async () => {
    const warnings: string[] = [];
    const handle = await openDatabase({
      databaseUrl: primaryUrl,
      dataDir: null,
      replicaUrl: 'postgresql://postgres@127.0.0.1:1/tala',
      replicaCheckEveryMs: 60_000,
      log: () => ({ warn: (_object, message) => warnings.push(message), info: () => {} }),
    });
    try {
      expect(handle.replicaState?.()).toMatchObject({ inUse: false });
      expect(handle.replicaState?.().reason).toMatch(/cannot be reached/);
      expect(warnings.join('\n')).toMatch(/reports read the primary/);
      const { rows } = await (await import('kysely')).sql<{
        recovery: boolean;
      }>`SELECT pg_is_in_recovery() AS recovery`.execute(handle.replica);
      expect(rows[0]?.recovery).toBe(false);
    } finally {
      await handle.close();
    }
  });

  it('stops the server at start with a message naming DATABASE_REPLICA_URL', async () => {
    const server = await startServerProcess(
      { DATABASE_URL: primaryUrl, DATABASE_REPLICA_URL: primaryUrl, LOG_LEVEL: 'silent' },
      { waitForStart: false },
    );
    const code = await server.exited;
    expect(server.output()).toMatch(
      /DATABASE_REPLICA_URL \(127\.0\.0\.1:\d+\/tala\) is not a streaming replica/,
    );
    expect(code).toBe(2);
  }, 60_000);
});
