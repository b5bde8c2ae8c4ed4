// Rank upgrade bonuses and raffles (issue 13 item 1): a bonus per rank level reached, each claimed once; a raffle
// drawn once a period by a member whose deposits of the period reach the minimum, through its own call
// (`MCS2_claimRafflePromotion`), once even when asked 20 times at once; and the refusals, each with its code.
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { tokenOf, uniqueName } from '../members/member-fixtures.ts';

const { app, services, database } = await testApp();
const tala = await services.merchants.byCode('tala');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { merchant: 'tala', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
const admin = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function member() {
  const username = uniqueName('rr');
  const id = await services.members.create(tala, { username, password: 'secret123', payeeName: 'Ana Reyes' });
  return { id, username, token: await tokenOf(app, username, 'secret123') };
}
async function deposit(who: { token: string }, amount: number) {
  const signedIn = await services.members.authenticate(tala, who.token);
  const made = await services.payments.depositByBank(
    tala,
    signedIn,
    { amount: String(amount), bankAccountId: 'bdo-main', payerName: 'Ana Reyes', reference: 'REF-7788' },
    [],
  );
  const approved = await admin(finance, 'POST', `/admin-api/payments/deposits/${made.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
}
// Through the members repository, which tells the caches (the guard's session, the counts) of the change.
const setRank = (id: number, level: number) =>
  services.members.repository.update(database.db, id, { vip_level: level });
const balanceOf = async (id: number) =>
  services.wallet.balance(await services.wallet.memberAccount(tala.id, id));

function promotionOf(kind: 'rankUpgrade' | 'raffle', rules: Record<string, unknown>) {
  return {
    kind,
    enabled: true,
    startsAt: new Date(Date.now() - 3_600_000).toISOString(),
    endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
    budget: null,
    rules: {
      percent: 1,
      maxBonus: 1_000,
      minDeposit: 0,
      turnoverMultiple: 0,
      turnoverBasis: 'bonus',
      claimPer: kind === 'raffle' ? 'week' : 'once',
      ...rules,
    },
    texts: { EN: { title: `${kind} ${uniqueName('t')}`, summary: '', rules: '' } },
  };
}
async function create(body: object) {
  const made = await admin(content, 'POST', '/admin-api/merchants/tala/promotions', body);
  expect(made.statusCode, made.body).toBe(200);
  return made.json().value.id as number;
}
const seen = async (token: string, id: number) =>
  (await call(token, 'GET', `/wps/relay/MCSFE_getPromotionDetail?id=${id}`)).json().value;
const claim = (token: string, id: number, raffle = false) =>
  call(token, 'POST', raffle ? '/wps/relay/MCS2_claimRafflePromotion' : '/wps/relay/MCS2_claimPromotion', {
    promotionId: id,
    deviceId: `device-${uniqueName('d')}`,
  });

describe('rank upgrade bonus', () => {
  it('pays each level reached once, lowest first, and refuses before the first level and after the last', async () => {
    const id = await create(
      promotionOf('rankUpgrade', {
        levelBonuses: [
          { level: 2, amount: 1_000 },
          { level: 1, amount: 500 },
        ],
      }),
    );
    const who = await member();
    expect(await seen(who.token, id)).toMatchObject({
      status: 'join',
      reason: 'promotion_rank_not_reached',
      levels: [
        { level: 1, amount: 500, claimed: false },
        { level: 2, amount: 1_000, claimed: false },
      ],
    });
    const early = await claim(who.token, id);
    expect(early.statusCode).toBe(409);
    expect(early.json().errorCode).toBe('promotion_rank_not_reached');

    await setRank(who.id, 2);
    expect(await seen(who.token, id)).toMatchObject({ status: 'claim', claimable: 500 });
    const before = await balanceOf(who.id);
    const first = await claim(who.token, id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().value).toMatchObject({ amount: 500, status: 'completed' });
    expect(await seen(who.token, id)).toMatchObject({ status: 'claim', claimable: 1_000 });
    const second = await claim(who.token, id);
    expect(second.json().value).toMatchObject({ amount: 1_000 });
    expect(await balanceOf(who.id)).toBe(before + 1_500);
    const third = await claim(who.token, id);
    expect(third.statusCode).toBe(409);
    expect(third.json().errorCode).toBe('promotion_already_claimed');
    expect(await seen(who.token, id)).toMatchObject({
      status: 'claimed',
      levels: [
        { level: 1, claimed: true },
        { level: 2, claimed: true },
      ],
    });
    // A raffle's call is for raffles only.
    const wrongCall = await claim(who.token, id, true);
    expect(wrongCall.json().errorCode).toBe('promotion_not_raffle');
  });

  it('refuses a ladder with no level or the same level twice', async () => {
    for (const levelBonuses of [
      [],
      [
        { level: 1, amount: 100 },
        { level: 1, amount: 200 },
      ],
    ]) {
      const made = await admin(
        content,
        'POST',
        '/admin-api/merchants/tala/promotions',
        promotionOf('rankUpgrade', { levelBonuses }),
      );
      expect(made.statusCode).toBe(400);
      expect(made.json().errorCode).toBe('validation_failed');
    }
  });
});

describe('raffle', () => {
  it('draws one prize a week for a member who deposited enough, once even when asked 20 times at once', async () => {
    const id = await create(
      promotionOf('raffle', {
        minDeposit: 50_000,
        prizes: [
          { amount: 100, weight: 1 },
          { amount: 300, weight: 3 },
        ],
      }),
    );
    const who = await member();
    expect(await seen(who.token, id)).toMatchObject({
      status: 'join',
      reason: 'promotion_no_qualifying_deposit',
      prizes: [
        { amount: 100, chance: 2_500 },
        { amount: 300, chance: 7_500 },
      ],
    });
    const none = await claim(who.token, id, true);
    expect(none.statusCode).toBe(409);
    expect(none.json().errorCode).toBe('promotion_no_qualifying_deposit');

    await deposit(who, 20_000);
    expect((await seen(who.token, id)).status).toBe('join');
    await deposit(who, 30_000); // 500.00 in the week now
    expect((await seen(who.token, id)).status).toBe('claim');
    const viaClaim = await claim(who.token, id);
    expect(viaClaim.statusCode).toBe(409);
    expect(viaClaim.json().errorCode).toBe('promotion_is_raffle');

    const before = await balanceOf(who.id);
    const draws = await Promise.all(Array.from({ length: 20 }, () => claim(who.token, id, true)));
    const won = draws.filter((d) => d.statusCode === 200);
    expect(won).toHaveLength(1);
    for (const d of draws.filter((x) => x.statusCode !== 200))
      expect(d.json().errorCode).toBe('promotion_already_claimed');
    const prize = won[0]?.json().value.amount;
    expect([100, 300]).toContain(prize);
    expect(await balanceOf(who.id)).toBe(before + prize);
    expect((await seen(who.token, id)).status).toBe('claimed');
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('refuses a raffle without prizes or drawn only once', async () => {
    for (const rules of [{ prizes: [] }, { prizes: [{ amount: 100, weight: 1 }], claimPer: 'once' }]) {
      const made = await admin(
        content,
        'POST',
        '/admin-api/merchants/tala/promotions',
        promotionOf('raffle', rules),
      );
      expect(made.statusCode).toBe(400);
      expect(made.json().errorCode).toBe('validation_failed');
    }
  });
});
