// Issue 18 item 6 (RTS 14): a slot keeps at least 2.5 s per spin and has no autoplay, whatever the client sends.
// The server's own default is tested here, untouched (the other slot tests turn the pace off to run quickly).
import crypto from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { testApp } from '../../testing/test-app.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const MANGO = 'TALA-RNG-0001';
const PEARL = 'TALA-RNG-0002';

async function member(funds: number) {
  const id = await services.members.create(tala, {
    username: `p${crypto.randomBytes(5).toString('hex')}`,
    password: 'secret-pass-1',
  });
  await services.wallet.transfer(services.db, {
    merchantId: tala.id,
    idempotencyKey: `spin-pace-deposit-${id}`,
    type: 'deposit',
    from: await services.wallet.houseAccount(tala.id, 'house_deposit_clearing'),
    to: await services.wallet.memberAccount(tala.id, id),
    amount: funds,
    actor: { type: 'system' },
  });
  const { token } = await services.db
    .transaction()
    .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
  return { id, token };
}

let n = 0;
const spin = (token: string, body: Record<string, unknown> = {}) =>
  app.inject({
    method: 'POST',
    url: '/wps/relay/SLOTS_spin',
    headers: { merchant: 'tala', authorization: token },
    payload: { gameCode: MANGO, bet: 100, requestId: `pace-${Date.now()}-${++n}`, ...body },
  });
const rounds = async (token: string) =>
  (
    await app.inject({
      url: '/wps/relay/SLOTS_fairness',
      headers: { merchant: 'tala', authorization: token },
    })
  ).json().value.active.rounds as number;

describe('slot pace (RTS 14)', () => {
  it('is 2.5 s by default on the server', () => {
    expect(services.slots.settings.paceMs).toBeGreaterThanOrEqual(2500);
  });

  it('refuses a second spin within 2.5 s, on the same or another title', async () => {
    const m = await member(100_000);
    expect((await spin(m.token)).statusCode).toBe(200);
    for (const gameCode of [MANGO, PEARL]) {
      const tooSoon = await spin(m.token, { gameCode });
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().errorCode).toBe('rate_limited');
    }
    expect(await rounds(m.token)).toBe(1);
  });

  it('plays one round per request: autoplay or round counts sent by a client are ignored', async () => {
    const m = await member(100_000);
    const response = await spin(m.token, { autoplay: true, autoSpins: 50, rounds: 50, turbo: true });
    expect(response.statusCode, response.body).toBe(200);
    expect(await rounds(m.token)).toBe(1);
  });

  it('lets only one of many spins sent at once through', async () => {
    const m = await member(100_000);
    const answers = await Promise.all(Array.from({ length: 6 }, () => spin(m.token)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 429)).toHaveLength(5);
    expect(await rounds(m.token)).toBe(1);
  });
});
