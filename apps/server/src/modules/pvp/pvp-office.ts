// The PvP card tables' back office (issue 17 item 4; decision 057): a merchant's tables, the hands explorer and the
// P&L (the rake) by game and day.
import { dayStart } from '@tala/contracts/calendar';
import type { PvpGame } from '@tala/contracts/pvp';
import type {
  PvpOfficeHand,
  PvpOfficeHandDetail,
  PvpOfficeTable,
  PvpReportRow,
  SavePvpTableBody,
} from '@tala/contracts/pvp-office';
import { pvpTableBounds } from '@tala/contracts/pvp-office';
import { sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { AppError, refuseFraction } from '../../http/app-error.ts';
import type { AuditService } from '../audit/audit.service.ts';
import type { OperatorActor } from '../games/games-admin.service.ts';
import type { Merchant } from '../merchants/merchants.service.ts';
import type { PvpService } from './pvp.service.ts';
import { jsonValue, withPvpTables } from './pvp.tables.ts';
import { pvpRules } from './pvp-games.ts';

const whole = (value: number) => Number.isSafeInteger(value);

function nextDay(day: string) {
  return new Date(Date.parse(`${day}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
}

type TableSettings = Omit<SavePvpTableBody, 'name' | 'maintenance'>;

/** What is wrong with a table's settings for its game, in words an operator reads (null when nothing is). */
export function tableSettingsProblem(game: PvpGame, s: TableSettings): string | null {
  const rules = pvpRules[game];
  if (!whole(s.stake) || s.stake < 2) return 'the stake must be a whole amount of at least 2 minor units';
  if (!whole(s.seats) || s.seats < Math.max(rules.minSeats, pvpTableBounds.seats.min))
    return `a ${game} table needs at least ${rules.minSeats} seats`;
  if (s.seats > Math.min(rules.maxSeats, pvpTableBounds.seats.max))
    return `a ${game} table has at most ${rules.maxSeats} seats`;
  const least = rules.minStackStakes * s.stake;
  if (!whole(s.minBuyIn) || s.minBuyIn < least)
    return `the least buy-in must cover the worst loss of one hand: ${least} minor units at this stake`;
  if (!whole(s.maxBuyIn) || s.maxBuyIn < s.minBuyIn) return 'the largest buy-in must not be below the least';
  if (!whole(s.rakeBps) || s.rakeBps < pvpTableBounds.rakeBps.min || s.rakeBps > pvpTableBounds.rakeBps.max)
    return 'the rake must be between 0% and 10% (0 to 1000 basis points)';
  if (!whole(s.rakeCap) || s.rakeCap < 0) return 'the rake cap must be a whole amount, 0 or more';
  if (
    !whole(s.turnSeconds) ||
    s.turnSeconds < pvpTableBounds.turnSeconds.min ||
    s.turnSeconds > pvpTableBounds.turnSeconds.max
  )
    return `the turn timer must be between ${pvpTableBounds.turnSeconds.min} and ${pvpTableBounds.turnSeconds.max} seconds`;
  return null;
}

export function pvpOfficeUseCases(deps: {
  db: Database;
  audit: AuditService;
  pvp: PvpService;
  /** The read replica (decision 062): the P&L report reads it (a bet settled a moment ago shows a few seconds late). */
  reports?: Database;
}) {
  const { db, audit } = deps;

  async function tables(merchant: Merchant, code?: string): Promise<PvpOfficeTable[]> {
    const rows = await sql<{
      code: string;
      game: PvpGame;
      name: string;
      stake: number;
      seats: number;
      min_buy_in: number;
      max_buy_in: number;
      rake_bps: number;
      rake_cap: number;
      turn_seconds: number;
      maintenance: boolean;
      seated: number;
      running: boolean;
    }>`
      SELECT t.code, t.game, t.name, t.stake, t.seats, t.min_buy_in, t.max_buy_in, t.rake_bps, t.rake_cap,
             t.turn_seconds, t.maintenance,
             (SELECT count(*)::int FROM pvp_seats s WHERE s.table_id = t.id) AS seated,
             EXISTS (SELECT 1 FROM pvp_hands h WHERE h.table_id = t.id AND h.ended_at IS NULL) AS running
        FROM pvp_tables t
       WHERE t.merchant_id = ${merchant.id} ${code ? sql`AND t.code = ${code}` : sql``}
       ORDER BY t.game, t.stake, t.code`.execute(db);
    return rows.rows.map((r) => ({
      code: r.code,
      game: r.game,
      name: r.name,
      stake: Number(r.stake),
      seats: r.seats,
      minBuyIn: Number(r.min_buy_in),
      maxBuyIn: Number(r.max_buy_in),
      rakeBps: r.rake_bps,
      rakeCap: Number(r.rake_cap),
      turnSeconds: r.turn_seconds,
      maintenance: r.maintenance,
      seated: Number(r.seated),
      running: Boolean(r.running),
      leastBuyIn: pvpRules[r.game].minStackStakes * Number(r.stake),
    }));
  }

  function handsBase(
    merchant: Merchant,
    filters: { table?: string | undefined; member?: string | undefined; from?: Date; to?: Date },
  ) {
    return withPvpTables(db)
      .selectFrom('pvp_hands as h')
      .innerJoin('pvp_tables as t', 't.id', 'h.table_id')
      .where('t.merchant_id', '=', merchant.id)
      .$if(filters.table !== undefined, (q) => q.where('t.code', '=', filters.table as string))
      .$if(Boolean(filters.member), (q) =>
        q.where((eb) =>
          eb.exists(
            eb
              .selectFrom('pvp_hand_players as p')
              .innerJoin('members as m', 'm.id', 'p.member_id')
              .whereRef('p.hand_id', '=', 'h.id')
              .where('m.username', 'ilike', `%${(filters.member as string).replace(/[%_\\]/g, '\\$&')}%`)
              .select('p.seat'),
          ),
        ),
      )
      .$if(filters.from !== undefined, (q) => q.where('h.started_at', '>=', filters.from as Date))
      .$if(filters.to !== undefined, (q) => q.where('h.started_at', '<', filters.to as Date));
  }

  async function playersOf(handIds: number[]) {
    if (handIds.length === 0) return [];
    return withPvpTables(db)
      .selectFrom('pvp_hand_players as p')
      .innerJoin('members as m', 'm.id', 'p.member_id')
      .select(['p.hand_id', 'p.seat', 'm.username', 'p.stack_before', 'p.net'])
      .where('p.hand_id', 'in', handIds)
      .orderBy('p.seat')
      .execute();
  }

  return {
    tables: (merchant: Merchant) => tables(merchant),

    /** Saves a table's settings (owners only, checked by the route): they apply from the next hand dealt. */
    async saveTable(operator: OperatorActor, merchant: Merchant, code: string, body: SavePvpTableBody) {
      const [before] = await tables(merchant, code);
      if (!before) throw new AppError('pvp_table_not_found', 'table');
      for (const field of ['stake', 'minBuyIn', 'maxBuyIn', 'rakeCap'] as const)
        refuseFraction(field, body[field]);
      const problem = tableSettingsProblem(before.game, body);
      if (problem) throw new AppError('pvp_table_settings_invalid', 'table', { detail: problem });
      if (body.seats < before.seated)
        throw new AppError('pvp_table_settings_invalid', 'seats', {
          detail: `${before.seated} members are seated: the table needs at least that many seats`,
        });
      await db.transaction().execute(async (trx) => {
        await withPvpTables(trx)
          .updateTable('pvp_tables')
          .set({
            name: body.name,
            stake: body.stake,
            seats: body.seats,
            min_buy_in: body.minBuyIn,
            max_buy_in: body.maxBuyIn,
            rake_bps: body.rakeBps,
            rake_cap: body.rakeCap,
            turn_seconds: body.turnSeconds,
            maintenance: body.maintenance,
          })
          .where('merchant_id', '=', merchant.id)
          .where('code', '=', code)
          .execute();
        await audit.record(trx, {
          actorType: 'operator',
          actorId: operator.id,
          actorName: operator.name,
          merchantId: merchant.id,
          action: 'pvp.table.save',
          target: `pvp_table:${code}`,
          before,
          after: body,
          ip: operator.ip,
        });
      });
      const [after] = await tables(merchant, code);
      return after as PvpOfficeTable;
    },

    async hands(
      merchant: Merchant,
      query: {
        pageNo: number;
        pageSize: number;
        table?: string | undefined;
        member?: string | undefined;
        from?: string | undefined;
        to?: string | undefined;
      },
    ) {
      const timeZone = merchant.settings.whitelabel.timeZone;
      const filters = {
        table: query.table,
        member: query.member,
        ...(query.from ? { from: dayStart(query.from, timeZone) } : {}),
        ...(query.to ? { to: dayStart(nextDay(query.to), timeZone) } : {}),
      };
      const total = Number(
        (
          await handsBase(merchant, filters)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirst()
        )?.n ?? 0,
      );
      const rows = await handsBase(merchant, filters)
        .select(['h.id', 't.code', 'h.game', 'h.hand_no', 'h.started_at', 'h.ended_at', 'h.rake', 'h.seq'])
        .orderBy('h.id', 'desc')
        .limit(query.pageSize)
        .offset((query.pageNo - 1) * query.pageSize)
        .execute();
      const players = await playersOf(rows.map((r) => Number(r.id)));
      const list: PvpOfficeHand[] = rows.map((r) => ({
        id: Number(r.id),
        tableCode: r.code,
        game: r.game as PvpGame,
        handNo: r.hand_no,
        startedAt: new Date(r.started_at).toISOString(),
        endedAt: r.ended_at ? new Date(r.ended_at).toISOString() : null,
        players: players
          .filter((p) => Number(p.hand_id) === Number(r.id))
          .map((p) => ({
            seat: p.seat,
            username: p.username,
            stackBefore: Number(p.stack_before),
            net: p.net === null ? null : Number(p.net),
          })),
        rake: Number(r.rake),
        moves: r.seq,
      }));
      return {
        list,
        pageNo: query.pageNo,
        pageSize: query.pageSize,
        total,
        totalPages: Math.ceil(total / query.pageSize),
      };
    },

    async hand(merchant: Merchant, id: number): Promise<PvpOfficeHandDetail> {
      const row = await handsBase(merchant, {})
        .where('h.id', '=', id)
        .select([
          'h.id',
          't.code',
          'h.game',
          'h.hand_no',
          'h.started_at',
          'h.ended_at',
          'h.rake',
          'h.seq',
          'h.server_seed',
          'h.server_seed_hash',
          'h.state',
          'h.outcome',
          'h.settle_entry_id',
        ])
        .executeTakeFirst();
      if (!row) throw new AppError('not_found', 'id');
      const over = row.ended_at !== null;
      const players = await playersOf([Number(row.id)]);
      const moves = await withPvpTables(db)
        .selectFrom('pvp_moves')
        .selectAll()
        .where('hand_id', '=', Number(row.id))
        .orderBy('seq')
        .execute();
      const game = row.game as PvpGame;
      return {
        id: Number(row.id),
        tableCode: row.code,
        game,
        handNo: row.hand_no,
        startedAt: new Date(row.started_at).toISOString(),
        endedAt: over ? new Date(row.ended_at as Date).toISOString() : null,
        players: players.map((p) => ({
          seat: p.seat,
          username: p.username,
          stackBefore: Number(p.stack_before),
          net: p.net === null ? null : Number(p.net),
        })),
        rake: Number(row.rake),
        moves: row.seq,
        serverSeedHash: row.server_seed_hash,
        serverSeed: over ? row.server_seed : null,
        outcome: over ? jsonValue(row.outcome) : null,
        list: moves.map((m) => ({
          seq: m.seq,
          seat: m.seat,
          move: jsonValue(m.move),
          auto: m.auto,
          at: new Date(m.created_at).toISOString(),
        })),
        view: pvpRules[game].view(jsonValue(row.state), null),
        entryId: row.settle_entry_id === null ? null : Number(row.settle_entry_id),
      };
    },

    /** The P&L by day (the hand's end, in the merchant's time zone) and game: hands, players, pots and the rake. */
    async report(merchant: Merchant, query: { from: string; to: string }) {
      const timeZone = merchant.settings.whitelabel.timeZone;
      const rows = await sql<{
        day: string;
        game: PvpGame;
        hands: number;
        players: number;
        pots: number;
        rake: number;
      }>`
        WITH per_hand AS (
          SELECT h.id, h.game, to_char(h.ended_at AT TIME ZONE ${timeZone}, 'YYYY-MM-DD') AS day, h.rake,
                 COALESCE(sum(GREATEST(-p.net, 0)), 0) AS lost, array_agg(p.member_id) AS members
            FROM pvp_hands h
            JOIN pvp_tables t ON t.id = h.table_id
            JOIN pvp_hand_players p ON p.hand_id = h.id
           WHERE t.merchant_id = ${merchant.id} AND h.ended_at IS NOT NULL
             AND h.ended_at >= ${dayStart(query.from, timeZone)}
             AND h.ended_at < ${dayStart(nextDay(query.to), timeZone)}
           GROUP BY h.id)
        SELECT ph.day, ph.game, count(*)::int AS hands, COALESCE(sum(ph.lost), 0)::bigint AS pots,
               COALESCE(sum(ph.rake), 0)::bigint AS rake,
               (SELECT count(DISTINCT m)::int FROM per_hand x, unnest(x.members) AS m
                 WHERE x.day = ph.day AND x.game = ph.game) AS players
          FROM per_hand ph
         GROUP BY ph.day, ph.game ORDER BY 1 DESC, 2`.execute(deps.reports ?? db);
      const list: PvpReportRow[] = rows.rows.map((r) => ({
        day: r.day,
        game: r.game,
        hands: Number(r.hands),
        players: Number(r.players),
        pots: Number(r.pots),
        rake: Number(r.rake),
      }));
      const totals = list.reduce(
        (t, r) => ({
          hands: t.hands + r.hands,
          players: t.players + r.players,
          pots: t.pots + r.pots,
          rake: t.rake + r.rake,
        }),
        { hands: 0, players: 0, pots: 0, rake: 0 },
      );
      return { list, totals, timeZone };
    },
  };
}

export type PvpOfficeUseCases = ReturnType<typeof pvpOfficeUseCases>;
