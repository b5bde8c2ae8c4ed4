import type { LanguageCode } from '@tala/contracts/language-codes';
import type {
  ApplicationStatus,
  BonusStatus,
  PromotionKind,
  PromotionRules,
  PromotionText,
} from '@tala/contracts/promotions';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/* Kysely types of the tables of migrations/047_promotions.sql and 048_rebates.sql: the promotions module's own. */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type Json<T> = ColumnType<T, string, string>;
type Money = ColumnType<number, number | bigint, number | bigint>;

export interface PromotionsTable {
  id: Generated<number>;
  merchant_id: number;
  kind: PromotionKind;
  enabled: boolean;
  starts_at: Timestamp;
  ends_at: Timestamp;
  budget: Money | null;
  spent: Generated<number>;
  rules: Json<PromotionRules>;
  texts: Json<Partial<Record<LanguageCode, PromotionText>>>;
  created_at: Generated<Date>;
  updated_at: Generated<Date>;
}

export interface BonusesTable {
  id: Generated<number>;
  merchant_id: number;
  promotion_id: number | null;
  title: string | null;
  member_id: number;
  period_key: string;
  deposit_id: number | null;
  amount: Money;
  deposit_amount: Money;
  locked: Money;
  turnover_required: Money;
  weights: Json<PromotionRules['weights']>;
  status: BonusStatus;
  ledger_entry_id: number;
  forfeit_entry_id: number | null;
  forfeited_amount: Generated<number>;
  turnover_done: Generated<number>;
  created_at: Generated<Date>;
  closed_at: NullableTimestamp;
}

export interface PromotionClaimMarksTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  promotion_id: number;
  period_key: string;
  kind: 'device' | 'ip' | 'bankAccount';
  value: string;
  bonus_id: number;
}

export interface PromotionApplicationsTable {
  id: Generated<number>;
  merchant_id: number;
  promotion_id: number;
  member_id: number;
  period_key: string;
  remark: string;
  status: Generated<ApplicationStatus>;
  bonus_id: number | null;
  reject_reason: string | null;
  decided_by: number | null;
  decided_at: NullableTimestamp;
  created_at: Generated<Date>;
}

export interface PromotionApplicationImagesTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  id: Generated<number>;
  application_id: number;
  content_type: 'image/png' | 'image/jpeg';
  bytes: Buffer;
}

export interface ManualBonusesTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  amount: Money;
  turnover_multiple: number;
  title: string;
  reason: string;
  status: 'pending' | 'issued' | 'rejected';
  requested_by: number;
  decided_by: number | null;
  bonus_id: number | null;
  created_at: Generated<Date>;
  decided_at: NullableTimestamp;
}

export interface RebateRunsTable {
  promotion_id: number;
  period_key: string;
  merchant_id: number;
  period_start: Timestamp;
  period_end: Timestamp;
  status: 'paying' | 'paid';
  members: number;
  total: Money;
  over_budget: Money;
  /** Members under a break when paid, and what they forfeited (migration 069). */
  forfeited_members: Generated<number>;
  forfeited: ColumnType<number, number | bigint | undefined, number | bigint>;
  created_at: Generated<Date>;
  finished_at: NullableTimestamp;
}

export interface RebatePayoutsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  promotion_id: number;
  period_key: string;
  member_id: number;
  basis: Money;
  amount: Money;
  by_product: Json<Record<string, number>>;
  status: 'due' | 'paid' | 'over_budget' | 'forfeited';
  ledger_entry_id: number | null;
  paid_at: NullableTimestamp;
  /** When a run started posting the entry: from then on it may be in the ledger, so it is never forfeited. */
  posting_at: NullableTimestamp;
}

export type PromotionTables = {
  rebate_runs: RebateRunsTable;
  rebate_payouts: RebatePayoutsTable;
  manual_bonuses: ManualBonusesTable;
  promotions: PromotionsTable;
  bonuses: BonusesTable;
  promotion_claim_marks: PromotionClaimMarksTable;
  promotion_applications: PromotionApplicationsTable;
  promotion_application_images: PromotionApplicationImagesTable;
};

export type PromotionsDb = Database extends Kysely<infer DB> ? Kysely<DB & PromotionTables> : never;

/** The same connection or transaction, typed with this module's tables too. */
export function withPromotionTables(executor: Database): PromotionsDb {
  return executor.withTables<PromotionTables>() as PromotionsDb;
}
