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
import type { LimitsService } from '../limits/limits.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { PostRequest, WalletService } from '../wallet/wallet.service.ts';
import { lotteryVendor } from './betting.ts';
import { type BetRow, type DrawRow, lotteryRepository } from './lottery.repository.ts';
import { drawView, parsedResult } from './lottery-views.ts';
import { rebateScale } from './merchant-games.ts';

export type SettlementSettings = {
  /** Bets settled per transaction. */
  pageSize: number;
  /** Pages settled at once, each in its own transaction (default 1). */
  settlers?: number | undefined;
  /** Tests stop a run in the middle (a crash) after this many pages were committed. */
  crashAfterPages?: (() => number | undefined) | undefined;
  /** Tests hold a page's transaction open here (its entries posted, not committed): page numbers count from 1. */
  beforePageCommit?: ((page: number) => Promise<void>) | undefined;
};

/** What settling or refunding a page of bets posts, and how it then records the bets. */
type PageWork = {
  entries: { amount: number; memberId: number; request: PostRequest }[];
  /** Records the page's bets; `entryOf` answers the entry posted under an idempotency key. */
  record: (trx: Database, entryOf: (key: string) => number | null) => Promise<void>;
};

export type DrawOutcome = 'drawn' | 'not_due' | 'already' | 'missing' | 'awaiting_result';

export function drawUseCases(deps: {
  db: Database;
  wallet: WalletService;
  audit: AuditService;
  settings: SettlementSettings;
  /** Payouts, rebates and refunds count against the players' loss and wager limits (decision 046). */
  limits?: LimitsService | undefined;
}) {
  const { db, wallet, audit, settings } = deps;
  const repository = lotteryRepository();

  /**
   * Works through a draw's open bets a page per transaction: `page` answers each bet's ledger entry (or none), all
   * posted in one statement, and records the bets in another. Answers how many bets it handled and the total it
   * moved.
   */
  async function eachOpenPage(
    draw: DrawRow,
    page: (bets: BetRow[], accounts: { member: (bet: BetRow) => number; house: number }) => PageWork,
  ) {
    const house = await wallet.houseAccount(draw.merchant_id, 'house_vendor', lotteryVendor);
    let handled = 0;
    let moved = 0;
    let pages = 0;
    let failed = false;
    /** One settler: pages until none is left that no other settler holds. */
    const settler = async () => {
      while (!failed) {
        const done = await db.transaction().execute(async (trx) => {
          const bets = await repository.openBetsPage(trx, draw.id, settings.pageSize);
          if (bets.length === 0) return true;
          const accounts = new Map<number, number>();
          for (const a of await wallet.memberAccounts(
            bets.map((b) => b.member_id),
            trx,
          ))
            if (a.kind === 'member_main') accounts.set(a.memberId, a.id);
          const member = (bet: BetRow) => {
            const account = accounts.get(bet.member_id);
            if (account === undefined) throw new Error(`member ${bet.member_id} has no main account`);
            return account;
          };
          const work = page(bets, { member, house });
          const posted = await wallet.postMany(
            trx,
            work.entries.map((e) => e.request),
          );
          const entries = new Map(work.entries.map((e, i) => [e.request.idempotencyKey, posted[i]?.entryId]));
          await deps.limits?.countMany(
            trx,
            work.entries.map((e) =>
              e.request.type === 'bet_refund'
                ? { memberId: e.memberId, wager: -e.amount, loss: -e.amount }
                : { memberId: e.memberId, wager: 0, loss: -e.amount },
            ),
          );
          await work.record(trx, (key) => entries.get(key) ?? null);
          await settings.beforePageCommit?.(pages + 1);
          handled += bets.length;
          moved += work.entries.reduce((sum, e) => sum + e.amount, 0);
          return false;
        });
        if (done) return;
        pages += 1;
        const crashAt = settings.crashAfterPages?.();
        if (crashAt !== undefined && pages >= crashAt) throw new Error('simulated crash');
      }
    };
    // Several pages at once (SKIP LOCKED gives each its own): one settler is one database backend, and the ledger
    // posts at its pace only with several (decision 044).
    await Promise.all(
      Array.from({ length: Math.max(1, settings.settlers ?? 1) }, () =>
        settler().catch((error: unknown) => {
          failed = true;
          throw error;
        }),
      ),
    );
    return { handled, moved };
  }

  /** A draw's member → house movement of one bet. */
  const movement = (draw: DrawRow, bet: BetRow, house: number, member: number, amount: number) => ({
    merchantId: bet.merchant_id,
    postings: [
      { accountId: house, amount: -amount },
      { accountId: member, amount },
    ],
    actor: { type: 'system' as const },
    memo: `${draw.game_code} ${draw.issue_no} bet ${bet.id}`,
  });

  /** Pays every open bet of a drawn draw (or loses it) and marks the draw settled when none is left. */
  async function settle(draw: DrawRow) {
    const game = gameByCode(draw.game_code);
    if (!game) throw new Error(`unknown lottery game ${draw.game_code}`);
    const result = parsedResult(draw.result);
    const payoutKey = (bet: BetRow) => `lottery:payout:${bet.id}`;
    const rebateKey = (bet: BetRow) => `lottery:rebate:${bet.id}`;
    const totals = await eachOpenPage(draw, (bets, accounts) => {
      const settled = bets.map((bet) => {
        const type = game.betTypes.find((t) => t.code === bet.bet_type);
        if (!type) throw new Error(`unknown bet type ${bet.bet_type} of ${game.code}`);
        const { win } = settleBet(
          type,
          { picks: bet.picks.map(Number), stakePerLine: bet.stake_per_line, odds: bet.odds },
          result,
        );
        // The rebate copied onto the bet (decision 042): a share of the stake back on every settled bet, won or
        // lost, its own ledger entry under its own key, in the same transaction.
        const rebate = Number((BigInt(bet.stake) * BigInt(bet.rebate_rate)) / BigInt(rebateScale));
        return { bet, win, rebate };
      });
      return {
        entries: settled.flatMap(({ bet, win, rebate }) => [
          ...(win > 0
            ? [
                {
                  amount: win,
                  memberId: bet.member_id,
                  request: {
                    ...movement(draw, bet, accounts.house, accounts.member(bet), win),
                    idempotencyKey: payoutKey(bet),
                    type: 'payout' as const,
                  },
                },
              ]
            : []),
          ...(rebate > 0
            ? [
                {
                  amount: rebate,
                  memberId: bet.member_id,
                  request: {
                    ...movement(draw, bet, accounts.house, accounts.member(bet), rebate),
                    memo: `${draw.game_code} ${draw.issue_no} rebate of bet ${bet.id}`,
                    idempotencyKey: rebateKey(bet),
                    // Its own entry type, so that the account record shows it as a rebate, not a win.
                    type: 'rebate' as const,
                  },
                },
              ]
            : []),
        ]),
        record: (trx, entryOf) =>
          repository.settleBets(
            trx,
            settled.map(({ bet, win, rebate }) => ({
              id: bet.id,
              win,
              entryId: entryOf(payoutKey(bet)),
              rebate,
              rebateEntryId: entryOf(rebateKey(bet)),
            })),
          ),
      };
    });
    await repository.markSettledIfDone(db, draw.id);
    return { settled: totals.handled, paid: totals.moved };
  }

  /** Gives every open bet of a cancelled draw its stake back. */
  async function refund(draw: DrawRow) {
    const totals = await eachOpenPage(draw, (bets, accounts) => ({
      entries: bets.map((bet) => ({
        amount: bet.stake,
        memberId: bet.member_id,
        request: {
          ...movement(draw, bet, accounts.house, accounts.member(bet), bet.stake),
          memo: `${draw.game_code} ${draw.issue_no} cancelled, bet ${bet.id}`,
          idempotencyKey: `lottery:refund:${bet.id}`,
          type: 'bet_refund' as const,
        },
      })),
      record: (trx, entryOf) =>
        repository.refundBets(
          trx,
          bets.map((bet) => ({ id: bet.id, entryId: entryOf(`lottery:refund:${bet.id}`) as number })),
        ),
    }));
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
