// Money through PgBouncer in transaction mode (decision 062): the server keeps no session state, so with more
// clients than server connections, each transaction on whichever server connection is free, every transfer is
// posted once and the books balance. LISTEN needs a session: the change relay listens on the direct URL while its
// notifies go through the pooler.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { buildApp } from '../app.ts';
import { type Change, changeFeed } from '../lib/change-feed.ts';
import { freshDatabase } from '../testing/test-app.ts';
import { postgresChangeRelay } from './change-relay.ts';
import { type DatabaseHandle, openDatabase } from './database.ts';

const pgbouncer = ['/usr/sbin/pgbouncer', '/usr/bin/pgbouncer'].find((file) => fs.existsSync(file));
const seeded = process.env.DATABASE_URL ? inject('seeded') : null;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

describe.skipIf(!pgbouncer || seeded?.kind !== 'postgres')('PgBouncer in transaction mode', () => {
  let copy: DatabaseHandle;
  let pooled: DatabaseHandle;
  let bouncer: ChildProcess;
  let dir: string;
  let directUrl: string;
  let built: Awaited<ReturnType<typeof buildApp>>;

  beforeAll(async () => {
    copy = await freshDatabase(seeded ?? undefined);
    const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(copy.db);
    const name = rows[0]?.name as string;
    const server = new URL(process.env.DATABASE_URL as string);
    directUrl = Object.assign(new URL(server.toString()), { pathname: `/${name}` }).toString();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'tala-pgbouncer-'));
    const port = await freePort();
    fs.writeFileSync(
      path.join(dir, 'pgbouncer.ini'),
      [
        '[databases]',
        `tala = host=${server.hostname} port=${server.port || 5432} dbname=${name} user=postgres`,
        '[pgbouncer]',
        'listen_addr = 127.0.0.1',
        `listen_port = ${port}`,
        'unix_socket_dir =',
        'auth_type = any',
        'pool_mode = transaction',
        // Fewer server connections than the app's pool: transactions of different clients share them.
        'default_pool_size = 3',
        'max_client_conn = 100',
        'ignore_startup_parameters = extra_float_digits,options',
        `logfile = ${path.join(dir, 'pgbouncer.log')}`,
        '',
      ].join('\n'),
    );
    // PgBouncer refuses to run as root.
    const asUser: { uid?: number; gid?: number } = {};
    if (process.getuid?.() === 0) {
      asUser.uid = Number(execFileSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).trim());
      asUser.gid = Number(execFileSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).trim());
      fs.chownSync(dir, asUser.uid, asUser.gid);
    }
    bouncer = spawn(pgbouncer as string, [path.join(dir, 'pgbouncer.ini')], { ...asUser, stdio: 'ignore' });
    const url = `postgresql://postgres@127.0.0.1:${port}/tala`;
    for (let i = 0; ; i++) {
      const client = new pg.Client({ connectionString: url });
      try {
        await client.connect();
        await client.query('SELECT 1');
        await client.end();
        break;
      } catch (error) {
        await client.end().catch(() => undefined);
        if (i > 100 || bouncer.exitCode !== null) {
          const log = fs.existsSync(path.join(dir, 'pgbouncer.log'))
            ? fs.readFileSync(path.join(dir, 'pgbouncer.log'), 'utf8')
            : '';
          throw new Error(`pgbouncer did not start: ${(error as Error).message}\n${log.slice(-2000)}`);
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    pooled = await openDatabase({ databaseUrl: url, dataDir: null, poolSize: 12 });
    built = await buildApp({ db: pooled.db, serveApps: false, logger: false });
  }, 60_000);

  afterAll(async () => {
    await built?.app.close();
    await pooled?.close();
    if (bouncer && bouncer.exitCode === null) {
      const exited = new Promise((resolve) => bouncer.once('exit', resolve));
      bouncer.kill('SIGINT');
      await exited;
    }
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
    await copy?.close();
  });

  it('posts concurrent transfers once each, and the books balance', async () => {
    const { services } = built;
    const tala = await services.merchants.byCode('tala');
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    const accounts: number[] = [];
    for (let i = 0; i < 4; i++) {
      const username = `pb${crypto.randomBytes(4).toString('hex')}`;
      const id = await services.members.create(tala, {
        username,
        password: 'secret123',
        type: 1,
        uplineId: null,
      });
      const account = await services.wallet.memberAccount(tala.id, id);
      await services.wallet.transfer(services.db, {
        merchantId: tala.id,
        idempotencyKey: `pgbouncer-fund-${id}`,
        type: 'adjustment',
        from: clearing,
        to: account,
        amount: 10_000,
        actor: { type: 'system' },
      });
      accounts.push(account);
    }
    const run = crypto.randomBytes(4).toString('hex');
    const move = (i: number) =>
      services.wallet.transfer(services.db, {
        merchantId: tala.id,
        idempotencyKey: `pgbouncer-${run}-${i}`,
        type: 'adjustment',
        from: accounts[i % 4] as number,
        to: accounts[(i + 1) % 4] as number,
        amount: 100 + i,
        actor: { type: 'system' },
      });
    // 40 transfers at once, each sent twice: the second of each pair is a replay of the same key.
    const posted = await Promise.all([
      ...Array.from({ length: 40 }, (_, i) => move(i)),
      ...Array.from({ length: 40 }, (_, i) => move(i)),
    ]);
    expect(posted.filter((entry) => !entry.replayed)).toHaveLength(40);
    const balances = await Promise.all(accounts.map((account) => services.wallet.balance(account)));
    expect(balances.reduce((sum, b) => sum + b, 0)).toBe(40_000);
    // Each account sent the transfers i ≡ k (mod 4) and received those i ≡ k - 1 (mod 4).
    const expected = [0, 1, 2, 3].map((k) => {
      let balance = 10_000;
      for (let i = 0; i < 40; i++) {
        if (i % 4 === k) balance -= 100 + i;
        if ((i + 1) % 4 === k) balance += 100 + i;
      }
      return balance;
    });
    expect(balances).toEqual(expected);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('carries the change feed: LISTEN on the direct URL, NOTIFY through the pooler', async () => {
    const [one, two] = [changeFeed(), changeFeed()];
    const heard: Change[] = [];
    two.subscribe((change) => heard.push(change));
    const stopOne = one.connect(await postgresChangeRelay(directUrl, pooled.db, one));
    const stopTwo = two.connect(await postgresChangeRelay(directUrl, pooled.db, two));
    try {
      one.publish(pooled.db, { on: 'member', memberId: 7 });
      for (let i = 0; i < 100 && heard.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(heard).toEqual([{ on: 'all' }, { on: 'member', memberId: 7 }]);
    } finally {
      await stopOne();
      await stopTwo();
    }
  });
});
