// Promotions and bonus money (issue 13 items 1, 2 and 8): the builder and who may use it, a deposit bonus from list
// to claim, money held back from withdrawal and transfer until real spins meet the turnover, forfeiting, the
// per-device / IP / bank-account limits, the budget under 50 simultaneous claims, and every refusal with its code
// and nothing moved.
import { languageTags } from '@tala/contracts/language-codes';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { multipart, png } from '../content/test-fixtures.ts';
import { tokenOf, uniqueName } from '../members/member-fixtures.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const lucky = await services.merchants.byCode('lucky');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
services.slots.settings.paceMs = 0;
const PAY = '246810';

function call(
  token: string | null,
  method: 'GET' | 'POST',
  url: string,
  payload?: object,
  extra: Record<string, string> = {},
) {
  return app.inject({
    method,
    url,
    headers: { merchant: 'tala', ...(token ? { authorization: token } : {}), ...extra },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
function admin(token: string, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function member(options: { uplineId?: number; vipLevel?: number } = {}) {
  const username = uniqueName('pr');
  const id = await services.members.create(tala, {
    username,
    password: 'secret123',
    payeeName: 'Ana Reyes',
    ...(options.uplineId ? { uplineId: options.uplineId } : {}),
  });
  const token = await tokenOf(app, username, 'secret123');
  const set = await call(token, 'POST', '/wps/relay/PAY_paymentPassword', {
    loginPassword: 'secret123',
    paymentPassword: PAY,
  });
  expect(set.statusCode, set.body).toBe(200);
  return { id, username, token };
}

/** A bank deposit the member makes and finance approves. */
async function deposit(who: { id: number; token: string }, amount: number) {
  const signedIn = await services.members.authenticate(tala, who.token);
  const made = await services.payments.depositByBank(
    tala,
    signedIn,
    { amount: String(amount), bankAccountId: 'bdo-main', payerName: 'Ana Reyes', reference: 'REF-4455' },
    [],
  );
  const approved = await admin(finance, 'POST', `/admin-api/payments/deposits/${made.id}/approve`);
  expect(approved.statusCode, approved.body).toBe(200);
  return made.id;
}

const balanceOf = async (id: number) =>
  services.wallet.balance(await services.wallet.memberAccount(tala.id, id));
let spins = 0;
async function spin(token: string, bet: number) {
  const response = await call(token, 'POST', '/wps/relay/SLOTS_spin', {
    gameCode: 'TALA-RNG-0001',
    bet,
    requestId: `promo-spin-${Date.now()}-${++spins}`,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const hourAgo = new Date(Date.now() - 3_600_000).toISOString();
const nextWeek = new Date(Date.now() + 7 * 86_400_000).toISOString();
function promotionOf(overrides: Record<string, unknown> = {}, rules: Record<string, unknown> = {}) {
  return {
    kind: 'firstDeposit',
    enabled: true,
    startsAt: hourAgo,
    endsAt: nextWeek,
    budget: null,
    rules: {
      percent: 5_000,
      maxBonus: 50_000,
      minDeposit: 10_000,
      turnoverMultiple: 2,
      turnoverBasis: 'bonus',
      weights: { RNG: 100 },
      claimPer: 'once',
      ...rules,
    },
    texts: {
      EN: {
        title: `Welcome ${uniqueName('w')}`,
        summary: 'Half again on your first deposit',
        rules: 'Wager 2×.',
      },
      TY: { title: 'Maligayang pagdating', summary: 'Kalahati pa sa unang deposito', rules: 'Taya 2×.' },
    },
    ...overrides,
  };
}
async function create(body: object, merchant = 'tala') {
  const made = await admin(content, 'POST', `/admin-api/merchants/${merchant}/promotions`, body);
  expect(made.statusCode, made.body).toBe(200);
  return made.json().value.id as number;
}

async function upload(merchant: string) {
  const form = multipart([
    { name: 'file', filename: 'promo.png', contentType: 'image/png', data: png(1600, 600) },
  ]);
  const made = await app.inject({
    method: 'POST',
    url: `/admin-api/merchants/${merchant}/images`,
    headers: { ...form.headers, authorization: content },
    payload: form.payload,
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().value.id as string;
}

describe('promotions', () => {
  it('shows each language its own picture, English where a language has none, and refuses a foreign image', async () => {
    const [en, ty, foreign] = [await upload('tala'), await upload('tala'), await upload('lucky')];
    const body = promotionOf();
    const withImages = {
      ...body,
      texts: { EN: { ...body.texts.EN, image: en }, TY: { ...body.texts.TY, image: ty } },
    };
    const id = await create(withImages);
    const seen = async (language: string) =>
      (
        await call(null, 'GET', `/wps/relay/MCSFE_getPromotionDetail?id=${id}`, undefined, { language })
      ).json().value;
    expect((await seen('EN')).imageUrl).toBe(`/wps/content/images/${en}`);
    expect((await seen('TY')).imageUrl).toBe(`/wps/content/images/${ty}`);
    // Chinese has no text of its own: the English text and picture.
    expect(await seen('CN')).toMatchObject({
      imageUrl: `/wps/content/images/${en}`,
      title: body.texts.EN.title,
    });
    const stolen = await admin(owner, 'PUT', `/admin-api/merchants/tala/promotions/${id}`, {
      ...withImages,
      texts: { EN: { ...body.texts.EN, image: foreign } },
    });
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json()).toMatchObject({ errorCode: 'not_found', field: 'texts' });
    expect((await seen('EN')).imageUrl).toBe(`/wps/content/images/${en}`);
    const malformed = await admin(owner, 'PUT', `/admin-api/merchants/tala/promotions/${id}`, {
      ...withImages,
      texts: { EN: { ...body.texts.EN, image: '../../etc/passwd' } },
    });
    expect(malformed.statusCode).toBe(400);
    const plain = await create(promotionOf());
    expect(
      (await call(null, 'GET', `/wps/relay/MCSFE_getPromotionDetail?id=${plain}`)).json().value.imageUrl,
    ).toBeNull();
    // Switched off again, so the later tests' counts of claimable promotions are their own.
    for (const made of [id, plain])
      await admin(owner, 'PUT', `/admin-api/merchants/tala/promotions/${made}`, {
        ...promotionOf(),
        enabled: false,
      });
  });

  it('is built by owner and content, read by the others, and refuses a bad promotion', async () => {
    expect(
      (await admin(support, 'POST', '/admin-api/merchants/tala/promotions', promotionOf())).statusCode,
    ).toBe(403);
    expect(
      (await admin(finance, 'POST', '/admin-api/merchants/tala/promotions', promotionOf())).statusCode,
    ).toBe(403);
    const backwards = await admin(
      owner,
      'POST',
      '/admin-api/merchants/tala/promotions',
      promotionOf({ endsAt: hourAgo, startsAt: nextWeek }),
    );
    expect(backwards.statusCode).toBe(400);
    const noAgent = await admin(
      owner,
      'POST',
      '/admin-api/merchants/tala/promotions',
      promotionOf({}, { agentUsername: 'nobody-here' }),
    );
    expect(noAgent.json()).toMatchObject({ errorCode: 'promotion_agent_unknown' });
    const noEnglish = await admin(owner, 'POST', '/admin-api/merchants/tala/promotions', {
      ...promotionOf(),
      texts: { TY: { title: 'x', summary: '', rules: '' } },
    });
    expect(noEnglish.statusCode).toBe(400);
    const id = await create(promotionOf());
    const listed = await admin(support, 'GET', '/admin-api/merchants/tala/promotions');
    expect(listed.json().value.find((p: { id: number }) => p.id === id)).toMatchObject({
      claims: 0,
      spent: 0,
    });
    const changed = await admin(owner, 'PUT', `/admin-api/merchants/tala/promotions/${id}`, {
      ...promotionOf(),
      enabled: false,
    });
    expect(changed.json().value).toMatchObject({ id, enabled: false });
    const audit = await services.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `promotion:${id}`)
      .execute();
    expect(audit.map((a) => a.action).sort()).toEqual(['promotions.create', 'promotions.update']);
  });

  it('shows the demo promotions in every language of the site, each with its picture drawn in that language', async () => {
    const listed = async (language: string) =>
      (await call(null, 'GET', '/wps/relay/MCSFE_getPromotions', undefined, { language })).json().value as {
        id: number;
        title: string;
        imageUrl: string | null;
      }[];
    const english = (await listed('EN')).find((p) => p.title === '100% welcome bonus up to P1,000');
    expect(english?.imageUrl).toMatch(/^\/wps\/content\/images\//);
    const seen = new Set<string>();
    for (const [language, tag] of Object.entries(languageTags)) {
      const own = (await listed(language)).find((p) => p.id === english?.id);
      if (language !== 'EN') expect(own?.title, language).not.toBe(english?.title);
      expect(own?.imageUrl, language).toMatch(/^\/wps\/content\/images\//);
      seen.add(own?.imageUrl ?? '');
      const picture = await app.inject({ url: own?.imageUrl ?? '' });
      expect(picture.body, language).toContain(`xml:lang="${tag}"`);
    }
    expect(seen.size).toBe(Object.keys(languageTags).length);
  });

  it('pays a first-deposit bonus and holds it back from cash-out until spins meet the turnover', async () => {
    const id = await create(promotionOf());
    const upline = await member();
    const m = await member({ uplineId: upline.id });
    const guest = await call(null, 'GET', '/wps/relay/MCSFE_getPromotions');
    expect(guest.json().value.find((p: { id: number }) => p.id === id)).toMatchObject({ status: 'join' });
    const before = await call(m.token, 'GET', `/wps/relay/MCSFE_getPromotionDetail?id=${id}`, undefined, {
      language: 'TY',
    });
    expect(before.json().value).toMatchObject({
      status: 'join',
      reason: 'promotion_no_qualifying_deposit',
      title: 'Maligayang pagdating',
    });
    const early = await call(m.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: id,
      deviceId: 'device-0001',
    });
    expect(early.json()).toMatchObject({ errorCode: 'promotion_no_qualifying_deposit' });

    await deposit(m, 20_000);
    const ready = await call(m.token, 'GET', `/wps/relay/MCSFE_getPromotionDetail?id=${id}`);
    expect(ready.json().value).toMatchObject({ status: 'claim', claimable: 10_000 });
    // This promotion and the demo welcome bonus both wait for this member now.
    const counts = async () => (await call(m.token, 'GET', '/wps/member/counts')).json().value;
    expect(await counts()).toMatchObject({ promotion: 2, reward: 2 });
    const claimed = await call(m.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: id,
      deviceId: 'device-0001',
    });
    expect(claimed.json().value, claimed.body).toMatchObject({
      amount: 10_000,
      depositAmount: 20_000,
      locked: 30_000,
      turnoverRequired: 20_000,
      turnoverDone: 0,
      status: 'active',
    });
    expect(await balanceOf(m.id)).toBe(30_000);
    // A deposit backs one bonus: the welcome bonus has nothing left to pay on.
    expect(await counts()).toMatchObject({ promotion: 0 });
    const again = await call(m.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: id,
      deviceId: 'device-0001',
    });
    expect(again.json()).toMatchObject({ errorCode: 'promotion_already_claimed' });
    expect(await balanceOf(m.id)).toBe(30_000);

    // Held back: the transfer to the upline is refused and moves nothing; the withdrawal page shows the hold.
    const transfer = await call(m.token, 'POST', '/wps/relay/PAY_transferUpline', {
      amount: 1_000,
      paymentPassword: PAY,
    });
    expect(transfer.statusCode).toBe(409);
    expect(transfer.json()).toMatchObject({ errorCode: 'bonus_wagering_unmet', field: 'amount' });
    expect(await balanceOf(m.id)).toBe(30_000);
    const limits = await call(m.token, 'GET', '/wps/relay/PAY_withdrawLimits');
    expect(limits.json().value).toMatchObject({ bonusHeld: 30_000 });

    // Real spins count: 2 × 100.00 of RNG meets 200.00 of turnover.
    await spin(m.token, 10_000);
    const midway = await call(m.token, 'GET', '/wps/relay/MCSFE_getBonusDetails?pageNo=1&pageSize=10');
    expect(midway.json().value.list[0]).toMatchObject({ status: 'active', turnoverDone: 10_000 });
    await spin(m.token, 10_000);
    // Forfeiting right after the turnover is met finds it completed: nothing is taken back.
    const late = await call(m.token, 'POST', '/wps/relay/MCS2_forfeitBonus', {
      bonusId: claimed.json().value.id,
    });
    expect(late.json()).toMatchObject({ errorCode: 'bonus_not_active' });
    const done = await call(m.token, 'GET', '/wps/relay/MCSFE_getBonusDetails?pageNo=1&pageSize=10');
    expect(done.json().value.list[0]).toMatchObject({ status: 'completed', turnoverDone: 20_000, locked: 0 });
    const balance = await balanceOf(m.id);
    if (balance >= 1_000) {
      const free = await call(m.token, 'POST', '/wps/relay/PAY_transferUpline', {
        amount: 1_000,
        paymentPassword: PAY,
      });
      expect(free.statusCode, free.body).toBe(200);
    }
    expect((await call(m.token, 'GET', '/wps/relay/PAY_withdrawLimits')).json().value.bonusHeld).toBe(0);
  });

  it('lets a member forfeit: what is left of the bonus goes back and the rest is free', async () => {
    const id = await create(
      promotionOf({ kind: 'repeatDeposit' }, { claimPer: 'day', turnoverMultiple: 50 }),
    );
    const m = await member();
    await deposit(m, 10_000); // the first deposit does not count for a repeat-deposit bonus
    expect(
      (await call(m.token, 'GET', `/wps/relay/MCSFE_getPromotionDetail?id=${id}`)).json().value.status,
    ).toBe('join');
    await deposit(m, 40_000);
    const claimed = await call(m.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: id,
      deviceId: 'device-0002',
    });
    expect(claimed.json().value).toMatchObject({ amount: 20_000, locked: 60_000 });
    expect(await balanceOf(m.id)).toBe(70_000);
    const reward = await call(m.token, 'GET', '/wps/relay/MCSFE_getRewardCenter');
    expect(reward.json().value.active).toHaveLength(1);
    const other = await member();
    const notMine = await call(other.token, 'POST', '/wps/relay/MCS2_forfeitBonus', {
      bonusId: claimed.json().value.id,
    });
    expect(notMine.json()).toMatchObject({ errorCode: 'bonus_not_found' });
    const forfeited = await call(m.token, 'POST', '/wps/relay/MCS2_forfeitBonus', {
      bonusId: claimed.json().value.id,
    });
    expect(forfeited.json().value).toMatchObject({ status: 'forfeited', forfeitedAmount: 20_000, locked: 0 });
    expect(await balanceOf(m.id)).toBe(50_000);
    const twice = await call(m.token, 'POST', '/wps/relay/MCS2_forfeitBonus', {
      bonusId: claimed.json().value.id,
    });
    expect(twice.json()).toMatchObject({ errorCode: 'bonus_not_active' });
    const transfer = await call(m.token, 'POST', '/wps/relay/PAY_transferUpline', {
      amount: 1_000,
      paymentPassword: PAY,
    });
    expect(transfer.json()).toMatchObject({ errorCode: 'transfer_no_upline' });
    const report = await admin(
      finance,
      'GET',
      `/admin-api/merchants/tala/promotions-report?from=${new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)}&to=${new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)}`,
    );
    const row = report.json().value.rows.find((r: { promotionId: number }) => r.promotionId === id);
    expect(row).toMatchObject({ claims: 1, paid: 20_000, forfeited: 1, forfeitedAmount: 20_000 });
    expect(
      (
        await admin(
          content,
          'GET',
          '/admin-api/merchants/tala/promotions-report?from=2026-01-01&to=2026-01-02',
        )
      ).statusCode,
    ).toBe(403);
  });

  it('refuses a second claim from the same device, IP or bank account where the rule says, moving nothing', async () => {
    const byDevice = await create(promotionOf({}, { oncePerDevice: true }));
    const a = await member();
    const b = await member();
    await deposit(a, 20_000);
    await deposit(b, 20_000);
    const first = await call(a.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: byDevice,
      deviceId: 'shared-device-1',
    });
    expect(first.statusCode, first.body).toBe(200);
    const second = await call(b.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: byDevice,
      deviceId: 'shared-device-1',
    });
    expect(second.json()).toMatchObject({ errorCode: 'promotion_claimed_elsewhere', field: 'deviceId' });
    expect(await balanceOf(b.id)).toBe(20_000);

    const byBank = await create(promotionOf({}, { oncePerBankAccount: true, turnoverMultiple: 0 }));
    const c = await member();
    const d = await member();
    await deposit(c, 20_000);
    await deposit(d, 20_000);
    const noCard = await call(c.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: byBank,
      deviceId: 'device-c-01',
    });
    expect(noCard.json()).toMatchObject({ errorCode: 'promotion_needs_bank_card' });
    for (const who of [c, d]) {
      const card = await call(who.token, 'POST', '/wps/relay/PAY_bankCards', {
        bankName: 'BPI',
        accountNumber: '5550001111',
        payeeName: 'Ana Reyes',
        paymentPassword: PAY,
      });
      expect(card.statusCode, card.body).toBe(200);
    }
    const cClaim = await call(c.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: byBank,
      deviceId: 'device-c-01',
    });
    expect(cClaim.json().value).toMatchObject({ status: 'completed', locked: 0 });
    const dClaim = await call(d.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: byBank,
      deviceId: 'device-d-01',
    });
    expect(dClaim.json()).toMatchObject({ errorCode: 'promotion_claimed_elsewhere', field: 'bankAccount' });
    expect(await balanceOf(d.id)).toBe(20_000);

    const byIp = await create(promotionOf({}, { oncePerIp: true, turnoverMultiple: 0 }));
    const e = await member();
    const f = await member();
    await deposit(e, 20_000);
    await deposit(f, 20_000);
    // e and f both come from the test client's address.
    const eClaim = await call(e.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: byIp,
      deviceId: 'device-e-01',
    });
    expect(eClaim.statusCode, eClaim.body).toBe(200);
    const fClaim = await call(f.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: byIp,
      deviceId: 'device-f-01',
    });
    expect(fClaim.json()).toMatchObject({ errorCode: 'promotion_claimed_elsewhere', field: 'ip' });
    expect(await balanceOf(f.id)).toBe(20_000);
  });

  it('never overspends the budget under 50 simultaneous claims', async () => {
    const id = await create(promotionOf({ budget: 100_000 }, { turnoverMultiple: 0 }));
    const spentOfAll = async () =>
      (await admin(owner, 'GET', '/admin-api/merchants/tala/promotions'))
        .json()
        .value.reduce((sum: number, p: { spent: number }) => sum + p.spent, 0);
    const spentBefore = await spentOfAll();
    const crowd = [];
    for (let i = 0; i < 50; i++) crowd.push(await member());
    for (const m of crowd) await deposit(m, 20_000);
    const results = await Promise.all(
      crowd.map((m, i) =>
        call(m.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
          promotionId: id,
          deviceId: `crowd-device-${i}`,
        }),
      ),
    );
    const paid = results.filter((r) => r.statusCode === 200);
    expect(paid).toHaveLength(10);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.json().errorCode).toBe('promotion_budget_spent');
    }
    const row = (await admin(owner, 'GET', '/admin-api/merchants/tala/promotions'))
      .json()
      .value.find((p: { id: number }) => p.id === id);
    expect(row).toMatchObject({ spent: 100_000, claims: 10 });
    // Only this promotion's budget was spent.
    expect(await spentOfAll()).toBe(spentBefore + 100_000);
    const total = (await Promise.all(crowd.map((m) => balanceOf(m.id)))).reduce((a, b) => a + b, 0);
    expect(total).toBe(50 * 20_000 + 100_000);
    const winner = crowd[results.findIndex((r) => r.statusCode === 200)];
    const loser = crowd[results.findIndex((r) => r.statusCode !== 200)];
    const seen = async (who: typeof winner) =>
      (await call(who?.token ?? '', 'GET', `/wps/relay/MCSFE_getPromotionDetail?id=${id}`)).json().value;
    expect(await seen(winner)).toMatchObject({ status: 'claimed' });
    expect(await seen(loser)).toMatchObject({ status: 'closed', reason: 'promotion_budget_spent' });
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    // Fifty members with their password hashes and deposits: slow on a loaded machine, not a measure of anything.
  }, 120_000);

  it('answers ended, foreign, unknown, ineligible and trial claims with their own codes', async () => {
    const m = await member();
    await deposit(m, 20_000);
    const foreign = await create(promotionOf(), 'lucky');
    expect(lucky.id).not.toBe(tala.id);
    const claimForeign = await call(m.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: foreign,
      deviceId: 'device-f-01',
    });
    expect(claimForeign.json()).toMatchObject({ errorCode: 'promotion_not_found' });
    expect((await call(m.token, 'GET', `/wps/relay/MCSFE_getPromotionDetail?id=${foreign}`)).statusCode).toBe(
      404,
    );
    const ended = await create(
      promotionOf({ startsAt: new Date(Date.now() - 2 * 86_400_000).toISOString(), endsAt: hourAgo }),
    );
    expect(
      (
        await call(m.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
          promotionId: ended,
          deviceId: 'device-f-01',
        })
      ).json().errorCode,
    ).toBe('promotion_ended');
    const coming = await create(
      promotionOf({ startsAt: nextWeek, endsAt: new Date(Date.now() + 9 * 86_400_000).toISOString() }),
    );
    expect(
      (await call(null, 'GET', `/wps/relay/MCSFE_getPromotionDetail?id=${coming}`)).json().value.status,
    ).toBe('coming');
    expect(
      (
        await call(m.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
          promotionId: coming,
          deviceId: 'device-f-01',
        })
      ).json().errorCode,
    ).toBe('promotion_not_started');
    const vip = await create(promotionOf({}, { minVipLevel: 5 }));
    expect(
      (
        await call(m.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
          promotionId: vip,
          deviceId: 'device-f-01',
        })
      ).json().errorCode,
    ).toBe('promotion_not_eligible');
    const bad = await call(m.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: vip,
      deviceId: 'a b',
    });
    expect(bad.statusCode).toBe(400);
    const trialName = uniqueName('tr');
    const trialId = await services.members.create(tala, {
      username: trialName,
      password: 'secret123',
      type: 4,
    });
    const { token: trial } = await services.db
      .transaction()
      .execute((trx) => services.members.startSession(trx, tala, trialId, '127.0.0.1'));
    const trialClaim = await call(trial, 'POST', '/wps/relay/MCS2_claimPromotion', {
      promotionId: vip,
      deviceId: 'device-f-01',
    });
    expect(trialClaim.json()).toMatchObject({ errorCode: 'in_need_true_account' });
    expect(await balanceOf(m.id)).toBe(20_000);
  });
});
