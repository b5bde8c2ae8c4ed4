// Draws and settlement (issue 14, "Draws"): a draw is made once, under its row lock, from the seed committed
// before its sale opened; its bets are then settled a page at a time, each bet's payout one ledger entry under a
// key of its own, written in the transaction that marks the bet settled. Pages are taken with SKIP LOCKED, so two
// settlers (two job runners, a retry while the first still runs) share the work, and a settlement that died half
// way is finished by the next run without paying anyone twice (docs/decisions/039-lottery.md).
import { drawResult } from '@tala/lottery/draw';
import { settleBet } from '@tala/lottery/game';
import { gameByCode } from '@tala/lottery/games';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { OperatorActor } from '../games/games-admin.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { lotteryVendor } from './betting.ts';
import { type BetRow, type DrawRow, lotteryRepository } from './lottery.repository.ts';
import { drawView, parsedResult } from './lottery-views.ts';
import { rebateScale } from './merchant-games.ts';

export type SettlementSettings = {
  /** Bets settled per transaction. */
  pageSize: number;
  /** Tests stop a run in the middle (a crash) after this many pages were committed. */
  crashAfterPages?: (() => number | undefined) | undefined;
};

export type DrawOutcome = 'drawn' | 'not_due' | 'already' | 'missing' | 'awaiting_result';

export function drawUseCases(deps: {
  db: Database;
  wallet: WalletService;
  audit: AuditService;
  settings: SettlementSettings;
}) {
  const { db, wallet, audit, settings } = deps;
  const repository = lotteryRepository();

  /**
   * Works through a draw's open bets a page per transaction, each bet's money posted by `action` in that page's
   * transaction. Answers how many bets it handled and the total it moved.
   */
  async function eachOpenBet(
    draw: DrawRow,
    action: (trx: Database, bet: BetRow, accounts: { member: number; house: number }) => Promise<number>,
  ) {
    const house = await wallet.houseAccount(draw.merchant_id, 'house_vendor', lotteryVendor);
    let handled = 0;
    let moved = 0;
    let pages = 0;
    for (;;) {
      const done = await db.transaction().execute(async (trx) => {
        const bets = await repository.openBetsPage(trx, draw.id, settings.pageSize);
        if (bets.length === 0) return true;
        const accounts = new Map<number, number>();
        for (const a of await wallet.memberAccounts(
          bets.map((b) => b.member_id),
          trx,
        ))
          if (a.kind === 'member_main') accounts.set(a.memberId, a.id);
        for (const bet of bets) {
          const member = accounts.get(bet.member_id);
          if (member === undefined) throw new Error(`member ${bet.member_id} has no main account`);
          moved += await action(trx, bet, { member, house });
          handled += 1;
        }
        return false;
      });
      if (done) return { handled, moved };
      pages += 1;
      const crashAt = settings.crashAfterPages?.();
      if (crashAt !== undefined && pages >= crashAt) throw new Error('simulated crash');
    }
  }

  /** Pays every open bet of a drawn draw (or loses it) and marks the draw settled when none is left. */
  async function settle(draw: DrawRow) {
    const game = gameByCode(draw.game_code);
    if (!game) throw new Error(`unknown lottery game ${draw.game_code}`);
    const result = parsedResult(draw.result);
    const totals = await eachOpenBet(draw, async (trx, bet, accounts) => {
      const type = game.betTypes.find((t) => t.code === bet.bet_type);
      if (!type) throw new Error(`unknown bet type ${bet.bet_type} of ${game.code}`);
      const { win } = settleBet(
        type,
        { picks: bet.picks.map(Number), stakePerLine: bet.stake_per_line, odds: bet.odds },
        result,
      );
      let entryId: number | null = null;
      if (win > 0) {
        const entry = await wallet.post(trx, {
          merchantId: bet.merchant_id,
          idempotencyKey: `lottery:payout:${bet.id}`,
          type: 'payout',
          postings: [
            { accountId: accounts.house, amount: -win },
            { accountId: accounts.member, amount: win },
          ],
          memo: `${draw.game_code} ${draw.issue_no} bet ${bet.id}`,
          actor: { type: 'system' },
        });
        entryId = entry.entryId;
      }
      // The rebate copied onto the bet (decision 042): a share of the stake back on every settled bet, won or
      // lost, its own ledger entry under its own key, in the same transaction.
      const rebate = Number((BigInt(bet.stake) * BigInt(bet.rebate_rate)) / BigInt(rebateScale));
      let rebateEntryId: number | null = null;
      if (rebate > 0) {
        const entry = await wallet.post(trx, {
          merchantId: bet.merchant_id,
          idempotencyKey: `lottery:rebate:${bet.id}`,
          type: 'payout',
          postings: [
            { accountId: accounts.house, amount: -rebate },
            { accountId: accounts.member, amount: rebate },
          ],
          memo: `${draw.game_code} ${draw.issue_no} rebate of bet ${bet.id}`,
          actor: { type: 'system' },
        });
        rebateEntryId = entry.entryId;
      }
      await repository.settleBet(trx, bet.id, win, entryId, { amount: rebate, entryId: rebateEntryId });
      return win + rebate;
    });
    await repository.markSettledIfDone(db, draw.id);
    return { settled: totals.handled, paid: totals.moved };
  }

  /** Gives every open bet of a cancelled draw its stake back. */
  async function refund(draw: DrawRow) {
    const totals = await eachOpenBet(draw, async (trx, bet, accounts) => {
      const entry = await wallet.post(trx, {
        merchantId: bet.merchant_id,
        idempotencyKey: `lottery:refund:${bet.id}`,
        type: 'bet_refund',
        postings: [
          { accountId: accounts.house, amount: -bet.stake },
          { accountId: accounts.member, amount: bet.stake },
        ],
        memo: `${draw.game_code} ${draw.issue_no} cancelled, bet ${bet.id}`,
        actor: { type: 'system' },
      });
      await repository.refundBet(trx, bet.id, entry.entryId);
      return bet.stake;
    });
    return { refunded: totals.handled, refundedAmount: totals.moved };
  }

  return {
    /**
     * Draws a due draw: under its row lock (which waits for the bets still in flight), the result from the seed
     * committed when the draw was made. Drawing twice does nothing; a draw not due yet is left alone.
     */
    async draw(drawId: number): Promise<DrawOutcome> {
      return db.transaction().execute(async (trx) => {
        const row = await repository.lockDraw(trx, drawId);
        if (!row) return 'missing';
        if (row.status !== 'open') return 'already';
        if ((await repository.now(trx)) < row.draw_at) return 'not_due';
        const game = gameByCode(row.game_code);
        if (!game) throw new Error(`unknown lottery game ${row.game_code}`);
        if (game.version !== row.game_version)
          throw new Error(`draw ${row.id} was made for ${row.game_code} v${row.game_version}`);
        // An operator game's result is entered and approved in the back office (decision 042), never drawn here.
        if (game.resultSource === 'operator') return 'awaiting_result';
        await repository.markDrawn(trx, row.id, drawResult(game, row.server_seed, row.issue_no));
        return 'drawn';
      });
    },

    /** Settles a drawn draw, or refunds a cancelled one; anything else has nothing to do yet. */
    async settle(drawId: number) {
      const none = { settled: 0, paid: 0, refunded: 0, refundedAmount: 0 };
      const draw = await repository.drawById(db, drawId);
      if (draw?.status === 'drawn' || draw?.status === 'settled') return { ...none, ...(await settle(draw)) };
      if (draw?.status === 'cancelled') return { ...none, ...(await refund(draw)) };
      return none;
    },

    /**
     * An operator cancels a draw that has not been drawn: no result will be made, the seed is revealed, and every
     * bet is refunded through the ledger (here, and by the scheduler's sweep if this process stops half way).
     */
    async cancel(operator: OperatorActor, merchant: Merchant, drawId: number, reason: string) {
      const draw = await db.transaction().execute(async (trx) => {
        const row = await repository.lockDraw(trx, drawId);
        if (!row || row.merchant_id !== merchant.id) throw new AppError('lottery_draw_not_found', 'drawId');
        if (row.status !== 'open') throw new AppError('lottery_draw_not_cancellable', 'drawId');
        await repository.markCancelled(trx, row.id, operator.id, reason);
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: 'lottery.draw.cancel',
          target: `lottery_draw:${row.id}`,
          after: { gameCode: row.game_code, issueNo: row.issue_no, reason },
          ip: operator.ip,
        });
        return (await repository.lockDraw(trx, row.id)) as DrawRow;
      });
      const totals = await refund(draw);
      return { draw: drawView(draw), ...totals };
    },
  };
}
