// Hourly salary settled on the database (issue 12 item 4): each level paid the difference between its rate and the
// rate it granted, for the volume below it; a level below its minimum of active members gets a bill "threshold not
// reached" and no money, its upline keeping the whole difference. Then the back office's commission and salary report
// by period, against the bills written, and who may read it.
import { dayOf } from '@tala/contracts/calendar';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { periodAt } from './contract-rules.ts';
import { settlementFixtures } from './settlement-fixtures.ts';

const built = await testApp();
const { app, services } = built;
const tala = await services.merchants.byCode('tala');
const timeZone = tala.settings.whitelabel.timeZone;
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const f = settlementFixtures(built, tala);

/** Ten in the morning of the merchant's day `k` days ago, and its hour. */
const tenAm = (k: number) =>
  new Date(
    periodAt('dividend', 'D', new Date(Date.now() - k * 86_400_000), timeZone).start.getTime() + 36_000_000,
  );
const hour = (k: number) => periodAt('hourlySalary', 'D', tenAm(k), timeZone);

await f.contractSettings(owner, (s) => ({
  ...s,
  hourlySalary: { enabled: true, maxRate: 100, maxTiers: 3 },
}));
// top (1 %, one active member needed) ─ sub (0.4 %, two needed) ─ p1, p1b; top ─ p2.
const top = await f.member(1, null);
const sub = await f.member(1, top.id);
const p1 = await f.member(0, sub.id, 1_000_000);
const p1b = await f.member(0, sub.id, 1_000_000);
const p2 = await f.member(0, top.id, 1_000_000);
await f.topContract(owner, top.id, 'hourlySalary', { rate: 100, minActiveMembers: 1 });
await f.offerAccepted('hourlySalary', top, sub, { rate: 40, minActiveMembers: 2 });
await f.since(
  [top, sub, p1, p1b, p2].map((m) => m.id),
  new Date(Date.now() - 3 * 86_400_000),
);

// Day −2, 10:00–11:00: p1 and p1b (sub's team) stake 15,000, p2 stakes 5,000. Day −1, 10:00–11:00: p1 alone
// stakes 10,000: sub's team has one active member of the two its contract needs.
await f.vendorRound(p1, 10_000, 0, new Date(tenAm(2).getTime() + 60_000));
await f.vendorRound(p1b, 5_000, 8_000, new Date(tenAm(2).getTime() + 120_000));
await f.vendorRound(p2, 5_000, 0, new Date(tenAm(2).getTime() + 180_000));
await f.vendorRound(p1, 10_000, 0, new Date(tenAm(1).getTime() + 60_000));

/** A member's hourly bills of the two hours, oldest first. */
async function hourly(memberId: number) {
  const bills = await f.billsOf(memberId, 'hourlySalary');
  return [2, 1].map((k) => bills.find((b) => b.periodStart.getTime() === hour(k).start.getTime()));
}

describe('hourly salary', () => {
  it('pays each level its difference for an hour, and nothing to a level below its minimum of active members', async () => {
    for (const k of [2, 1]) {
      const run = await f.settleNow(finance, 'hourlySalary', tenAm(k));
      expect(run.json().value, run.body).toMatchObject({ status: 'done', bills: 2 });
    }
    const [subFirst, subSecond] = await hourly(sub.id);
    const [topFirst, topSecond] = await hourly(top.id);
    // Hour one: sub 0.4 % of 15,000 = 60; top 1 % of 20,000 = 200, less the 60 it granted.
    expect(subFirst).toMatchObject({ status: 'paid', due: 60, paid: 60 });
    expect(subFirst?.statement).toMatchObject({
      volume: 15_000,
      activeMembers: 2,
      rate: 40,
      gross: 60,
      granted: 0,
    });
    expect(topFirst).toMatchObject({ status: 'paid', due: 140, paid: 140 });
    expect(topFirst?.statement).toMatchObject({
      volume: 20_000,
      activeMembers: 3,
      rate: 100,
      gross: 200,
      granted: 60,
    });
    // Hour two: sub's team has one active member: its bill says so, with nothing due and no ledger entry; top keeps
    // the whole 1 % of 10,000.
    expect(subSecond).toMatchObject({
      status: 'threshold_not_reached',
      due: 0,
      paid: 0,
      ledgerEntryId: null,
    });
    expect(subSecond?.statement).toMatchObject({ volume: 10_000, activeMembers: 1, gross: 0 });
    expect(topSecond).toMatchObject({ status: 'paid', due: 100, paid: 100 });
    expect(topSecond?.statement).toMatchObject({ volume: 10_000, activeMembers: 1, gross: 100, granted: 0 });
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key = ${`contract-bill:${subSecond?.id}`}`.execute(
      services.db,
    );
    expect(rows[0]?.n).toBe(0);
    expect([await f.balance(sub.id), await f.balance(top.id)]).toEqual([60, 240]);
    // The levels together received what the top rate pays on the team's volume.
    expect((subFirst?.paid as number) + (topFirst?.paid as number)).toBe(topFirst?.statement.gross);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('reports commission and salary by period as the bills say, to the back office’s readers only', async () => {
    const report = (operator: string | undefined, from: number, to: number, merchant = 'tala') =>
      app.inject({
        url: `/admin-api/merchants/${merchant}/contract-report?from=${dayOf(tenAm(from), timeZone)}&to=${dayOf(tenAm(to), timeZone)}`,
        headers: operator ? { authorization: operator } : {},
      });
    const ours = <T extends { username: string }>(rows: T[]) =>
      rows
        .filter((r) => r.username === top.username || r.username === sub.username)
        .sort((a, b) => a.username.localeCompare(b.username));
    /** The same figures summed from the bills written in the merchant's days `from` to `to` days ago. */
    const fromBills = async (from: number, to: number) => {
      const { rows } = await sql<{
        username: string;
        kind: string;
        bills: number;
        due: string;
        paid: string;
      }>`
        SELECT m.username, b.kind, count(*)::int AS bills, sum(b.amount_due) AS due, sum(b.amount_paid) AS paid
          FROM contract_bills b JOIN members m ON m.id = b.member_id
         WHERE b.member_id IN (${top.id}, ${sub.id}) AND b.status <> 'cancelled'
           AND b.period_start >= ${periodAt('dividend', 'D', tenAm(from), timeZone).start}
           AND b.period_start < ${periodAt('dividend', 'D', tenAm(to), timeZone).end}
         GROUP BY m.username, b.kind ORDER BY m.username`.execute(services.db);
      return ours(rows.map((r) => ({ ...r, due: Number(r.due), paid: Number(r.paid) })));
    };

    const dayBefore = await report(owner, 2, 2);
    expect(dayBefore.statusCode, dayBefore.body).toBe(200);
    expect(ours(dayBefore.json().value)).toEqual(await fromBills(2, 2));
    expect(ours(dayBefore.json().value)).toEqual(
      ours([
        { username: top.username, kind: 'hourlySalary', bills: 1, due: 140, paid: 140 },
        { username: sub.username, kind: 'hourlySalary', bills: 1, due: 60, paid: 60 },
      ]),
    );
    // Both days: the bill of a threshold not reached counts as a bill with nothing due.
    const both = (await report(finance, 2, 1)).json().value;
    expect(ours(both)).toEqual(await fromBills(2, 1));
    expect(ours(both)).toEqual(
      ours([
        { username: top.username, kind: 'hourlySalary', bills: 2, due: 240, paid: 240 },
        { username: sub.username, kind: 'hourlySalary', bills: 2, due: 60, paid: 60 },
      ]),
    );

    // A cancelled run's bills leave the report; settled again, they are back.
    const run = await f.runOf(owner, 'hourlySalary', hour(1));
    const cancelled = await f.cancelRun(owner, finance, run?.id as number, 'Checking the report');
    expect(cancelled.approved?.statusCode).toBe(200);
    expect(ours((await report(owner, 1, 1)).json().value)).toEqual([]);
    expect((await f.settleNow(owner, 'hourlySalary', tenAm(1))).json().value).toMatchObject({
      status: 'done',
    });
    expect(ours((await report(owner, 2, 1)).json().value)).toEqual(ours(both));

    // Who may read it: owner, finance and support of the merchant; not content, not another merchant's owner.
    const support = await operatorAuth(app, 'support', 'support-demo-1');
    const content = await operatorAuth(app, 'content', 'content-demo-1');
    const luckyOwner = await operatorAuth(app, 'lucky-owner', 'lucky-owner-1');
    expect((await report(support, 2, 1)).statusCode).toBe(200);
    expect((await report(undefined, 2, 1)).statusCode).toBe(401);
    expect((await report(content, 2, 1)).statusCode).toBe(403);
    expect((await report(luckyOwner, 2, 1)).json()).toMatchObject({
      errorCode: 'outside_operator_merchants',
    });
    const lucky = await report(luckyOwner, 2, 1, 'lucky');
    expect(lucky.statusCode).toBe(200);
    expect(ours(lucky.json().value)).toEqual([]);
    // A range backwards is bad input.
    expect((await report(owner, 1, 2)).json()).toMatchObject({ errorCode: 'validation_failed' });
  });
});
