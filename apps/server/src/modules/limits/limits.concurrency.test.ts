// No sequence of deposits and bets, sent all at once over many connections, passes a limit (issue 18 item 1,
// "Tests"): fast-check picks the limits and a burst of lottery bets, vendor bets through the seamless wallet,
// in-house bets and deposit requests of one member; everything is sent at once; afterwards what was accepted stays
// within every limit, the counters equal what the ledger and the deposits table hold, and every refusal was a
// limit's own code. On the real PostgreSQL server (DATABASE_URL) the requests truly run at once.
import crypto from 'node:crypto';
import fc from 'fast-check';
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../http/app-error.ts';
import { signedHeaders } from '../../lib/vendor-signature.ts';
import { testApp } from '../../testing/test-app.ts';
import { lotteryMember, testDraw } from '../lottery/lottery-testing.ts';

const onRealServer = Boolean(process.env.DATABASE_URL);
const { app, services } = await testApp();
const tala = await services.merchants.byCode('tala');
const VENDOR = 'MABUHAY';
const { secret } = (await services.seamless.ensureSimulatedCredentials([VENDOR])).find(
  (c) => c.vendorCode === VENDOR,
) as { secret: string };
const game = (
  await app.inject({
    url: '/wps/relay/GCSGAME_gameList?vassalage=MABUHAY_RNG&pageSize=1',
    headers: { merchant: 'tala' },
  })
).json().value.list[0] as { nodeId: number };

type Action =
  | { kind: 'lottery'; stake: number }
  | { kind: 'vendor'; stake: number }
  | { kind: 'direct'; stake: number }
  | { kind: 'deposit'; amount: number };

const action: fc.Arbitrary<Action> = fc.oneof(
  fc.record({
    kind: fc.constant('lottery' as const),
    stake: fc.integer({ min: 1, max: 30 }).map((n) => n * 100),
  }),
  fc.record({ kind: fc.constant('vendor' as const), stake: fc.integer({ min: 1, max: 3_000 }) }),
  fc.record({ kind: fc.constant('direct' as const), stake: fc.integer({ min: 1, max: 3_000 }) }),
  fc.record({ kind: fc.constant('deposit' as const), amount: fc.integer({ min: 10_000, max: 50_000 }) }),
);

const limitCodes = new Set([
  'limit_wager_day_reached',
  'limit_wager_week_reached',
  'limit_loss_day_reached',
  'limit_loss_month_reached',
  'limit_deposit_day_reached',
]);

describe('a burst of concurrent deposits and bets', () => {
  it('never passes a limit, and the counters equal the ledger', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          wagerDay: fc.integer({ min: 500, max: 20_000 }),
          lossMonth: fc.integer({ min: 500, max: 20_000 }),
          depositDay: fc.integer({ min: 1_000, max: 80_000 }),
          actions: fc.array(action, { minLength: 8, maxLength: onRealServer ? 40 : 16 }),
        }),
        async ({ wagerDay, lossMonth, depositDay, actions }) => {
          const m = await lotteryMember(services, tala, 1_000_000);
          const signedIn = await services.members.authenticate(tala, m.token);
          for (const [key, value] of [
            ['wager_day', wagerDay],
            ['loss_month', lossMonth],
            ['deposit_day', depositDay],
          ] as const) {
            await services.limits.set(tala, signedIn, { key, value });
          }
          // Deposited before the first limit: counted from the ledger when the row was made.
          const startDeposits = 1_000_000;
          const draw = await testDraw(services, tala, { closes: 300_000 });
          const launched = await app.inject({
            url: `/wps/relay/GCS_gameLaunchFB?nodeId=${game.nodeId}`,
            headers: { merchant: 'tala', authorization: m.token },
          });
          const gameToken = new URL(launched.json().value.url, 'http://x').searchParams.get(
            'token',
          ) as string;
          const rawAuth = JSON.stringify({ token: gameToken });
          const auth = (
            await app.inject({
              method: 'POST',
              url: `/vendor-api/${VENDOR}/authenticate`,
              headers: signedHeaders(secret, rawAuth),
              payload: rawAuth,
            })
          ).json().value as { playerId: string; gameCode: string };
          const memberAccount = await services.wallet.memberAccount(tala.id, m.id);
          const house = await services.wallet.houseAccount(tala.id, 'house_vendor', 'TALA');

          const run = async (a: Action, i: number): Promise<{ ok: boolean; code?: string }> => {
            if (a.kind === 'lottery') {
              const res = await app.inject({
                method: 'POST',
                url: '/lgw/vn/bets',
                headers: { merchant: 'tala', authorization: m.token },
                payload: {
                  gameCode: 'VNN1',
                  issueNo: draw.issueNo,
                  betType: 'de',
                  prizeMode: 'Lott',
                  picks: [i % 100],
                  stakePerLine: a.stake,
                  requestId: crypto.randomUUID(),
                },
              });
              return res.statusCode === 200 ? { ok: true } : { ok: false, code: res.json().errorCode };
            }
            if (a.kind === 'vendor') {
              const id = `burst-${m.id}-${i}`;
              const raw = JSON.stringify({
                token: gameToken,
                playerId: auth.playerId,
                transactionId: id,
                roundId: id,
                gameCode: auth.gameCode,
                amount: a.stake,
              });
              const res = await app.inject({
                method: 'POST',
                url: `/vendor-api/${VENDOR}/bet`,
                headers: signedHeaders(secret, raw),
                payload: raw,
              });
              return res.statusCode === 200 ? { ok: true } : { ok: false, code: res.json().errorCode };
            }
            try {
              if (a.kind === 'deposit') {
                await services.payments.depositByBank(
                  tala,
                  signedIn,
                  {
                    amount: String(a.amount),
                    bankAccountId: 'bdo-main',
                    payerName: 'Ana Reyes',
                    reference: 'REF-4455',
                  },
                  [],
                );
              } else {
                await services.db.transaction().execute(async (trx) => {
                  await services.wallet.post(trx, {
                    merchantId: tala.id,
                    idempotencyKey: `burst-direct-${m.id}-${i}`,
                    type: 'bet',
                    postings: [
                      { accountId: memberAccount, amount: -a.stake },
                      { accountId: house, amount: a.stake },
                    ],
                    actor: { type: 'member', id: m.id },
                    alongside: services.limits.bet({ merchantId: tala.id, memberId: m.id }, a.stake),
                  });
                });
              }
              return { ok: true };
            } catch (error) {
              if (error instanceof AppError) return { ok: false, code: error.code };
              throw error;
            }
          };
          const results = await Promise.all(actions.map((a, i) => run(a, i)));

          for (const r of results) if (!r.ok) expect(limitCodes, r.code).toContain(r.code);
          const accepted = actions.filter((_, i) => results[i]?.ok);
          const staked = accepted.reduce((sum, a) => sum + (a.kind === 'deposit' ? 0 : a.stake), 0);
          const requested = accepted.reduce((sum, a) => sum + (a.kind === 'deposit' ? a.amount : 0), 0);
          expect(staked).toBeLessThanOrEqual(Math.min(wagerDay, lossMonth));
          // Deposits count when credited; the requests' check counted every pending one.
          expect(startDeposits).toBeGreaterThan(depositDay);
          expect(requested).toBe(0);

          // The counters agree with the ledger: every accepted stake, nothing refused.
          const { rows } = await sql<{ stakes: string }>`
            SELECT coalesce(-sum(p.amount), 0) AS stakes FROM ledger_postings p
              JOIN ledger_entries e ON e.id = p.entry_id
             WHERE p.account_id = ${memberAccount} AND e.type = 'bet'`.execute(services.db);
          expect(Number(rows[0]?.stakes)).toBe(staked);
          const state = await services.limits.state(tala, signedIn);
          const used = (key: string) => state.limits.find((l) => l.key === key)?.used;
          expect(used('wager_day')).toBe(staked);
          expect(used('loss_month')).toBe(staked);
        },
      ),
      { numRuns: onRealServer ? 8 : 3 },
    );
  }, 240_000);

  it('lets concurrent deposit requests share the headroom only once', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 10_000, max: 150_000 }),
        fc.array(fc.integer({ min: 10_000, max: 60_000 }), {
          minLength: 4,
          maxLength: onRealServer ? 32 : 12,
        }),
        async (limit, amounts) => {
          const m = await lotteryMember(services, tala, 0);
          const signedIn = await services.members.authenticate(tala, m.token);
          await services.limits.set(tala, signedIn, { key: 'deposit_day', value: limit });
          const results = await Promise.all(
            amounts.map((amount) =>
              services.payments
                .depositByBank(
                  tala,
                  signedIn,
                  {
                    amount: String(amount),
                    bankAccountId: 'bdo-main',
                    payerName: 'Ana Reyes',
                    reference: 'REF-4455',
                  },
                  [],
                )
                .then(
                  () => true,
                  (error: unknown) => {
                    if (error instanceof AppError && error.code === 'limit_deposit_day_reached') return false;
                    throw error;
                  },
                ),
            ),
          );
          const total = amounts.reduce((sum, amount, i) => sum + (results[i] ? amount : 0), 0);
          expect(total).toBeLessThanOrEqual(limit);
          const { rows } = await sql<{ n: string }>`SELECT coalesce(sum(amount), 0) AS n FROM deposits
            WHERE member_id = ${m.id} AND status = 'pending'`.execute(services.db);
          expect(Number(rows[0]?.n)).toBe(total);
        },
      ),
      { numRuns: onRealServer ? 10 : 3 },
    );
  }, 240_000);
});
