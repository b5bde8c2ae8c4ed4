import crypto from 'node:crypto';
import { analyseTitle } from '@tala/slots/analysis';
import { playRound, type RoundOutcome } from '@tala/slots/engine';
import { hashServerSeed, roundStream } from '@tala/slots/fairness';
import { percent } from '@tala/slots/fraction';
import { titleByCode } from '@tala/slots/titles';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { jackpotVendor } from './slots.service.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const MANGO = 'TALA-RNG-0001';
const PEARL = 'TALA-RNG-0002';

beforeAll(() => {
  // Rounds in these tests follow one another at once; the pace is tested on its own below.
  services.slots.settings.paceMs = 0;
});

async function member(funds: number, type = 0) {
  const id = await services.members.create(tala, {
    username: `s${crypto.randomBytes(5).toString('hex')}`,
    password: 'secret-pass-1',
    type,
  });
  if (funds > 0) {
    const account = await services.wallet.memberAccount(tala.id, id);
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    await services.wallet.transfer(services.db, {
      merchantId: tala.id,
      idempotencyKey: `slots-test-deposit-${id}`,
      type: 'deposit',
      from: clearing,
      to: account,
      amount: funds,
      actor: { type: 'system' },
    });
  }
  const { token } = await services.db
    .transaction()
    .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
  return { id, token };
}

const headers = (token?: string) => ({ merchant: 'tala', ...(token ? { authorization: token } : {}) });
const get = (url: string, token?: string) => app.inject({ url, headers: headers(token) });
const post = (url: string, payload: unknown, token?: string) =>
  app.inject({ method: 'POST', url, headers: headers(token), payload: payload as object });
let requests = 0;
const requestId = () => `req-${Date.now().toString(36)}-${++requests}`;
const spin = (token: string, body: Partial<{ gameCode: string; bet: unknown; requestId: string }> = {}) =>
  post('/wps/relay/SLOTS_spin', { gameCode: MANGO, bet: 100, requestId: requestId(), ...body }, token);

async function balanceOf(token: string): Promise<number> {
  return (await get('/wps/relay/SLOTS_balance', token)).json().value.amount;
}
async function pool(): Promise<number> {
  return (await get('/wps/relay/SLOTS_jackpot')).json().value.amount;
}
async function serverSeedOf(memberId: number): Promise<string> {
  const row = await sql<{ server_seed: string }>`
    SELECT server_seed FROM slots_seed_pairs WHERE member_id = ${memberId} AND revealed_at IS NULL`.execute(
    services.db,
  );
  return row.rows[0]?.server_seed as string;
}

describe('public calls', () => {
  it('lists the three titles with the RTP computed from their reel strips', async () => {
    const body = (await get('/wps/relay/SLOTS_titles')).json();
    expect(body.success).toBe(true);
    expect(body.value.list.map((t: { code: string }) => t.code)).toEqual([MANGO, PEARL, 'TALA-RNG-0003']);
    for (const t of body.value.list) {
      const math = analyseTitle(titleByCode(t.code)!);
      expect(t.rtp).toBe(percent(math.totalRtp));
      expect(t.gameRtp).toBe(percent(math.gameRtp));
      expect(t.jackpotShare).toBe('1.00');
    }
  });

  it('puts the titles in the lobby as the in-house vendor’s games, with the same declared RTP', async () => {
    const body = (await get('/wps/relay/GCSGAME_gameList?vassalage=TALA_RNG&pageSize=24')).json();
    const titles = (await get('/wps/relay/SLOTS_titles')).json().value.list as {
      code: string;
      rtp: string;
    }[];
    const listed = body.value.list as { gameCode: string; rtp: string | null; name: string }[];
    expect(listed.length).toBeGreaterThanOrEqual(2);
    for (const game of listed) {
      const title = titles.find((t) => t.code === game.gameCode);
      expect(title, game.gameCode).toBeDefined();
      expect(Number.parseFloat(game.rtp ?? '')).toBeCloseTo(Number.parseFloat(title?.rtp ?? ''), 2);
    }
  });

  it('shows the jackpot pool as the ledger holds it, for guests too', async () => {
    const body = (await get('/wps/relay/SLOTS_jackpot')).json();
    expect(body).toMatchObject({ success: true, value: { currency: 'PHP', currencySymbol: 'P', hits: 0 } });
    const account = await services.wallet.houseAccount(tala.id, 'house_vendor', jackpotVendor);
    expect(body.value.amount).toBe(Math.max(0, await services.wallet.balance(account)));
  });
});

describe('who may play', () => {
  it('needs a session: a guest gets not_logged_in and nothing is played', async () => {
    const response = await post('/wps/relay/SLOTS_spin', {
      gameCode: MANGO,
      bet: 100,
      requestId: requestId(),
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ success: false, errorCode: 'not_logged_in' });
    expect((await get('/wps/relay/SLOTS_fairness')).statusCode).toBe(401);
  });

  it('refuses a trial member (real money only) with in_need_true_account', async () => {
    const trial = await member(0, 4);
    const response = await spin(trial.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().errorCode).toBe('in_need_true_account');
  });
});

describe('a round', () => {
  it('shows the server seed hash before play and never the seed while the pair is active', async () => {
    const m = await member(10_000);
    const fairness = (await get('/wps/relay/SLOTS_fairness', m.token)).json().value;
    expect(fairness.active.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
    expect(fairness.active).toMatchObject({ rounds: 0, nextNonce: 1 });
    expect(fairness.active).not.toHaveProperty('serverSeed');
    expect(fairness.revealed).toEqual([]);
    expect(hashServerSeed(await serverSeedOf(m.id))).toBe(fairness.active.serverSeedHash);
  });

  it('debits the bet and credits the win through the ledger, funds the pool with 1%, and records the round', async () => {
    const m = await member(50_000);
    const before = await pool();
    const response = await spin(m.token, { bet: 1000 });
    expect(response.statusCode, response.body).toBe(200);
    const { round, balance, replayed } = response.json().value;
    expect(replayed).toBe(false);
    expect(round).toMatchObject({ gameCode: MANGO, bet: 1000, nonce: 1, serverSeed: null });
    expect(balance).toBe(50_000 - 1000 + round.win);
    expect(await balanceOf(m.token)).toBe(balance);
    const jackpotPaid = round.jackpotWin > 0;
    if (!jackpotPaid) expect(await pool()).toBe(before + 10);

    const entries = await sql<{ type: string; amount: number }>`
      SELECT e.type, p.amount FROM ledger_entries e JOIN ledger_postings p ON p.entry_id = e.id
      JOIN ledger_accounts a ON a.id = p.account_id
      WHERE a.member_id = ${m.id} AND e.type IN ('bet', 'payout') ORDER BY e.id`.execute(services.db);
    expect(entries.rows[0]).toEqual({ type: 'bet', amount: -1000 });
    if (round.win > 0) expect(entries.rows[1]).toEqual({ type: 'payout', amount: round.win });
    else expect(entries.rows).toHaveLength(1);

    const fairness = (await get('/wps/relay/SLOTS_fairness', m.token)).json().value;
    expect(fairness.active).toMatchObject({ rounds: 1, nextNonce: 2 });
  });

  it('is recomputed exactly from the revealed seed, client seed and nonce', async () => {
    const m = await member(50_000);
    const set = await post('/wps/relay/SLOTS_clientSeed', { clientSeed: 'my-own-seed_42' }, m.token);
    expect(set.json().value.active.clientSeed).toBe('my-own-seed_42');
    const played: RoundOutcome[] = [];
    const ids: number[] = [];
    for (let i = 0; i < 3; i++) {
      const { round } = (await spin(m.token, { gameCode: PEARL, bet: 200 })).json().value;
      played.push(round.outcome);
      ids.push(round.roundId);
      expect(round.nonce).toBe(i + 1);
      expect(round.clientSeed).toBe('my-own-seed_42');
    }
    const hashBefore = (await get('/wps/relay/SLOTS_fairness', m.token)).json().value.active.serverSeedHash;
    const rotated = (await post('/wps/relay/SLOTS_rotateSeed', {}, m.token)).json().value;
    expect(rotated.revealed[0]).toMatchObject({
      serverSeedHash: hashBefore,
      rounds: 3,
      clientSeed: 'my-own-seed_42',
    });
    expect(rotated.active.serverSeedHash).not.toBe(hashBefore);
    expect(rotated.active).toMatchObject({ rounds: 0, nextNonce: 1, clientSeed: 'my-own-seed_42' });

    const title = titleByCode(PEARL)!;
    for (const [i, id] of ids.entries()) {
      const data = (await get(`/wps/relay/SLOTS_verify?roundId=${id}`, m.token)).json().value;
      expect(hashServerSeed(data.serverSeed)).toBe(data.serverSeedHash);
      const again = playRound(title, data.bet, roundStream(data.serverSeed, data.clientSeed, data.nonce));
      expect(again).toEqual(played[i]);
      expect(data.outcome).toEqual(played[i]);
    }
  });

  it('keeps the server seed hidden in verification data until the pair is rotated', async () => {
    const m = await member(5_000);
    const { round } = (await spin(m.token)).json().value;
    const data = (await get(`/wps/relay/SLOTS_verify?roundId=${round.roundId}`, m.token)).json().value;
    expect(data.serverSeed).toBeNull();
    expect(data.serverSeedHash).toMatch(/^[0-9a-f]{64}$/);
  });

  it('answers a retried request with the round already played, moving no money', async () => {
    const m = await member(10_000);
    const id = requestId();
    const first = (await spin(m.token, { requestId: id })).json().value;
    const again = (await spin(m.token, { requestId: id })).json().value;
    expect(again.replayed).toBe(true);
    expect(again.round).toEqual(first.round);
    expect(await balanceOf(m.token)).toBe(first.balance);
    const other = await spin(m.token, { requestId: id, bet: 200 });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ errorCode: 'idempotency_conflict', field: 'requestId' });
  });

  it('gives each of many simultaneous spins its own nonce and keeps the balance exact', async () => {
    const m = await member(100_000);
    const responses = await Promise.all(Array.from({ length: 8 }, () => spin(m.token, { bet: 500 })));
    for (const r of responses) expect(r.statusCode, r.body).toBe(200);
    const rounds = responses.map((r) => r.json().value.round);
    expect(rounds.map((r) => r.nonce).sort((a, b) => a - b)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
    const won = rounds.reduce((sum, r) => sum + r.win, 0);
    expect(await balanceOf(m.token)).toBe(100_000 - 8 * 500 + won);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });
});

describe('bad input', () => {
  it('refuses unknown games, bets that are not offered, and malformed bodies with their own codes', async () => {
    const m = await member(10_000);
    const cases: [Record<string, unknown>, number, string, string | undefined][] = [
      [{ gameCode: 'TALA-RNG-0999' }, 404, 'unknown_game', 'gameCode'],
      [{ gameCode: 'MABUHAY-RNG-0001' }, 404, 'unknown_game', 'gameCode'],
      [{ bet: 150 }, 400, 'validation_failed', 'bet'],
      [{ bet: 100.5 }, 400, 'amount_too_precise', 'bet'],
      [{ bet: '100' }, 400, 'validation_failed', 'bet'],
      [{ bet: -100 }, 400, 'validation_failed', 'bet'],
      [{ requestId: 'short' }, 400, 'validation_failed', 'requestId'],
      [{ gameCode: 'lower case' }, 400, 'validation_failed', 'gameCode'],
    ];
    for (const [body, status, code, field] of cases) {
      const response = await spin(m.token, body as never);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(response.json(), JSON.stringify(body)).toMatchObject({ success: false, errorCode: code, field });
    }
    expect(await balanceOf(m.token)).toBe(10_000);
    expect((await get('/wps/relay/SLOTS_fairness', m.token)).json().value.active.rounds).toBe(0);
  });

  it('refuses spins of a game under maintenance, of a vendor under maintenance and of a game switched off', async () => {
    const m = await member(10_000);
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const mango = (await get('/wps/relay/GCSGAME_gameList?vassalage=TALA_RNG&pageSize=24'))
      .json()
      .value.list.find((g: { gameCode: string }) => g.gameCode === MANGO) as { nodeId: number };
    const line = (await get('/wps/relay/GCSGAME_gameVendor?gameType=RNG'))
      .json()
      .value.find((v: { vassalage: string }) => v.vassalage === 'TALA_RNG') as { nodeId: number };
    const switches = { merchant: 'tala', enabled: true, isHot: false, maintenance: false, sortOrder: 0 };
    const set = async (what: 'games' | 'lines', nodeId: number, values: Partial<typeof switches>) => {
      const response = await app.inject({
        method: 'PUT',
        url: `/admin-api/games/${what}/${nodeId}`,
        headers: { authorization: owner },
        payload: { ...switches, ...values },
      });
      expect(response.statusCode).toBe(200);
    };
    const refused = async (status: number, errorCode: string) => {
      const response = await spin(m.token);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ success: false, errorCode, field: 'gameCode' });
    };

    await set('games', mango.nodeId, { maintenance: true });
    await refused(409, 'game_maintenance');
    // Another title of the same vendor still plays.
    expect((await spin(m.token, { gameCode: PEARL, bet: 200 })).statusCode).toBe(200);
    await set('games', mango.nodeId, {});
    await set('lines', line.nodeId, { maintenance: true });
    await refused(409, 'game_maintenance');
    await set('lines', line.nodeId, {});
    await set('games', mango.nodeId, { enabled: false });
    await refused(404, 'unknown_game');
    await set('games', mango.nodeId, {});
    expect((await spin(m.token)).statusCode).toBe(200);
    // Refusals played nothing: two rounds, two nonces.
    expect((await get('/wps/relay/SLOTS_fairness', m.token)).json().value.active.rounds).toBe(2);
  });

  it('refuses a bet above the balance with insufficient_funds: no round, no nonce used, no money moved', async () => {
    const m = await member(150);
    const response = await spin(m.token, { bet: 200 });
    expect(response.statusCode).toBe(409);
    expect(response.json().errorCode).toBe('insufficient_funds');
    expect(await balanceOf(m.token)).toBe(150);
    expect((await get('/wps/relay/SLOTS_fairness', m.token)).json().value.active.rounds).toBe(0);
    expect((await get('/wps/relay/SLOTS_recall', m.token)).json().value.list).toEqual([]);
  });

  it('refuses client seeds of the wrong shape', async () => {
    const m = await member(0);
    for (const clientSeed of ['', 'has space', 'x'.repeat(65), 'semi;colon', 42]) {
      const response = await post('/wps/relay/SLOTS_clientSeed', { clientSeed }, m.token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'validation_failed', field: 'clientSeed' });
    }
  });

  it('does not show another member’s round', async () => {
    const a = await member(5_000);
    const b = await member(0);
    const { round } = (await spin(a.token)).json().value;
    const response = await get(`/wps/relay/SLOTS_verify?roundId=${round.roundId}`, b.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe('not_found');
    expect((await get('/wps/relay/SLOTS_verify?roundId=abc', b.token)).statusCode).toBe(400);
    expect((await get('/wps/relay/SLOTS_recall?gameCode=NOPE-1', b.token)).json().errorCode).toBe(
      'unknown_game',
    );
  });

  it('holds one member to one round per 2.5 s, whatever the client does', async () => {
    services.slots.settings.paceMs = 2500;
    try {
      const m = await member(10_000);
      expect((await spin(m.token)).statusCode).toBe(200);
      const tooSoon = await spin(m.token);
      expect(tooSoon.statusCode).toBe(429);
      expect(tooSoon.json().errorCode).toBe('rate_limited');
      expect((await get('/wps/relay/SLOTS_fairness', m.token)).json().value.active.rounds).toBe(1);
    } finally {
      services.slots.settings.paceMs = 0;
    }
  });
});

describe('game recall', () => {
  it('shows the last 10 rounds, newest first, of one title or of all', async () => {
    const m = await member(100_000);
    for (let i = 0; i < 8; i++) await spin(m.token, { gameCode: MANGO });
    for (let i = 0; i < 4; i++) await spin(m.token, { gameCode: PEARL });
    const all = (await get('/wps/relay/SLOTS_recall', m.token)).json().value.list;
    expect(all.map((r: { nonce: number }) => r.nonce)).toEqual([12, 11, 10, 9, 8, 7, 6, 5, 4, 3]);
    const mango = (await get(`/wps/relay/SLOTS_recall?gameCode=${MANGO}`, m.token)).json().value.list;
    expect(mango).toHaveLength(8);
    expect(new Set(mango.map((r: { gameCode: string }) => r.gameCode))).toEqual(new Set([MANGO]));
  });
});

describe('progressive jackpot', () => {
  it('is awarded by the engine: the whole pool goes to the winner and the pool starts again from the seed', async () => {
    const m = await member(1_000_000);
    // Fund the pool with some rounds first.
    for (let i = 0; i < 5; i++) await spin(m.token, { bet: 10_000 });
    const title = titleByCode(MANGO)!;
    // Find a client seed under which the next round's jackpot draw falls (1 in 20,000 at the largest bet).
    const serverSeed = await serverSeedOf(m.id);
    const nonce = (await get('/wps/relay/SLOTS_fairness', m.token)).json().value.active.nextNonce;
    let clientSeed = '';
    for (let i = 0; ; i++) {
      const candidate = `jackpot-${i}`;
      if (playRound(title, 10_000, roundStream(serverSeed, candidate, nonce)).jackpotHit) {
        clientSeed = candidate;
        break;
      }
    }
    await post('/wps/relay/SLOTS_clientSeed', { clientSeed }, m.token);
    const poolBefore = await pool();
    expect(poolBefore).toBeGreaterThan(0);
    const balanceBefore = await balanceOf(m.token);
    const { round, balance } = (await spin(m.token, { bet: 10_000 })).json().value;
    expect(round.outcome.jackpotHit).toBe(true);
    // The pool held its earlier funds plus this bet's 1% share, and all of it was paid.
    expect(round.jackpotWin).toBe(poolBefore + 100);
    expect(balance).toBe(balanceBefore - 10_000 + round.outcome.win + round.jackpotWin);
    // The operator's seed (P50,000 for the demo merchant) is put back from the house's promotion account.
    expect(await pool()).toBe(5_000_000);
    const record = (await get('/wps/relay/SLOTS_jackpot')).json().value;
    expect(record).toMatchObject({ hits: 1, lastWin: round.jackpotWin });
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });
});

describe('jackpot seed (back office)', () => {
  const seedUrl = '/admin-api/games/jackpot';
  const put = (auth: string, payload: unknown) =>
    app.inject({ method: 'PUT', url: seedUrl, headers: { authorization: auth }, payload: payload as object });

  it('funds the pool up to the seed once, from the promotion account, for owners and finance only', async () => {
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const finance = await operatorAuth(app, 'finance', 'finance-demo-1');
    const support = await operatorAuth(app, 'support', 'support-demo-1');
    const expense = await services.wallet.houseAccount(tala.id, 'house_promotion_expense');
    const spentBefore = await services.wallet.balance(expense);
    const poolBefore = await pool();
    const target = poolBefore + 123_456;

    expect((await put(support, { merchant: 'tala', seed: target })).statusCode).toBe(403);
    // Ten operators setting the same seed at once: the pool is funded up to it once.
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) => put(i % 2 ? owner : finance, { merchant: 'tala', seed: target })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    expect(await pool()).toBe(target);
    expect(await services.wallet.balance(expense)).toBe(spentBefore - 123_456);
    const view = (
      await app.inject({ url: `${seedUrl}?merchant=tala`, headers: { authorization: finance } })
    ).json();
    expect(view.value).toMatchObject({ pool: target, seed: target });

    // A lower seed takes nothing out of the pool.
    expect((await put(owner, { merchant: 'tala', seed: 1_000 })).json().value).toMatchObject({
      pool: target,
      seed: 1_000,
    });
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('refuses seeds that are negative, fractional, too large or not numbers, moving nothing', async () => {
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const poolBefore = await pool();
    for (const seed of [-1, 1.5, 10_000_000_000_001, '100', null]) {
      const response = await put(owner, { merchant: 'tala', seed });
      expect(response.statusCode, String(seed)).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'validation_failed', field: 'seed' });
    }
    expect(await pool()).toBe(poolBefore);
  });
});
