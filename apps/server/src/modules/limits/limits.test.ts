// Player limits (issue 18 item 1): setting, lowering at once, raising only after 24 hours and the member's
// confirmation (a test clock, no sleeping), lapsing, bad input each with its own code and nothing changed, every
// money path refused over a limit with its own code and nothing written, periods that reset, and the audit trail.
import crypto from 'node:crypto';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { localise } from '../../http/messages.ts';
import { operatorAuth, testApp, vendorCaller } from '../../testing/test-app.ts';
import { lotteryMember, testDraw } from '../lottery/lottery-testing.ts';

const { app, services } = await testApp();
const vendorCall = await vendorCaller({ app, services });
const tala = await services.merchants.byCode('tala');
const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
services.slots.settings.paceMs = 0;

const realNow = () => new Date();
afterEach(() => {
  services.limits.clock.now = realNow;
});
/** Moves the limits' clock by `ms` from the wall clock. */
function later(ms: number) {
  services.limits.clock.now = () => new Date(Date.now() + ms);
}
const HOUR = 3_600_000;

function call(token: string, method: 'GET' | 'POST', url: string, payload?: object, language = 'EN') {
  return app.inject({
    method,
    url,
    headers: { merchant: 'tala', language, authorization: token },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });
}

async function member(funds = 0) {
  return lotteryMember(services, tala, funds);
}
const setLimit = (token: string, key: string, value: unknown, language = 'EN') =>
  call(token, 'POST', '/wps/relay/RG_setLimit', { key, value }, language);
const limitsOf = async (token: string) => (await call(token, 'GET', '/wps/relay/RG_getLimits')).json().value;
const limitOf = async (token: string, key: string) =>
  (await limitsOf(token)).limits.find((l: { key: string }) => l.key === key);
const balanceOf = async (id: number) =>
  services.wallet.balance(await services.wallet.memberAccount(tala.id, id));
async function auditActions(memberId: number) {
  const rows = await services.db
    .selectFrom('audit_log')
    .select(['action'])
    .where('target', 'like', `member:${memberId}:limit:%`)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.action);
}
async function ledgerLines(memberId: number) {
  const { rows } = await sql<{ n: string }>`SELECT count(*) AS n FROM ledger_postings p
    JOIN ledger_accounts a ON a.id = p.account_id WHERE a.member_id = ${memberId}`.execute(services.db);
  return Number(rows[0]?.n);
}

const title = services.slots.titles()[0] as { code: string; bets: number[] };
const smallestBet = Math.min(...title.bets);
let spins = 0;
const spin = (token: string, bet = smallestBet) =>
  call(token, 'POST', '/wps/relay/SLOTS_spin', {
    gameCode: title.code,
    bet,
    requestId: `lim-spin-${++spins}`,
  });

describe('setting a limit', () => {
  it('applies a first or a lower limit at once, and holds a raise or removal 24 hours for confirmation', async () => {
    const m = await member();
    const first = await setLimit(m.token, 'deposit_day', 50_000);
    expect(first.json(), first.body).toMatchObject({ success: true, value: { outcome: 'applied' } });
    expect((await limitOf(m.token, 'deposit_day')).value).toBe(50_000);

    expect((await setLimit(m.token, 'deposit_day', '30000')).json().value.outcome).toBe('applied');
    expect((await limitOf(m.token, 'deposit_day')).value).toBe(30_000);

    const raise = await setLimit(m.token, 'deposit_day', 80_000);
    expect(raise.json().value.outcome).toBe('pending');
    const pending = (await limitOf(m.token, 'deposit_day')) as {
      value: number;
      pending: { value: number; confirmable: boolean; confirmableAt: string };
    };
    expect(pending.value).toBe(30_000);
    expect(pending.pending).toMatchObject({ value: 80_000, confirmable: false });
    expect(new Date(pending.pending.confirmableAt).getTime() - Date.now()).toBeGreaterThan(23.9 * HOUR);

    // One hour before the 24 hours end: not yet, and the limit in force is still the lower one.
    later(23 * HOUR);
    const early = await call(m.token, 'POST', '/wps/relay/RG_confirmLimit', { key: 'deposit_day' });
    expect(early.statusCode).toBe(409);
    expect(early.json().errorCode).toBe('limit_raise_not_yet');
    expect((await limitOf(m.token, 'deposit_day')).value).toBe(30_000);

    later(24 * HOUR + 60_000);
    expect((await limitOf(m.token, 'deposit_day')).pending.confirmable).toBe(true);
    const confirmed = await call(m.token, 'POST', '/wps/relay/RG_confirmLimit', { key: 'deposit_day' });
    expect(confirmed.json(), confirmed.body).toMatchObject({ success: true });
    expect((await limitOf(m.token, 'deposit_day')).value).toBe(80_000);
    expect((await limitOf(m.token, 'deposit_day')).pending).toBeNull();

    // A removal waits the same way.
    services.limits.clock.now = realNow;
    expect((await setLimit(m.token, 'deposit_day', null)).json().value.outcome).toBe('pending');
    expect((await limitOf(m.token, 'deposit_day')).value).toBe(80_000);
    later(25 * HOUR);
    await call(m.token, 'POST', '/wps/relay/RG_confirmLimit', { key: 'deposit_day' });
    expect((await limitOf(m.token, 'deposit_day')).value).toBeNull();

    expect(await auditActions(m.id)).toEqual([
      'limits.set',
      'limits.set',
      'limits.raise.request',
      'limits.raise.confirm',
      'limits.remove.request',
      'limits.raise.confirm',
    ]);
  });

  it('lets an unconfirmed raise lapse, and a lower value or a cancel replaces a pending raise', async () => {
    const m = await member();
    await setLimit(m.token, 'loss_week', 10_000);
    await setLimit(m.token, 'loss_week', 20_000);
    later(24 * HOUR + 8 * 24 * HOUR);
    const lapsed = await call(m.token, 'POST', '/wps/relay/RG_confirmLimit', { key: 'loss_week' });
    expect(lapsed.json().errorCode).toBe('limit_raise_lapsed');
    const gone = await call(m.token, 'POST', '/wps/relay/RG_confirmLimit', { key: 'loss_week' });
    expect(gone.json().errorCode).toBe('limit_no_pending_change');
    expect((await limitOf(m.token, 'loss_week')).value).toBe(10_000);
    const history = await services.limits.history(m.id);
    expect(history.map((h) => h.status)).toContain('lapsed');

    services.limits.clock.now = realNow;
    await setLimit(m.token, 'loss_week', 20_000);
    const cancelled = await call(m.token, 'POST', '/wps/relay/RG_cancelLimitChange', { key: 'loss_week' });
    expect(
      cancelled.json().value.state.limits.find((l: { key: string }) => l.key === 'loss_week'),
    ).toMatchObject({ value: 10_000, pending: null });
    await setLimit(m.token, 'loss_week', 20_000);
    expect((await setLimit(m.token, 'loss_week', 5_000)).json().value.outcome).toBe('applied');
    expect(await limitOf(m.token, 'loss_week')).toMatchObject({ value: 5_000, pending: null });
    const none = await call(m.token, 'POST', '/wps/relay/RG_confirmLimit', { key: 'loss_week' });
    expect(none.json().errorCode).toBe('limit_no_pending_change');
  });

  it('refuses bad input, each with its own code naming the field, and changes nothing', async () => {
    const m = await member();
    await setLimit(m.token, 'wager_day', 10_000);
    const before = await limitsOf(m.token);
    const actions = await auditActions(m.id);
    const cases: [string, unknown, string][] = [
      ['wager_day', -500, 'amount_negative'],
      ['wager_day', '-5', 'amount_negative'],
      ['wager_day', 0, 'amount_zero'],
      ['wager_day', '0.00', 'amount_zero'],
      ['wager_day', 10.5, 'amount_too_precise'],
      ['wager_day', '100.25', 'amount_too_precise'],
      ['wager_day', 'ten', 'amount_not_a_number'],
      ['wager_day', 1_000_000_000_000, 'limit_above_maximum'],
      ['deposit_month', 2_000_000_001, 'limit_above_maximum'],
      ['session', 0, 'limit_session_minutes_invalid'],
      ['session', 2.5, 'limit_session_minutes_invalid'],
      ['session', 24 * 60, 'limit_above_maximum'],
    ];
    for (const [key, value, code] of cases) {
      const res = await setLimit(m.token, key, value);
      expect(res.statusCode, `${key}=${value}`).toBe(400);
      expect(res.json(), `${key}=${value}`).toMatchObject({
        success: false,
        errorCode: code,
        field: 'value',
      });
    }
    const unknown = await setLimit(m.token, 'deposit_year', 100);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().errorCode).toBe('validation_failed');
    expect(await limitsOf(m.token)).toEqual(before);
    expect(await auditActions(m.id)).toEqual(actions);
    // The messages say the rule, in Tagalog too.
    const ty = await setLimit(m.token, 'wager_day', 1_000_000_000_000, 'TY');
    expect(ty.json().message).toContain('pinakamataas');
  });

  it('is for real members only', async () => {
    const trial = await lotteryMember(services, tala, 0, 4);
    expect((await call(trial.token, 'GET', '/wps/relay/RG_getLimits')).json().errorCode).toBe(
      'in_need_true_account',
    );
    const anonymous = await app.inject({ url: '/wps/relay/RG_getLimits', headers: { merchant: 'tala' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('usage', () => {
  it('counts what happened earlier in the period from the first limit on, and resets with the period', async () => {
    const m = await member(100_000);
    await setLimit(m.token, 'deposit_day', 200_000);
    expect((await limitOf(m.token, 'deposit_day')).used).toBe(100_000);
    await setLimit(m.token, 'wager_day', 10 * smallestBet);
    for (let i = 0; i < 3; i++) expect((await spin(m.token)).statusCode).toBe(200);
    const day = await limitOf(m.token, 'wager_day');
    expect(day.used).toBe(3 * smallestBet);
    // Tomorrow the day's counters start again; the week's keep counting within the week.
    later(new Date(day.resetsAt).getTime() - Date.now() + 1000);
    expect((await limitOf(m.token, 'wager_day')).used).toBe(0);
  });
});

describe('every money path over a limit', () => {
  it('a bank deposit request counts pending deposits and is refused with the limit and its reset', async () => {
    const m = await member();
    await setLimit(m.token, 'deposit_day', 100_000);
    const signedIn = await services.members.authenticate(tala, m.token);
    const fields = { bankAccountId: 'bdo-main', payerName: 'Ana Reyes', reference: 'REF-4455' };
    await services.payments.depositByBank(tala, signedIn, { ...fields, amount: '60000' }, []);
    const over = await services.payments
      .depositByBank(tala, signedIn, { ...fields, amount: '50000' }, [])
      .then(
        () => undefined,
        (error: unknown) => error as AppError,
      );
    expect(over).toBeInstanceOf(AppError);
    expect(over?.code).toBe('limit_deposit_day_reached');
    expect(over?.status).toBe(409);
    expect(over?.details).toMatchObject({ limit: { key: 'deposit_day', value: 100_000, used: 60_000 } });
    const message = localise('limit_deposit_day_reached', 'EN', over?.params);
    expect(message).toMatch(/daily deposit limit of P1,000 \(P600 deposited or pending today\)/);
    expect(message).toMatch(/resets at \d+ \w+ \d{4}, 00:00/);
    expect(localise('limit_deposit_day_reached', 'TY', over?.params)).toMatch(
      /limitasyon sa deposito na P1,000/,
    );
    const { rows } = await sql<{
      n: string;
    }>`SELECT count(*) AS n FROM deposits WHERE member_id = ${m.id}`.execute(services.db);
    expect(Number(rows[0]?.n)).toBe(1);
  });

  it("an operator's approval is refused when the member lowered the limit since the request", async () => {
    const m = await member();
    const signedIn = await services.members.authenticate(tala, m.token);
    const made = await services.payments.depositByBank(
      tala,
      signedIn,
      { amount: '80000', bankAccountId: 'bdo-main', payerName: 'Ana Reyes', reference: 'REF-4455' },
      [],
    );
    await setLimit(m.token, 'deposit_week', 50_000);
    const approved = await app.inject({
      method: 'POST',
      url: `/admin-api/payments/deposits/${made.id}/approve`,
      headers: { authorization: finance },
    });
    expect(approved.statusCode).toBe(409);
    expect(approved.json().errorCode).toBe('limit_deposit_week_reached');
    expect(await balanceOf(m.id)).toBe(0);
    expect((await limitOf(m.token, 'deposit_week')).used).toBe(0);
  });

  it('a slot spin, refused over the wager limit with nothing written', async () => {
    const m = await member(100_000);
    await setLimit(m.token, 'wager_day', 2 * smallestBet);
    expect((await spin(m.token)).statusCode).toBe(200);
    expect((await spin(m.token)).statusCode).toBe(200);
    const balance = await balanceOf(m.id);
    const lines = await ledgerLines(m.id);
    const refused = await spin(m.token);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'limit_wager_day_reached',
      limit: { key: 'wager_day' },
    });
    expect(await balanceOf(m.id)).toBe(balance);
    expect(await ledgerLines(m.id)).toBe(lines);
    expect((await call(m.token, 'GET', '/wps/relay/SLOTS_recall')).json().value.list).toHaveLength(2);
  });

  it('a lottery bet and a chase, refused over the loss limit with nothing written', async () => {
    const m = await member(100_000);
    const draw = await testDraw(services, tala, { closes: 120_000 });
    const next = await testDraw(services, tala, { closes: 180_000 });
    await setLimit(m.token, 'loss_month', 1_000);
    const body = (stakePerLine: number) => ({
      gameCode: 'VNN1',
      issueNo: draw.issueNo,
      betType: 'de',
      prizeMode: 'Lott',
      picks: [7],
      stakePerLine,
      requestId: crypto.randomUUID(),
    });
    const ok = await call(m.token, 'POST', '/lgw/vn/bets', body(600));
    expect(ok.statusCode, ok.body).toBe(200);
    const lines = await ledgerLines(m.id);
    const refused = await call(m.token, 'POST', '/lgw/vn/bets', body(500));
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'limit_loss_month_reached',
      limit: { key: 'loss_month', value: 1_000, used: 600 },
    });
    const chase = await call(m.token, 'POST', '/lgw/vn/chases', {
      ...body(300),
      issueNo: draw.issueNo,
      issues: 2,
      stopOnWin: false,
    });
    expect(chase.json().errorCode, chase.body).toBe('limit_loss_month_reached');
    expect(await ledgerLines(m.id)).toBe(lines);
    expect(await balanceOf(m.id)).toBe(100_000 - 600);
    void next;
  });

  it("a vendor's bet through the seamless wallet, refused by our callback with the limit's code", async () => {
    const m = await member(100_000);
    await setLimit(m.token, 'wager_week', 1_000);
    const game = (
      await app.inject({
        url: '/wps/relay/GCSGAME_gameList?vassalage=MABUHAY_RNG&pageSize=1',
        headers: { merchant: 'tala' },
      })
    ).json().value.list[0];
    const launched = await call(m.token, 'GET', `/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`);
    expect(launched.statusCode, launched.body).toBe(200);
    const gameToken = new URL(launched.json().value.url, 'http://x').searchParams.get('token') as string;
    const auth = (await vendorCall('authenticate', { token: gameToken })).json().value;
    const bet = (id: string, amount: number) =>
      vendorCall('bet', {
        token: gameToken,
        playerId: auth.playerId,
        transactionId: id,
        roundId: id,
        gameCode: auth.gameCode,
        amount,
      });
    expect((await bet('lim-v1', 700)).statusCode).toBe(200);
    // A win takes from the loss, not from the wager.
    const won = await vendorCall('win', {
      playerId: auth.playerId,
      transactionId: 'lim-v1-win',
      roundId: 'lim-v1',
      gameCode: auth.gameCode,
      amount: 300,
    });
    expect(won.statusCode, won.body).toBe(200);
    const lines = await ledgerLines(m.id);
    const refused = await bet('lim-v2', 400);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      errorCode: 'limit_wager_week_reached',
      limit: { key: 'wager_week', value: 1_000, used: 700 },
    });
    expect(await ledgerLines(m.id)).toBe(lines);
    expect(await balanceOf(m.id)).toBe(100_000 - 700 + 300);
    expect(await limitOf(m.token, 'loss_week')).toMatchObject({ used: 400 });
    expect((await bet('lim-v3', 300)).statusCode).toBe(200);
  });

  it('a transfer into a game wallet, refused over the loss limit; a transfer back counts as won back', async () => {
    const m = await member(100_000);
    await setLimit(m.token, 'loss_day', 30_000);
    const move = (direction: 'in' | 'out', amount: number) =>
      call(m.token, 'POST', '/wps/relay/GCS_walletTransfer', {
        vendorCode: 'TALA_SPORTS',
        direction,
        amount,
      });
    expect((await move('in', 20_000)).statusCode).toBe(200);
    const refused = await move('in', 20_000);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errorCode).toBe('limit_loss_day_reached');
    expect(await balanceOf(m.id)).toBe(80_000);
    expect((await move('out', 15_000)).statusCode).toBe(200);
    expect((await limitOf(m.token, 'loss_day')).used).toBe(5_000);
    expect((await move('in', 20_000)).statusCode).toBe(200);
  });

  it('a launch and a bet, refused once the session time limit is reached, until the next login', async () => {
    const m = await member(100_000);
    await setLimit(m.token, 'session', 30);
    const game = (
      await app.inject({
        url: '/wps/relay/GCSGAME_gameList?vassalage=MABUHAY_RNG&pageSize=1',
        headers: { merchant: 'tala' },
      })
    ).json().value.list[0];
    const launch = () => call(m.token, 'GET', `/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`);
    expect((await launch()).statusCode).toBe(200);
    later(31 * 60_000);
    const refused = await launch();
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      errorCode: 'limit_session_reached',
      limit: { key: 'session', value: 30 },
    });
    expect(refused.json().message).toContain('30 minutes');
    const spun = await spin(m.token);
    expect(spun.json().errorCode).toBe('limit_session_reached');
    // A new login starts a new session.
    const { token } = await services.db
      .transaction()
      .execute((trx) => services.members.startSession(trx, tala, m.id, '127.0.0.1'));
    services.limits.clock.now = () => new Date(Date.now() + 60_000);
    expect((await call(token, 'GET', `/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`)).statusCode).toBe(
      200,
    );
  });

  it("keeps the row's copy of the live session's login time as sessions start, end and go, and checks every limit written", async () => {
    const m = await member();
    const startedAt = async () => {
      const { rows } = await sql<{ copy: Date | null; live: Date | null }>`
        SELECT l.session_started_at AS copy,
               (SELECT max(s.created_at) FROM member_sessions s
                 WHERE s.member_id = l.member_id AND s.revoked_at IS NULL) AS live
          FROM member_limits l WHERE l.member_id = ${m.id}`.execute(services.db);
      return rows[0];
    };
    // The first limit's row takes the login time of the session the member set it from (migration 091).
    await setLimit(m.token, 'session', 60);
    const first = await startedAt();
    expect(first?.copy).toBeInstanceOf(Date);
    expect(first?.copy).toEqual(first?.live);
    // A newer login is the live session's start; ending it goes back to the older one; ending all leaves none.
    await sql`INSERT INTO member_sessions (token_hash, member_id, merchant_id, created_at)
      VALUES (${crypto.randomBytes(32)}, ${m.id}, ${tala.id}, now() + interval '5 minutes')`.execute(
      services.db,
    );
    const newer = await startedAt();
    expect(newer?.copy?.getTime()).toBeGreaterThan(first?.copy?.getTime() ?? 0);
    expect(newer?.copy).toEqual(newer?.live);
    await sql`UPDATE member_sessions SET revoked_at = now()
      WHERE member_id = ${m.id} AND created_at > now()`.execute(services.db);
    expect((await startedAt())?.copy).toEqual(first?.copy);
    await sql`DELETE FROM member_sessions WHERE member_id = ${m.id} AND revoked_at IS NOT NULL`.execute(
      services.db,
    );
    await sql`UPDATE member_sessions SET revoked_at = now() WHERE member_id = ${m.id}`.execute(services.db);
    expect(await startedAt()).toEqual({ copy: null, live: null });
    // The limits' own rule holds for every value written into a limit column (the columns' domains).
    for (const column of ['deposit_day', 'loss_month', 'wager_week', 'session_minutes']) {
      await expect(
        sql`UPDATE member_limits SET ${sql.ref(column)} = 0 WHERE member_id = ${m.id}`.execute(services.db),
      ).rejects.toThrow(/violates check constraint/);
    }
    const { rows } = await sql<{ session_minutes: number }>`
      SELECT session_minutes FROM member_limits WHERE member_id = ${m.id}`.execute(services.db);
    expect(rows[0]?.session_minutes).toBe(60);
  });
});
