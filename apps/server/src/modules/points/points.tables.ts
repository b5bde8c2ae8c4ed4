import type { LanguageCode } from '@tala/contracts/language-codes';
import type { EarnRates, PointType, RedeemStatus } from '@tala/contracts/points';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/* Kysely types of the tables of migrations/049_points.sql: the points module's own. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
type Big = ColumnType<number, number | bigint, number | bigint>;

export type AccountPurpose = 'member' | 'issued' | 'redeemed' | 'converted';
export type EntryKind = 'earn' | 'redeem' | 'refund' | 'convert';

export interface PointsAccountsTable {
  id: Generated<number>;
  merchant_id: number;
  purpose: AccountPurpose;
  member_id: number | null;
  balance: ColumnType<number, number | undefined, number>;
  created_at: Generated<Date>;
}

export interface PointsEntriesTable {
  id: Generated<number>;
  merchant_id: number;
  idempotency_key: string;
  kind: EntryKind;
  reverses_entry_id: number | null;
  memo: string | null;
  /** A conversion's cash (minor units); null for every other kind. */
  cash: ColumnType<number | null, number | null | undefined, never>;
  created_at: Generated<Date>;
}

export interface PointsPostingsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  entry_id: number;
  line: number;
  account_id: number;
  point_type: PointType;
  amount: Big;
  balance_after: Big | null;
}

export interface PointsSettingsTable {
  merchant_id: number;
  earn_rates: Json<EarnRates>;
  cash_per_point: Big;
  min_convert_points: Big;
  updated_at: Generated<Date>;
}

export interface PointsRewardsTable {
  id: Generated<number>;
  merchant_id: number;
  names: Json<Partial<Record<LanguageCode, string>>>;
  points: Big;
  stock: number;
  max_per_order: number;
  active: boolean;
  image: Buffer | null;
  image_type: 'image/png' | 'image/jpeg' | null;
  sort: number;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface PointsRedemptionsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  reward_id: number;
  quantity: number;
  points: Big;
  address: string;
  mobile: string;
  remark: string;
  status: Generated<RedeemStatus>;
  reject_reason: string | null;
  entry_id: number;
  refund_entry_id: number | null;
  decided_by: number | null;
  decided_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface PointsAccrualMarksTable {
  merchant_id: number;
  source: 'bets' | 'deposits';
  until: Timestamp;
}

export interface PointsAccrualCarryTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  member_id: number;
  point_type: string;
  carry: Big;
}

export type PointsTables = {
  points_accounts: PointsAccountsTable;
  points_entries: PointsEntriesTable;
  points_postings: PointsPostingsTable;
  points_settings: PointsSettingsTable;
  points_rewards: PointsRewardsTable;
  points_redemptions: PointsRedemptionsTable;
  points_accrual_marks: PointsAccrualMarksTable;
  points_accrual_carry: PointsAccrualCarryTable;
};

export type PointsDb = Database extends Kysely<infer DB> ? Kysely<DB & PointsTables> : never;

/** The same connection or transaction, typed with this module's tables too. */
export function withPointsTables(executor: Database): PointsDb {
  return executor.withTables<PointsTables>() as PointsDb;
}
