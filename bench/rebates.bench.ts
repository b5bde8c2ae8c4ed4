// The daily rebate for 100,000 members over one million bets (issue 13's budget: computing and paying it posts at
// ≥ 0.5× the ledger's own posting rate in the same run). `npm run bench -- rebates`; REBATE_BENCH_MEMBERS and
// REBATE_BENCH_BETS change its size (about 4 minutes at full size on 2 cores).
//
// The baseline is the ledger posting what a rebate posts, with nothing else to do: one entry per member from the
// merchant's promotion expense to a member's main account, `wallet.transfer` committed on its own (group-committed
// by the wallet's batcher), 64 at a time, over the same pool. The rebate's figure is its whole run as the scheduled
// job does it: reading the day's rounds, reckoning every member's rebate, writing the run and its payouts with the
// budget, posting each payout and marking it paid, divided into the number of entries it posted. Rounds alternate
// baseline and rebate so that each ratio compares slices of the same stretch of this shared machine.
import os from 'node:os';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { withPromotionTables } from '../apps/server/src/modules/promotions/promotions.tables.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { createServices } from '../apps/server/src/services.ts';
import { type Bench, median, scratchDatabase } from './bench-kit.ts';

const MEMBERS = Number(process.env.REBATE_BENCH_MEMBERS ?? 100_000);
const BETS = Number(process.env.REBATE_BENCH_BETS ?? 1_000_000);
const ROUNDS = Number(process.env.REBATE_BENCH_ROUNDS ?? 2);
const BASELINE_ENTRIES = Number(process.env.REBATE_BENCH_BASELINE ?? 20_000);
const IN_FLIGHT = 64;

export default (async (ctx) => {
  const scratch = await scratchDatabase(ctx.postgresUrl, 'bench_rebates');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 32 });
  const loadAtStart = os.loadavg()[0] ?? 0;
  try {
    await migrate(handle.db);
    const services = createServices(handle.db);
    await seedDemo(services, { catalogueScale: 0.05 });
    const tala = await services.merchants.byCode('tala');
    const db = handle.db;
    await withPromotionTables(db)
      .updateTable('promotions')
      .set({ enabled: false })
      .where('kind', '=', 'rebate')
      .execute();

    // The members, each with a main account (as every member who has played has).
    const setupStarted = performance.now();
    await sql`INSERT INTO members (merchant_id, username, password_hash)
      SELECT ${tala.id}, 'rebate' || g, 'x' FROM generate_series(1, ${MEMBERS}) g`.execute(db);
    const { rows: range } = await sql<{ lo: number; hi: number }>`
      SELECT min(id) AS lo, max(id) AS hi FROM members WHERE username LIKE 'rebate%'`.execute(db);
    const lo = Number(range[0]?.lo);
    await sql`SELECT ledger_open_account(${tala.id}, 'member_main', id, NULL, 'PHP', false, 1::smallint)
      FROM members WHERE id BETWEEN ${lo} AND ${lo + MEMBERS - 1}`.execute(db);

    // Yesterday's bets in the merchant's calendar, on games of every product of the seeded catalogue.
    const timeZone = tala.settings.whitelabel.timeZone;
    const now = new Date();
    const { rows: day } = await sql<{ start: Date }>`
      SELECT (date_trunc('day', now() AT TIME ZONE ${timeZone}) - interval '1 day') AT TIME ZONE ${timeZone} AS start`.execute(
      db,
    );
    const dayStart = day[0]?.start as Date;
    await sql`
      WITH lines AS (
        SELECT DISTINCT ON (g.line_node_id) g.node_id, l.vendor_code
        FROM games g JOIN game_vendor_lines l ON l.node_id = g.line_node_id
        WHERE l.vendor_code <> 'TALA' ORDER BY g.line_node_id, g.node_id),
      picked AS (SELECT node_id, vendor_code, row_number() OVER () - 1 AS n FROM lines)
      INSERT INTO vendor_transactions (vendor_code, transaction_id, kind, merchant_id, member_id, round_id,
        game_node_id, amount, demo, request_hash, balance_after, created_at)
      SELECT p.vendor_code, 'rb' || s, 'bet', ${tala.id}, ${lo} + (s % ${MEMBERS}), 'rr' || s, p.node_id,
        100 + (s::bigint * 7919) % 9900, false, '\\x00'::bytea, 0, ${dayStart}::timestamptz + (s % 86000) * interval '1 second'
      FROM generate_series(1, ${BETS}) s
      JOIN picked p ON p.n = s % (SELECT count(*) FROM picked)`.execute(db);
    await sql`ANALYZE`.execute(db);
    const setupSeconds = (performance.now() - setupStarted) / 1000;

    const owner = await db
      .selectFrom('operators')
      .select(['id', 'username'])
      .where('username', '=', 'owner')
      .executeTakeFirstOrThrow();
    const actor = { id: owner.id, name: owner.username, ip: '127.0.0.1' };
    const expense = await services.wallet.houseAccount(tala.id, 'house_promotion_expense');
    const { rows: accounts } = await sql<{ id: string }>`
      SELECT id FROM ledger_accounts WHERE kind = 'member_main' AND member_id BETWEEN ${lo} AND ${lo + MEMBERS - 1}
      ORDER BY member_id`.execute(db);
    const accountIds = accounts.map((a) => Number(a.id));

    let baselineRun = 0;
    async function baseline() {
      baselineRun += 1;
      let next = 0;
      const started = performance.now();
      await Promise.all(
        Array.from({ length: IN_FLIGHT }, async () => {
          while (next < BASELINE_ENTRIES) {
            const i = next++;
            await services.wallet.transfer(db, {
              merchantId: tala.id,
              idempotencyKey: `bench-baseline:${baselineRun}:${i}`,
              type: 'promotion',
              from: expense,
              to: accountIds[(i * 7) % accountIds.length] as number,
              amount: 100,
              memo: 'Rebate: baseline',
              actor: { type: 'system' },
            });
          }
        }),
      );
      return BASELINE_ENTRIES / ((performance.now() - started) / 1000);
    }

    async function rebate(round: number) {
      const made = await services.promotions.create(actor, tala, {
        kind: 'rebate',
        enabled: true,
        startsAt: new Date(now.getTime() - 3 * 86_400_000).toISOString(),
        endsAt: new Date(now.getTime() + 86_400_000).toISOString(),
        budget: null,
        rules: {
          percent: 50,
          maxBonus: 500_000,
          minDeposit: 0,
          turnoverMultiple: 0,
          turnoverBasis: 'bonus',
          weights: {},
          claimPer: 'day',
          minVipLevel: 0,
          agentUsername: null,
          oncePerDevice: false,
          oncePerIp: false,
          oncePerBankAccount: false,
          rebateBasis: 'validBets',
          rebateRates: { RNG: 80, FISH: 80, LIVE: 60 },
          minPayout: 1,
          levelBonuses: [],
          prizes: [],
          birthdayDays: 7,
          referral: null,
        },
        texts: { EN: { title: `Bench rebate ${round}`, summary: '', rules: '' } },
      });
      const started = performance.now();
      await services.promotions.rebates.runDue(tala, now);
      const seconds = (performance.now() - started) / 1000;
      const run = await withPromotionTables(db)
        .selectFrom('rebate_runs')
        .selectAll()
        .where('promotion_id', '=', made.id)
        .executeTakeFirstOrThrow();
      if (run.status !== 'paid') throw new Error(`rebate run ${round} not paid`);
      await withPromotionTables(db)
        .updateTable('promotions')
        .set({ enabled: false })
        .where('id', '=', made.id)
        .execute();
      return { entries: run.members, total: Number(run.total), seconds, rate: run.members / seconds };
    }

    // Warm-up: JIT, pool connections, the house account's shard rows.
    await baseline();
    const rounds: {
      before: number;
      rebate: Awaited<ReturnType<typeof rebate>>;
      after: number;
      ratio: number;
    }[] = [];
    let before = await baseline();
    for (let round = 1; round <= ROUNDS; round++) {
      const paid = await rebate(round);
      const after = await baseline();
      rounds.push({ before, rebate: paid, after, ratio: paid.rate / ((before + after) / 2) });
      before = after;
    }
    const reconciled = (await services.wallet.reconcile(tala.id)).ok;
    const ratio = median(rounds.map((r) => r.ratio));
    const baselineRate = median(rounds.flatMap((r) => [r.before, r.after]));
    const rebateRate = median(rounds.map((r) => r.rebate.rate));
    const last = rounds.at(-1)?.rebate;
    const rows = rounds
      .map(
        (r, i) =>
          `| ${i + 1} | ${r.rebate.entries} | ${r.rebate.seconds.toFixed(1)} s | ${Math.round(r.rebate.rate)} | ${Math.round(r.before)} / ${Math.round(r.after)} | ${r.ratio.toFixed(2)}× |`,
      )
      .join('\n');
    return {
      title: 'Rebates',
      markdown: `Command: \`npm run bench -- rebates\`. ${MEMBERS} members, each with a main account, and ${BETS} vendor bets of yesterday (merchant calendar) spread over one game of each vendor line (every product), written straight to the database (setup ${setupSeconds.toFixed(0)} s, not measured). Each round creates a daily rebate (0.5%, slots and fish 0.8%, live 0.6%, no cap reached) and times \`promotions.rebates.runDue\`, the scheduled job's whole run: reading the day's rounds per member and product, reckoning each rebate, writing the run with its ${MEMBERS} payouts and the budget in one transaction, then posting one ledger entry per member (64 at a time through the wallet's group commit) and marking them paid. The baseline, measured just before and just after each round on the same pool, is the ledger posting the same entries with nothing else to do: \`wallet.transfer\` from the promotion expense to a member's main account, ${BASELINE_ENTRIES} entries 64 at a time. Ratio = rebate entries per second ÷ the mean of the two baselines around it; the median of ${ROUNDS} rounds is reported. The ledger reconciled afterwards: ${reconciled ? 'yes' : 'NO'}. Machine load average ${loadAtStart.toFixed(1)} at the start and ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end, on ${os.cpus().length} cores.

| Round | Members paid | Run (compute + pay) | Rebate entries/s | Baseline entries/s before / after | Ratio |
| --- | --- | --- | --- | --- | --- |
${rows}

| Budget | Measured (median) | Goal | Met |
| --- | --- | --- | --- |
| Daily rebate, ${MEMBERS} members over ${BETS} bets, vs the ledger's own posting rate | ${ratio.toFixed(2)}× (${Math.round(rebateRate)} vs ${Math.round(baselineRate)} entries/s; one run ${last ? last.seconds.toFixed(1) : '?'} s) | ≥ 0.5× | ${ratio >= 0.5 ? 'yes' : 'no'} |
`,
    };
  } finally {
    await handle.close();
    await scratch.drop();
  }
}) satisfies Bench;
