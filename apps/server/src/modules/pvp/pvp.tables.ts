import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/* Kysely types of the tables of migrations/076_pvp_tables.sql: the PvP card tables' own. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Money = ColumnType<number, number | bigint, number | bigint>;
/** JSON columns: the driver may hand them back parsed or as text; written as text. */
type Json = ColumnType<unknown, string, string>;
type NullableJson = ColumnType<unknown, string | null | undefined, string | null>;

export interface PvpTablesTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  game: string;
  name: string;
  stake: Money;
  seats: number;
  min_buy_in: Money;
  max_buy_in: Money;
  rake_bps: number;
  rake_cap: Money;
  turn_seconds: number;
  maintenance: ColumnType<boolean, boolean | undefined, boolean>;
  button: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
}

export interface PvpSeatsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  table_id: number;
  seat: number;
  member_id: number;
  ip: string;
  device_id: string;
  leaving: ColumnType<boolean, boolean | undefined, boolean>;
  missed: ColumnType<number, number | undefined, number>;
  sat_at: Generated<Date>;
}

export interface PvpHandsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  id: Generated<number>;
  table_id: number;
  hand_no: number;
  game: string;
  server_seed: string;
  server_seed_hash: string;
  button: number;
  players: Json;
  state: Json;
  seq: ColumnType<number, number | undefined, number>;
  to_act: ColumnType<number | null, number | null | undefined, number | null>;
  deadline: NullableTimestamp;
  outcome: NullableJson;
  rake: ColumnType<number, number | undefined, number>;
  settle_entry_id: ColumnType<number | null, number | null | undefined, number | null>;
  started_at: Timestamp;
  ended_at: NullableTimestamp;
}

export interface PvpHandPlayersTable {
  hand_id: number;
  seat: number;
  member_id: number;
  merchant_id: number;
  stack_before: Money;
  net: ColumnType<number | null, number | null | undefined, number | null>;
  created_at: Generated<Date>;
}

export interface PvpMovesTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  hand_id: number;
  seq: number;
  seat: number;
  move: Json;
  auto: boolean;
  created_at: Generated<Date>;
}

export type PvpTables = {
  pvp_tables: PvpTablesTable;
  pvp_seats: PvpSeatsTable;
  pvp_hands: PvpHandsTable;
  pvp_hand_players: PvpHandPlayersTable;
  pvp_moves: PvpMovesTable;
};

export type PvpDb = Database extends Kysely<infer DB> ? Kysely<DB & PvpTables> : never;

/** The same connection or transaction, typed with the PvP tables. */
export function withPvpTables(executor: Database): PvpDb {
  return executor.withTables<PvpTables>() as PvpDb;
}

/** A JSON column's value, whether the driver parsed it or not. */
export function jsonValue<T>(value: unknown): T {
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
