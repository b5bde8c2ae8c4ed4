import crypto from 'node:crypto';
import { hashServerSeed, newServerSeed } from '@tala/slots/fairness';
import type { Services } from '../../services.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { lotteryRepository } from './lottery.repository.ts';

/* Fixtures of the lottery's tests: members with money, and draws at chosen instants (the schedule's own draws sit
   on the wall clock, which a test cannot wait for). */

let drawCounter = 0;

/** A member of the merchant with `funds` deposited, and a session token. */
export async function lotteryMember(services: Services, merchant: Merchant, funds: number, type = 0) {
  const id = await services.members.create(merchant, {
    username: `l${crypto.randomBytes(5).toString('hex')}`,
    password: 'secret-pass-1',
    type,
  });
  if (funds > 0) {
    const account = await services.wallet.memberAccount(merchant.id, id);
    const clearing = await services.wallet.houseAccount(merchant.id, 'house_deposit_clearing');
    await services.wallet.transfer(services.db, {
      merchantId: merchant.id,
      idempotencyKey: `lottery-test-deposit-${id}`,
      type: 'deposit',
      from: clearing,
      to: account,
      amount: funds,
      actor: { type: 'system' },
    });
  }
  const { token } = await services.db
    .transaction()
    .execute((trx) => services.members.startSession(trx, merchant, id, '127.0.0.1'));
  return { id, token };
}

/**
 * A draw of the game whose sale opens, closes and draws at these offsets from now (ms); answers its id and issue
 * number. Issue indexes far from the real schedule's keep it apart from the draws the scheduler makes (each test file
 * has a database of its own).
 */
export async function testDraw(
  services: Services,
  merchant: Merchant,
  times: { opens?: number; closes: number; draws?: number },
  options: { gameCode?: string; serverSeed?: string } = {},
) {
  drawCounter += 1;
  const now = Date.now();
  const n = drawCounter;
  const issueNo = `2099${String(n % 10_000).padStart(4, '0')}-${String(n % 10_000).padStart(4, '0')}`;
  const serverSeed = options.serverSeed ?? newServerSeed();
  const gameCode = options.gameCode ?? 'VNN1';
  await lotteryRepository().insertDraw(services.db, {
    merchantId: merchant.id,
    gameCode,
    gameVersion: 1,
    index: 2_000_000_000 + n,
    issueNo,
    saleOpensAt: new Date(now + (times.opens ?? -60_000)),
    saleClosesAt: new Date(now + times.closes),
    drawAt: new Date(now + (times.draws ?? times.closes)),
    serverSeed,
    serverSeedHash: hashServerSeed(serverSeed),
  });
  const row = await services.db
    .withTables<{ lottery_draws: { id: number; issue_no: string; merchant_id: number; game_code: string } }>()
    .selectFrom('lottery_draws')
    .select('id')
    .where('merchant_id', '=', merchant.id)
    .where('game_code', '=', gameCode)
    .where('issue_no', '=', issueNo)
    .executeTakeFirstOrThrow();
  return { drawId: row.id, issueNo, gameCode, serverSeed };
}
