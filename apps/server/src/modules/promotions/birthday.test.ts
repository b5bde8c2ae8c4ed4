// The birthday bonus (issue 13 item 1): the member gives a birthday once (a real date, 18 or older, never changed
// by the member), and claims the bonus once a year in the days from it, at the bonus of the highest rank level
// reached; a birthday given inside its own window does not earn that window's bonus. Every refusal has its code and
// moves nothing.
import { addDays, dayOf } from '@tala/contracts/calendar';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { tokenOf, uniqueName } from '../members/member-fixtures.ts';

const { app, services, database } = await testApp();
const tala = await services.merchants.byCode('tala');
const content = await operatorAuth(app, 'content', 'content-demo-1');
const zone = tala.settings.whitelabel.timeZone;

const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { merchant: 'tala', ...(token ? { authorization: token } : {}) },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

async function member(vipLevel = 0) {
  const username = uniqueName('bd');
  const id = await services.members.create(tala, { username, password: 'secret123', payeeName: 'Ana Reyes' });
  await database.db.updateTable('members').set({ vip_level: vipLevel }).where('id', '=', id).execute();
  return { id, username, token: await tokenOf(app, username, 'secret123') };
}
const balanceOf = async (id: number) =>
  services.wallet.balance(await services.wallet.memberAccount(tala.id, id));
/** A birthday `daysFromToday` days from today's date (in the merchant's calendar), in 1990. */
const birthdayIn = (daysFromToday: number) =>
  `1990${addDays(dayOf(new Date(), zone), daysFromToday).slice(4)}`;
/**
 * Backdates when the birthday was given, as if the member had given it long ago: through the members repository,
 * which tells the caches (the guard's session, the counts) of the change.
 */
const givenLongAgo = (id: number) =>
  services.members.repository.update(database.db, id, {
    birthday_set_at: new Date(Date.now() - 400 * 86_400_000),
  });

async function birthdayPromotion(rules: Record<string, unknown> = {}) {
  const made = await app.inject({
    method: 'POST',
    url: '/admin-api/merchants/tala/promotions',
    headers: { authorization: content },
    payload: {
      kind: 'birthday',
      enabled: true,
      startsAt: new Date(Date.now() - 30 * 86_400_000).toISOString(),
      endsAt: new Date(Date.now() + 400 * 86_400_000).toISOString(),
      budget: null,
      rules: {
        percent: 1,
        maxBonus: 8_800,
        minDeposit: 0,
        turnoverMultiple: 1,
        turnoverBasis: 'bonus',
        claimPer: 'once',
        birthdayDays: 7,
        levelBonuses: [
          { level: 3, amount: 28_800 },
          { level: 1, amount: 18_800 },
        ],
        ...rules,
      },
      texts: { EN: { title: `Birthday ${uniqueName('t')}`, summary: '', rules: '' } },
    },
  });
  expect(made.statusCode, made.body).toBe(200);
  return made.json().value.id as number;
}
const seen = async (token: string, id: number) =>
  (await call(token, 'GET', `/wps/relay/MCSFE_getPromotionDetail?id=${id}`)).json().value;
const claim = (token: string, id: number) =>
  call(token, 'POST', '/wps/relay/MCS2_claimPromotion', {
    promotionId: id,
    deviceId: `device-${uniqueName('d')}`,
  });

describe('birthday', () => {
  it('is given once, as a real date of someone 18 or older, and shown in the member info', async () => {
    const m = await member();
    expect(
      (await call(null, 'PUT', '/wps/member/info/birthday', { birthday: '1990-05-01' })).statusCode,
    ).toBe(401);
    for (const bad of ['1990-02-30', '1990-5-1', '01/05/1990', '1850-01-01', '']) {
      const refused = await call(m.token, 'PUT', '/wps/member/info/birthday', { birthday: bad });
      expect(refused.statusCode, bad).toBe(400);
      expect(refused.json()).toMatchObject({ errorCode: 'validation_failed', field: 'birthday' });
    }
    const child = `${Number(dayOf(new Date(), zone).slice(0, 4)) - 17}-01-01`;
    const young = await call(m.token, 'PUT', '/wps/member/info/birthday', { birthday: child });
    expect(young.json()).toMatchObject({ errorCode: 'birthday_under_age', field: 'birthday' });
    expect((await call(m.token, 'GET', '/wps/member/info')).json().value.birthday).toBeNull();

    const given = await call(m.token, 'PUT', '/wps/member/info/birthday', { birthday: '1990-05-01' });
    expect(given.statusCode, given.body).toBe(200);
    expect(given.json().value.birthday).toBe('1990-05-01');
    const again = await call(m.token, 'PUT', '/wps/member/info/birthday', { birthday: '1991-06-02' });
    expect(again.statusCode).toBe(409);
    expect(again.json().errorCode).toBe('birthday_already_set');
    expect((await call(m.token, 'GET', '/wps/member/info')).json().value.birthday).toBe('1990-05-01');
    const audit = await database.db
      .selectFrom('audit_log')
      .select('action')
      .where('actor_id', '=', m.id)
      .where('action', '=', 'member.profile.birthday')
      .execute();
    expect(audit).toHaveLength(1);
  });
});

describe('birthday bonus', () => {
  it('asks for a birthday on file before its window, pays the highest level reached once a year, and refuses outside it', async () => {
    const id = await birthdayPromotion();
    const m = await member(3);
    expect(await seen(m.token, id)).toMatchObject({
      kind: 'birthday',
      status: 'join',
      reason: 'promotion_birthday_missing',
      birthday: { days: 7, opensAt: null },
    });
    expect((await claim(m.token, id)).json().errorCode).toBe('promotion_birthday_missing');

    // Given today for a birthday two days ago: its window is open but began before the birthday was on file.
    await call(m.token, 'PUT', '/wps/member/info/birthday', { birthday: birthdayIn(-2) });
    expect(await seen(m.token, id)).toMatchObject({ status: 'join', reason: 'promotion_birthday_missing' });
    const before = await balanceOf(m.id);
    expect((await claim(m.token, id)).json().errorCode).toBe('promotion_birthday_missing');

    await givenLongAgo(m.id);
    expect(await seen(m.token, id)).toMatchObject({ status: 'claim', claimable: 28_800 });
    const paid = await claim(m.token, id);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().value).toMatchObject({ amount: 28_800, turnoverRequired: 28_800 });
    expect(await balanceOf(m.id)).toBe(before + 28_800);
    expect((await seen(m.token, id)).status).toBe('process');
    expect((await claim(m.token, id)).json().errorCode).toBe('promotion_already_claimed');
    expect(await balanceOf(m.id)).toBe(before + 28_800);
  });

  it('pays the base bonus below the first level, and tells a member whose birthday is weeks away when it opens', async () => {
    const id = await birthdayPromotion();
    const low = await member(0);
    await call(low.token, 'PUT', '/wps/member/info/birthday', { birthday: birthdayIn(0) });
    await givenLongAgo(low.id);
    const paid = await claim(low.token, id);
    expect(paid.json().value.amount).toBe(8_800);

    const later = await member(1);
    await call(later.token, 'PUT', '/wps/member/info/birthday', { birthday: birthdayIn(40) });
    await givenLongAgo(later.id);
    const view = await seen(later.token, id);
    expect(view).toMatchObject({ status: 'join', reason: 'promotion_not_birthday' });
    expect(Date.parse(view.birthday.opensAt)).toBeGreaterThan(Date.now() + 38 * 86_400_000);
    const refused = await claim(later.token, id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('promotion_not_birthday');
    expect(await balanceOf(later.id)).toBe(0);
  });

  it('pays once under 20 simultaneous claims', async () => {
    const id = await birthdayPromotion({ levelBonuses: [] });
    const m = await member(0);
    await call(m.token, 'PUT', '/wps/member/info/birthday', { birthday: birthdayIn(-1) });
    await givenLongAgo(m.id);
    const answers = await Promise.all(Array.from({ length: 20 }, () => claim(m.token, id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(await balanceOf(m.id)).toBe(8_800);
  });
});
