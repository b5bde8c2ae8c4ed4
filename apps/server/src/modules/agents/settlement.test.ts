// Settlement (issue 12, item 4): each (contract, period) is billed and paid exactly once, with two server
// processes settling at the same time and after a crash in the middle of a run; a period is settled again only by
// cancelling it (two operators, payments reversed); an upline that pays from its own wallet never pays money it
// does not have.
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createServices } from '../../services.ts';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { liveRepository } from '../live/live.repository.ts';
import { agentFixtures } from './agents-testing.ts';
import { periodAt } from './contract-rules.ts';
import { SimulatedCrash } from './settlement.ts';

const { app, services, database } = await testApp();
const tala = await services.merchants.byCode('tala');
const fixtures = await agentFixtures({ app, services }, tala);
const { owner, member, headers, bet, balance } = fixtures;
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');

// A second server process on the same database, and one that dies after its first bill.
let crashAt: number | undefined;
const other = createServices(database.db, { crashAfterBills: () => crashAt });

// top (2 %) ─ sub (1 %) ─ p1 bets 600; top ─ p2 bets 200.
const top = await member(1, null);
const sub = await member(1, top.id);
const p1 = await member(0, sub.id, 100_000);
const p2 = await member(0, top.id, 100_000);
await fixtures.topContract(top.id, 'dailySalary', { rate: 200 });
await fixtures.offer('dailySalary', top, sub, { rate: 100 });
for (let i = 0; i < 3; i++) await bet(p1.token, 200);
for (let i = 0; i < 2; i++) await bet(p2.token, 100);
const today = periodAt('dailySalary', 'D', new Date(), tala.settings.whitelabel.timeZone);

async function bills() {
  const { rows } = await sql<{
    member_id: number;
    status: string;
    amount_due: string;
    amount_paid: string;
    run_id: string;
  }>`
    SELECT member_id, status, amount_due, amount_paid, run_id FROM contract_bills
     WHERE period_start = ${today.start} AND member_id IN (${top.id}, ${sub.id}) AND status <> 'cancelled'
     ORDER BY member_id`.execute(services.db);
  return rows.map((r) => ({
    memberId: r.member_id,
    status: r.status,
    due: Number(r.amount_due),
    paid: Number(r.amount_paid),
  }));
}
const expected = [
  { memberId: top.id, status: 'paid', due: 16 - 6, paid: 10 },
  { memberId: sub.id, status: 'paid', due: 6, paid: 6 },
];

/** Cancels the done daily-salary run (two operators), so that its period may be settled again. */
const cancel = async () => {
  const runs = (
    await app.inject({
      url: '/admin-api/merchants/tala/settlement-runs',
      headers: { authorization: owner },
    })
  ).json().value;
  const id = runs.find(
    (r: { kind: string; status: string }) => r.kind === 'dailySalary' && r.status === 'done',
  ).id;
  const url = `/admin-api/merchants/tala/settlement-runs/${id}/cancel`;
  await app.inject({
    method: 'POST',
    url,
    headers: { authorization: owner },
    payload: { reason: 'Payer changed' },
  });
  const done = await app.inject({
    method: 'POST',
    url: `${url}/approve`,
    headers: { authorization: finance },
  });
  expect(done.statusCode, done.body).toBe(200);
};

describe('settlement', () => {
  it('carries on after a crash mid-run, and pays each level its difference exactly once', async () => {
    crashAt = 1;
    await expect(other.agents.settlePeriod(tala, 'dailySalary', today)).rejects.toBeInstanceOf(
      SimulatedCrash,
    );
    crashAt = undefined;
    expect(await bills()).toHaveLength(1);
    // The run is alive as far as anyone can tell: nobody else takes it until its heartbeat is old.
    expect(await services.agents.settlePeriod(tala, 'dailySalary', today)).toBeNull();
    await sql`UPDATE settlement_runs SET heartbeat_at = now() - interval '10 minutes' WHERE kind = 'dailySalary' AND period_start = ${today.start}`.execute(
      services.db,
    );
    // Both processes try at once: one takes the run over, the other finds it taken.
    const [a, b] = await Promise.all([
      services.agents.settlePeriod(tala, 'dailySalary', today),
      other.agents.settlePeriod(tala, 'dailySalary', today),
    ]);
    expect([a, b].filter((run) => run !== null)).toHaveLength(1);
    expect(await bills()).toEqual(expected);
    expect(await balance(sub.id)).toBe(6);
    expect(await balance(top.id)).toBe(10);
    // Done is done: the schedule running again in both processes changes nothing.
    await Promise.all([
      other.agents.settlePeriod(tala, 'dailySalary', today),
      services.agents.settlePeriod(tala, 'dailySalary', today),
    ]);
    expect(await bills()).toEqual(expected);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);

    const income = await app.inject({ url: '/wps/agent/income', headers: headers(top.token) });
    expect(income.json().value.list[0]).toMatchObject({
      kind: 'dailySalary',
      status: 'paid',
      amountPaid: 10,
      statement: { volume: 800, rate: 200, gross: 16, granted: 6, activeMembers: 2 },
    });
  });

  it('settles a period again only after two operators cancel it, its payments reversed', async () => {
    const runs = (
      await app.inject({
        url: '/admin-api/merchants/tala/settlement-runs',
        headers: { authorization: owner },
      })
    ).json().value as { id: number; kind: string; status: string; totalPaid: number }[];
    const run = runs.find((r) => r.kind === 'dailySalary' && r.status === 'done');
    expect(run).toMatchObject({ totalPaid: 16 });
    const id = run?.id as number;
    const cancelUrl = `/admin-api/merchants/tala/settlement-runs/${id}/cancel`;
    const asked = await app.inject({
      method: 'POST',
      url: cancelUrl,
      headers: { authorization: owner },
      payload: { reason: 'Wrong rates' },
    });
    expect(asked.json().value).toMatchObject({ status: 'cancel_requested' });
    const self = await app.inject({
      method: 'POST',
      url: `${cancelUrl}/approve`,
      headers: { authorization: owner },
    });
    expect(self.json()).toMatchObject({ errorCode: 'same_operator_approval' });
    const approved = await app.inject({
      method: 'POST',
      url: `${cancelUrl}/approve`,
      headers: { authorization: finance },
    });
    expect(approved.json().value, approved.body).toMatchObject({ status: 'cancelled' });
    expect(await bills()).toEqual([]);
    expect(await balance(sub.id)).toBe(0);
    expect(await balance(top.id)).toBe(0);

    const [a, b] = await Promise.all([
      services.agents.settlePeriod(tala, 'dailySalary', today),
      other.agents.settlePeriod(tala, 'dailySalary', today),
    ]);
    expect([a, b].filter((r) => r !== null)).toHaveLength(1);
    expect(await bills()).toEqual(expected);
    expect(await balance(top.id)).toBe(10);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('has an upline that pays from its own wallet pay only what it has', async () => {
    const settingsUrl = '/admin-api/merchants/tala/contract-settings';
    const settings = (await app.inject({ url: settingsUrl, headers: { authorization: owner } })).json().value;
    await app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: { authorization: owner },
      payload: { ...settings, payer: 'upline' },
    });
    await cancel();
    // The sub-agent is billed first (deepest level first), when its upline holds nothing: nothing is paid. The top
    // agent has no upline: the merchant pays it.
    expect(await balance(top.id)).toBe(0);
    await services.agents.settlePeriod(tala, 'dailySalary', today);
    expect(await bills()).toEqual([
      { memberId: top.id, status: 'paid', due: 10, paid: 10 },
      { memberId: sub.id, status: 'insufficient_balance', due: 6, paid: 0 },
    ]);
    expect(await balance(sub.id)).toBe(0);

    // With 4 in its wallet the upline pays 4 of the 6, and keeps what the merchant paid it.
    await cancel();
    await services.wallet.transfer(services.db, {
      merchantId: tala.id,
      idempotencyKey: `settlement-test-float-${top.id}`,
      type: 'adjustment',
      from: await services.wallet.houseAccount(tala.id, 'house_deposit_clearing'),
      to: await services.wallet.memberAccount(tala.id, top.id),
      amount: 4,
      actor: { type: 'system' },
    });
    await services.agents.settlePeriod(tala, 'dailySalary', today);
    expect(await bills()).toEqual([
      { memberId: top.id, status: 'paid', due: 10, paid: 10 },
      { memberId: sub.id, status: 'partly_paid', due: 6, paid: 4 },
    ]);
    expect(await balance(sub.id)).toBe(4);
    expect(await balance(top.id)).toBe(10);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    await app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: { authorization: owner },
      payload: settings,
    });
  });
  it('collects what an upline still owes as money arrives, once; expires it after the merchant’s days; lets finance reject it', async () => {
    const settingsUrl = '/admin-api/merchants/tala/contract-settings';
    const settings = (await app.inject({ url: settingsUrl, headers: { authorization: owner } })).json().value;
    expect(settings.unpaidBillDays).toBe(3);
    await app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: { authorization: owner },
      payload: { ...settings, payer: 'upline' },
    });
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    let drains = 0;
    /** Empties the top agent's wallet, so that it cannot pay its sub-agent's bill when it is written. */
    const drainTop = async () => {
      const amount = await balance(top.id);
      if (amount > 0)
        await services.wallet.transfer(services.db, {
          merchantId: tala.id,
          idempotencyKey: `settlement-test-drain-${top.id}-${++drains}`,
          type: 'adjustment',
          from: await services.wallet.memberAccount(tala.id, top.id),
          to: clearing,
          amount,
          actor: { type: 'system' },
        });
    };
    const subBill = async () => (await bills()).find((b) => b.memberId === sub.id);
    const settleOwing = async () => {
      await cancel();
      await drainTop();
      const subBefore = await balance(sub.id);
      await services.agents.settlePeriod(tala, 'dailySalary', today);
      expect(await subBill()).toMatchObject({ status: 'insufficient_balance', due: 6, paid: 0 });
      // The top agent's own bill was paid by the merchant after (deepest first): now it has 10.
      expect(await balance(top.id)).toBe(10);
      return subBefore;
    };

    // Collected once the upline has the money, by one of two processes collecting at once, never twice.
    const subBefore = await settleOwing();
    const owed = (
      await app.inject({ url: '/admin-api/merchants/tala/contract-bills', headers: { authorization: owner } })
    ).json().value;
    const listed = owed.find((b: { username: string }) => b.username === sub.username);
    expect(listed).toMatchObject({ payerUsername: top.username, amountDue: 6, amountPaid: 0 });
    expect(new Date(listed.expiresAt).getTime() - new Date(listed.createdAt).getTime()).toBe(3 * 86_400_000);
    await Promise.all([services.agents.collectUnpaid(tala), other.agents.collectUnpaid(tala)]);
    await services.agents.collectUnpaid(tala);
    expect(await subBill()).toMatchObject({ status: 'paid', due: 6, paid: 6 });
    expect([await balance(sub.id), await balance(top.id)]).toEqual([subBefore + 6, 4]);
    const { rows } = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM ledger_entries WHERE idempotency_key LIKE ${`contract-bill:%:1`}
         AND id IN (SELECT ledger_entry_id FROM contract_bill_payments)`.execute(services.db);
    expect(rows[0]?.n).toBe(1);

    // Cancelling the run reverses the collected payment too.
    await cancel();
    expect(await balance(sub.id)).toBe(subBefore);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    await drainTop();
    await services.agents.settlePeriod(tala, 'dailySalary', today);

    // Past the merchant's days, what is owed expires and nothing more is collected.
    const fourDaysOn = new Date(Date.now() + 4 * 86_400_000);
    await services.agents.collectUnpaid(tala, fourDaysOn);
    expect(await subBill()).toMatchObject({ status: 'expired', paid: 0 });
    await services.agents.collectUnpaid(tala);
    expect(await balance(sub.id)).toBe(subBefore);

    // An operator rejects an owed bill: finance or the owner only, with a reason, once; nothing is collected after.
    await settleOwing();
    const id = (
      await app.inject({ url: '/admin-api/merchants/tala/contract-bills', headers: { authorization: owner } })
    )
      .json()
      .value.find((b: { username: string }) => b.username === sub.username).id;
    const reject = (token: string, payload: object, billId = id) =>
      app.inject({
        method: 'POST',
        url: `/admin-api/merchants/tala/contract-bills/${billId}/reject`,
        headers: { authorization: token },
        payload,
      });
    const support = await operatorAuth(app, 'support', 'support-demo-1');
    expect((await reject(support, { reason: 'Volume looks fake' })).statusCode).toBe(403);
    expect((await reject(finance, { reason: '' })).statusCode).toBe(400);
    expect((await reject(finance, { reason: 'Volume looks fake' }, 999_999)).json().errorCode).toBe(
      'contract_bill_not_found',
    );
    const rejected = await reject(finance, { reason: 'Volume looks fake' });
    expect(rejected.json().value).toEqual({ id, status: 'rejected' });
    expect((await reject(owner, { reason: 'Again' })).json().errorCode).toBe('contract_bill_not_open');
    await services.agents.collectUnpaid(tala);
    expect(await subBill()).toMatchObject({ status: 'rejected', paid: 0 });
    expect(await balance(sub.id)).toBe(subBefore);
    const audit = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM audit_log WHERE action = 'agents.bill.reject' AND target = ${`contract_bill:${id}`}`.execute(
      services.db,
    );
    expect(audit.rows[0]?.n).toBe(1);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    await app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: { authorization: owner },
      payload: settings,
    });
  });
  it('counts every product’s stakes: a live-casino bet raises its agents’ salary', async () => {
    await cancel();
    const serverSeed = newServerSeed();
    const roundNo = 1_900_000_000 + Math.floor(Math.random() * 1_000_000);
    await liveRepository().insertRounds(services.db, [
      {
        table_code: 'BAC-1',
        round_no: roundNo,
        opens_at: new Date(Date.now() - 1_000),
        closes_at: new Date(Date.now() + 30_000),
        ends_at: new Date(Date.now() + 35_000),
        server_seed: serverSeed,
        server_seed_hash: hashServerSeed(serverSeed),
      },
    ]);
    const placed = await app.inject({
      method: 'POST',
      url: '/wps/live/bets',
      headers: headers(p2.token),
      payload: { tableCode: 'BAC-1', roundNo, requestId: `settle-live-${roundNo}`, spots: { player: 5_000 } },
    });
    expect(placed.statusCode, placed.body).toBe(200);
    // Open, the bet counts for nothing yet: a round counts when its result is known.
    await services.agents.settlePeriod(tala, 'dailySalary', today);
    expect((await bills()).map((b) => b.due)).toEqual([16 - 6, 6]);
    await cancel();
    // The round is over: the studio settles it, and the bet counts in the period of its settlement.
    await sql`UPDATE live_rounds SET opens_at = now() - interval '3 seconds', closes_at = now() - interval '2 seconds',
                                   ends_at = now() - interval '1 second'
               WHERE table_code = 'BAC-1' AND round_no = ${roundNo}`.execute(services.db);
    expect(await services.live.settleDue()).toBeGreaterThanOrEqual(1);
    const topBefore = await balance(top.id);
    await services.agents.settlePeriod(tala, 'dailySalary', today);
    // The top agent's team staked 800 in slots and 5,000 at the live table: 2 % of 5,800 less the 6 it granted.
    expect(await bills()).toEqual([
      { memberId: top.id, status: 'paid', due: 116 - 6, paid: 110 },
      { memberId: sub.id, status: 'paid', due: 6, paid: 6 },
    ]);
    expect(await balance(top.id)).toBe(topBefore + 110);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });
  it('has an upline with two bills in one page pay the first in full and the second with what is left', async () => {
    await cancel();
    // A second sub-agent under the top agent, at 1 % too, whose player stakes 600.
    const sub2 = await member(1, top.id);
    await fixtures.offer('dailySalary', top, sub2, { rate: 100 });
    const p3 = await member(0, sub2.id, 100_000);
    for (let i = 0; i < 3; i++) await bet(p3.token, 200);
    const settingsUrl = '/admin-api/merchants/tala/contract-settings';
    const settings = (await app.inject({ url: settingsUrl, headers: { authorization: owner } })).json().value;
    await app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: { authorization: owner },
      payload: { ...settings, payer: 'upline' },
    });
    // The top agent holds 8 for the two sub-agents' 6 + 6.
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    const topAccount = await services.wallet.memberAccount(tala.id, top.id);
    const held = await balance(top.id);
    if (held !== 8)
      await services.wallet.transfer(services.db, {
        merchantId: tala.id,
        idempotencyKey: `settlement-test-eight-${top.id}`,
        type: 'adjustment',
        from: held > 8 ? topAccount : clearing,
        to: held > 8 ? clearing : topAccount,
        amount: Math.abs(held - 8),
        actor: { type: 'system' },
      });
    await services.agents.settlePeriod(tala, 'dailySalary', today);
    const { rows } = await sql<{
      member_id: number;
      status: string;
      amount_due: string;
      amount_paid: string;
    }>`
      SELECT member_id, status, amount_due, amount_paid FROM contract_bills
       WHERE period_start = ${today.start} AND member_id IN (${sub.id}, ${sub2.id}) AND status <> 'cancelled'`.execute(
      services.db,
    );
    expect(
      rows
        .map((r) => ({ status: r.status, due: Number(r.amount_due), paid: Number(r.amount_paid) }))
        .sort((a, b) => b.paid - a.paid),
    ).toEqual([
      { status: 'paid', due: 6, paid: 6 },
      { status: 'partly_paid', due: 6, paid: 2 },
    ]);
    // The merchant then pays the top agent 2 % of 6,400 less the 12 it granted.
    expect(await bills()).toContainEqual({ memberId: top.id, status: 'paid', due: 116, paid: 116 });
    expect(await balance(top.id)).toBe(116);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    await app.inject({
      method: 'PUT',
      url: settingsUrl,
      headers: { authorization: owner },
      payload: settings,
    });
  });
});
