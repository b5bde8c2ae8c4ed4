// Property-based model test: random sequences of deposits, withdrawals, transfers, adjustments, reversals, replays
// and key reuse run against the wallet and against a plain in-memory model; every answer and every balance must
// agree, and the ledger must reconcile after each sequence.
import { checkAmount, type EntryType } from '@tala/contracts/wallet';
import fc from 'fast-check';
import { expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { testApp } from '../../testing/test-app.ts';

const { services } = await testApp();
const wallet = services.wallet;
const db = services.db;
const settings = (await services.merchants.byCode('tala')).settings;

const members = ['m1', 'm2', 'm3'] as const;
const houses = ['deposits', 'withdrawals', 'adjustments'] as const;
type Name = (typeof members)[number] | (typeof houses)[number];

/** Mostly sensible amounts, sometimes each kind of bad one. */
const amount = fc.oneof(
  { weight: 8, arbitrary: fc.integer({ min: 1, max: 5_000 }) },
  {
    weight: 2,
    arbitrary: fc.constantFrom<unknown>(0, -1, -300, 0.5, 12.25, 10_000_000_000_001, Number.NaN, '7x', null),
  },
);
const member = fc.constantFrom(...members);

type Op =
  | { op: 'deposit' | 'withdraw'; member: Name; amount: unknown }
  | { op: 'transfer'; from: Name; to: Name; amount: unknown }
  | { op: 'adjust'; member: Name; amount: unknown; negative: boolean }
  | { op: 'reverse'; pick: number }
  | { op: 'replay'; pick: number }
  | { op: 'reuseKey'; pick: number; member: Name; amount: unknown };

const op: fc.Arbitrary<Op> = fc.oneof(
  { weight: 4, arbitrary: fc.record({ op: fc.constant('deposit' as const), member, amount }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant('withdraw' as const), member, amount }) },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant('transfer' as const), from: member, to: member, amount }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ op: fc.constant('adjust' as const), member, amount, negative: fc.boolean() }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('reverse' as const), pick: fc.nat(40) }) },
  { weight: 2, arbitrary: fc.record({ op: fc.constant('replay' as const), pick: fc.nat(40) }) },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant('reuseKey' as const), pick: fc.nat(40), member, amount }),
  },
);

/** A request as both sides see it: which named accounts get which amounts, under which key. */
type Request =
  | { kind: 'transfer'; key: string; type: EntryType; from: Name; to: Name; value: unknown }
  | { kind: 'post'; key: string; type: EntryType; lines: { name: Name; amount: unknown }[] }
  | { kind: 'reverse'; key: string; entryIndex: number };

type Outcome =
  | { ok: true; entryIndex: number; replayed: boolean; balancesAfter: (number | null)[] }
  | { ok: false; code: string };

type ModelEntry = {
  lines: { name: Name; amount: number }[];
  reversed: boolean;
  signature: string;
  balancesAfter: (number | null)[];
};

class Model {
  balances = new Map<Name, number>([...members, ...houses].map((n) => [n, 0]));
  entries: ModelEntry[] = [];
  keys = new Map<string, number>();

  /** What the wallet's request hash covers: type, accounts and amounts, and the reversed entry. */
  private signature(request: Request, lines: { name: Name; amount: number }[]) {
    const type = request.kind === 'reverse' ? 'reversal' : request.type;
    return JSON.stringify([type, lines, request.kind === 'reverse' ? request.entryIndex : null]);
  }

  apply(request: Request): Outcome {
    let lines: { name: Name; amount: number }[];
    if (request.kind === 'transfer') {
      const check = checkAmount(request.value);
      if (!check.ok) return { ok: false, code: check.code };
      if (request.from === request.to) return { ok: false, code: 'validation_failed' };
      lines = [
        { name: request.from, amount: -check.amount },
        { name: request.to, amount: check.amount },
      ];
    } else if (request.kind === 'post') {
      lines = [];
      for (const line of request.lines) {
        const check = checkAmount(line.amount, { signed: true });
        if (!check.ok) return { ok: false, code: check.code };
        lines.push({ name: line.name, amount: check.amount });
      }
    } else {
      const original = this.entries[request.entryIndex];
      if (!original) return { ok: false, code: 'entry_not_found' };
      lines = original.lines.map((l) => ({ name: l.name, amount: -l.amount }));
    }
    const signature = this.signature(request, lines);
    const used = this.keys.get(request.key);
    if (used !== undefined) {
      const entry = this.entries[used] as ModelEntry;
      return entry.signature === signature
        ? { ok: true, entryIndex: used, replayed: true, balancesAfter: entry.balancesAfter }
        : { ok: false, code: 'idempotency_conflict' };
    }
    if (request.kind === 'reverse' && this.entries[request.entryIndex]?.reversed) {
      return { ok: false, code: 'entry_already_reversed' };
    }
    for (const line of lines) {
      const isMember = (members as readonly string[]).includes(line.name);
      if (isMember && (this.balances.get(line.name) as number) + line.amount < 0) {
        return { ok: false, code: 'insufficient_funds' };
      }
    }
    const balancesAfter = lines.map((line) => {
      const next = (this.balances.get(line.name) as number) + line.amount;
      this.balances.set(line.name, next);
      return (members as readonly string[]).includes(line.name) ? next : null;
    });
    if (request.kind === 'reverse') (this.entries[request.entryIndex] as ModelEntry).reversed = true;
    this.entries.push({ lines, reversed: false, signature, balancesAfter });
    this.keys.set(request.key, this.entries.length - 1);
    return { ok: true, entryIndex: this.entries.length - 1, replayed: false, balancesAfter };
  }
}

let runs = 0;

async function runSequence(ops: Op[]) {
  const run = ++runs;
  const merchantId = await services.merchants.create(
    `wallet-model-${run}-${Date.now() % 100_000}`,
    settings,
    [],
  );
  const ids = new Map<Name, number>();
  for (const [i, name] of members.entries()) ids.set(name, await wallet.memberAccount(merchantId, i + 1));
  ids.set('deposits', await wallet.houseAccount(merchantId, 'house_deposit_clearing'));
  ids.set('withdrawals', await wallet.houseAccount(merchantId, 'house_withdrawal_clearing'));
  ids.set('adjustments', await wallet.houseAccount(merchantId, 'house_adjustment'));

  const model = new Model();
  const entryIds: number[] = []; // the wallet's entry id of each model entry
  const history: Request[] = [];
  let keys = 0;
  const actor = { type: 'system' } as const;

  const send = async (request: Request): Promise<Outcome> => {
    try {
      const result =
        request.kind === 'reverse'
          ? await wallet.reverse(db, {
              merchantId,
              entryId: entryIds[request.entryIndex] ?? 900_000_000 + request.entryIndex,
              idempotencyKey: request.key,
              actor,
            })
          : request.kind === 'transfer'
            ? await wallet.transfer(db, {
                merchantId,
                idempotencyKey: request.key,
                type: request.type,
                from: ids.get(request.from) as number,
                to: ids.get(request.to) as number,
                amount: request.value as number,
                actor,
              })
            : await wallet.post(db, {
                merchantId,
                idempotencyKey: request.key,
                type: request.type,
                postings: request.lines.map((l) => ({
                  accountId: ids.get(l.name) as number,
                  amount: l.amount as number,
                })),
                actor,
              });
      let entryIndex = entryIds.indexOf(result.entryId);
      if (entryIndex === -1) {
        entryIds.push(result.entryId);
        entryIndex = entryIds.length - 1;
      }
      return {
        ok: true,
        entryIndex,
        replayed: result.replayed,
        balancesAfter: result.postings.map((p) => p.balanceAfter),
      };
    } catch (error) {
      if (error instanceof AppError) return { ok: false, code: error.code };
      throw error;
    }
  };

  /** A transfer-shaped request: the amount leaves `from` and reaches `to`. */
  const move = (type: EntryType, from: Name, to: Name, value: unknown): Request => ({
    kind: 'transfer',
    key: `k${++keys}`,
    type,
    from,
    to,
    value,
  });

  for (const step of ops) {
    let request: Request;
    switch (step.op) {
      case 'deposit':
        request = move('deposit', 'deposits', step.member, step.amount);
        break;
      case 'withdraw':
        request = move('withdrawal', step.member, 'withdrawals', step.amount);
        break;
      case 'transfer':
        request = move('transfer', step.from, step.to, step.amount);
        break;
      case 'adjust': {
        const value = typeof step.amount === 'number' && step.negative ? -step.amount : step.amount;
        request = {
          kind: 'post',
          key: `k${++keys}`,
          type: 'adjustment',
          lines: [
            { name: step.member, amount: value },
            { name: 'adjustments', amount: typeof value === 'number' ? -value : value },
          ],
        };
        break;
      }
      case 'reverse':
        request = { kind: 'reverse', key: `k${++keys}`, entryIndex: step.pick % (model.entries.length + 1) };
        break;
      case 'replay':
        if (history.length === 0) continue;
        request = history[step.pick % history.length] as Request;
        break;
      case 'reuseKey': {
        if (history.length === 0) continue;
        const earlier = history[step.pick % history.length] as Request;
        request = { ...move('deposit', 'deposits', step.member, step.amount), key: earlier.key };
        break;
      }
    }
    history.push(request);
    const expected = model.apply(request);
    const actual = await send(request);
    expect(actual, JSON.stringify({ step, request })).toEqual(expected);
  }

  for (const [name, id] of ids) expect(await wallet.balance(id), name).toBe(model.balances.get(name));
  const report = await wallet.reconcile(merchantId);
  expect(report.ok).toBe(true);
  expect(report.entries).toBe(model.entries.length);
}

it('agrees with an in-memory model on every answer and balance', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(op, { minLength: 5, maxLength: 60, size: 'medium' }), runSequence),
    {
      numRuns: Number(process.env.WALLET_MODEL_RUNS ?? 40),
    },
  );
}, 120_000);
