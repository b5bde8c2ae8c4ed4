// Contracts between uplines and their direct downline (issue 12, item 3): the back office's contract of a top
// agent, offers and their refusals, acceptance that ends sub-contracts the new rate no longer covers (after
// confirmation), terminations, and the flags of consolidated funds.
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');

async function member(type: number, uplineId: number | null = null) {
  const username = `ct${crypto.randomBytes(4).toString('hex')}`;
  const id = await services.members.create(tala, { username, password: 'secret123', type, uplineId });
  const { token } = await services.db
    .transaction()
    .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
  return { id, username, token };
}

const daily = '/wps/relay/MCS2_processDailySalContract';
const call = (token: string, url: string, payload: object) =>
  app.inject({ method: 'POST', url, headers: { merchant: 'tala', authorization: token }, payload });
const admin = (auth: string, method: 'PUT' | 'DELETE' | 'GET', url: string, payload?: object) =>
  app.inject({ method, url, headers: { authorization: auth }, ...(payload ? { payload } : {}) });
const page = async (token: string, kind = 'dailySalary') =>
  (
    await app.inject({
      url: `/wps/agent/contracts?kind=${kind}`,
      headers: { merchant: 'tala', authorization: token },
    })
  ).json().value;

const top = await member(1);
const sub = await member(1, top.id);
const subSub = await member(2, sub.id);
const player = await member(0, top.id);
const stranger = await member(1);

describe('contracts', () => {
  it("sets a top agent's contract in the back office (owners only, within the merchant's limits)", async () => {
    expect(
      (
        await admin(support, 'PUT', `/admin-api/members/${top.id}/contracts/dailySalary`, {
          terms: { rate: 150 },
        })
      ).statusCode,
    ).toBe(403);
    const over = await admin(owner, 'PUT', `/admin-api/members/${top.id}/contracts/dailySalary`, {
      terms: { rate: 900 },
    });
    expect(over.json()).toMatchObject({ errorCode: 'contract_rate_above_limit' });
    const notTop = await admin(owner, 'PUT', `/admin-api/members/${sub.id}/contracts/dailySalary`, {
      terms: { rate: 100 },
    });
    expect(notTop.json()).toMatchObject({ errorCode: 'contract_not_top_agent' });
    const set = await admin(owner, 'PUT', `/admin-api/members/${top.id}/contracts/dailySalary`, {
      terms: { rate: 150, tiers: [{ minActiveMembers: 5, minVolume: 1_000_000, rate: 180 }] },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json().value.contract).toMatchObject({
      status: 'active',
      upline: null,
      username: top.username,
    });
    expect((await page(top.token)).mine).toMatchObject({ terms: { rate: 150 } });
    const history = await admin(support, 'GET', `/admin-api/members/${top.id}/contracts`);
    expect(history.json().value).toHaveLength(1);
  });

  it('refuses bad offers, each with its own code, and one of two offers sent at once', async () => {
    const offer = (token: string, username: string, terms: object, url = daily) =>
      call(token, url, { action: 'offer', username, terms });
    expect((await offer(top.token, subSub.username, { rate: 50 })).json()).toMatchObject({
      errorCode: 'contract_not_direct_downline',
    });
    expect((await offer(top.token, stranger.username, { rate: 50 })).json()).toMatchObject({
      errorCode: 'contract_not_direct_downline',
    });
    expect((await offer(top.token, player.username, { rate: 50 })).json()).toMatchObject({
      errorCode: 'error_not_agent',
    });
    expect((await offer(player.token, sub.username, { rate: 50 })).json()).toMatchObject({
      errorCode: 'error_not_agent',
    });
    expect((await offer(top.token, sub.username, { rate: 160 })).json()).toMatchObject({
      errorCode: 'contract_rate_above_upline',
    });
    expect((await offer(sub.token, subSub.username, { rate: 10 })).json()).toMatchObject({
      errorCode: 'contract_upline_has_none',
    });
    const off = await offer(
      top.token,
      sub.username,
      { rate: 10 },
      '/wps/relay/MCS2_processContractHourSalary',
    );
    expect(off.json()).toMatchObject({ errorCode: 'contract_kind_off' });
    const bad = await call(top.token, daily, {
      action: 'offer',
      username: sub.username,
      terms: { rate: -1 },
    });
    expect(bad.statusCode).toBe(400);

    const [a, b] = await Promise.all([
      offer(top.token, sub.username, { rate: 100 }),
      offer(top.token, sub.username, { rate: 90 }),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.statusCode === 409)?.json()).toMatchObject({
      errorCode: 'contract_request_open',
    });
    // Either offer may win the race; the tests below start from the 100 one.
    if (b.statusCode === 200) {
      const withdrawn = await call(top.token, daily, {
        action: 'withdraw',
        contractId: b.json().value.contract.id,
      });
      expect(withdrawn.statusCode, withdrawn.body).toBe(200);
      expect((await offer(top.token, sub.username, { rate: 100 })).statusCode).toBe(200);
    }
  });

  it('lets only the recipient accept; a sub-agent then offers below its own rate', async () => {
    const open = (await page(sub.token)).open;
    expect(open).toHaveLength(1);
    const id = open[0].id as number;
    expect((await call(stranger.token, daily, { action: 'accept', contractId: id })).json()).toMatchObject({
      errorCode: 'contract_not_yours',
    });
    expect(
      (
        await call(sub.token, '/wps/relay/MCS2_processDividendReq', { action: 'accept', contractId: id })
      ).json(),
    ).toMatchObject({
      errorCode: 'contract_not_found',
    });
    expect((await call(top.token, daily, { action: 'accept', contractId: id })).json()).toMatchObject({
      errorCode: 'contract_not_yours',
    });
    const accepted = await call(sub.token, daily, { action: 'accept', contractId: id });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await page(top.token)).downline.map((c: { username: string }) => c.username)).toEqual([
      sub.username,
    ]);
    const team = await app.inject({
      url: '/wps/agent/team',
      headers: { merchant: 'tala', authorization: top.token },
    });
    const row = team.json().value.list.find((m: { username: string }) => m.username === sub.username);
    expect(row.contracts).toEqual([{ kind: 'dailySalary', rate: 100, lossRate: 100 }]);

    const offered = await call(sub.token, daily, {
      action: 'offer',
      username: subSub.username,
      terms: { rate: 80 },
    });
    expect(offered.statusCode, offered.body).toBe(200);
    const subSubOffer = (await page(subSub.token)).open[0].id;
    expect((await call(subSub.token, daily, { action: 'accept', contractId: subSubOffer })).statusCode).toBe(
      200,
    );
  });

  it('ends a sub-contract above a newly accepted lower rate only after confirmation', async () => {
    const offered = await call(top.token, daily, {
      action: 'offer',
      username: sub.username,
      terms: { rate: 50 },
    });
    const id = offered.json().value.contract.id;
    const unconfirmed = await call(sub.token, daily, { action: 'accept', contractId: id });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json()).toMatchObject({ errorCode: 'contract_ends_sub_contracts' });
    expect((await page(subSub.token)).mine).not.toBeNull();
    const confirmed = await call(sub.token, daily, {
      action: 'accept',
      contractId: id,
      confirmEndSubContracts: true,
    });
    expect(confirmed.json().value).toMatchObject({
      endedSubContracts: 1,
      contract: { status: 'active', terms: { rate: 50 } },
    });
    expect((await page(subSub.token)).mine).toBeNull();
    expect((await page(sub.token)).mine).toMatchObject({ terms: { rate: 50 } });
  });

  it('rejects, withdraws and terminates by request of either side', async () => {
    const offered = await call(sub.token, daily, {
      action: 'offer',
      username: subSub.username,
      terms: { rate: 40 },
    });
    const id = offered.json().value.contract.id;
    expect((await call(subSub.token, daily, { action: 'withdraw', contractId: id })).json()).toMatchObject({
      errorCode: 'contract_not_yours',
    });
    expect(
      (await call(subSub.token, daily, { action: 'reject', contractId: id })).json().value.contract.status,
    ).toBe('rejected');
    expect((await call(subSub.token, daily, { action: 'reject', contractId: id })).json()).toMatchObject({
      errorCode: 'contract_not_open',
    });
    const again = await call(sub.token, daily, {
      action: 'offer',
      username: subSub.username,
      terms: { rate: 40 },
    });
    expect(
      (await call(sub.token, daily, { action: 'withdraw', contractId: again.json().value.contract.id }))
        .statusCode,
    ).toBe(200);

    const mine = (await page(sub.token)).mine.id;
    // Only the two parties to a contract may ask to end it: not another agent, nor the holder's own downline.
    for (const other of [stranger, subSub]) {
      const refused = await call(other.token, daily, { action: 'terminate', contractId: mine });
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ errorCode: 'contract_not_yours', field: 'contractId' });
    }
    const ask = await call(sub.token, daily, { action: 'terminate', contractId: mine });
    expect(ask.json().value.contract).toMatchObject({ request: 'termination', status: 'offered' });
    expect(
      (await call(sub.token, daily, { action: 'accept', contractId: ask.json().value.contract.id })).json(),
    ).toMatchObject({
      errorCode: 'contract_not_yours',
    });
    const ended = await call(top.token, daily, {
      action: 'accept',
      contractId: ask.json().value.contract.id,
    });
    expect(ended.json().value.contract).toMatchObject({ status: 'ended', endReason: 'terminated' });
    expect((await page(sub.token)).mine).toBeNull();
  });

  it("offers tiers up to the upline's own tier at the same figures, naming the tier that goes above", async () => {
    // top: 1.5 %, and 1.8 % from 5 active members and 1,000,000 in bets (the first test).
    const offer = (terms: object) =>
      call(top.token, daily, { action: 'offer', username: sub.username, terms });
    const early = await offer({
      rate: 100,
      tiers: [{ minActiveMembers: 4, minVolume: 1_000_000, rate: 170 }],
    });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      errorCode: 'contract_rate_above_upline',
      field: 'terms.tiers.0.rate',
    });
    const tooMany = await offer({
      rate: 100,
      tiers: Array.from({ length: 6 }, (_, i) => ({ minActiveMembers: 10 + i, minVolume: 0, rate: 150 })),
    });
    expect(tooMany.json()).toMatchObject({ errorCode: 'contract_too_many_tiers', field: 'terms.tiers' });
    const overLimit = await offer({
      rate: 100,
      tiers: [{ minActiveMembers: 5, minVolume: 1_000_000, rate: 250 }],
    });
    expect(overLimit.json()).toMatchObject({
      errorCode: 'contract_rate_above_limit',
      field: 'terms.tiers.0.rate',
    });

    const tiers = [
      { minActiveMembers: 5, minVolume: 1_000_000, rate: 180 },
      { minActiveMembers: 3, minVolume: 0, rate: 150 },
    ];
    const offered = await offer({ rate: 100, tiers });
    expect(offered.statusCode, offered.body).toBe(200);
    const accepted = await call(sub.token, daily, {
      action: 'accept',
      contractId: offered.json().value.contract.id,
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect((await page(sub.token)).mine).toMatchObject({ status: 'active', terms: { rate: 100, tiers } });
    expect((await page(top.token)).downline[0]).toMatchObject({ username: sub.username, terms: { tiers } });
    // Below it, sub may pass on its tier where it starts, not before.
    const down = (terms: object) =>
      call(sub.token, daily, { action: 'offer', username: subSub.username, terms });
    expect(
      (await down({ rate: 90, tiers: [{ minActiveMembers: 2, minVolume: 0, rate: 150 }] })).json(),
    ).toMatchObject({ errorCode: 'contract_rate_above_upline', field: 'terms.tiers.0.rate' });
    const passed = await down({ rate: 90, tiers: [{ minActiveMembers: 3, minVolume: 500_000, rate: 150 }] });
    expect(passed.statusCode, passed.body).toBe(200);
    await call(sub.token, daily, { action: 'withdraw', contractId: passed.json().value.contract.id });
  });

  it('refuses tiers on a real-time salary, from the back office as from an upline', async () => {
    const settings = (await admin(owner, 'GET', '/admin-api/merchants/tala/contract-settings')).json().value;
    await admin(owner, 'PUT', '/admin-api/merchants/tala/contract-settings', {
      ...settings,
      realtimeSalary: { ...settings.realtimeSalary, enabled: true },
    });
    try {
      const path = `/admin-api/members/${top.id}/contracts/realtimeSalary`;
      const tiered = await admin(owner, 'PUT', path, {
        terms: { profitRate: 50, lossRate: 100, tiers: [{ minActiveMembers: 5, minVolume: 0, rate: 80 }] },
      });
      expect(tiered.statusCode).toBe(400);
      expect(tiered.json()).toMatchObject({ errorCode: 'contract_realtime_no_tiers', field: 'terms.tiers' });
      expect((await admin(owner, 'PUT', path, { terms: { profitRate: 50, lossRate: 100 } })).statusCode).toBe(
        200,
      );
      const realtime = '/wps/relay/MCSFE_processRealTimeSalaryContract';
      const offered = await call(top.token, realtime, {
        action: 'offer',
        username: sub.username,
        terms: {
          profitRate: 40,
          lossRate: 80,
          minActiveMembers: 2,
          tiers: [{ minActiveMembers: 5, minVolume: 0, rate: 1 }],
        },
      });
      expect(offered.json()).toMatchObject({ errorCode: 'contract_realtime_no_tiers' });
      const above = await call(top.token, realtime, {
        action: 'offer',
        username: sub.username,
        terms: { profitRate: 60, lossRate: 80 },
      });
      expect(above.json()).toMatchObject({
        errorCode: 'contract_rate_above_upline',
        field: 'terms.profitRate',
      });
      const plain = await call(top.token, realtime, {
        action: 'offer',
        username: sub.username,
        terms: { profitRate: 40, lossRate: 80, minActiveMembers: 2 },
      });
      expect(plain.json().value.contract).toMatchObject({ terms: { minActiveMembers: 2, tiers: [] } });
      await call(top.token, realtime, { action: 'withdraw', contractId: plain.json().value.contract.id });
      await admin(owner, 'DELETE', path);
    } finally {
      await admin(owner, 'PUT', '/admin-api/merchants/tala/contract-settings', settings);
    }
  });

  it('says in consolidated funds which contract pages an agent sees', async () => {
    const funds = async (token: string) =>
      (
        await app.inject({
          url: '/wps/member/info/funds/consolidated',
          headers: { merchant: 'tala', authorization: token },
        })
      ).json().value;
    expect(await funds(top.token)).toMatchObject({
      divtypereq: 1,
      dailysalreqtype: 1,
      contracthoursalreq: 0,
      realtimesalreqtype: 0,
    });
    expect(await funds(player.token)).toMatchObject({ divtypereq: 0, dailysalreqtype: 0 });
    const settings = (await admin(owner, 'GET', '/admin-api/merchants/tala/contract-settings')).json().value;
    const saved = await admin(owner, 'PUT', '/admin-api/merchants/tala/contract-settings', {
      ...settings,
      hourlySalary: { ...settings.hourlySalary, enabled: true },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await funds(top.token)).contracthoursalreq).toBe(1);
    const wrong = await admin(owner, 'PUT', '/admin-api/merchants/tala/contract-settings', {
      ...settings,
      payer: 'nobody',
    });
    expect(wrong.statusCode).toBe(400);
    expect(
      (await admin(support, 'PUT', '/admin-api/merchants/tala/contract-settings', settings)).statusCode,
    ).toBe(403);
    await admin(owner, 'PUT', '/admin-api/merchants/tala/contract-settings', settings);
  });
});
