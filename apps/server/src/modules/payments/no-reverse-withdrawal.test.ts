// Issue 18 item 6 (RTS 14): a member cannot reverse a pending withdrawal back into the playable balance. No such
// call exists: this proves it for every member route the server has, and that a pending withdrawal's money stays
// held whatever the member calls (only an operator's rejection returns it).
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';
import { multipart } from '../content/test-fixtures.ts';
import { tokenOf, uniqueName } from '../members/member-fixtures.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const PAY = '246810';

/** Every route as `METHOD /path`, from Fastify's own route tree. */
function memberRoutes(): string[] {
  const routes: string[] = [];
  const tree = app.printRoutes({ commonPrefix: false });
  for (const line of tree.split('\n')) {
    const match = /(\/\S*) \(([A-Z, ]+)\)/.exec(line);
    if (!match) continue;
    for (const method of (match[2] as string).split(', ')) routes.push(`${method} ${match[1]}`);
  }
  return routes.filter((route) => / \/(wps|lgw)\//.test(route));
}

async function memberWithPendingWithdrawal() {
  const username = uniqueName('nrw');
  const id = await services.members.create(tala, { username, password: 'secret123', payeeName: 'Ana Reyes' });
  await services.wallet.transfer(services.db, {
    merchantId: tala.id,
    idempotencyKey: `test:nrw:${id}`,
    type: 'deposit',
    from: await services.wallet.houseAccount(tala.id, 'house_deposit_clearing'),
    to: await services.wallet.memberAccount(tala.id, id),
    amount: 500_000,
    actor: { type: 'system' },
  });
  const token = await tokenOf(app, username, 'secret123');
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
    app.inject({ method, url, headers: { authorization: token }, ...(payload ? { payload } : {}) });
  await call('POST', '/wps/relay/PAY_paymentPassword', { loginPassword: 'secret123', paymentPassword: PAY });
  const card = await call('POST', '/wps/relay/PAY_bankCards', {
    bankName: 'BPI',
    accountNumber: `${Date.now()}`.slice(-10),
    payeeName: 'Ana Reyes',
    paymentPassword: PAY,
  });
  const withdrawal = await call('POST', '/wps/relay/PAY_withdraw', {
    amount: 200_000,
    bankCardId: card.json().value.id,
    paymentPassword: PAY,
  });
  expect(withdrawal.statusCode, withdrawal.body).toBe(200);
  return { id, token, call, withdrawal: withdrawal.json().value as { id: number; status: string } };
}

describe('pending withdrawals (RTS 14)', () => {
  it('have no member route that cancels, reverses or revokes them', () => {
    const routes = memberRoutes();
    // The tree was read: the member's withdrawal calls are in it.
    expect(routes).toContain('POST /wps/relay/PAY_withdraw');
    // Cancels that have nothing to do with money held for a withdrawal (a pending raise of a player limit).
    const unrelated = ['POST /wps/relay/RG_cancelLimitChange'];
    expect(
      routes.filter(
        (route) =>
          /cancel|revers|revok|undo|withdraw.*(back|return)/i.test(route) && !unrelated.includes(route),
      ),
    ).toEqual([]);
  });

  it('keep their money held whatever the member calls: nothing returns it to the playable balance', async () => {
    const m = await memberWithPendingWithdrawal();
    const balance = async () => services.wallet.balance(await services.wallet.memberAccount(tala.id, m.id));
    expect(await balance()).toBe(300_000);
    expect(m.withdrawal.status).toBe('pending');
    const attempts: ['POST' | 'DELETE' | 'PUT', string][] = [
      ['POST', '/wps/relay/PAY_withdrawCancel'],
      ['POST', '/wps/relay/PAY_cancelWithdraw'],
      ['POST', `/wps/relay/PAY_withdrawals/${m.withdrawal.id}/cancel`],
      ['DELETE', `/wps/relay/PAY_withdrawals/${m.withdrawal.id}`],
      ['DELETE', '/wps/relay/PAY_withdraw'],
      ['PUT', '/wps/relay/PAY_withdraw'],
    ];
    for (const [method, url] of attempts) {
      const response = await m.call(method, url, { withdrawalId: m.withdrawal.id, id: m.withdrawal.id });
      expect([404, 405], `${method} ${url}`).toContain(response.statusCode);
    }
    // The receipt confirmation is for paid withdrawals only: it cannot touch a pending one.
    const form = multipart([
      { name: 'withdrawalId', value: String(m.withdrawal.id) },
      { name: 'receipt', value: 'not_received' },
    ]);
    const confirm = await app.inject({
      method: 'POST',
      url: '/wps/relay/PAY_withdrawConfirm',
      headers: { ...form.headers, authorization: m.token },
      payload: form.payload,
    });
    expect(confirm.statusCode).toBe(409);
    expect(confirm.json().errorCode).toBe('payment_state_invalid');
    expect(await balance()).toBe(300_000);
    const list = (await m.call('GET', '/wps/relay/PAY_withdrawList')).json().value.list as {
      id: number;
      status: string;
    }[];
    expect(list.find((w) => w.id === m.withdrawal.id)?.status).toBe('pending');
  });
});
