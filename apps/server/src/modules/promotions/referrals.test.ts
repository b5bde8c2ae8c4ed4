// Referral, "invite friends" (issue 13 item 4): each real member's code and link, a registration through it linking the
// friend (same merchant only; unknown codes ignored), the demo referral promotion paying the referrer and the friend
// once when the friend's first deposit qualifies, the refusals (shared address, browser or bank account; the limit of
// friends; trial members), two runs at once paying once, and who may read what.
import { describe, expect, it } from 'vitest';
import { createServices } from '../../services.ts';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { solvedChallenge, uniqueName } from '../members/member-fixtures.ts';

const { app, services, database } = await testApp();
const tala = await services.merchants.byCode('tala');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const PAY = '246810';
const demo = (await services.promotions.adminList(tala)).find((p) => p.kind === 'referral');
if (!demo) throw new Error('the demo merchant has no referral promotion');

let ips = 0;
/** Each member of these tests comes from an address of its own unless a test says otherwise. */
const nextIp = () => {
  ips += 1;
  return `10.88.${Math.floor(ips / 200)}.${(ips % 200) + 1}`;
};

function call(token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { merchant: 'tala', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
const admin = (token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

type Member = { id: number; username: string; token: string; ip: string };

/** A member registered through the site (from their own address and browser unless given), signed in. */
async function registered(
  fields: Record<string, unknown> = {},
  visit: { ip?: string; device?: string; merchant?: string } = {},
): Promise<Member> {
  const ip = visit.ip ?? nextIp();
  const username = uniqueName('rf');
  const response = await app.inject({
    method: 'PUT',
    url: '/wps/member/register',
    remoteAddress: ip,
    headers: {
      merchant: visit.merchant ?? 'tala',
      ...(visit.device ? { device: visit.device } : {}),
    },
    payload: {
      username,
      password: 'secret123',
      confirmPassword: 'secret123',
      acceptTerms: true,
      confirmAge: true,
      acceptPrivacy: true,
      challenge: await solvedChallenge(app, ip),
      ...fields,
    },
  });
  expect(response.statusCode, response.body).toBe(200);
  const merchant = await services.merchants.byCode(visit.merchant ?? 'tala');
  const row = await services.members.byAccount(merchant.id, username);
  if (!row) throw new Error('not registered');
  return { id: row.id, username, token: response.json().value.token as string, ip };
}

async function summaryOf(member: Member) {
  const response = await call(member.token, 'GET', '/wps/relay/MCS2_getReferral');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value as {
    code: string;
    link: string;
    promotion: { id: number; rules: { referrerReward: number } } | null;
    totals: { friends: number; qualified: number; rewards: number };
  };
}

async function friendsOf(member: Member) {
  const response = await call(member.token, 'GET', '/wps/relay/MCS2_getReferralFriends?pageNo=1&pageSize=10');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value as {
    total: number;
    list: {
      username: string;
      status: string;
      reason: string | null;
      reward: number;
      rewardStatus: string;
      progress: { deposit: number; minFirstDeposit: number } | null;
    }[];
  };
}

/** A bank deposit the member makes and finance approves. */
async function deposit(who: Member, amount: number) {
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

async function bindCard(who: Member, accountNumber: string) {
  // A card is bound in the member's registered name.
  await services.db
    .updateTable('members')
    .set({ payee_name: 'Ana Reyes' })
    .where('id', '=', who.id)
    .execute();
  const set = await call(who.token, 'POST', '/wps/relay/PAY_paymentPassword', {
    loginPassword: 'secret123',
    paymentPassword: PAY,
  });
  expect(set.statusCode, set.body).toBe(200);
  const card = await call(who.token, 'POST', '/wps/relay/PAY_bankCards', {
    bankName: 'BPI',
    accountNumber,
    payeeName: 'Ana Reyes',
    paymentPassword: PAY,
  });
  expect(card.statusCode, card.body).toBe(200);
}

const balanceOf = async (id: number) =>
  services.wallet.balance(await services.wallet.memberAccount(tala.id, id));
const bonusesOf = (memberId: number) =>
  database.db
    .selectFrom('bonuses' as never)
    .select(['amount', 'turnover_required', 'period_key', 'promotion_id'] as never[])
    .where('member_id' as never, '=', memberId as never)
    .execute() as Promise<
    {
      amount: string | number;
      turnover_required: string | number;
      period_key: string;
      promotion_id: number;
    }[]
  >;
const entriesWithKey = async (key: string) =>
  Number(
    (
      await database.db
        .selectFrom('ledger_entries' as never)
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('idempotency_key' as never, '=', key as never)
        .executeTakeFirstOrThrow()
    ).n,
  );

/** A referrer and a friend who registered through the referrer's link, each from their own address and browser. */
async function pair(friendVisit: { ip?: string; device?: string } = {}) {
  const referrer = await registered({}, { device: `dev-${uniqueName('r')}` });
  const { code } = await summaryOf(referrer);
  const friend = await registered(
    { referralCode: code.toLowerCase(), registerUrl: `http://tala.test/register?referralCode=${code}` },
    { device: `dev-${uniqueName('f')}`, ...friendVisit },
  );
  return { referrer, friend, code };
}

describe('referral codes and links', () => {
  it('gives each real member one code of their own and a registration link that carries it', async () => {
    const a = await registered();
    const b = await registered();
    const first = await summaryOf(a);
    expect(first.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(first.link).toMatch(new RegExp(`/register\\?referralCode=${first.code}$`));
    expect((await summaryOf(a)).code).toBe(first.code);
    expect((await summaryOf(b)).code).not.toBe(first.code);
    expect(first.totals).toEqual({ friends: 0, qualified: 0, rewards: 0 });
    expect(first.promotion).toMatchObject({ id: demo.id, rules: { referrerReward: 10_000 } });
  });

  it('refuses guests and trial members, and shows a member only their own friends', async () => {
    expect((await call(null, 'GET', '/wps/relay/MCS2_getReferral')).json()).toMatchObject({
      errorCode: 'not_logged_in',
    });
    expect((await call(null, 'GET', '/wps/relay/MCS2_getReferralFriends')).statusCode).toBe(401);
    const trialId = await services.members.create(tala, {
      username: uniqueName('tr'),
      password: 'secret123',
      type: 4,
    });
    const { token: trial } = await services.db
      .transaction()
      .execute((trx) => services.members.startSession(trx, tala, trialId, '127.0.0.1'));
    for (const url of ['/wps/relay/MCS2_getReferral', '/wps/relay/MCS2_getReferralFriends']) {
      const refused = await call(trial, 'GET', url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().errorCode).toBe('in_need_true_account');
    }
    await expect(
      services.members.referralCodeOf({ id: trialId, merchant_id: tala.id, type: 4 }),
    ).rejects.toThrow('in_need_true_account');

    const { referrer } = await pair();
    const other = await registered();
    expect((await friendsOf(referrer)).total).toBe(1);
    expect((await friendsOf(other)).total).toBe(0);
    expect((await summaryOf(other)).totals.friends).toBe(0);
  });
});

describe('registration through a link', () => {
  it('links the friend to the referrer (a relation apart from the agent tree); the friend is listed masked and pending', async () => {
    const { referrer, friend, code } = await pair();
    expect(await services.members.referrerOf(friend.id)).toMatchObject({
      referrer_id: referrer.id,
      code,
    });
    const row = await services.members.byId(friend.id);
    expect(row?.upline_id).toBeNull();
    const friends = await friendsOf(referrer);
    expect(friends.total).toBe(1);
    expect(friends.list[0]).toMatchObject({
      username: expect.stringMatching(/^\w{1,2}\*{3,}\w$/),
      status: 'pending',
      reason: null,
      reward: 0,
      rewardStatus: 'none',
      progress: { deposit: 0, minFirstDeposit: 20_000 },
    });
    expect(friends.list[0]?.username).not.toBe(friend.username);
  });

  it('ignores a code that is nobody’s or another merchant’s: the registration goes on without a referrer', async () => {
    const unknown = await registered({ referralCode: 'ZZZZ2222' });
    expect(await services.members.referrerOf(unknown.id)).toBeNull();
    const malformed = await registered({ referralCode: 'not a code!' });
    expect(await services.members.referrerOf(malformed.id)).toBeNull();

    const referrer = await registered();
    const { code } = await summaryOf(referrer);
    const elsewhere = await registered({ referralCode: code }, { merchant: 'lucky' });
    expect(await services.members.referrerOf(elsewhere.id)).toBeNull();

    // Nobody refers themselves: the link refuses it, and so does the database.
    await expect(
      services.db.transaction().execute((trx) => services.members.linkReferral(trx, tala, referrer.id, code)),
    ).resolves.toBeNull();
    await expect(
      services.db
        .insertInto('member_referrals' as never)
        .values({ friend_id: referrer.id, referrer_id: referrer.id, merchant_id: tala.id, code } as never)
        .execute(),
    ).rejects.toThrow();
  });
});

describe('rewards', () => {
  it('pays the referrer and the friend once, as bonuses with turnover, when the first deposit qualifies', async () => {
    const { referrer, friend } = await pair();
    await deposit(friend, 10_000);
    await services.promotions.referrals.runAll();
    expect((await friendsOf(referrer)).list[0]).toMatchObject({
      status: 'pending',
      progress: { deposit: 10_000, minFirstDeposit: 20_000 },
    });

    // Only the first deposit counts: a later, bigger one does not make up for it.
    const { referrer: r2, friend: f2 } = await pair();
    await deposit(f2, 25_000);
    const before = { referrer: await balanceOf(r2.id), friend: await balanceOf(f2.id) };
    await services.promotions.referrals.runAll();
    await services.promotions.referrals.runAll();
    expect(await balanceOf(r2.id)).toBe(before.referrer + 10_000);
    expect(await balanceOf(f2.id)).toBe(before.friend + 5_000);
    expect(await entriesWithKey(`referral:${r2.id}:${f2.id}`)).toBe(1);
    expect(await entriesWithKey(`referral-friend:${r2.id}:${f2.id}`)).toBe(1);
    const [bonus] = await bonusesOf(r2.id);
    expect(bonus).toMatchObject({ period_key: `F${f2.id}`, promotion_id: demo.id });
    expect(Number(bonus?.amount)).toBe(10_000);
    expect(Number(bonus?.turnover_required)).toBe(30_000);
    expect((await friendsOf(r2)).list[0]).toMatchObject({
      status: 'qualified',
      reward: 10_000,
      rewardStatus: 'paid',
    });
    expect((await summaryOf(r2)).totals).toEqual({ friends: 1, qualified: 1, rewards: 10_000 });
    // The referrer reads it in bonus details too.
    const details = await call(r2.token, 'GET', '/wps/relay/MCSFE_getBonusDetails?pageNo=1&pageSize=10');
    expect(details.json().value.list[0]).toMatchObject({
      amount: 10_000,
      title: 'Invite a friend, get P100',
    });
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('is decided when the referrer opens the page, and the days to qualify run out', async () => {
    const { referrer, friend } = await pair();
    await deposit(friend, 20_000);
    // No job ran: opening the page decides the member's own friends.
    expect((await summaryOf(referrer)).totals.qualified).toBe(1);

    // A friend who joined 31 days ago (the promotion ran then) and deposits only now is too late.
    const late = await pair();
    const longAgo = new Date(Date.now() - 31 * 86_400_000);
    await services.db
      .updateTable('promotions' as never)
      .set({ starts_at: new Date(Date.now() - 60 * 86_400_000) } as never)
      .where('id' as never, '=', demo.id as never)
      .execute();
    try {
      await services.db
        .updateTable('member_referrals' as never)
        .set({ created_at: longAgo } as never)
        .where('friend_id' as never, '=', late.friend.id as never)
        .execute();
      await deposit(late.friend, 20_000);
      await services.promotions.referrals.runAll();
      expect((await friendsOf(late.referrer)).list[0]).toMatchObject({
        status: 'notQualified',
        reason: 'windowPassed',
      });
      expect(await entriesWithKey(`referral:${late.referrer.id}:${late.friend.id}`)).toBe(0);
    } finally {
      await services.db
        .updateTable('promotions' as never)
        .set({ starts_at: demo.startsAt } as never)
        .where('id' as never, '=', demo.id as never)
        .execute();
    }
  });

  it('waits while the referrer has another bonus under wagering, and pays once it is given up', async () => {
    const { referrer, friend } = await pair();
    // The referrer claims the welcome bonus first (one bonus under wagering at a time).
    await deposit(referrer, 20_000);
    await bindCard(referrer, `55${Date.now()}`.slice(-12));
    const welcome = (await services.promotions.adminList(tala)).find((p) => p.kind === 'firstDeposit');
    const claimed = await call(referrer.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: welcome?.id,
      deviceId: 'device-of-referrer-1',
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    await deposit(friend, 20_000);
    await services.promotions.referrals.runAll();
    expect((await friendsOf(referrer)).list[0]).toMatchObject({ status: 'qualified', rewardStatus: 'due' });
    const forfeit = await call(referrer.token, 'POST', '/wps/relay/MCS2_forfeitBonus', {
      bonusId: claimed.json().value.id,
    });
    expect(forfeit.statusCode, forfeit.body).toBe(200);
    await services.promotions.referrals.runAll();
    expect((await friendsOf(referrer)).list[0]).toMatchObject({ status: 'qualified', rewardStatus: 'paid' });
    expect(await entriesWithKey(`referral:${referrer.id}:${friend.id}`)).toBe(1);
  });
});

describe('rewards and breaks (issue 18 item 3: no bonus reaches a member under a break)', () => {
  const timeOut = async (who: Member) =>
    services.exclusions.startTimeout(
      await services.members.authenticate(tala, who.token),
      { hours: 24, confirm: true },
      who.ip,
    );
  /** The break is over (as if its 24 hours had passed). */
  const endBreaks = (who: Member) =>
    database.db
      .updateTable('member_exclusions')
      .set({ starts_at: new Date(Date.now() - 25 * 3_600_000), ends_at: new Date(Date.now() - 60_000) })
      .where('member_id', '=', who.id)
      .execute();
  const adminFriend = async (referrer: Member) =>
    (await admin(support, 'GET', `/admin-api/members/${referrer.id}/referrals`)).json().value.friends.list[0];

  it('forfeits the reward of a referrer under a break when it is to be paid, pays the friend, and never pays the referrer later', async () => {
    const { referrer, friend } = await pair();
    await timeOut(referrer);
    await deposit(friend, 20_000);
    const before = { referrer: await balanceOf(referrer.id), friend: await balanceOf(friend.id) };
    await services.promotions.referrals.runAll();
    expect(await balanceOf(referrer.id)).toBe(before.referrer);
    expect(await balanceOf(friend.id)).toBe(before.friend + 5_000);
    expect(await entriesWithKey(`referral:${referrer.id}:${friend.id}`)).toBe(0);
    expect(await adminFriend(referrer)).toMatchObject({
      memberId: friend.id,
      status: 'qualified',
      reward: 10_000,
      rewardStatus: 'forfeited',
      friendReward: 5_000,
      friendRewardStatus: 'paid',
    });

    // The break ends: later runs, and the referrer's own page, never pay it.
    await endBreaks(referrer);
    await services.promotions.referrals.runAll();
    const signedIn = await services.members.authenticate(tala, referrer.token);
    const seen = await services.promotions.referrals.friends(tala, signedIn, { pageNo: 1, pageSize: 10 });
    expect(seen.list[0]).toMatchObject({ status: 'qualified', reward: 10_000, rewardStatus: 'forfeited' });
    expect(await balanceOf(referrer.id)).toBe(before.referrer);
    expect(await entriesWithKey(`referral:${referrer.id}:${friend.id}`)).toBe(0);
    expect((await bonusesOf(referrer.id)).length).toBe(0);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('forfeits the friend’s own reward when the friend is under a break, and still pays the referrer', async () => {
    const { referrer, friend } = await pair();
    await deposit(friend, 20_000);
    await timeOut(friend);
    const before = { referrer: await balanceOf(referrer.id), friend: await balanceOf(friend.id) };
    await services.promotions.referrals.runAll();
    expect(await balanceOf(referrer.id)).toBe(before.referrer + 10_000);
    expect(await balanceOf(friend.id)).toBe(before.friend);
    expect(await entriesWithKey(`referral-friend:${referrer.id}:${friend.id}`)).toBe(0);
    expect(await adminFriend(referrer)).toMatchObject({
      rewardStatus: 'paid',
      friendRewardStatus: 'forfeited',
    });
    await endBreaks(friend);
    await services.promotions.referrals.runAll();
    expect(await balanceOf(friend.id)).toBe(before.friend);
  });
});

describe('abuse', () => {
  it('rewards nobody when the friend shares an address, a browser or a bank account with the referrer', async () => {
    const sameIp = await (async () => {
      const referrer = await registered();
      const { code } = await summaryOf(referrer);
      const friend = await registered({ referralCode: code }, { ip: referrer.ip });
      return { referrer, friend };
    })();
    const sameDevice = await (async () => {
      const referrer = await registered({}, { device: 'shared-browser-0001' });
      const { code } = await summaryOf(referrer);
      const friend = await registered({ referralCode: code }, { device: 'shared-browser-0001' });
      return { referrer, friend };
    })();
    const sameBank = await pair();
    const account = `77${Date.now()}`.slice(-12);
    await bindCard(sameBank.referrer, account);
    await bindCard(sameBank.friend, account);

    for (const { friend } of [sameIp, sameDevice, sameBank]) await deposit(friend, 20_000);
    await services.promotions.referrals.runAll();
    for (const [{ referrer, friend }, refusal] of [
      [sameIp, 'shared_ip'],
      [sameDevice, 'shared_device'],
      [sameBank, 'shared_bank_account'],
    ] as const) {
      expect((await friendsOf(referrer)).list[0]).toMatchObject({
        status: 'notQualified',
        reason: 'linkedAccount',
        reward: 0,
      });
      const seen = await admin(support, 'GET', `/admin-api/members/${referrer.id}/referrals`);
      expect(seen.json().value.friends.list[0]).toMatchObject({ memberId: friend.id, refusal });
      expect(await entriesWithKey(`referral:${referrer.id}:${friend.id}`)).toBe(0);
      expect(await entriesWithKey(`referral-friend:${referrer.id}:${friend.id}`)).toBe(0);
    }
  });

  it('rewards a referrer for at most the promotion’s number of friends', async () => {
    const body = { ...demo, rules: { ...demo.rules, referral: { ...demo.rules.referral, maxFriends: 1 } } };
    const { id: _id, merchantCode: _m, spent: _s, claims: _c, createdAt: _a, updatedAt: _u, ...put } = body;
    const limited = await admin(owner, 'PUT', `/admin-api/merchants/tala/promotions/${demo.id}`, put);
    expect(limited.statusCode, limited.body).toBe(200);
    try {
      const referrer = await registered();
      const { code } = await summaryOf(referrer);
      const first = await registered({ referralCode: code });
      const second = await registered({ referralCode: code });
      await deposit(first, 20_000);
      await deposit(second, 20_000);
      await services.promotions.referrals.runAll();
      const list = (await friendsOf(referrer)).list;
      expect(list.map((f) => f.status).sort()).toEqual(['notQualified', 'qualified']);
      expect(list.find((f) => f.status === 'notQualified')?.reason).toBe('friendLimit');
      expect((await summaryOf(referrer)).totals).toMatchObject({ friends: 2, qualified: 1, rewards: 10_000 });
    } finally {
      const {
        id: _id2,
        merchantCode: _m2,
        spent: _s2,
        claims: _c2,
        createdAt: _a2,
        updatedAt: _u2,
        ...back
      } = demo;
      await admin(owner, 'PUT', `/admin-api/merchants/tala/promotions/${demo.id}`, back);
    }
  });

  it('decides a friend once and pays once when two runs decide them at the same moment', async () => {
    const { referrer, friend } = await pair();
    await deposit(friend, 20_000);
    let arrived = 0;
    let release: () => void = () => {};
    const bothThere = new Promise<void>((resolve) => {
      release = resolve;
    });
    const racing = createServices(database.db, {
      beforeReferralDecision: async () => {
        arrived += 1;
        if (arrived === 2) release();
        await bothThere;
      },
    });
    const before = await balanceOf(referrer.id);
    await Promise.all([
      racing.promotions.referrals.runMerchant(tala, new Date(), referrer.id),
      racing.promotions.referrals.runMerchant(tala, new Date(), referrer.id),
    ]);
    expect(arrived).toBe(2);
    expect(await balanceOf(referrer.id)).toBe(before + 10_000);
    expect(await entriesWithKey(`referral:${referrer.id}:${friend.id}`)).toBe(1);
    expect((await bonusesOf(referrer.id)).length).toBe(1);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });
});

describe('back office', () => {
  it('shows owners, support and finance a member’s referrer and friends; other roles, members and guests are refused', async () => {
    const { referrer, friend } = await pair();
    for (const token of [owner, support, finance]) {
      const mine = await admin(token, 'GET', `/admin-api/members/${referrer.id}/referrals`);
      expect(mine.statusCode, mine.body).toBe(200);
      expect(mine.json().value).toMatchObject({
        code: expect.stringMatching(/^[A-Z2-9]{8}$/),
        referrer: null,
        totals: { friends: 1, qualified: 0, rewards: 0 },
        friends: { total: 1, list: [{ memberId: friend.id, username: friend.username, status: 'pending' }] },
      });
      const theirs = await admin(token, 'GET', `/admin-api/members/${friend.id}/referrals`);
      expect(theirs.json().value.referrer).toMatchObject({
        memberId: referrer.id,
        username: referrer.username,
      });
    }
    expect((await admin(content, 'GET', `/admin-api/members/${referrer.id}/referrals`)).statusCode).toBe(403);
    expect(
      (await call(referrer.token, 'GET', `/admin-api/members/${referrer.id}/referrals`)).statusCode,
    ).toBe(401);
    expect((await call(null, 'GET', `/admin-api/members/${referrer.id}/referrals`)).statusCode).toBe(401);
    expect((await admin(owner, 'GET', '/admin-api/members/999999/referrals')).json()).toMatchObject({
      errorCode: 'not_found',
    });
  });

  it('builds referral promotions: the rules are required, the claim is refused, and the site lists it to join', async () => {
    const { id: _id, merchantCode: _m, spent: _s, claims: _c, createdAt: _a, updatedAt: _u, ...copy } = demo;
    const missing = await admin(owner, 'POST', '/admin-api/merchants/tala/promotions', {
      ...copy,
      rules: { ...copy.rules, referral: null },
    });
    expect(missing.statusCode).toBe(400);
    const neither = await admin(owner, 'POST', '/admin-api/merchants/tala/promotions', {
      ...copy,
      rules: { ...copy.rules, referral: { ...copy.rules.referral, minFirstDeposit: 0, minTurnover: 0 } },
    });
    expect(neither.statusCode).toBe(400);
    const member = await registered();
    const listed = await call(member.token, 'GET', '/wps/relay/MCSFE_getPromotions?kind=referral');
    expect(listed.json().value[0]).toMatchObject({
      id: demo.id,
      status: 'join',
      referral: { referrerReward: 10_000, friendReward: 5_000, minFirstDeposit: 20_000 },
    });
    const claim = await call(member.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: demo.id,
      deviceId: 'device-claims-0001',
    });
    expect(claim.json()).toMatchObject({ errorCode: 'promotion_is_referral' });
    const ty = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCS2_claimPromotion',
      headers: { merchant: 'tala', authorization: member.token, language: 'TY' },
      payload: { promotionId: demo.id, deviceId: 'device-claims-0001' },
    });
    expect(ty.json().message).toMatch(/^Kusang pumapasok/);
  });
});
