// The cost of the player limits on a bet (issue 18, "Budgets"): "the limit checks added to a bet keep the ledger's
// posting rate with limits set ≥ 0.9× the rate without, in the same run". `npm run bench -- limits`;
// LIMITS_BENCH_SECONDS and LIMITS_BENCH_RUNS change its length (about a minute).
//
// A bet here is what every money path does: one transaction that posts the stake (member → the vendor's house
// account) through the wallet with limits.bet alongside, in the posting's own statement (decision 050;
// member_limit_use(): the member's limit row locked, checked and counted by one UPDATE, migrations 070 and 091). Three workloads over 32 connections on one scratch database, in short rounds in a rotating
// order (decision 046, and the ledger bench's reasons): bets of 50 members with every limit set (nine money limits
// and a session limit, far above what the bench stakes), bets of 50 members with none, and, for reference, the
// same bets without the limits call at all. The budget is the median of the rounds' ratios of bets with limits set
// to bets without the limit checks (the strongest baseline that fits).
import os from 'node:os';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { auditService } from '../apps/server/src/modules/audit/audit.service.ts';
import { limitsService } from '../apps/server/src/modules/limits/limits.service.ts';
import { merchantsService } from '../apps/server/src/modules/merchants/merchants.service.ts';
import { walletService } from '../apps/server/src/modules/wallet/wallet.service.ts';
import { type Bench, median, scratchDatabase } from './bench-kit.ts';

const CONNECTIONS = 32;
const MEMBERS = 50;
const SECONDS = Number(process.env.LIMITS_BENCH_SECONDS ?? 3);
const RUNS = Number(process.env.LIMITS_BENCH_RUNS ?? 9);
const WARM_UP_SECONDS = 2;

type Workload = 'withLimits' | 'withoutLimits' | 'noCheck';
const described: Record<Workload, string> = {
  withLimits: 'bets of 50 members with every limit set (limits.bet alongside the posting)',
  withoutLimits: 'bets of 50 members without limits (limits.bet alongside the posting)',
  noCheck: 'bets without the limit check (the baseline)',
};

const spread = (values: number[]) => `${Math.min(...values).toFixed(2)}–${Math.max(...values).toFixed(2)}×`;

export default (async (ctx) => {
  const scratch = await scratchDatabase(ctx.postgresUrl, 'bench_limits');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: CONNECTIONS });
  try {
    await migrate(handle.db);
    const db = handle.db;
    const { rows } = await sql<{ id: number }>`
      INSERT INTO merchants (code, settings)
      VALUES ('bench', '{"whitelabel": {"timeZone": "Asia/Manila", "currency": "PHP"}}') RETURNING id`.execute(
      db,
    );
    const merchantId = rows[0]?.id as number;
    const audit = auditService(db);
    const wallet = walletService(db, audit);
    const limits = limitsService(db, { audit, merchants: merchantsService(db, audit) });
    const system = { type: 'system' } as const;
    const clearing = await wallet.houseAccount(merchantId, 'house_deposit_clearing');
    const vendor = await wallet.houseAccount(merchantId, 'house_vendor', 'JILI');

    /** 2 × 50 members with money; the first 50 get every limit, far above what the bench stakes. */
    const groups: Record<'withLimits' | 'withoutLimits', { memberId: number; account: number }[]> = {
      withLimits: [],
      withoutLimits: [],
    };
    for (let i = 0; i < 2 * MEMBERS; i++) {
      const { rows: made } = await sql<{ id: number }>`
        INSERT INTO members (merchant_id, username) VALUES (${merchantId}, ${`bench${i}`}) RETURNING id`.execute(
        db,
      );
      const memberId = made[0]?.id as number;
      const account = await wallet.memberAccount(merchantId, memberId);
      await wallet.transfer(db, {
        merchantId,
        idempotencyKey: `seed-${memberId}`,
        type: 'deposit',
        from: clearing,
        to: account,
        amount: 1_000_000_000_000,
        actor: system,
      });
      if (i < MEMBERS) {
        await sql`
          INSERT INTO member_limits (member_id, merchant_id, deposit_day, deposit_week, deposit_month, loss_day,
            loss_week, loss_month, wager_day, wager_week, wager_month, session_minutes, time_zone, day_start,
            week_start, month_start)
          VALUES (${memberId}, ${merchantId}, 9e12, 9e12, 9e12, 9e12, 9e12, 9e12, 9e12, 9e12, 9e12, 1440,
            'Asia/Manila',
            date_trunc('day', now() AT TIME ZONE 'Asia/Manila') AT TIME ZONE 'Asia/Manila',
            date_trunc('week', now() AT TIME ZONE 'Asia/Manila') AT TIME ZONE 'Asia/Manila',
            date_trunc('month', now() AT TIME ZONE 'Asia/Manila') AT TIME ZONE 'Asia/Manila')`.execute(db);
        groups.withLimits.push({ memberId, account });
      } else {
        groups.withoutLimits.push({ memberId, account });
      }
    }

    let sequence = 0;
    const measure = async (workload: Workload, seconds = SECONDS) => {
      const pool = groups[workload === 'withLimits' ? 'withLimits' : 'withoutLimits'];
      let bets = 0;
      const until = performance.now() + seconds * 1000;
      const worker = async () => {
        while (performance.now() < until) {
          const n = ++sequence;
          const member = pool[n % pool.length] as { memberId: number; account: number };
          const stake = 1 + (n % 500);
          await db.transaction().execute(async (trx) => {
            await wallet.post(trx, {
              merchantId,
              idempotencyKey: `bet-${n}`,
              type: 'bet',
              postings: [
                { accountId: member.account, amount: -stake },
                { accountId: vendor, amount: stake },
              ],
              actor: { type: 'member', id: member.memberId },
              alongside:
                workload === 'noCheck'
                  ? undefined
                  : limits.bet({ merchantId, memberId: member.memberId }, stake),
            });
          });
          bets++;
        }
      };
      const started = performance.now();
      await Promise.all(Array.from({ length: CONNECTIONS }, worker));
      return bets / ((performance.now() - started) / 1000);
    };

    const order: Workload[] = ['withLimits', 'withoutLimits', 'noCheck'];
    for (const workload of order) await measure(workload, WARM_UP_SECONDS);
    const loadBefore = os.loadavg()[0] ?? 0;
    const rates = new Map<Workload, number[]>(order.map((w) => [w, []]));
    const withVsWithout: number[] = [];
    const withVsNoCheck: number[] = [];
    for (let round = 0; round < RUNS; round++) {
      const inRound = new Map<Workload, number>();
      for (let i = 0; i < order.length; i++) {
        const workload = order[(round + i) % order.length] as Workload;
        const rate = await measure(workload);
        rates.get(workload)?.push(rate);
        inRound.set(workload, rate);
      }
      const at = (w: Workload) => inRound.get(w) as number;
      withVsWithout.push(at('withLimits') / at('withoutLimits'));
      withVsNoCheck.push(at('withLimits') / at('noCheck'));
    }

    // The counters took every bet: what the ledger holds for the limited members is what their rows counted.
    const { rows: check } = await sql<{ staked: string; counted: string }>`
      SELECT (SELECT coalesce(-sum(p.amount), 0) FROM ledger_postings p JOIN ledger_entries e ON e.id = p.entry_id
               WHERE e.type = 'bet' AND p.account_id = ANY (${groups.withLimits.map((g) => g.account)}::bigint[])
                 AND e.created_at >= (SELECT min(month_start) FROM member_limits)) AS staked,
             (SELECT sum(wager_month_used) FROM member_limits) AS counted`.execute(db);
    const consistent = Number(check[0]?.staked) === Number(check[0]?.counted);
    const report = await wallet.reconcile(merchantId);
    if (!report.ok) throw new Error('the ledger does not reconcile after the limits bench');

    // The budget's baseline is the strongest that fits: the same bets without the limit checks at all (issue 18:
    // "the limit checks added to a bet"); members without limits, who still pay the call, are shown beside it.
    const ratio = median(withVsNoCheck);
    const table = [
      '| Workload (32 connections) | Bets/s (median) | Rounds (bets/s) |',
      '|---|---|---|',
      ...order.map((w) => {
        const list = rates.get(w) ?? [];
        return `| ${described[w]} | ${median(list).toFixed(0)} | ${list.map((r) => r.toFixed(0)).join(', ')} |`;
      }),
      '',
      "| Budget (median of the rounds' own ratios) | Measured | Spread over rounds | Goal | Met |",
      '|---|---|---|---|---|',
      `| Bets with limits set vs bets without the limit checks | ${ratio.toFixed(2)}× | ${spread(withVsNoCheck)} | ≥ 0.9× | ${ratio >= 0.9 ? 'yes' : 'no'} |`,
      `| Bets with limits set vs members without limits (the call made, nothing set; no goal) | ${median(withVsWithout).toFixed(2)}× | ${spread(withVsWithout)} | | |`,
    ];
    return {
      title: 'Player limits',
      markdown: `Command: \`npm run bench -- limits\`. After a ${WARM_UP_SECONDS} s unmeasured warm-up of each workload, ${RUNS} rounds, each measuring the three workloads for ${SECONDS} s back to back in a rotating order on one scratch database (real PostgreSQL). A bet is one transaction of one statement: \`wallet.post\` of the stake (member → a vendor's house account) with \`limits.bet\` alongside (member_limit_use(): the member's limit row locked, checked against the session, loss and wager limits and counted), as every money path does (decisions 046 and 050). The limited members' counters ${consistent ? 'equal' : 'do NOT equal'} their stakes in the ledger after the run, and the ledger reconciled (${report.entries} entries). Machine load average ${loadBefore.toFixed(1)} at the start and ${(os.loadavg()[0] ?? 0).toFixed(1)} at the end, on ${os.cpus().length} cores shared with other work: read the medians and the ratios.\n\n${table.join('\n')}\n\nWhere the cost lies: the second ratio (limits set against none set, both making the call) is the limit's own work, one UPDATE of the member's row that checks and counts (migration 070), which since migration 091 neither re-checks the ten limits it does not write (their rule is the columns' domain, checked when a limit is written) nor looks up the session's start in member_sessions (a copy on the row, kept by triggers); the rest, between members without limits and bets without the check, is the call itself in the posting's statement (a PL/pgSQL function, its parameters, and for a member without limits that UPDATE finding no row and one probe). Single rounds vary by several per cent on this machine, so the budget is read from the median of nine rounds.\n`,
    };
  } finally {
    await handle.close();
    await scratch.drop();
  }
}) satisfies Bench;
