import type { LanguageCode } from '@tala/contracts/language-codes';
import type { MissionPeriod, MissionTask, MissionText } from '@tala/contracts/missions';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/* Kysely types of the tables of migrations/050_missions.sql: the missions module's own. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type Json<T> = ColumnType<T, string, string>;
type Money = ColumnType<number, number | bigint, number | bigint>;

export interface MissionsTable {
  id: Generated<number>;
  merchant_id: number;
  period: MissionPeriod;
  enabled: boolean;
  starts_at: Timestamp;
  ends_at: Timestamp;
  reward: Money;
  points: number;
  tasks: Json<MissionTask[]>;
  texts: Json<Partial<Record<LanguageCode, MissionText>>>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface MissionClaimsTable {
  id: Generated<number>;
  merchant_id: number;
  mission_id: number;
  member_id: number;
  period_key: string;
  reward: Money;
  points: number;
  ledger_entry_id: number | null;
  claimed_at: Generated<Date>;
}

/** Read-only: the games a member played for real money (vendor bets and in-house slot rounds). */
export interface MissionGamesPlayedView {
  merchant_id: number;
  member_id: number;
  created_at: Date;
  game: string;
}

export type MissionTables = {
  missions: MissionsTable;
  mission_claims: MissionClaimsTable;
  mission_games_played: MissionGamesPlayedView;
};

export type MissionsDb = Database extends Kysely<infer DB> ? Kysely<DB & MissionTables> : never;

/** The same connection or transaction, typed with this module's tables too. */
export function withMissionTables(executor: Database): MissionsDb {
  return executor.withTables<MissionTables>() as MissionsDb;
}
