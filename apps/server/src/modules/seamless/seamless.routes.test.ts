import crypto from 'node:crypto';
import { dayOf } from '@tala/contracts/calendar';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { signedHeaders, vendorSignature } from '../../lib/vendor-signature.ts';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { type PostRow, walletRepository } from '../wallet/wallet.repository.ts';

const { app, services } = await testApp();
const VENDOR = 'MABUHAY';
const { secret } = (await services.seamless.ensureSimulatedCredentials([VENDOR, 'PERLAS'])).find(
  (c) => c.vendorCode === VENDOR,
) as { secret: string };
const tala = await services.merchants.byCode('tala');

async function member(funds: number, type = 0) {
  const username = `p${crypto.randomBytes(5).toString('hex')}`;
  const id = await services.members.create(tala, {
    username,
    password: 'secret-pass-1',
    type,
  });
  if (funds > 0) {
    const account = await services.wallet.memberAccount(tala.id, id);
    const clearing = await services.wallet.houseAccount(tala.id, 'house_deposit_clearing');
    await services.wallet.transfer(services.db, {
      merchantId: tala.id,
      idempotencyKey: `test-deposit-${id}`,
      type: 'deposit',
      from: clearing,
      to: account,
      amount: funds,
      actor: { type: 'system', id: null, name: 'test' },
    });
  }
  const { token } = await services.db
    .transaction()
    .execute((trx) => services.members.startSession(trx, tala, id, '127.0.0.1'));
  return { id, token, username };
}

async function launch(token: string, query = '') {
  const game = (
    await app.inject({
      url: '/wps/relay/GCSGAME_gameList?vassalage=MABUHAY_RNG&pageSize=1',
      headers: { merchant: 'tala' },
    })
  ).json().value.list[0];
  return app.inject({
    url: `/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}${query}`,
    headers: { merchant: 'tala', authorization: token },
  });
}

function vendorCall(
  path: string,
  body: unknown,
  options: { secret?: string; now?: number; headers?: Record<string, string> } = {},
) {
  const raw = JSON.stringify(body);
  return app.inject({
    method: 'POST',
    url: `/vendor-api/${VENDOR}/${path}`,
    headers: { ...signedHeaders(options.secret ?? secret, raw, options.now), ...options.headers },
    payload: raw,
  });
}

async function session(funds: number) {
  const m = await member(funds);
  const url = new URL((await launch(m.token)).json().value.url, 'http://x');
  const token = url.searchParams.get('token') as string;
  const auth = (await vendorCall('authenticate', { token })).json().value;
  return { ...m, gameToken: token, playerId: auth.playerId as string, gameCode: auth.gameCode as string };
}

const bet = (
  s: Awaited<ReturnType<typeof session>>,
  transactionId: string,
  amount: number,
  roundId = transactionId,
) =>
  vendorCall('bet', {
    token: s.gameToken,
    playerId: s.playerId,
    transactionId,
    roundId,
    gameCode: s.gameCode,
    amount,
  });
const win = (
  s: Awaited<ReturnType<typeof session>>,
  transactionId: string,
  amount: number,
  roundId: string,
) => vendorCall('win', { playerId: s.playerId, transactionId, roundId, gameCode: s.gameCode, amount });

describe('launch', () => {
  it('needs a signed-in member and answers the vendor address with a game token', async () => {
    expect((await launch('')).statusCode).toBe(401);
    const m = await member(0);
    const response = await launch(m.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().value).toMatchObject({ vendor: VENDOR, demo: false });
  });

  it('refuses a trial member in real mode and unknown games', async () => {
    const trial = await member(0, 4);
    expect((await launch(trial.token, '&mode=real')).json()).toMatchObject({
      errorCode: 'in_need_true_account',
    });
    expect((await launch(trial.token, '&mode=demo')).json().value.demo).toBe(true);
    const m = await member(0);
    const unknown = await app.inject({
      url: '/wps/relay/GCS_gameLaunchFB?nodeId=99999999',
      headers: { merchant: 'tala', authorization: m.token },
    });
    expect(unknown.json()).toMatchObject({ errorCode: 'unknown_game' });
  });
});

describe('seamless wallet contract', () => {
  it('authenticates the game token and answers the balance', async () => {
    const s = await session(10_000);
    const balance = (await vendorCall('balance', { playerId: s.playerId })).json().value;
    expect(balance).toMatchObject({ playerId: s.playerId, balance: 10_000, demo: false });
    expect((await vendorCall('authenticate', { token: 'x'.repeat(40) })).json()).toMatchObject({
      errorCode: 'session_expired',
    });
  });

  it('debits bets and credits wins through the ledger', async () => {
    const s = await session(10_000);
    expect((await bet(s, 'b1', 1_000)).json().value).toMatchObject({ balance: 9_000, replayed: false });
    expect((await win(s, 'w1', 2_500, 'b1')).json().value).toMatchObject({ balance: 11_500 });
    const account = await services.wallet.memberAccount(tala.id, s.id);
    expect(await services.wallet.balance(account)).toBe(11_500);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('answers a replay with the same result and moves money once; other data under the same id is a duplicate', async () => {
    const s = await session(10_000);
    const first = (await bet(s, 'r1', 700)).json().value;
    const again = (await bet(s, 'r1', 700)).json().value;
    expect(again).toEqual({ ...first, replayed: true });
    expect((await bet(s, 'r1', 800)).json()).toMatchObject({ errorCode: 'duplicate_transaction' });
    expect((await vendorCall('balance', { playerId: s.playerId })).json().value.balance).toBe(9_300);
  });

  it('answers retries of one id racing each other once, and a retried bet after the session ended the same', async () => {
    const s = await session(10_000);
    const racing = await Promise.all(Array.from({ length: 8 }, () => bet(s, 'race1', 400)));
    expect(racing.map((r) => r.statusCode)).toEqual(Array(8).fill(200));
    expect(racing.filter((r) => r.json().value.replayed === false)).toHaveLength(1);
    expect(new Set(racing.map((r) => r.json().value.balance))).toEqual(new Set([9_600]));
    await services.seamless.endSessionsOf(s.id);
    expect((await bet(s, 'race1', 400)).json().value).toMatchObject({ balance: 9_600, replayed: true });
    expect((await bet(s, 'race1', 500)).json()).toMatchObject({ errorCode: 'duplicate_transaction' });
    expect((await bet(s, 'race2', 500)).json()).toMatchObject({ errorCode: 'session_expired' });
    // The id of a bet reused for a win (another kind of movement under one ledger key) is a duplicate.
    expect((await win(s, 'race1', 400, 'race1')).json()).toMatchObject({
      errorCode: 'duplicate_transaction',
    });
    expect((await vendorCall('balance', { playerId: s.playerId })).json().value.balance).toBe(9_600);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('refunds a bet on rollback, once', async () => {
    const s = await session(5_000);
    await bet(s, 'rb1', 1_000);
    const rollback = {
      playerId: s.playerId,
      transactionId: 'rb1-undo',
      betTransactionId: 'rb1',
      roundId: 'rb1',
    };
    expect((await vendorCall('rollback', rollback)).json().value.balance).toBe(5_000);
    expect((await vendorCall('rollback', rollback)).json().value).toMatchObject({
      balance: 5_000,
      replayed: true,
    });
  });

  it('leaves a tombstone when the rollback comes before its bet, so the late bet is refused', async () => {
    const s = await session(5_000);
    const rollback = {
      playerId: s.playerId,
      transactionId: 'early-undo',
      betTransactionId: 'late-bet',
      roundId: 'late',
    };
    expect((await vendorCall('rollback', rollback)).json().value.balance).toBe(5_000);
    expect((await bet(s, 'late-bet', 1_000, 'late')).json()).toMatchObject({
      errorCode: 'transaction_rolled_back',
    });
    expect((await vendorCall('balance', { playerId: s.playerId })).json().value.balance).toBe(5_000);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    'refuses a bet whose id a rollback took while the bet was moving its money, and moves nothing (needs DATABASE_URL)',
    async () => {
      const s = await session(5_000);
      const refused = await whileUncommitted(
        // The rollback's tombstone, not yet committed when the bet looks its id up and moves the money.
        (trx) =>
          sql`
            INSERT INTO vendor_transactions (vendor_code, transaction_id, kind, merchant_id, member_id, round_id,
              amount, demo, request_hash, balance_after)
            VALUES (${VENDOR}, 'racing-bet', 'tombstone', ${tala.id}, ${s.id}, 'racing', 0, false, '\\x00', 0)`.execute(
            trx,
          ),
        () => bet(s, 'racing-bet', 1_000, 'racing'),
      );
      expect(refused.json()).toMatchObject({ errorCode: 'transaction_rolled_back' });
      expect((await vendorCall('balance', { playerId: s.playerId })).json().value.balance).toBe(5_000);
      await claimsMatchEntries();
    },
  );

  it.skipIf(!process.env.DATABASE_URL)(
    'refunds a bet that was still committing when its rollback looked for it (needs DATABASE_URL)',
    async () => {
      const s = await session(5_000);
      const rollback = {
        playerId: s.playerId,
        transactionId: 'undo-in-flight',
        betTransactionId: 'bet-in-flight',
        roundId: 'bet-in-flight',
      };
      const answered = await whileUncommitted(
        // The bet's money and claim, not yet committed when the rollback reads the bet's id.
        async (trx) => {
          const [outcome] = await walletRepository().vendorPostBatch(trx, [
            await betRow(s, 'bet-in-flight', crypto.randomBytes(16).toString('hex'), 1_000),
          ]);
          expect(outcome?.status).toBe('posted');
        },
        () => vendorCall('rollback', rollback),
      );
      expect(answered.json().value.balance).toBe(5_000);
      expect((await vendorCall('balance', { playerId: s.playerId })).json().value.balance).toBe(5_000);
      expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    },
  );

  it('accepts wins and rollbacks after the member logged out, but no new bets', async () => {
    const s = await session(5_000);
    await bet(s, 'end-bet', 1_000, 'end-round');
    await bet(s, 'end-bet2', 500, 'end-round2');
    const logout = await app.inject({
      method: 'DELETE',
      url: '/wps/session/logout',
      headers: { merchant: 'tala', authorization: s.token },
    });
    expect(logout.statusCode).toBe(200);
    expect((await bet(s, 'after-end', 100)).json()).toMatchObject({ errorCode: 'session_expired' });
    expect((await win(s, 'end-win', 3_000, 'end-round')).json().value.balance).toBe(6_500);
    const undo = {
      playerId: s.playerId,
      transactionId: 'end-undo',
      betTransactionId: 'end-bet2',
      roundId: 'end-round2',
    };
    expect((await vendorCall('rollback', undo)).json().value.balance).toBe(7_000);
  });

  it('answers insufficient funds with the current balance and moves nothing', async () => {
    const s = await session(300);
    const response = await bet(s, 'too-much', 1_000);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ errorCode: 'insufficient_funds', balance: 300 });
  });

  it('refuses bad signatures, stale timestamps, reused nonces and unknown vendors', async () => {
    const s = await session(1_000);
    const body = { playerId: s.playerId };
    expect((await vendorCall('balance', body, { secret: 'wrong'.repeat(10) })).json()).toMatchObject({
      errorCode: 'signature_invalid',
    });
    expect((await vendorCall('balance', body, { now: Date.now() - 10 * 60_000 })).json()).toMatchObject({
      errorCode: 'signature_stale',
    });
    const raw = JSON.stringify(body);
    const headers = signedHeaders(secret, raw);
    const once = await app.inject({
      method: 'POST',
      url: `/vendor-api/${VENDOR}/balance`,
      headers,
      payload: raw,
    });
    expect(once.statusCode).toBe(200);
    const twice = await app.inject({
      method: 'POST',
      url: `/vendor-api/${VENDOR}/balance`,
      headers,
      payload: raw,
    });
    expect(twice.json()).toMatchObject({ errorCode: 'nonce_reused' });
    const tampered = { ...headers, 'x-tala-nonce': crypto.randomBytes(16).toString('hex') };
    expect(
      (
        await app.inject({
          method: 'POST',
          url: `/vendor-api/${VENDOR}/balance`,
          headers: tampered,
          payload: raw,
        })
      ).statusCode,
    ).toBe(401);
    const unsigned = await app.inject({
      method: 'POST',
      url: `/vendor-api/${VENDOR}/balance`,
      headers: { 'content-type': 'application/json' },
      payload: raw,
    });
    expect(unsigned.json()).toMatchObject({ errorCode: 'signature_invalid' });
    const unknown = await app.inject({
      method: 'POST',
      url: '/vendor-api/NOBODY/balance',
      headers,
      payload: raw,
    });
    expect(unknown.json()).toMatchObject({ errorCode: 'unknown_vendor' });
    const ts = String(Date.now());
    const malformed = 'not json';
    const bad = await app.inject({
      method: 'POST',
      url: `/vendor-api/${VENDOR}/bet`,
      headers: {
        'content-type': 'application/json',
        'x-tala-timestamp': ts,
        'x-tala-nonce': 'n'.repeat(20),
        'x-tala-signature': vendorSignature(secret, ts, 'n'.repeat(20), malformed),
      },
      payload: malformed,
    });
    expect(bad.statusCode).toBe(400);
  });

  it('takes a disabled vendor and a rotated secret into account at once', async () => {
    const other = 'PERLAS';
    const call = (key: string) => {
      const raw = JSON.stringify({ playerId: '1' });
      return app.inject({
        method: 'POST',
        url: `/vendor-api/${other}/balance`,
        headers: signedHeaders(key, raw),
        payload: raw,
      });
    };
    const before = (await services.seamless.ensureSimulatedCredentials([other])).find(
      (c) => c.vendorCode === other,
    )?.secret as string;
    expect((await call(before)).json()).toMatchObject({ errorCode: 'unknown_player' });
    const { newSecret } = await services.seamless.setCredentials(other, {
      enabled: true,
      launchUrl: 'sim:',
      rotateSecret: true,
      freeRoundWins: false,
    });
    expect((await call(before)).json()).toMatchObject({ errorCode: 'signature_invalid' });
    expect((await call(newSecret as string)).json()).toMatchObject({ errorCode: 'unknown_player' });
    await services.seamless.setCredentials(other, {
      enabled: false,
      launchUrl: 'sim:',
      rotateSecret: false,
      freeRoundWins: false,
    });
    expect((await call(newSecret as string)).json()).toMatchObject({ errorCode: 'unknown_vendor' });
  });

  it('keeps the balance right under concurrent bets on one player', async () => {
    const s = await session(10_000);
    const results = await Promise.all(Array.from({ length: 30 }, (_, i) => bet(s, `c${i}`, 500)));
    const accepted = results.filter((r) => r.statusCode === 200).length;
    expect(accepted).toBe(20);
    expect(new Set(results.filter((r) => r.statusCode !== 200).map((r) => r.json().errorCode))).toEqual(
      new Set(['insufficient_funds']),
    );
    expect((await vendorCall('balance', { playerId: s.playerId })).json().value.balance).toBe(0);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });
});

/** Every bet or win claim with money has its ledger entry under its key, and every vendor entry has its claim. */
/**
 * Calls `during` while `hold`'s writes sit uncommitted in a transaction of their own, commits them 300 ms later,
 * and answers what `during` answered: a race between two connections, played out in a fixed order.
 */
async function whileUncommitted<T>(
  hold: (trx: typeof services.db) => Promise<unknown>,
  during: () => Promise<T>,
): Promise<T> {
  const { answer } = await services.db.transaction().execute(async (trx) => {
    await hold(trx);
    const answer = during();
    await new Promise((resolve) => setTimeout(resolve, 300));
    return { answer }; // not the promise itself: the commit must not wait for it
  });
  return answer;
}

const hash = (text: string) => crypto.createHash('sha256').update(text).digest();

/** A vendor bet as the post batcher hands it to vendor_post_batch(), for tests that call the repository directly. */
async function betRow(
  s: { id: number },
  transactionId: string,
  nonce: string,
  amount: number,
): Promise<PostRow> {
  const account = await services.wallet.memberAccount(tala.id, s.id);
  const house = await services.wallet.houseAccount(tala.id, 'house_vendor', VENDOR);
  return {
    merchantId: tala.id,
    idempotencyKey: `vendor:${VENDOR}:${transactionId}`,
    requestHash: hash(`${s.id}:${amount}`),
    type: 'bet',
    memo: null,
    actorType: 'vendor',
    actorId: null,
    reversesEntryId: null,
    accountIds: [account, house],
    amounts: [-amount, amount],
    claim: {
      vendorCode: VENDOR,
      nonce,
      transactionId,
      kind: 'bet',
      memberId: s.id,
      memberAccountId: account,
      sessionId: null,
      sessionSince: null,
      sessionLatest: false,
      roundId: transactionId,
      gameNodeId: null,
      amount,
      demo: false,
      requestHash: hash(`${s.id}:${amount}`),
      freeRoundAccountId: null,
    },
  };
}

async function claimsMatchEntries() {
  const claims = await services.db
    .selectFrom('vendor_transactions')
    .select(['transaction_id', 'kind', 'amount', 'ledger_entry_id'])
    .where('vendor_code', '=', VENDOR)
    .execute();
  const entries = await services.db
    .selectFrom('ledger_entries')
    .select(['id', 'idempotency_key'])
    .where('idempotency_key', 'like', `vendor:${VENDOR}:%`)
    .execute();
  const byKey = new Map(entries.map((e) => [e.idempotency_key, Number(e.id)]));
  for (const c of claims) {
    if ((c.kind === 'bet' || c.kind === 'win') && Number(c.amount) > 0)
      expect(Number(c.ledger_entry_id)).toBe(byKey.get(`vendor:${VENDOR}:${c.transaction_id}`));
  }
  const claimed = new Set(claims.map((c) => `vendor:${VENDOR}:${c.transaction_id}`));
  expect(entries.filter((e) => !claimed.has(e.idempotency_key))).toEqual([]);
}

describe('group-committed bets and wins', () => {
  it('spends a bet or win nonce with its money, and the nonce of a refused call all the same', async () => {
    const s = await session(5_000);
    const send = (path: string, body: unknown, headers: Record<string, string>) =>
      app.inject({
        method: 'POST',
        url: `/vendor-api/${VENDOR}/${path}`,
        headers,
        payload: JSON.stringify(body),
      });
    const body = {
      token: s.gameToken,
      playerId: s.playerId,
      transactionId: 'nonce-bet',
      roundId: 'nonce-round',
      gameCode: s.gameCode,
      amount: 1_000,
    };
    const headers = signedHeaders(secret, JSON.stringify(body));
    expect((await send('bet', body, headers)).json().value).toMatchObject({
      balance: 4_000,
      replayed: false,
    });
    // The very same signed call again: its nonce was spent with the money, so no replay answer either.
    expect((await send('bet', body, headers)).json()).toMatchObject({ errorCode: 'nonce_reused' });
    const expired = { ...body, token: 'no-such-game-token-here', transactionId: 'nonce-expired' };
    const expiredHeaders = signedHeaders(secret, JSON.stringify(expired));
    expect((await send('bet', expired, expiredHeaders)).json()).toMatchObject({
      errorCode: 'session_expired',
    });
    expect((await send('bet', expired, expiredHeaders)).json()).toMatchObject({ errorCode: 'nonce_reused' });
    const stranger = {
      playerId: '999999999',
      transactionId: 'nonce-win',
      roundId: 'r',
      gameCode: s.gameCode,
      amount: 5,
    };
    const strangerHeaders = signedHeaders(secret, JSON.stringify(stranger));
    expect((await send('win', stranger, strangerHeaders)).json()).toMatchObject({
      errorCode: 'unknown_player',
    });
    expect((await send('win', stranger, strangerHeaders)).json()).toMatchObject({
      errorCode: 'nonce_reused',
    });
    // A losing round's win of 0 claims its id and moves nothing; its replay answers the same.
    expect((await win(s, 'nonce-zero', 0, 'nonce-round')).json().value).toMatchObject({
      balance: 4_000,
      replayed: false,
    });
    expect((await win(s, 'nonce-zero', 0, 'nonce-round')).json().value).toMatchObject({
      balance: 4_000,
      replayed: true,
    });
    expect((await vendorCall('balance', { playerId: s.playerId })).json().value.balance).toBe(4_000);
    await claimsMatchEntries();
  });

  it('answers concurrent retries of one id across batches once, for many players at once', async () => {
    const players = await Promise.all(Array.from({ length: 6 }, () => session(10_000)));
    // Every bet's retries at once; then every win's, as a vendor pays a round only after its bet was answered (a
    // win racing its own bet may find no stake yet: bet_not_found).
    const betCalls = players.flatMap((s, p) => [
      ...Array.from({ length: 4 }, () => bet(s, `many-${p}`, 1_000, `many-round-${p}`)),
      bet(s, `many-${p}`, 2_000, `many-round-${p}`),
    ]);
    const betResponses = (await Promise.all(betCalls)).map((r) => ({ status: r.statusCode, body: r.json() }));
    const winCalls = players.flatMap((s, p) =>
      Array.from({ length: 3 }, () => win(s, `many-win-${p}`, 700, `many-round-${p}`)),
    );
    const winResponses = (await Promise.all(winCalls)).map((r) => ({ status: r.statusCode, body: r.json() }));
    for (let p = 0; p < players.length; p++) {
      const bets = betResponses.slice(p * 5, p * 5 + 5);
      const wins = winResponses.slice(p * 3, p * 3 + 3);
      const won = bets.filter((r) => r.status === 200 && r.body.value.replayed === false);
      expect(won).toHaveLength(1);
      for (const r of bets.filter((r) => r.status !== 200))
        expect(r.body).toMatchObject({ errorCode: 'duplicate_transaction' });
      expect(wins.map((r) => r.status)).toEqual([200, 200, 200]);
      expect(wins.filter((r) => r.body.value.replayed === false)).toHaveLength(1);
      const stake = won[0] === bets[4] ? 2_000 : 1_000;
      const balance = (await vendorCall('balance', { playerId: players[p]?.playerId })).json().value.balance;
      expect(balance).toBe(10_000 - stake + 700);
    }
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    await claimsMatchEntries();
  });

  it('within one batch: a reused nonce stops its entry, a used id answers its stored row, a refusal keeps no claim', async () => {
    const [a, b, c] = await Promise.all([session(5_000), session(5_000), session(100)]);
    if (!a || !b || !c) throw new Error('no sessions');
    const nonce = () => crypto.randomBytes(16).toString('hex');
    const shared = nonce();
    const outcomes = await walletRepository().vendorPostBatch(services.db, [
      await betRow(a, 'batch-1', shared, 1_000),
      await betRow(b, 'batch-2', shared, 1_000),
      await betRow(b, 'batch-1', nonce(), 2_000),
      await betRow(c, 'batch-3', nonce(), 1_000),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'posted',
      'nonce_reused',
      'claimed',
      'insufficient_funds',
    ]);
    expect(outcomes[0]?.balance).toBe(4_000);
    expect(outcomes[2]).toMatchObject({
      balance: 4_000,
      claimed: { kind: 'bet', requestHash: hash(`${a.id}:1000`) },
    });
    const claims = await services.db
      .selectFrom('vendor_transactions')
      .select(['transaction_id', 'member_id', 'balance_after', 'ledger_entry_id'])
      .where('transaction_id', 'in', ['batch-1', 'batch-2', 'batch-3'])
      .execute();
    expect(claims).toEqual([
      {
        transaction_id: 'batch-1',
        member_id: a.id,
        balance_after: 4_000,
        ledger_entry_id: outcomes[0]?.entryId,
      },
    ]);
    // The refused bet left nothing but its spent nonce: the same id goes through once the money is there.
    const retried = await walletRepository().vendorPostBatch(services.db, [
      await betRow(c, 'batch-3', nonce(), 100),
    ]);
    expect(retried.map((o) => [o.status, o.balance])).toEqual([['posted', 0]]);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    await claimsMatchEntries();
  });
});

describe('in-house launch', () => {
  it('opens our own studio games in the games app of this server', async () => {
    await services.seamless.ensureInHouseCredentials(await services.games.vendorCodes(true));
    const m = await member(0);
    const game = (
      await app.inject({
        url: '/wps/relay/GCSGAME_gameList?vassalage=TALA_RNG&pageSize=1',
        headers: { merchant: 'tala' },
      })
    ).json().value.list[0];
    const response = await app.inject({
      url: `/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`,
      headers: { merchant: 'tala', authorization: m.token },
    });
    expect(response.json().value.url).toMatch(new RegExp(`^/games/launch\\?.*game=${game.gameCode}`));
  });
});

describe('free play', () => {
  it('gives a trial member play money in the ledger, the same in the header balance and the vendor game', async () => {
    const trial = await member(0, 4);
    const balance = (
      await app.inject({
        url: '/wps/v2/wallets/balance',
        headers: { merchant: 'tala', authorization: trial.token },
      })
    ).json().value;
    expect(balance.trial).toBe(true);
    expect(balance.sumBalance).toBeGreaterThan(0);
    const url = new URL((await launch(trial.token, '&mode=demo')).json().value.url, 'http://x');
    const auth = (await vendorCall('authenticate', { token: url.searchParams.get('token') })).json().value;
    expect(auth).toMatchObject({ demo: true, balance: balance.sumBalance });
    const played = await vendorCall('bet', {
      token: url.searchParams.get('token'),
      playerId: auth.playerId,
      transactionId: 'demo-1',
      roundId: 'demo-1',
      gameCode: auth.gameCode,
      amount: 100,
    });
    expect(played.json().value.balance).toBe(balance.sumBalance - 100);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });
});

describe('free play for a real member', () => {
  it('plays with play money beside the real balance, which stays untouched', async () => {
    const m = await member(5_000);
    const url = new URL((await launch(m.token, '&mode=demo')).json().value.url, 'http://x');
    const token = url.searchParams.get('token') as string;
    const auth = (await vendorCall('authenticate', { token })).json().value;
    expect(auth.demo).toBe(true);
    expect(auth.balance).toBeGreaterThan(0);
    const bet = await vendorCall('bet', {
      token,
      playerId: auth.playerId,
      transactionId: 'real-demo-1',
      roundId: 'real-demo-1',
      gameCode: auth.gameCode,
      amount: 100,
    });
    expect(bet.json().value.balance).toBe(auth.balance - 100);
    const real = await services.wallet.memberAccount(tala.id, m.id);
    expect(await services.wallet.balance(real)).toBe(5_000);
  });
});

describe('a win after the player launched again', () => {
  it('pays into the money of the latest session, though a win before it remembered the older one', async () => {
    const real = await session(5_000);
    const realAccount = await services.wallet.memberAccount(tala.id, real.id);
    expect((await bet(real, 'again-bet-1', 100)).statusCode).toBe(200);
    expect((await win(real, 'again-win-1', 300, 'again-bet-1')).json().value.balance).toBe(5_200);

    // Free play now: the next win belongs to the play money, and the real balance stays as it was.
    const url = new URL((await launch(real.token, '&mode=demo')).json().value.url, 'http://x');
    const demoToken = url.searchParams.get('token') as string;
    const demoBalance = (await vendorCall('authenticate', { token: demoToken })).json().value.balance;
    expect(
      (await bet({ ...real, gameToken: demoToken }, 'again-demo-bet', 10, 'again-round-2')).statusCode,
    ).toBe(200);
    const paid = await win(real, 'again-win-2', 50, 'again-round-2');
    expect(paid.statusCode).toBe(200);
    expect(paid.json().value.balance).toBe(demoBalance - 10 + 50);
    expect(await services.wallet.balance(realAccount)).toBe(5_200);
    // Its nonce was spent once, by the win that landed: a replay answers the same.
    expect((await win(real, 'again-win-2', 50, 'again-round-2')).json().value).toMatchObject({
      balance: demoBalance - 10 + 50,
    });
  });
});

describe('a win without a stake', () => {
  const claimOf = (transactionId: string) =>
    services.db
      .selectFrom('vendor_transactions')
      .select(['kind', 'free_round', 'ledger_entry_id'])
      .where('vendor_code', '=', VENDOR)
      .where('transaction_id', '=', transactionId)
      .executeTakeFirst();

  it('is refused bet_not_found when its round has no bet, or only a rolled-back one, moving nothing', async () => {
    const s = await session(1_000);
    const account = await services.wallet.memberAccount(tala.id, s.id);
    const none = await win(s, 'stakeless-win-1', 500, 'stakeless-round-1');
    expect(none.statusCode).toBe(409);
    expect(none.json()).toMatchObject({ errorCode: 'bet_not_found', field: 'roundId' });
    expect(await claimOf('stakeless-win-1')).toBeUndefined();

    expect((await bet(s, 'stakeless-bet-2', 100, 'stakeless-round-2')).statusCode).toBe(200);
    const rolledBack = await vendorCall('rollback', {
      playerId: s.playerId,
      transactionId: 'stakeless-rb-2',
      betTransactionId: 'stakeless-bet-2',
      roundId: 'stakeless-round-2',
    });
    expect(rolledBack.statusCode).toBe(200);
    expect((await win(s, 'stakeless-win-2', 500, 'stakeless-round-2')).json().errorCode).toBe(
      'bet_not_found',
    );
    // Another player's bet in the same round does not stake this player's win.
    const other = await session(1_000);
    expect((await bet(other, 'stakeless-bet-3', 100, 'stakeless-round-3')).statusCode).toBe(200);
    expect((await win(s, 'stakeless-win-3', 500, 'stakeless-round-3')).json().errorCode).toBe(
      'bet_not_found',
    );
    expect(await services.wallet.balance(account)).toBe(1_000);
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  });

  it('is paid from the promotion account, marked as a free round, when the vendor is set to pay free rounds', async () => {
    const owner = await operatorAuth(app, 'owner', 'owner-demo-1');
    const listed = (
      await app.inject({ url: '/admin-api/games/vendors', headers: { authorization: owner } })
    ).json().value as Array<{ vendorCode: string; enabled: boolean; launchUrl: string }>;
    const current = listed.find((c) => c.vendorCode === VENDOR);
    const set = (freeRoundWins: boolean) =>
      app.inject({
        method: 'PUT',
        url: `/admin-api/games/vendors/${VENDOR}/credentials`,
        headers: { authorization: owner },
        payload: { enabled: true, launchUrl: current?.launchUrl ?? 'sim:', freeRoundWins },
      });
    expect((await set(true)).statusCode).toBe(200);
    try {
      const s = await session(1_000);
      const account = await services.wallet.memberAccount(tala.id, s.id);
      const promotion = await services.wallet.houseAccount(tala.id, 'house_promotion_expense');
      const house = await services.wallet.houseAccount(tala.id, 'house_vendor', VENDOR);
      const [promotionBefore, houseBefore] = [
        await services.wallet.balance(promotion),
        await services.wallet.balance(house),
      ];
      const paid = await win(s, 'free-round-win-1', 700, 'free-round-1');
      expect(paid.statusCode).toBe(200);
      expect(paid.json().value.balance).toBe(1_700);
      expect(await services.wallet.balance(account)).toBe(1_700);
      expect(await services.wallet.balance(promotion)).toBe(promotionBefore - 700);
      expect(await services.wallet.balance(house)).toBe(houseBefore);
      expect(await claimOf('free-round-win-1')).toMatchObject({ kind: 'win', free_round: true });
      // The member's betting record and the back office's bets show it as a free round: nothing staked, won 700.
      const today = dayOf(new Date(), 'Asia/Manila');
      const record = (
        await app.inject({
          url: `/wps/relay/MCSFE_getBetRecords?from=${today}&to=${today}`,
          headers: { merchant: 'tala', authorization: s.token },
        })
      ).json().value.list;
      expect(record).toEqual([
        expect.objectContaining({ bet: 0, win: 700, freeRound: true, status: 'settled' }),
      ]);
      const bets = (
        await app.inject({
          url: `/admin-api/games/bets?merchant=tala&member=${s.username}&from=${today}&to=${today}`,
          headers: { authorization: owner },
        })
      ).json().value.list;
      expect(bets).toEqual([expect.objectContaining({ bet: 0, win: 700, profit: 700, freeRound: true })]);
      // A win of a staked round stays an ordinary win from the game's house account.
      expect((await bet(s, 'staked-bet-1', 100, 'staked-round-1')).statusCode).toBe(200);
      expect((await win(s, 'staked-win-1', 300, 'staked-round-1')).statusCode).toBe(200);
      expect(await claimOf('staked-win-1')).toMatchObject({ free_round: false });
      expect(await services.wallet.balance(promotion)).toBe(promotionBefore - 700);
      expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
    } finally {
      expect((await set(false)).statusCode).toBe(200);
    }
  });
});
