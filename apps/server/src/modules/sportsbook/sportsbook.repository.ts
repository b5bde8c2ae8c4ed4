import { mainMarketTypes } from '@tala/sports/markets';
import { type RawBuilder, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import {
  type BetStatus,
  type MarketStatusValue,
  type SettlementCause,
  type StoredCompetitor,
  type StoredOutcome,
  withSportsTables,
} from './sportsbook.tables.ts';

export type EventRow = {
  id: string;
  kind: 'match' | 'outright';
  sport: string;
  category: string;
  league_id: string;
  league_name: string;
  competitors: StoredCompetitor[];
  start_time: Date;
  status: string;
  betting_status: 'open' | 'suspended';
  live_odds: boolean;
  best_of: number | null;
  home_score: number;
  away_score: number;
  match_state: unknown;
  odds_sequence: number;
  updated_at: Date;
};

export type MarketRow = {
  id: number;
  event_id: string;
  market_type: string;
  specifiers: string;
  name: string;
  status: MarketStatusValue;
  outcomes: StoredOutcome[];
  price_version: number;
  suspended_at: Date | null;
  result: unknown;
  updated_at: Date;
};

/** An odds change of the feed as sports_apply_odds (migration 095) takes it. */
export type OddsChange = {
  eventId: string;
  sequence: number;
  bettingStatus: 'open' | 'suspended';
  /** Each market's status already the one to store (an active market of a suspended event comes as 'suspended'). */
  markets: {
    type: string;
    specifiers: string;
    name: string;
    status: MarketStatusValue;
    outcomes: StoredOutcome[];
  }[];
};

export type BetRow = {
  id: number;
  merchant_id: number;
  member_id: number;
  request_id: string;
  kind: 'single' | 'parlay';
  product: 'SPORTS' | 'ESPORTS';
  vendor_code: string;
  stake: number;
  potential_return: number;
  odds_preference: 'none' | 'higher' | 'any';
  odds_format: string;
  status: BetStatus;
  refusal_code: string | null;
  returned: number;
  settlement_version: number;
  placed_entry_id: number;
  refund_entry_id: number | null;
  accept_at: Date | null;
  created_at: Date;
  settled_at: Date | null;
};

export type LegRow = {
  bet_id: number;
  leg_no: number;
  event_id: string;
  market_id: number;
  outcome: string;
  seen_price: number;
  price: number;
  result_win: string | null;
  result_void: string | null;
  void_factor: string | null;
  dead_heat_factor: string | null;
  cancelled: boolean;
};

const t = withSportsTables;

/** JSON columns may come back parsed or as text, by driver. */
export function parsedJson<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

function betRow(row: Record<string, unknown>): BetRow {
  const r = row as BetRow;
  return {
    ...r,
    id: Number(r.id),
    stake: Number(r.stake),
    potential_return: Number(r.potential_return),
    returned: Number(r.returned),
    placed_entry_id: Number(r.placed_entry_id),
    refund_entry_id: r.refund_entry_id === null ? null : Number(r.refund_entry_id),
  };
}

function legRow(row: Record<string, unknown>): LegRow {
  const r = row as LegRow;
  return { ...r, bet_id: Number(r.bet_id), market_id: Number(r.market_id) };
}

function marketRow(row: Record<string, unknown>): MarketRow {
  const r = row as MarketRow;
  return {
    ...r,
    id: Number(r.id),
    outcomes: parsedJson<StoredOutcome[]>(r.outcomes),
    result: parsedJson(r.result),
  };
}

function eventRow(row: Record<string, unknown>): EventRow {
  const r = row as EventRow;
  return {
    ...r,
    competitors: parsedJson<StoredCompetitor[]>(r.competitors),
    match_state: parsedJson(r.match_state),
    odds_sequence: Number(r.odds_sequence),
  };
}

/** The statuses of a bet that still waits for results, and those that settlement no longer touches. */
export const liveStatuses: BetStatus[] = ['pending', 'open'];
const untouchedBySettlement: BetStatus[] = ['pending', 'refused', 'cashed_out'];

export function sportsbookRepository() {
  return {
    // ---------------------------------------------------------------- events and markets (the feed's)

    // The feed's locks on events and markets are FOR NO KEY UPDATE (it never changes a key), which a placement's
    // KEY SHARE on its markets (and its legs' foreign keys on the event) does not block: prices move while bets are
    // taken. Only what must see every bet of a market (settlement, cancels and their rollbacks) waits for the
    // placements in flight, by FOR UPDATE of the market (waitForPlacements). A plain FOR UPDATE of the event here
    // would wait for a placement while the placement waits for the event: a deadlock (found by
    // bench/sports-betting.bench.ts).
    async event(executor: Database, id: string, lock = false) {
      const row = await t(executor)
        .selectFrom('sports_events')
        .selectAll()
        .where('id', '=', id)
        .$if(lock, (q) => q.forNoKeyUpdate())
        .executeTakeFirst();
      return row ? eventRow(row) : undefined;
    },

    /**
     * An odds change applied in one statement (sports_apply_odds, migration 095): the event and its markets as they
     * are after it, or why nothing was applied.
     */
    async applyOdds(
      executor: Database,
      change: OddsChange,
    ): Promise<
      { outcome: 'unknown' | 'stale' } | { outcome: 'applied'; event: EventRow; markets: MarketRow[] }
    > {
      const { rows } = await sql<{ applied: unknown }>`
        SELECT sports_apply_odds(${change.eventId}, ${change.sequence}, ${change.bettingStatus},
                                 ${JSON.stringify(change.markets)}::jsonb) AS applied`.execute(executor);
      const applied = parsedJson<{
        outcome: 'unknown' | 'stale' | 'applied';
        event?: Record<string, unknown>;
        markets?: Record<string, unknown>[];
      }>(rows[0]?.applied);
      if (applied.outcome !== 'applied') return { outcome: applied.outcome };
      // Rows as JSON: their times come as text.
      const at = (value: unknown) =>
        value === null || value === undefined ? null : new Date(value as string);
      const event = applied.event as Record<string, unknown>;
      return {
        outcome: 'applied',
        event: eventRow({ ...event, start_time: at(event.start_time), updated_at: at(event.updated_at) }),
        markets: (applied.markets ?? []).map((m) =>
          marketRow({ ...m, suspended_at: at(m.suspended_at), updated_at: at(m.updated_at) }),
        ),
      };
    },

    async events(
      executor: Database,
      filters: {
        /** The esports list, and whether to show those sports (ESPORTS) or every other one (SPORTS). */
        esports: readonly string[];
        product: 'SPORTS' | 'ESPORTS';
        sport?: string | undefined;
        league?: string | undefined;
        statuses: readonly string[];
        from?: Date | undefined;
        to?: Date | undefined;
      },
    ) {
      if (filters.product === 'ESPORTS' && filters.esports.length === 0) return [];
      const rows = await t(executor)
        .selectFrom('sports_events as e')
        .selectAll('e')
        .select((eb) =>
          eb
            .selectFrom('sports_markets as m')
            .whereRef('m.event_id', '=', 'e.id')
            .where('m.status', '=', 'active')
            .select(eb.fn.countAll<number>().as('n'))
            .as('open_markets'),
        )
        .$if(filters.product === 'ESPORTS', (q) => q.where('e.sport', 'in', filters.esports))
        .$if(filters.product === 'SPORTS' && filters.esports.length > 0, (q) =>
          q.where('e.sport', 'not in', filters.esports),
        )
        .where('e.status', 'in', filters.statuses)
        .$if(filters.sport !== undefined, (q) => q.where('e.sport', '=', filters.sport as string))
        .$if(filters.league !== undefined, (q) => q.where('e.league_id', '=', filters.league as string))
        .$if(filters.from !== undefined, (q) => q.where('e.start_time', '>=', filters.from as Date))
        .$if(filters.to !== undefined, (q) => q.where('e.start_time', '<', filters.to as Date))
        .orderBy('e.start_time')
        .orderBy('e.id')
        .limit(500)
        .execute();
      return rows.map((r) => ({ ...eventRow(r), open_markets: Number(r.open_markets ?? 0) }));
    },

    async eventsById(executor: Database, ids: readonly string[]) {
      if (ids.length === 0) return [];
      const rows = await t(executor).selectFrom('sports_events').selectAll().where('id', 'in', ids).execute();
      return rows.map(eventRow);
    },

    async upsertEvent(
      executor: Database,
      row: Omit<
        EventRow,
        'betting_status' | 'home_score' | 'away_score' | 'match_state' | 'odds_sequence' | 'updated_at'
      >,
    ) {
      const values = { ...row, competitors: JSON.stringify(row.competitors), updated_at: sql<Date>`now()` };
      await t(executor)
        .insertInto('sports_events')
        .values(values)
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            kind: row.kind,
            sport: row.sport,
            category: row.category,
            league_id: row.league_id,
            league_name: row.league_name,
            competitors: values.competitors,
            start_time: row.start_time,
            status: row.status,
            live_odds: row.live_odds,
            best_of: row.best_of,
            updated_at: sql<Date>`now()`,
          }),
        )
        .execute();
    },

    async updateEvent(
      executor: Database,
      id: string,
      set: Partial<{
        status: string;
        betting_status: 'open' | 'suspended';
        home_score: number;
        away_score: number;
        match_state: string;
        odds_sequence: number;
      }>,
    ) {
      await t(executor)
        .updateTable('sports_events')
        .set({ ...set, updated_at: sql<Date>`now()` })
        .where('id', '=', id)
        .execute();
    },

    async market(executor: Database, id: number) {
      const row = await t(executor)
        .selectFrom('sports_markets')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirst();
      return row ? marketRow(row) : undefined;
    },

    async marketsById(executor: Database, ids: readonly number[]) {
      if (ids.length === 0) return [];
      const rows = await t(executor)
        .selectFrom('sports_markets')
        .selectAll()
        .where('id', 'in', ids)
        .execute();
      return rows.map(marketRow);
    },

    /**
     * Everything a batch of placements judges, in one statement of its transaction: the markets of all its slips
     * (KEY SHARE-locked in id order: no settlement or cancel passes them until the bets are written; prices may move,
     * the slips are taken at the prices read) and their events, the merchants' margins and suspensions of those
     * events, and for each slip in order: the bet already placed under its requestId (a replay), its member's
     * settings and what the member's live singles on its first market return together (a single's payout room).
     */
    async placementRead(
      trx: Database,
      slips: readonly {
        merchantId: number;
        memberId: number;
        /** The member's wallet account: its balance, read for the batch's check of funds before the stakes' writes. */
        accountId: number;
        requestId: string;
        marketIds: readonly number[];
      }[],
    ) {
      const marketIds = [...new Set(slips.flatMap((s) => s.marketIds))];
      const merchantIds = [...new Set(slips.map((s) => s.merchantId))];
      const { rows } = await sql<{
        markets: Record<string, unknown>[];
        events: Record<string, unknown>[];
        margins: { merchant_id: number; sport: string; margin_bps: number }[];
        suspensions: { merchant_id: number; event_id: string; market_id: number; created_at: string }[];
        slips: {
          replay_id: string | number | null;
          settings: { odds_format: string; odds_preference: string; stake_factor: number } | null;
          open_return: string | number;
          balance: string | number | null;
        }[];
      }>`
        WITH mk AS (
          SELECT * FROM sports_markets WHERE id = ANY(${marketIds}::bigint[]) ORDER BY id FOR KEY SHARE),
        ev AS (SELECT * FROM sports_events WHERE id IN (SELECT event_id FROM mk)),
        sl AS (
          SELECT * FROM unnest(${slips.map((s) => s.memberId)}::integer[], ${slips.map((s) => s.requestId)}::text[],
                               ${slips.map((s) => s.marketIds[0] ?? 0)}::bigint[],
                               ${slips.map((s) => s.accountId)}::bigint[])
                 WITH ORDINALITY AS s(member_id, request_id, first_market, account_id, n))
        SELECT
          (SELECT coalesce(jsonb_agg(to_jsonb(mk)), '[]') FROM mk) AS markets,
          (SELECT coalesce(jsonb_agg(to_jsonb(ev)), '[]') FROM ev) AS events,
          (SELECT coalesce(jsonb_agg(jsonb_build_object('merchant_id', g.merchant_id, 'sport', g.sport,
                                                        'margin_bps', g.margin_bps)), '[]')
             FROM sports_margins g
            WHERE g.merchant_id = ANY(${merchantIds}::integer[]) AND g.sport IN (SELECT sport FROM ev)) AS margins,
          (SELECT coalesce(jsonb_agg(jsonb_build_object('merchant_id', u.merchant_id, 'event_id', u.event_id,
                                                        'market_id', u.market_id, 'created_at', u.created_at)), '[]')
             FROM sports_suspensions u
            WHERE u.merchant_id = ANY(${merchantIds}::integer[]) AND u.event_id IN (SELECT id FROM ev)) AS suspensions,
          (SELECT jsonb_agg(jsonb_build_object(
             'replay_id', (SELECT b.id FROM sports_bets b WHERE b.member_id = sl.member_id AND b.request_id = sl.request_id),
             'settings', (SELECT jsonb_build_object('odds_format', s.odds_format, 'odds_preference', s.odds_preference,
                                                   'stake_factor', s.stake_factor)
                            FROM sports_member_settings s WHERE s.member_id = sl.member_id),
             'open_return', (SELECT coalesce(sum(b.potential_return), 0)
                               FROM sports_bets b JOIN sports_bet_legs l ON l.bet_id = b.id
                              WHERE b.member_id = sl.member_id AND b.kind = 'single'
                                AND b.status IN ('pending', 'open') AND l.market_id = sl.first_market),
             'balance', (SELECT sum(lb.balance) FROM ledger_balances lb WHERE lb.account_id = sl.account_id))
             ORDER BY sl.n) FROM sl) AS slips`.execute(trx);
      const row = rows[0];
      if (!row) throw new Error('placement read returned no row');
      const date = (value: unknown) =>
        value === null || value === undefined ? null : new Date(value as string);
      const margins = parsedJson<typeof row.margins>(row.margins).map((g) => ({
        merchantId: Number(g.merchant_id),
        sport: g.sport,
        marginBps: Number(g.margin_bps),
      }));
      const suspensions = parsedJson<typeof row.suspensions>(row.suspensions).map((u) => ({
        merchantId: Number(u.merchant_id),
        eventId: u.event_id,
        marketId: Number(u.market_id),
        since: new Date(u.created_at),
      }));
      return {
        markets: parsedJson<Record<string, unknown>[]>(row.markets).map((m) =>
          marketRow({ ...m, suspended_at: date(m.suspended_at), updated_at: date(m.updated_at) }),
        ),
        events: parsedJson<Record<string, unknown>[]>(row.events).map((e) =>
          eventRow({ ...e, start_time: date(e.start_time), updated_at: date(e.updated_at) }),
        ),
        /** A merchant's margins and suspensions (trading-offer.ts). */
        offerOf: (merchantId: number) => ({
          margins: margins.filter((g) => g.merchantId === merchantId),
          suspensions: suspensions.filter((u) => u.merchantId === merchantId),
        }),
        slips: parsedJson<typeof row.slips>(row.slips).map((s) => ({
          replayId: s.replay_id === null ? null : Number(s.replay_id),
          settings: s.settings,
          openReturn: BigInt(s.open_return ?? 0),
          /** Unlocked: a check that spares the batch a stake the ledger would refuse; the ledger still decides. */
          balance: s.balance === null ? null : Number(s.balance),
        })),
      };
    },

    /**
     * Writes the bets of a batch and their legs after their stakes were posted in the same transaction (migration
     * 094): each slip's limits (`limits`: member_limit_use() calls, or null) are evaluated first, in slip order, then
     * sports_place_bets() writes every slip they passed. One answer a slip, in order: its bet's row, the payout
     * room's refusal, or the limits' refusal.
     */
    async placeBets(
      trx: Database,
      slips: readonly {
        entryId: number;
        bet: Omit<
          BetRow,
          | 'id'
          | 'created_at'
          | 'settled_at'
          | 'refusal_code'
          | 'returned'
          | 'settlement_version'
          | 'refund_entry_id'
          | 'placed_entry_id'
        >;
        legs: readonly Pick<LegRow, 'event_id' | 'market_id' | 'outcome' | 'seen_price' | 'price'>[];
        maxOnMarket: bigint | null;
        limits: RawBuilder<unknown> | null;
      }[],
    ): Promise<{ bet?: Record<string, unknown>; refused?: string; limits?: Record<string, unknown> }[]> {
      const bets = slips.map((s) => s.bet);
      const legs = slips.flatMap((s) => s.legs);
      const limits = slips.some((s) => s.limits)
        ? sql`ARRAY[${sql.join(slips.map((s) => (s.limits ? sql`to_jsonb(${s.limits})` : sql`NULL::jsonb`)))}]::jsonb[]`
        : sql`NULL::jsonb[]`;
      const { rows } = await sql<{ outcome: Record<string, unknown> | string }>`
        SELECT o AS outcome FROM sports_place_bets(
          ${slips.map((s) => s.entryId)}::bigint[], ${bets.map((b) => b.merchant_id)}::integer[],
          ${bets.map((b) => b.member_id)}::integer[], ${bets.map((b) => b.request_id)}::text[],
          ${bets.map((b) => b.kind)}::text[], ${bets.map((b) => b.product)}::text[],
          ${bets.map((b) => b.vendor_code)}::text[], ${bets.map((b) => b.stake)}::bigint[],
          ${bets.map((b) => b.potential_return)}::bigint[], ${bets.map((b) => b.odds_preference)}::text[],
          ${bets.map((b) => b.odds_format)}::text[], ${bets.map((b) => b.status)}::text[],
          ${bets.map((b) => b.accept_at)}::timestamptz[],
          ${slips.map((s) => (s.maxOnMarket === null ? null : s.maxOnMarket.toString()))}::bigint[],
          ${slips.map((s) => s.legs.length)}::integer[], ${legs.map((l) => l.event_id)}::text[],
          ${legs.map((l) => l.market_id)}::bigint[], ${legs.map((l) => l.outcome)}::text[],
          ${legs.map((l) => l.seen_price)}::integer[], ${legs.map((l) => l.price)}::integer[],
          ${limits}) WITH ORDINALITY AS p(o, n) ORDER BY n`.execute(trx);
      if (rows.length !== slips.length)
        throw new Error('sports_place_bets answered a different number of rows');
      return rows.map((r) => parsedJson(r.outcome));
    },

    /** A bet's row as sports_place_bet() answers it (JSON). */
    placedBet(row: Record<string, unknown>): BetRow {
      return betRow({
        ...row,
        accept_at: row.accept_at == null ? null : new Date(row.accept_at as string),
        created_at: new Date(row.created_at as string),
        settled_at: row.settled_at == null ? null : new Date(row.settled_at as string),
      });
    },

    async marketByKey(executor: Database, eventId: string, type: string, specifiers: string, lock = false) {
      const row = await t(executor)
        .selectFrom('sports_markets')
        .selectAll()
        .where('event_id', '=', eventId)
        .where('market_type', '=', type)
        .where('specifiers', '=', specifiers)
        .$if(lock, (q) => q.forNoKeyUpdate())
        .executeTakeFirst();
      return row ? marketRow(row) : undefined;
    },

    async eventMarkets(executor: Database, eventId: string, lock = false) {
      const rows = await t(executor)
        .selectFrom('sports_markets')
        .selectAll()
        .where('event_id', '=', eventId)
        .orderBy('id')
        .$if(lock, (q) => q.forNoKeyUpdate())
        .execute();
      return rows.map(marketRow);
    },

    /**
     * Each event's main market for a list (mainMarketTypes, still offered): the whole match's before one opened at a
     * score or on a map, then the oldest. One statement for the page's events.
     */
    async mainMarkets(executor: Database, eventIds: readonly string[]) {
      if (eventIds.length === 0) return [];
      const rows = await t(executor)
        .selectFrom('sports_markets')
        .selectAll()
        .distinctOn('event_id')
        .where('event_id', 'in', eventIds)
        .where('market_type', 'in', mainMarketTypes)
        .where('status', '<>', 'deactivated')
        .orderBy('event_id')
        .orderBy(sql`specifiers <> ''`)
        .orderBy('id')
        .execute();
      return rows.map(marketRow);
    },

    async insertMarket(
      executor: Database,
      row: {
        event_id: string;
        market_type: string;
        specifiers: string;
        name: string;
        status: MarketStatusValue;
        outcomes: StoredOutcome[];
        suspended: boolean;
      },
    ) {
      await t(executor)
        .insertInto('sports_markets')
        .values({
          event_id: row.event_id,
          market_type: row.market_type,
          specifiers: row.specifiers,
          name: row.name,
          status: row.status,
          outcomes: JSON.stringify(row.outcomes),
          suspended_at: row.suspended ? sql<Date>`now()` : null,
          updated_at: sql<Date>`now()`,
        })
        .onConflict((oc) => oc.columns(['event_id', 'market_type', 'specifiers']).doNothing())
        .execute();
    },

    /** A market's new state and prices: a new price version; a suspension stamps when it happened. */
    async updateMarket(
      executor: Database,
      id: number,
      set: { status?: MarketStatusValue; outcomes?: StoredOutcome[]; name?: string; result?: unknown },
    ) {
      await t(executor)
        .updateTable('sports_markets')
        .set({
          ...(set.status ? { status: set.status } : {}),
          ...(set.name ? { name: set.name } : {}),
          ...(set.outcomes ? { outcomes: JSON.stringify(set.outcomes) } : {}),
          ...(set.result !== undefined
            ? { result: set.result === null ? null : JSON.stringify(set.result) }
            : {}),
          ...(set.status === 'suspended' ? { suspended_at: sql<Date>`now()` } : {}),
          price_version: sql<number>`price_version + 1`,
          updated_at: sql<Date>`now()`,
        })
        .where('id', '=', id)
        .execute();
    },

    /**
     * A settlement message (settle, cancel or their rollbacks) takes the market for its sequence: false when a newer
     * one already has (a replay of the feed from before it), and the message must leave the market alone.
     */
    async claimSettlement(executor: Database, marketId: number, sequence: number) {
      const row = await t(executor)
        .updateTable('sports_markets')
        .set({ settlement_sequence: sequence })
        .where('id', '=', marketId)
        .where('settlement_sequence', '<=', sequence)
        .returning('id')
        .executeTakeFirst();
      return row !== undefined;
    },

    /**
     * Inside a page of a settlement: whether the message still holds the market (no newer message claimed it). FOR
     * SHARE makes a newer claim wait for this page's commit, so a newer message's pages always run after it.
     */
    async holdsSettlement(trx: Database, marketId: number, sequence: number) {
      const row = await t(trx)
        .selectFrom('sports_markets')
        .select('settlement_sequence')
        .where('id', '=', marketId)
        .forShare()
        .executeTakeFirst();
      return row !== undefined && Number(row.settlement_sequence) <= sequence;
    },

    /**
     * Waits until no placement that read the market is still in flight (its KEY SHARE lock): FOR UPDATE of the row,
     * held only for this statement. Run after the market stopped taking bets and before its bets are read, so those
     * placements' bets are among them.
     */
    async waitForPlacements(executor: Database, marketId: number) {
      await sql`SELECT id FROM sports_markets WHERE id = ${marketId} FOR UPDATE`.execute(executor);
    },

    /** Every market of an event that takes bets now is suspended (a bet stop, a suspended event). */
    async suspendMarkets(executor: Database, eventId: string, types: readonly string[] | 'all') {
      await t(executor)
        .updateTable('sports_markets')
        .set({
          status: 'suspended',
          suspended_at: sql<Date>`now()`,
          price_version: sql<number>`price_version + 1`,
          updated_at: sql<Date>`now()`,
        })
        .where('event_id', '=', eventId)
        .where('status', '=', 'active')
        .$if(types !== 'all', (q) => q.where('market_type', 'in', types as string[]))
        .execute();
    },

    /** Every market taking bets is suspended (the feed's producer is down: its odds may be stale). */
    async suspendAllMarkets(executor: Database) {
      await t(executor)
        .updateTable('sports_markets')
        .set({
          status: 'suspended',
          suspended_at: sql<Date>`now()`,
          price_version: sql<number>`price_version + 1`,
          updated_at: sql<Date>`now()`,
        })
        .where('status', '=', 'active')
        .execute();
    },

    /** An event postponed, cancelled or abandoned: its open markets stop taking bets. */
    async closeMarkets(executor: Database, eventId: string, status: 'suspended' | 'deactivated') {
      await t(executor)
        .updateTable('sports_markets')
        .set({
          status,
          ...(status === 'suspended' ? { suspended_at: sql<Date>`now()` } : {}),
          price_version: sql<number>`price_version + 1`,
          updated_at: sql<Date>`now()`,
        })
        .where('event_id', '=', eventId)
        .where('status', 'in', ['active', 'suspended'])
        .execute();
    },

    async reject(
      executor: Database,
      row: { type: string | null; sequence: number | null; reason: string; message: unknown },
    ) {
      let message: string | null = null;
      try {
        message = JSON.stringify(row.message ?? null).slice(0, 100_000);
        JSON.parse(message);
      } catch {
        message = null;
      }
      await t(executor)
        .insertInto('sports_feed_rejects')
        .values({
          type: row.type?.slice(0, 100) ?? null,
          sequence: row.sequence,
          reason: row.reason.slice(0, 500),
          message,
        })
        .execute();
    },

    // ---------------------------------------------------------------- bets

    async memberSettings(executor: Database, memberId: number) {
      return t(executor)
        .selectFrom('sports_member_settings')
        .selectAll()
        .where('member_id', '=', memberId)
        .executeTakeFirst();
    },

    async saveMemberSettings(
      executor: Database,
      memberId: number,
      set: { odds_format?: string; odds_preference?: string },
    ) {
      await t(executor)
        .insertInto('sports_member_settings')
        .values({ member_id: memberId, ...set, updated_at: sql<Date>`now()` })
        .onConflict((oc) => oc.column('member_id').doUpdateSet({ ...set, updated_at: sql<Date>`now()` }))
        .execute();
    },

    async betByRequest(executor: Database, memberId: number, requestId: string) {
      const row = await t(executor)
        .selectFrom('sports_bets')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('request_id', '=', requestId)
        .executeTakeFirst();
      return row ? betRow(row) : undefined;
    },

    async bet(executor: Database, id: number, lock = false) {
      const row = await t(executor)
        .selectFrom('sports_bets')
        .selectAll()
        .where('id', '=', id)
        .$if(lock, (q) => q.forUpdate())
        .executeTakeFirst();
      return row ? betRow(row) : undefined;
    },

    /** Bets locked in id order (one global order, so two settlers never deadlock). */
    async lockBets(trx: Database, ids: readonly number[]) {
      if (ids.length === 0) return [];
      const rows = await t(trx)
        .selectFrom('sports_bets')
        .selectAll()
        .where('id', 'in', ids)
        .orderBy('id')
        .forUpdate()
        .execute();
      return rows.map(betRow);
    },

    async legs(executor: Database, betIds: readonly number[]) {
      if (betIds.length === 0) return [];
      const rows = await t(executor)
        .selectFrom('sports_bet_legs')
        .selectAll()
        .where('bet_id', 'in', betIds)
        .orderBy('bet_id')
        .orderBy('leg_no')
        .execute();
      return rows.map(legRow);
    },

    async updateBet(
      trx: Database,
      id: number,
      set: Partial<
        Pick<
          BetRow,
          | 'status'
          | 'refusal_code'
          | 'returned'
          | 'potential_return'
          | 'refund_entry_id'
          | 'settlement_version'
        >
      > & {
        settled?: boolean | null;
      },
    ) {
      const { settled, ...rest } = set;
      await t(trx)
        .updateTable('sports_bets')
        .set({
          ...rest,
          ...(settled === true
            ? { settled_at: sql<Date>`now()` }
            : settled === false
              ? { settled_at: null }
              : {}),
        })
        .where('id', '=', id)
        .execute();
    },

    /** Several bets' new settlement state in one statement (a settlement page): settled now, or open again. */
    async updateSettledBets(
      trx: Database,
      rows: readonly { id: number; status: BetStatus; returned: number; version: number; settled: boolean }[],
    ) {
      if (rows.length === 0) return;
      await sql`
        UPDATE sports_bets b
           SET status = u.status, returned = u.returned, settlement_version = u.version,
               settled_at = CASE WHEN u.settled THEN now() END
          FROM unnest(${rows.map((r) => r.id)}::bigint[], ${rows.map((r) => r.status)}::text[],
                      ${rows.map((r) => r.returned)}::bigint[], ${rows.map((r) => r.version)}::integer[],
                      ${rows.map((r) => r.settled)}::boolean[]) AS u(id, status, returned, version, settled)
         WHERE b.id = u.id`.execute(trx);
    },

    async setLegPrice(trx: Database, betId: number, legNo: number, price: number) {
      await t(trx)
        .updateTable('sports_bet_legs')
        .set({ price })
        .where('bet_id', '=', betId)
        .where('leg_no', '=', legNo)
        .execute();
    },

    async dueBets(executor: Database, now: Date, limit: number) {
      const rows = await t(executor)
        .selectFrom('sports_bets')
        .select('id')
        .where('status', '=', 'pending')
        .where('accept_at', '<=', now)
        .orderBy('accept_at')
        .limit(limit)
        .execute();
      return rows.map((r) => Number(r.id));
    },

    async memberBets(
      executor: Database,
      memberId: number,
      state: 'open' | 'settled',
      page: { limit: number; offset: number },
    ) {
      const base = t(executor)
        .selectFrom('sports_bets')
        .where('member_id', '=', memberId)
        .where('status', state === 'open' ? 'in' : 'not in', liveStatuses);
      const [count, rows] = await Promise.all([
        base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
        base
          .selectAll()
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(page.limit)
          .offset(page.offset)
          .execute(),
      ]);
      return { total: Number(count.n), rows: rows.map(betRow) };
    },

    // ---------------------------------------------------------------- settlement

    /**
     * One page of the bets with a leg on a market that settlement still concerns (not pending, refused or cashed
     * out), in id order after `afterBetId`; with `placedIn`, only bets placed in [start, end) (a bet cancel's window).
     */
    async betIdsOnMarket(
      executor: Database,
      marketId: number,
      afterBetId: number,
      limit: number,
      placedIn?: { start?: Date | undefined; end?: Date | undefined },
    ) {
      const rows = await t(executor)
        .selectFrom('sports_bet_legs as l')
        .innerJoin('sports_bets as b', 'b.id', 'l.bet_id')
        .select('l.bet_id')
        .where('l.market_id', '=', marketId)
        .where('l.bet_id', '>', afterBetId)
        .where('b.status', 'not in', untouchedBySettlement)
        .$if(placedIn?.start !== undefined, (q) => q.where('b.created_at', '>=', placedIn?.start as Date))
        .$if(placedIn?.end !== undefined, (q) => q.where('b.created_at', '<', placedIn?.end as Date))
        .orderBy('l.bet_id')
        .limit(limit)
        .execute();
      return [...new Set(rows.map((r) => Number(r.bet_id)))];
    },

    async setLegResults(
      trx: Database,
      marketId: number,
      betIds: readonly number[],
      outcome: string,
      result: { win: string; void: string; voidFactor: string | null; deadHeatFactor: string | null } | null,
    ) {
      if (betIds.length === 0) return;
      await t(trx)
        .updateTable('sports_bet_legs')
        .set({
          result_win: result?.win ?? null,
          result_void: result?.void ?? null,
          void_factor: result?.voidFactor ?? null,
          dead_heat_factor: result?.deadHeatFactor ?? null,
        })
        .where('market_id', '=', marketId)
        .where('bet_id', 'in', betIds)
        .$if(outcome !== '*', (q) => q.where('outcome', '=', outcome))
        .execute();
    },

    async setLegsCancelled(trx: Database, marketId: number, betIds: readonly number[], cancelled: boolean) {
      if (betIds.length === 0) return;
      await t(trx)
        .updateTable('sports_bet_legs')
        .set({ cancelled })
        .where('market_id', '=', marketId)
        .where('bet_id', 'in', betIds)
        .execute();
    },

    /** The payout entry of each bet's latest settlement (what a correction reverses). */
    async currentPayouts(executor: Database, betIds: readonly number[]) {
      if (betIds.length === 0) return new Map<number, number | null>();
      const rows = await t(executor)
        .selectFrom('sports_settlements')
        .select(['bet_id', 'version', 'payout_entry_id'])
        .where('bet_id', 'in', betIds)
        .orderBy('bet_id')
        .orderBy('version')
        .execute();
      const out = new Map<number, number | null>();
      for (const r of rows)
        out.set(Number(r.bet_id), r.payout_entry_id === null ? null : Number(r.payout_entry_id));
      return out;
    },

    async insertSettlements(
      trx: Database,
      rows: {
        bet_id: number;
        version: number;
        cause: SettlementCause;
        feed_sequence: number;
        previous_status: string;
        status: string;
        previous_return: number;
        new_return: number;
        reversal_entry_id: number | null;
        payout_entry_id: number | null;
      }[],
    ) {
      if (rows.length === 0) return;
      await t(trx).insertInto('sports_settlements').values(rows).execute();
    },

    async settlements(executor: Database, betId: number) {
      return t(executor)
        .selectFrom('sports_settlements')
        .selectAll()
        .where('bet_id', '=', betId)
        .orderBy('version')
        .execute();
    },

    async insertCashout(
      trx: Database,
      row: { bet_id: number; price: number; value: number; entry_id: number },
    ) {
      await t(trx).insertInto('sports_cashouts').values(row).execute();
    },
  };
}

export type SportsbookRepository = ReturnType<typeof sportsbookRepository>;
