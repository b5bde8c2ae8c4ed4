// Settlement exactly once across real server processes (issue 12 item 4: "also with two server processes running and
// after a crash mid-run"). Two server processes (src/main.ts, each in its own process) run the scheduler, pg-boss's
// `agents-settle`, on one database with yesterday's daily salary due on some 1,200 contracts; the one settling is
// killed with SIGKILL once the run's first page of bills is written; the survivor takes the run over (its heartbeat
// aged, as two minutes would) and finishes it. Every (contract, period) then has one bill, every paid bill one ledger
// entry, the ledger reconciles and the amounts are the rules'.
import { sql } from 'kysely';
import PgBoss from 'pg-boss';
import { afterAll, describe, expect, it } from 'vitest';
import { type ServerProcess, settle, startServerProcess, waitFor } from '../../testing/server-process.ts';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lastClosedPeriod, periodAt } from './contract-rules.ts';
import { manyAgents, moveBack, settlementFixtures } from './settlement-fixtures.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
// Spins one after another, without the pace a player's spins are held to.
services.slots.settings.paceMs = 0;
const fixtures = settlementFixtures({ app, services }, tala);
const timeZone = tala.settings.whitelabel.timeZone;
const DAY = 86_400_000;
/** Contracts written in bulk: with the fixture's two, three pages of 500 bills. */
const MANY = 1_200;
/** Their rate (1 %) and each one's team's stake: 100 due each. */
const MANY_RATE = 100;
const MANY_STAKE = 10_000;

describe.skipIf(!process.env.DATABASE_URL)('settlement across two server processes', () => {
  const processes: ServerProcess[] = [];
  let boss: PgBoss | undefined;
  afterAll(async () => {
    await Promise.all(processes.map((p) => p.stop()));
    await settle('stopping the test’s pg-boss client', boss?.stop({ graceful: false, wait: true }));
  });

  it('settles each contract’s day once, the server settling killed mid-run and the run finished by the other', async () => {
    // "Yesterday" must stay one day through the test: not in the minute before the merchant's midnight.
    const today = periodAt('dailySalary', 'D', new Date(), timeZone);
    if (today.end.getTime() - Date.now() < 60_000)
      await new Promise((resolve) => setTimeout(resolve, today.end.getTime() - Date.now() + 1_000));
    // Every day a paying day, so that yesterday is due today.
    await fixtures.contractSettings(owner, (s) => ({ ...s, dailySalaryEveryDays: 1 }));

    // settlement.test.ts's team, a day ago: top (2 %) ─ sub (1 %) ─ p1 bets 600; top ─ p2 bets 200.
    const top = await fixtures.member(1, null);
    const sub = await fixtures.member(1, top.id);
    const p1 = await fixtures.member(0, sub.id, 100_000);
    const p2 = await fixtures.member(0, top.id, 100_000);
    await fixtures.topContract(owner, top.id, 'dailySalary', { rate: 200 });
    await fixtures.offerAccepted('dailySalary', top, sub, { rate: 100 });
    for (let i = 0; i < 3; i++) await fixtures.spin(p1.token, 200);
    for (let i = 0; i < 2; i++) await fixtures.spin(p2.token, 100);
    await moveBack(services, [top.id, sub.id, p1.id, p2.id], DAY);
    const yesterday = lastClosedPeriod('dailySalary', 'D', new Date(), timeZone);
    const many = await manyAgents(services, tala, {
      count: MANY,
      kind: 'dailySalary',
      terms: { rate: MANY_RATE },
      stake: MANY_STAKE,
      at: new Date(yesterday.start.getTime() + DAY / 2),
    });
    const contracts = MANY + 2;
    const manyDue = (MANY_RATE * MANY_STAKE) / 10_000;
    const total = 10 + 6 + MANY * manyDue;

    const name = (await sql<{ name: string }>`SELECT current_database() AS name`.execute(services.db)).rows[0]
      ?.name as string;
    const url = new URL(process.env.DATABASE_URL as string);
    url.pathname = `/${name}`;
    const byLabel = new Map<string, ServerProcess>();
    const start = (label: string) =>
      startServerProcess({
        DATABASE_URL: url.toString(),
        SEED_DEMO: 'false',
        ODDS_FEED: 'off',
        // Its connections' name in pg_stat_activity: which process is writing the bills.
        PGAPPNAME: `settle-${label}`,
      }).then((p) => {
        processes.push(p);
        return p;
      });
    // Started together, as a deployment starts them; each one stopped after the test even if the other failed.
    const both = await Promise.allSettled(
      ['a', 'b'].map(async (label) => byLabel.set(`settle-${label}`, await start(label))),
    );
    for (const outcome of both) if (outcome.status === 'rejected') throw outcome.reason;

    // The queue's next tick (the cron sends one every five minutes): whichever process takes it settles.
    boss = new PgBoss({
      connectionString: url.toString(),
      schema: 'pgboss',
      supervise: false,
      schedule: false,
      migrate: false,
    });
    boss.on('error', () => {});
    await boss.start();
    const tick = async () => (await boss?.send('agents-settle', {})) as string;
    const ticks = [await tick()];

    const count = async () =>
      (
        await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM contract_bills
           WHERE kind = 'dailySalary' AND period_start = ${yesterday.start} AND status <> 'cancelled'`.execute(
          services.db,
        )
      ).rows[0]?.n ?? 0;
    // The run's first page written: the process whose connections are writing bills is the one settling.
    let runner: string | undefined;
    await waitFor(
      async () => {
        if ((await count()) === 0) return false;
        const { rows } = await sql<{ application_name: string }>`
          SELECT DISTINCT application_name FROM pg_stat_activity
           WHERE datname = current_database() AND application_name LIKE 'settle-%' AND state <> 'idle'
             AND (query ILIKE '%into "contract_bills"%' OR query ILIKE '%ledger_post_batch%'
                  OR query ILIKE '%UPDATE contract_bills b%')`.execute(services.db);
        if (rows.length !== 1) return false;
        runner = rows[0]?.application_name;
        return true;
      },
      30_000,
      () => 'the first page of bills, written by one of the processes',
      5,
    );
    const killed = byLabel.get(runner as string) as ServerProcess;
    killed.child.kill('SIGKILL');
    await killed.exited;
    const atKill = await count();
    const run = async () =>
      (
        await sql<{ id: number; status: string; bills: number; total_paid: string }>`
          SELECT id, status, bills, total_paid FROM settlement_runs
           WHERE kind = 'dailySalary' AND period_start = ${yesterday.start}`.execute(services.db)
      ).rows;
    // Killed in the middle: some pages written, the run left running (nobody else takes it while it looks alive).
    expect(atKill).toBeGreaterThan(0);
    expect(atKill).toBeLessThan(contracts);
    expect((await run()).map((r) => r.status)).toEqual(['running']);

    // Two minutes on, the run's heartbeat is old. The next ticks (the cron's, and pg-boss's retry of the killed job)
    // reach the survivor: the first takes the run over and finishes it, the second finds nothing left to do.
    await sql`UPDATE settlement_runs SET heartbeat_at = now() - interval '10 minutes'
               WHERE kind = 'dailySalary' AND period_start = ${yesterday.start}`.execute(services.db);
    ticks.push(await tick(), await tick());
    const jobs = async () =>
      (
        await sql<{ id: string; state: string }>`
          SELECT id::text, state::text FROM pgboss.job WHERE id = ANY(${ticks.slice(1)}::uuid[])`.execute(
          services.db,
        )
      ).rows;
    await waitFor(
      async () =>
        (await jobs()).filter((j) => j.state === 'completed').length === 2 &&
        (await run())[0]?.status === 'done',
      30_000,
      () => `both ticks completed and the run done: ${JSON.stringify(ticks)}`,
      100,
    );

    expect(
      [...byLabel.values()].filter((p) => p.child.exitCode === null && p.child.signalCode === null),
    ).toHaveLength(1);
    // One run, done, with one bill per contract in force yesterday; every paid bill one ledger entry.
    const runs = await run();
    expect(
      runs.map((r) => ({ status: r.status, bills: Number(r.bills), paid: Number(r.total_paid) })),
    ).toEqual([{ status: 'done', bills: contracts, paid: total }]);
    expect(await count()).toBe(contracts);
    const { rows: perContract } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM contract_bills
       WHERE kind = 'dailySalary' AND period_start = ${yesterday.start} GROUP BY contract_id HAVING count(*) <> 1`.execute(
      services.db,
    );
    expect(perContract).toEqual([]);
    const { rows: entries } = await sql<{ bills: number; paid: number; entries: number; keys: number }>`
      SELECT count(*)::int AS bills, count(*) FILTER (WHERE b.amount_paid > 0)::int AS paid,
             count(e.id)::int AS entries,
             (SELECT count(*)::int FROM ledger_entries WHERE idempotency_key LIKE 'contract-bill:%') AS keys
        FROM contract_bills b LEFT JOIN ledger_entries e ON e.id = b.ledger_entry_id
                                                      AND e.idempotency_key = 'contract-bill:' || b.id
       WHERE b.run_id = ${runs[0]?.id}`.execute(services.db);
    expect(entries).toEqual([{ bills: contracts, paid: contracts, entries: contracts, keys: contracts }]);
    // The rules' amounts: the difference for the two levels, 1 % of 10,000 for each of the many.
    expect([await fixtures.balance(top.id), await fixtures.balance(sub.id)]).toEqual([10, 6]);
    const { rows: paidToMany } = await sql<{ paid: string; n: number }>`
      SELECT COALESCE(SUM(amount_paid), 0) AS paid, count(*) FILTER (WHERE amount_paid = ${manyDue})::int AS n
        FROM contract_bills WHERE member_id = ANY(${many}::int[])`.execute(services.db);
    expect(paidToMany.map((r) => ({ paid: Number(r.paid), n: r.n }))).toEqual([
      { paid: MANY * manyDue, n: MANY },
    ]);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  }, 120_000);
});
