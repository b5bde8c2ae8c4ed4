// The counts of GET /wps/member/counts kept per member (docs/decisions/040-session-and-counts-cache.md): kept between
// events (no query while nothing changed), and after each event that changes them (a deposit credited, a bonus
// claimed and its message, a message read, a broadcast sent or withdrawn, a promotion created or edited, another
// member spending a budget, a mission created, a bet, a mission claimed; time: a promotion starting or ending, the
// day rolling over) the very next answer equals the counts computed afresh, and differs from the one before.
import { addDays, dayOf, dayStart } from '@tala/contracts/calendar';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { tokenOf, uniqueName } from '../members/member-fixtures.ts';
import type { SignedInMember } from '../members/members.service.ts';
import { COUNTS_CACHE_MS, type MemberCounts } from './counts.service.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const support = await operatorAuth(app, 'support', 'support-demo-1');
services.slots.settings.paceMs = 0;

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function call(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  return app.inject({
    method,
    url,
    headers: { merchant: 'tala', authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}
async function admin(token: string, method: 'POST' | 'PUT', url: string, payload?: object) {
  const response = await app.inject({
    method,
    url,
    headers: { authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value;
}

type Member = { id: number; username: string; token: string };
async function member(vipLevel = 0): Promise<Member> {
  const username = uniqueName('ct');
  const id = await services.members.create(tala, {
    username,
    password: 'secret123',
    payeeName: 'Ana Reyes',
    vipLevel,
  });
  return { id, username, token: await tokenOf(app, username, 'secret123') };
}
const signedIn = (m: Member): Promise<SignedInMember> => services.members.authenticate(tala, m.token);

/** What the route answers (kept or not). */
async function counts(m: Member): Promise<MemberCounts> {
  const response = await call(m.token, 'GET', '/wps/member/counts');
  expect(response.statusCode, response.body).toBe(200);
  return response.json().value;
}
/** The counts computed afresh by the modules that own them, past any cache. */
async function truth(m: Member | SignedInMember): Promise<MemberCounts> {
  const who = 'token' in m ? await signedIn(m) : m;
  const message = await services.support.unreadMessages({
    id: who.id,
    merchantId: who.merchant_id,
    account: who.username,
    nickname: who.nickname,
    type: who.type,
    vipLevel: who.vip_level,
  });
  const promotion = await services.promotions.claimableCount(tala, who);
  const mission = await services.missions.claimableCount(tala, who);
  return { message, promotion, mission, reward: promotion, unclaimed: promotion + message };
}
/**
 * Runs an event between two answers: the second is the fresh truth and differs from the first where `moved` says
 * (by at least that much, in that direction; 0: not at all).
 */
async function expectMoved(
  m: Member,
  moved: Partial<Record<keyof MemberCounts, number>>,
  event: () => Promise<unknown>,
) {
  const before = await counts(m);
  expect(await counts(m)).toEqual(before);
  await event();
  const after = await counts(m);
  expect(after).toEqual(await truth(m));
  for (const [key, delta] of Object.entries(moved)) {
    const diff = after[key as keyof MemberCounts] - before[key as keyof MemberCounts];
    // Demo content may move with the event too (a seeded mission done by the same bet): at least `delta`.
    if (delta > 0) expect(diff, key).toBeGreaterThanOrEqual(delta);
    else if (delta < 0) expect(diff, key).toBeLessThanOrEqual(delta);
    else expect(diff, key).toBe(0);
  }
  return after;
}

async function deposit(m: Member, amount: number) {
  const made = await services.payments.depositByBank(
    tala,
    await signedIn(m),
    { amount: String(amount), bankAccountId: 'bdo-main', payerName: 'Ana Reyes', reference: 'REF-7788' },
    [],
  );
  await admin(finance, 'POST', `/admin-api/payments/deposits/${made.id}/approve`);
}
let spins = 0;
async function spin(m: Member, bet: number) {
  const response = await call(m.token, 'POST', '/wps/relay/SLOTS_spin', {
    gameCode: 'TALA-RNG-0001',
    bet,
    requestId: `counts-spin-${Date.now()}-${++spins}`,
  });
  expect(response.statusCode, response.body).toBe(200);
}

const at = (ms: number) => new Date(Date.now() + ms).toISOString();
function promotionOf(overrides: Record<string, unknown> = {}) {
  return {
    kind: 'firstDeposit',
    enabled: true,
    startsAt: at(-3_600_000),
    endsAt: at(7 * 86_400_000),
    budget: null,
    rules: {
      percent: 1_000,
      maxBonus: 5_000,
      minDeposit: 1_000,
      turnoverMultiple: 1,
      turnoverBasis: 'bonus',
      weights: { RNG: 100 },
      claimPer: 'once',
    },
    texts: {
      EN: { title: `Counts ${uniqueName('p')}`, summary: 'A little extra', rules: 'Wager 1×.' },
      TY: { title: 'Kaunting dagdag', summary: 'Kaunting dagdag', rules: 'Taya 1×.' },
    },
    ...overrides,
  };
}
const createPromotion = async (body: object) =>
  (await admin(content, 'POST', '/admin-api/merchants/tala/promotions', body)).id as number;
function missionOf(target: number) {
  return {
    period: 'day',
    enabled: true,
    startsAt: at(-3_600_000),
    endsAt: at(7 * 86_400_000),
    reward: 100,
    points: 5,
    tasks: [{ kind: 'betAmount', product: null, target }],
    texts: {
      EN: { name: `Counts ${uniqueName('m')}`, description: 'Bet today' },
      TY: { name: 'Tumaya ngayon', description: 'Tumaya ngayon' },
    },
  };
}
const texts = { EN: { title: 'News', body: 'Read me.' }, TY: { title: 'Balita', body: 'Basahin.' } };

describe('the counts are kept between events', () => {
  it('answers again without asking the modules while nothing changed', async () => {
    const m = await member();
    const first = await counts(m);
    const promotions = vi.spyOn(services.promotions, 'claimableCount');
    const missions = vi.spyOn(services.missions, 'claimableCount');
    const messages = vi.spyOn(services.support, 'unreadMessages');
    for (let i = 0; i < 5; i++) expect(await counts(m)).toEqual(first);
    expect(promotions).not.toHaveBeenCalled();
    expect(missions).not.toHaveBeenCalled();
    expect(messages).not.toHaveBeenCalled();
  });
});

describe("a member's own events change the counts at once", () => {
  it('a deposit credited, a bonus claimed (with its message), the message read', async () => {
    const m = await member();
    const id = await createPromotion(promotionOf());
    // The demo welcome bonus and this promotion both become claimable.
    const credited = await expectMoved(m, { message: 0 }, () => deposit(m, 20_000));
    expect(credited.promotion).toBeGreaterThanOrEqual(1);
    await expectMoved(m, { message: 1 }, async () => {
      const claimed = await call(m.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
        promotionId: id,
        deviceId: 'device-counts-1',
      });
      expect(claimed.statusCode, claimed.body).toBe(200);
    });
    expect((await counts(m)).promotion).toBeLessThan(credited.promotion);
    await expectMoved(m, { message: -1 }, async () => {
      const read = await call(m.token, 'POST', '/wps/relay/MCSFE_readMessageV2', { all: true });
      expect(read.statusCode, read.body).toBe(200);
    });
  });

  it('a bet that completes a mission, and the mission claimed', async () => {
    const m = await member();
    await deposit(m, 10_000);
    const missionId = (await admin(content, 'POST', '/admin-api/merchants/tala/missions', missionOf(100))).id;
    await expectMoved(m, { mission: 1 }, () => spin(m, 100));
    await expectMoved(m, { mission: -1 }, async () => {
      const claimed = await call(m.token, 'POST', '/wps/relay/MCS2_claimMissionReward', { missionId });
      expect(claimed.statusCode, claimed.body).toBe(200);
    });
  });
});

describe("the merchant's events change every member's counts at once", () => {
  it('a broadcast sent and withdrawn', async () => {
    const [a, b] = [await member(), await member()];
    await counts(b);
    let id = 0;
    await expectMoved(a, { message: 1 }, async () => {
      id = (
        await admin(support, 'POST', '/admin-api/merchants/tala/broadcasts', {
          segment: { kind: 'all' },
          texts,
        })
      ).id;
    });
    expect(await counts(b)).toEqual(await truth(b));
    await expectMoved(a, { message: -1 }, () =>
      admin(support, 'POST', `/admin-api/merchants/tala/broadcasts/${id}/withdraw`),
    );
  });

  it('a promotion created, edited (switched off), and a budget another member spent', async () => {
    const [a, b] = [await member(), await member()];
    await deposit(a, 20_000);
    await deposit(b, 20_000);
    // The budget is one bonus (10% of 20,000).
    const body = promotionOf({ budget: 2_000 });
    let id = 0;
    await expectMoved(a, { promotion: 1 }, async () => {
      id = await createPromotion(body);
    });
    await expectMoved(a, { promotion: -1 }, () =>
      admin(content, 'PUT', `/admin-api/merchants/tala/promotions/${id}`, { ...body, enabled: false }),
    );
    await admin(content, 'PUT', `/admin-api/merchants/tala/promotions/${id}`, body);
    await counts(b);
    // b claims the whole budget: the promotion closes for a at once.
    await expectMoved(a, { promotion: -1 }, async () => {
      const claimed = await call(b.token, 'POST', '/wps/relay/MCS2_claimPromotion', {
        promotionId: id,
        deviceId: 'device-counts-2',
      });
      expect(claimed.json().value, claimed.body).toMatchObject({ amount: 2_000 });
    });
  });

  it('a mission created that the member has already done', async () => {
    const m = await member();
    await deposit(m, 10_000);
    await spin(m, 100);
    await expectMoved(m, { mission: 1 }, () =>
      admin(content, 'POST', '/admin-api/merchants/tala/missions', missionOf(100)),
    );
  });
});

describe('time changes the counts when it comes', () => {
  // Each jump is shorter than the counts' backstop (COUNTS_CACHE_MS): only the known boundary can end them.
  it('a promotion starting and ending, and the day rolling over a daily mission', async () => {
    expect(COUNTS_CACHE_MS).toBeGreaterThan(21_000);
    const m = await member(1);
    await deposit(m, 20_000);
    // A rank upgrade bonus for level 1, open for five seconds from twenty seconds on.
    const start = Date.now() + 20_000;
    await createPromotion(
      promotionOf({
        kind: 'rankUpgrade',
        startsAt: new Date(start).toISOString(),
        endsAt: new Date(start + 5_000).toISOString(),
        rules: { ...promotionOf().rules, levelBonuses: [{ level: 1, amount: 100 }] },
      }),
    );
    await admin(content, 'POST', '/admin-api/merchants/tala/missions', missionOf(100));
    await spin(m, 100);
    // The session would be idle after the jump to midnight: the counts are asked of the service, as the route does.
    const who = await signedIn(m);
    vi.useFakeTimers({ toFake: ['Date'], now: new Date() });
    const kept = await services.counts.of(tala, who);
    expect(kept).toEqual(await truth(who));

    vi.setSystemTime(start + 1_000);
    const started = await services.counts.of(tala, who);
    expect(started).toEqual(await truth(who));
    expect(started.promotion).toBe(kept.promotion + 1);

    vi.setSystemTime(start + 6_000);
    const ended = await services.counts.of(tala, who);
    expect(ended).toEqual(await truth(who));
    expect(ended.promotion).toBe(kept.promotion);

    // Just before and just after midnight in the merchant's time zone: today's bets complete today's missions only.
    const timeZone = tala.settings.whitelabel.timeZone;
    const midnight = dayStart(addDays(dayOf(new Date(), timeZone), 1), timeZone).getTime();
    vi.setSystemTime(midnight - 5_000);
    const evening = await services.counts.of(tala, who);
    expect(evening).toEqual(await truth(who));
    expect(evening.mission).toBeGreaterThanOrEqual(1);
    vi.setSystemTime(midnight + 1_000);
    const tomorrow = await services.counts.of(tala, who);
    expect(tomorrow).toEqual(await truth(who));
    expect(tomorrow.mission).toBe(0);
  });
});
