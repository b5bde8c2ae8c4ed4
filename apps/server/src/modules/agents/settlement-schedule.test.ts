// The scheduled settlement (issue 12 item 4; docs/decisions/033): `settleAll`, which the `agents-settle` job runs
// every five minutes, driven with fixed clocks after real bets. Real-time salary settles closed five-minute periods,
// hourly salary closed hours, daily salary the days before only on every `dailySalaryEveryDays`-th day, dividends each
// period type once its period has closed; a server that was down settles what closed meanwhile within the look-back
// (real-time: an hour; hourly: a day; daily: a week; dividends: about a month, decision 071) and never what closed
// before it; running again, or in two processes at once, settles nothing twice.
import {
  BASIS,
  type ContractKind,
  type ContractTerms,
  type PeriodType,
  periodTypes,
} from '@tala/contracts/agent-contracts';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../services.ts';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { periodAt } from './contract-rules.ts';
import { moveBack, roundsOf, settlementFixtures, type TestMember } from './settlement-fixtures.ts';

const { app, services, database } = await testApp();
const tala = await services.merchants.byCode('tala');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
// Spins one after another, without the pace a player's spins are held to.
services.slots.settings.paceMs = 0;
const fixtures = settlementFixtures({ app, services }, tala);
const timeZone = tala.settings.whitelabel.timeZone;
/** A second server process's services on the same database. */
const other = createServices(database.db);
const MINUTE = 60_000;
const DAY = 86_400_000;
const EVERY_DAYS = 3;

await fixtures.contractSettings(owner, (s) => ({
  ...s,
  dividend: { ...s.dividend, periods: [...periodTypes] },
  hourlySalary: { ...s.hourlySalary, enabled: true },
  realtimeSalary: { ...s.realtimeSalary, enabled: true },
  dailySalaryEveryDays: EVERY_DAYS,
}));

type Bill = { contractId: number; periodStart: Date; status: string; due: number; paid: number };
/** The bills of these contracts, by contract and period start. */
async function billsOf(contractIds: number[]) {
  const { rows } = await sql<{
    contract_id: string;
    period_start: Date;
    status: string;
    amount_due: string;
    amount_paid: string;
  }>`
    SELECT contract_id, period_start, status, amount_due, amount_paid
      FROM contract_bills WHERE contract_id = ANY(${contractIds}::bigint[]) AND status <> 'cancelled'`.execute(
    services.db,
  );
  return new Map<string, Bill>(
    rows.map((b) => [
      `${b.contract_id}@${b.period_start.toISOString()}`,
      {
        contractId: Number(b.contract_id),
        periodStart: b.period_start,
        status: b.status,
        due: Number(b.amount_due),
        paid: Number(b.amount_paid),
      },
    ]),
  );
}
const share = (rate: number, base: number) => (base > 0 ? Math.floor((rate * base) / BASIS) : 0);
const periods = (bills: Map<string, Bill>, contractId: number) =>
  [...bills.values()]
    .filter((b) => b.contractId === contractId)
    .map((b) => b.periodStart.getTime())
    .sort((a, b) => a - b);

describe('the scheduled settlement', () => {
  it('settles a period whose last contract ended after it closed', async () => {
    // A merchant's only real-time salary contract: its agent's team bet a quarter of an hour ago, and the contract
    // ended just now, after that period had closed but before the schedule came round.
    const agent = await fixtures.member(1, null);
    const player = await fixtures.member(0, agent.id, 100_000);
    const contract = await fixtures.topContract(owner, agent.id, 'realtimeSalary', {
      profitRate: 100,
      lossRate: 200,
    });
    for (let i = 0; i < 3; i++) await fixtures.spin(player.token, 500);
    await moveBack(services, [agent.id, player.id], 15 * MINUTE);
    const ended = await app.inject({
      method: 'DELETE',
      url: `/admin-api/members/${agent.id}/contracts/realtimeSalary`,
      headers: { authorization: owner },
    });
    expect(ended.statusCode, ended.body).toBe(200);

    const now = new Date();
    await services.agents.settleAll(now);
    const figures = await roundsOf(services, [player.id]);
    const due = share(100, figures.winVolume) + share(200, figures.lossVolume);
    expect(due).toBeGreaterThan(0);
    // Every five-minute period it was in force for and that has closed (the bets' and those after) has its bill.
    const { rows } = await sql<{ started_at: Date }>`
      SELECT started_at FROM agent_contracts WHERE id = ${contract}`.execute(services.db);
    const slot = (instant: Date) => periodAt('realtimeSalary', 'D', instant, timeZone).start.getTime();
    const bills = [...(await billsOf([contract])).values()];
    expect(bills).toHaveLength((slot(now) - slot(rows[0]?.started_at as Date)) / (5 * MINUTE));
    expect(bills.reduce((sum, b) => sum + b.paid, 0)).toBe(due);
  });

  it('settles each kind’s periods on its cadence once they have closed, catches up within the look-back, and once only', async () => {
    // Contracts and bets all in one five-minute period (so in one hour, day, week, half-month and month too): not
    // in the last 20 s of one (the set-up takes 1-2 s; the test waits for the next one otherwise).
    const slot = periodAt('realtimeSalary', 'D', new Date(), timeZone);
    if (slot.end.getTime() - Date.now() < 20_000)
      await new Promise((resolve) => setTimeout(resolve, slot.end.getTime() - Date.now() + 500));

    // Salaries: top ─ sub ─ p1 bets 600; top ─ p2 bets 200; each level holds all three salaries, the sub-agent at
    // lower rates than its upline.
    const top = await fixtures.member(1, null);
    const sub = await fixtures.member(1, top.id);
    const p1 = await fixtures.member(0, sub.id, 100_000);
    const p2 = await fixtures.member(0, top.id, 100_000);
    const realtimeTerms = [
      { profitRate: 100, lossRate: 200 },
      { profitRate: 50, lossRate: 100 },
    ] as const;
    const terms: Record<
      Exclude<ContractKind, 'dividend'>,
      readonly [Partial<ContractTerms>, Partial<ContractTerms>]
    > = {
      dailySalary: [{ rate: 200 }, { rate: 100 }],
      hourlySalary: [{ rate: 100 }, { rate: 50 }],
      realtimeSalary: realtimeTerms,
    };
    const salary = {} as Record<Exclude<ContractKind, 'dividend'>, { top: number; sub: number }>;
    for (const kind of ['dailySalary', 'hourlySalary', 'realtimeSalary'] as const)
      salary[kind] = {
        top: await fixtures.topContract(owner, top.id, kind, terms[kind][0]),
        sub: await fixtures.offerAccepted(kind, top, sub, terms[kind][1]),
      };
    // Dividends: a top agent on each period type at 30 %, with a player below it.
    const dividend = {} as Record<PeriodType, { contract: number; player: TestMember }>;
    for (const periodType of periodTypes) {
      const agent = await fixtures.member(1, null);
      dividend[periodType] = {
        contract: await fixtures.topContract(owner, agent.id, 'dividend', { rate: 3000, periodType }),
        player: await fixtures.member(0, agent.id, 100_000),
      };
    }
    for (let i = 0; i < 3; i++) await fixtures.spin(p1.token, 200);
    for (let i = 0; i < 2; i++) await fixtures.spin(p2.token, 100);
    for (const { player } of Object.values(dividend))
      for (let i = 0; i < 2; i++) await fixtures.spin(player.token, 200);

    const salaryContracts = Object.values(salary).flatMap((c) => [c.top, c.sub]);
    const dividendContracts = Object.values(dividend).map((d) => d.contract);
    const ours = [...salaryContracts, ...dividendContracts];
    // All of it happened in the one five-minute period.
    const at = (period: { start: Date; end: Date }) =>
      sql`BETWEEN ${period.start} AND ${new Date(period.end.getTime() - 1)}`;
    const R = periodAt('realtimeSalary', 'D', new Date(), timeZone);
    const outside = await sql<{ n: number }>`
      SELECT (SELECT count(*)::int FROM agent_contracts WHERE id = ANY(${ours}::bigint[]) AND NOT started_at ${at(R)})
           + (SELECT count(*)::int FROM slots_rounds
               WHERE member_id = ANY(${[p1.id, p2.id, ...Object.values(dividend).map((d) => d.player.id)]}::int[])
                 AND NOT created_at ${at(R)}) AS n`.execute(services.db);
    expect(outside.rows[0]?.n, 'contracts and bets outside the five-minute period').toBe(0);

    // What the rules pay for the bets' periods, from the rounds: each level its rate on its team less what it
    // granted below (salaries); 30 % of what the house kept (dividends).
    const team = { top: await roundsOf(services, [p1.id, p2.id]), sub: await roundsOf(services, [p1.id]) };
    const realtime = (t: { profitRate: number; lossRate: number }, f: typeof team.top) =>
      share(t.profitRate, f.winVolume) + share(t.lossRate, f.lossVolume);
    const realtimeTop = realtime(realtimeTerms[0], team.top);
    const realtimeSub = realtime(realtimeTerms[1], team.sub);
    const due = new Map<number, number>([
      [salary.dailySalary.top, share(200, team.top.volume) - share(100, team.sub.volume)],
      [salary.dailySalary.sub, share(100, team.sub.volume)],
      [salary.hourlySalary.top, share(100, team.top.volume) - share(50, team.sub.volume)],
      [salary.hourlySalary.sub, share(50, team.sub.volume)],
      [salary.realtimeSalary.top, Math.max(0, realtimeTop - realtimeSub)],
      [salary.realtimeSalary.sub, realtimeSub],
    ]);
    expect([due.get(salary.dailySalary.top), due.get(salary.dailySalary.sub)]).toEqual([10, 6]);
    expect([due.get(salary.hourlySalary.top), due.get(salary.hourlySalary.sub)]).toEqual([5, 3]);
    for (const { contract, player } of Object.values(dividend))
      due.set(contract, share(3000, (await roundsOf(services, [player.id])).houseResult));

    // The periods the bets fell in, per kind and period type.
    const first = new Map<number, { start: Date; end: Date }>();
    for (const kind of ['dailySalary', 'hourlySalary', 'realtimeSalary'] as const)
      for (const id of [salary[kind].top, salary[kind].sub])
        first.set(id, periodAt(kind, 'D', R.start, timeZone));
    for (const periodType of periodTypes)
      first.set(dividend[periodType].contract, periodAt('dividend', periodType, R.start, timeZone));
    const D = periodAt('dailySalary', 'D', R.start, timeZone);
    const hourEnd = periodAt('hourlySalary', 'D', R.start, timeZone).end.getTime();

    // The clock's stops, in order: each period's end (and a millisecond before), and the start of each of the
    // seven days after the bets' (the daily salary's cadence).
    type Check = (before: Map<string, Bill>, after: Map<string, Bill>) => void;
    const stops = new Map<number, Check[]>();
    const stop = (instant: number, check: Check) =>
      stops.set(instant, [...(stops.get(instant) ?? []), check]);
    const billed = (bills: Map<string, Bill>, contractId: number) =>
      bills.get(`${contractId}@${first.get(contractId)?.start.toISOString()}`);
    const withinPeriodChecks = (contracts: number[], end: number) => {
      stop(end - 1, (_, after) => {
        for (const id of contracts)
          expect(billed(after, id), `${id} before its period closed`).toBeUndefined();
      });
      stop(end, (_, after) => {
        for (const id of contracts)
          expect(billed(after, id), `${id} once its period closed`).toMatchObject({
            status: 'paid',
            due: due.get(id),
            paid: due.get(id),
          });
      });
    };
    withinPeriodChecks([salary.realtimeSalary.top, salary.realtimeSalary.sub], R.end.getTime());
    withinPeriodChecks([salary.hourlySalary.top, salary.hourlySalary.sub], hourEnd);
    for (const { contract } of Object.values(dividend))
      withinPeriodChecks([contract], (first.get(contract) as { end: Date }).end.getTime());
    // Right after the bets' hour closed (the server down since the bets' five minutes closed), every five-minute
    // period since the bets' is settled: all closed within the hour the schedule looks back.
    stop(hourEnd, (_, after) =>
      expect(periods(after, salary.realtimeSalary.top)).toEqual(
        Array.from(
          { length: (hourEnd - R.start.getTime()) / (5 * MINUTE) },
          (_, i) => R.start.getTime() + i * 5 * MINUTE,
        ),
      ),
    );
    // Nothing at all before the first five-minute period closed.
    stop(R.end.getTime() - 1, (_, after) => expect([...after.keys()]).toEqual([]));
    // The daily salary: on a paying day, every day since the bets' not paid yet; on the other days nothing.
    const payingDays: number[] = [];
    const dailyOf = (bills: Map<string, Bill>) => periods(bills, salary.dailySalary.top);
    for (let day = 1; day <= 7; day++) {
      const start = periodAt(
        'dailySalary',
        'D',
        new Date(D.start.getTime() + day * DAY + 12 * 3_600_000),
        timeZone,
      ).start;
      stop(start.getTime(), (before, after) => {
        if (dailyOf(after).length === dailyOf(before).length) return;
        payingDays.push(day);
        const days = Array.from({ length: day }, (_, i) =>
          periodAt(
            'dailySalary',
            'D',
            new Date(D.start.getTime() + i * DAY + 12 * 3_600_000),
            timeZone,
          ).start.getTime(),
        );
        expect(dailyOf(after)).toEqual(days);
        expect(periods(after, salary.dailySalary.sub)).toEqual(days);
      });
    }

    const calls: Date[] = [];
    let before = await billsOf(ours);
    for (const [instant, checks] of [...stops.entries()].sort((a, b) => a[0] - b[0])) {
      const now = new Date(instant);
      await services.agents.settleAll(now);
      calls.push(now);
      const after = await billsOf(ours);
      for (const check of checks) check(before, after);
      before = after;
    }
    // The daily salary's bills came every third day (the merchant's setting), the first within three days.
    expect(payingDays.length).toBeGreaterThanOrEqual(2);
    expect(payingDays[0]).toBeLessThanOrEqual(EVERY_DAYS);
    expect(payingDays.slice(1).map((d, i) => d - (payingDays[i] as number))).toEqual(
      payingDays.slice(1).map(() => EVERY_DAYS),
    );
    for (const id of [salary.dailySalary.top, salary.dailySalary.sub])
      expect(billed(before, id)).toMatchObject({ status: 'paid', paid: due.get(id) });

    // Every kind's periods settled are those that closed within its look-back of one of the schedule's runs: what
    // closed while no run came round for longer than that is never settled by the schedule.
    const lookBack = { realtimeSalary: 12, hourlySalary: 24, dailySalary: 7 };
    const dividendLookBack: Record<PeriodType, number> = { D: 35, W: 6, H: 4, M: 3 };
    const expected = (kind: ContractKind, periodType: PeriodType, from: Date, runs: Date[]) => {
      const starts = new Set<number>();
      for (const now of runs) {
        let period = periodAt(kind, periodType, now, timeZone);
        const depth = kind === 'dividend' ? dividendLookBack[periodType] : lookBack[kind];
        for (let back = 0; back < depth; back++) {
          period = periodAt(kind, periodType, new Date(period.start.getTime() - 1), timeZone);
          if (period.start >= from) starts.add(period.start.getTime());
        }
      }
      return [...starts].sort((a, b) => a - b);
    };
    // Every third day from the first paying one, also past the week the test stepped through day by day.
    const payingCalls = calls.filter((now) => {
      const day = Math.round(
        (periodAt('dailySalary', 'D', now, timeZone).start.getTime() - D.start.getTime()) / DAY,
      );
      return day >= 1 && (day - (payingDays[0] as number)) % EVERY_DAYS === 0;
    });
    for (const kind of ['realtimeSalary', 'hourlySalary', 'dailySalary'] as const)
      for (const id of [salary[kind].top, salary[kind].sub])
        expect(periods(before, id), `${kind} periods`).toEqual(
          expected(
            kind,
            'D',
            (first.get(id) as { start: Date }).start,
            kind === 'dailySalary' ? payingCalls : calls,
          ),
        );
    for (const periodType of periodTypes) {
      const id = dividend[periodType].contract;
      expect(periods(before, id), `dividend ${periodType} periods`).toEqual(
        expected('dividend', periodType, (first.get(id) as { start: Date }).start, calls),
      );
    }
    // Money only for the bets' periods (the rest had no bets); each payment one ledger entry under its bill's key.
    const paid = [...before.values()].reduce((sum, b) => sum + b.paid, 0);
    expect(paid).toBe([...due.values()].reduce((sum, d) => sum + d, 0));

    // The schedule again at the last instant, in two processes at once: nothing more.
    const last = calls.at(-1) as Date;
    const entries = async () =>
      (
        await sql<{ n: number }>`
          SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key LIKE 'contract-bill:%'`.execute(
          services.db,
        )
      ).rows[0]?.n;
    const entriesBefore = await entries();
    await Promise.all([services.agents.settleAll(last), other.agents.settleAll(last)]);
    await services.agents.settleAll(last);
    expect(await billsOf(ours)).toEqual(before);
    expect(await entries()).toBe(entriesBefore);
    const { rows: ledger } = await sql<{ paid: number; entries: number }>`
      SELECT count(*) FILTER (WHERE b.amount_paid > 0)::int AS paid, count(e.id)::int AS entries
        FROM contract_bills b LEFT JOIN ledger_entries e ON e.id = b.ledger_entry_id
                                                      AND e.idempotency_key = 'contract-bill:' || b.id
       WHERE b.contract_id = ANY(${ours}::bigint[])`.execute(services.db);
    expect(ledger[0]?.entries).toBe(ledger[0]?.paid);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  }, 120_000);
});
