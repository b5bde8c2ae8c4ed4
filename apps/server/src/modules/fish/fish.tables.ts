import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/* Kysely types of the tables of migrations/075_fish_rooms.sql: the fish module's own. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Money = ColumnType<number, number | bigint, number | bigint>;
/** bigint[] comes back as strings from the driver. */
type Bets = ColumnType<(string | number)[], number[], number[]>;

export interface FishRoomsTable {
  id: Generated<number>;
  merchant_id: number;
  code: string;
  name: string;
  bets: Bets;
  rtp_bps: number;
  shots_per_second: number;
  wave_seconds: number;
  seats: ColumnType<number, number | undefined, number>;
  epoch: ColumnType<Date, Date | string | undefined, Date | string>;
  maintenance: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: Generated<Date>;
}

export interface FishWavesTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  id: Generated<number>;
  room_id: number;
  wave_no: ColumnType<number, number, number>;
  starts_at: Timestamp;
  ends_at: Timestamp;
  server_seed: string;
  server_seed_hash: string;
  rtp_bps: number;
  bets: Bets;
}

export interface FishSeatsTable {
  room_id: number;
  seat: number;
  member_id: number;
  merchant_id: number;
  client_seed: string;
  bet: ColumnType<number, number | undefined, number>;
  recent: ColumnType<Date[], string | undefined, string>;
  sat_at: Generated<Date>;
  seen_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

export interface FishPlaysTable {
  id: Generated<number>;
  wave_id: number;
  room_id: number;
  merchant_id: number;
  member_id: number;
  shots: number;
  bet: Money;
  win: ColumnType<number, number | undefined, number>;
  client_seed: string;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface FishShotsTable {
  id: Generated<number>;
  wave_id: number;
  play_id: number;
  merchant_id: number;
  member_id: number;
  request_id: string;
  seat: number;
  nonce: number;
  client_seed: string;
  fish_id: number;
  kind: string;
  bet: Money;
  caught: boolean;
  multiplier: number;
  win: Money;
  angle: number;
  entry_id: number;
  created_at: Generated<Date>;
}

export type FishTables = {
  fish_rooms: FishRoomsTable;
  fish_waves: FishWavesTable;
  fish_seats: FishSeatsTable;
  fish_plays: FishPlaysTable;
  fish_shots: FishShotsTable;
};

export type FishDb = Database extends Kysely<infer DB> ? Kysely<DB & FishTables> : never;

/** The same connection or transaction, typed with this module's tables too. */
export function withFishTables(executor: Database): FishDb {
  return executor.withTables<FishTables>() as FishDb;
}
