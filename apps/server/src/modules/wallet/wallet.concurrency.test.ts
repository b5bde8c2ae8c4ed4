// Concurrency on the real PostgreSQL server: 32 connections moving money among the same few members and house
// accounts at once. Afterwards no balance is negative, no update is lost, the ledger sums to zero and every
// balance row equals its postings.
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { testApp } from '../../testing/test-app.ts';
import type { PostedEntry } from './wallet.service.ts';

const onRealServer = Boolean(process.env.DATABASE_URL);
const { services } = await testApp();
const wallet = services.wallet;
const db = services.db;
const system = { type: 'system' } as const;
const CONNECTIONS = 32;

/** A small deterministic random generator, so that a failure can be replayed with the same seed. */
function random(seed: number) {
  let state = seed >>> 0 || 1;
  return (below: number) => {
    state ^= state << 13;
    state ^= state >>> 17;
    state ^= state << 5;
    return (state >>> 0) % below;
  };
}

describe('32 connections at once', () => {
  it.skipIf(!onRealServer)(
    'keep every balance exact and never negative (needs the real PostgreSQL server: set DATABASE_URL)',
    async () => {
      const settings = (await services.merchants.byCode('tala')).settings;
      const merchantId = await services.merchants.create('wallet-concurrency', settings, []);
      const memberIds = await Promise.all([1, 2, 3, 4, 5, 6].map((m) => wallet.memberAccount(merchantId, m)));
      const clearing = await wallet.houseAccount(merchantId, 'house_deposit_clearing');
      const withdrawals = await wallet.houseAccount(merchantId, 'house_withdrawal_clearing');
      const vendor = await wallet.houseAccount(merchantId, 'house_vendor', 'JILI');
      const promotions = await wallet.houseAccount(merchantId, 'house_promotion_expense');

      const acknowledged: PostedEntry[] = [];
      const refusals = new Map<string, number>();
      for (const [i, member] of memberIds.entries()) {
        acknowledged.push(
          await wallet.transfer(db, {
            merchantId,
            idempotencyKey: `seed-${i}`,
            type: 'deposit',
            from: clearing,
            to: member,
            amount: 50_000,
            actor: system,
          }),
        );
      }

      const worker = async (w: number) => {
        const next = random(w * 7919 + 17);
        const pick = () => memberIds[next(memberIds.length)] as number;
        for (let i = 0; i < 80; i++) {
          const key = `w${w}-${i}`;
          const amount = 1 + next(20_000);
          const choice = next(10);
          try {
            if (choice < 3) {
              const from = pick();
              let to = pick();
              if (to === from) to = memberIds[(memberIds.indexOf(from) + 1) % memberIds.length] as number;
              acknowledged.push(
                await wallet.transfer(db, {
                  merchantId,
                  idempotencyKey: key,
                  type: 'transfer',
                  from,
                  to,
                  amount,
                  actor: system,
                }),
              );
            } else if (choice < 5) {
              acknowledged.push(
                await wallet.transfer(db, {
                  merchantId,
                  idempotencyKey: key,
                  type: 'bet',
                  from: pick(),
                  to: vendor,
                  amount,
                  actor: system,
                }),
              );
            } else if (choice < 7) {
              acknowledged.push(
                await wallet.transfer(db, {
                  merchantId,
                  idempotencyKey: key,
                  type: 'payout',
                  from: vendor,
                  to: pick(),
                  amount,
                  actor: system,
                }),
              );
            } else if (choice === 7) {
              acknowledged.push(
                await wallet.transfer(db, {
                  merchantId,
                  idempotencyKey: key,
                  type: 'withdrawal',
                  from: pick(),
                  to: withdrawals,
                  amount,
                  actor: system,
                }),
              );
            } else if (choice === 8) {
              // A promotion paid from two house accounts at once.
              acknowledged.push(
                await wallet.post(db, {
                  merchantId,
                  idempotencyKey: key,
                  type: 'promotion',
                  postings: [
                    { accountId: promotions, amount: -amount },
                    { accountId: clearing, amount: -1 },
                    { accountId: pick(), amount: amount + 1 },
                  ],
                  actor: system,
                }),
              );
            } else {
              // A caller's transaction of two entries; every fourth one is rolled back after posting.
              const posted = await db.transaction().execute(async (trx) => {
                const member = pick();
                const bet = await wallet.transfer(trx, {
                  merchantId,
                  idempotencyKey: `${key}-bet`,
                  type: 'bet',
                  from: member,
                  to: vendor,
                  amount,
                  actor: system,
                });
                const win = await wallet.transfer(trx, {
                  merchantId,
                  idempotencyKey: `${key}-win`,
                  type: 'payout',
                  from: vendor,
                  to: member,
                  amount: 2 * amount,
                  actor: system,
                });
                if (i % 4 === 0) throw new AppError('conflict');
                return [bet, win];
              });
              acknowledged.push(...posted);
            }
          } catch (error) {
            if (!(error instanceof AppError)) throw error;
            refusals.set(error.code, (refusals.get(error.code) ?? 0) + 1);
          }
        }
      };
      await Promise.all(Array.from({ length: CONNECTIONS }, (_, w) => worker(w)));

      // Only refusals the workload can cause; anything else would be a bug.
      expect(
        [...refusals.keys()].filter((code) => code !== 'insufficient_funds' && code !== 'conflict'),
      ).toEqual([]);
      expect(refusals.get('insufficient_funds') ?? 0).toBeGreaterThan(0);

      const expected = new Map<number, number>();
      for (const entry of acknowledged) {
        for (const p of entry.postings)
          expected.set(p.accountId, (expected.get(p.accountId) ?? 0) + p.amount);
      }
      for (const [accountId, balance] of expected) expect(await wallet.balance(accountId)).toBe(balance);
      for (const member of memberIds) expect(await wallet.balance(member)).toBeGreaterThanOrEqual(0);

      const report = await wallet.reconcile(merchantId);
      expect(report).toMatchObject({
        ok: true,
        currencies: [{ currency: 'PHP', total: 0 }],
        projectionMismatches: [],
        unbalancedEntries: [],
      });
      expect(report.entries).toBe(new Set(acknowledged.map((e) => e.entryId)).size);
      expect(report.entries).toBe(acknowledged.length);
      // The house account touched by every other entry was spread over its shards.
      const usedShards = await db
        .selectFrom('ledger_balances')
        .select('shard')
        .where('account_id', '=', vendor)
        .where('version', '>', 0)
        .execute();
      expect(usedShards.length).toBeGreaterThan(4);
    },
    60_000,
  );

  it.skipIf(!onRealServer)(
    'move money once for 32 copies of one request, and refuse the variants of a key (needs DATABASE_URL)',
    async () => {
      const merchantId = (await services.merchants.byCode('tala')).id;
      const member = await wallet.memberAccount(merchantId, 900);
      const clearing = await wallet.houseAccount(merchantId, 'house_deposit_clearing');
      await wallet.transfer(db, {
        merchantId,
        idempotencyKey: 'c-seed',
        type: 'deposit',
        from: clearing,
        to: member,
        amount: 10_000,
        actor: system,
      });
      const request = {
        merchantId,
        idempotencyKey: 'c-same',
        type: 'withdrawal' as const,
        from: member,
        to: clearing,
        amount: 1_000,
        actor: system,
      };
      const same = await Promise.all(Array.from({ length: CONNECTIONS }, () => wallet.transfer(db, request)));
      expect(new Set(same.map((r) => r.entryId)).size).toBe(1);
      expect(same.filter((r) => !r.replayed)).toHaveLength(1);
      expect(await wallet.balance(member)).toBe(9_000);

      const variants = await Promise.allSettled(
        Array.from({ length: CONNECTIONS }, (_, i) =>
          wallet.transfer(db, { ...request, idempotencyKey: 'c-variant', amount: 100 + i }),
        ),
      );
      const winners = variants.filter((v) => v.status === 'fulfilled');
      expect(winners).toHaveLength(1);
      for (const v of variants) {
        if (v.status === 'rejected') expect((v.reason as AppError).code).toBe('idempotency_conflict');
      }
      const moved = (winners[0] as PromiseFulfilledResult<PostedEntry>).value.postings[1]?.amount as number;
      expect(await wallet.balance(member)).toBe(9_000 - moved);
      expect((await wallet.reconcile(merchantId)).ok).toBe(true);
    },
    30_000,
  );
});
