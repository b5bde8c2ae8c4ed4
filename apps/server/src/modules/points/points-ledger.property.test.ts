// The points ledger (issue 13 item 6, Tests): whatever the order of earning, redeeming, rejecting and converting,
// a member's points balance equals the sum of the member's postings, never goes below zero, and every entry sums
// to zero. Random sequences run through the service against the real database; refused steps move nothing.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { testApp } from '../../testing/test-app.ts';
import { tokenOf, uniqueName } from '../members/member-fixtures.ts';
import { pointsRepository } from './points.repository.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const repo = pointsRepository(services.db);
const PAY = '246810';
const actor = { id: 1, name: 'owner', ip: '127.0.0.1' };

await services.points.saveSettings(actor, tala, {
  earnRates: { live: 0, lottery: 0, pvp: 0, slots: 0, sports: 0, deposit: 0 },
  cashPerPoint: 5,
  minConvertPoints: 1,
});
const reward = await services.points.saveReward(actor, tala, null, {
  names: { EN: 'Umbrella' },
  points: 40,
  stock: 1_000_000,
  maxPerOrder: 5,
  active: true,
  sort: 0,
});

type Step =
  | { op: 'earn'; points: number }
  | { op: 'redeem'; quantity: number }
  | { op: 'reject'; pick: number }
  | { op: 'convert'; points: number };
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ op: fc.constant('earn' as const), points: fc.integer({ min: 1, max: 150 }) }),
  fc.record({ op: fc.constant('redeem' as const), quantity: fc.integer({ min: 1, max: 5 }) }),
  fc.record({ op: fc.constant('reject' as const), pick: fc.nat() }),
  fc.record({ op: fc.constant('convert' as const), points: fc.integer({ min: 1, max: 120 }) }),
);

let runs = 0;
describe('points ledger', () => {
  it('keeps the balance equal to the postings and never below zero, whatever the order', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        const username = uniqueName('pp');
        const memberId = await services.members.create(tala, { username, password: 'secret123' });
        const token = await tokenOf(app, username, 'secret123');
        await services.members.setPaymentPassword(
          await services.members.authenticate(tala, token),
          { loginPassword: 'secret123', paymentPassword: PAY },
          '127.0.0.1',
        );
        const member = await services.members.authenticate(tala, token);
        const account = await repo.account(services.db, tala.id, 'member', memberId);
        const issued = await repo.account(services.db, tala.id, 'issued', null);
        const redemptions: number[] = [];
        let expected = 0;
        for (const [i, s] of steps.entries()) {
          try {
            if (s.op === 'earn') {
              await services.db.transaction().execute((trx) =>
                repo.post(trx, {
                  merchantId: tala.id,
                  key: `prop-earn:${memberId}:${++runs}:${i}`,
                  kind: 'earn',
                  lines: [
                    { accountId: account, pointType: 'slots', amount: s.points },
                    { accountId: issued, pointType: 'slots', amount: -s.points },
                  ],
                }),
              );
              expected += s.points;
            } else if (s.op === 'redeem') {
              const made = await services.points.redeem(tala, member, {
                rewardId: reward.id,
                quantity: s.quantity,
                address: 'Cebu City',
                mobile: '09170000000',
                remark: '',
                paymentPassword: PAY,
              });
              redemptions.push(made.id);
              expected -= 40 * s.quantity;
            } else if (s.op === 'reject') {
              if (redemptions.length === 0) continue;
              const id = redemptions[s.pick % redemptions.length] as number;
              const done = await services.points.reject(actor, id, 'No stock in your region.');
              expected += done.points;
            } else {
              await services.points.convert(tala, member, { points: s.points, paymentPassword: PAY });
              expected -= s.points;
            }
          } catch (error) {
            // Refusals are the caller's to see; they must be one of the codes that move nothing.
            if (!(error instanceof AppError)) throw error;
            expect(['points_insufficient', 'points_redemption_decided']).toContain(error.code);
          }
          const balance = (await services.points.balance(tala, member)).points;
          const postings = await services.db
            .withTables<{ points_postings: { account_id: number; amount: number } }>()
            .selectFrom('points_postings')
            .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('amount'), eb.lit(0)).as('sum'))
            .where('account_id', '=', account)
            .executeTakeFirstOrThrow();
          expect(balance).toBe(expected);
          expect(Number(postings.sum)).toBe(balance);
          expect(balance).toBeGreaterThanOrEqual(0);
        }
        const report = await services.points.reconcile(tala.id);
        expect(report.unbalancedEntries).toEqual([]);
        expect(report.ok).toBe(true);
      }),
      { numRuns: 15 },
    );
  }, 240_000);
});
