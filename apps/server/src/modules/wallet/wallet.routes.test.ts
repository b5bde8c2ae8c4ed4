import crypto from 'node:crypto';
import { moneyDisplay } from '@tala/contracts/money-format';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');

async function signIn(type = 0) {
  const id = await services.members.create(tala, {
    username: `w${crypto.randomBytes(5).toString('hex')}`,
    password: 'secret-pass-1',
    type,
  });
  const { token } = await services.db
    .transaction()
    .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
  return { id, token: token as string };
}

const balance = (token?: string, language = 'EN') =>
  app.inject({
    url: '/wps/v2/wallets/balance',
    headers: { merchant: 'tala', language, ...(token ? { authorization: token } : {}) },
  });

describe('GET /wps/v2/wallets/balance', () => {
  it('answers the member main wallet in minor units with the merchant currency symbol', async () => {
    const { id, token } = await signIn();
    expect((await balance(token)).json().value).toMatchObject({ sumBalance: 0, trial: false });
    await services.wallet.transfer(services.db, {
      merchantId: tala.id,
      idempotencyKey: `wallet-route-test-${id}`,
      type: 'deposit',
      from: await services.wallet.houseAccount(tala.id, 'house_deposit_clearing'),
      to: await services.wallet.memberAccount(tala.id, id),
      amount: 123_456,
      actor: { type: 'system' },
    });
    const response = await balance(token);
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.json()).toEqual({
      success: true,
      value: {
        sumBalance: 123_456,
        ...moneyDisplay(tala.settings.whitelabel),
        trial: false,
      },
    });
  });

  it('answers a trial member its demo balance, never a ledger account', async () => {
    const { token } = await signIn(4);
    const value = (await balance(token)).json().value;
    expect(value.trial).toBe(true);
    expect(value.sumBalance).toBeGreaterThan(0);
  });

  it('refuses a guest and a stale token with a localised not_logged_in', async () => {
    const guest = await balance(undefined, 'TY');
    expect(guest.statusCode).toBe(401);
    expect(guest.json()).toMatchObject({ success: false, errorCode: 'not_logged_in' });
    const stale = await balance('f'.repeat(64));
    expect(stale.statusCode).toBe(401);
    expect(stale.json().errorCode).toBe('not_logged_in');
  });

  it('answers login.not.session once a newer login replaced the session', async () => {
    const { id, token } = await signIn();
    await services.db
      .transaction()
      .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
    const response = await balance(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().errorCode).toBe('login.not.session');
  });
});
