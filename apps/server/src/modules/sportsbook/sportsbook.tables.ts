import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/* Kysely types of the tables of migrations/077_sportsbook.sql: the sportsbook module's own. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Money = ColumnType<number, number | bigint, number | bigint>;
type BigId = ColumnType<number, number, number>;
type Json<T = unknown> = ColumnType<T, string, string>;
type NullableJson<T = unknown> = ColumnType<T | null, string | null | undefined, string | null>;

export type BetStatus =
  | 'pending'
  | 'refused'
  | 'open'
  | 'won'
  | 'lost'
  | 'void'
  | 'half_won'
  | 'half_lost'
  | 'dead_heat'
  | 'partial'
  | 'cashed_out';

export type StoredOutcome = { id: string; name: string; price: number | null; active: boolean };
export type StoredCompetitor = { id: string; name: string; abbreviation: string };

export interface SportsEventsTable {
  id: string;
  kind: 'match' | 'outright';
  sport: string;
  category: string;
  league_id: string;
  league_name: string;
  competitors: Json<StoredCompetitor[]>;
  start_time: Timestamp;
  status: string;
  betting_status: ColumnType<'open' | 'suspended', 'open' | 'suspended' | undefined, 'open' | 'suspended'>;
  live_odds: ColumnType<boolean, boolean | undefined, boolean>;
  best_of: ColumnType<number | null, number | null | undefined, number | null>;
  home_score: ColumnType<number, number | undefined, number>;
  away_score: ColumnType<number, number | undefined, number>;
  match_state: NullableJson;
  odds_sequence: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export type MarketStatusValue = 'active' | 'suspended' | 'deactivated' | 'settled' | 'cancelled';

export interface SportsMarketsTable {
  id: Generated<number>;
  event_id: string;
  market_type: string;
  specifiers: string;
  name: string;
  status: MarketStatusValue;
  outcomes: Json<StoredOutcome[]>;
  price_version: ColumnType<number, number | undefined, number>;
  suspended_at: NullableTimestamp;
  result: NullableJson;
  /** The feed message that last settled, rolled back or cancelled it (migration 088). */
  settlement_sequence: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface SportsMemberSettingsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  member_id: number;
  odds_format: ColumnType<string, string | undefined, string>;
  odds_preference: ColumnType<string, string | undefined, string>;
  stake_factor: ColumnType<number, number | undefined, number>;
  updated_at: Timestamp;
}

export interface SportsBetsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  request_id: string;
  kind: 'single' | 'parlay';
  product: 'SPORTS' | 'ESPORTS';
  vendor_code: string;
  stake: Money;
  potential_return: Money;
  odds_preference: 'none' | 'higher' | 'any';
  odds_format: string;
  status: BetStatus;
  refusal_code: ColumnType<string | null, string | null | undefined, string | null>;
  returned: ColumnType<number, number | bigint | undefined, number | bigint>;
  settlement_version: ColumnType<number, number | undefined, number>;
  placed_entry_id: BigId;
  refund_entry_id: ColumnType<number | null, number | null | undefined, number | null>;
  accept_at: NullableTimestamp;
  created_at: Generated<Date>;
  settled_at: NullableTimestamp;
}

export interface SportsBetLegsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  bet_id: BigId;
  leg_no: number;
  event_id: string;
  market_id: BigId;
  outcome: string;
  seen_price: number;
  price: number;
  result_win: ColumnType<string | null, string | null | undefined, string | null>;
  result_void: ColumnType<string | null, string | null | undefined, string | null>;
  void_factor: ColumnType<string | null, string | null | undefined, string | null>;
  dead_heat_factor: ColumnType<string | null, string | null | undefined, string | null>;
  cancelled: ColumnType<boolean, boolean | undefined, boolean>;
}

export type SettlementCause =
  | 'bet_settlement'
  | 'rollback_bet_settlement'
  | 'bet_cancel'
  | 'rollback_bet_cancel';

export interface SportsSettlementsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  id: Generated<number>;
  bet_id: BigId;
  version: number;
  cause: SettlementCause;
  feed_sequence: BigId;
  previous_status: string;
  status: string;
  previous_return: Money;
  new_return: Money;
  reversal_entry_id: ColumnType<number | null, number | null | undefined, number | null>;
  payout_entry_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
}

export interface SportsCashoutsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  bet_id: BigId;
  price: number;
  value: Money;
  entry_id: BigId;
  created_at: Generated<Date>;
}

export interface SportsFeedRejectsTable {
  id: Generated<number>;
  type: string | null;
  sequence: number | null;
  reason: string;
  message: NullableJson;
  created_at: Generated<Date>;
}

export type SportsTables = {
  sports_events: SportsEventsTable;
  sports_markets: SportsMarketsTable;
  sports_member_settings: SportsMemberSettingsTable;
  sports_bets: SportsBetsTable;
  sports_bet_legs: SportsBetLegsTable;
  sports_settlements: SportsSettlementsTable;
  sports_cashouts: SportsCashoutsTable;
  sports_feed_rejects: SportsFeedRejectsTable;
};

export type SportsDb = Database extends Kysely<infer DB> ? Kysely<DB & SportsTables> : never;

/** The same connection or transaction, typed with this module's tables too. */
export function withSportsTables(executor: Database): SportsDb {
  return executor.withTables<SportsTables>() as SportsDb;
}
