// The agent centre's calls (issue 12, item 2): the team's reports read from the tree as it was, only ever the
// caller's own team, the accounts an agent opens under itself, notices to agents, and the refusals of bad input.
import crypto from 'node:crypto';
import type { RangePreset } from '@tala/contracts/agents';
import { addDays, dayOf } from '@tala/contracts/calendar';
import { announcementBody } from '@tala/contracts/content';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { register } from '../members/member-fixtures.ts';
import { rangeOf } from './agents.service.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
const operator = { id: 1, name: 'owner', ip: '127.0.0.1' };

// Rounds here follow one another at once; the pace is the slots tests' subject.
services.slots.settings.paceMs = 0;

async function member(type: number, uplineId: number | null = null, funds = 0) {
  const username = `ag${crypto.randomBytes(4).toString('hex')}`;
  const id = await services.members.create(tala, { username, password: 'secret123', type, uplineId });
  if (funds > 0) {
    const account = await services.wallet.memberAccount(tala.id, id);
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    await services.wallet.transfer(services.db, {
      merchantId: tala.id,
      idempotencyKey: `agents-test-funds-${id}`,
      type: 'adjustment',
      from: clearing,
      to: account,
      amount: funds,
      actor: { type: 'system' },
    });
  }
  const { token } = await services.db
    .transaction()
    .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
  return { id, username, token };
}

const headers = (token?: string, language = 'EN') => ({
  merchant: 'tala',
  language,
  ...(token ? { authorization: token } : {}),
});
const get = (url: string, token?: string, language?: string) =>
  app.inject({ url, headers: headers(token, language) });
const put = (url: string, payload: object, token?: string) =>
  app.inject({ method: 'PUT', url, headers: headers(token), payload });
/** The overview reads the team rollups: the job's every-minute run (today and yesterday) brings them up to date. */
const rollUp = () => services.agents.rollTeams({ newest: 0, oldest: 1 });
let spins = 0;
const spin = (token: string, bet = 100) =>
  app.inject({
    method: 'POST',
    url: '/wps/relay/SLOTS_spin',
    headers: headers(token),
    payload: { gameCode: 'TALA-RNG-0001', bet, requestId: `agent-spin-${Date.now()}-${++spins}` },
  });

async function approvedDeposit(m: { id: number }, amount: number) {
  const signedIn = await services.members.byId(m.id);
  const deposit = await services.payments.depositByBank(
    tala,
    { ...(signedIn as NonNullable<typeof signedIn>), tokenHash: Buffer.alloc(32) },
    { amount: String(amount), bankAccountId: 'bdo-main', payerName: 'Ana Reyes', reference: 'AG-1' },
    [],
  );
  await services.payments.approveDeposit(operator, deposit.id);
}

// A tree: top ─ sub ─ player, and a sibling agent with its own player; plus a plain member and a trial one.
const top = await member(1);
const sub = await member(1, top.id);
const player = await member(0, sub.id, 100_000);
const sibling = await member(2);
const siblingPlayer = await member(0, sibling.id, 100_000);
const plain = await member(0);
const trial = await member(4);

for (let i = 0; i < 3; i++) expect((await spin(player.token)).statusCode).toBe(200);
expect((await spin(siblingPlayer.token, 200)).statusCode).toBe(200);
await approvedDeposit(player, 50_000);

const endpoints = [
  '/wps/agent/overview',
  '/wps/agent/team',
  '/wps/agent/bets',
  '/wps/agent/profitLoss',
  '/wps/agent/transactions',
  '/wps/agent/announcements',
  '/wps/agent/affiliateLink',
  '/wps/agent/contracts?kind=dailySalary',
  '/wps/agent/income',
];

describe('who may call the agent centre', () => {
  it('refuses guests, trial members and members who are not agents on every call', async () => {
    for (const url of endpoints) {
      expect((await get(url)).json(), url).toMatchObject({ errorCode: 'not_logged_in' });
      expect((await get(url, trial.token)).json(), url).toMatchObject({ errorCode: 'in_need_true_account' });
      const refused = await get(url, plain.token);
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json(), url).toMatchObject({ errorCode: 'error_not_agent' });
    }
    const opened = await put(
      '/wps/agent/register',
      { accountType: 'member', username: 'nobodyx1', password: 'secret123', confirmPassword: 'secret123' },
      plain.token,
    );
    expect(opened.json()).toMatchObject({ errorCode: 'error_not_agent' });
  });

  it("never shows another agent's members, nor an upline's, by name or in totals", async () => {
    for (const url of ['/wps/agent/bets', '/wps/agent/profitLoss', '/wps/agent/transactions']) {
      const sideways = await get(`${url}?username=${siblingPlayer.username}`, top.token);
      expect(sideways.statusCode, url).toBe(403);
      expect(sideways.json(), url).toMatchObject({ errorCode: 'not_in_downline', field: 'username' });
      const upwards = await get(`${url}?username=${top.username}`, sub.token);
      expect(upwards.json(), url).toMatchObject({ errorCode: 'not_in_downline' });
      const self = await get(`${url}?username=${top.username}`, top.token);
      expect(self.json(), url).toMatchObject({ errorCode: 'not_in_downline' });
    }
    // Team management's search: a sibling's member, the sibling itself or the upline, by full name or part of it,
    // finds nothing at either scope (and the search is answered, not refused: the names are simply not in the team).
    for (const scope of ['direct', 'all'])
      for (const [name, token] of [
        [siblingPlayer.username, top.token],
        [siblingPlayer.username.slice(0, 6), sub.token],
        [sibling.username, top.token],
        [top.username, sub.token],
      ] as const) {
        const found = await get(`/wps/agent/team?scope=${scope}&q=${name}`, token);
        expect(found.statusCode, `${scope} ${name}`).toBe(200);
        const names = found.json().value.list.map((m: { username: string }) => m.username);
        expect(names, `${scope} ${name}`).not.toContain(siblingPlayer.username);
        expect(names, `${scope} ${name}`).not.toContain(sibling.username);
        expect(names, `${scope} ${name}`).not.toContain(top.username);
      }
    const bySiblingName = await get(`/wps/agent/team?scope=all&q=${siblingPlayer.username}`, top.token);
    expect(bySiblingName.json().value).toMatchObject({ list: [], total: 0 });
    const siblingTeam = (await get('/wps/agent/team?scope=all', sibling.token)).json().value;
    expect(siblingTeam.list.map((m: { username: string }) => m.username)).toEqual([siblingPlayer.username]);
    const siblingBets = (await get('/wps/agent/bets', sibling.token)).json().value;
    expect(siblingBets.list.map((r: { username: string }) => r.username)).toEqual([siblingPlayer.username]);
  });
});

describe('reports', () => {
  it('sums the whole team in the overview, at every level', async () => {
    await rollUp();
    const overview = await get('/wps/agent/overview?range=today', top.token);
    expect(overview.statusCode, overview.body).toBe(200);
    expect(overview.json().value).toMatchObject({
      teamSize: 2,
      directSize: 1,
      newMembers: 2,
      activeMembers: 1,
      validBet: 300,
      deposits: 50_000,
      depositCount: 1,
      firstDeposits: 1,
      withdrawals: 0,
    });
    const value = overview.json().value;
    expect(value.profitLoss).toBe(value.payout - value.validBet);
    const ofSub = (await get('/wps/agent/overview?range=thisMonth', sub.token)).json().value;
    expect(ofSub).toMatchObject({ teamSize: 1, directSize: 1, validBet: 300, depositCount: 1 });
    const ofSibling = (await get('/wps/agent/overview', sibling.token)).json().value;
    expect(ofSibling).toMatchObject({ teamSize: 1, validBet: 200, deposits: 0 });
    const yesterday = (await get('/wps/agent/overview?range=yesterday', top.token)).json().value;
    expect(yesterday).toMatchObject({ validBet: 0, newMembers: 0, teamSize: 2 });
  });

  it('lists the team, direct or at every level, with balances and a name filter', async () => {
    const direct = (await get('/wps/agent/team', top.token)).json().value;
    expect(direct.list).toEqual([
      expect.objectContaining({ username: sub.username, level: 1, type: 1, downlineSize: 1, balance: 0 }),
    ]);
    const all = (await get('/wps/agent/team?scope=all', top.token)).json().value;
    expect(all.total).toBe(2);
    const row = all.list.find((m: { username: string }) => m.username === player.username);
    expect(row).toMatchObject({ level: 2, type: 0, status: 'active', downlineSize: 0 });
    expect(row.balance).toBeGreaterThan(0);
    const filtered = (
      await get(`/wps/agent/team?scope=all&q=${player.username.slice(0, 6)}`, top.token)
    ).json().value;
    expect(filtered.list.some((m: { username: string }) => m.username === player.username)).toBe(true);
    expect(filtered.list.some((m: { username: string }) => m.username === sub.username)).toBe(false);
  });

  it("shows the team's bets, profit and loss by member and product, and money movements", async () => {
    const bets = (await get('/wps/agent/bets?range=today', top.token)).json().value;
    expect(bets.total).toBe(3);
    expect(bets.totals.bet).toBe(300);
    expect(bets.list[0]).toMatchObject({ username: player.username, product: 'RNG', bet: 100 });
    const one = (await get(`/wps/agent/bets?username=${player.username.toUpperCase()}`, sub.token)).json()
      .value;
    expect(one.total).toBe(3);

    const pl = (await get('/wps/agent/profitLoss?range=thisWeek', top.token)).json().value;
    expect(pl.list).toEqual([
      expect.objectContaining({
        username: player.username,
        products: [expect.objectContaining({ product: 'RNG', count: 3, bet: 300 })],
      }),
    ]);
    expect(pl.totals.bet).toBe(300);
    expect(pl.totals.profit).toBe(pl.totals.win - 300);

    const moves = (await get('/wps/agent/transactions', top.token)).json().value;
    expect(moves.list.map((l: { type: string; username: string }) => [l.type, l.username])).toEqual([
      ['deposit', player.username],
      ['adjustment', player.username],
    ]);
    const deposits = (await get('/wps/agent/transactions?type=deposit', top.token)).json().value;
    expect(deposits.list).toEqual([expect.objectContaining({ type: 'deposit', amount: 50_000 })]);
    const bettingIsNotHere = await get('/wps/agent/transactions?type=bet', top.token);
    expect(bettingIsNotHere.statusCode).toBe(400);
  });

  it('keeps history when a member moves: last period counts where the member was then', async () => {
    const mover = await member(0, sub.id, 10_000);
    expect((await spin(mover.token, 200)).statusCode).toBe(200);
    const moved = await app.inject({
      method: 'PUT',
      url: `/admin-api/members/${mover.id}/upline`,
      headers: { authorization: owner },
      payload: { uplineUsername: sibling.username, reason: 'Asked to join the other agent' },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect((await spin(mover.token, 100)).statusCode).toBe(200);
    await rollUp();
    const forTop = (await get('/wps/agent/overview', top.token)).json().value;
    expect(forTop.validBet).toBe(300 + 200);
    const forSibling = (await get('/wps/agent/overview', sibling.token)).json().value;
    expect(forSibling.validBet).toBe(200 + 100);
    expect(forSibling.teamSize).toBe(2);
    // The agent it left cannot name it any more.
    expect((await get(`/wps/agent/bets?username=${mover.username}`, top.token)).json()).toMatchObject({
      errorCode: 'not_in_downline',
    });
  });

  it('refuses ranges in the future, over a year, or without their dates', async () => {
    const today = dayOf(new Date(), tala.settings.whitelabel.timeZone);
    const future = await get(
      `/wps/agent/overview?range=custom&from=${today}&to=${addDays(today, 1)}`,
      top.token,
    );
    expect(future.statusCode).toBe(400);
    expect(future.json()).toMatchObject({ errorCode: 'range_in_future', field: 'to' });
    const long = await get(
      `/wps/agent/bets?range=custom&from=${addDays(today, -400)}&to=${today}`,
      top.token,
    );
    expect(long.json()).toMatchObject({ errorCode: 'range_too_long' });
    const tagalog = await get(
      `/wps/agent/bets?range=custom&from=${addDays(today, -400)}&to=${today}`,
      top.token,
      'TY',
    );
    expect(tagalog.json().message).toContain('araw');
    const missing = await get('/wps/agent/profitLoss?range=custom', top.token);
    expect(missing.json()).toMatchObject({ errorCode: 'validation_failed', field: 'from' });
    const backwards = await get(
      `/wps/agent/transactions?range=custom&from=${today}&to=${addDays(today, -1)}`,
      top.token,
    );
    expect(backwards.json()).toMatchObject({ errorCode: 'validation_failed', field: 'to' });
    const ok = await get(
      `/wps/agent/overview?range=custom&from=${addDays(today, -365)}&to=${today}`,
      top.token,
    );
    expect(ok.statusCode).toBe(200);
  });

  it('reads presets in the merchant calendar, weeks from Monday', () => {
    const merchant = {
      ...tala,
      settings: { ...tala.settings, whitelabel: { ...tala.settings.whitelabel, timeZone: 'Asia/Manila' } },
    };
    // Wednesday 2026-11-25, 01:00 in Manila (the previous day in UTC).
    const now = new Date('2026-11-24T17:00:00Z');
    const of = (range: Exclude<RangePreset, 'custom'>) => {
      const r = rangeOf(merchant, { range }, now);
      return [r.from, r.to];
    };
    expect(of('today')).toEqual(['2026-11-25', '2026-11-25']);
    expect(of('yesterday')).toEqual(['2026-11-24', '2026-11-24']);
    expect(of('thisWeek')).toEqual(['2026-11-23', '2026-11-25']);
    expect(of('lastWeek')).toEqual(['2026-11-16', '2026-11-22']);
    expect(of('thisMonth')).toEqual(['2026-11-01', '2026-11-25']);
    expect(of('lastMonth')).toEqual(['2026-10-01', '2026-10-31']);
    expect(of('last7')).toEqual(['2026-11-19', '2026-11-25']);
    expect(of('last30')).toEqual(['2026-10-27', '2026-11-25']);
    expect(rangeOf(merchant, { range: 'today' }, now).start.toISOString()).toBe('2026-11-24T16:00:00.000Z');
  });
});

describe('register account', () => {
  it('opens a member or a sub-agent directly under the agent, who must change the password', async () => {
    const username = `nm${crypto.randomBytes(3).toString('hex')}`;
    const opened = await put(
      '/wps/agent/register',
      { accountType: 'member', username, password: 'secret123', confirmPassword: 'secret123' },
      sub.token,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().value).toMatchObject({ username, type: 0, affiliateCode: null });
    const made = await services.members.byAccount(tala.id, username);
    expect(made).toMatchObject({ upline_id: sub.id, must_change_password: true });
    expect(await services.members.downlineDepth(top.id, made?.id as number)).toBe(2);

    const agentName = `na${crypto.randomBytes(3).toString('hex')}`;
    const agent = await put(
      '/wps/agent/register',
      { accountType: 'agent', username: agentName, password: 'secret123', confirmPassword: 'secret123' },
      sub.token,
    );
    expect(agent.json().value).toMatchObject({ username: agentName, type: 1 });
    expect(agent.json().value.affiliateCode).toMatch(/^[A-Z2-9]{8}$/);

    const again = await put(
      '/wps/agent/register',
      { accountType: 'member', username, password: 'secret123', confirmPassword: 'secret123' },
      top.token,
    );
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ errorCode: 'username_taken' });
  });

  it('applies the registration rules and names each failing field', async () => {
    const bad = await put(
      '/wps/agent/register',
      { accountType: 'member', username: 'a', password: '1', confirmPassword: '2' },
      top.token,
    );
    expect(bad.statusCode).toBe(400);
    const fields = JSON.stringify(bad.json());
    for (const field of ['username', 'password', 'confirmPassword']) expect(fields).toContain(field);
    const nul = await put(
      '/wps/agent/register',
      { accountType: 'member', username: 'ab\u0000cd', password: 'secret123', confirmPassword: 'secret123' },
      top.token,
    );
    expect(nul.statusCode).toBe(400);
    const kind = await put(
      '/wps/agent/register',
      { accountType: 'owner', username: 'abcdefg', password: 'secret123', confirmPassword: 'secret123' },
      top.token,
    );
    expect(kind.statusCode).toBe(400);
  });
});

describe('announcements and the affiliate link', () => {
  it('shows notices addressed to agents in the agent centre only', async () => {
    const title = `Agent notice ${crypto.randomBytes(3).toString('hex')}`;
    await services.content.saveAnnouncement(
      operator,
      'tala',
      null,
      announcementBody.parse({
        type: 'B',
        contentGroup: 'agent',
        texts: {
          EN: { title, content: '<p>New rates from Monday.</p>' },
          TY: { title: `${title} TY`, content: '<p>Bago</p>' },
        },
      }),
    );
    const list = (await get('/wps/agent/announcements', top.token)).json().value;
    expect(list.list.map((a: { title: string }) => a.title)).toContain(title);
    const tagalog = (await get('/wps/agent/announcements', top.token, 'TY')).json().value;
    expect(tagalog.list.map((a: { title: string }) => a.title)).toContain(`${title} TY`);
    for (const query of ['', '?contentGroup=agent', '?contentGroup=agent,player']) {
      const publicList = (await get(`/wps/relay/MCSFE_getListAnnouncements${query}`)).json().value;
      expect(
        publicList.list.map((a: { title: string }) => a.title),
        query,
      ).not.toContain(title);
    }
  });

  it('gives the agent its affiliate code and link; a registration through it lands under the agent', async () => {
    const link = (await get('/wps/agent/affiliateLink', sibling.token)).json().value;
    expect(link.code).toMatch(/^[A-Z2-9]{8}$/);
    expect(link.link.endsWith(`/register?affiliateCode=${link.code}`)).toBe(true);
    expect((await get('/wps/agent/affiliateLink', sibling.token)).json().value.code).toBe(link.code);
    const checked = await get(`/wps/agent/affiliate?code=${link.code.toLowerCase()}`);
    expect(checked.json().value).toMatchObject({ code: link.code, valid: true });
    const joined = await register(app, { affiliateCode: link.code }, { merchant: 'tala' });
    expect(joined.statusCode, joined.body).toBe(200);
    const team = (await get('/wps/agent/team', sibling.token)).json().value;
    expect(team.total).toBe(3);
  });

  it('makes an applicant an agent when an owner approves the join application with its account', async () => {
    const applicant = await member(0);
    const sent = await app.inject({
      method: 'POST',
      url: '/wps/relay/MCSFE_submitAffiliateApplication',
      headers: { merchant: 'tala' },
      payload: {
        name: 'Maria Santos',
        email: 'maria@example.ph',
        mobile: '+63 917 555 0101',
        contactType: 'telegram',
        contactId: '@mariasantos',
        trafficSource: 'social',
      },
    });
    const id = sent.json().value.id;
    const url = `/admin-api/merchants/tala/affiliate-applications/${id}`;
    const support = await operatorAuth(app, 'support', 'support-demo-1');
    const patch = (auth: string, payload: object) =>
      app.inject({ method: 'PATCH', url, headers: { authorization: auth }, payload });
    expect((await patch(support, { status: 'approved', memberAccount: applicant.username })).statusCode).toBe(
      403,
    );
    expect(
      (await patch(owner, { status: 'contacted', memberAccount: applicant.username })).json(),
    ).toMatchObject({
      errorCode: 'validation_failed',
      field: 'memberAccount',
    });
    expect((await patch(owner, { status: 'approved', memberAccount: 'nobody-here' })).json()).toMatchObject({
      errorCode: 'not_found',
      field: 'memberAccount',
    });
    expect((await patch(owner, { status: 'approved', memberAccount: trial.username })).json()).toMatchObject({
      errorCode: 'in_need_true_account',
    });
    // Nothing was half-done by the refusals.
    expect((await services.members.byAccount(tala.id, applicant.username))?.type).toBe(0);
    const approved = await patch(owner, {
      status: 'approved',
      memberAccount: applicant.username,
      operatorNote: 'Met her',
    });
    expect(approved.json().value, approved.body).toMatchObject({ status: 'approved' });
    const promoted = await services.members.byAccount(tala.id, applicant.username);
    expect(promoted?.type).toBe(1);
    expect(promoted?.affiliate_code).toMatch(/^[A-Z2-9]{8}$/);
    expect((await get('/wps/agent/overview', applicant.token)).statusCode).toBe(200);
  });
});
