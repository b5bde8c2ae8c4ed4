import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import type { AppError } from '../../http/app-error.ts';
import { testApp } from '../../testing/test-app.ts';
import type { WalletService } from './wallet.service.ts';
import { codeOf } from './wallet-testing.ts';

const { services } = await testApp();
const wallet: WalletService = services.wallet;
const db = services.db;
const system = { type: 'system' } as const;

let merchantId: number;
let otherMerchantId: number;
let clearing: number;
let alice: number;
let bob: number;

let keys = 0;
const key = (prefix = 'k') => `${prefix}-${++keys}`;

async function deposit(account: number, amount: number) {
  return wallet.transfer(db, {
    merchantId,
    idempotencyKey: key('dep'),
    type: 'deposit',
    from: clearing,
    to: account,
    amount,
    actor: system,
  });
}

async function entryCount() {
  const row = await db
    .selectFrom('ledger_entries')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

beforeAll(async () => {
  merchantId = (await services.merchants.byCode('tala')).id;
  otherMerchantId = (await services.merchants.byCode('lucky')).id;
  clearing = await wallet.houseAccount(merchantId, 'house_deposit_clearing');
  alice = await wallet.memberAccount(merchantId, 1);
  bob = await wallet.memberAccount(merchantId, 2);
});

describe('accounts', () => {
  it('creates a member account on first use and finds the same one after', async () => {
    const first = await wallet.memberAccount(merchantId, 77);
    expect(await wallet.memberAccount(merchantId, 77)).toBe(first);
    expect(await wallet.memberAccount(otherMerchantId, 77)).not.toBe(first);
    expect(await wallet.balance(first)).toBe(0);
  });

  it('gives each vendor its own house account and member sub-wallet', async () => {
    const pg = await wallet.houseAccount(merchantId, 'house_vendor', 'PG_SOFT');
    const jili = await wallet.houseAccount(merchantId, 'house_vendor', 'JILI');
    expect(pg).not.toBe(jili);
    const sub = await wallet.memberAccount(merchantId, 1, { kind: 'member_vendor', vendorCode: 'JILI' });
    expect(sub).not.toBe(alice);
    expect(await codeOf(wallet.houseAccount(merchantId, 'house_vendor'))).toBe('validation_failed');
    expect(await codeOf(wallet.houseAccount(merchantId, 'house_vendor', 'bad code'))).toBe(
      'validation_failed',
    );
    expect(await codeOf(wallet.memberAccount(999_999, 1))).toBe('merchant_not_found');
  });

  it('opens the same account once when many ask at the same moment', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => wallet.memberAccount(merchantId, 4242)));
    expect(new Set(ids).size).toBe(1);
    const rows = await db.selectFrom('ledger_accounts').select('id').where('member_id', '=', 4242).execute();
    expect(rows.filter((r) => r.id === ids[0])).toHaveLength(1);
  });

  it('splits a house account into shard rows and adds them up for its balance', async () => {
    const shards = await db
      .selectFrom('ledger_balances')
      .select('shard')
      .where('account_id', '=', clearing)
      .execute();
    expect(shards.length).toBeGreaterThan(1);
    const member = await wallet.memberAccount(merchantId, 31);
    for (let i = 0; i < 5; i++) await deposit(member, 100);
    expect(await wallet.balance(member)).toBe(500);
    const [pesos] = (await wallet.reconcile(merchantId)).currencies;
    expect(await wallet.balance(clearing)).toBe(-(pesos?.members.balance ?? 0));
  });
});

describe('moving money', () => {
  it('credits and debits with balances after each posting', async () => {
    const a = await wallet.memberAccount(merchantId, 101);
    const b = await wallet.memberAccount(merchantId, 102);
    const posted = await wallet.transfer(db, {
      merchantId,
      idempotencyKey: key(),
      type: 'deposit',
      from: clearing,
      to: a,
      amount: 10_000,
      memo: 'bank transfer',
      actor: system,
    });
    expect(posted.replayed).toBe(false);
    expect(posted.postings).toEqual([
      { accountId: clearing, amount: -10_000, balanceAfter: null },
      { accountId: a, amount: 10_000, balanceAfter: 10_000 },
    ]);
    const moved = await wallet.transfer(db, {
      merchantId,
      idempotencyKey: key(),
      type: 'transfer',
      from: a,
      to: b,
      amount: 2_500,
      actor: { type: 'member', id: 101 },
    });
    expect(moved.postings.map((p) => p.balanceAfter)).toEqual([7_500, 2_500]);
    expect(await wallet.balance(a)).toBe(7_500);
    expect(await wallet.balance(b)).toBe(2_500);

    const statement = await wallet.statement(a);
    expect(statement.total).toBe(2);
    expect(statement.list.map((l) => [l.type, l.amount, l.balanceAfter])).toEqual([
      ['transfer', -2_500, 7_500],
      ['deposit', 10_000, 10_000],
    ]);
    expect(statement.list[1]?.memo).toBe('bank transfer');
    const deposits = await wallet.statement(a, { types: ['deposit'] }, { pageNo: 1, pageSize: 10 });
    expect(deposits.list.map((l) => l.entryId)).toEqual([posted.entryId]);
    const future = await wallet.statement(a, { from: new Date(Date.now() + 60_000) });
    expect(future.total).toBe(0);
  });

  it('posts an entry of several lines and refuses one that does not sum to zero', async () => {
    const a = await wallet.memberAccount(merchantId, 111);
    const promo = await wallet.houseAccount(merchantId, 'house_promotion_expense');
    await deposit(a, 1_000);
    const posted = await wallet.post(db, {
      merchantId,
      idempotencyKey: key(),
      type: 'promotion',
      postings: [
        { accountId: promo, amount: -300 },
        { accountId: clearing, amount: -200 },
        { accountId: a, amount: 500 },
      ],
      actor: system,
    });
    expect(posted.postings.at(-1)?.balanceAfter).toBe(1_500);
    const before = await entryCount();
    const unbalanced = wallet.post(db, {
      merchantId,
      idempotencyKey: key(),
      type: 'adjustment',
      postings: [
        { accountId: promo, amount: -300 },
        { accountId: a, amount: 301 },
      ],
      actor: system,
    });
    expect(await codeOf(unbalanced)).toBe('ledger_unbalanced');
    const single = wallet.post(db, {
      merchantId,
      idempotencyKey: key(),
      type: 'adjustment',
      postings: [{ accountId: a, amount: 1 }],
      actor: system,
    });
    expect(await codeOf(single)).toBe('ledger_unbalanced');
    expect(await entryCount()).toBe(before);
  });

  it('refuses to take a member below zero, and writes nothing', async () => {
    const a = await wallet.memberAccount(merchantId, 121);
    await deposit(a, 1_000);
    const before = await entryCount();
    const refused = wallet.transfer(db, {
      merchantId,
      idempotencyKey: key(),
      type: 'withdrawal',
      from: a,
      to: clearing,
      amount: 1_001,
      actor: system,
    });
    expect(await codeOf(refused)).toBe('insufficient_funds');
    expect(await wallet.balance(a)).toBe(1_000);
    expect(await entryCount()).toBe(before);
    // The whole balance may go.
    await wallet.transfer(db, {
      merchantId,
      idempotencyKey: key(),
      type: 'withdrawal',
      from: a,
      to: clearing,
      amount: 1_000,
      actor: system,
    });
    expect(await wallet.balance(a)).toBe(0);
  });

  it('gives every kind of bad amount its own error code, and moves nothing', async () => {
    const a = await wallet.memberAccount(merchantId, 131);
    await deposit(a, 5_000);
    const before = await entryCount();
    const attempt = (amount: unknown) =>
      codeOf(
        wallet.transfer(db, {
          merchantId,
          idempotencyKey: key(),
          type: 'transfer',
          from: a,
          to: bob,
          amount: amount as number,
          actor: system,
        }),
      );
    expect(await attempt(0)).toBe('amount_zero');
    expect(await attempt(-5)).toBe('amount_negative');
    expect(await attempt(10.5)).toBe('amount_too_precise');
    expect(await attempt(0.01)).toBe('amount_too_precise');
    expect(await attempt(10_000_000_000_001)).toBe('amount_over_limit');
    expect(await attempt(Number.MAX_SAFE_INTEGER + 2)).toBe('amount_over_limit');
    expect(await attempt(Number.NaN)).toBe('amount_not_a_number');
    expect(await attempt(Number.POSITIVE_INFINITY)).toBe('amount_not_a_number');
    expect(await attempt('12abc')).toBe('amount_not_a_number');
    expect(await attempt('1e3')).toBe('amount_not_a_number');
    expect(await attempt('12.5')).toBe('amount_too_precise');
    expect(await attempt('-3')).toBe('amount_negative');
    expect(await attempt(null)).toBe('amount_not_a_number');
    const zeroLine = wallet.post(db, {
      merchantId,
      idempotencyKey: key(),
      type: 'adjustment',
      postings: [
        { accountId: a, amount: -10 },
        { accountId: bob, amount: 10 },
        { accountId: clearing, amount: 0 },
      ],
      actor: system,
    });
    expect(await codeOf(zeroLine)).toBe('amount_zero');
    expect(await entryCount()).toBe(before);
    expect(await wallet.balance(a)).toBe(5_000);
  });

  it('refuses unknown accounts, another merchant’s accounts, the same account twice and bad requests', async () => {
    const a = await wallet.memberAccount(merchantId, 141);
    const foreign = await wallet.memberAccount(otherMerchantId, 141);
    await deposit(a, 100);
    const before = await entryCount();
    const send = (postings: { accountId: number; amount: number }[], extra: object = {}) =>
      codeOf(
        wallet.post(db, {
          merchantId,
          idempotencyKey: key(),
          type: 'transfer',
          postings,
          actor: system,
          ...extra,
        }),
      );
    expect(
      await send([
        { accountId: a, amount: -1 },
        { accountId: 987_654_321, amount: 1 },
      ]),
    ).toBe('account_not_found');
    expect(
      await send([
        { accountId: a, amount: -1 },
        { accountId: foreign, amount: 1 },
      ]),
    ).toBe('account_not_found');
    expect(
      await send([
        { accountId: a, amount: -1 },
        { accountId: a, amount: 1 },
      ]),
    ).toBe('validation_failed');
    const fine = [
      { accountId: a, amount: -1 },
      { accountId: bob, amount: 1 },
    ];
    expect(await send(fine, { type: 'no_such_type' })).toBe('validation_failed');
    expect(await send(fine, { type: 'reversal' })).toBe('validation_failed');
    expect(await send(fine, { idempotencyKey: '' })).toBe('validation_failed');
    expect(await send(fine, { idempotencyKey: 'has space' })).toBe('validation_failed');
    expect(await send(fine, { memo: 'x'.repeat(501) })).toBe('validation_failed');
    expect(await entryCount()).toBe(before);
  });

  it('never mixes trial money with real money', async () => {
    const trialHouse = await wallet.houseAccount(merchantId, 'house_trial');
    const trialMember = await wallet.memberAccount(merchantId, 151, { trial: true });
    await wallet.transfer(db, {
      merchantId,
      idempotencyKey: key(),
      type: 'trial_grant',
      from: trialHouse,
      to: trialMember,
      amount: 2_000,
      actor: system,
    });
    expect(await wallet.balance(trialMember)).toBe(2_000);
    const mixed = wallet.transfer(db, {
      merchantId,
      idempotencyKey: key(),
      type: 'transfer',
      from: trialMember,
      to: bob,
      amount: 100,
      actor: system,
    });
    expect(await codeOf(mixed)).toBe('ledger_accounts_mixed');
    await expect(wallet.memberAccount(merchantId, 151)).rejects.toThrow(/trial/);
  });
});

describe('idempotency', () => {
  it('answers the same key and request with the first result, and a different request with a conflict', async () => {
    const a = await wallet.memberAccount(merchantId, 201);
    await deposit(a, 1_000);
    const request = {
      merchantId,
      idempotencyKey: 'bet-201-1',
      type: 'bet' as const,
      from: a,
      to: clearing,
      amount: 300,
      actor: system,
    };
    const first = await wallet.transfer(db, request);
    const again = await wallet.transfer(db, request);
    expect(again).toEqual({ ...first, replayed: true });
    expect(await wallet.balance(a)).toBe(700);
    expect(await codeOf(wallet.transfer(db, { ...request, amount: 301 }))).toBe('idempotency_conflict');
    expect(await codeOf(wallet.transfer(db, { ...request, memo: 'changed' }))).toBe('idempotency_conflict');
    expect(await wallet.balance(a)).toBe(700);
    // A replay is answered even when the balance could no longer pay for it.
    await wallet.transfer(db, { ...request, idempotencyKey: 'bet-201-2', amount: 700 });
    expect((await wallet.transfer(db, request)).entryId).toBe(first.entryId);
    // Keys are per merchant.
    const foreign = await wallet.memberAccount(otherMerchantId, 201);
    const foreignClearing = await wallet.houseAccount(otherMerchantId, 'house_deposit_clearing');
    const elsewhere = await wallet.transfer(db, {
      ...request,
      merchantId: otherMerchantId,
      from: foreignClearing,
      to: foreign,
    });
    expect(elsewhere.entryId).not.toBe(first.entryId);
  });

  it('lets a refused request’s key be used again, since nothing was written under it', async () => {
    const a = await wallet.memberAccount(merchantId, 211);
    const request = {
      merchantId,
      idempotencyKey: 'wd-211',
      type: 'withdrawal' as const,
      from: a,
      to: clearing,
      amount: 50,
      actor: system,
    };
    expect(await codeOf(wallet.transfer(db, request))).toBe('insufficient_funds');
    await deposit(a, 50);
    expect((await wallet.transfer(db, request)).replayed).toBe(false);
    expect(await wallet.balance(a)).toBe(0);
  });

  it('moves money once when the same request arrives many times at once', async () => {
    const a = await wallet.memberAccount(merchantId, 221);
    await deposit(a, 1_000);
    const request = {
      merchantId,
      idempotencyKey: 'burst-221',
      type: 'withdrawal' as const,
      from: a,
      to: clearing,
      amount: 400,
      actor: system,
    };
    const results = await Promise.all(Array.from({ length: 8 }, () => wallet.transfer(db, request)));
    expect(new Set(results.map((r) => r.entryId)).size).toBe(1);
    expect(results.filter((r) => !r.replayed)).toHaveLength(1);
    expect(await wallet.balance(a)).toBe(600);

    const variants = await Promise.allSettled(
      [401, 402, 403, 404].map((amount) =>
        wallet.transfer(db, { ...request, idempotencyKey: 'burst-221-b', amount }),
      ),
    );
    expect(variants.filter((v) => v.status === 'fulfilled')).toHaveLength(1);
    for (const v of variants) {
      if (v.status === 'rejected') expect((v.reason as AppError).code).toBe('idempotency_conflict');
    }
    expect(await wallet.balance(a)).toBeGreaterThanOrEqual(600 - 404);
    expect((await wallet.reconcile(merchantId)).ok).toBe(true);
  });
});

describe('reversals', () => {
  it('cancels an entry with a new one, once', async () => {
    const a = await wallet.memberAccount(merchantId, 301);
    const deposited = await deposit(a, 900);
    const reversal = await wallet.reverse(db, {
      merchantId,
      entryId: deposited.entryId,
      idempotencyKey: key('rev'),
      memo: 'duplicate deposit',
      actor: { type: 'operator', id: 1, name: 'finance', ip: '127.0.0.1' },
    });
    expect(reversal.type).toBe('reversal');
    expect(reversal.postings.map((p) => p.amount)).toEqual([900, -900]);
    expect(await wallet.balance(a)).toBe(0);
    const original = await wallet.entry(merchantId, deposited.entryId);
    expect(original.reversedByEntryId).toBe(reversal.entryId);
    expect((await wallet.entry(merchantId, reversal.entryId)).reversesEntryId).toBe(deposited.entryId);
    const again = wallet.reverse(db, {
      merchantId,
      entryId: deposited.entryId,
      idempotencyKey: key('rev'),
      actor: system,
    });
    expect(await codeOf(again)).toBe('entry_already_reversed');
    // The operator's movement is in the audit log.
    const audit = await db
      .selectFrom('audit_log')
      .select(['action', 'actor_name'])
      .where('target', '=', `ledger_entry:${reversal.entryId}`)
      .execute();
    expect(audit).toEqual([{ action: 'wallet.entry.reverse', actor_name: 'finance' }]);
  });

  it('refuses to reverse money the member has spent, an unknown entry, and another merchant’s entry', async () => {
    const a = await wallet.memberAccount(merchantId, 311);
    const deposited = await deposit(a, 500);
    await wallet.transfer(db, {
      merchantId,
      idempotencyKey: key(),
      type: 'bet',
      from: a,
      to: clearing,
      amount: 200,
      actor: system,
    });
    const spent = wallet.reverse(db, {
      merchantId,
      entryId: deposited.entryId,
      idempotencyKey: key(),
      actor: system,
    });
    expect(await codeOf(spent)).toBe('insufficient_funds');
    const unknown = wallet.reverse(db, {
      merchantId,
      entryId: 99_999_999,
      idempotencyKey: key(),
      actor: system,
    });
    expect(await codeOf(unknown)).toBe('entry_not_found');
    const foreign = wallet.reverse(db, {
      merchantId: otherMerchantId,
      entryId: deposited.entryId,
      idempotencyKey: key(),
      actor: system,
    });
    expect(await codeOf(foreign)).toBe('entry_not_found');
  });
});

describe('inside a caller’s transaction', () => {
  it('commits and rolls back with the caller', async () => {
    const a = await wallet.memberAccount(merchantId, 401);
    await deposit(a, 1_000);
    await expect(
      db.transaction().execute(async (trx) => {
        await wallet.transfer(trx, {
          merchantId,
          idempotencyKey: 'trx-401-1',
          type: 'bet',
          from: a,
          to: clearing,
          amount: 400,
          actor: system,
        });
        expect(await wallet.balance(a, trx)).toBe(600);
        throw new Error('the bet could not be recorded');
      }),
    ).rejects.toThrow('the bet could not be recorded');
    expect(await wallet.balance(a)).toBe(1_000);

    await db.transaction().execute(async (trx) => {
      // A refusal leaves the transaction usable for the caller's next step.
      const refused = wallet.transfer(trx, {
        merchantId,
        idempotencyKey: 'trx-401-2',
        type: 'bet',
        from: a,
        to: clearing,
        amount: 5_000,
        actor: system,
      });
      expect(await codeOf(refused)).toBe('insufficient_funds');
      const member = await wallet.memberAccount(merchantId, 402, { executor: trx });
      await wallet.transfer(trx, {
        merchantId,
        idempotencyKey: 'trx-401-3',
        type: 'transfer',
        from: a,
        to: member,
        amount: 250,
        actor: system,
      });
    });
    expect(await wallet.balance(a)).toBe(750);
    expect(await wallet.balance(await wallet.memberAccount(merchantId, 402))).toBe(250);
  });

  it('runs an expression alongside a posting only when it posts, after it, and rolls back on its refusal', async () => {
    const a = await wallet.memberAccount(merchantId, 403);
    await deposit(a, 1_000);
    const rows: (Record<string, unknown> | null)[] = [];
    // A volatile function (as member_limit_use() is) run alongside sees the posting: it runs after ledger_post().
    await sql`CREATE OR REPLACE FUNCTION test_balance_now(p_account bigint) RETURNS bigint LANGUAGE plpgsql AS $$
      BEGIN RETURN (SELECT balance FROM ledger_balances WHERE account_id = p_account); END $$`.execute(db);
    const alongside = (refuse: boolean) => ({
      expression: sql`jsonb_build_object('seen', test_balance_now(${a}), 'refuse', ${refuse}::boolean)`,
      settle: async (row: Record<string, unknown> | null) => {
        rows.push(row);
        if (row?.refuse) throw new Error('refused alongside');
      },
    });
    const bet = (trx: typeof db, idempotencyKey: string, refuse: boolean, amount = 300) =>
      wallet.transfer(trx, {
        merchantId,
        idempotencyKey,
        type: 'bet',
        from: a,
        to: clearing,
        amount,
        actor: system,
        alongside: alongside(refuse),
      });

    await db.transaction().execute((trx) => bet(trx, 'along-403-1', false));
    expect(rows.at(-1)).toEqual({ seen: 700, refuse: false });
    // A replay moves nothing and runs nothing: the row is null.
    await db.transaction().execute((trx) => bet(trx, 'along-403-1', false));
    expect(rows.at(-1)).toBeNull();
    // A refusal of the ledger never reaches the statement's settle.
    await db.transaction().execute(async (trx) => {
      expect(await codeOf(bet(trx, 'along-403-2', false, 5_000))).toBe('insufficient_funds');
    });
    expect(rows).toHaveLength(2);
    // A refusal by the statement's owner rolls the money back with the caller.
    await expect(db.transaction().execute((trx) => bet(trx, 'along-403-3', true))).rejects.toThrow(
      'refused alongside',
    );
    expect(await wallet.balance(a)).toBe(700);
    // Only in the caller's transaction; a batched vendor posting (no statement of its own) refuses one outright.
    await expect(bet(db, 'along-403-4', false)).rejects.toThrow("caller's transaction");
    await expect(
      wallet.vendorTransfer(
        {
          merchantId,
          idempotencyKey: 'along-403-5',
          type: 'bet',
          from: a,
          to: clearing,
          amount: 100,
          actor: system,
          alongside: alongside(false),
        },
        { vendorCode: 'SIM', kind: 'bet', transactionId: 'along-403-5' } as never,
      ),
    ).rejects.toThrow('takes nothing alongside');
    expect(await wallet.balance(a)).toBe(700);
  });
});

describe('many entries in one statement (postMany)', () => {
  const payout = (from: number, to: number, amount: number, idempotencyKey: string) => ({
    merchantId,
    idempotencyKey,
    type: 'payout' as const,
    postings: [
      { accountId: from, amount: -amount },
      { accountId: to, amount },
    ],
    actor: system,
  });

  it('posts each entry as post would, replays by key, and rolls back with the caller on the first refusal', async () => {
    const house = await wallet.houseAccount(merchantId, 'house_vendor', 'LOTT');
    const a = await wallet.memberAccount(merchantId, 451);
    const b = await wallet.memberAccount(merchantId, 452);
    const before = await entryCount();
    const posted = await db
      .transaction()
      .execute((trx) =>
        wallet.postMany(trx, [payout(house, a, 300, 'many-1'), payout(house, b, 700, 'many-2')]),
      );
    expect(posted.map((p) => [p.replayed, p.postings[1]?.balanceAfter])).toEqual([
      [false, 300],
      [false, 700],
    ]);
    expect(await entryCount()).toBe(before + 2);

    // The same keys again: nothing moves; a key reused for another request is refused and nothing is kept.
    const again = await db
      .transaction()
      .execute((trx) => wallet.postMany(trx, [payout(house, a, 300, 'many-1')]));
    expect(again[0]?.replayed).toBe(true);
    const conflict = db
      .transaction()
      .execute((trx) =>
        wallet.postMany(trx, [payout(house, b, 50, 'many-3'), payout(house, a, 999, 'many-2')]),
      );
    expect(await codeOf(conflict)).toBe('idempotency_conflict');
    expect(await entryCount()).toBe(before + 2);
    expect([await wallet.balance(a), await wallet.balance(b)]).toEqual([300, 700]);
    expect((await wallet.reconcile(merchantId)).ok).toBe(true);

    // One transaction's entries hold one shard of a house account (migration 063), not one each: ten payouts
    // leave the other shards free for everyone else's bets meanwhile.
    const ten = await db.transaction().execute((trx) =>
      wallet.postMany(
        trx,
        Array.from({ length: 10 }, (_, i) => payout(house, i % 2 ? a : b, 1, `many-shard-${i}`)),
      ),
    );
    const { rows } = await sql<{ shards: number }>`
      SELECT count(DISTINCT shard)::int AS shards FROM ledger_postings
       WHERE account_id = ${house} AND entry_id = ANY (${ten.map((e) => e.entryId)}::bigint[])`.execute(db);
    expect(rows[0]?.shards).toBe(1);

    // Only inside a transaction, and never an operator's movement (those are audited one by one).
    await expect(wallet.postMany(db, [payout(house, a, 1, 'many-4')])).rejects.toThrow('transaction');
    const unbalanced = { ...payout(house, a, 1, 'many-5'), postings: [{ accountId: a, amount: 1 }] };
    expect(await codeOf(db.transaction().execute((trx) => wallet.postMany(trx, [unbalanced])))).toBe(
      'ledger_unbalanced',
    );
  });
});

describe('the database guards the ledger by itself', () => {
  it('refuses to update, delete or truncate entries and postings', async () => {
    const a = await wallet.memberAccount(merchantId, 501);
    const { entryId } = await deposit(a, 100);
    await expect(
      sql`UPDATE ledger_postings SET amount = amount * 2 WHERE entry_id = ${entryId}`.execute(db),
    ).rejects.toThrow(/append-only/);
    await expect(sql`DELETE FROM ledger_postings WHERE entry_id = ${entryId}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`UPDATE ledger_entries SET memo = 'x' WHERE id = ${entryId}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`DELETE FROM ledger_entries WHERE id = ${entryId}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    for (const table of ['ledger_postings', 'ledger_entries', 'ledger_balances', 'ledger_accounts']) {
      await expect(sql.raw(`TRUNCATE ${table} CASCADE`).execute(db)).rejects.toThrow(/append-only/);
    }
    await expect(sql`DELETE FROM ledger_balances WHERE account_id = ${a}`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(
      sql`UPDATE ledger_accounts SET kind = 'house_adjustment' WHERE id = ${a}`.execute(db),
    ).rejects.toThrow(/append-only/);
    expect(await wallet.balance(a)).toBe(100);
  });

  it('refuses a negative member balance even from a direct write', async () => {
    const a = await wallet.memberAccount(merchantId, 511);
    await expect(
      sql`UPDATE ledger_balances SET balance = -1 WHERE account_id = ${a}`.execute(db),
    ).rejects.toThrow(/ledger_balances_not_negative/);
    await expect(
      sql`UPDATE ledger_balances SET may_go_negative = true WHERE account_id = ${a}`.execute(db),
    ).rejects.toThrow();
  });

  it('refuses at commit an entry whose postings do not sum to zero, and postings added to an old entry', async () => {
    const a = await wallet.memberAccount(merchantId, 521);
    const write = (lines: [number, number][]) =>
      db.transaction().execute(async (trx) => {
        const { rows } = await sql<{ id: number }>`
          INSERT INTO ledger_entries (merchant_id, idempotency_key, request_hash, type, actor_type)
          VALUES (${merchantId}, ${key('raw')}, ${Buffer.alloc(32)}, 'adjustment', 'system') RETURNING id`.execute(
          trx,
        );
        const id = rows[0]?.id as number;
        for (const [line, amount] of lines) {
          await sql`INSERT INTO ledger_postings (entry_id, line, account_id, shard, amount, balance_after, merchant_id)
                    VALUES (${id}, ${line}, ${a}, 0, ${amount}, 0, ${merchantId})`.execute(trx);
        }
        return id;
      });
    await expect(write([[1, 5]])).rejects.toThrow(/does not balance/);
    await expect(write([])).rejects.toThrow(/does not balance/);
    const { entryId } = await deposit(a, 10);
    await expect(
      sql`INSERT INTO ledger_postings (entry_id, line, account_id, shard, amount, balance_after, merchant_id)
          VALUES (${entryId}, 9, ${a}, 0, 5, 0, ${merchantId}), (${entryId}, 10, ${a}, 0, -5, 0, ${merchantId})`.execute(
        db,
      ),
    ).rejects.toThrow(/same transaction/);
    expect((await wallet.reconcile(merchantId)).ok).toBe(true);
  });
});

describe('query plans', () => {
  it('keeps every money function from caching a sequential scan made while its tables were small', async () => {
    // A session keeps a PL/pgSQL statement's plan; one made on a page-sized table scans it whole for ever after.
    const { rows } = await sql<{ proname: string; proconfig: string[] | null }>`
      SELECT p.proname, p.proconfig FROM pg_proc p JOIN pg_language l ON l.oid = p.prolang
       WHERE l.lanname = 'plpgsql' AND (p.proname LIKE 'ledger\_%' OR p.proname LIKE 'vendor\_%'
             OR p.proname = 'merchant_key_from_ledger_account')`.execute(db);
    expect(rows.map((r) => r.proname).sort()).toEqual([
      'ledger_entry_balances',
      'ledger_open_account',
      'ledger_post',
      'ledger_post_batch',
      'ledger_postings_join_new_entry',
      'ledger_replay',
      // The trigger that gives a new balance row its account's merchant (migrations 081 and 083, decision 063).
      'merchant_key_from_ledger_account',
      'vendor_post_batch',
    ]);
    for (const row of rows) expect(row.proconfig, row.proname).toContain('enable_seqscan=off');
  });
});

describe('reconciliation', () => {
  it('finds the ledger sound and totals the house by kind', async () => {
    const report = await wallet.reconcile(merchantId);
    expect(report).toMatchObject({
      ok: true,
      unbalancedEntries: [],
      projectionMismatches: [],
      negativeMemberBalances: [],
    });
    expect(report.entries).toBeGreaterThan(10);
    // One merchant trades in one currency: one set of totals.
    expect(report.currencies).toHaveLength(1);
    const [pesos] = report.currencies;
    expect(pesos?.total).toBe(0);
    const houseTotal = pesos?.house.reduce((sum, h) => sum + h.balance, 0) ?? 0;
    expect(houseTotal + (pesos?.members.balance ?? 0)).toBe(0);
    expect(pesos?.house.find((h) => h.kind === 'house_deposit_clearing')?.balance).toBe(
      await wallet.balance(clearing),
    );
  });

  it('reports a balance row that no longer equals its postings', async () => {
    const a = await wallet.memberAccount(merchantId, 601);
    await deposit(a, 70);
    // Only a direct write bypassing the wallet can do this; the report must show it.
    await sql`UPDATE ledger_balances SET balance = balance + 1 WHERE account_id = ${a}`.execute(db);
    const report = await wallet.reconcile(merchantId);
    expect(report.ok).toBe(false);
    expect(report.projectionMismatches).toEqual([{ accountId: a, shard: 0, balance: 71, postings: 70 }]);
    await sql`UPDATE ledger_balances SET balance = balance - 1 WHERE account_id = ${a}`.execute(db);
    expect((await wallet.reconcile(merchantId)).ok).toBe(true);
  });
});
