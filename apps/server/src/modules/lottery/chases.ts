import { moneyDisplay } from '@tala/contracts/money-format';
// Chasing (issue 14, "Betting": multi-draw chasing; docs/decisions/043-lottery-client.md). A chase follows one bet
// over N consecutive issues of a game. Money moves through the ledger only, each movement one balanced entry under a
// key of its own, so that every step happens once however often the scheduler runs it:
//   - start: the whole plan (stake × N) member → the chase hold (house_vendor/LOTT_CHASE), key lottery:chase-hold:…
//     and, in the same transaction, the first issue's bet (the issue on sale now);
//   - each later issue, when its sale is open: its stake hold → the lottery's house account, key
//     lottery:chase:<id>:<seq>, and the bet row (request id chase-<id>-<seq>: one bet per issue);
//   - the end (stop on win, every issue bet and settled, or the member's cancel): what is still held hold → member,
//     key lottery:chase-refund:<id>.
// Every step runs under the chase's row lock; a bet takes its draw's row FOR SHARE and checks the sale's close as its
// last statement, exactly like a single bet (decision 039).

import type { LotteryChase, PrizeModeCode, StartChaseBody } from '@tala/contracts/lottery';
import { gameByCode } from '@tala/lottery/games';
import { issuesLeftToday } from '@tala/lottery/schedule';
import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { changes } from '../../lib/change-feed.ts';
import type { LimitsService } from '../limits/limits.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { WalletService } from '../wallet/wallet.service.ts';
import { checkBet, type LotteryMember, lotteryVendor } from './betting.ts';
import { reserveLiability } from './liability.ts';
import { type DrawRow, lotteryRepository } from './lottery.repository.ts';
import { type LotteryChasesTable, withLotteryTables } from './lottery.tables.ts';
import { merchantGame } from './merchant-games.ts';

/** The house account that holds the chases' money not yet bet: the lottery's, kept apart from its takings. */
export const chaseHoldVendor = 'LOTT_CHASE';

export type ChaseRow = Selectable<LotteryChasesTable>;
type ChaseTotals = { settled: number; wins: number; win_total: number; open: number; skipped: number };

function isUniqueViolation(error: unknown) {
  return (error as { code?: unknown } | null)?.code === '23505';
}

function chaseView(row: ChaseRow, totals: ChaseTotals): LotteryChase {
  return {
    chaseId: row.id,
    gameCode: row.game_code,
    betType: row.bet_type,
    prizeMode: row.prize_mode as LotteryChase['prizeMode'],
    picks: row.picks.map(Number),
    lines: row.lines,
    stakePerLine: Number(row.stake_per_line),
    odds: row.odds,
    firstIssueNo: row.first_issue_no,
    issues: row.issues,
    stopOnWin: row.stop_on_win,
    total: Number(row.total),
    placed: row.placed,
    settled: totals.settled,
    wins: totals.wins,
    winTotal: totals.win_total,
    skipped: row.next_seq - row.placed,
    held: Number(row.held),
    refunded: Number(row.refunded),
    status: row.status,
    createdAt: row.created_at.toISOString(),
    endedAt: row.ended_at?.toISOString() ?? null,
  };
}

function chaseRepository() {
  const t = withLotteryTables;
  return {
    lock(trx: Database, chaseId: number) {
      return t(trx)
        .selectFrom('lottery_chases')
        .selectAll()
        .where('id', '=', chaseId)
        .forUpdate()
        .executeTakeFirst();
    },
    byRequest(executor: Database, memberId: number, requestId: string) {
      return t(executor)
        .selectFrom('lottery_chases')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
    },
    /** The chase's bets: how many are settled, won, still open, and the wins' total. */
    async totals(executor: Database, chaseIds: number[]): Promise<Map<number, ChaseTotals>> {
      const map = new Map<number, ChaseTotals>();
      if (chaseIds.length === 0) return map;
      const rows = await sql<{
        chase_id: number;
        settled: number;
        wins: number;
        win_total: string;
        open: number;
      }>`
        SELECT chase_id, count(*) FILTER (WHERE status IN ('won', 'lost'))::int AS settled,
               count(*) FILTER (WHERE status = 'won')::int AS wins,
               COALESCE(sum(win), 0)::bigint AS win_total,
               count(*) FILTER (WHERE status = 'open')::int AS open
          FROM lottery_bets WHERE chase_id IN (${sql.join(chaseIds)}) GROUP BY chase_id`.execute(executor);
      for (const r of rows.rows)
        map.set(Number(r.chase_id), {
          settled: r.settled,
          wins: r.wins,
          win_total: Number(r.win_total),
          open: r.open,
          skipped: 0,
        });
      return map;
    },
    /** The draw of a game's issue by its index, share-locked with the database's clock (as a bet's draw). */
    async drawAtIndex(trx: Database, merchantId: number, gameCode: string, index: number) {
      const row = await sql<DrawRow & { now: Date }>`
        SELECT d.*, clock_timestamp() AS now FROM lottery_draws d
         WHERE d.merchant_id = ${merchantId} AND d.game_code = ${gameCode} AND d.issue_index = ${index}
           FOR SHARE`.execute(trx);
      return row.rows[0];
    },
    running(executor: Database, filter: { merchantId?: number; gameCode?: string; memberId?: number }) {
      return t(executor)
        .selectFrom('lottery_chases')
        .select('id')
        .where('status', '=', 'running')
        .$if(filter.memberId !== undefined, (q) => q.where('member_id', '=', filter.memberId as number))
        .$if(filter.merchantId !== undefined, (q) => q.where('merchant_id', '=', filter.merchantId as number))
        .$if(filter.gameCode !== undefined, (q) => q.where('game_code', '=', filter.gameCode as string))
        .orderBy('id')
        .limit(5000)
        .execute();
    },
  };
}

type Step = 'again' | 'wait' | 'done';
type Money = { member: number; hold: number; house: number };

export function chaseUseCases(deps: {
  db: Database;
  wallet: WalletService;
  /** Whether the lottery takes bets for this merchant now (the catalogue's switch-off and maintenance). */
  openForBets: (merchantId: number, memberId?: number) => Promise<void>;
  /** The player's limits: the whole hold is staked at the start, what comes back is a refund (decision 046). */
  limits?: LimitsService | undefined;
}) {
  const { db, wallet, openForBets } = deps;
  const repository = lotteryRepository();
  const chases = chaseRepository();

  async function accounts(merchantId: number, memberId: number) {
    const [member, hold, house] = await Promise.all([
      wallet.memberAccount(merchantId, memberId),
      wallet.houseAccount(merchantId, 'house_vendor', chaseHoldVendor),
      wallet.houseAccount(merchantId, 'house_vendor', lotteryVendor),
    ]);
    return { member, hold, house };
  }

  async function view(executor: Database, row: ChaseRow) {
    const totals = (await chases.totals(executor, [row.id])).get(row.id);
    return chaseView(row, totals ?? { settled: 0, wins: 0, win_total: 0, open: 0, skipped: 0 });
  }

  /** Bets issue `seq` of a chase on its draw (on sale, checked by the caller): hold → house, one bet row. */
  /** The liability message of a passed-over issue is never shown: any currency formats it. */
  const anyCurrency = { exponent: 2, displayDecimals: 2 };

  async function placeIssue(
    trx: Database,
    chase: ChaseRow,
    draw: DrawRow,
    money: Money,
    currency: { exponent: number; displayDecimals: number },
  ) {
    const seq = chase.next_seq;
    const stake = Number(chase.stake_per_line) * chase.lines;
    // The merchant's settings in force now (decision 042): the rebate this issue's bet takes, and the liability cap
    // per number, reserved first as for a single bet (over it: lottery_liability_exceeded).
    const mine = await merchantGame(trx, chase.merchant_id, chase.game_code);
    const setting = mine?.betTypes.find((t) => t.type.code === chase.bet_type);
    if (!mine || !setting) throw new AppError('lottery_bet_type_unknown', 'betType');
    await reserveLiability(trx, {
      drawId: draw.id,
      type: setting.type,
      lines: setting.type.lines(chase.picks.map(Number)),
      stakePerLine: Number(chase.stake_per_line),
      odds: chase.odds,
      cap: setting.liabilityCap,
      currency,
    });
    const entry = await wallet.post(trx, {
      merchantId: chase.merchant_id,
      idempotencyKey: `lottery:chase:${chase.id}:${seq}`,
      type: 'transfer',
      postings: [
        { accountId: money.hold, amount: -stake },
        { accountId: money.house, amount: stake },
      ],
      memo: `${chase.game_code} ${draw.issue_no} chase ${chase.id} #${seq + 1}`,
      actor: { type: 'system' },
    });
    await repository.insertBet(trx, {
      rebate_rate: mine.rebates[chase.prize_mode as PrizeModeCode] ?? 0,
      merchant_id: chase.merchant_id,
      member_id: chase.member_id,
      draw_id: draw.id,
      game_code: chase.game_code,
      bet_type: chase.bet_type,
      prize_mode: chase.prize_mode,
      picks: chase.picks.map(Number),
      lines: chase.lines,
      stake_per_line: Number(chase.stake_per_line),
      stake,
      odds: chase.odds,
      request_id: `chase-${chase.id}-${seq}`,
      bet_entry_id: entry.entryId,
      chase_id: chase.id,
      chase_seq: seq,
    });
    await withLotteryTables(trx)
      .updateTable('lottery_chases')
      .set({ next_seq: seq + 1, placed: chase.placed + 1, held: Number(chase.held) - stake })
      .where('id', '=', chase.id)
      .execute();
    // The last statement, as for a single bet: a transaction that reached the close rolls back with its money.
    if (!(await repository.stillOnSale(trx, draw.id))) throw new AppError('lottery_sale_closed', 'issueNo');
  }

  /** Ends a running chase: what is still held goes back to the member in one entry. */
  async function finish(
    trx: Database,
    chase: ChaseRow,
    status: 'won' | 'completed' | 'cancelled',
    money: Money,
    /** Who ended it, when not the member's own cancel (a time-out or an exclusion stops it: the system). */
    endedBy?: 'system',
  ) {
    const held = Number(chase.held);
    let refundEntry: number | null = null;
    if (held > 0) {
      const entry = await wallet.post(trx, {
        merchantId: chase.merchant_id,
        idempotencyKey: `lottery:chase-refund:${chase.id}`,
        type: 'bet_refund',
        postings: [
          { accountId: money.hold, amount: -held },
          { accountId: money.member, amount: held },
        ],
        memo: `${chase.game_code} chase ${chase.id} ${status}: ${chase.issues - chase.placed} issue(s) not bet`,
        actor:
          status === 'cancelled' && endedBy !== 'system'
            ? { type: 'member', id: chase.member_id }
            : { type: 'system' },
        alongside: deps.limits?.refund({ merchantId: chase.merchant_id, memberId: chase.member_id }, held),
      });
      refundEntry = entry.entryId;
    }
    await withLotteryTables(trx)
      .updateTable('lottery_chases')
      .set({
        status,
        held: 0,
        refunded: held,
        refund_entry_id: refundEntry,
        ended_at: sql<Date>`clock_timestamp()`,
      })
      .where('id', '=', chase.id)
      .where('status', '=', 'running')
      .execute();
    changes.publish(trx, { on: 'member', memberId: chase.member_id });
  }

  /**
   * One step of a running chase under its row lock; `again` when another step may follow at once. The accounts and
   * whether the lottery takes bets are read before the transaction (never a query on `db` inside one).
   */
  async function step(chaseId: number, money: Money, open: boolean): Promise<Step> {
    return db.transaction().execute(async (trx) => {
      const chase = await chases.lock(trx, chaseId);
      if (chase?.status !== 'running') return 'done';
      const totals = (await chases.totals(trx, [chase.id])).get(chase.id);
      if (chase.stop_on_win && (totals?.wins ?? 0) > 0) {
        await finish(trx, chase, 'won', money);
        return 'done';
      }
      if (chase.next_seq >= chase.issues) {
        if ((totals?.open ?? 0) === 0) await finish(trx, chase, 'completed', money);
        return 'done';
      }
      // Stopping on a win needs the last bet's outcome before the next one is placed.
      if (chase.stop_on_win && (totals?.open ?? 0) > 0) return 'wait';
      const draw = await chases.drawAtIndex(
        trx,
        chase.merchant_id,
        chase.game_code,
        Number(chase.first_index) + chase.next_seq,
      );
      if (!draw) return 'wait';
      const now = new Date(draw.now);
      if (draw.status !== 'open' || now >= draw.sale_closes_at) {
        // Missed (its sale closed before the chase got to it) or cancelled: passed over, refunded at the end.
        await withLotteryTables(trx)
          .updateTable('lottery_chases')
          .set({ next_seq: chase.next_seq + 1 })
          .where('id', '=', chase.id)
          .execute();
        return 'again';
      }
      if (now < draw.sale_opens_at) return 'wait';
      // The lottery switched off or under maintenance: this issue is not bet now (passed over once its sale closes).
      if (!open) return 'wait';
      // An issue whose number is already at the merchant's liability cap is passed over (refunded at the end); the
      // savepoint takes back only this issue's work.
      await sql`SAVEPOINT chase_issue`.execute(trx);
      try {
        await placeIssue(trx, chase, draw, money, anyCurrency);
      } catch (error) {
        if (!(error instanceof AppError) || error.code !== 'lottery_liability_exceeded') throw error;
        await sql`ROLLBACK TO SAVEPOINT chase_issue`.execute(trx);
        await withLotteryTables(trx)
          .updateTable('lottery_chases')
          .set({ next_seq: chase.next_seq + 1 })
          .where('id', '=', chase.id)
          .execute();
      }
      return 'again';
    });
  }

  async function advance(chaseId: number) {
    const row = await withLotteryTables(db)
      .selectFrom('lottery_chases')
      .select(['merchant_id', 'member_id', 'status'])
      .where('id', '=', chaseId)
      .executeTakeFirst();
    if (row?.status !== 'running') return;
    const money = await accounts(row.merchant_id, row.member_id);
    const open = await openForBets(row.merchant_id).then(
      () => true,
      () => false,
    );
    for (let i = 0; i < 10_000; i++) {
      let next: Step;
      try {
        next = await step(chaseId, money, open);
      } catch (error) {
        // Closed while the bet was being written: the next step passes the issue over.
        if (error instanceof AppError && error.code === 'lottery_sale_closed') continue;
        throw error;
      }
      if (next !== 'again') return;
    }
  }

  async function replay(member: LotteryMember, body: StartChaseBody) {
    const existing = await chases.byRequest(db, member.id, body.requestId);
    if (!existing) return undefined;
    const same =
      existing.game_code === body.gameCode &&
      existing.first_issue_no === body.issueNo &&
      existing.bet_type === body.betType &&
      existing.prize_mode === body.prizeMode &&
      Number(existing.stake_per_line) === body.stakePerLine &&
      existing.issues === body.issues &&
      existing.stop_on_win === body.stopOnWin &&
      JSON.stringify(existing.picks.map(Number)) === JSON.stringify(body.picks);
    if (!same) throw new AppError('idempotency_conflict', 'requestId');
    return {
      chase: await view(db, existing),
      balance: await wallet.balance(await wallet.memberAccount(member.merchant_id, member.id)),
      replayed: true,
    };
  }

  /** A page of a merchant's chases, newest first, each with its bets' totals (the member's list, the back office). */
  async function chasePage(
    filter: {
      merchantId: number;
      memberId?: number | undefined;
      gameCode?: string | undefined;
      status?: string | undefined;
    },
    page: { pageNo: number; pageSize: number },
  ) {
    const base = withLotteryTables(db)
      .selectFrom('lottery_chases')
      .where('merchant_id', '=', filter.merchantId)
      .$if(filter.memberId !== undefined, (q) => q.where('member_id', '=', filter.memberId as number))
      .$if(Boolean(filter.gameCode), (q) => q.where('game_code', '=', filter.gameCode as string))
      .$if(Boolean(filter.status), (q) => q.where('status', '=', filter.status as never));
    const [rows, count] = await Promise.all([
      base
        .selectAll()
        .orderBy('id', 'desc')
        .offset((page.pageNo - 1) * page.pageSize)
        .limit(page.pageSize)
        .execute(),
      base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
    ]);
    const totals = await chases.totals(
      db,
      rows.map((r) => r.id),
    );
    const total = Number(count?.total ?? 0);
    return {
      list: rows.map((r) => ({
        memberId: r.member_id,
        ...chaseView(r, totals.get(r.id) ?? { settled: 0, wins: 0, win_total: 0, open: 0, skipped: 0 }),
      })),
      pageNo: page.pageNo,
      pageSize: page.pageSize,
      total,
      totalPages: Math.ceil(total / page.pageSize),
    };
  }

  return {
    /**
     * Starts a chase from the issue on sale: the same checks as a bet, then the issues count (a whole number from 2
     * to the issues left today), then one transaction: the whole cost into the hold, the chase, the first bet.
     */
    async start(merchant: Merchant, member: LotteryMember, body: StartChaseBody) {
      // The merchant's odds at the start are the chase's for all its issues (decision 043).
      const { game, type, selection, amount, odds } = await checkBet(db, merchant, member, body);
      if (!Number.isInteger(body.issues) || body.issues < 2)
        throw new AppError('lottery_chase_issues_invalid', 'issues');
      await openForBets(merchant.id, member.id);
      const earlier = await replay(member, body);
      if (earlier) return earlier;
      const lines = selection.lines.length;
      const total = amount.amount * lines * body.issues;
      const money = await accounts(merchant.id, member.id);
      try {
        return await db.transaction().execute(async (trx) => {
          const draw = await repository.drawForBet(trx, merchant.id, game.code, body.issueNo);
          if (!draw) throw new AppError('lottery_draw_not_found', 'issueNo');
          if (draw.status === 'cancelled') throw new AppError('lottery_draw_cancelled', 'issueNo');
          const now = new Date(draw.now);
          if (draw.status !== 'open' || now >= draw.sale_closes_at)
            throw new AppError('lottery_sale_closed', 'issueNo');
          if (now < draw.sale_opens_at) throw new AppError('lottery_sale_not_open', 'issueNo');
          const max = issuesLeftToday(game.schedule.intervalSeconds, draw.issue_no);
          if (body.issues > max) throw new AppError('lottery_chase_too_many_issues', 'issues', { max });
          const hold = await wallet.post(trx, {
            merchantId: merchant.id,
            idempotencyKey: `lottery:chase-hold:${member.id}:${body.requestId}`,
            type: 'bet',
            postings: [
              { accountId: money.member, amount: -total },
              { accountId: money.hold, amount: total },
            ],
            memo: `${game.code} ${draw.issue_no} ${type.code} ${body.prizeMode} ×${lines} chase of ${body.issues}`,
            actor: { type: 'member', id: member.id },
            alongside: deps.limits?.bet({ merchantId: merchant.id, memberId: member.id }, total),
          });
          const inserted = await withLotteryTables(trx)
            .insertInto('lottery_chases')
            .values({
              merchant_id: merchant.id,
              member_id: member.id,
              game_code: game.code,
              bet_type: type.code,
              prize_mode: body.prizeMode,
              picks: [...body.picks],
              lines,
              stake_per_line: amount.amount,
              odds,
              first_index: Number(draw.issue_index),
              first_issue_no: draw.issue_no,
              issues: body.issues,
              stop_on_win: body.stopOnWin,
              total,
              held: total,
              request_id: body.requestId,
              hold_entry_id: hold.entryId,
            })
            .returningAll()
            .executeTakeFirstOrThrow();
          await placeIssue(trx, inserted, draw, money, {
            exponent: moneyDisplay(merchant.settings.whitelabel).currencyExponent,
            displayDecimals: 2,
          });
          const chase = (await chases.lock(trx, inserted.id)) as ChaseRow;
          return {
            chase: await view(trx, chase),
            balance: hold.postings[0]?.balanceAfter ?? 0,
            replayed: false,
          };
        });
      } catch (error) {
        if (isUniqueViolation(error)) {
          const winner = await replay(member, body);
          if (winner) return winner;
        }
        throw error;
      }
    },

    /** The member stops a running chase: the bets already placed stay; the rest of the hold comes back. */
    async cancel(member: LotteryMember, chaseId: number) {
      const money = await accounts(member.merchant_id, member.id);
      const chase = await db.transaction().execute(async (trx) => {
        const row = await chases.lock(trx, chaseId);
        if (!row || row.member_id !== member.id) throw new AppError('lottery_chase_not_found', 'chaseId');
        if (row.status !== 'running') throw new AppError('lottery_chase_ended', 'chaseId');
        await finish(trx, row, 'cancelled', money);
        return (await chases.lock(trx, chaseId)) as ChaseRow;
      });
      return {
        chase: await view(db, chase),
        balance: await wallet.balance(await wallet.memberAccount(member.merchant_id, member.id)),
      };
    },

    /**
     * Stops every running chase of a member (a time-out, an exclusion or a closure began): the bets already placed
     * stay; what each still holds goes back to the member in one entry (key lottery:chase-refund:<id>). Returns
     * how many were stopped and the amount refunded.
     */
    async stopAllOf(merchantId: number, memberId: number) {
      const money = await accounts(merchantId, memberId);
      let stopped = 0;
      let refunded = 0;
      for (const { id } of await chases.running(db, { memberId })) {
        await db.transaction().execute(async (trx) => {
          const row = await chases.lock(trx, id);
          if (row?.status !== 'running') return;
          await finish(trx, row, 'cancelled', money, 'system');
          stopped += 1;
          refunded += Number(row.held);
        });
      }
      return { stopped, refunded };
    },

    /** Moves every running chase (of a merchant's game, or all) as far as it can go now. */
    async advanceRunning(filter: { merchantId?: number; gameCode?: string } = {}) {
      // One chase that fails (its job is retried) does not hold the others up.
      let failure: unknown;
      for (const { id } of await chases.running(db, filter)) {
        try {
          await advance(id);
        } catch (error) {
          failure ??= error;
        }
      }
      if (failure) throw failure;
    },

    advance,

    /** A member's chases, newest first (lottery_chases_list). */
    async myChases(
      member: LotteryMember,
      query: { pageNo: number; pageSize: number; gameCode?: string | undefined },
    ) {
      const page = await chasePage(
        { merchantId: member.merchant_id, memberId: member.id, gameCode: query.gameCode },
        query,
      );
      return { ...page, list: page.list.map(({ memberId: _member, ...chase }) => chase) };
    },

    chasePage,

    /** The games this member bet on lately, most recent first (spec §7 game_menu/recent). */
    async recentGameCodes(member: LotteryMember, limit = 8) {
      const rows = await sql<{ game_code: string }>`
        SELECT game_code FROM lottery_bets WHERE member_id = ${member.id}
         GROUP BY game_code ORDER BY max(id) DESC LIMIT ${limit}`.execute(db);
      return rows.rows.map((r) => r.game_code).filter((code) => gameByCode(code));
    },
  };
}

export type ChaseUseCases = ReturnType<typeof chaseUseCases>;
