// The database going away under load: PostgreSQL stopped with `-m immediate` while the server takes money
// requests. The server process must stay up, answer 503 database_unavailable while the database is away, serve
// again by itself once it is back, and lose nothing it acknowledged. A private cluster, so no one else's database
// is harmed; the server is the real one (src/main.ts) in its own process.
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { currentCode } from '../modules/totp/totp.service.ts';
import { demoTotpKey } from '../seed/demo.ts';
import { postgresBin, privateCluster } from '../testing/private-cluster.ts';
import { startServerProcess, waitFor } from '../testing/server-process.ts';

const cleanups: (() => Promise<void> | void)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

const bin = postgresBin();

describe('database outage', () => {
  it.skipIf(!process.env.DATABASE_URL || !bin)(
    'keeps the server up, answers 503 while PostgreSQL is stopped, recovers by itself and loses nothing acknowledged',
    async () => {
      const cluster = await privateCluster(bin as string);
      cleanups.push(() => cluster.destroy());
      // Started means all of main() ran (the job queue too), not only that it listens: the banner is printed last.
      const server = await startServerProcess({ DATABASE_URL: cluster.url, CHANGE_RELAY: 'postgres' });
      cleanups.push(() => server.stop());
      const base = server.url;

      const signIn = await fetch(`${base}/admin-api/session`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          username: 'owner',
          password: 'owner-demo-1',
          code: currentCode(demoTotpKey('owner') as string),
        }),
      });
      const auth = `Bearer ${((await signIn.json()) as { value: { token: string } }).value.token}`;
      const members = await fetch(`${base}/admin-api/members?q=demo`, { headers: { authorization: auth } });
      const memberId = ((await members.json()) as { value: { list: Array<{ id: number }> } }).value.list[0]
        ?.id;
      expect(memberId).toBeGreaterThan(0);

      // Adjustments up to P100 apply at once (the default asks a second operator for every one).
      const settingsUrl = `${base}/admin-api/payments/settings?merchantCode=tala`;
      const settings = (
        (await (await fetch(settingsUrl, { headers: { authorization: auth } })).json()) as {
          value: Record<string, unknown>;
        }
      ).value;
      const saved = await fetch(settingsUrl, {
        method: 'PUT',
        headers: { authorization: auth, 'content-type': 'application/json' },
        body: JSON.stringify({ ...settings, adjustmentSecondApprovalAbove: 10_000 }),
      });
      expect(saved.status).toBe(200);

      // Load: four clients crediting P1.00 adjustments (small enough to apply at once, each its own ledger entry).
      const acknowledged: number[] = [];
      const statuses = new Map<string, number>();
      let loading = true;
      const client = async () => {
        while (loading) {
          try {
            const response = await fetch(`${base}/admin-api/payments/adjustments`, {
              method: 'POST',
              headers: { authorization: auth, 'content-type': 'application/json', merchant: 'tala' },
              body: JSON.stringify({ memberId, direction: 'credit', amount: '1', reason: 'outage test' }),
            });
            const body = (await response.json()) as {
              value?: { id: number; status: string };
              errorCode?: string;
            };
            const key = `${response.status} ${body.errorCode ?? body.value?.status}`;
            statuses.set(key, (statuses.get(key) ?? 0) + 1);
            if (response.ok && body.value?.status === 'approved') acknowledged.push(body.value.id);
          } catch {
            statuses.set('network', (statuses.get('network') ?? 0) + 1);
          }
          await new Promise((resolve) => setTimeout(resolve, 20));
        }
      };
      const clients = Array.from({ length: 4 }, client);
      await waitFor(
        async () => acknowledged.length >= 20,
        60_000,
        () => `acknowledged adjustments: ${JSON.stringify([...statuses])}`,
      );

      await cluster.stopImmediate();
      const stoppedAt = acknowledged.length;
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      expect(server.child.exitCode, `the server exited:\n${server.output().slice(-3000)}`).toBeNull();
      const health = await fetch(`${base}/readyz`);
      expect(health.status).toBe(503);
      expect(await health.json()).toMatchObject({ success: false, errorCode: 'database_unavailable' });
      // Alive all the same: an orchestrator watching /healthz does not restart a server that rides the outage out.
      expect((await fetch(`${base}/healthz`)).status).toBe(200);
      expect(statuses.get('503 database_unavailable') ?? 0).toBeGreaterThan(0);

      await cluster.start();
      await waitFor(
        async () => (await fetch(`${base}/readyz`)).ok,
        30_000,
        () => `the server to serve again: ${server.output().slice(-2000)}`,
      );
      await waitFor(
        async () => acknowledged.length >= stoppedAt + 10,
        30_000,
        () => `adjustments after the return: ${JSON.stringify([...statuses])}`,
      );
      // The change relay listens again (its first tries failed while the database was away).
      const listening = async () => {
        const db = new pg.Client({ connectionString: cluster.url });
        await db.connect();
        try {
          const found = await db.query("SELECT 1 FROM pg_stat_activity WHERE query = 'LISTEN tala_changes'");
          return found.rows.length === 1;
        } finally {
          await db.end();
        }
      };
      await waitFor(
        listening,
        30_000,
        () => `the change relay to listen again: ${server.output().slice(-2000)}`,
      );
      loading = false;
      await Promise.all(clients);
      expect(server.child.exitCode).toBeNull();
      expect(
        [...statuses.keys()].filter((k) => k.startsWith('5') && k !== '503 database_unavailable'),
      ).toEqual([]);

      // Every acknowledged adjustment is there, with its ledger entry, and every entry balances.
      const db = new pg.Client({ connectionString: cluster.url });
      await db.connect();
      try {
        const found = await db.query<{ id: number; ledger_entry_id: string | null }>(
          'SELECT id, ledger_entry_id FROM balance_adjustments WHERE id = ANY($1)',
          [acknowledged],
        );
        expect(found.rows.length).toBe(new Set(acknowledged).size);
        expect(found.rows.every((row) => row.ledger_entry_id !== null)).toBe(true);
        const unbalanced = await db.query(
          'SELECT entry_id FROM ledger_postings GROUP BY entry_id HAVING sum(amount) <> 0',
        );
        expect(unbalanced.rows).toEqual([]);
      } finally {
        await db.end();
      }
    },
    300_000,
  );
});
