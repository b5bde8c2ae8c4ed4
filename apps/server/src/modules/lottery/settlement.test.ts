import { spawn } from 'node:child_process';
import path from 'node:path';
import { drawResult, verifyDraw } from '@tala/lottery/draw';
import { settleBet } from '@tala/lottery/game';
import { gameByCode } from '@tala/lottery/games';
import { sql } from 'kysely';
import { afterAll, describe, expect, it } from 'vitest';
import { createServices, type Services } from '../../services.ts';
import { testApp } from '../../testing/test-app.ts';
import { registerLotteryJobs } from './lottery.jobs.ts';
import { lotteryMember, testDraw } from './lottery-testing.ts';

const { services, database } = await testApp();
const tala = await services.merchants.byCode('tala');
const game = gameByCode('VNN1')!;
const typeOf = (code: string) => game.betTypes.find((t) => t.code === code)!;

let requests = 0;
const requestId = () => `set-${Date.now().toString(36)}-${++requests}`;
const extraServices: Services[] = [];
afterAll(async () => {
  for (const s of extraServices) await s.jobs.stop();
});

type Placed = {
  betId: number;
  memberId: number;
  betType: string;
  picks: number[];
  stakePerLine: number;
  odds: number;
};

/** Bets of every type from a few members: some picks chosen to win against the known result, the rest at random. */
async function placeBets(issueNo: string, result: { prizes: string[][] }, count: number) {
  const members = await Promise.all(
    Array.from({ length: 4 }, () => lotteryMember(services, tala, 10_000_000)),
  );
  const special = result.prizes[0]![0]!;
  const tails2 = result.prizes.flat().map((p) => Number(p.slice(-2)));
  const winning: Record<string, number[]> = {
    lo2: [tails2[5]!],
    lo3: [Number(result.prizes[1]![0]!.slice(-3))],
    de: [Number(special.slice(-2))],
    dedau: [Number(special.slice(0, 2))],
    bacang: [Number(special.slice(-3))],
    xien2: [...new Set(tails2)].slice(0, 2),
    xien3: [...new Set(tails2)].slice(0, 3),
    xien4: [...new Set(tails2)].slice(0, 4),
  };
  const placed: Placed[] = [];
  const codes = Object.keys(winning);
  for (let i = 0; i < count; i++) {
    const betType = codes[i % codes.length]!;
    const type = typeOf(betType);
    const member = members[i % members.length]!;
    const random = Array.from(
      new Set(
        Array.from({ length: type.picks.min }, () => Math.floor(Math.random() * (type.numbers.max + 1))),
      ),
    );
    const picks = i % 3 === 0 || random.length < type.picks.min ? winning[betType]! : random;
    const body = {
      gameCode: 'VNN1',
      issueNo,
      betType,
      prizeMode: 'Lott' as const,
      picks,
      stakePerLine: 100 + i,
      requestId: requestId(),
    };
    const { bet } = await services.lottery.placeBet(
      tala,
      { id: member.id, merchant_id: tala.id, type: 0 },
      body,
    );
    placed.push({
      betId: bet.betId,
      memberId: member.id,
      betType,
      picks,
      stakePerLine: bet.stakePerLine,
      odds: bet.odds,
    });
  }
  return { members, placed };
}

/** What each bet should have won, from the engine on the draw's result. */
function expectedWins(placed: Placed[], result: unknown) {
  return new Map(
    placed.map((p) => [
      p.betId,
      settleBet(typeOf(p.betType), { picks: p.picks, stakePerLine: p.stakePerLine, odds: p.odds }, result)
        .win,
    ]),
  );
}

/** Every bet of the draw settled as the engine says, each winner paid by exactly one ledger entry. */
async function expectSettledOnce(drawId: number, placed: Placed[], result: unknown) {
  const wins = expectedWins(placed, result);
  const rows = await sql<{ id: number; status: string; win: number; payout_entry_id: number | null }>`
    SELECT id, status, win, payout_entry_id FROM lottery_bets WHERE draw_id = ${drawId} ORDER BY id`.execute(
    services.db,
  );
  expect(rows.rows).toHaveLength(placed.length);
  for (const row of rows.rows) {
    const win = wins.get(Number(row.id))!;
    expect(Number(row.win), `bet ${row.id}`).toBe(win);
    expect(row.status).toBe(win > 0 ? 'won' : 'lost');
  }
  const entries = await sql<{ key: string; total: number }>`
    SELECT e.idempotency_key AS key, sum(p.amount) FILTER (WHERE p.amount > 0)::bigint AS total
      FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
     WHERE e.idempotency_key = ANY(${placed.map((p) => `lottery:payout:${p.betId}`)})
     GROUP BY e.idempotency_key`.execute(services.db);
  const winners = [...wins.entries()].filter(([, w]) => w > 0);
  expect(entries.rows).toHaveLength(winners.length);
  for (const [betId, win] of winners) {
    expect(Number(entries.rows.find((e) => e.key === `lottery:payout:${betId}`)?.total)).toBe(win);
  }
  const draw = await sql<{ status: string }>`SELECT status FROM lottery_draws WHERE id = ${drawId}`.execute(
    services.db,
  );
  expect(draw.rows[0]?.status).toBe('settled');
  return winners.length;
}

async function balances(memberIds: number[]) {
  return Promise.all(
    memberIds.map(async (id) => services.wallet.balance(await services.wallet.memberAccount(tala.id, id))),
  );
}

describe('the schedule', () => {
  it('makes each game’s draws ahead with their commitments, queues each draw at its instant once, and opens the next issue', async () => {
    const sent: { kind: string; drawId: number; at?: Date }[] = [];
    const scheduler = createServices(database.db);
    extraServices.push(scheduler);
    scheduler.lottery.connectQueue({
      async draw(drawId, at) {
        sent.push({ kind: 'draw', drawId, at });
      },
      async settle(drawId) {
        sent.push({ kind: 'settle', drawId });
      },
    });
    const now = new Date();
    await scheduler.lottery.tick(now);
    const rows = await sql<{
      id: number;
      game_code: string;
      sale_opens_at: Date;
      draw_at: Date;
      created_at: Date;
    }>`
      SELECT id, game_code, sale_opens_at, draw_at, created_at FROM lottery_draws
       WHERE merchant_id = ${tala.id} AND issue_index < 2000000000 ORDER BY game_code, draw_at`.execute(
      services.db,
    );
    for (const code of ['VNN1', 'VNN3', 'VNN5', 'VNS1', 'VNS3', 'VNS5']) {
      const draws = rows.rows.filter((r) => r.game_code === code);
      // One on sale now, and the next one already committed before its sale opens.
      expect(
        draws.some((d) => d.sale_opens_at <= now && d.draw_at > now),
        code,
      ).toBe(true);
      expect(
        draws.some((d) => d.sale_opens_at > now && d.created_at < d.sale_opens_at),
        code,
      ).toBe(true);
      // Each issue's sale opens at the previous draw.
      for (let i = 1; i < draws.length; i++) expect(draws[i]!.sale_opens_at).toEqual(draws[i - 1]!.draw_at);
    }
    // Every draw due within the window is queued at its draw instant.
    const due = rows.rows.filter((r) => r.draw_at.getTime() <= now.getTime() + 180_000);
    for (const d of due) expect(sent).toContainEqual({ kind: 'draw', drawId: d.id, at: d.draw_at });
    // A second tick (another process, or the next minute) makes no draw twice.
    await scheduler.lottery.tick(now);
    const again = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM lottery_draws WHERE merchant_id = ${tala.id} AND issue_index < 2000000000`.execute(
      services.db,
    );
    expect(again.rows[0]?.n).toBe(rows.rows.length);

    // Drawing the current one-minute issue (as its job does once due) opens the issues after it.
    const current = rows.rows.find(
      (r) => r.game_code === 'VNN1' && r.sale_opens_at <= now && r.draw_at > now,
    )!;
    await sql`UPDATE lottery_draws SET sale_closes_at = now() - interval '1 second', draw_at = now() - interval '1 second',
               sale_opens_at = now() - interval '1 minute' WHERE id = ${current.id}`.execute(services.db);
    await scheduler.lottery.drawAndSettle(current.id);
    const after = await services.lottery.gameDraws(tala, 'VNN1');
    expect(after.next).not.toBeNull();
    expect((await services.lottery.openedNumbers(tala, 'VNN1', 100)).map((d) => d.drawId)).toContain(
      current.id,
    );
  });
});

describe('drawing', () => {
  it('draws once, at its instant, the result its committed seed gives, which the verifier recomputes', async () => {
    const early = await testDraw(services, tala, { closes: 60_000 });
    expect(await services.lottery.draw(early.drawId)).toBe('not_due');
    const due = await testDraw(services, tala, { closes: -1_000, draws: -500 });
    expect(await services.lottery.draw(due.drawId)).toBe('drawn');
    expect(await services.lottery.draw(due.drawId)).toBe('already');
    const view = (await services.lottery.openedNumbers(tala, 'VNN1', 100)).find(
      (d) => d.drawId === due.drawId,
    )!;
    expect(view.result).toEqual(drawResult(game, due.serverSeed, due.issueNo));
    // The main row players see in results and trends: the special prize's five digits.
    const special = (view.result as { prizes: string[][] }).prizes[0]?.[0] ?? '';
    expect(view.balls).toEqual([...special]);
    expect(view.balls).toHaveLength(5);
    expect(verifyDraw(game, { ...view, serverSeed: view.serverSeed! })).toMatchObject({
      seedMatches: true,
      resultMatches: true,
    });
    expect(await services.lottery.draw(999_999)).toBe('missing');
  });
});

describe('settlement', () => {
  it('pays every bet type as the win rules say, one ledger entry per winning bet', async () => {
    const d = await testDraw(services, tala, { closes: 30_000, draws: 30_000 });
    const result = drawResult(game, d.serverSeed, d.issueNo) as { prizes: string[][] };
    const { members, placed } = await placeBets(d.issueNo, result, 40);
    const before = await balances(members.map((m) => m.id));
    await sql`UPDATE lottery_draws SET sale_closes_at = now() - interval '1 second', draw_at = now() - interval '1 second'
               WHERE id = ${d.drawId}`.execute(services.db);
    expect(await services.lottery.draw(d.drawId)).toBe('drawn');
    const summary = await services.lottery.settle(d.drawId);
    expect(summary.settled).toBe(40);
    const winners = await expectSettledOnce(d.drawId, placed, result);
    expect(winners).toBeGreaterThanOrEqual(8);
    const wins = expectedWins(placed, result);
    const after = await balances(members.map((m) => m.id));
    members.forEach((m, i) => {
      const won = placed.filter((p) => p.memberId === m.id).reduce((s, p) => s + wins.get(p.betId)!, 0);
      expect(after[i]! - before[i]!).toBe(won);
    });
    // Settling again moves nothing.
    expect((await services.lottery.settle(d.drawId)).settled).toBe(0);
    expect(await balances(members.map((m) => m.id))).toEqual(after);
  });

  it('finishes a settlement that died half way without paying anyone twice', async () => {
    const d = await testDraw(services, tala, { closes: 30_000, draws: 30_000 });
    const result = drawResult(game, d.serverSeed, d.issueNo) as { prizes: string[][] };
    const { placed } = await placeBets(d.issueNo, result, 30);
    await sql`UPDATE lottery_draws SET sale_closes_at = now() - interval '1 second', draw_at = now() - interval '1 second'
               WHERE id = ${d.drawId}`.execute(services.db);
    const crashing = createServices(database.db);
    extraServices.push(crashing);
    crashing.lottery.settings.pageSize = 4;
    // One settler, so that exactly two pages are committed when it stops.
    crashing.lottery.settings.settlers = 1;
    crashing.lottery.settings.crashAfterPages = () => 2;
    await expect(crashing.lottery.drawAndSettle(d.drawId)).rejects.toThrow('simulated crash');
    const halfway = await services.lottery.drawTotals(d.drawId);
    expect(halfway.find((t) => t.status === 'open')?.bets).toBe(30 - 8);
    await services.lottery.settle(d.drawId);
    await expectSettledOnce(d.drawId, placed, result);
  });

  it('lets two settlers at once share the bets and pay each winner once', async () => {
    const d = await testDraw(services, tala, { closes: 30_000, draws: 30_000 });
    const result = drawResult(game, d.serverSeed, d.issueNo) as { prizes: string[][] };
    const { placed } = await placeBets(d.issueNo, result, 40);
    await sql`UPDATE lottery_draws SET sale_closes_at = now() - interval '1 second', draw_at = now() - interval '1 second'
               WHERE id = ${d.drawId}`.execute(services.db);
    const other = createServices(database.db);
    extraServices.push(other);
    for (const s of [services, other]) s.lottery.settings.pageSize = 3;
    const [a, b] = await Promise.all([
      other.lottery.drawAndSettle(d.drawId),
      services.lottery.drawAndSettle(d.drawId),
    ]);
    expect([a, b]).toEqual([undefined, undefined]);
    services.lottery.settings.pageSize = 200;
    await expectSettledOnce(d.drawId, placed, result);
  });

  it.skipIf(database.kind !== 'postgres')(
    'settles exactly once when one of two settling processes is killed with a page half written',
    async () => {
      const d = await testDraw(services, tala, { closes: 30_000, draws: 30_000 });
      const result = drawResult(game, d.serverSeed, d.issueNo) as { prizes: string[][] };
      const { placed } = await placeBets(d.issueNo, result, 60);
      await sql`UPDATE lottery_draws SET sale_closes_at = now() - interval '1 second', draw_at = now() - interval '1 second'
                 WHERE id = ${d.drawId}`.execute(services.db);
      expect(await services.lottery.draw(d.drawId)).toBe('drawn');
      const { rows } = await sql<{ name: string }>`SELECT current_database() AS name`.execute(services.db);
      const url = new URL(process.env.DATABASE_URL as string);
      url.pathname = `/${rows[0]?.name}`;

      // Two settling processes at once (two schedulers' jobs); the first holds its third page open and is killed.
      const start = (holdAt: number) => {
        const child = spawn(
          process.execPath,
          [
            '--import',
            'tsx',
            path.join(import.meta.dirname, 'settle-worker.ts'),
            url.toString(),
            String(d.drawId),
            String(holdAt),
          ],
          { cwd: path.resolve(import.meta.dirname, '../../..'), stdio: ['ignore', 'pipe', 'pipe'] },
        );
        let out = '';
        let err = '';
        child.stdout.on('data', (chunk: Buffer) => {
          out += chunk.toString();
        });
        child.stderr.on('data', (chunk: Buffer) => {
          err += chunk.toString();
        });
        const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
        const printed = async (line: string) => {
          while (!out.split('\n').includes(line)) {
            if (child.exitCode !== null) throw new Error(`the worker ended without "${line}":\n${err}`);
            await new Promise((resolve) => setTimeout(resolve, 20));
          }
        };
        return { child, exited, printed, output: () => out };
      };
      const killed = start(3);
      await killed.printed('holding');
      // The second takes the pages it can (SKIP LOCKED passes the held one) and waits on the members' rows the held
      // page locked, until the kill drops that connection and PostgreSQL rolls the page back.
      const survivor = start(0);
      await Promise.race([survivor.printed('page 1'), new Promise((resolve) => setTimeout(resolve, 2_000))]);
      killed.child.kill('SIGKILL');
      await killed.exited;
      expect(await survivor.exited).toBe(0);
      expect(survivor.output()).toContain('done');

      // The killed page's payouts went with its transaction: no payout entry of a bet left open.
      const orphans = await sql<{ n: number }>`
        SELECT count(*)::int AS n FROM ledger_entries e
          JOIN lottery_bets b ON e.idempotency_key = 'lottery:payout:' || b.id
         WHERE b.draw_id = ${d.drawId} AND b.status = 'open'`.execute(services.db);
      expect(orphans.rows[0]?.n).toBe(0);

      // The scheduler's sweep settles whatever is left; everyone is paid once and the ledger balances.
      await services.lottery.settle(d.drawId);
      await expectSettledOnce(d.drawId, placed, result);
      expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    },
    120_000,
  );

  it('with two job runners (two server processes), draws at the draw instant and settles exactly once', async () => {
    const runners = [createServices(database.db), createServices(database.db)];
    extraServices.push(...runners);
    for (const runner of runners) {
      await registerLotteryJobs(runner.jobs, runner.lottery);
      await runner.jobs.start();
    }
    const d = await testDraw(services, tala, { closes: 30_000, draws: 30_000 });
    const result = drawResult(game, d.serverSeed, d.issueNo) as { prizes: string[][] };
    const { placed } = await placeBets(d.issueNo, result, 24);
    await sql`UPDATE lottery_draws SET sale_closes_at = now() + interval '1 second', draw_at = now() + interval '2 seconds'
               WHERE id = ${d.drawId}`.execute(services.db);
    // Both schedulers tick (as their cron would), each queueing the draw's job: one job runs, on one of them.
    await Promise.all(runners.map((r) => r.lottery.tick(new Date())));
    const deadline = Date.now() + 90_000;
    for (;;) {
      const row = await sql<{ status: string; drawn_at: Date | null; draw_at: Date }>`
        SELECT status, drawn_at, draw_at FROM lottery_draws WHERE id = ${d.drawId}`.execute(services.db);
      if (row.rows[0]?.status === 'settled') {
        expect(row.rows[0].drawn_at!.getTime()).toBeGreaterThanOrEqual(row.rows[0].draw_at.getTime());
        break;
      }
      if (Date.now() > deadline) throw new Error(`draw still ${row.rows[0]?.status}`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
    // The schedulers' next minute queues nothing more for it; a settle job sent anyway pays nobody again.
    await Promise.all(runners.map((r) => r.lottery.tick(new Date())));
    await runners[0]!.jobs.send('lottery-settle', { drawId: d.drawId });
    await new Promise((resolve) => setTimeout(resolve, 3_000));
    await expectSettledOnce(d.drawId, placed, result);
    for (const runner of runners) await runner.jobs.stop();
  }, 150_000);
});
