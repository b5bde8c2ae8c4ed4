import { type Generated, type Insertable, type Kysely, type Selectable, sql } from 'kysely';
import type { Database } from '../../db/database.ts';
import { changes } from '../../lib/change-feed.ts';
import { inTeamAt, type TeamScope } from '../members/team-scope.ts';

/** The slot studio's tables (migrations/011_slots.sql), known only to this module. */
export interface SlotsSeedPairsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  server_seed: string;
  server_seed_hash: string;
  client_seed: string;
  rounds: Generated<number>;
  last_round_at: Date | null;
  created_at: Generated<Date>;
  revealed_at: Date | null;
}

export interface SlotsRoundsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  seed_pair_id: number;
  nonce: number;
  client_seed: string;
  game_code: string;
  title_version: number;
  request_id: string;
  bet: number;
  win: number;
  jackpot_win: Generated<number>;
  free_spins: Generated<number>;
  outcome: string;
  balance_after: number;
  bet_entry_id: number;
  payout_entry_id: number | null;
  created_at: Generated<Date>;
}

export interface SlotsJackpotsTable {
  merchant_id: number;
  hits: Generated<number>;
  last_win: number | null;
  last_won_at: Date | null;
  last_round_id: number | null;
  seed: Generated<number>;
  seed_version: Generated<number>;
}

export type SlotsTables = {
  slots_seed_pairs: SlotsSeedPairsTable;
  slots_rounds: SlotsRoundsTable;
  slots_jackpots: SlotsJackpotsTable;
};

export type SeedPairRow = Selectable<SlotsSeedPairsTable>;
/** A round with its pair's seeds: the server seed only once the pair is revealed. */
export type RoundRow = Omit<Selectable<SlotsRoundsTable>, 'outcome'> & {
  outcome: unknown;
  server_seed_hash: string;
  server_seed: string | null;
};

function tables(executor: Database): Kysely<SlotsTables> {
  return executor.withTables<SlotsTables>() as unknown as Kysely<SlotsTables>;
}

const roundColumns = [
  'r.id',
  'r.merchant_id',
  'r.member_id',
  'r.seed_pair_id',
  'r.nonce',
  'r.client_seed',
  'r.game_code',
  'r.title_version',
  'r.request_id',
  'r.bet',
  'r.win',
  'r.jackpot_win',
  'r.free_spins',
  'r.outcome',
  'r.balance_after',
  'r.bet_entry_id',
  'r.payout_entry_id',
  'r.created_at',
  'p.server_seed_hash',
] as const;

/** SQL for the slot studio's own tables; money is the wallet's. */
export function slotsRepository() {
  function roundsQuery(executor: Database) {
    return tables(executor)
      .selectFrom('slots_rounds as r')
      .innerJoin('slots_seed_pairs as p', 'p.id', 'r.seed_pair_id')
      .select(roundColumns)
      .select((eb) =>
        eb
          .case()
          .when('p.revealed_at', 'is not', null)
          .then(eb.ref('p.server_seed'))
          .else(null)
          .end()
          .as('server_seed'),
      );
  }

  return {
    async activePair(executor: Database, memberId: number, lock = false): Promise<SeedPairRow | undefined> {
      let query = tables(executor)
        .selectFrom('slots_seed_pairs')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('revealed_at', 'is', null);
      if (lock) query = query.forUpdate();
      return query.executeTakeFirst();
    },

    /** Inserts an active pair unless the member has one (a concurrent first call); answers the active pair. */
    async insertPair(executor: Database, pair: Insertable<SlotsSeedPairsTable>): Promise<void> {
      await tables(executor)
        .insertInto('slots_seed_pairs')
        .values(pair)
        .onConflict((oc) => oc.column('member_id').where('revealed_at', 'is', null).doNothing())
        .execute();
    },

    async setClientSeed(executor: Database, pairId: number, clientSeed: string) {
      await tables(executor)
        .updateTable('slots_seed_pairs')
        .set({ client_seed: clientSeed })
        .where('id', '=', pairId)
        .execute();
    },

    async reveal(executor: Database, pairId: number) {
      await tables(executor)
        .updateTable('slots_seed_pairs')
        .set({ revealed_at: new Date() })
        .where('id', '=', pairId)
        .where('revealed_at', 'is', null)
        .execute();
    },

    async revealedPairs(executor: Database, memberId: number, limit: number): Promise<SeedPairRow[]> {
      return tables(executor)
        .selectFrom('slots_seed_pairs')
        .selectAll()
        .where('member_id', '=', memberId)
        .where('revealed_at', 'is not', null)
        .orderBy('id', 'desc')
        .limit(limit)
        .execute();
    },

    async countRound(executor: Database, pairId: number, nonce: number, at: Date) {
      await tables(executor)
        .updateTable('slots_seed_pairs')
        .set({ rounds: nonce, last_round_at: at })
        .where('id', '=', pairId)
        .execute();
    },

    async insertRound(executor: Database, round: Insertable<SlotsRoundsTable>): Promise<number> {
      const row = await tables(executor)
        .insertInto('slots_rounds')
        .values(round)
        .returning('id')
        .executeTakeFirstOrThrow();
      // A spin moves the member's mission progress (valid bets, games played).
      changes.publish(executor, { on: 'member', memberId: round.member_id });
      return row.id;
    },

    async roundByRequest(
      executor: Database,
      memberId: number,
      requestId: string,
    ): Promise<RoundRow | undefined> {
      return roundsQuery(executor)
        .where('r.member_id', '=', memberId)
        .where('r.request_id', '=', requestId)
        .executeTakeFirst();
    },

    async round(executor: Database, memberId: number, roundId: number): Promise<RoundRow | undefined> {
      return roundsQuery(executor)
        .where('r.member_id', '=', memberId)
        .where('r.id', '=', roundId)
        .executeTakeFirst();
    },

    async recentRounds(
      executor: Database,
      memberId: number,
      gameCode: string | undefined,
      limit: number,
    ): Promise<RoundRow[]> {
      let query = roundsQuery(executor).where('r.member_id', '=', memberId);
      if (gameCode) query = query.where('r.game_code', '=', gameCode);
      return query.orderBy('r.id', 'desc').limit(limit).execute();
    },

    /** Locks the merchant's jackpot row (creating it first), so that awards are paid one at a time. */
    async lockJackpot(executor: Database, merchantId: number) {
      await tables(executor)
        .insertInto('slots_jackpots')
        .values({ merchant_id: merchantId, last_win: null, last_won_at: null, last_round_id: null })
        .onConflict((oc) => oc.column('merchant_id').doNothing())
        .execute();
      await tables(executor)
        .selectFrom('slots_jackpots')
        .select('merchant_id')
        .where('merchant_id', '=', merchantId)
        .forUpdate()
        .execute();
    },

    async recordJackpot(executor: Database, merchantId: number, amount: number, roundId: number, at: Date) {
      await tables(executor)
        .updateTable('slots_jackpots')
        .set((eb) => ({
          hits: eb('hits', '+', 1),
          last_win: amount,
          last_won_at: at,
          last_round_id: roundId,
        }))
        .where('merchant_id', '=', merchantId)
        .execute();
    },

    /** Rounds for the betting record and the bets explorer, newest first, with the filtered totals. */
    async roundsRecord(
      executor: Database,
      filters: SlotRoundFilters,
      page: { limit: number; offset: number },
    ) {
      const base = recordBase(executor, filters);
      const totals = await base
        .select((eb) => [
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>('r.bet'), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>('r.win'), sql<number>`0`).as('win'),
        ])
        .executeTakeFirstOrThrow();
      const rows = await base
        .select(['r.id', 'r.member_id', 'm.username', 'r.game_code', 'r.bet', 'r.win', 'r.created_at'])
        .orderBy('r.created_at', 'desc')
        .orderBy('r.id', 'desc')
        .limit(page.limit)
        .offset(page.offset)
        .execute();
      return { rows, count: Number(totals.count), bet: Number(totals.bet), win: Number(totals.win) };
    },

    /** Bets and wins per member (the agent centre's profit and loss and overview). */
    async memberTotals(executor: Database, filters: SlotRoundFilters) {
      const rows = await recordBase(executor, filters)
        .select((eb) => [
          'r.member_id',
          'm.username',
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>('r.bet'), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>('r.win'), sql<number>`0`).as('win'),
        ])
        .groupBy(['r.member_id', 'm.username'])
        .execute();
      return rows.map((r) => ({
        memberId: r.member_id,
        username: r.username,
        count: Number(r.count),
        bet: Number(r.bet),
        win: Number(r.win),
      }));
    },

    /** Bets and wins per day in `timeZone` and title, for reports. */
    async roundTotals(executor: Database, filters: SlotRoundFilters & { timeZone: string }) {
      const rows = await recordBase(executor, filters)
        .select((eb) => [
          sql<string>`to_char(r.created_at AT TIME ZONE ${filters.timeZone}, 'YYYY-MM-DD')`.as('day'),
          'r.game_code',
          eb.fn.countAll<number>().as('count'),
          eb.fn.coalesce(eb.fn.sum<number>('r.bet'), sql<number>`0`).as('bet'),
          eb.fn.coalesce(eb.fn.sum<number>('r.win'), sql<number>`0`).as('win'),
        ])
        .groupBy(['day', 'r.game_code'])
        .execute();
      return rows.map((r) => ({
        day: r.day,
        gameCode: r.game_code,
        count: Number(r.count),
        bet: Number(r.bet),
        win: Number(r.win),
      }));
    },

    /** The latest winning rounds of a merchant with the winner's account (winner board). */
    async latestWins(executor: Database, merchantId: number, limit: number) {
      return executor
        .withTables<SlotsTables>()
        .selectFrom('slots_rounds as r')
        .innerJoin('members as m', 'm.id', 'r.member_id')
        .select(['m.username', 'r.game_code', 'r.win', 'r.created_at'])
        .where('r.merchant_id', '=', merchantId)
        .where('r.win', '>', 0)
        .orderBy('r.created_at', 'desc')
        .limit(limit)
        .execute();
    },

    /** The titles a member played, the latest first (recent games). */
    async playedTitles(executor: Database, memberId: number, limit: number) {
      const rows = await tables(executor)
        .selectFrom('slots_rounds')
        .select((eb) => ['game_code', eb.fn.max('created_at').as('last_at')])
        .where('member_id', '=', memberId)
        .groupBy('game_code')
        .orderBy('last_at', 'desc')
        .limit(limit)
        .execute();
      return rows.map((r) => ({ gameCode: r.game_code, at: new Date(r.last_at as unknown as string) }));
    },

    /** Sets the seed (the jackpot row must be locked), answering the new seed version. */
    async setJackpotSeed(executor: Database, merchantId: number, seed: number) {
      const row = await tables(executor)
        .updateTable('slots_jackpots')
        .set((eb) => ({ seed, seed_version: eb('seed_version', '+', 1) }))
        .where('merchant_id', '=', merchantId)
        .returning(['seed_version'])
        .executeTakeFirstOrThrow();
      return row.seed_version;
    },

    async jackpotRecord(executor: Database, merchantId: number) {
      return tables(executor)
        .selectFrom('slots_jackpots')
        .select(['hits', 'last_win', 'last_won_at', 'seed', 'seed_version'])
        .where('merchant_id', '=', merchantId)
        .executeTakeFirst();
    },
  };
}

export type SlotsRepository = ReturnType<typeof slotsRepository>;

export type SlotRoundFilters = {
  merchantId?: number | undefined;
  memberId?: number | undefined;
  /** Part of the account name (back office). */
  memberSearch?: string | undefined;
  from?: Date | undefined;
  to?: Date | undefined;
  /** An agent's team as it was at each round (the agent centre's reports). */
  team?: TeamScope | undefined;
};

function recordBase(executor: Database, filters: SlotRoundFilters) {
  return executor
    .withTables<SlotsTables>()
    .selectFrom('slots_rounds as r')
    .innerJoin('members as m', 'm.id', 'r.member_id')
    .$if(filters.merchantId !== undefined, (q) => q.where('r.merchant_id', '=', filters.merchantId as number))
    .$if(filters.memberId !== undefined, (q) => q.where('r.member_id', '=', filters.memberId as number))
    .$if(Boolean(filters.memberSearch), (q) =>
      q.where('m.username', 'ilike', `%${(filters.memberSearch as string).replace(/[%_\\]/g, '\\$&')}%`),
    )
    .$if(filters.team !== undefined, (q) =>
      q.where(inTeamAt((filters.team as TeamScope).agentId, sql.ref('r.member_id'), sql.ref('r.created_at'))),
    )
    .$if(filters.from !== undefined, (q) => q.where('r.created_at', '>=', filters.from as Date))
    .$if(filters.to !== undefined, (q) => q.where('r.created_at', '<', filters.to as Date));
}
