import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/* Kysely types of the tables of migrations/071_live_casino.sql and 073_bingo_rooms.sql: the live module's own. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Money = ColumnType<number, number | bigint, number | bigint>;

export type RoundStatus = 'open' | 'drawing' | 'settled' | 'void';
export type LiveBetStatus = 'open' | 'settled' | 'refunded';

export interface LiveTablesTable {
  code: string;
  game: string;
  name: string;
  min_bet: Money;
  max_bet: Money;
  betting_seconds: number;
  result_seconds: number;
  epoch: Timestamp;
  maintenance: ColumnType<boolean, boolean | undefined, boolean>;
  /** A bingo room's settings (null for a table). */
  card_price: ColumnType<number | null, number | null | undefined, number | null>;
  max_cards: ColumnType<number | null, number | null | undefined, number | null>;
  ball_ms: ColumnType<number | null, number | null | undefined, number | null>;
  prize_shares: ColumnType<unknown, string | null | undefined, string | null>;
  /** A bingo room's currency (migration 089): its card price is in its minor units; null for a table. */
  currency: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface LiveRoundsTable {
  id: Generated<number>;
  table_code: string;
  round_no: ColumnType<number, number, number>;
  opens_at: Timestamp;
  closes_at: Timestamp;
  ends_at: Timestamp;
  server_seed: string;
  server_seed_hash: string;
  status: ColumnType<RoundStatus, RoundStatus | undefined, RoundStatus>;
  /** JSON of the game's result; the driver may hand it back parsed or as text. */
  result: ColumnType<unknown, string | null | undefined, string | null>;
  settled_at: NullableTimestamp;
  /** A bingo room's round: its settings, its draw (fixed at the close) and when its prizes are paid. */
  room: ColumnType<unknown, string | null | undefined, string | null>;
  draw: ColumnType<unknown, string | null | undefined, string | null>;
  settles_at: NullableTimestamp;
}

export interface LiveBetsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  round_id: number;
  request_id: string;
  spots: ColumnType<Record<string, number>, string, string>;
  stake: Money;
  returned: ColumnType<number, number | undefined, number>;
  status: ColumnType<LiveBetStatus, LiveBetStatus | undefined, LiveBetStatus>;
  bet_entry_id: number;
  payout_entry_id: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
  settled_at: NullableTimestamp;
}

export interface BingoCardsTable {
  id: Generated<number>;
  round_id: number;
  bet_id: number;
  merchant_id: number;
  member_id: number;
  card_no: number;
  index: number;
  rows: ColumnType<(number | null)[][], string, string>;
  client_seed: string;
  won: ColumnType<number, number | undefined, number>;
}

export interface BingoRoundCountersTable {
  round_id: number;
  last_no: number;
}

export type LiveTables = {
  live_tables: LiveTablesTable;
  live_rounds: LiveRoundsTable;
  live_bets: LiveBetsTable;
  bingo_cards: BingoCardsTable;
  bingo_round_counters: BingoRoundCountersTable;
};

export type LiveDb = Database extends Kysely<infer DB> ? Kysely<DB & LiveTables> : never;

/** The same connection or transaction, typed with this module's tables too. */
export function withLiveTables(executor: Database): LiveDb {
  return executor.withTables<LiveTables>() as LiveDb;
}
