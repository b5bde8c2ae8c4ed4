// Property test of the ledger across currencies (issue 19 item 3, decision 061): merchants in pesos, dong and
// dollars post random transfers, some naming another merchant's accounts (in another currency) and some with amounts
// finer than a minor unit. Every entry stays in one currency, nothing converts, each currency's accounts sum to zero,
// a refusal moves nothing, and an account in a currency other than its merchant's cannot be opened.
import type { CurrencyCode } from '@tala/contracts/currencies';
import { checkAmount } from '@tala/contracts/wallet';
import fc from 'fast-check';
import { sql } from 'kysely';
import { expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { testApp } from '../../testing/test-app.ts';

const { services } = await testApp();
const wallet = services.wallet;
const db = services.db;
const base = (await services.merchants.byCode('tala')).settings;

const currencies: CurrencyCode[] = ['PHP', 'VND', 'USD'];
const holders = ['m1', 'm2', 'house'] as const;
type Holder = (typeof holders)[number];
type Place = { merchant: number; holder: Holder };

const place: fc.Arbitrary<Place> = fc.record({
  merchant: fc.nat(currencies.length - 1),
  holder: fc.constantFrom(...holders),
});
const amount = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 50_000 }) },
  { weight: 2, arbitrary: fc.constantFrom<unknown>(0.5, 10.25, '7.5', -3, 0) },
);
type Op =
  | { kind: 'transfer'; by: number; from: Place; to: Place; amount: unknown }
  | { kind: 'foreignAccount'; merchant: number; currency: number };
const op: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('transfer' as const),
      by: fc.nat(2),
      from: place,
      to: place,
      amount,
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('foreignAccount' as const),
      merchant: fc.nat(2),
      currency: fc.nat(2),
    }),
  },
);

let runs = 0;

async function runSequence(ops: Op[]) {
  const run = ++runs;
  const merchantIds: number[] = [];
  const accounts = new Map<string, number>();
  const key = (p: Place) => `${p.merchant}:${p.holder}`;
  for (const [i, currency] of currencies.entries()) {
    const settings = structuredClone(base);
    settings.whitelabel.currency = currency;
    const id = await services.merchants.create(`cur-${run}-${i}-${Date.now() % 100_000}`, settings, []);
    merchantIds.push(id);
    accounts.set(key({ merchant: i, holder: 'm1' }), await wallet.memberAccount(id, 1));
    accounts.set(key({ merchant: i, holder: 'm2' }), await wallet.memberAccount(id, 2));
    accounts.set(
      key({ merchant: i, holder: 'house' }),
      await wallet.houseAccount(id, 'house_deposit_clearing'),
    );
  }
  const model = new Map<string, number>([...accounts.keys()].map((k) => [k, 0]));
  let n = 0;
  for (const o of ops) {
    n += 1;
    if (o.kind === 'foreignAccount') {
      // Opening an account in another currency than the merchant's: refused by the database, nothing opened.
      const own = o.merchant === o.currency;
      const opened = wallet
        .houseAccount(merchantIds[o.merchant] as number, 'house_adjustment', null, {
          currency: currencies[o.currency] as string,
        })
        .then(
          () => 'opened',
          (error: unknown) => (error instanceof AppError ? error.code : String(error)),
        );
      expect(await opened).toBe(own ? 'opened' : 'ledger_accounts_mixed');
      continue;
    }
    const checked = checkAmount(o.amount);
    const sameMerchant = o.from.merchant === o.by && o.to.merchant === o.by;
    const distinct = key(o.from) !== key(o.to);
    const fromBalance = model.get(key(o.from)) as number;
    const expected = !checked.ok
      ? checked.code
      : !distinct
        ? 'validation_failed'
        : !sameMerchant
          ? 'account_not_found'
          : o.from.holder !== 'house' && fromBalance < checked.amount
            ? 'insufficient_funds'
            : 'posted';
    const outcome = await wallet
      .transfer(db, {
        merchantId: merchantIds[o.by] as number,
        idempotencyKey: `cur:${run}:${n}`,
        type: 'transfer',
        from: accounts.get(key(o.from)) as number,
        to: accounts.get(key(o.to)) as number,
        amount: o.amount as number,
        actor: { type: 'system' },
      })
      .then(
        () => 'posted',
        (error: unknown) => (error instanceof AppError ? error.code : String(error)),
      );
    expect(outcome).toBe(expected);
    if (outcome === 'posted' && checked.ok) {
      model.set(key(o.from), fromBalance - checked.amount);
      model.set(key(o.to), (model.get(key(o.to)) as number) + checked.amount);
    }
  }

  // Balances as modelled: no amount ever crossed into another merchant's currency.
  for (const [k, id] of accounts) expect(await wallet.balance(id)).toBe(model.get(k));
  // No entry of these merchants mixes currencies; every account is in its merchant's currency; each currency nets zero.
  const { rows: mixed } = await sql<{ entry_id: string }>`
    SELECT p.entry_id FROM ledger_postings p JOIN ledger_accounts a ON a.id = p.account_id
     WHERE a.merchant_id = ANY (${merchantIds}::integer[])
     GROUP BY p.entry_id HAVING count(DISTINCT a.currency) > 1`.execute(db);
  expect(mixed).toEqual([]);
  const { rows: foreign } = await sql<{ id: string }>`
    SELECT a.id FROM ledger_accounts a JOIN merchants m ON m.id = a.merchant_id
     WHERE a.merchant_id = ANY (${merchantIds}::integer[]) AND a.currency <> m.currency`.execute(db);
  expect(foreign).toEqual([]);
  const { rows: totals } = await sql<{ currency: string; total: string }>`
    SELECT a.currency, sum(b.balance)::text AS total FROM ledger_accounts a JOIN ledger_balances b ON b.account_id = a.id
     WHERE a.merchant_id = ANY (${merchantIds}::integer[]) GROUP BY a.currency ORDER BY a.currency`.execute(
    db,
  );
  for (const t of totals) expect(Number(t.total)).toBe(0);
}

it('never mixes currencies in an entry, never converts, and refuses cross-currency postings without moving money (property)', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 25 }), (ops) => runSequence(ops)),
    {
      numRuns: 12,
    },
  );
}, 60_000);

it("has the database refuse an account in a currency other than its merchant's, and a currency change with accounts", async () => {
  const vnd = await services.merchants.byCode('saomai');
  const attempt = sql`INSERT INTO ledger_accounts (merchant_id, kind, currency, trial, shards)
    VALUES (${vnd.id}, 'house_adjustment', 'PHP', false, 1)`.execute(db);
  await expect(attempt).rejects.toMatchObject({
    code: '23503',
    constraint: 'ledger_accounts_merchant_currency',
  });
  // The demo dong merchant's accounts are in dong.
  const account = await wallet.houseAccount(vnd.id, 'house_deposit_clearing');
  expect(await wallet.currencyOf(account)).toBe('VND');
  const change = sql`UPDATE merchants SET settings = jsonb_set(settings, '{whitelabel,currency}', '"PHP"')
    WHERE id = ${vnd.id}`.execute(db);
  await expect(change).rejects.toMatchObject({ code: '23503' });
});
