// The hold against the real server (issue 13, Tests: "the withdrawable amount never includes unmet bonus money,
// whatever the order of deposits, bonuses, bets, wins and forfeits"). Random sequences of approved deposits, bonus
// claims, real slot spins, forfeits and cash-outs run through HTTP; after every step a cash-out of one unit more than
// the balance above the hold is refused with nothing moved, and one of exactly that much goes through.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { operatorAuth, testApp } from '../../testing/test-app.ts';
import { tokenOf, uniqueName } from '../members/member-fixtures.ts';

const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const content = await operatorAuth(app, 'content', 'content-demo-1');
services.slots.settings.paceMs = 0;
const PAY = '246810';

const call = (token: string, method: 'GET' | 'POST', url: string, payload?: object) =>
  app.inject({
    method,
    url,
    headers: { authorization: token, merchant: 'tala' },
    ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }),
  });

// Three reload bonuses, each once per member: 50 % up to 300.00 with 2× the bonus and deposit as turnover.
const promotionIds: number[] = [];
for (let i = 0; i < 3; i++) {
  const made = await app.inject({
    method: 'POST',
    url: '/admin-api/merchants/tala/promotions',
    headers: { authorization: content },
    payload: {
      kind: 'repeatDeposit',
      enabled: true,
      startsAt: new Date(Date.now() - 3_600_000).toISOString(),
      endsAt: new Date(Date.now() + 86_400_000).toISOString(),
      budget: null,
      rules: {
        percent: 5_000,
        maxBonus: 30_000,
        minDeposit: 10_000,
        turnoverMultiple: 2,
        turnoverBasis: 'bonusDeposit',
        claimPer: 'once',
      },
      texts: { EN: { title: `Reload ${i} ${uniqueName('r')}`, summary: '', rules: '' } },
    },
  });
  promotionIds.push(made.json().value.id);
}

const step = fc.oneof(
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 10_000, max: 60_000 }) }),
  fc.record({ kind: fc.constant('claim' as const), which: fc.integer({ min: 0, max: 2 }) }),
  fc.record({ kind: fc.constant('spin' as const), bet: fc.constantFrom(100, 500, 2_000, 10_000) }),
  fc.record({ kind: fc.constant('forfeit' as const) }),
  fc.record({ kind: fc.constant('cashOut' as const), share: fc.double({ min: 0, max: 1, noNaN: true }) }),
);

describe('bonus hold (real server)', () => {
  it('never lets a cash-out take money an unmet bonus holds, whatever the order of events', async () => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 10 }), async (steps) => {
        runs += 1;
        const upline = await services.members.create(tala, {
          username: uniqueName('up'),
          password: 'secret123',
        });
        const username = uniqueName('wg');
        const memberId = await services.members.create(tala, {
          username,
          password: 'secret123',
          uplineId: upline,
        });
        const token = await tokenOf(app, username, 'secret123');
        await call(token, 'POST', '/wps/relay/PAY_paymentPassword', {
          loginPassword: 'secret123',
          paymentPassword: PAY,
        });
        const signedIn = await services.members.authenticate(tala, token);
        const account = await services.wallet.memberAccount(tala.id, memberId);
        const balance = () => services.wallet.balance(account);
        const held = async () =>
          (await call(token, 'GET', '/wps/relay/PAY_withdrawLimits')).json().value.bonusHeld as number;
        const transfer = (amount: number) =>
          call(token, 'POST', '/wps/relay/PAY_transferUpline', { amount, paymentPassword: PAY });
        let spins = 0;

        // Every sequence starts with a bonus under wagering (a reload needs a deposit after the first).
        const opening = [
          { kind: 'deposit' as const, amount: 20_000 },
          { kind: 'deposit' as const, amount: 40_000 },
          { kind: 'claim' as const, which: 0 },
        ];
        for (const s of [...opening, ...steps]) {
          if (s.kind === 'deposit') {
            const made = await services.payments.depositByBank(
              tala,
              signedIn,
              {
                amount: String(s.amount),
                bankAccountId: 'bdo-main',
                payerName: 'Ana Reyes',
                reference: 'REF-7777',
              },
              [],
            );
            await services.payments.approveDeposit({ id: 1, name: 'owner', ip: '127.0.0.1' }, made.id);
          } else if (s.kind === 'claim') {
            await call(token, 'POST', '/wps/relay/MCS2_claimPromotion', {
              promotionId: promotionIds[s.which],
              deviceId: `wager-device-${runs}`,
            });
          } else if (s.kind === 'spin') {
            if ((await balance()) >= s.bet) {
              const spun = await call(token, 'POST', '/wps/relay/SLOTS_spin', {
                gameCode: 'TALA-RNG-0001',
                bet: s.bet,
                requestId: `wager-${runs}-${++spins}-${Date.now()}`,
              });
              expect(spun.statusCode, spun.body).toBe(200);
            }
          } else if (s.kind === 'forfeit') {
            const active = (await call(token, 'GET', '/wps/relay/MCSFE_getBonusDetails?status=active')).json()
              .value.list[0];
            if (active) {
              const before = await balance();
              const gone = await call(token, 'POST', '/wps/relay/MCS2_forfeitBonus', { bonusId: active.id });
              expect(gone.statusCode, gone.body).toBe(200);
              expect(before - (await balance())).toBe(Math.min(active.amount, before));
            }
          } else {
            const free = Math.max(0, (await balance()) - (await held()));
            const amount = Math.floor(free * s.share);
            if (amount > 0) expect((await transfer(amount)).statusCode).toBe(200);
          }

          // After every step: the hold is what the active bonus holds, and it cannot be taken out.
          const now = await balance();
          const hold = await held();
          const active = (await call(token, 'GET', '/wps/relay/MCSFE_getBonusDetails?status=active')).json()
            .value.list[0];
          expect(hold).toBe(active ? active.locked : 0);
          const free = Math.max(0, now - hold);
          if (hold > 0 && free + 1 <= now) {
            const refused = await transfer(free + 1);
            expect(refused.json().errorCode).toBe('bonus_wagering_unmet');
            expect(await balance()).toBe(now);
          }
          if (free > 0) {
            expect((await transfer(free)).statusCode).toBe(200);
            expect(await balance()).toBe(now - free);
          }
        }
      }),
      { numRuns: 6 },
    );
    expect((await services.wallet.reconcile(tala.id)).ok).toBe(true);
  }, 120_000);
});
