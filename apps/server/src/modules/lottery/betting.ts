// Betting (issue 14, "Betting"): a bet is accepted only while its draw's sale is open. The stake is posted to the
// ledger and the bet recorded in one transaction that holds a share lock on the draw's row and checks the sale's
// close by the database's clock as its last statement, so no bet commits after the close or after the draw took
// its row lock (docs/decisions/039-lottery.md, "Closing instant").
import type { PlaceBetBody } from '@tala/contracts/lottery';
import { TRIAL_TYPE } from '@tala/contracts/members';
import { formatAmount, moneyDisplay } from '@tala/contracts/money-format';
import { checkAmount } from '@tala/contracts/wallet';
import { betOdds, checkSelection } from '@tala/lottery/game';
import { gameByCode } from '@tala/lottery/games';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { reserveLiability } from './liability.ts';
import { lotteryRepository } from './lottery.repository.ts';
import { betView } from './lottery-views.ts';
import { merchantGame } from './merchant-games.ts';

/** The in-house lottery's vendor code (spec §9 lists LOTT among the lottery vendors): its house account. */
export const lotteryVendor = 'LOTT';

export type LotteryMember = { id: number; merchant_id: number; type: number };

export type BettingSettings = {
  /** Tests hold a bet's transaction open here, after its stake is posted and before the close is checked. */
  beforeBetCommit?: (() => Promise<void>) | undefined;
};

function isUniqueViolation(error: unknown) {
  return (error as { code?: unknown } | null)?.code === '23505';
}

/**
 * The checks a bet passes before any transaction (each refusal its own code): a real member, a game the merchant
 * offers and has on sale, a bet type, picks the bet type allows, a stake in whole minor units within the merchant's
 * limits for it. Answers the merchant's settings for the bet too: its odds (where picks pay differently, the bet's
 * one pick decides: decision 041), rebate and liability cap (decision 042). Chases use it too.
 */
export async function checkBet(
  db: Database,
  merchant: Merchant,
  member: LotteryMember,
  body: Pick<PlaceBetBody, 'gameCode' | 'betType' | 'picks' | 'stakePerLine' | 'prizeMode'>,
) {
  if (member.type === TRIAL_TYPE) throw new AppError('in_need_true_account');
  const game = gameByCode(body.gameCode);
  if (!game) throw new AppError('unknown_game', 'gameCode');
  const mine = await merchantGame(db, merchant.id, game.code);
  if (!mine?.enabled) throw new AppError('lottery_game_disabled', 'gameCode');
  if (!mine.onSale) throw new AppError('lottery_game_sale_off', 'gameCode');
  const settings = mine.betTypes.find((t) => t.type.code === body.betType);
  if (!settings) throw new AppError('lottery_bet_type_unknown', 'betType');
  const type = { ...settings.type, stake: settings.stake };
  const selection = checkSelection(type, body.picks);
  if (!selection.ok) throw new AppError(selection.code, 'picks');
  const amount = checkAmount(body.stakePerLine);
  if (!amount.ok) throw new AppError(amount.code, 'stakePerLine');
  const currency = {
    exponent: moneyDisplay(merchant.settings.whitelabel).currencyExponent,
    displayDecimals: 2,
  };
  if (amount.amount < type.stake.min)
    throw new AppError('lottery_stake_below_minimum', 'stakePerLine', {
      min: formatAmount(type.stake.min, currency),
    });
  if (amount.amount > type.stake.max)
    throw new AppError('lottery_stake_over_limit', 'stakePerLine', {
      max: formatAmount(type.stake.max, currency),
    });
  const odds = type.perPick ? betOdds(type, body.prizeMode, body.picks) : settings.odds[body.prizeMode];
  return {
    game,
    type,
    selection,
    amount,
    currency,
    odds,
    rebateRate: mine.rebates[body.prizeMode],
    liabilityCap: settings.liabilityCap,
  };
}

export function bettingUseCases(deps: {
  db: Database;
  wallet: WalletService;
  settings: BettingSettings;
  /** Refuses while the catalogue has the lottery switched off or under maintenance (decision 043). */
  /** With the member: also the play guard (lib/play-guard.ts: a reality check due refuses the bet). */
  openForBets?: ((merchantId: number, memberId?: number) => Promise<void>) | undefined;
  limits?: LimitsService | undefined;
}) {
  const { db, wallet, settings: hooks } = deps;
  const repository = lotteryRepository();

  async function replay(member: LotteryMember, body: PlaceBetBody) {
    const existing = await repository.betByRequest(db, member.id, body.requestId);
    if (!existing) return undefined;
    const same =
      existing.game_code === body.gameCode &&
      existing.issue_no === body.issueNo &&
      existing.bet_type === body.betType &&
      existing.prize_mode === body.prizeMode &&
      existing.stake_per_line === body.stakePerLine &&
      JSON.stringify(existing.picks.map(Number)) === JSON.stringify(body.picks);
    if (!same) throw new AppError('idempotency_conflict', 'requestId');
    const bet = betView(existing);
    return {
      bet,
      balance: await wallet.balance(await wallet.memberAccount(member.merchant_id, member.id)),
      replayed: true,
    };
  }

  return {
    /**
     * Places one bet: checks the game, bet type, picks and stake (each refusal its own code), then in one
     * transaction posts the stake (member → the lottery's house account) and records the bet, on a draw whose sale
     * is open from the first statement to the last. The same requestId answers the bet already placed.
     */
    async placeBet(merchant: Merchant, member: LotteryMember, body: PlaceBetBody) {
      const { game, type, selection, amount, currency, odds, rebateRate, liabilityCap } = await checkBet(
        db,
        merchant,
        member,
        body,
      );
      await deps.openForBets?.(merchant.id, member.id);

      const earlier = await replay(member, body);
      if (earlier) return earlier;

      const lines = selection.lines.length;
      const stake = amount.amount * lines;
      const [memberAccount, house] = await Promise.all([
        wallet.memberAccount(merchant.id, member.id),
        wallet.houseAccount(merchant.id, 'house_vendor', lotteryVendor),
      ]);
      try {
        return await db.transaction().execute(async (trx) => {
          const draw = await repository.drawForBet(trx, merchant.id, game.code, body.issueNo);
          if (!draw) throw new AppError('lottery_draw_not_found', 'issueNo');
          if (draw.status === 'cancelled') throw new AppError('lottery_draw_cancelled', 'issueNo');
          const now = new Date(draw.now);
          if (draw.status !== 'open' || now >= draw.sale_closes_at)
            throw new AppError('lottery_sale_closed', 'issueNo');
          if (now < draw.sale_opens_at) throw new AppError('lottery_sale_not_open', 'issueNo');

          const entry = await wallet.post(trx, {
            merchantId: merchant.id,
            idempotencyKey: `lottery:bet:${member.id}:${body.requestId}`,
            type: 'bet',
            postings: [
              { accountId: memberAccount, amount: -stake },
              { accountId: house, amount: stake },
            ],
            memo: `${game.code} ${body.issueNo} ${type.code} ${body.prizeMode} ×${lines}`,
            actor: { type: 'member', id: member.id },
            // The player's limits, after the stake locked the balance (decision 046): a refusal rolls the bet back.
            alongside: deps.limits?.bet({ merchantId: merchant.id, memberId: member.id }, stake),
          });
          const betId = await repository.insertBet(trx, {
            merchant_id: merchant.id,
            member_id: member.id,
            draw_id: draw.id,
            game_code: game.code,
            bet_type: type.code,
            prize_mode: body.prizeMode,
            picks: [...body.picks],
            lines,
            stake_per_line: amount.amount,
            stake,
            odds,
            request_id: body.requestId,
            bet_entry_id: entry.entryId,
            rebate_rate: rebateRate,
          });
          await reserveLiability(trx, {
            drawId: draw.id,
            type,
            lines: selection.lines,
            stakePerLine: amount.amount,
            odds,
            cap: liabilityCap,
            currency,
          });
          await hooks.beforeBetCommit?.();
          // The last statement: a transaction that reached the close while it ran is rolled back, money and all.
          if (!(await repository.stillOnSale(trx, draw.id)))
            throw new AppError('lottery_sale_closed', 'issueNo');
          const bet = betView({
            id: betId,
            merchant_id: merchant.id,
            member_id: member.id,
            draw_id: draw.id,
            game_code: game.code,
            issue_no: draw.issue_no,
            bet_type: type.code,
            prize_mode: body.prizeMode,
            picks: [...body.picks],
            lines,
            stake_per_line: amount.amount,
            stake,
            odds,
            request_id: body.requestId,
            status: 'open',
            win: 0,
            bet_entry_id: entry.entryId,
            payout_entry_id: null,
            refund_entry_id: null,
            created_at: now,
            settled_at: null,
            chase_id: null,
            chase_seq: null,
            rebate_rate: rebateRate,
            rebate: 0,
            rebate_entry_id: null,
          });
          return { bet, balance: entry.postings[0]?.balanceAfter ?? 0, replayed: false };
        });
      } catch (error) {
        // The same requestId sent twice at once: the loser answers the winner's bet.
        if (isUniqueViolation(error)) {
          const winner = await replay(member, body);
          if (winner) return winner;
        }
        throw error;
      }
    },

    /** The member's bets, newest first (all games, or one). */
    async myBets(
      member: LotteryMember,
      query: { pageNo: number; pageSize: number; gameCode?: string | undefined },
    ) {
      const { rows, total } = await repository.memberBets(db, member.id, {
        gameCode: query.gameCode,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        list: rows.map(betView),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },
  };
}
