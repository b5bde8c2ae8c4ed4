// Dividends settled on the database (issue 12 item 4, decision 071): a losing period carries into the next as the
// contract says, periods are settled oldest first and each only once the one before it is settled (its carry is read
// from that period's bill), two periods left unsettled are caught up in one run, and an earlier period is cancelled
// only after every later one that read its carry.
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

/** The merchant's day `k` days ago, and an instant in it. */
const day = (k: number) => periodAt('dividend', 'D', new Date(Date.now() - k * 86_400_000), timeZone);
const inDay = (k: number) => new Date(day(k).start.getTime() + 3_600_000);

await f.contractSettings(owner, (s) => ({
  ...s,
  dividend: { ...s.dividend, periods: ['D', 'W', 'H', 'M'] },
}));
// a (20 %, losses carry) ─ s (10 %, losses carry) ─ ps; a ─ pa. b (20 %, losses do not carry) ─ pb.
// c holds a monthly dividend: the daily runs are none of its business.
const a = await f.member(1, null);
const s = await f.member(1, a.id);
const b = await f.member(1, null);
const c = await f.member(1, null);
const ps = await f.member(0, s.id, 1_000_000);
const pa = await f.member(0, a.id, 1_000_000);
const pb = await f.member(0, b.id, 1_000_000);
await f.topContract(owner, a.id, 'dividend', { rate: 2000, periodType: 'D', carryNegative: true });
await f.offerAccepted('dividend', a, s, { rate: 1000, periodType: 'D', carryNegative: true });
await f.topContract(owner, b.id, 'dividend', { rate: 2000, periodType: 'D', carryNegative: false });
await f.topContract(owner, c.id, 'dividend', { rate: 1000, periodType: 'M' });
// The tree and the contracts as they have been since four days ago.
await f.since(
  [a, s, b, c, ps, pa, pb].map((m) => m.id),
  day(4).start,
);

// What the players staked and won (the house's result is stake − won):
//   day −3: ps −500.             a's team −500, s's −500.
//   day −2: ps −1,000, pa +500.  a's team −500, s's −1,000.   pb −1,000.
//   day −1: ps +3,000.           a's team +3,000, s's +3,000. pb +2,000.
await f.vendorRound(ps, 1_000, 1_500, inDay(3));
await f.vendorRound(ps, 1_000, 2_000, inDay(2));
await f.vendorRound(pa, 500, 0, inDay(2));
await f.vendorRound(pb, 2_000, 3_000, inDay(2));
await f.vendorRound(ps, 3_000, 0, inDay(1));
await f.vendorRound(pb, 2_000, 0, inDay(1));

/** A member's dividend bills of days −3 to −1, oldest first. */
async function dividends(memberId: number) {
  const bills = await f.billsOf(memberId, 'dividend');
  return [3, 2, 1].map((k) => {
    const bill = bills.find((x) => x.periodStart.getTime() === day(k).start.getTime());
    return (
      bill && { due: bill.due, paid: bill.paid, carryIn: bill.statement.carryIn, carryOut: bill.carryOut }
    );
  });
}
const runOfDay = (k: number) => f.runOf(owner, 'dividend', day(k));

describe('dividend settlement', () => {
  it('carries a losing period into the next as the contract says, and catches two unsettled periods up oldest first', async () => {
    // The schedule ran on day −2: days −4 and −3 are settled. Then it did not run until today.
    await services.agents.settleDue(tala, inDay(2));
    expect((await dividends(s.id))[0]).toEqual({ due: 0, paid: 0, carryIn: 0, carryOut: -500 });
    expect(await runOfDay(2)).toBeUndefined();

    // Today's run settles day −2, then day −1 with the carry day −2 left.
    await services.agents.settleDue(tala);
    // s: −500, then −1,000 more (−1,500 carried), then 3,000 − 1,500 = 1,500 at 10 %.
    expect(await dividends(s.id)).toEqual([
      { due: 0, paid: 0, carryIn: 0, carryOut: -500 },
      { due: 0, paid: 0, carryIn: -500, carryOut: -1_500 },
      { due: 150, paid: 150, carryIn: -1_500, carryOut: 0 },
    ]);
    // a: −500, −500 more, then 3,000 − 1,000 = 2,000 at 20 % = 400, less the 150 it granted s.
    expect(await dividends(a.id)).toEqual([
      { due: 0, paid: 0, carryIn: 0, carryOut: -500 },
      { due: 0, paid: 0, carryIn: -500, carryOut: -1_000 },
      { due: 250, paid: 250, carryIn: -1_000, carryOut: 0 },
    ]);
    // b's contract does not carry losses: day −1's 2,000 is paid at 20 % in full.
    expect(await dividends(b.id)).toEqual([
      { due: 0, paid: 0, carryIn: 0, carryOut: 0 },
      { due: 0, paid: 0, carryIn: 0, carryOut: 0 },
      { due: 400, paid: 400, carryIn: 0, carryOut: 0 },
    ]);
    expect([await f.balance(s.id), await f.balance(a.id), await f.balance(b.id)]).toEqual([150, 250, 400]);
    // Day −2 was settled first.
    const [older, newer] = [await runOfDay(2), await runOfDay(1)];
    expect([older?.status, newer?.status]).toEqual(['done', 'done']);
    expect((older?.id as number) < (newer?.id as number)).toBe(true);
    // The monthly contract has no daily bills.
    expect((await f.billsOf(c.id, 'dividend')).map((x) => x.periodStart)).not.toContainEqual(day(1).start);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('cancels an earlier period only after the later ones that read its carry, and settles them again in order', async () => {
    // A round played on day −2 is reported late: ps staked 500 and won 4,500 then.
    await f.vendorRound(ps, 500, 4_500, inDay(2));
    const [older, newer] = [await runOfDay(2), await runOfDay(1)];

    const refused = await f.cancelRun(owner, finance, older?.id as number);
    expect(refused.asked.statusCode).toBe(409);
    expect(refused.asked.json()).toMatchObject({ errorCode: 'settlement_later_period_settled' });
    expect((await runOfDay(2))?.status).toBe('done');

    const later = await f.cancelRun(owner, finance, newer?.id as number, 'Late vendor round');
    expect(later.approved?.json().value).toMatchObject({ status: 'cancelled' });
    const earlier = await f.cancelRun(owner, finance, older?.id as number, 'Late vendor round');
    expect(earlier.approved?.json().value).toMatchObject({ status: 'cancelled' });
    expect([await f.balance(s.id), await f.balance(a.id), await f.balance(b.id)]).toEqual([0, 0, 0]);

    // Day −1 cannot be settled before day −2: its carry comes from day −2's bill.
    const early = await f.settleNow(owner, 'dividend', inDay(1), 'D');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ errorCode: 'settlement_previous_period_open' });
    expect(await runOfDay(1)).toBeUndefined();

    // The schedule settles both again, in order, with the late round in day −2.
    await services.agents.settleDue(tala);
    // s: −500, then −5,000 (−5,500 carried), then 3,000 − 5,500: still −2,500 to earn back.
    expect(await dividends(s.id)).toEqual([
      { due: 0, paid: 0, carryIn: 0, carryOut: -500 },
      { due: 0, paid: 0, carryIn: -500, carryOut: -5_500 },
      { due: 0, paid: 0, carryIn: -5_500, carryOut: -2_500 },
    ]);
    expect(await dividends(a.id)).toEqual([
      { due: 0, paid: 0, carryIn: 0, carryOut: -500 },
      { due: 0, paid: 0, carryIn: -500, carryOut: -5_000 },
      { due: 0, paid: 0, carryIn: -5_000, carryOut: -2_000 },
    ]);
    expect((await dividends(b.id))[2]).toEqual({ due: 400, paid: 400, carryIn: 0, carryOut: 0 });
    expect([await f.balance(s.id), await f.balance(a.id), await f.balance(b.id)]).toEqual([0, 0, 400]);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('retries a failed dividend run for its own period type only', async () => {
    const run = await runOfDay(1);
    const cancelled = await f.cancelRun(owner, finance, run?.id as number, 'Run again');
    expect(cancelled.approved?.statusCode).toBe(200);
    // The database refuses the bills: the run fails, and the schedule leaves it to an operator.
    await f.refusingBills(() => expect(services.agents.settleDue(tala)).rejects.toThrow('disk full'));
    const failed = await runOfDay(1);
    expect(failed).toMatchObject({ status: 'failed', bills: 0, error: 'disk full' });
    await services.agents.settleDue(tala);
    expect((await runOfDay(1))?.status).toBe('failed');

    const retried = await app.inject({
      method: 'POST',
      url: `/admin-api/merchants/tala/settlement-runs/${failed?.id}/retry`,
      headers: { authorization: finance },
    });
    expect(retried.json().value, retried.body).toMatchObject({ id: failed?.id, status: 'done', bills: 3 });
    // The daily contracts are billed; the monthly one is not billed for a day.
    expect((await dividends(b.id))[2]).toEqual({ due: 400, paid: 400, carryIn: 0, carryOut: 0 });
    expect((await dividends(s.id))[2]).toMatchObject({ carryIn: -5_500, carryOut: -2_500 });
    expect((await f.billsOf(c.id, 'dividend')).map((x) => x.periodStart)).not.toContainEqual(day(1).start);
    expect(await f.balance(b.id)).toBe(400);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('keeps a team’s carry when its agent’s contract is renewed', async () => {
    // s still has 2,500 to earn back from day −1. Its upline offers new terms today (15 %), and s accepts.
    expect((await dividends(s.id))[2]).toMatchObject({ carryOut: -2_500 });
    await f.offerAccepted('dividend', a, s, { rate: 1500, periodType: 'D', carryNegative: true });
    await f.vendorRound(ps, 4_000, 0, new Date());
    // Today's period, settled as the schedule will once it ends.
    await services.agents.settlePeriod(tala, 'dividend', day(0));
    const [subToday] = (await f.billsOf(s.id, 'dividend')).filter(
      (x) => x.periodStart.getTime() === day(0).start.getTime(),
    );
    // 4,000 − 2,500 = 1,500 at the new 15 %; a: 4,000 − 2,000 = 2,000 at 20 % = 400, less the 225 it granted.
    expect(subToday).toMatchObject({
      due: 225,
      paid: 225,
      carryOut: 0,
      statement: { carryIn: -2_500, rate: 1500 },
    });
    const [topToday] = (await f.billsOf(a.id, 'dividend')).filter(
      (x) => x.periodStart.getTime() === day(0).start.getTime(),
    );
    expect(topToday).toMatchObject({ due: 175, statement: { carryIn: -2_000, gross: 400, granted: 225 } });
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });
});
