import crypto from 'node:crypto';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { testApp, vendorCaller } from '../../testing/test-app.ts';
import { testDraw } from '../lottery/lottery-testing.ts';

const { app, services } = await testApp();
const vendorCall = await vendorCaller({ app, services });
const tala = await services.merchants.byCode('tala');

beforeAll(() => {
  services.slots.settings.paceMs = 0;
});

async function member(funds: number) {
  const id = await services.members.create(tala, {
    username: `r${crypto.randomBytes(5).toString('hex')}`,
    password: 'secret-pass-1',
  });
  if (funds > 0) {
    const account = await services.wallet.memberAccount(tala.id, id);
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    await services.wallet.transfer(services.db, {
      merchantId: tala.id,
      idempotencyKey: `reality-test-deposit-${id}`,
      type: 'deposit',
      from: clearing,
      to: account,
      amount: funds,
      actor: { type: 'system' },
    });
  }
  return { id, token: await login(id) };
}

async function login(id: number) {
  const { token } = await services.db
    .transaction()
    .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
  return token;
}

const headers = (token?: string) => ({ merchant: 'tala', ...(token ? { authorization: token } : {}) });
const get = (url: string, token?: string) => app.inject({ url, headers: headers(token) });
const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, headers: headers(token), payload: payload as object });
let requests = 0;
const requestId = () => `req-${Date.now().toString(36)}-${++requests}`;
const status = async (token: string) => (await get('/wps/relay/SAFER_realityCheck', token)).json();
const choose = (token: string, intervalMinutes: unknown) =>
  post('/wps/relay/SAFER_setRealityCheck', { intervalMinutes }, token);
const spin = (token: string) =>
  post('/wps/relay/SLOTS_spin', { gameCode: 'TALA-RNG-0001', bet: 100, requestId: requestId() }, token);

/** As if the member had logged in, and last chosen their interval, `minutes` ago. */
async function playedFor(memberId: number, minutes: number) {
  const shift = `${minutes} minutes`;
  await sql`UPDATE member_sessions SET created_at = created_at - ${shift}::interval
             WHERE member_id = ${memberId} AND revoked_at IS NULL`.execute(services.db);
  await sql`UPDATE reality_check_choices SET changed_at = changed_at - ${shift}::interval
             WHERE member_id = ${memberId}`.execute(services.db);
}

async function vendorSession(token: string) {
  const game = (
    await app.inject({
      url: '/wps/relay/GCSGAME_gameList?vassalage=MABUHAY_RNG&pageSize=1',
      headers: { merchant: 'tala' },
    })
  ).json().value.list[0];
  const launched = await get(`/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`, token);
  const gameToken = new URL(launched.json().value.url, 'http://x').searchParams.get('token') as string;
  const auth = (await vendorCall('authenticate', { token: gameToken })).json().value;
  return (transactionId: string, amount: number) =>
    vendorCall('bet', {
      token: gameToken,
      playerId: auth.playerId,
      transactionId,
      roundId: transactionId,
      gameCode: auth.gameCode,
      amount,
    });
}

describe('choosing the interval', () => {
  it('takes off or 15 to 120 minutes, and refuses anything else with its own code, changing nothing', async () => {
    const m = await member(0);
    const first = await status(m.token);
    expect(first.value).toMatchObject({
      chosenMinutes: null,
      intervalMinutes: 60,
      merchantDefaultMinutes: 60,
    });
    for (const [value, code] of [
      ['abc', 'reality_check_interval_not_a_number'],
      [null, 'reality_check_interval_not_a_number'],
      [true, 'reality_check_interval_not_a_number'],
      [14, 'reality_check_interval_out_of_range'],
      [121, 'reality_check_interval_out_of_range'],
      [-15, 'reality_check_interval_out_of_range'],
      [30.5, 'reality_check_interval_out_of_range'],
    ] as const) {
      const refused = await choose(m.token, value);
      expect([refused.statusCode, refused.json().errorCode, refused.json().field], String(value)).toEqual([
        400,
        code,
        'intervalMinutes',
      ]);
    }
    expect((await status(m.token)).value.chosenMinutes).toBeNull();
    for (const minutes of [15, 120, 0, '45']) {
      const saved = await choose(m.token, minutes);
      expect(saved.statusCode).toBe(200);
      expect(saved.json().value.chosenMinutes).toBe(Number(minutes));
    }
    const off = (await choose(m.token, 0)).json().value;
    expect([off.intervalMinutes, off.nextCheckAt, off.due]).toEqual([0, null, false]);
  });

  it('is a real member’s own: guests are refused', async () => {
    expect((await get('/wps/relay/SAFER_realityCheck')).statusCode).toBe(401);
    expect((await choose('', 30)).statusCode).toBe(401);
  });
});

describe('a check due pauses play', () => {
  it('refuses slot spins while the check is unanswered, and takes them again after continue', async () => {
    const m = await member(100_000);
    await choose(m.token, 15);
    expect((await spin(m.token)).statusCode).toBe(200);
    await playedFor(m.id, 16);
    // The guard's memory of "not due" ends at the member's next check: the shifted clock is read again.
    await choose(m.token, 15);
    await playedFor(m.id, 16);
    const due = (await status(m.token)).value;
    expect(due.due).toBe(true);
    const refused = await spin(m.token);
    expect([refused.statusCode, refused.json().errorCode]).toEqual([409, 'reality_check_due']);

    const answered = await post('/wps/relay/SAFER_answerRealityCheck', { answer: 'continue' }, m.token);
    expect(answered.statusCode).toBe(200);
    expect(answered.json().value.due).toBe(false);
    // The next check is a whole interval after the answer.
    const next = new Date(answered.json().value.nextCheckAt).getTime();
    expect(next - Date.now()).toBeGreaterThan(14 * 60_000);
    expect((await spin(m.token)).statusCode).toBe(200);
    // Nothing is due now: a second answer says so and changes nothing.
    const again = await post('/wps/relay/SAFER_answerRealityCheck', { answer: 'continue' }, m.token);
    expect([again.statusCode, again.json().errorCode]).toEqual([409, 'reality_check_not_due']);
  });

  it('refuses lottery bets while due, and after continue takes them', async () => {
    const m = await member(100_000);
    await choose(m.token, 15);
    await playedFor(m.id, 20);
    const { issueNo } = await testDraw(services, tala, { closes: 120_000 });
    const bet = () =>
      post(
        '/lgw/vn/bets',
        {
          gameCode: 'VNN1',
          issueNo,
          betType: 'lo2',
          prizeMode: 'Lott',
          picks: [7, 45],
          stakePerLine: 1000,
          requestId: requestId(),
        },
        m.token,
      );
    const refused = await bet();
    expect([refused.statusCode, refused.json().errorCode]).toEqual([409, 'reality_check_due']);
    await post('/wps/relay/SAFER_answerRealityCheck', { answer: 'continue' }, m.token);
    expect((await bet()).statusCode).toBe(200);
  });

  it('refuses a vendor’s seamless bet while due (a game that skips the dialog cannot play), then takes it', async () => {
    const m = await member(100_000);
    const bet = await vendorSession(m.token);
    await choose(m.token, 15);
    await playedFor(m.id, 15);
    const refused = await bet(`rc-${requestId()}`, 500);
    expect([refused.statusCode, refused.json().errorCode]).toEqual([409, 'reality_check_due']);
    await post('/wps/relay/SAFER_answerRealityCheck', { answer: 'continue' }, m.token);
    const taken = await bet(`rc-${requestId()}`, 500);
    expect(taken.statusCode).toBe(200);
    expect(taken.json().value.balance).toBe(99_500);
  });

  it('follows the merchant’s default for a member without a choice, and a new login restarts the count', async () => {
    const m = await member(100_000);
    await playedFor(m.id, 61);
    expect((await status(m.token)).value).toMatchObject({
      chosenMinutes: null,
      intervalMinutes: 60,
      due: true,
    });
    expect((await spin(m.token)).json().errorCode).toBe('reality_check_due');
    const token = await login(m.id);
    expect((await status(token)).value.due).toBe(false);
    expect((await spin(token)).statusCode).toBe(200);
  });
});

describe('the figures of the dialog', () => {
  it('shows the time since login and the net position of the bets and wins since login only', async () => {
    const m = await member(1_000_000);
    // Play before this session's login does not count.
    for (let i = 0; i < 3; i++) expect((await spin(m.token)).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const token = await login(m.id);
    let bets = 0;
    let wins = 0;
    for (let i = 0; i < 12; i++) {
      const round = (await spin(token)).json().value.round;
      bets += round.bet;
      wins += round.win;
    }
    const bet = await vendorSession(token);
    expect((await bet(`net-${requestId()}`, 700)).statusCode).toBe(200);
    bets += 700;
    const value = (await status(token)).value;
    expect(value.bets).toBe(bets);
    expect(value.wins).toBe(wins);
    expect(value.netPosition).toBe(wins - bets);
    expect(value.playedMs).toBeGreaterThanOrEqual(0);
    expect(value.playedMs).toBeLessThan(60_000);
    // The time played is counted from the login.
    await playedFor(m.id, 30);
    const later = (await status(token)).value.playedMs;
    expect(later).toBeGreaterThanOrEqual(30 * 60_000);
    expect(later).toBeLessThan(31 * 60_000);
    expect(value.currencySymbol).toBe('P');
  });
});
