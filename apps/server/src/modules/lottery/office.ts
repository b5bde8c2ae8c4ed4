// The lottery's back office (issue 14 part 5; docs/decisions/042-lottery-office.md): a merchant's games (switches,
// rebates), odds, stake limits and liability caps per bet type, the schedule, live exposure, the draws with their
// settlement, operator results entered by one operator and approved by another, and the lottery P&L.
import { dayStart } from '@tala/contracts/calendar';
import { type PrizeModeCode, prizeModes } from '@tala/contracts/lottery';
import type {
  ExposureRow,
  OfficeChase,
  OfficeDraw,
  OfficeGame,
  ResultEntry,
  SaveBetTypeBody,
  SaveGameBody,
} from '@tala/contracts/lottery-office';
import { type Game, oddsScale } from '@tala/lottery/game';
import { gameByCode } from '@tala/lottery/games';
import { issueAt, issueIndexAt } from '@tala/lottery/schedule';
import { fraction, mul, toNumber } from '@tala/slots/fraction';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { OperatorActor } from '../games/games-admin.service.ts';
import type { MembersService } from '../members/members.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { ChaseUseCases } from './chases.ts';
import { type DrawRow, lotteryRepository } from './lottery.repository.ts';
import { drawView, parsedResult } from './lottery-views.ts';
import {
  fairOdds,
  type MerchantGame,
  merchantGame,
  merchantGames,
  oddsAboveFair,
  rebateScale,
  returnAboveFair,
} from './merchant-games.ts';
import { officeRepository } from './office.repository.ts';

const isWhole = (value: number) => Number.isSafeInteger(value);

function officeGameView(merchant: Merchant, entry: MerchantGame): OfficeGame {
  const { game } = entry;
  const timeZone = merchant.settings.whitelabel.timeZone;
  const first = issueIndexAt(game.schedule, new Date(), timeZone);
  const modeTable = (value: (mode: PrizeModeCode) => number) =>
    Object.fromEntries(prizeModes.map((mode) => [mode, value(mode)])) as Record<PrizeModeCode, number>;
  return {
    gameCode: game.code,
    name: game.name,
    family: game.family,
    resultSource: game.resultSource ?? 'seed',
    intervalSeconds: game.schedule.intervalSeconds,
    closeSeconds: game.schedule.closeSeconds,
    dailyMinute: game.schedule.dailyMinute ?? null,
    resultTiers: game.resultTiers ? game.resultTiers.map((t) => ({ ...t })) : null,
    enabled: entry.enabled,
    onSale: entry.onSale,
    rebates: entry.rebates,
    betTypes: entry.betTypes.map((b) => ({
      code: b.type.code,
      maxHits: b.type.maxHits,
      fairOdds: fairOdds(b.type.expectedHits),
      defaultOdds: { ...b.type.odds },
      odds: b.odds,
      returns: modeTable(
        (mode) =>
          toNumber(mul(b.type.expectedHits, fraction(b.odds[mode], oddsScale))) +
          entry.rebates[mode] / rebateScale,
      ),
      defaultStake: { ...b.type.stake },
      stake: b.stake,
      liabilityCap: b.liabilityCap,
    })),
    nextIssues: [0, 1, 2].map((k) => {
      const issue = issueAt(game.schedule, first + k, timeZone);
      return {
        issueNo: issue.issueNo,
        saleOpensAt: issue.saleOpensAt.toISOString(),
        saleClosesAt: issue.saleClosesAt.toISOString(),
        drawAt: issue.drawAt.toISOString(),
      };
    }),
  };
}

/** Checks an entered result against the game's tiers: each refusal names the tier or prize and the rule. */
function checkResult(game: Game, result: { prizes: string[][] }) {
  const tiers = game.resultTiers ?? [];
  if (result.prizes.length !== tiers.length)
    throw new AppError('lottery_result_shape', 'result.prizes', { count: tiers.length });
  tiers.forEach((tier, i) => {
    const prizes = result.prizes[i] ?? [];
    if (prizes.length !== tier.count)
      throw new AppError('lottery_result_shape', `result.prizes.${i}`, { count: tier.count });
    prizes.forEach((prize, j) => {
      if (!new RegExp(`^\\d{${tier.digits}}$`).test(prize))
        throw new AppError('lottery_result_digits', `result.prizes.${i}.${j}`, { digits: tier.digits });
    });
  });
  if (!game.isResult(result)) throw new AppError('lottery_result_shape', 'result');
}

export function officeUseCases(deps: {
  db: Database;
  audit: AuditService;
  /** Settles a drawn draw (the same settlement as fast games). */
  settle: (drawId: number) => Promise<unknown>;
  /** A page of chases (chases.ts), for the back office's chase list. */
  chasePage: ChaseUseCases['chasePage'];
  /** Who the members are: the chase list shows and filters by account name. */
  members: Pick<MembersService, 'byAccount' | 'usernames'>;
}) {
  const { db, audit, settle, chasePage, members } = deps;
  const office = officeRepository();
  const lottery = lotteryRepository();

  function knownGame(code: string): Game {
    const game = gameByCode(code);
    if (!game) throw new AppError('unknown_game', 'gameCode');
    return game;
  }

  async function ownDraw(executor: Database, merchant: Merchant, drawId: number, lock = false) {
    const row = lock ? await lottery.lockDraw(executor, drawId) : await lottery.drawById(executor, drawId);
    if (!row || row.merchant_id !== merchant.id) throw new AppError('lottery_draw_not_found', 'drawId');
    return row;
  }

  async function entriesOf(drawIds: number[]): Promise<Map<number, ResultEntry[]>> {
    const byDraw = new Map<number, ResultEntry[]>();
    for (const e of await office.resultEntries(db, drawIds)) {
      const list = byDraw.get(Number(e.draw_id)) ?? [];
      list.push({
        entryId: Number(e.id),
        status: e.status,
        result: parsedResult(e.result) ?? {},
        enteredBy: e.entered_by_name,
        enteredAt: e.entered_at.toISOString(),
        decidedBy: e.decided_by_name ?? null,
        decidedAt: e.decided_at?.toISOString() ?? null,
        reason: e.reason,
      });
      byDraw.set(Number(e.draw_id), list);
    }
    return byDraw;
  }

  async function drawDetail(merchant: Merchant, drawId: number): Promise<OfficeDraw> {
    const row = await ownDraw(db, merchant, drawId);
    const totals = await lottery.drawTotals(db, drawId);
    const sum = (pick: (t: (typeof totals)[number]) => number, keep = (_: string) => true) =>
      totals.filter((t) => keep(t.status)).reduce((a, t) => a + pick(t), 0);
    const rebate = await db
      .withTables<{ lottery_bets: { draw_id: number; rebate: number } }>()
      .selectFrom('lottery_bets')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<number>('rebate'), eb.lit(0)).as('rebate'))
      .where('draw_id', '=', drawId)
      .executeTakeFirst();
    return {
      ...drawView(row),
      bets: sum((t) => t.bets),
      openBets: sum(
        (t) => t.bets,
        (s) => s === 'open',
      ),
      stake: sum(
        (t) => t.stake,
        (s) => s !== 'refunded',
      ),
      win: sum((t) => t.win),
      rebate: Number(rebate?.rebate ?? 0),
      entries: (await entriesOf([drawId])).get(drawId) ?? [],
    };
  }

  async function auditSettings(
    trx: Database,
    operator: OperatorActor,
    merchant: Merchant,
    action: string,
    target: string,
    before: unknown,
    after: unknown,
  ) {
    await audit.record(trx, {
      actorType: 'operator',
      actorId: operator.id,
      actorName: operator.name,
      merchantId: merchant.id,
      action,
      target,
      before,
      after,
      ip: operator.ip,
    });
  }

  return {
    async games(merchant: Merchant) {
      const list = await merchantGames(db, merchant.id);
      return {
        list: list.map((g) => officeGameView(merchant, g)),
        timeZone: merchant.settings.whitelabel.timeZone,
      };
    },

    /** Switches a game on or off, its sale on or off, and sets its rebate per prize mode (bounded with the odds). */
    async saveGame(operator: OperatorActor, merchant: Merchant, gameCode: string, body: SaveGameBody) {
      const game = knownGame(gameCode);
      const current = (await merchantGame(db, merchant.id, game.code)) as MerchantGame;
      for (const mode of prizeModes) {
        const rate = body.rebates[mode];
        if (!isWhole(rate) || rate < 0 || rate > rebateScale)
          throw new AppError('lottery_rebate_invalid', `rebates.${mode}`);
        for (const b of current.betTypes) {
          // Where each pick pays its own odds (sums, decision 041), every pick must stay within the bound.
          const lines = b.type.perPick
            ? b.type.perPick.map((p) => ({ hits: p.expectedHits, odds: p.odds[mode] }))
            : [{ hits: b.type.expectedHits, odds: b.odds[mode] }];
          if (lines.some((line) => returnAboveFair(line.hits, line.odds, rate)))
            throw new AppError('lottery_return_above_fair', `rebates.${mode}`);
        }
      }
      await db.transaction().execute(async (trx) => {
        await office.saveGameSettings(trx, {
          merchantId: merchant.id,
          gameCode: game.code,
          enabled: body.enabled,
          onSale: body.onSale,
          rebates: body.rebates,
          operatorId: operator.id,
        });
        await auditSettings(
          trx,
          operator,
          merchant,
          'lottery.game.save',
          `lottery_game:${game.code}`,
          { enabled: current.enabled, onSale: current.onSale, rebates: current.rebates },
          body,
        );
      });
      return officeGameView(merchant, (await merchantGame(db, merchant.id, game.code)) as MerchantGame);
    },

    /**
     * Sets a bet type's odds per prize mode (never above the fair odds, nor above them with the rebate), its stake
     * limits per line and its liability cap per number and draw.
     */
    async saveBetType(
      operator: OperatorActor,
      merchant: Merchant,
      gameCode: string,
      betType: string,
      body: SaveBetTypeBody,
    ) {
      const game = knownGame(gameCode);
      const current = (await merchantGame(db, merchant.id, game.code)) as MerchantGame;
      const entry = current.betTypes.find((b) => b.type.code === betType);
      if (!entry) throw new AppError('lottery_bet_type_unknown', 'betType');
      const odds: Partial<Record<PrizeModeCode, number>> = {};
      for (const mode of prizeModes) {
        const value = body.odds[mode];
        if (value === undefined) continue;
        if (!isWhole(value) || value <= 0) throw new AppError('lottery_odds_invalid', `odds.${mode}`);
        // A bet type whose picks pay their own odds (sums, decision 041) keeps the engine's per-pick table.
        if (entry.type.perPick) {
          if (value !== entry.odds[mode]) throw new AppError('lottery_odds_per_pick', `odds.${mode}`);
          continue;
        }
        if (oddsAboveFair(entry.type.expectedHits, value))
          throw new AppError('lottery_odds_above_fair', `odds.${mode}`, {
            fair: (fairOdds(entry.type.expectedHits) / oddsScale).toFixed(3),
          });
        if (returnAboveFair(entry.type.expectedHits, value, current.rebates[mode]))
          throw new AppError('lottery_return_above_fair', `odds.${mode}`);
        odds[mode] = value;
      }
      const limit = (value: number | null) => value === null || (isWhole(value) && value > 0);
      if (!limit(body.stakeMin) || !limit(body.stakeMax))
        throw new AppError(
          'lottery_stake_limits_invalid',
          body.stakeMin !== null && !limit(body.stakeMin) ? 'stakeMin' : 'stakeMax',
        );
      const min = body.stakeMin ?? entry.type.stake.min;
      const max = body.stakeMax ?? entry.type.stake.max;
      if (min > max) throw new AppError('lottery_stake_limits_invalid', 'stakeMin');
      if (!limit(body.liabilityCap)) throw new AppError('lottery_liability_cap_invalid', 'liabilityCap');
      await db.transaction().execute(async (trx) => {
        await office.saveBetTypeSettings(trx, {
          merchantId: merchant.id,
          gameCode: game.code,
          betType: entry.type.code,
          odds,
          stakeMin: body.stakeMin,
          stakeMax: body.stakeMax,
          liabilityCap: body.liabilityCap,
          operatorId: operator.id,
        });
        await auditSettings(
          trx,
          operator,
          merchant,
          'lottery.bet_type.save',
          `lottery_bet_type:${game.code}/${entry.type.code}`,
          { odds: entry.odds, stake: entry.stake, liabilityCap: entry.liabilityCap },
          body,
        );
      });
      return officeGameView(merchant, (await merchantGame(db, merchant.id, game.code)) as MerchantGame);
    },

    async draws(
      merchant: Merchant,
      query: { pageNo: number; pageSize: number; gameCode?: string | undefined; status?: string | undefined },
    ) {
      if (query.gameCode) knownGame(query.gameCode);
      const { rows, total } = await office.drawsPage(db, merchant.id, {
        gameCode: query.gameCode,
        status: query.status,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      const entries = await entriesOf(rows.map((r) => Number(r.id)));
      return {
        list: rows.map(
          (r): OfficeDraw => ({
            ...drawView(r as DrawRow),
            bets: Number(r.bets),
            openBets: Number(r.open_bets),
            stake: Number(r.stake),
            win: Number(r.win),
            rebate: Number(r.rebate),
            entries: entries.get(Number(r.id)) ?? [],
          }),
        ),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    drawDetail,

    /** Members' chases, newest first, by game, state or member (an unknown member has none). */
    async chases(
      merchant: Merchant,
      query: {
        pageNo: number;
        pageSize: number;
        gameCode?: string | undefined;
        status?: string | undefined;
        member?: string | undefined;
      },
    ): Promise<{ list: OfficeChase[]; pageNo: number; pageSize: number; total: number; totalPages: number }> {
      if (query.gameCode) knownGame(query.gameCode);
      const member = query.member ? await members.byAccount(merchant.id, query.member) : undefined;
      if (query.member && !member)
        return { list: [], pageNo: query.pageNo, pageSize: query.pageSize, total: 0, totalPages: 0 };
      const page = await chasePage(
        { merchantId: merchant.id, memberId: member?.id, gameCode: query.gameCode, status: query.status },
        query,
      );
      const names = await members.usernames(page.list.map((chase) => chase.memberId));
      return {
        ...page,
        list: page.list.map((chase) => ({ ...chase, username: names.get(chase.memberId) ?? '' })),
      };
    },

    /** What the house would pay per number of the game's open draw, the largest first, with the caps. */
    async exposure(merchant: Merchant, gameCode: string) {
      const game = knownGame(gameCode);
      const serverTime = (await lottery.now(db)).toISOString();
      const draw = await office.openDraw(db, merchant.id, game.code);
      if (!draw) return { serverTime, draw: null, rows: [] as ExposureRow[] };
      const settings = (await merchantGame(db, merchant.id, game.code)) as MerchantGame;
      const caps = new Map(settings.betTypes.map((b) => [b.type.code, b.liabilityCap]));
      const rows = (await office.exposure(db, draw.id)).map((r) => ({
        ...r,
        cap: caps.get(r.betType) ?? null,
      }));
      return { serverTime, draw: drawView(draw), rows };
    },

    /** One operator enters an operator game's result after its draw time; it waits for another's approval. */
    async enterResult(
      operator: OperatorActor,
      merchant: Merchant,
      drawId: number,
      result: { prizes: string[][] },
    ) {
      await db.transaction().execute(async (trx) => {
        const row = await ownDraw(trx, merchant, drawId, true);
        const game = knownGame(row.game_code);
        if (game.resultSource !== 'operator')
          throw new AppError('lottery_result_not_operator_game', 'drawId');
        if (row.status !== 'open') throw new AppError('lottery_result_draw_closed', 'drawId');
        if ((await lottery.now(trx)) < row.draw_at) throw new AppError('lottery_result_too_early', 'drawId');
        checkResult(game, result);
        const pending = (await office.resultEntries(trx, [row.id])).some((e) => e.status === 'pending');
        if (pending) throw new AppError('lottery_result_pending', 'drawId');
        const entryId = await office.insertResultEntry(trx, row.id, result, operator.id);
        await auditSettings(trx, operator, merchant, 'lottery.result.enter', `lottery_draw:${row.id}`, null, {
          entryId,
          gameCode: row.game_code,
          issueNo: row.issue_no,
          result,
        });
      });
      return drawDetail(merchant, drawId);
    },

    /**
     * Another operator approves a waiting result: it becomes the draw's result (status drawn) in the same
     * transaction, then the draw is settled as a fast game's is (and by the scheduler's sweep if this stops).
     */
    async approveResult(operator: OperatorActor, merchant: Merchant, drawId: number, entryId: number) {
      await db.transaction().execute(async (trx) => {
        const row = await ownDraw(trx, merchant, drawId, true);
        const entry = await office.lockResultEntry(trx, entryId);
        if (!entry || Number(entry.draw_id) !== row.id)
          throw new AppError('lottery_result_entry_not_found', 'entryId');
        if (entry.status !== 'pending') throw new AppError('lottery_result_not_pending', 'entryId');
        if (entry.entered_by === operator.id) throw new AppError('lottery_result_same_operator', 'entryId');
        if (row.status !== 'open') throw new AppError('lottery_result_draw_closed', 'drawId');
        const result = parsedResult(entry.result);
        checkResult(knownGame(row.game_code), result as { prizes: string[][] });
        await office.decideResultEntry(trx, entryId, {
          status: 'approved',
          operatorId: operator.id,
          reason: null,
        });
        await lottery.markDrawn(trx, row.id, result);
        await auditSettings(
          trx,
          operator,
          merchant,
          'lottery.result.approve',
          `lottery_draw:${row.id}`,
          null,
          {
            entryId,
            gameCode: row.game_code,
            issueNo: row.issue_no,
          },
        );
      });
      await settle(drawId);
      return drawDetail(merchant, drawId);
    },

    /** Another operator rejects a waiting result: the draw waits for a new one. */
    async rejectResult(
      operator: OperatorActor,
      merchant: Merchant,
      drawId: number,
      entryId: number,
      reason: string,
    ) {
      await db.transaction().execute(async (trx) => {
        const row = await ownDraw(trx, merchant, drawId, true);
        const entry = await office.lockResultEntry(trx, entryId);
        if (!entry || Number(entry.draw_id) !== row.id)
          throw new AppError('lottery_result_entry_not_found', 'entryId');
        if (entry.status !== 'pending') throw new AppError('lottery_result_not_pending', 'entryId');
        if (entry.entered_by === operator.id) throw new AppError('lottery_result_same_operator', 'entryId');
        await office.decideResultEntry(trx, entryId, { status: 'rejected', operatorId: operator.id, reason });
        await auditSettings(
          trx,
          operator,
          merchant,
          'lottery.result.reject',
          `lottery_draw:${row.id}`,
          null,
          {
            entryId,
            reason,
          },
        );
      });
      return drawDetail(merchant, drawId);
    },

    /** Lottery P&L by day (the draw's, in the merchant's zone) and game over settled bets. */
    async report(merchant: Merchant, query: { from: string; to: string }) {
      const timeZone = merchant.settings.whitelabel.timeZone;
      const next = new Date(Date.parse(`${query.to}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
      const list = await office.profitAndLoss(db, merchant.id, {
        from: dayStart(query.from, timeZone),
        to: dayStart(next, timeZone),
        timeZone,
      });
      const totals = list.reduce(
        (t, r) => ({
          bets: t.bets + r.bets,
          stake: t.stake + r.stake,
          payout: t.payout + r.payout,
          rebate: t.rebate + r.rebate,
          ggr: t.ggr + r.ggr,
        }),
        { bets: 0, stake: 0, payout: 0, rebate: 0, ggr: 0 },
      );
      return { list, totals };
    },
  };
}
