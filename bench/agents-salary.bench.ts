// Issue 12's settlement budget: settling a real-time salary cycle (one five-minute period) for 100,000 contracts
// posts at ≥ 0.5× the ledger's own posting rate in the same run. `npm run bench -- agents-salary`;
// AGENTS_BENCH_CONTRACTS, AGENTS_BENCH_ROUNDS and AGENTS_BENCH_BASELINE change its size.
//
// The tree: TOPS top agents, each with sub-agents under it, each sub-agent with one player below it; every agent holds
// a real-time salary contract in force (the top agents' from the merchant, the sub-agents' from their top agent at
// lower rates), so CONTRACTS contracts in all. Set-up writes the rows straight into the tables the settlement reads
// (members, whose insert trigger builds the closure table; main accounts through ledger_open_account(); contracts;
// one sports bet per player in the period, won or lost, so that every contract has a payment). The measured figure
// is the whole `settlePeriod` of the period, as the schedule runs it (team figures read through bet_rounds, every
// bill worked out, written and paid), divided into the payments it posted. The baseline is the ledger posting the
// same kind of entry with nothing else to do: commissions from the merchant's commission account to the same
// agents, `wallet.transfer` committed on its own (the wallet's group commit), 64 in flight, over the same pool,
// right before and right after each settlement; their mean is the ratio's denominator.
import os from 'node:os';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { periodAt } from '../apps/server/src/modules/agents/contract-rules.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { createServices, type Services } from '../apps/server/src/services.ts';
import { type Bench, inParallel, ledgerVacuum, median, scratchDatabase } from './bench-kit.ts';

const CONTRACTS = Number(process.env.AGENTS_BENCH_CONTRACTS ?? 100_000);
const ROUNDS = Number(process.env.AGENTS_BENCH_ROUNDS ?? 2);
const BASELINE_ENTRIES = Number(process.env.AGENTS_BENCH_BASELINE ?? 20_000);
const TOPS = Math.max(1, Math.round(CONTRACTS / 1_000));
const SUBS = CONTRACTS - TOPS;
const IN_FLIGHT = 64;
const STAKE = 10_000;

export default (async (ctx) => {
  const scratch = await scratchDatabase(ctx.postgresUrl, 'bench_agents');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 32 });
  const loadAtStart = os.loadavg()[0] ?? 0;
  try {
    await migrate(handle.db);
    const services: Services = createServices(handle.db);
    await seedDemo(services, { catalogueScale: 0.05 });
    const tala = await services.merchants.byCode('tala');
    const db = handle.db;
    const commission = await services.wallet.houseAccount(tala.id, 'house_agent_commission_expense');
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');

    // --- The tree: top agents, sub-agents (each under a top agent), one player under each sub-agent ---
    const insertMembers = async (prefix: string, type: number, uplines: number[] | null, count: number) => {
      const { rows } = await sql<{ id: number }>`
        INSERT INTO members (merchant_id, username, type, upline_id)
        SELECT ${tala.id}, ${prefix} || i, ${type},
               ${uplines === null ? null : sql`(${uplines}::int[])[1 + i % ${uplines.length}]`}
          FROM generate_series(0, ${count - 1}) i
        RETURNING id`.execute(db);
      return rows.map((r) => r.id);
    };
    const tops = await insertMembers('bt', 1, null, TOPS);
    const subs = await insertMembers('bs', 1, tops, SUBS);
    const players = await insertMembers('bp', 0, subs, SUBS);
    const agents = [...tops, ...subs];
    await sql`SELECT ledger_open_account(${tala.id}, 'member_main', id, NULL, NULL, false, 1::smallint)
                FROM unnest(${agents}::int[]) AS id`.execute(db);
    const topTerms = JSON.stringify({ profitRate: 50, lossRate: 100 });
    const subTerms = JSON.stringify({ profitRate: 30, lossRate: 60 });
    await sql`
      INSERT INTO agent_contracts (merchant_id, kind, member_id, upline_id, terms, status, decided_at, started_at)
      SELECT ${tala.id}, 'realtimeSalary', m.id, m.upline_id,
             CASE WHEN m.upline_id IS NULL THEN ${topTerms}::jsonb ELSE ${subTerms}::jsonb END,
             'active', now(), now()
        FROM members m WHERE m.id = ANY(${agents}::int[])`.execute(db);
    // The players' stakes, one entry each round for all of them (the bets refer to it as placed bets do).
    const stakes = async (round: number) =>
      (
        await services.wallet.transfer(db, {
          merchantId: tala.id,
          idempotencyKey: `bench-stakes-${round}`,
          type: 'adjustment',
          from: clearing,
          to: await services.wallet.houseAccount(tala.id, 'house_vendor', 'TSPORT'),
          amount: STAKE * players.length,
          actor: { type: 'system' },
        })
      ).entryId;

    /** One sports bet per player inside the period: every other one won (the profit rate), the rest lost. */
    const betsIn = async (round: number, period: { start: Date; end: Date }) => {
      const entry = await stakes(round);
      await sql`
        INSERT INTO sports_bets (merchant_id, member_id, request_id, kind, product, vendor_code, stake,
                                 potential_return, odds_preference, odds_format, status, returned,
                                 placed_entry_id, created_at, settled_at)
        SELECT ${tala.id}, p.id, 'bench' || ${round} || 'x' || lpad(p.n::text, 8, '0'), 'single', 'SPORTS', 'TSPORT',
               ${STAKE}, ${STAKE * 2}, 'any', 'decimal',
               CASE WHEN p.n % 2 = 0 THEN 'won' ELSE 'lost' END, CASE WHEN p.n % 2 = 0 THEN ${STAKE * 2} ELSE 0 END,
               ${entry}, ${period.start}::timestamptz + (p.n % 290) * interval '1 second',
               ${period.start}::timestamptz + interval '295 seconds'
          FROM unnest(${players}::int[]) WITH ORDINALITY AS p (id, n)`.execute(db);
    };

    let baselineRun = 0;
    const baseline = async () => {
      baselineRun += 1;
      const accounts = await services.wallet.memberAccounts(agents.slice(0, 2_000));
      const started = performance.now();
      await inParallel(BASELINE_ENTRIES, IN_FLIGHT, async (i) => {
        await services.wallet.transfer(db, {
          merchantId: tala.id,
          idempotencyKey: `bench-baseline-${baselineRun}-${i}`,
          type: 'commission',
          from: commission,
          to: (accounts[i % accounts.length] as { id: number }).id,
          amount: 30,
          actor: { type: 'system' },
        });
      });
      return BASELINE_ENTRIES / ((performance.now() - started) / 1000);
    };

    // autovacuum's work, done by the bench (bench-kit.ts ledgerVacuum).
    const { vacuum, stop: stopVacuum } = ledgerVacuum(db);

    // Warm-up, not measured.
    await baseline();

    type Round = { before: number; settle: number; after: number; seconds: number; paid: number };
    const rounds: Round[] = [];
    const timeZone = tala.settings.whitelabel.timeZone;
    for (let round = 0; round < ROUNDS; round++) {
      // A period after the tree and contracts were written (a round is counted in the tree as it was at the bet).
      const period = periodAt('realtimeSalary', 'D', new Date(Date.now() + (round + 1) * 300_000), timeZone);
      await betsIn(round, period);
      await vacuum();
      const before = await baseline();
      await vacuum();
      const started = performance.now();
      const run = await services.agents.settlePeriod(tala, 'realtimeSalary', period);
      const seconds = (performance.now() - started) / 1000;
      await vacuum();
      const after = await baseline();
      if (run?.status !== 'done') throw new Error(`the run is ${run?.status}`);
      const { rows } = await sql<{ bills: number; paid: number; entries: number }>`
        SELECT count(*)::int AS bills, count(*) FILTER (WHERE b.amount_paid > 0 AND b.status = 'paid')::int AS paid,
               count(e.id)::int AS entries
          FROM contract_bills b LEFT JOIN ledger_entries e ON e.id = b.ledger_entry_id
         WHERE b.run_id = ${run.id}`.execute(db);
      const counted = rows[0];
      if (counted?.bills !== CONTRACTS || counted.paid !== CONTRACTS || counted.entries !== CONTRACTS)
        throw new Error(`of ${CONTRACTS} contracts: ${JSON.stringify(counted)}`);
      rounds.push({ before, settle: CONTRACTS / seconds, after, seconds, paid: counted.paid });
      console.log(rounds.at(-1));
    }
    await stopVacuum();
    const ratios = rounds.map((r) => r.settle / ((r.before + r.after) / 2));
    const ratio = median(ratios);
    const loadAtEnd = os.loadavg()[0] ?? 0;
    const f = (n: number) => n.toFixed(0);
    return {
      title: 'Agents: settling a real-time salary cycle',
      markdown: `
Command: \`npm run bench -- agents-salary\`. Real PostgreSQL (a scratch database): ${TOPS} top agents, ${SUBS.toLocaleString('en')}
sub-agents under them and one player under each sub-agent; every agent holds a real-time salary contract in force
(${CONTRACTS.toLocaleString('en')} contracts), and each player has one sports bet in the five-minute period (every other one
won), so that every contract is paid. Load average ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end.
PostgreSQL runs with autovacuum off here: the bench vacuums before each measured phase and the balance rows every 10 s.

**Settlement vs the ledger.** Settlement is \`settlePeriod\` of the period as the schedule runs it: the teams'
figures through \`bet_rounds\`, every bill worked out deepest first in memory, then pages of 500 bills per
transaction (one insert, one \`ledger_post_batch\` of their payments, one update). The baseline is the ledger posting
the same kind of entry (a commission from the merchant's commission account to an agent) with nothing else to do:
\`wallet.transfer\` on its own, group-committed, ${IN_FLIGHT} in flight, ${BASELINE_ENTRIES.toLocaleString('en')} entries,
right before and right after each settlement.

| Round | Baseline before / after (entries/s) | Settlement (payments/s) | Settle time | Ratio |
|---|---|---|---|---|
${rounds
  .map(
    (r, i) =>
      `| ${i + 1} | ${f(r.before)} / ${f(r.after)} | ${f(r.settle)} | ${r.seconds.toFixed(1)} s | ${(ratios[i] as number).toFixed(2)}× |`,
  )
  .join('\n')}

| Budget | Measured | Target | Met |
|---|---|---|---|
| Settling a real-time salary cycle for ${CONTRACTS.toLocaleString('en')} contracts vs the ledger's posting rate (median of ${ROUNDS}) | ${ratio.toFixed(2)}× | ≥ 0.5× | ${ratio >= 0.5 ? 'yes' : 'no'} |
`,
    };
  } finally {
    await handle.close();
    await scratch.drop();
  }
}) satisfies Bench;
