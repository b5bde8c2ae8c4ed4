import type { PaymentSettings } from '@tala/contracts/payments';
import type { ColumnType, Generated, Kysely } from 'kysely';
import type { Database } from '../../db/database.ts';

/*
 * Kysely types of the tables of migrations/020_payments.sql. They stay in this module (joined onto the shared
 * schema with `withTables`) because only the payments module reads or writes them.
 */
type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;

export interface PaymentSettingsTable {
  merchant_id: number;
  settings: ColumnType<PaymentSettings, string, string>;
  updated_at: Timestamp;
}

export interface PaymentGatewayCredentialsTable {
  merchant_id: number;
  gateway_code: string;
  merchant_no: string;
  secret: string;
  api_url: string | null;
  created_at: Timestamp;
  updated_at: Timestamp;
}

export interface PaymentGatewayNoncesTable {
  gateway_code: string;
  nonce: string;
  received_at: Timestamp;
}

export type StoredBankAccount = { id: string; bankName: string; accountName: string; accountNumber: string };

export interface DepositsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  order_no: string;
  request_id: string | null;
  channel: 'bank' | 'gateway';
  amount: number;
  status: Generated<'pending' | 'approved' | 'rejected' | 'expired'>;
  reference: string | null;
  bank_account: ColumnType<StoredBankAccount | null, string | null, string | null>;
  payer_name: string | null;
  gateway_code: string | null;
  gateway_txn_id: string | null;
  reject_reason: string | null;
  expires_at: Timestamp;
  decided_at: NullableTimestamp;
  decided_by: number | null;
  decided_by_name: string | null;
  ledger_entry_id: number | null;
  created_at: Generated<Date>;
}

export interface PaymentProofsTable {
  /** Its merchant, copied from its parent row when not given (migration 081, decision 063). */
  merchant_id: Generated<number>;
  id: Generated<number>;
  deposit_id: number | null;
  withdrawal_id: number | null;
  content_type: string;
  bytes: Buffer;
  created_at: Generated<Date>;
}

export interface BankCardsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  bank_name: string;
  account_number: string;
  payee_name: string;
  created_at: Generated<Date>;
  removed_at: NullableTimestamp;
}

export type WithdrawalStatusValue =
  | 'pending'
  | 'awaiting_second_approval'
  | 'approved'
  | 'rejected'
  | 'paid'
  | 'completed'
  | 'disputed';

export interface WithdrawalsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  order_no: string;
  request_id: string | null;
  bank_card_id: number;
  amount: number;
  status: Generated<WithdrawalStatusValue>;
  requires_second: boolean;
  first_approved_by: number | null;
  first_approved_name: string | null;
  second_approved_by: number | null;
  second_approved_name: string | null;
  reject_reason: string | null;
  paid_amount: number | null;
  paid_at: NullableTimestamp;
  paid_by: number | null;
  paid_by_name: string | null;
  receipt: 'received' | 'partly_received' | 'not_received' | 'auto_received' | null;
  received_amount: number | null;
  confirmed_at: NullableTimestamp;
  resolution_note: string | null;
  hold_entry_id: number;
  refunded_amount: Generated<number>;
  created_at: Generated<Date>;
}

export interface MemberTransfersTable {
  id: Generated<number>;
  merchant_id: number;
  from_member_id: number;
  to_member_id: number;
  direction: 'upline' | 'downline';
  amount: number;
  ledger_entry_id: number;
  created_at: Generated<Date>;
}

export interface BalanceAdjustmentsTable {
  id: Generated<number>;
  merchant_id: number;
  member_id: number;
  amount: number;
  reason: string;
  status: Generated<'pending' | 'approved' | 'rejected'>;
  requires_second: boolean;
  requested_by: number;
  requested_by_name: string;
  decided_by: number | null;
  decided_by_name: string | null;
  ledger_entry_id: number | null;
  created_at: Generated<Date>;
  decided_at: NullableTimestamp;
}

export type PaymentTables = {
  payment_settings: PaymentSettingsTable;
  payment_gateway_credentials: PaymentGatewayCredentialsTable;
  payment_gateway_nonces: PaymentGatewayNoncesTable;
  deposits: DepositsTable;
  payment_proofs: PaymentProofsTable;
  bank_cards: BankCardsTable;
  withdrawals: WithdrawalsTable;
  member_transfers: MemberTransfersTable;
  balance_adjustments: BalanceAdjustmentsTable;
};

export type PaymentsDb = Database extends Kysely<infer DB> ? Kysely<DB & PaymentTables> : never;

/** The same connection or transaction, typed with this module's tables too. */
export function withPaymentTables(executor: Database): PaymentsDb {
  return executor.withTables<PaymentTables>() as PaymentsDb;
}
