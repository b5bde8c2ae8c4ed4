import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { withLotteryTables } from './lottery.tables.ts';

/** A JSON map read back from the driver (parsed by pg, text on some paths). */
export function jsonMap(value: unknown): Record<string, number> {
  if (value === null || value === undefined) return {};
  return (typeof value === 'string' ? JSON.parse(value) : value) as Record<string, number>;
}

/**
 * SQL for the back office's tables of migration 058 (docs/decisions/042-lottery-office.md): settings per game and
 * bet type, the exposure per number of each draw, operator-entered results. The lottery module's own.
 */
export function officeRepository() {
  const t = withLotteryTables;
  return {
    gameSettings(executor: Database, merchantId: number, gameCode?: string) {
      return t(executor)
        .selectFrom('lottery_game_settings')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .$if(gameCode !== undefined, (q) => q.where('game_code', '=', gameCode as string))
        .execute();
    },

    betTypeSettings(executor: Database, merchantId: number, gameCode?: string) {
      return t(executor)
        .selectFrom('lottery_bet_type_settings')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .$if(gameCode !== undefined, (q) => q.where('game_code', '=', gameCode as string))
        .execute();
    },

    async saveGameSettings(
      trx: Database,
      row: {
        merchantId: number;
        gameCode: string;
        enabled: boolean;
        onSale: boolean;
        rebates: Record<string, number>;
        operatorId: number;
      },
    ) {
      await t(trx)
        .insertInto('lottery_game_settings')
        .values({
          merchant_id: row.merchantId,
          game_code: row.gameCode,
          enabled: row.enabled,
          on_sale: row.onSale,
          rebates: JSON.stringify(row.rebates),
          updated_by: row.operatorId,
        })
        .onConflict((oc) =>
          oc.columns(['merchant_id', 'game_code']).doUpdateSet({
            enabled: row.enabled,
            on_sale: row.onSale,
            rebates: JSON.stringify(row.rebates),
            updated_by: row.operatorId,
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute();
    },

    async saveBetTypeSettings(
      trx: Database,
      row: {
        merchantId: number;
        gameCode: string;
        betType: string;
        odds: Record<string, number>;
        stakeMin: number | null;
        stakeMax: number | null;
        liabilityCap: number | null;
        operatorId: number;
      },
    ) {
      const values = {
        odds: JSON.stringify(row.odds),
        stake_min: row.stakeMin,
        stake_max: row.stakeMax,
        liability_cap: row.liabilityCap,
        updated_by: row.operatorId,
      };
      await t(trx)
        .insertInto('lottery_bet_type_settings')
        .values({ merchant_id: row.merchantId, game_code: row.gameCode, bet_type: row.betType, ...values })
        .onConflict((oc) =>
          oc
            .columns(['merchant_id', 'game_code', 'bet_type'])
            .doUpdateSet({ ...values, updated_at: sql<Date>`now()` }),
        )
        .execute();
    },

    /**
     * Adds a bet's lines to its draw's exposure, numbers in order (so two bets lock shared rows in one order), and
     * answers each number's exposure after it: the row lock makes a concurrent bet on the same number wait until
     * this transaction ends, then read what it left.
     */
    async addExposure(
      trx: Database,
      drawId: number,
      betType: string,
      lines: readonly { number: string; stake: number; liability: number }[],
    ) {
      const sorted = [...lines].sort((a, b) => (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
      const after: { number: string; liability: number }[] = [];
      for (const line of sorted) {
        const row = await t(trx)
          .insertInto('lottery_exposure')
          .values({
            draw_id: drawId,
            bet_type: betType,
            number: line.number,
            bets: 1,
            stake: line.stake,
            liability: line.liability,
          })
          .onConflict((oc) =>
            oc.columns(['draw_id', 'bet_type', 'number']).doUpdateSet({
              bets: sql<number>`lottery_exposure.bets + 1`,
              stake: sql<number>`lottery_exposure.stake + excluded.stake`,
              liability: sql<number>`lottery_exposure.liability + excluded.liability`,
            }),
          )
          .returning(['number', 'liability'])
          .executeTakeFirstOrThrow();
        after.push({ number: row.number, liability: Number(row.liability) });
      }
      return after;
    },

    /** A draw's exposure, the largest first. */
    async exposure(executor: Database, drawId: number) {
      const rows = await t(executor)
        .selectFrom('lottery_exposure')
        .selectAll()
        .where('draw_id', '=', drawId)
        .orderBy('liability', 'desc')
        .orderBy('bet_type')
        .orderBy('number')
        .limit(500)
        .execute();
      return rows.map((r) => ({
        betType: r.bet_type,
        number: r.number,
        bets: r.bets,
        stake: Number(r.stake),
        liability: Number(r.liability),
      }));
    },

    resultEntries(executor: Database, drawIds: readonly number[]) {
      if (drawIds.length === 0) return Promise.resolve([]);
      return t(executor)
        .selectFrom('lottery_result_entries as e')
        .innerJoin('operators as o', 'o.id', 'e.entered_by')
        .leftJoin('operators as d', 'd.id', 'e.decided_by')
        .selectAll('e')
        .select(['o.username as entered_by_name', 'd.username as decided_by_name'])
        .where('e.draw_id', 'in', drawIds)
        .orderBy('e.id', 'desc')
        .execute();
    },

    lockResultEntry(trx: Database, entryId: number) {
      return t(trx)
        .selectFrom('lottery_result_entries')
        .selectAll()
        .where('id', '=', entryId)
        .forUpdate()
        .executeTakeFirst();
    },

    async insertResultEntry(trx: Database, drawId: number, result: unknown, operatorId: number) {
      const row = await t(trx)
        .insertInto('lottery_result_entries')
        .values({ draw_id: drawId, result: JSON.stringify(result), entered_by: operatorId })
        .returning('id')
        .executeTakeFirstOrThrow();
      return row.id;
    },

    async decideResultEntry(
      trx: Database,
      entryId: number,
      decision: { status: 'approved' | 'rejected'; operatorId: number; reason: string | null },
    ) {
      await t(trx)
        .updateTable('lottery_result_entries')
        .set({
          status: decision.status,
          decided_by: decision.operatorId,
          decided_at: sql<Date>`clock_timestamp()`,
          reason: decision.reason,
        })
        .where('id', '=', entryId)
        .where('status', '=', 'pending')
        .execute();
    },

    /** A page of a merchant's draws, newest first, with their bets' totals by state. */
    async drawsPage(
      executor: Database,
      merchantId: number,
      filter: { gameCode?: string | undefined; status?: string | undefined; offset: number; limit: number },
    ) {
      const base = t(executor)
        .selectFrom('lottery_draws as d')
        .where('d.merchant_id', '=', merchantId)
        .where('d.sale_opens_at', '<=', sql<Date>`now()`)
        .$if(Boolean(filter.gameCode), (q) => q.where('d.game_code', '=', filter.gameCode as string))
        .$if(Boolean(filter.status), (q) => q.where('d.status', '=', filter.status as never));
      const [rows, count] = await Promise.all([
        base
          .selectAll('d')
          .select([
            sql<number>`(SELECT count(*) FROM lottery_bets b WHERE b.draw_id = d.id)::int`.as('bets'),
            sql<number>`(SELECT count(*) FROM lottery_bets b WHERE b.draw_id = d.id AND b.status = 'open')::int`.as(
              'open_bets',
            ),
            sql<number>`(SELECT COALESCE(sum(CASE WHEN b.status = 'refunded' THEN 0 ELSE b.stake END), 0) FROM lottery_bets b WHERE b.draw_id = d.id)::bigint`.as(
              'stake',
            ),
            sql<number>`(SELECT COALESCE(sum(b.win), 0) FROM lottery_bets b WHERE b.draw_id = d.id)::bigint`.as(
              'win',
            ),
            sql<number>`(SELECT COALESCE(sum(b.rebate), 0) FROM lottery_bets b WHERE b.draw_id = d.id)::bigint`.as(
              'rebate',
            ),
          ])
          .orderBy('d.draw_at', 'desc')
          .orderBy('d.id', 'desc')
          .offset(filter.offset)
          .limit(filter.limit)
          .execute(),
        base.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirst(),
      ]);
      return { rows, total: Number(count?.total ?? 0) };
    },

    /**
     * The open draw of a game on sale (or waiting for its draw) nearest now. A draw whose time has passed is not it,
     * even while its job has not drawn it yet (a busy queue): the draw on sale after it is.
     */
    openDraw(executor: Database, merchantId: number, gameCode: string) {
      return t(executor)
        .selectFrom('lottery_draws')
        .selectAll()
        .where('merchant_id', '=', merchantId)
        .where('game_code', '=', gameCode)
        .where('status', '=', 'open')
        .where('sale_opens_at', '<=', sql<Date>`now()`)
        .where('draw_at', '>', sql<Date>`now()`)
        .orderBy('draw_at')
        .limit(1)
        .executeTakeFirst();
    },

    /**
     * Lottery P&L per day (the draw's day in the merchant's zone) and game, over settled bets: stakes, payouts,
     * rebates. Refunded and open bets are left out (they have no outcome yet, or none at all).
     */
    async profitAndLoss(
      executor: Database,
      merchantId: number,
      range: { from: Date; to: Date; timeZone: string },
    ) {
      const rows = await sql<{
        day: string;
        game_code: string;
        bets: number;
        stake: number;
        win: number;
        rebate: number;
      }>`
        SELECT to_char(d.draw_at AT TIME ZONE ${range.timeZone}, 'YYYY-MM-DD') AS day, b.game_code,
               count(*)::int AS bets, COALESCE(sum(b.stake), 0)::bigint AS stake,
               COALESCE(sum(b.win), 0)::bigint AS win, COALESCE(sum(b.rebate), 0)::bigint AS rebate
          FROM lottery_bets b JOIN lottery_draws d ON d.id = b.draw_id
         WHERE b.merchant_id = ${merchantId} AND b.status IN ('won', 'lost')
           AND d.draw_at >= ${range.from} AND d.draw_at < ${range.to}
         GROUP BY 1, 2 ORDER BY 1 DESC, 2`.execute(executor);
      return rows.rows.map((r) => ({
        day: r.day,
        gameCode: r.game_code,
        bets: Number(r.bets),
        stake: Number(r.stake),
        payout: Number(r.win),
        rebate: Number(r.rebate),
        ggr: Number(r.stake) - Number(r.win) - Number(r.rebate),
      }));
    },
  };
}
