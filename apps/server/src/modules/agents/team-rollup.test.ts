// The team rollups behind the agent centre's overview (decision 068): days rolled up per agent for the agent the
// member was under then (a member moved mid-month, and mid-day), a bet of an earlier day settled late showing once the
// hourly run rolls that day again, and active members exact for the day, week and month presets. The rows are made
// through the real paths (spins, a vendor's bet and win, a deposit, the back office's move) and then dated in March
// 2026, the month the job and the overview are run in (`now`).
import crypto from 'node:crypto';
import type { RangePreset } from '@tala/contracts/agents';
import { addDays, dayStart } from '@tala/contracts/calendar';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp, vendorCaller } from '../../testing/test-app.ts';
import type { SignedInMember } from '../members/members.service.ts';

const { app, services } = await testApp();
const vendorCall = await vendorCaller({ app, services });
const db = services.db;
const tala = await services.merchants.byCode('tala');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const zone = tala.settings.whitelabel.timeZone;
services.slots.settings.paceMs = 0;
const VENDOR = 'MABUHAY';

/** An instant of a March 2026 day in the merchant's zone: `hours` after its start. */
const at = (day: string, hours: number) => new Date(dayStart(day, zone).getTime() + hours * 3_600_000);
const now = at('2026-03-18', 14); // a Wednesday: this week is 03-16..03-18, last week 03-09..03-15

const headers = (token: string) => ({ merchant: 'tala', authorization: token });

async function member(type: number, uplineId: number | null, funds = 0) {
  const username = `ru${crypto.randomBytes(4).toString('hex')}`;
  const id = await services.members.create(tala, { username, password: 'secret123', type, uplineId });
  if (funds > 0) {
    const account = await services.wallet.memberAccount(tala.id, id);
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    await services.wallet.transfer(db, {
      merchantId: tala.id,
      idempotencyKey: `rollup-test-funds-${id}`,
      type: 'adjustment',
      from: clearing,
      to: account,
      amount: funds,
      actor: { type: 'system' },
    });
  }
  const { token } = await db
    .transaction()
    .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
  return { id, username, token };
}

let spins = 0;
/** A slots spin by the member, dated at the instant. */
async function spinAt(m: { id: number; token: string }, bet: number, when: Date) {
  const spun = await app.inject({
    method: 'POST',
    url: '/wps/relay/SLOTS_spin',
    headers: headers(m.token),
    payload: { gameCode: 'TALA-RNG-0001', bet, requestId: `rollup-spin-${Date.now()}-${++spins}` },
  });
  expect(spun.statusCode, spun.body).toBe(200);
  await sql`UPDATE slots_rounds SET created_at = ${when} WHERE member_id = ${m.id} AND created_at > ${now}`.execute(
    db,
  );
}

async function vendorSession(m: { token: string }) {
  const game = (
    await app.inject({
      url: `/wps/relay/GCSGAME_gameList?vassalage=${VENDOR}_RNG&pageSize=1`,
      headers: { merchant: 'tala' },
    })
  ).json().value.list[0];
  const launched = await app.inject({
    url: `/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`,
    headers: headers(m.token),
  });
  const token = new URL(launched.json().value.url, 'http://x').searchParams.get('token') as string;
  const auth = (await vendorCall('authenticate', { token })).json().value;
  return { token, playerId: auth.playerId as string, gameCode: auth.gameCode as string };
}

// top ─┬─ a ─┬─ p (moved under b on 03-10 at noon)
//      │     └─ q
//      └─ b
const top = await member(1, null);
const a = await member(1, top.id);
const b = await member(1, top.id);
const p = await member(0, a.id, 1_000_000);
const q = await member(0, a.id, 1_000_000);
const everyone = [top, a, b, p, q].map((m) => m.id);
// All registered on 02-20 (rows and tree alike).
const registered = at('2026-02-20', 12);
await sql`UPDATE members SET created_at = ${registered} WHERE id IN (${sql.join(everyone)})`.execute(db);
await sql`UPDATE member_tree SET valid_from = ${registered} WHERE descendant_id IN (${sql.join(everyone)})`.execute(
  db,
);

await spinAt(p, 100, at('2026-03-05', 10));
const deposit = await services.payments.depositByBank(
  tala,
  { ...((await services.members.byId(p.id)) as SignedInMember), tokenHash: Buffer.alloc(32) },
  { amount: '50000', bankAccountId: 'bdo-main', payerName: 'Ana Reyes', reference: 'RU-1' },
  [],
);
await services.payments.approveDeposit({ id: 1, name: 'owner', ip: '127.0.0.1' }, deposit.id);
await sql`UPDATE deposits SET decided_at = ${at('2026-03-05', 11)}, created_at = ${at('2026-03-05', 11)}
           WHERE id = ${deposit.id}`.execute(db);
await spinAt(p, 100, at('2026-03-10', 8));
const moved = await app.inject({
  method: 'PUT',
  url: `/admin-api/members/${p.id}/upline`,
  headers: { authorization: owner },
  payload: { uplineUsername: b.username, reason: 'Asked to join the other agent' },
});
expect(moved.statusCode, moved.body).toBe(200);
const moveAt = at('2026-03-10', 12);
await sql`UPDATE member_tree SET valid_to = ${moveAt} WHERE descendant_id = ${p.id} AND valid_to IS NOT NULL`.execute(
  db,
);
await sql`UPDATE member_tree SET valid_from = ${moveAt}
           WHERE descendant_id = ${p.id} AND depth > 0 AND valid_to IS NULL`.execute(db);
await spinAt(p, 200, at('2026-03-10', 18));
await spinAt(p, 200, at('2026-03-17', 9));
await spinAt(q, 100, at('2026-03-17', 10));
await spinAt(q, 200, at('2026-03-18', 9));
// Q's vendor bet on 03-12, its win to come later.
const vendor = await vendorSession(q);
const placed = await vendorCall('bet', {
  token: vendor.token,
  playerId: vendor.playerId,
  transactionId: 'rollup-bet-1',
  roundId: 'rollup-round-1',
  gameCode: vendor.gameCode,
  amount: 1000,
});
expect(placed.statusCode, placed.body).toBe(200);
await sql`UPDATE vendor_transactions SET created_at = ${at('2026-03-12', 20)}
           WHERE member_id = ${q.id} AND round_id = 'rollup-round-1'`.execute(db);

const signedIn = async (id: number) => (await services.members.byId(id)) as SignedInMember;
const overview = async (agent: { id: number }, range: RangePreset, from?: string, to?: string) =>
  services.agents.overview(tala, await signedIn(agent.id), { range, from, to }, now);

/** The same report from the raw rows, as the overview computed it before the rollups. */
async function raw(agent: { id: number }, range: RangePreset, from?: string, to?: string) {
  const { from: f, to: t } = (await overview(agent, range, from, to)) as { from: string; to: string };
  const span = { from: dayStart(f, zone), to: dayStart(addDays(t, 1), zone) };
  const rows = await services.gamesPlay.teamTotals(tala, { agentId: agent.id }, span);
  return {
    validBet: rows.reduce((s, r) => s + r.bet, 0),
    payout: rows.reduce((s, r) => s + r.win, 0),
    activeMembers: new Set(rows.filter((r) => r.count > 0).map((r) => r.memberId)).size,
  };
}

describe('team rollups', () => {
  it('counts each day for the agent the member was under then, moved mid-month and mid-day', async () => {
    await services.agents.rollTeams({ newest: 0, oldest: 40 }, now);
    const month = { top: await overview(top, 'thisMonth'), a: await overview(a, 'thisMonth') };
    expect(month.top).toMatchObject({ from: '2026-03-01', to: '2026-03-18', teamSize: 4, directSize: 2 });
    expect(month.top).toMatchObject({ validBet: 1900, activeMembers: 2, deposits: 50_000, firstDeposits: 1 });
    expect(month.a).toMatchObject({ teamSize: 1, validBet: 100 + 100 + 100 + 200 + 1000, activeMembers: 2 });
    expect(month.a).toMatchObject({ deposits: 50_000, depositCount: 1 });
    expect(await overview(b, 'thisMonth')).toMatchObject({
      teamSize: 1,
      validBet: 400,
      activeMembers: 1,
      deposits: 0,
    });
    // Registered in February, under the agents they were registered under.
    expect(await overview(a, 'lastMonth')).toMatchObject({ newMembers: 2, validBet: 0, activeMembers: 0 });
    expect(await overview(b, 'lastMonth')).toMatchObject({ newMembers: 0 });
    expect(await overview(top, 'lastMonth')).toMatchObject({ newMembers: 4 });
    // 03-10: 100 under a before the move, 200 under b after it.
    expect(await overview(a, 'custom', '2026-03-10', '2026-03-10')).toMatchObject({
      validBet: 100,
      activeMembers: 1,
    });
    expect(await overview(b, 'custom', '2026-03-10', '2026-03-10')).toMatchObject({
      validBet: 200,
      activeMembers: 1,
    });
    for (const agent of [top, a, b]) {
      const rolled = await overview(agent, 'thisMonth');
      expect({
        validBet: rolled.validBet,
        payout: rolled.payout,
        activeMembers: rolled.activeMembers,
      }).toEqual(await raw(agent, 'thisMonth'));
    }
  });

  it('keeps active members exact for the day, week and month presets, and other ranges', async () => {
    const active = async (agent: { id: number }, range: RangePreset, from?: string, to?: string) =>
      (await overview(agent, range, from, to)).activeMembers;
    const expected: [RangePreset, string?, string?, number?, number?, number?][] = [
      ['today', undefined, undefined, 1, 1, 0],
      ['yesterday', undefined, undefined, 2, 1, 1],
      ['thisWeek', undefined, undefined, 2, 1, 1],
      ['lastWeek', undefined, undefined, 2, 2, 1],
      ['thisMonth', undefined, undefined, 2, 2, 1],
      ['last7', undefined, undefined, 2, 1, 1],
      ['custom', '2026-03-05', '2026-03-10', 1, 1, 1],
      ['custom', '2026-03-09', '2026-03-15', 2, 2, 1],
      ['custom', '2026-03-01', '2026-03-18', 2, 2, 1],
    ];
    for (const [range, from, to, ofTop, ofA, ofB] of expected) {
      const what = `${range} ${from ?? ''}`;
      expect(await active(top, range, from, to), what).toBe(ofTop);
      expect(await active(a, range, from, to), what).toBe(ofA);
      expect(await active(b, range, from, to), what).toBe(ofB);
      for (const agent of [top, a, b])
        expect(await active(agent, range, from, to), what).toBe(
          (await raw(agent, range, from, to)).activeMembers,
        );
    }
    // A second run of the job counts nobody twice.
    await services.agents.rollTeams({ newest: 0, oldest: 40 }, now);
    expect(await active(top, 'thisMonth')).toBe(2);
    expect(await active(top, 'thisWeek')).toBe(2);
  });

  it("shows an earlier day's bet settled late once the hourly run rolls that day again", async () => {
    const before = await overview(a, 'thisMonth');
    const won = await vendorCall('win', {
      playerId: vendor.playerId,
      transactionId: 'rollup-win-1',
      roundId: 'rollup-round-1',
      gameCode: vendor.gameCode,
      amount: 2500,
    });
    expect(won.statusCode, won.body).toBe(200);
    // The every-minute run rolls today and yesterday only: 03-12 stays as it was.
    await services.agents.rollTeams({ newest: 0, oldest: 1 }, now);
    expect((await overview(a, 'thisMonth')).payout).toBe(before.payout);
    await services.agents.rollTeams({ newest: 2, oldest: 40 }, now);
    const after = await overview(a, 'thisMonth');
    expect(after.payout).toBe(before.payout + 2500);
    expect(after.validBet).toBe(before.validBet);
    expect((await overview(top, 'custom', '2026-03-12', '2026-03-12')).payout).toBe(2500);
    expect(after.payout).toBe((await raw(a, 'thisMonth')).payout);
  });
});
