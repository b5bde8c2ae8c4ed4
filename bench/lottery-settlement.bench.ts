// The in-house lottery's budgets (issue 14): settling one draw of 100,000 bets posts at ≥ 0.5× the ledger's own
// posting rate in the same run, and bet placement over HTTP at 32 players keeps its p99 within 3× its p50 while a
// settlement runs. `npm run bench -- lottery-settlement`; LOTTERY_BENCH_BETS, LOTTERY_BENCH_ROUNDS and
// LOTTERY_BENCH_BASELINE change its size (about 5 minutes at full size on 2 cores).
//
// Settlement: every bet of the draw wins (a đề on the special prize's last two digits, worked out from the draw's
// committed seed before the bets are placed), so settling it posts 100,000 payouts, the most a draw of that size
// can post. Its figure is the whole `settle` of the draw, as the draw job runs it, divided into the entries it
// posted. The baseline is the ledger posting the same entries with nothing else to do: payouts from the lottery's
// house account to the same members, `wallet.transfer` committed on its own (the wallet's group commit), 64 in
// flight, over the same pool; measured right before and right after each settlement, whose mean is the ratio's
// denominator, so that both sides are slices of the same stretch of this shared machine.
//
// Betting during a settlement: the built server as its own process on the same database, 32 players each placing
// đề bets on the issue on sale of the 5-, 3- or 1-minute northern game, over kept-alive connections; first with nothing else running, then
// while the server's own draw job settles a draw of 100,000 winning bets (queued through the job queue, as the
// scheduler queues it). Latencies are of the bets sent between the draw's `drawn` and `settled` instants.
import os from 'node:os';
import { drawResult } from '@tala/lottery/draw';
import { gameByCode } from '@tala/lottery/games';
import { sql } from 'kysely';
import { openDatabase } from '../apps/server/src/db/database.ts';
import { migrate } from '../apps/server/src/db/migrate.ts';
import { createJobQueue } from '../apps/server/src/jobs/job-queue.ts';
import { testDraw } from '../apps/server/src/modules/lottery/lottery-testing.ts';
import { seedDemo } from '../apps/server/src/seed/demo.ts';
import { createServices, type Services } from '../apps/server/src/services.ts';
import {
  type Bench,
  inParallel,
  ledgerVacuum,
  median,
  memberCaller,
  scratchDatabase,
  startServer,
} from './bench-kit.ts';

const BETS = Number(process.env.LOTTERY_BENCH_BETS ?? 100_000);
const ROUNDS = Number(process.env.LOTTERY_BENCH_ROUNDS ?? 2);
const BASELINE_ENTRIES = Number(process.env.LOTTERY_BENCH_BASELINE ?? 20_000);
const MEMBERS = 320;
const PLAYERS = 32;
const IN_FLIGHT = 64;
const QUIET_SECONDS = 10;

type Member = { id: number; account: number; token: string };

const percentile = (sorted: number[], p: number) => sorted[Math.floor(sorted.length * p)] ?? 0;

export default (async (ctx) => {
  const scratch = await scratchDatabase(ctx.postgresUrl, 'bench_lottery');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: null, poolSize: 32 });
  let server: Awaited<ReturnType<typeof startServer>> | undefined;
  let caller: ReturnType<typeof memberCaller> | undefined;
  const loadAtStart = os.loadavg()[0] ?? 0;
  try {
    await migrate(handle.db);
    const services: Services = createServices(handle.db);
    await seedDemo(services, { catalogueScale: 0.05 });
    const tala = await services.merchants.byCode('tala');
    const db = handle.db;
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    const house = await services.wallet.houseAccount(tala.id, 'house_vendor', 'LOTT');
    const members: Member[] = [];
    await inParallel(MEMBERS + PLAYERS, 4, async (i) => {
      const id = await services.members.create(tala, { username: `lotto${i}`, password: 'bench-pass-1' });
      const account = await services.wallet.memberAccount(tala.id, id);
      await services.wallet.transfer(db, {
        merchantId: tala.id,
        idempotencyKey: `bench-funds-${id}`,
        type: 'deposit',
        from: clearing,
        to: account,
        amount: 1_000_000_000_000,
        actor: { type: 'system' },
      });
      const { token } = await db
        .transaction()
        .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
      members.push({ id, account, token });
    });
    // The settled draws are of the southern 1-minute game, the HTTP players bet on the northern games. The players
    // are members of their own, with no bet in the draw being settled (as nearly all of a site's players are).
    const players = members.slice(0, PLAYERS);
    const owners = members.slice(PLAYERS);
    const game = gameByCode('VNS1');
    if (!game) throw new Error('no VNS1');

    /**
     * A draw on sale with BETS winning bets, not yet due. Set-up, not measured (bet placement is measured over HTTP
     * below): each member's stakes are one ledger entry (member → the lottery's house account), and the bets, spread
     * over the members, are written by one INSERT with the rows the betting service writes.
     */
    const drawWithBets = async () => {
      const draw = await testDraw(services, tala, { closes: 3_600_000 }, { gameCode: game.code });
      const special = (drawResult(game, draw.serverSeed, draw.issueNo) as { prizes: string[][] })
        .prizes[0]?.[0];
      const winning = Number(special?.slice(-2));
      const stake = 100;
      const entries: number[] = [];
      await inParallel(owners.length, 16, async (m) => {
        const member = owners[m] as Member;
        const count = Math.floor(BETS / owners.length) + (m < BETS % owners.length ? 1 : 0);
        const entry = await services.wallet.transfer(db, {
          merchantId: tala.id,
          idempotencyKey: `bench-stakes-${draw.drawId}-${member.id}`,
          type: 'bet',
          from: member.account,
          to: house,
          amount: stake * count,
          actor: { type: 'system' },
        });
        entries[m] = entry.entryId;
      });
      await sql`
        INSERT INTO lottery_bets (merchant_id, member_id, draw_id, game_code, bet_type, prize_mode, picks, lines,
                                  stake_per_line, stake, odds, request_id, bet_entry_id)
        SELECT ${tala.id}, (${owners.map((m) => m.id)}::int[])[1 + i % ${owners.length}], ${draw.drawId},
               ${game.code}, 'de', 'Lott', ARRAY[${winning}::int], 1, ${stake}, ${stake},
               ${game.betTypes.find((t) => t.code === 'de')?.odds.Lott ?? 0}, 'bench-' || ${draw.drawId} || '-' || lpad(i::text, 8, '0'),
               (${entries}::bigint[])[1 + i % ${owners.length}]
          FROM generate_series(0, ${BETS - 1}) i`.execute(db);
      return draw;
    };
    /** Makes a draw due now: its sale closed and its draw instant passed. */
    const makeDue = (drawId: number) =>
      sql`UPDATE lottery_draws SET sale_closes_at = now() - interval '2 seconds',
            draw_at = now() - interval '1 second' WHERE id = ${drawId}`.execute(db);

    let baselineRun = 0;
    const baseline = async () => {
      baselineRun += 1;
      const started = performance.now();
      await inParallel(BASELINE_ENTRIES, IN_FLIGHT, async (i) => {
        const member = owners[i % owners.length] as Member;
        await services.wallet.transfer(db, {
          merchantId: tala.id,
          idempotencyKey: `bench-baseline-${baselineRun}-${i}`,
          type: 'payout',
          from: house,
          to: member.account,
          amount: 9_750,
          actor: { type: 'system' },
        });
      });
      return BASELINE_ENTRIES / ((performance.now() - started) / 1000);
    };

    // autovacuum's work, done by the bench (bench-kit.ts ledgerVacuum).
    const { vacuum, stop: stopVacuum } = ledgerVacuum(db);

    // Warm-up, not measured: the JIT, the pool's connections, the house account's shards.
    await baseline();

    type Round = { before: number; settle: number; after: number; seconds: number };
    const rounds: Round[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const draw = await drawWithBets();
      await makeDue(draw.drawId);
      if ((await services.lottery.draw(draw.drawId)) !== 'drawn') throw new Error('the draw was not drawn');
      await vacuum();
      const before = await baseline();
      await vacuum();
      const started = performance.now();
      const settled = await services.lottery.settle(draw.drawId);
      const seconds = (performance.now() - started) / 1000;
      await vacuum();
      const after = await baseline();
      if (settled.settled !== BETS) throw new Error(`settled ${settled.settled} of ${BETS} bets`);
      const { rows } = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM lottery_bets WHERE draw_id = ${draw.drawId} AND status = 'won'`.execute(
        db,
      );
      if (rows[0]?.n !== BETS) throw new Error(`only ${rows[0]?.n} bets won`);
      rounds.push({ before, settle: BETS / seconds, after, seconds });
      console.log(rounds.at(-1));
    }
    const ratios = rounds.map((r) => r.settle / ((r.before + r.after) / 2));
    const ratio = median(ratios);

    // --- Betting over HTTP while the server's own job settles a draw ---
    const busy = await drawWithBets();
    await vacuum();
    server = await startServer({ DATABASE_URL: scratch.url, VENDOR_SIMULATOR: 'false', SEED_DEMO: 'false' });
    caller = memberCaller(server.baseUrl, PLAYERS);
    const { call } = caller;
    /**
     * The issue on sale with the most time left among the 5-, 3- and 1-minute games (one game alone has a gap
     * between its close and its next sale; all three close together for ten seconds every quarter hour).
     */
    type Issue = { gameCode: string; issueNo: string; saleClosesAt: string };
    const onSale = async (): Promise<Issue | null> => {
      let best: Issue | null = null;
      for (const gameCode of ['VNN5', 'VNN3', 'VNN1']) {
        const { json } = await call(
          'GET',
          `/lgw/vn/games/draws?gameCode=${gameCode}`,
          players[0]?.token ?? '',
        );
        const current = (json.value as { current: Issue | null }).current;
        if (current && Date.parse(current.saleClosesAt) - Date.now() > 3_000)
          if (!best || current.saleClosesAt > best.saleClosesAt) best = { ...current, gameCode };
      }
      return best;
    };
    let issue = await onSale();
    let refreshing: Promise<void> | undefined;
    const refresh = () => {
      refreshing ??= onSale().then((found) => {
        issue = found;
        refreshing = undefined;
      });
      return refreshing;
    };
    let sequence = 0;
    type Timed = { started: number; ms: number };
    const bettors = (until: () => boolean) =>
      Promise.all(
        players.map(async (player) => {
          const timings: Timed[] = [];
          while (!until()) {
            const now = issue;
            if (!now || Date.parse(now.saleClosesAt) - Date.now() < 3_000) {
              await refresh();
              if (!issue) await new Promise((resolve) => setTimeout(resolve, 500));
              continue;
            }
            const started = performance.now();
            const { status, json } = await call('POST', '/lgw/vn/bets', player.token, {
              gameCode: now.gameCode,
              issueNo: now.issueNo,
              betType: 'de',
              prizeMode: 'Lott',
              picks: [sequence % 100],
              stakePerLine: 100,
              requestId: `http-${player.id}-${++sequence}`,
            });
            // A bet sent in the last instants of a sale may meet its close: not a latency, try the next issue.
            if (status === 409 && json.errorCode === 'lottery_sale_closed') {
              if (issue === now) issue = null;
              continue;
            }
            if (status !== 200) throw new Error(`bet answered ${status} ${json.errorCode}`);
            timings.push({ started, ms: performance.now() - started });
          }
          return timings;
        }),
      ).then((lists) => lists.flat());
    const summary = (timings: Timed[]) => {
      const sorted = timings.map((t) => t.ms).sort((a, b) => a - b);
      return { count: sorted.length, p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
    };
    // Warm-up, then quiet.
    let end = Date.now() + 3_000;
    await bettors(() => Date.now() > end);
    end = Date.now() + QUIET_SECONDS * 1000;
    const quiet = summary(await bettors(() => Date.now() > end));

    // The busy draw made due and queued for the server's draw job, as the scheduler queues it.
    const status = async () =>
      (await sql<{ status: string }>`SELECT status FROM lottery_draws WHERE id = ${busy.drawId}`.execute(db))
        .rows[0]?.status;
    await makeDue(busy.drawId);
    const queue = createJobQueue(db);
    await queue.start();
    await queue.send('lottery-draw', { drawId: busy.drawId }, { key: `draw:${busy.drawId}` });
    let drawnAt = 0;
    let settledAt = 0;
    const watching = (async () => {
      for (;;) {
        const now = await status();
        if (!drawnAt && (now === 'drawn' || now === 'settled')) drawnAt = performance.now();
        if (now === 'settled') {
          settledAt = performance.now();
          return;
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const during = await bettors(() => settledAt > 0);
    await watching;
    await queue.stop();
    await stopVacuum();
    const inWindow = summary(during.filter((t) => t.started >= drawnAt && t.started + t.ms <= settledAt));
    const settleSeconds = (settledAt - drawnAt) / 1000;
    const loadAtEnd = os.loadavg()[0] ?? 0;

    const f = (n: number) => n.toFixed(0);
    const ms = (n: number) => n.toFixed(1);
    const tailRatio = inWindow.p99 / inWindow.p50;
    const tailVsQuiet = inWindow.p99 / quiet.p50;
    return {
      title: 'Lottery: settlement and betting during it',
      markdown: `
Command: \`npm run bench -- lottery-settlement\`. Real PostgreSQL (a scratch database), ${BETS.toLocaleString('en')} bets per
draw spread over ${MEMBERS} members, every one a winning đề (so settling posts ${BETS.toLocaleString('en')} payouts,
the most such a draw can post). Load average ${loadAtStart.toFixed(2)} at the start, ${loadAtEnd.toFixed(2)} at the end.

This machine's PostgreSQL runs with autovacuum off: the bench does its work (VACUUM ANALYZE of the database before
each measured phase, of the ledger's balance rows every 10 s meanwhile), as a maintained server would.

**Settlement vs the ledger.** Settlement is the draw job's \`settle\`: pages of 200 open bets taken with SKIP LOCKED,
each bet's payout one ledger entry posted in the page's transaction with the bet's status. The baseline is the ledger
posting the same payouts (lottery house account → member) with nothing else to do: \`wallet.transfer\` on its own,
group-committed, ${IN_FLIGHT} in flight, ${BASELINE_ENTRIES.toLocaleString('en')} entries, right before and right
after each settlement.

| Round | Baseline before / after (entries/s) | Settlement (entries/s) | Settle time | Ratio |
|---|---|---|---|---|
${rounds
  .map(
    (r, i) =>
      `| ${i + 1} | ${f(r.before)} / ${f(r.after)} | ${f(r.settle)} | ${r.seconds.toFixed(1)} s | ${(ratios[i] as number).toFixed(2)}× |`,
  )
  .join('\n')}

**Betting during a settlement.** The built server (its own process, the same database), ${PLAYERS} other players placing
đề bets over HTTP on an issue on sale (the 5-, 3- or 1-minute game, whichever closes last), kept-alive connections; quiet for ${QUIET_SECONDS} s, then
while the server's draw job settles a draw of ${BETS.toLocaleString('en')} winning bets (it took
${settleSeconds.toFixed(1)} s; bets counted are those sent and answered inside that window).

| Phase | Bets | p50 | p99 | p99 / p50 |
|---|---|---|---|---|
| Quiet | ${quiet.count} | ${ms(quiet.p50)} ms | ${ms(quiet.p99)} ms | ${(quiet.p99 / quiet.p50).toFixed(2)}× |
| During the settlement | ${inWindow.count} | ${ms(inWindow.p50)} ms | ${ms(inWindow.p99)} ms | ${tailRatio.toFixed(2)}× |

| Budget | Measured | Target | Met |
|---|---|---|---|
| Settling one draw of ${BETS.toLocaleString('en')} bets vs the ledger's own posting rate (median of ${ROUNDS}) | ${ratio.toFixed(2)}× | ≥ 0.5× | ${ratio >= 0.5 ? 'yes' : 'no'} |
| Bet p99 within 3× its p50 while a settlement runs | ${tailRatio.toFixed(2)}× | ≤ 3× | ${tailRatio <= 3 ? 'yes' : 'no'} |
| The same p99 against the quiet p50 (stricter) | ${tailVsQuiet.toFixed(2)}× | ≤ 3× | ${tailVsQuiet <= 3 ? 'yes' : 'no'} |
`,
    };
  } finally {
    caller?.close();
    await server?.stop();
    await handle.close();
    await scratch.drop();
  }
}) satisfies Bench;
