// A member's limits in the back office (issue 18 items 1 and 7): each limit, what its period used and when it resets,
// a pending raise with when it becomes confirmable and when it lapses, the change history newest first a page at a
// time; read by owners, support and finance, refused to content, members and guests, and not_found through another
// merchant or for an unknown member.
import { afterEach, describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lotteryMember } from '../lottery/lottery-testing.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const tokens = {
  owner: await operatorAuth(app, 'owner', 'owner-demo-1'),
  support: await operatorAuth(app, 'support', 'support-demo-1'),
  finance: await operatorAuth(app, 'finance', 'finance-demo-1'),
  content: await operatorAuth(app, 'content', 'content-demo-1'),
};
const HOUR = 3_600_000;
afterEach(() => {
  services.limits.clock.now = () => new Date();
});

const setLimit = async (token: string, key: string, value: number | null) => {
  const response = await app.inject({
    method: 'POST',
    url: '/wps/relay/RG_setLimit',
    headers: { merchant: 'tala', authorization: token },
    payload: { key, value },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value.outcome as string;
};
const read = (token: string | null, url: string) =>
  app.inject({ url, headers: token ? { authorization: token } : {} });
const urlOf = (memberId: number | string, query = '', code = 'tala') =>
  `/admin-api/merchants/${code}/members/${memberId}/limits${query}`;

describe('a member’s limits in the back office', () => {
  it('shows owners, support and finance each limit, its use and reset, a pending raise, and the history by page', async () => {
    // 300.00 deposited today: the first deposit limit counts it.
    const m = await lotteryMember(services, tala, 30_000);
    expect(await setLimit(m.token, 'deposit_day', 50_000)).toBe('applied');
    expect(await setLimit(m.token, 'session', 90)).toBe('applied');
    expect(await setLimit(m.token, 'deposit_day', 80_000)).toBe('pending');
    expect(await setLimit(m.token, 'loss_week', 10_000)).toBe('applied');
    expect(await setLimit(m.token, 'loss_week', 5_000)).toBe('applied');

    for (const role of ['owner', 'support', 'finance'] as const) {
      const response = await read(tokens[role], urlOf(m.id, '?pageSize=2'));
      expect(response.statusCode, `${role}: ${response.body}`).toBe(200);
      expect(response.headers['cache-control']).toBe('no-store');
      const value = response.json().value;
      expect(value.timeZone).toBe(tala.settings.whitelabel.timeZone);
      const byKey = (key: string) => value.limits.find((l: { key: string }) => l.key === key);
      expect(value.limits).toHaveLength(10);
      const deposit = byKey('deposit_day');
      expect(deposit).toMatchObject({
        value: 50_000,
        used: 30_000,
        pending: { value: 80_000, confirmable: false },
      });
      expect(new Date(deposit.resetsAt).getTime()).toBeGreaterThan(Date.now());
      expect(new Date(deposit.resetsAt).getTime()).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
      const requested = new Date(deposit.pending.requestedAt).getTime();
      expect(new Date(deposit.pending.confirmableAt).getTime()).toBe(requested + 24 * HOUR);
      expect(new Date(deposit.pending.lapsesAt).getTime()).toBe(requested + 24 * HOUR + 7 * 24 * HOUR);
      expect(byKey('session')).toMatchObject({ value: 90, resetsAt: null, pending: null });
      expect(byKey('loss_week')).toMatchObject({ value: 5_000, pending: null });
      expect(byKey('wager_month')).toMatchObject({ value: null, pending: null });

      // Newest first, two a page.
      expect(value.history).toMatchObject({ pageNo: 1, pageSize: 2, total: 5, totalPages: 3 });
      expect(value.history.list).toMatchObject([
        { key: 'loss_week', oldValue: 10_000, newValue: 5_000, status: 'applied' },
        { key: 'loss_week', oldValue: null, newValue: 10_000, status: 'applied' },
      ]);
      const last = (await read(tokens[role], urlOf(m.id, '?pageNo=3&pageSize=2'))).json().value.history;
      expect(last.list).toMatchObject([
        { key: 'deposit_day', oldValue: null, newValue: 50_000, status: 'applied', confirmableAt: null },
      ]);
      expect(last.list[0].decidedAt).not.toBeNull();
    }
    const middle = (await read(tokens.support, urlOf(m.id, '?pageNo=2&pageSize=2'))).json().value.history;
    expect(middle.list[0]).toMatchObject({
      key: 'deposit_day',
      oldValue: 50_000,
      newValue: 80_000,
      status: 'pending',
      decidedAt: null,
    });
    expect(middle.list[0].confirmableAt).not.toBeNull();

    // Past its week to confirm, the raise has lapsed: no longer pending, and lapsed in the history.
    services.limits.clock.now = () => new Date(Date.now() + 9 * 24 * HOUR);
    const lapsed = (await read(tokens.finance, urlOf(m.id))).json().value;
    expect(lapsed.limits.find((l: { key: string }) => l.key === 'deposit_day')).toMatchObject({
      value: 50_000,
      pending: null,
    });
    expect(lapsed.history.list.find((c: { status: string }) => c.status === 'lapsed')).toMatchObject({
      key: 'deposit_day',
      newValue: 80_000,
    });
  });

  it('shows a member without limits as having none and no history', async () => {
    const m = await lotteryMember(services, tala, 0);
    const value = (await read(tokens.owner, urlOf(m.id))).json().value;
    expect(value.limits.every((l: { value: number | null }) => l.value === null)).toBe(true);
    expect(value.history).toMatchObject({ list: [], total: 0, totalPages: 0, pageSize: 10 });
  });

  it('refuses content, members and guests, and answers not_found through another merchant or for an unknown member', async () => {
    const m = await lotteryMember(services, tala, 0);
    await setLimit(m.token, 'wager_day', 10_000);
    const content = await read(tokens.content, urlOf(m.id));
    expect(content.statusCode).toBe(403);
    expect(content.json().errorCode).toBe('forbidden');
    expect((await read(m.token, urlOf(m.id))).statusCode).toBe(401);
    expect((await read(null, urlOf(m.id))).statusCode).toBe(401);
    for (const role of ['owner', 'support', 'finance'] as const) {
      // The member is tala's: asking through the sister merchant finds nobody.
      const elsewhere = await read(tokens[role], urlOf(m.id, '', 'lucky'));
      expect(elsewhere.statusCode).toBe(404);
      expect(elsewhere.json()).toMatchObject({ errorCode: 'not_found', field: 'id' });
      const unknown = await read(tokens[role], urlOf(2_000_000_000));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ errorCode: 'not_found', field: 'id' });
    }
    expect((await read(tokens.owner, urlOf(m.id, '', 'no-such-merchant'))).json().errorCode).toBe(
      'merchant_not_found',
    );
    for (const bad of [urlOf('abc'), urlOf(0), urlOf(m.id, '?pageSize=500'), urlOf(m.id, '?other=1')]) {
      const refused = await read(tokens.owner, bad);
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json().errorCode).toBe('validation_failed');
    }
  });
});
