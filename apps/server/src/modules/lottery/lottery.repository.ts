import { type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { changes } from '../../lib/change-feed.ts';
import { inTeamAt, type TeamScope } from '../members/team-scope.ts';
import { type LotteryBetsTable, type LotteryDrawsTable, withLotteryTables } from './lottery.tables.ts';

export type DrawRow = Selectable<LotteryDrawsTable>;
export type BetRow = Selectable<LotteryBetsTable>;
export type BetWithIssue = BetRow & { issue_no: string };

export type DrawInsert = {
  merchantId: number;
  gameCode: string;
  gameVersion: number;
  index: number;
  issueNo: string;
  saleOpensAt: Date;
  saleClosesAt: Date;
  drawAt: Date;
  serverSeed: string;
  serverSeedHash: string;
};

/** Which bets a record or report reads (the games module's betting record, P&L and reports). */
export type BetRecordFilters = {
  merchantId?: number | undefined;
  memberId?: number | undefined;
  /** Part of the account name (back office). */
  memberSearch?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** An agent's team as it was at each bet (the agent centre's reports). */
  team?: TeamScope | undefined;
};

function recordBase(executor: Database, filters: BetRecordFilters) {
  return withLotteryTables(executor)
    .selectFrom('lottery_bets as b')
    .innerJoin('members as m', 'm.id', 'b.member_id')
    .$if(filters.merchantId !== undefined, (q) => q.where('b.merchant_id', '=', filters.merchantId as number))
    .$if(filters.memberId !== undefined, (q) => q.where('b.member_id', '=', filters.memberId as number))
    .$if(Boolean(filters.memberSearch), (q) =>
      q.where('m.username', 'ilike', `%${(filters.memberSearch as string).replace(/[%_\\]/g, '\\$&')}%`),
    )
    .$if(filters.team !== undefined, (q) =>
      q.where(inTeamAt((filters.team as TeamScope).agentId, sql.ref('b.member_id'), sql.ref('b.created_at'))),
    )
    .$if(filters.from !== undefined, (q) => q.where('b.created_at', '>=', filters.from as Date))
    .$if(filters.to !== undefined, (q) => q.where('b.created_at', '<', filters.to as Date));
}

/** A refunded bet (its draw cancelled) stakes nothing, as a rolled-back vendor bet. */
const validStake = sql<number>`CASE WHEN b.status = 'refunded' THEN 0 ELSE b.stake END`;

/** SQL for the lottery tables of migration 054 (the lottery module's own). */
export function lotteryRepository() {
  const t = withLotteryTables;
  return {
    /** Makes a draw unless it exists (another process may make it at the same time: one row wins). */
    async insertDraw(executor: Database, draw: DrawInsert): Promise<boolean> {
      const inserted = await t(executor)
        .insertInto('lottery_draws')
        .values({
          merchant_id: draw.merchantId,
          game_code: draw.gameCode,
          game_version: draw.gameVersion,
          issue_index: draw.index,
          issue_no: draw.issueNo,
          sale_opens_at: draw.saleOpensAt,
          sale_closes_at: draw.saleClosesAt,
          draw_at: draw.drawAt,
          server_seed: draw.serverSeed,
          server_seed_hash: draw.serverSeedHash,
        })
        .onConflict((oc) => oc.doNothing())
        .returning('id')
        .executeTakeFirst();
      return inserted !== undefined;
    },

    draw(executor: Database, merchantId: number, drawId: number) {
      return t(executor)
        .selectFrom('lottery_draws')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('id', '=', drawId)
        .executeTakeFirst();
    },

    drawByIssue(executor: Database, merchantId: number, gameCode: string, issueNo: string) {
      return t(executor)
        .selectFrom('lottery_draws')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('game_code', '=', gameCode)
        .where('issue_no', '=', issueNo)
        .executeTakeFirst();
    },

    drawById(executor: Database, drawId: number) {
      return t(executor).selectFrom('lottery_draws').selectAll().where('id', '=', drawId).executeTakeFirst();
    },

    /**
     * The draw a bet names, share-locked for the bet's transaction (a draw taking its row lock waits for the bets
     * in flight, and no bet passes once it has it), with the database's clock.
     */
    async drawForBet(trx: Database, merchantId: number, gameCode: string, issueNo: string) {
      const row = await sql<DrawRow & { now: Date }>`
        SELECT d.*, clock_timestamp() AS now FROM lottery_draws d
         WHERE d.merchant_id = ${merchantId} AND d.game_code = ${gameCode} AND d.issue_no = ${issueNo}
           FOR SHARE`.execute(trx);
      return row.rows[0];
    },

    /** Whether the instant is still before the sale's close, by the database's clock, as the bet is about to commit. */
    async stillOnSale(trx: Database, drawId: number): Promise<boolean> {
      const row = await sql<{ on_sale: boolean }>`
        SELECT clock_timestamp() < sale_closes_at AS on_sale FROM lottery_draws WHERE id = ${drawId}`.execute(
        trx,
      );
      return row.rows[0]?.on_sale === true;
    },

    lockDraw(trx: Database, drawId: number) {
      return t(trx)
        .selectFrom('lottery_draws')
        .selectAll()
        .where('id', '=', drawId)
        .forUpdate()
        .executeTakeFirst();
    },

    async now(executor: Database): Promise<Date> {
      const row = await sql<{ now: Date }>`SELECT clock_timestamp() AS now`.execute(executor);
      return new Date((row.rows[0] as { now: Date }).now);
    },

    async markDrawn(trx: Database, drawId: number, result: unknown) {
      await t(trx)
        .updateTable('lottery_draws')
        .set({ status: 'drawn', result: JSON.stringify(result), drawn_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', drawId)
        .where('status', '=', 'open')
        .execute();
    },

    async markCancelled(trx: Database, drawId: number, operatorId: number, reason: string) {
      await t(trx)
        .updateTable('lottery_draws')
        .set({
          status: 'cancelled',
          cancelled_at: sql<Date>`clock_timestamp()`,
          cancelled_by: operatorId,
          cancel_reason: reason,
        })
        .where('id', '=', drawId)
        .where('status', '=', 'open')
        .execute();
    },

    /** Marks a drawn draw settled once no bet of it is open any more (by whichever settler finishes last). */
    async markSettledIfDone(executor: Database, drawId: number) {
      await sql`
        UPDATE lottery_draws SET status = 'settled', settled_at = clock_timestamp()
         WHERE id = ${drawId} AND status = 'drawn'
           AND NOT EXISTS (SELECT 1 FROM lottery_bets WHERE draw_id = ${drawId} AND status = 'open')`.execute(
        executor,
      );
    },

    /** The draws of a game around an instant: the one on sale, the next one, the last drawn. */
    drawsOfGame(executor: Database, merchantId: number, gameCode: string) {
      return t(executor)
        .selectFrom('lottery_draws')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('game_code', '=', gameCode)
        .orderBy('draw_at', 'desc')
        .limit(12)
        .execute();
    },

    /** The last results of a game, newest first. */
    resultsOfGame(executor: Database, merchantId: number, gameCode: string, count: number) {
      return t(executor)
        .selectFrom('lottery_draws')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('game_code', '=', gameCode)
        .where('status', 'in', ['drawn', 'settled'])
        .orderBy('draw_at', 'desc')
        .limit(count)
        .execute();
    },

    /** Draws the scheduler has work for: open ones whose draw is due before `until`, and drawn ones not settled. */
    pendingDraws(executor: Database, until: Date) {
      return t(executor)
        .selectFrom('lottery_draws')
        .select(['id', 'status', 'draw_at'])
        .where((eb) =>
          eb.or([
            eb.and([eb('status', '=', 'open'), eb('draw_at', '<=', until)]),
            eb('status', '=', 'drawn'),
          ]),
        )
        .orderBy('draw_at')
        .limit(1000)
        .execute();
    },

    /** Cancelled draws that still have open bets to refund. */
    async cancelledWithOpenBets(executor: Database) {
      const rows = await sql<{ id: number }>`
        SELECT DISTINCT b.draw_id AS id FROM lottery_bets b JOIN lottery_draws d ON d.id = b.draw_id
         WHERE b.status = 'open' AND d.status = 'cancelled' LIMIT 1000`.execute(executor);
      return rows.rows.map((r) => Number(r.id));
    },

    async insertBet(
      trx: Database,
      bet: Omit<
        BetRow,
        | 'id'
        | 'status'
        | 'win'
        | 'payout_entry_id'
        | 'refund_entry_id'
        | 'created_at'
        | 'settled_at'
        | 'chase_id'
        | 'chase_seq'
        | 'rebate'
        | 'rebate_entry_id'
      > & { chase_id?: number; chase_seq?: number },
    ): Promise<number> {
      const row = await t(trx)
        .insertInto('lottery_bets')
        .values(bet)
        .returning('id')
        .executeTakeFirstOrThrow();
      // A bet moves the member's mission progress and valid bets: their kept counts must be worked out again.
      changes.publish(trx, { on: 'member', memberId: bet.member_id });
      return row.id;
    },

    betByRequest(executor: Database, memberId: number, requestId: string) {
      return t(executor)
        .selectFrom('lottery_bets')
        .innerJoin('lottery_draws', 'lottery_draws.id', 'lottery_bets.draw_id')
        .selectAll('lottery_bets')
        .select('lottery_draws.issue_no')
        .where('lottery_bets.member_id', '=', memberId)
        .where('lottery_bets.request_id', '=', requestId)
        .executeTakeFirst();
    },

    /** A page of the open bets of a draw, row-locked; rows another settler holds are skipped, not waited for. */
    async openBetsPage(trx: Database, drawId: number, size: number) {
      // The next page in id order from the open bets' partial index, whatever the statistics say. Bets are written
      // in minutes, so a draw's 100,000 open bets are often not yet in the table's statistics: planned for a few
      // rows, the page became a bitmap scan of every open bet and a sort, each page (decision 044).
      await sql`SET LOCAL enable_bitmapscan = off`.execute(trx);
      await sql`SET LOCAL enable_sort = off`.execute(trx);
      const page = await t(trx)
        .selectFrom('lottery_bets')
        .selectAll()
        .where('draw_id', '=', drawId)
        .where('status', '=', 'open')
        .orderBy('id')
        .limit(size)
        .forUpdate()
        .skipLocked()
        .execute();
      // Only for this query: the rest of the page's transaction plans as usual.
      await sql`RESET enable_bitmapscan`.execute(trx);
      await sql`RESET enable_sort`.execute(trx);
      return page;
    },

    /**
     * A page's bets settled in one statement: each won (with its payout's entry) or lost, with its rebate and the
     * rebate's entry (decision 042), if still open.
     */
    async settleBets(
      trx: Database,
      bets: readonly {
        id: number;
        win: number;
        entryId: number | null;
        rebate: number;
        rebateEntryId: number | null;
      }[],
    ) {
      if (bets.length === 0) return;
      const { rows } = await sql<{ member_id: number }>`
        UPDATE lottery_bets b
           SET status = CASE WHEN v.win > 0 THEN 'won' ELSE 'lost' END, win = v.win,
               payout_entry_id = v.entry_id, rebate = v.rebate, rebate_entry_id = v.rebate_entry_id,
               settled_at = clock_timestamp()
          FROM unnest(${bets.map((b) => b.id)}::bigint[], ${bets.map((b) => b.win)}::bigint[],
                      ${bets.map((b) => b.entryId)}::bigint[], ${bets.map((b) => b.rebate)}::bigint[],
                      ${bets.map((b) => b.rebateEntryId)}::bigint[]) AS v(id, win, entry_id, rebate, rebate_entry_id)
         WHERE b.id = v.id AND b.status = 'open'
        RETURNING b.member_id`.execute(trx);
      for (const memberId of new Set(rows.map((r) => r.member_id)))
        changes.publish(trx, { on: 'member', memberId });
    },

    /** A page's bets refunded in one statement, each with its refund's entry, if still open. */
    async refundBets(trx: Database, bets: readonly { id: number; entryId: number }[]) {
      if (bets.length === 0) return;
      const { rows } = await sql<{ member_id: number }>`
        UPDATE lottery_bets b
           SET status = 'refunded', refund_entry_id = v.entry_id, settled_at = clock_timestamp()
          FROM unnest(${bets.map((b) => b.id)}::bigint[], ${bets.map((b) => b.entryId)}::bigint[])
               AS v(id, entry_id)
         WHERE b.id = v.id AND b.status = 'open'
        RETURNING b.member_id`.execute(trx);
      for (const memberId of new Set(rows.map((r) => r.member_id)))
        changes.publish(trx, { on: 'member', memberId });
    },

    async memberBets(
      executor: Database,
      memberId: number,
      filter: { gameCode?: string | undefined; offset: number; limit: number },
    ) {
      let query = t(executor)
        .selectFrom('lottery_bets')
        .innerJoin('lottery_draws', 'lottery_draws.id', 'lottery_bets.draw_id')
        .where('lottery_bets.member_id', '=', memberId);
      if (filter.gameCode) query = query.where('lottery_bets.game_code', '=', filter.gameCode);
      const [rows, count] = await Promise.all([
        query
          .selectAll('lottery_bets')
          .select('lottery_draws.issue_no')
          .orderBy('lottery_bets.id', 'desc')
          .offset(filter.offset)
          .limit(filter.limit)
          .execute(),
        query.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.total ?? 0) };
    },

    /** A page of bets, newest first, and the totals of every bet the filters keep (the betting record). */
    async betsRecord(executor: Database, filters: BetRecordFilters, page: { limit: number; offset: number }) {
      const base = recordBase(executor, filters);
      const totals = await base
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>(validStake), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>('b.win'), sql<number>`0`).as('win'),
          eb.fn.coalesce(eb.fn.sum<number>('b.rebate'), sql<number>`0`).as('rebate'),
        ])
        .executeTakeFirstOrThrow();
      const rows = await base
        .innerJoin('lottery_draws as d', 'd.id', 'b.draw_id')
        .select([
          'b.id',
          'b.member_id',
          'm.username',
          'b.game_code',
          'd.issue_no',
          'b.bet_type',
          'b.stake',
          'b.win',
          'b.rebate',
          'b.status',
          'b.created_at',
        ])
        .orderBy('b.created_at', 'desc')
        .orderBy('b.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return {
        rows: rows.map((r) => ({ ...r, rebate: Number(r.rebate) })),
        count: Number(totals.count),
        bet: Number(totals.bet),
        win: Number(totals.win),
        rebate: Number(totals.rebate),
      };
    },

    /** Stakes and wins per member (the agent centre's profit and loss, rebates). */
    async memberTotals(executor: Database, filters: BetRecordFilters) {
      const rows = await recordBase(executor, filters)
        .select((eb) => [
          'b.member_id',
          'm.username',
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>(validStake), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>('b.win'), sql<number>`0`).as('win'),
        ])
        .groupBy(['b.member_id', 'm.username'])
        .execute();
      return rows.map((r) => ({
        memberId: r.member_id,
        username: r.username,
        count: Number(r.count),
        bet: Number(r.bet),
        win: Number(r.win),
      }));
    },

    /** Stakes, wins and rebates per day in `timeZone` and game (personal P&L, reports). */
    async dayTotals(executor: Database, filters: BetRecordFilters & { timeZone: string }) {
      const rows = await recordBase(executor, filters)
        .select((eb) => [
          sql<string>`to_char(b.created_at AT TIME ZONE ${filters.timeZone}, 'YYYY-MM-DD')`.as('day'),
          'b.game_code',
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>(validStake), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>('b.win'), sql<number>`0`).as('win'),
          eb.fn.coalesce(eb.fn.sum<number>('b.rebate'), sql<number>`0`).as('rebate'),
        ])
        .groupBy(['day', 'b.game_code'])
        .execute();
      return rows.map((r) => ({
        day: r.day,
        gameCode: r.game_code,
        count: Number(r.count),
        bet: Number(r.bet),
        win: Number(r.win),
        rebate: Number(r.rebate),
      }));
    },

    /** Bet count and total of a draw's bets by status (operations and tests). */
    async drawTotals(executor: Database, drawId: number) {
      const rows = await sql<{ status: string; bets: number; stake: number; win: number }>`
        SELECT status, count(*)::int AS bets, COALESCE(sum(stake), 0)::bigint AS stake,
               COALESCE(sum(win), 0)::bigint AS win
          FROM lottery_bets WHERE draw_id = ${drawId} GROUP BY status`.execute(executor);
      return rows.rows.map((r) => ({ ...r, stake: Number(r.stake), win: Number(r.win) }));
    },
  };
}
