// Manual bonuses (issue 13, item 8): owners and finance grant a bonus to one member; up to the threshold it is paid
// at once, above it a second, different operator approves or rejects first. Audited; support only reads.
import { MANUAL_BONUS_FOUR_EYES_ABOVE } from '@tala/contracts/promotions';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { uniqueName } from '../members/member-fixtures.ts';
import { withPromotionTables } from './promotions.tables.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');

function admin(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
async function member(type = 0) {
  const username = uniqueName('mb');
  const id = await services.members.create(tala, { username, password: 'secret123', type });
  return { id, username };
}
const balanceOf = async (id: number) =>
  services.wallet.balance(await services.wallet.memberAccount(tala.id, id));
const grant = (token: string, body: object) =>
  admin(token, 'POST', '/admin-api/merchants/tala/manual-bonuses', {
    turnoverMultiple: 5,
    title: 'Sorry for the outage',
    reason: 'Live casino was down for an hour',
    ...body,
  });

describe('manual bonuses', () => {
  it('pays a small bonus at once, with its turnover, and audits it', async () => {
    const m = await member();
    expect((await grant(support, { username: m.username, amount: 5_000 })).statusCode).toBe(403);
    const granted = await grant(finance, { username: m.username, amount: 5_000 });
    expect(granted.json().value, granted.body).toMatchObject({
      status: 'issued',
      requestedBy: 'finance',
      decidedBy: 'finance',
    });
    expect(await balanceOf(m.id)).toBe(5_000);
    const bonus = await withPromotionTables(services.db)
      .selectFrom('bonuses')
      .select(['title', 'promotion_id', 'locked', 'turnover_required', 'status'])
      .where('member_id', '=', m.id)
      .executeTakeFirstOrThrow();
    expect(bonus).toMatchObject({ title: 'Sorry for the outage', promotion_id: null, status: 'active' });
    expect(Number(bonus.turnover_required)).toBe(25_000);
    expect(Number(bonus.locked)).toBe(5_000);
    const audit = await services.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `manual_bonus:${granted.json().value.id}`)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual([
      'promotions.manual_bonus.issue',
      'promotions.manual_bonus.request',
    ]);
  });

  it('holds a large one for a second, different operator, who approves or rejects it', async () => {
    const m = await member();
    const big = MANUAL_BONUS_FOUR_EYES_ABOVE + 1;
    const asked = await grant(finance, { username: m.username, amount: big, turnoverMultiple: 0 });
    expect(asked.json().value).toMatchObject({ status: 'pending', decidedBy: null });
    expect(await balanceOf(m.id)).toBe(0);
    const id = asked.json().value.id;
    const pending = await admin(support, 'GET', '/admin-api/merchants/tala/manual-bonuses?status=pending');
    expect(pending.json().value.some((b: { id: number }) => b.id === id)).toBe(true);
    const self = await admin(finance, 'POST', `/admin-api/merchants/tala/manual-bonuses/${id}/approve`);
    expect(self.json()).toMatchObject({ errorCode: 'same_operator_approval' });
    expect(
      (await admin(support, 'POST', `/admin-api/merchants/tala/manual-bonuses/${id}/approve`)).statusCode,
    ).toBe(403);
    const approved = await admin(owner, 'POST', `/admin-api/merchants/tala/manual-bonuses/${id}/approve`);
    expect(approved.json().value).toMatchObject({ status: 'issued', decidedBy: 'owner' });
    expect(await balanceOf(m.id)).toBe(big);
    const twice = await admin(owner, 'POST', `/admin-api/merchants/tala/manual-bonuses/${id}/reject`);
    expect(twice.json()).toMatchObject({ errorCode: 'manual_bonus_decided' });

    const other = await member();
    const second = await grant(owner, { username: other.username, amount: big });
    const rejected = await admin(
      finance,
      'POST',
      `/admin-api/merchants/tala/manual-bonuses/${second.json().value.id}/reject`,
    );
    expect(rejected.json().value).toMatchObject({ status: 'rejected', decidedBy: 'finance' });
    expect(await balanceOf(other.id)).toBe(0);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('refuses a bonus to a member under a break, even one asked for before the break, moving nothing', async () => {
    const excluded = await member();
    await services.exclusions.excludeByOperator({ id: 1, name: 'support', ip: '127.0.0.1' }, excluded.id, {
      kind: 'operator',
      period: '6m',
      reason: 'Affordability concerns',
    });
    const refused = await grant(finance, { username: excluded.username, amount: 5_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ errorCode: 'bonus_member_on_break', field: 'username' });
    expect(refused.json().message).toMatch(/no bonus can be paid/);
    const none = await withPromotionTables(services.db)
      .selectFrom('manual_bonuses')
      .select('id')
      .where('member_id', '=', excluded.id)
      .execute();
    expect(none).toEqual([]);

    // A large bonus waiting for its second operator when a time-out began whose effects have not run yet (they
    // reject it; the job retries them): the approval itself refuses to pay.
    const m = await member();
    const big = MANUAL_BONUS_FOUR_EYES_ABOVE + 1;
    const asked = await grant(finance, { username: m.username, amount: big });
    await services.db
      .insertInto('member_exclusions')
      .values({
        member_id: m.id,
        merchant_id: tala.id,
        kind: 'timeout',
        ends_at: new Date(Date.now() + 86_400_000),
        created_by_type: 'member',
        created_by_name: m.username,
      })
      .execute();
    const approval = await admin(
      owner,
      'POST',
      `/admin-api/merchants/tala/manual-bonuses/${asked.json().value.id}/approve`,
    );
    expect(approval.statusCode).toBe(409);
    expect(approval.json().errorCode).toBe('bonus_member_on_break');
    expect(await balanceOf(m.id)).toBe(0);
    const still = await admin(support, 'GET', '/admin-api/merchants/tala/manual-bonuses?status=pending');
    expect(still.json().value.some((b: { id: number }) => b.id === asked.json().value.id)).toBe(true);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('refuses an unknown or trial member and a bad amount, moving nothing', async () => {
    expect((await grant(finance, { username: 'nobody-at-all', amount: 100 })).json()).toMatchObject({
      errorCode: 'not_found',
      field: 'username',
    });
    const trial = await member(4);
    expect((await grant(finance, { username: trial.username, amount: 100 })).json()).toMatchObject({
      errorCode: 'in_need_true_account',
    });
    const m = await member();
    expect((await grant(finance, { username: m.username, amount: 0 })).json()).toMatchObject({
      field: 'amount',
    });
    expect((await grant(finance, { username: m.username, amount: 100, title: '' })).statusCode).toBe(400);
    expect(await balanceOf(m.id)).toBe(0);
  });
});
