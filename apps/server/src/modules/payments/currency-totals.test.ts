// A platform operator's reconciliation and exports over merchants in different currencies (issue 19 item 3, decision
// 069): totals per currency, never one sum of pesos and dong; every exported amount has its currency beside it.
import { afterAll, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { lotteryMember as fundedMember } from '../lottery/lottery-testing.ts';

const { app, services } = await testApp();
afterAll(() => app.close());
const tala = await services.merchants.byCode('tala');
const saomai = await services.merchants.byCode('saomai');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const get = (url: string) => app.inject({ url, headers: { authorization: owner } });

it('reconciles each currency on its own and exports amounts with their currency', async () => {
  const peso = await fundedMember(services, tala, 150_000);
  const dong = await fundedMember(services, saomai, 150_000);
  const report = (await get('/admin-api/payments/reconciliation')).json().value;
  expect(report.ok).toBe(true);
  expect(report).not.toHaveProperty('total');
  const byCurrency = new Map(
    (report.currencies as { currency: string; total: number; members: { balance: number } }[]).map((c) => [
      c.currency,
      c,
    ]),
  );
  expect([...byCurrency.keys()]).toEqual(expect.arrayContaining(['PHP', 'VND']));
  for (const c of byCurrency.values()) expect(c.total).toBe(0);
  // Each currency's members hold what its own deposits made, and only that.
  const vndMembers = await services.wallet.reconcile(saomai.id);
  expect(vndMembers.currencies.map((c) => c.currency)).toEqual(['VND']);
  expect(byCurrency.get('VND')?.members.balance).toBe(vndMembers.currencies[0]?.members.balance);
  expect(byCurrency.get('VND')?.members.balance).toBeGreaterThanOrEqual(150_000);

  const csv = (await get('/admin-api/payments/reconciliation.csv')).body.split('\r\n');
  expect(csv[0]).toBe('section,item,currency,ok,amount');
  expect(csv).toContain(`check,all balances sum to zero,VND,true,0`);
  expect(csv).toContain(`check,all balances sum to zero,PHP,true,0`);
  expect(csv.some((line) => line.startsWith('members,') && line.includes(',VND,'))).toBe(true);

  const balances = (await get('/admin-api/payments/balances.csv')).body.split('\r\n');
  expect(balances[0]).toBe('member id,merchant,currency,member,nickname,type,main,vendor wallets,held');
  expect(balances.find((line) => line.startsWith(`${dong.id},`))).toMatch(/^\d+,saomai,VND,/);
  expect(balances.find((line) => line.startsWith(`${peso.id},`))).toMatch(/^\d+,tala,PHP,/);
});
