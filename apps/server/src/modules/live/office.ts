// The live studio's back office (issue 16 item 5; docs/decisions/054-live-office.md): the tables' limits, cycle and
// maintenance switch (the platform's: tables are shared by every merchant), the rounds explorer and the P&L through
// one merchant's bets.

import type { BingoGame } from '@tala/contracts/bingo';
import { dayStart } from '@tala/contracts/calendar';
import { isCurrencyCode } from '@tala/contracts/currencies';
import {
  type LiveOfficeRound,
  type LiveOfficeRoundDetail,
  type LiveOfficeTable,
  liveCycleBounds,
  type SaveLiveTableBody,
} from '@tala/contracts/live-office';
import { patterns75, patterns90 } from '@tala/live/bingo';
import type { Database } from '../../db/database.ts';
import { AppError, refuseFraction } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { OperatorActor } from '../games/games-admin.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import { bingoRepository } from './bingo.repository.ts';
import type { TableRow } from './live.repository.ts';
import type { LiveService } from './live.service.ts';
import type { RoundStatus } from './live.tables.ts';
import { isRoom, type RoomSettings, roomResultSeconds, roomSettingsOf } from './live-tables.ts';
import { liveOfficeRepository, type OfficeRoundRow } from './office.repository.ts';

const parsed = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** Who won and the score, for any game whose result names a winner (baccarat: banker, P 5 – B 7). */
export function roundSummary(result: unknown): { winner: string; score: string } | null {
  const r = parsed(result) as Record<string, unknown> | null;
  if (!r || typeof r !== 'object') return null;
  // A bingo game: how many balls it took (none when no card was sold).
  if (Array.isArray(r.calls)) return { winner: 'bingo', score: `${r.calls.length} balls` };
  if (typeof r.winner === 'string' && typeof r.playerTotal === 'number' && typeof r.bankerTotal === 'number')
    return { winner: r.winner, score: `P ${r.playerTotal} – B ${r.bankerTotal}` };
  return typeof r.winner === 'string' ? { winner: r.winner, score: '' } : null;
}

function roundView(row: OfficeRoundRow): LiveOfficeRound {
  const stake = Number(row.stake);
  const returned = Number(row.returned);
  return {
    id: Number(row.id),
    tableCode: row.table_code,
    game: row.game,
    roundNo: Number(row.round_no),
    opensAt: new Date(row.opens_at).toISOString(),
    closesAt: new Date(row.closes_at).toISOString(),
    status: row.status,
    summary: row.status === 'settled' ? roundSummary(row.result) : null,
    bets: Number(row.bets),
    stake,
    returned,
    houseWin: stake - returned,
    cards: row.cards === null || row.cards === undefined ? null : Number(row.cards),
  };
}

const isWhole = (value: number) => Number.isSafeInteger(value);

const within = (value: number, bounds: { min: number; max: number }) =>
  isWhole(value) && value >= bounds.min && value <= bounds.max;

/** Each refusal its own code, in the order a form is read. */
function checkSettings(body: SaveLiveTableBody) {
  refuseFraction('minBet', body.minBet);
  refuseFraction('maxBet', body.maxBet);
  if (!isWhole(body.minBet) || body.minBet < 1) throw new AppError('live_table_min_bet_invalid', 'minBet');
  if (!isWhole(body.maxBet) || body.maxBet < body.minBet)
    throw new AppError('live_table_max_bet_invalid', 'maxBet');
  checkBettingSeconds(body);
  if (!within(body.resultSeconds, liveCycleBounds.resultSeconds))
    throw new AppError('live_table_result_seconds_invalid', 'resultSeconds', liveCycleBounds.resultSeconds);
}

function checkBettingSeconds(body: SaveLiveTableBody) {
  if (!within(body.bettingSeconds, liveCycleBounds.bettingSeconds))
    throw new AppError(
      'live_table_betting_seconds_invalid',
      'bettingSeconds',
      liveCycleBounds.bettingSeconds,
    );
}

/** A bingo room's settings (the saved ones where the body leaves them out), each refusal its own code. */
function checkRoom(game: BingoGame, current: RoomSettings, body: SaveLiveTableBody): RoomSettings {
  checkBettingSeconds(body);
  const room = body.room;
  if (!room) return current;
  // The price is in the room's currency, which does not change (its merchants and their pools are that currency's).
  if (room.currency !== undefined) {
    if (!isCurrencyCode(room.currency)) throw new AppError('currency_unknown', 'room.currency');
    if (room.currency !== current.currency)
      throw new AppError('bingo_room_currency_fixed', 'room.currency', { currency: current.currency });
  }
  refuseFraction('room.cardPrice', room.cardPrice);
  if (!isWhole(room.cardPrice) || room.cardPrice < 1)
    throw new AppError('bingo_card_price_invalid', 'room.cardPrice');
  if (!within(room.maxCards, { min: 1, max: 100 }))
    throw new AppError('bingo_max_cards_invalid', 'room.maxCards');
  if (!within(room.ballMs, liveCycleBounds.ballMs))
    throw new AppError('bingo_ball_ms_invalid', 'room.ballMs', liveCycleBounds.ballMs);
  const patterns: readonly string[] = game === 'bingo75' ? patterns75 : patterns90;
  const seen = new Set<string>();
  let total = 0;
  for (const prize of room.prizes) {
    if (
      !patterns.includes(prize.pattern) ||
      seen.has(prize.pattern) ||
      !within(prize.sharePermille, { min: 0, max: 1000 })
    )
      throw new AppError('bingo_prize_shares_invalid', 'room.prizes');
    seen.add(prize.pattern);
    total += prize.sharePermille;
  }
  if (room.prizes.length === 0 || total > 1000)
    throw new AppError('bingo_prize_shares_invalid', 'room.prizes');
  return {
    game,
    currency: current.currency,
    cardPrice: room.cardPrice,
    maxCards: room.maxCards,
    ballMs: room.ballMs,
    prizes: room.prizes as RoomSettings['prizes'],
  };
}

export function liveOfficeUseCases(deps: {
  db: Database;
  audit: AuditService;
  live: LiveService;
  /** The read replica (decision 062): the P&L report reads it (a bet settled a moment ago shows a few seconds late). */
  reports?: Database;
}) {
  const { db, audit, live } = deps;
  const office = liveOfficeRepository();
  const bingo = bingoRepository();

  async function tableList(): Promise<LiveOfficeTable[]> {
    const [rows, open] = await Promise.all([live.tableRows(), office.openCounts(db)]);
    return rows.map((row) => tableView(row, open.get(row.code)));
  }

  function tableView(row: TableRow, open?: { rounds: number; bets: number }): LiveOfficeTable {
    return {
      code: row.code,
      game: row.game,
      name: row.name,
      minBet: Number(row.min_bet),
      maxBet: Number(row.max_bet),
      bettingSeconds: row.betting_seconds,
      resultSeconds: row.result_seconds,
      maintenance: row.maintenance,
      openRounds: open?.rounds ?? 0,
      openBets: open?.bets ?? 0,
      room: isRoom(row)
        ? (({ currency, cardPrice, maxCards, ballMs, prizes }) => ({
            currency,
            cardPrice,
            maxCards,
            ballMs,
            prizes,
          }))(roomSettingsOf(row))
        : null,
    };
  }

  async function oneTable(code: string) {
    const found = (await tableList()).find((t) => t.code === code);
    if (!found) throw new AppError('live_table_not_found', 'code');
    return found;
  }

  /**
   * Voids a table's rounds not dealt yet: those made ahead whose betting has not opened are dropped (no bet can be
   * on them), the rest voided through the live service, which refunds each bet exactly once by the round's lock
   * (a round a settler got to first stays settled).
   */
  async function sweepOpenRounds(code: string) {
    await db.transaction().execute((trx) => office.dropRoundsAhead(trx, code));
    for (const roundNo of await office.openRoundNos(db, code)) await live.voidRound(code, roundNo);
  }

  return {
    tables: async () => ({ list: await tableList() }),

    /**
     * Saves a table's limits, cycle and maintenance switch. Under maintenance no rounds are made (the clock skips
     * it) and its open rounds are voided and refunded; back from it, its rounds restart from a new epoch after the
     * last round it ever had, so round numbers stay unique and increasing and no round made earlier moves. The
     * cycle changes only while the table is (or is being put) under maintenance, for the same reason.
     */
    async saveTable(operator: OperatorActor, code: string, requested: SaveLiveTableBody) {
      const { resumed, maintenance } = await db.transaction().execute(async (trx) => {
        const row = await office.lockTable(trx, code);
        if (!row) throw new AppError('live_table_not_found', 'code');
        // A room's limits and result time follow from its settings (decision 055); a table's are the body's.
        const room = isRoom(row) ? checkRoom(row.game, roomSettingsOf(row), requested) : undefined;
        const body: SaveLiveTableBody = room
          ? {
              ...requested,
              minBet: room.cardPrice,
              maxBet: room.cardPrice * room.maxCards,
              resultSeconds: roomResultSeconds(room.game, room.ballMs),
            }
          : requested;
        if (!room) checkSettings(body);
        const cycleChanged =
          row.betting_seconds !== body.bettingSeconds || row.result_seconds !== body.resultSeconds;
        if (cycleChanged && !row.maintenance && !body.maintenance)
          throw new AppError('live_table_cycle_needs_maintenance', 'bettingSeconds');
        const resumed = row.maintenance && !body.maintenance;
        let epoch: Date | undefined;
        if (resumed) {
          // Round last+1 opens now, on the (possibly new) cycle.
          const next = (await office.lastRoundNo(trx, code)) + 1;
          const cycle = (body.bettingSeconds + body.resultSeconds) * 1000;
          epoch = new Date((await office.now(trx)).getTime() - next * cycle);
        }
        await office.saveTable(trx, code, {
          min_bet: body.minBet,
          max_bet: body.maxBet,
          betting_seconds: body.bettingSeconds,
          result_seconds: body.resultSeconds,
          maintenance: body.maintenance,
          ...(epoch ? { epoch } : {}),
          ...(room
            ? {
                room: {
                  card_price: room.cardPrice,
                  max_cards: room.maxCards,
                  ball_ms: room.ballMs,
                  prize_shares: JSON.stringify(room.prizes),
                },
              }
            : {}),
        });
        // The room's games not opened yet are played with the new settings; those selling or drawing keep theirs.
        if (room) await bingo.resetRoundsAhead(trx, code, JSON.stringify(room));
        const settings = (
          r: Pick<TableRow, 'min_bet' | 'max_bet' | 'betting_seconds' | 'result_seconds'>,
        ) => ({
          minBet: Number(r.min_bet),
          maxBet: Number(r.max_bet),
          bettingSeconds: r.betting_seconds,
          resultSeconds: r.result_seconds,
        });
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: null,
          action: 'live.table.save',
          target: `live_table:${code}`,
          before: {
            ...settings(row),
            maintenance: row.maintenance,
            ...(isRoom(row) ? { room: roomSettingsOf(row) } : {}),
          },
          after: { ...body, ...(room ? { room } : {}), ...(epoch ? { epoch: epoch.toISOString() } : {}) },
          ip: operator.ip,
        });
        return { resumed, maintenance: body.maintenance };
      });
      // Also when it already was: a round another process's clock made in the instant of the switch goes too.
      if (maintenance) await sweepOpenRounds(code);
      if (resumed) await live.ensureRounds();
      return oneTable(code);
    },

    async rounds(
      merchant: Merchant,
      query: {
        pageNo: number;
        pageSize: number;
        tableCode?: string | undefined;
        status?: RoundStatus | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
    ) {
      const timeZone = merchant.settings.whitelabel.timeZone;
      const { rows, total } = await office.roundsPage(db, merchant.id, {
        tableCode: query.tableCode,
        status: query.status,
        from: query.from ? dayStart(query.from, timeZone) : undefined,
        to: query.to ? dayStart(nextDay(query.to), timeZone) : undefined,
        offset: (query.pageNo - 1) * query.pageSize,
        limit: query.pageSize,
      });
      return {
        list: rows.map(roundView),
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    /** A round with the merchant's bets on it; its seed once it is no longer open. */
    async round(merchant: Merchant, id: number): Promise<LiveOfficeRoundDetail> {
      const row = await office.roundById(db, merchant.id, id);
      if (!row) throw new AppError('live_round_not_found', 'id');
      const bets = await office.roundBets(db, merchant.id, row.id);
      return {
        ...roundView(row),
        endsAt: new Date(row.ends_at).toISOString(),
        serverSeedHash: row.server_seed_hash,
        serverSeed: row.status === 'settled' || row.status === 'void' ? row.server_seed : null,
        result: row.status === 'settled' ? parsed(row.result) : null,
        list: bets.map((b) => ({
          id: Number(b.id),
          username: b.username,
          spots: Object.fromEntries(
            Object.entries(parsed(b.spots) as Record<string, unknown>).map(([k, v]) => [k, Number(v)]),
          ),
          stake: Number(b.stake),
          returned: Number(b.returned),
          status: b.status,
          createdAt: new Date(b.created_at).toISOString(),
        })),
      };
    },

    /** The P&L by day (the merchant's zone) and table over the merchant's settled bets. */
    async report(merchant: Merchant, query: { from: string; to: string }) {
      const timeZone = merchant.settings.whitelabel.timeZone;
      const list = await office.profitAndLoss(deps.reports ?? db, merchant.id, {
        from: dayStart(query.from, timeZone),
        to: dayStart(nextDay(query.to), timeZone),
        timeZone,
      });
      const totals = list.reduce(
        (t, r) => ({
          bets: t.bets + r.bets,
          stake: t.stake + r.stake,
          returned: t.returned + r.returned,
          houseWin: t.houseWin + r.houseWin,
        }),
        { bets: 0, stake: 0, returned: 0, houseWin: 0 },
      );
      return { list, totals, timeZone };
    },
  };
}

function nextDay(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

export type LiveOfficeUseCases = ReturnType<typeof liveOfficeUseCases>;
